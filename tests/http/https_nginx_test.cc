// HTTPS: nginx (started here on a loopback port with its own config) serves
// over TLS with a server certificate signed by a CA made at test time by the
// openssl command.  Files read with that CA trusted (HttpOptions::ca_file)
// equal the local read; the same server is refused without it (verification
// is never off by default).  A Hive dataset given as a list of https:// URLs
// reads as its local directory does (partitions from the URL paths), with
// its chunks pre-buffered (fewer requests than chunks); a glob or a
// directory URL is refused.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "http/http_servers_util.h"
#include "parq/dataset.h"
#include "parq/file_reader.h"
#include "parq/http_file.h"
#include "parq/partitioned_writer.h"
#include "parq/schema_helpers.h"
#include "testing/json_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
namespace s = parq::schema;
using corpus_test::kTesting;

const char* const kCorpusFiles[] = {"alltypes_plain.parquet", "nested_lists.snappy.parquet",
                                    "data_index_bloom_encoding_stats.parquet"};

class HttpsNginxTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = (fs::temp_directory_path() / ("parq-https-" + std::to_string(::getpid()))).string();
    fs::remove_all(dir_);
    fs::create_directories(dir_ + "/certs");
    fs::create_directories(dir_ + "/root/corpus");
    http_test::TlsFiles tls;
    if (!http_test::MakeTestCertificates(dir_ + "/certs", &tls, &ca_file_, &why_)) return;
    for (const char* name : kCorpusFiles) fs::copy_file(kTesting / "data" / name, dir_ + "/root/corpus/" + name);
    if (Status st = WriteTree(dir_ + "/root/tree"); !st.ok()) {
      why_ = "writing the dataset: " + st.ToString();
      return;
    }
    server_ = http_test::NginxServer::StartOrNull(dir_ + "/root", &why_, &tls);
  }
  static void TearDownTestSuite() {
    server_.reset();
    fs::remove_all(dir_);
  }
  void SetUp() override {
    if (server_ == nullptr) GTEST_SKIP() << "no HTTPS nginx: " << why_;
  }

  // A Hive tree: year (int) and region (string) partitions, 3 row groups a file.
  static Status WriteTree(const std::string& path) {
    PARQ_ASSIGN_OR_RETURN(Schema schema, s::Message({s::Int64("id"), s::Int32("year"), s::String("region").Optional(),
                                                     s::Double("v").Optional(), s::String("name").Optional(),
                                                     s::Int32("q").Optional(), s::Int64("w")}));
    PartitionedWriterOptions options;
    options.partition_by = {"year", "region"};
    options.writer_options.max_rows_per_row_group = 40;
    PARQ_ASSIGN_OR_RETURN(auto writer, PartitionedWriter::Open(path, schema, options));
    for (int64_t i = 0; i < 720; ++i) {
      Value row = Value::Struct();
      row.AddField("id", Value::Int64(i));
      row.AddField("year", Value::Int32(2020 + static_cast<int32_t>(i % 3)));
      row.AddField("region", i % 4 == 3 ? Value::Null() : Value::Bytes(i % 2 == 0 ? "eu" : "us west"));
      row.AddField("v", i % 5 == 0 ? Value::Null() : Value::Double(static_cast<double>(i) / 4));
      row.AddField("name", Value::Bytes("n" + std::to_string(i % 17)));
      row.AddField("q", Value::Int32(static_cast<int32_t>(i % 100)));
      row.AddField("w", Value::Int64(i * 7));
      PARQ_RETURN_IF_ERROR(writer->Write(row));
    }
    return writer->Close();
  }

  static int LoggedRequests() { return server_->LoggedRequests(); }

  static HttpOptions Trusting() {
    HttpOptions o;
    o.ca_file = ca_file_;
    return o;
  }

  static inline std::string dir_, ca_file_, why_;
  static inline std::unique_ptr<http_test::NginxServer> server_;
};

TEST_F(HttpsNginxTest, ReadsWithTheTestCaTrusted) {
  const ReaderOptions options{.verify_checksums = false};
  for (const char* name : kCorpusFiles) {
    SCOPED_TRACE(name);
    ASSERT_OK_AND_ASSIGN(auto local, FileReader::Open((kTesting / "data" / name).string(), options));
    ASSERT_OK_AND_ASSIGN(auto want, testing::JsonRows(*local));
    ASSERT_OK_AND_ASSIGN(std::unique_ptr<RandomAccessFile> file,
                         OpenHttpFile(server_->Url(std::string("corpus/") + name), Trusting()));
    ASSERT_OK_AND_ASSIGN(auto remote, FileReader::Open(std::shared_ptr<RandomAccessFile>(std::move(file)), options));
    ASSERT_OK_AND_ASSIGN(auto got, testing::JsonRows(*remote));
    EXPECT_EQ(got, want);
  }
}

TEST_F(HttpsNginxTest, RefusesTheServerWithoutItsCa) {
  const std::string url = server_->Url("corpus/alltypes_plain.parquet");
  EXPECT_TRUE(HttpOptions{}.verify_tls);
  HttpOptions o;
  o.max_retries = 0;
  EXPECT_STATUS_HAS(OpenHttpFile(url, o), StatusCode::kIOError, "certificate");
  EXPECT_STATUS_HAS(FileReader::Open(url), StatusCode::kIOError, "certificate");
  // A CA file that is not there trusts nothing.
  o.ca_file = dir_ + "/certs/no-such-ca.pem";
  EXPECT_STATUS(OpenHttpFile(url, o), StatusCode::kIOError);
}

TEST_F(HttpsNginxTest, DatasetOfUrlsReadsAsTheLocalTree) {
  const std::string local_root = dir_ + "/root/tree";
  ASSERT_OK_AND_ASSIGN(auto local, Dataset::Open(local_root));
  std::vector<std::string> urls;
  for (const DatasetFile& f : local->files()) {
    std::string rel;  // the space of "us west" percent-encoded, as a URL has it
    for (char c : fs::relative(f.path, local_root).string()) rel += c == ' ' ? std::string("%20") : std::string(1, c);
    urls.push_back(server_->Url("tree/" + rel));
  }
  ASSERT_GE(urls.size(), 9u);
  DatasetOptions options;
  options.http = Trusting();
  const int before_open = server_->Requests();
  ASSERT_OK_AND_ASSIGN(auto remote, Dataset::Open(urls, options));
  EXPECT_EQ(remote->schema().ToString(), local->schema().ToString());
  ASSERT_EQ(remote->files().size(), local->files().size());
  for (size_t i = 0; i < urls.size(); ++i) {
    EXPECT_EQ(remote->files()[i].partition, local->files()[i].partition);
    EXPECT_EQ(remote->files()[i].file_size, local->files()[i].file_size);
  }

  int64_t row_groups = 0;
  for (const DatasetFile& f : remote->files()) row_groups += f.num_row_groups;
  for (const bool filtered : {false, true}) {
    for (const bool columnar : {false, true}) {
      SCOPED_TRACE(std::string(columnar ? "columnar" : "rows") + (filtered ? ", filtered" : ""));
      DatasetScanOptions scan;
      if (filtered) {
        ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter("year >= 2021 AND (region IS NULL OR q < 50)", local->schema()));
      }
      std::vector<std::string> got, want;
      const int before = LoggedRequests();
      for (const Dataset* ds : {local.get(), remote.get()}) {
        std::vector<std::string>& out = ds == local.get() ? want : got;
        if (columnar) {
          ASSERT_OK_AND_ASSIGN(auto reader, DatasetColumnarReader::Open(*ds, scan));
          ColumnarBatch batch;
          while (true) {
            ASSERT_OK_AND_ASSIGN(bool more, reader->Next(&batch));
            if (!more) break;
            out.push_back(std::to_string(batch.num_rows));
            for (const ColumnarLeaf& leaf : batch.leaves) {
              out.back() += " " + std::to_string(leaf.values.size()) + "/" + std::to_string(leaf.data.size());
            }
          }
        } else {
          ASSERT_OK_AND_ASSIGN(auto reader, DatasetRowReader::Open(*ds, scan));
          Value row;
          while (true) {
            ASSERT_OK_AND_ASSIGN(bool more, reader->Next(&row));
            if (!more) break;
            out.push_back(row.DebugString());
          }
        }
      }
      ASSERT_FALSE(want.empty());
      EXPECT_EQ(got, want);
      if (!filtered) {
        // Per file: a HEAD and three footer reads; then one coalesced GET per
        // row group (columnar) or per file (rows) for its 5 chunks, where
        // reading chunk by chunk would take 5 * row_groups.
        const int requests = LoggedRequests() - before;
        const int64_t files = static_cast<int64_t>(urls.size());
        EXPECT_LE(requests, 4 * files + (columnar ? row_groups : files));
        EXPECT_LT(requests, 5 * row_groups);
      }
    }
  }
  EXPECT_GT(server_->Requests(), before_open);
}

TEST_F(HttpsNginxTest, NoGlobNorDirectoryOverHttp) {
  DatasetOptions options;
  options.http = Trusting();
  EXPECT_STATUS_HAS(Dataset::Open(server_->Url("tree/**/*.parquet"), options), StatusCode::kInvalidArgument,
                    "globs match local paths only");
  EXPECT_STATUS_HAS(Dataset::Open(server_->Url("tree/"), options), StatusCode::kInvalidArgument,
                    "HTTP cannot list a directory");
  // A query string is not a glob.
  ASSERT_OK_AND_ASSIGN(auto one, Dataset::Open(server_->Url("corpus/alltypes_plain.parquet?x=1"), options));
  EXPECT_EQ(one->num_rows(), 8);
}

}  // namespace
}  // namespace parq
