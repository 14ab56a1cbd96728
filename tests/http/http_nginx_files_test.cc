// nginx (started here on a loopback port, stopped after) serves files made
// for the test: a file of 0 bytes reads over HTTP as it does locally (the
// same error naming the URL; no rows in a dataset), and a filtered read of a
// file with page indexes reads them in few requests (counted in nginx's
// access log) and returns the local read's rows.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
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
    server_ = http_test::NginxServer::StartOrNull(dir_ + "/root", &why_);
  }
  static void TearDownTestSuite() {
    server_.reset();
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
    wo.max_rows_per_page = 100;
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

  static int LoggedRequests() { return server_->LoggedRequests(); }

  static inline std::string dir_, why_;
  static inline std::unique_ptr<http_test::NginxServer> server_;
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

// A point lookup and a range over the sorted id, and a filter on an
// unsorted column: over HTTP the rows and pruning equal the local read, and
// the page indexes (a ColumnIndex and an OffsetIndex per chunk, written
// together before the footer) come in one request for the whole file, where
// reading them index by index took two per chunk (nginx's log gives each
// GET's range).
TEST_F(HttpNginxFilesTest, FilteredReadFetchesThePageIndexesInOneRequest) {
  const std::string name = "indexed.parquet";
  const ReaderOptions options{.verify_checksums = false};
  ASSERT_OK_AND_ASSIGN(auto local, FileReader::Open(Local(name), options));
  ASSERT_EQ(local->metadata().num_row_groups(), kRowGroups);
  // Where the indexes lie.
  uint64_t index_begin = UINT64_MAX, index_end = 0;
  for (int g = 0; g < kRowGroups; ++g) {
    for (int c = 0; c < 4; ++c) {
      const ColumnChunkMetaData chunk = local->metadata().row_group(g).column(c);
      ASSERT_TRUE(chunk.column_index_offset() && chunk.offset_index_offset());
      index_begin = std::min<uint64_t>({index_begin, static_cast<uint64_t>(*chunk.column_index_offset()),
                                        static_cast<uint64_t>(*chunk.offset_index_offset())});
      index_end = std::max<uint64_t>(
          {index_end, static_cast<uint64_t>(*chunk.column_index_offset() + *chunk.column_index_length()),
           static_cast<uint64_t>(*chunk.offset_index_offset() + *chunk.offset_index_length())});
    }
  }
  ASSERT_OK_AND_ASSIGN(auto first, local->ReadPageIndex(0, 0));
  ASSERT_TRUE(first.column_index && first.offset_index);
  ASSERT_GE(first.offset_index->num_pages(), 40);
  // The GETs since `from` that read index bytes.
  auto index_reads = [&](size_t from) {
    const auto ranges = server_->LoggedRanges(name);
    int n = 0;
    for (size_t i = from; i < ranges.size(); ++i) {
      if (ranges[i].first < index_end && ranges[i].second >= index_begin) ++n;
    }
    return n;
  };
  const std::vector<Filter> filters = {
      Filter::Eq("id", Literal::Int(12345)),
      Filter::Between("id", Literal::Int(3900), Literal::Int(4300)),
      Filter::And(Filter::Ge("id", Literal::Int(9000)), Filter::Eq("q", Literal::Int(7))),
  };
  for (const Filter& filter : filters) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE(filter.ToString() + " on " + std::to_string(threads) + " threads");
      std::vector<std::string> want, got;
      RowGroupPruning want_pruning, got_pruning;
      size_t from = 0;
      for (const bool remote : {false, true}) {
        std::unique_ptr<FileReader> file;
        if (remote) {
          ASSERT_OK_AND_ASSIGN(file, FileReader::Open(server_->Url(name), options));
          from = server_->LoggedRanges(name).size();  // after the footer's reads
        } else {
          ASSERT_OK_AND_ASSIGN(file, FileReader::Open(Local(name), options));
        }
        RowReaderOptions ro;
        ro.filter = filter;
        ro.threads = threads;
        ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, ro));
        std::vector<std::string>& out = remote ? got : want;
        Value row;
        while (true) {
          ASSERT_OK_AND_ASSIGN(bool more, reader->Next(&row));
          if (!more) break;
          out.push_back(row.DebugString());
        }
        (remote ? got_pruning : want_pruning) = reader->pruning();
      }
      ASSERT_FALSE(want.empty());
      EXPECT_EQ(got, want);
      EXPECT_EQ(got_pruning.row_groups, want_pruning.row_groups);
      EXPECT_EQ(got_pruning.by_page_index, want_pruning.by_page_index);
      EXPECT_EQ(index_reads(from), 1);
    }
  }
  // Every chunk's page index, one after the other: still one request.
  ASSERT_OK_AND_ASSIGN(auto remote, FileReader::Open(server_->Url(name), options));
  const size_t from = server_->LoggedRanges(name).size();
  for (int g = 0; g < kRowGroups; ++g) {
    for (int c = 0; c < 4; ++c) {
      ASSERT_OK_AND_ASSIGN(PageIndex got, remote->ReadPageIndex(g, c));
      ASSERT_OK_AND_ASSIGN(PageIndex want, local->ReadPageIndex(g, c));
      ASSERT_TRUE(got.offset_index && want.offset_index && got.column_index && want.column_index);
      EXPECT_EQ(*got.offset_index, *want.offset_index);
      EXPECT_EQ(got.column_index->num_pages(), want.column_index->num_pages());
    }
  }
  EXPECT_EQ(index_reads(from), 1);
}

}  // namespace
}  // namespace parq
