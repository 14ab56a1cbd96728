// A real nginx (started here on a loopback port, stopped after) serves the
// corpus's data/: every file with expected rows reads over HTTP to the same
// rows as read locally, through the library and through `parq cat`.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "http/http_servers_util.h"
#include "parq/file_reader.h"
#include "parq/http_file.h"
#include "testing/json_rows.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using corpus_test::kTesting;

class HttpNginxTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = http_test::NginxServer::StartOrNull((kTesting / "data").string(), &why_);
  }
  static void TearDownTestSuite() { server_.reset(); }
  void SetUp() override {
    if (server_ == nullptr) GTEST_SKIP() << "no nginx: " << why_;
  }

  // data/ files that have expected rows.
  static std::vector<std::string> CorpusFiles() {
    std::vector<std::string> out;
    for (const auto& cols : corpus_test::ManifestRows()) {
      if (cols.size() < 5 || cols[4] == "none" || !cols[0].starts_with("data/")) continue;
      if (cols[0].find('/', 5) != std::string::npos) continue;  // nginx serves data/ only
      if (!fs::exists(kTesting / "expected" / (cols[0] + ".jsonl"))) continue;
      out.push_back(cols[0].substr(5));
    }
    return out;
  }

  static inline std::unique_ptr<http_test::NginxServer> server_;
  static inline std::string why_;
};

TEST_F(HttpNginxTest, EveryCorpusFileReadsAsLocally) {
  const std::vector<std::string> files = CorpusFiles();
  ASSERT_GT(files.size(), 20u);
  const ReaderOptions options{.verify_checksums = false};
  for (const std::string& name : files) {
    SCOPED_TRACE(name);
    ASSERT_OK_AND_ASSIGN(auto local, FileReader::Open((kTesting / "data" / name).string(), options));
    ASSERT_OK_AND_ASSIGN(auto want, testing::JsonRows(*local));
    ASSERT_OK_AND_ASSIGN(auto remote, FileReader::Open(server_->Url(name), options));
    EXPECT_EQ(remote->file().size(), local->file().size());
    ASSERT_OK_AND_ASSIGN(auto got, testing::JsonRows(*remote));
    EXPECT_EQ(got, want);
  }
}

TEST_F(HttpNginxTest, MissingFileIsAClearError) {
  EXPECT_STATUS_HAS(FileReader::Open(server_->Url("no-such.parquet")), StatusCode::kIOError,
                    "HTTP HEAD of '" + server_->Url("no-such.parquet") + "': server answered 404");
}

TEST_F(HttpNginxTest, ParqCatReadsAUrl) {
  const std::string name = "alltypes_plain.parquet";
  const testing::CliRun local = testing::RunParq("cat " + testing::Quote((kTesting / "data" / name).string()));
  ASSERT_EQ(local.exit_code, 0) << local.out;
  const testing::CliRun remote = testing::RunParq("cat " + testing::Quote(server_->Url(name)));
  ASSERT_EQ(remote.exit_code, 0) << remote.out;
  EXPECT_EQ(remote.out, local.out);
  const testing::CliRun missing = testing::RunParq("cat " + testing::Quote(server_->Url("nope.parquet")));
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_NE(missing.out.find("server answered 404"), std::string::npos) << missing.out;
}

}  // namespace
}  // namespace parq
