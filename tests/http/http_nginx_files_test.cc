// nginx (started here on a loopback port, stopped after) serves files made
// for the test: a file of 0 bytes reads over HTTP as it does locally (the
// same error naming the URL; no rows in a dataset), and a filtered read of a
// file with page indexes reads them in few requests (counted in nginx's
// access log) and returns the local read's rows.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "http/http_servers_util.h"
#include "parq/columnar.h"
#include "parq/dataset.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "parq/schema_helpers.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
namespace s = parq::schema;
using corpus_test::kTesting;

class HttpNginxFilesTest : public ::testing::Test {
 protected:
  static constexpr int kRowGroups = 8;

  static void SetUpTestSuite() {
    dir_ = (fs::temp_directory_path() / ("parq-http-files-" + std::to_string(::getpid()))).string();
    fs::remove_all(dir_);
    fs::create_directories(dir_ + "/root");
    std::ofstream(dir_ + "/root/empty.parquet").close();
    fs::copy_file(kTesting / "data" / "alltypes_plain.parquet", dir_ + "/root/alltypes_plain.parquet");
    if (Status st = WriteIndexed(dir_ + "/root/indexed.parquet"); !st.ok()) {
      why_ = "writing the indexed file: " + st.ToString();
      return;
    }
    server_ = new http_test::NginxServer();
    if (!server_->Start(dir_ + "/root", &why_)) {
      delete server_;
      server_ = nullptr;
    }
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
    fs::remove_all(dir_);
  }
  void SetUp() override {
    if (server_ == nullptr) GTEST_SKIP() << "no nginx: " << why_;
  }

  // kRowGroups row groups of 4,000 rows sorted by id, pages of ~100 rows:
  // a ColumnIndex and OffsetIndex per chunk, written together before the
  // footer.
  static Status WriteIndexed(const std::string& path) {
    PARQ_ASSIGN_OR_RETURN(Schema schema, s::Message({s::Int64("id"), s::String("name").Optional(), s::Double("v"),
                                                     s::Int32("q").Optional()}));
    WriterOptions wo;
    wo.max_rows_per_row_group = 4000;
    wo.data_page_size = 800;
    wo.column_defaults.dictionary = false;
    PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(path, schema, wo));
    PARQ_ASSIGN_OR_RETURN(auto rows, RowWriter::Open(*writer));
    for (int64_t i = 0; i < 4000 * kRowGroups; ++i) {
      Value row = Value::Struct();
      row.AddField("id", Value::Int64(i));
      row.AddField("name", i % 9 == 0 ? Value::Null() : Value::Bytes("name " + std::to_string(i * 37 % 1000)));
      row.AddField("v", Value::Double(static_cast<double>(i) / 8));
      row.AddField("q", i % 5 == 0 ? Value::Null() : Value::Int32(static_cast<int32_t>(i % 100)));
      PARQ_RETURN_IF_ERROR(rows->Write(row));
    }
    PARQ_RETURN_IF_ERROR(rows->Close());
    return writer->Close();
  }

  static std::string Local(const std::string& name) { return dir_ + "/root/" + name; }

  // nginx logs a request after answering it: a moment for the last ones.
  static int LoggedRequests() {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    return server_->Requests();
  }

  static inline std::string dir_, why_;
  static inline http_test::NginxServer* server_ = nullptr;
};

TEST_F(HttpNginxFilesTest, ZeroByteFileIsTheLocalError) {
  const std::string url = server_->Url("empty.parquet");
  const Result<std::unique_ptr<FileReader>> local = FileReader::Open(Local("empty.parquet"));
  ASSERT_STATUS_HAS(local, StatusCode::kCorrupt, "'" + Local("empty.parquet") + "' is too small to be a Parquet file (0 bytes)");
  EXPECT_STATUS_HAS(FileReader::Open(url), StatusCode::kCorrupt,
                    "'" + url + "' is too small to be a Parquet file (0 bytes)");
  // parq cat: the same words, naming the URL.
  const testing::CliRun cat_local = testing::RunParq("cat " + testing::Quote(Local("empty.parquet")));
  const testing::CliRun cat_remote = testing::RunParq("cat " + testing::Quote(url));
  EXPECT_NE(cat_remote.exit_code, 0);
  EXPECT_EQ(cat_remote.exit_code, cat_local.exit_code);
  std::string want = cat_local.out;
  want.replace(want.find(Local("empty.parquet")), Local("empty.parquet").size(), url);
  EXPECT_EQ(cat_remote.out, want);
}

TEST_F(HttpNginxFilesTest, ZeroByteFileInADatasetHasNoRows) {
  ASSERT_OK_AND_ASSIGN(auto local, Dataset::Open(std::vector<std::string>{Local("empty.parquet"),
                                                                          Local("alltypes_plain.parquet")}));
  ASSERT_OK_AND_ASSIGN(auto remote, Dataset::Open(std::vector<std::string>{server_->Url("empty.parquet"),
                                                                           server_->Url("alltypes_plain.parquet")}));
  EXPECT_EQ(remote->schema().ToString(), local->schema().ToString());
  EXPECT_EQ(remote->num_rows(), 8);
  ASSERT_EQ(remote->files().size(), local->files().size());
  for (size_t i = 0; i < remote->files().size(); ++i) {
    EXPECT_EQ(remote->files()[i].file_size, local->files()[i].file_size);
    EXPECT_EQ(remote->files()[i].num_rows, local->files()[i].num_rows);
    EXPECT_EQ(remote->files()[i].num_row_groups, local->files()[i].num_row_groups);
  }
  std::vector<std::string> got, want;
  for (const Dataset* ds : {local.get(), remote.get()}) {
    ASSERT_OK_AND_ASSIGN(auto reader, DatasetRowReader::Open(*ds));
    Value row;
    while (true) {
      ASSERT_OK_AND_ASSIGN(bool more, reader->Next(&row));
      if (!more) break;
      (ds == local.get() ? want : got).push_back(row.DebugString());
    }
  }
  EXPECT_EQ(want.size(), 8u);
  EXPECT_EQ(got, want);
  // Only the empty file: a dataset of no rows, as locally.
  ASSERT_OK_AND_ASSIGN(auto only_local, Dataset::Open(Local("empty.parquet")));
  ASSERT_OK_AND_ASSIGN(auto only_remote, Dataset::Open(server_->Url("empty.parquet")));
  EXPECT_EQ(only_remote->num_rows(), only_local->num_rows());
  EXPECT_EQ(only_remote->schema().ToString(), only_local->schema().ToString());
}

}  // namespace
}  // namespace parq
