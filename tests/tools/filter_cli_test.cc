// `parq cat --where` and `parq scan --where --explain`: the rows selected,
// what pruned each row group, and the usage errors of a filter (exit 2 with
// the parser's message and caret).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "parq/file_writer.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::CliRun;
using testing::Quote;
using testing::RunParq;

// Four row groups of three rows: k sorted (statistics), s dictionary-encoded
// with "a", "z" and "m<g>" (only its dictionary tells groups apart), b with a
// Bloom filter and -1000, 1000 and 10+g (only its Bloom filter tells them
// apart).
class FilterCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "/filter_cli.parquet";
    ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(
        "message m { required int64 k; required binary s (STRING); required int64 b; }"));
    WriterOptions wo;
    wo.max_rows_per_row_group = 3;
    ColumnWriterOptions plain;
    plain.dictionary = false;
    ColumnWriterOptions dict;
    dict.dictionary_only_if_smaller = false;
    ColumnWriterOptions bloom = plain;
    bloom.bloom_filter = true;
    bloom.bloom_filter_ndv = 1000;
    wo.columns = {{"k", plain}, {"s", dict}, {"b", bloom}};
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path_, schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    for (int g = 0; g < 4; ++g) {
      for (int i = 0; i < 3; ++i) {
        Value row = Value::Struct();
        row.AddField("k", Value::Int64(3 * g + i));
        row.AddField("s", Value::Bytes(i == 0 ? std::string("a") : i == 1 ? std::string("z") : "m" + std::to_string(g)));
        row.AddField("b", Value::Int64(i == 0 ? -1000 : i == 1 ? 1000 : 10 + g));
        ASSERT_OK(rw->Write(row));
      }
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  void TearDown() override { std::remove(path_.c_str()); }
  std::string path_;
  // Each row group pruned another way, the last one read.
  const std::string where_ = "\"k >= 3 AND s IN ('m0', 'm2', 'm3') AND b IN (10, 13)\"";
};

TEST_F(FilterCliTest, CatWhereReturnsTheMatchingRows) {
  CliRun r = RunParq("cat " + Quote(path_) + " --where " + where_);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "{\"k\":11,\"s\":\"m3\",\"b\":13}\n");
  r = RunParq("cat " + Quote(path_) + " --columns s --where \"k < 2 OR k = 7\"");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "{\"s\":\"a\"}\n{\"s\":\"z\"}\n{\"s\":\"z\"}\n");
  r = RunParq("cat " + Quote(path_) + " --where \"s = 'nothing'\"");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "");
}

TEST_F(FilterCliTest, FilterErrorsAreUsageErrors) {
  for (const char* verb : {"cat", "scan"}) {
    SCOPED_TRACE(verb);
    CliRun r = RunParq(std::string(verb) + " " + Quote(path_) + " --where \"k >= 3 AND\"");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.out.find("parq: usage error: filter: expected a column name, found the end at column 11\n"
                         "  k >= 3 AND\n"
                         "            ^\n"),
              std::string::npos)
        << r.out;
    r = RunParq(std::string(verb) + " " + Quote(path_) + " --where \"kk = 1\"");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.out.find("parq: usage error: filter: no leaf column 'kk'"), std::string::npos) << r.out;
    r = RunParq(std::string(verb) + " " + Quote(path_) + " --where \"s = 5\"");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.out.find("parq: usage error: filter: column 's' is BYTE_ARRAY (STRING); the INTEGER literal 5 "
                         "does not fit it"),
              std::string::npos)
        << r.out;
    r = RunParq(std::string(verb) + " " + Quote(path_) + " --where");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.out.find("option --where needs a value"), std::string::npos) << r.out;
    // A bad file is still exit 1, before the filter is looked at.
    r = RunParq(std::string(verb) + " /nonexistent.parquet --where \"k = 1\"");
    EXPECT_EQ(r.exit_code, 1);
  }
  CliRun r = RunParq("scan " + Quote(path_) + " --json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("--json goes with --explain"), std::string::npos) << r.out;
}

TEST_F(FilterCliTest, ScanExplainSaysWhatPrunedEachRowGroup) {
  CliRun r = RunParq("scan " + Quote(path_) + " --where " + where_, testing::Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "1\n");  // rows matched
  r = RunParq("scan " + Quote(path_), testing::Stderr::kShown);
  EXPECT_EQ(r.out, "12\n");
  r = RunParq("scan " + Quote(path_) + " --where " + where_ + " --explain", testing::Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("filter: ((k >= 3) AND (s IN ('m0', 'm2', 'm3'))) AND (b IN (10, 13))\n"
                       "row group  rows  outcome\n"
                       "0          3     pruned by statistics\n"
                       "1          3     pruned by dictionary\n"
                       "2          3     pruned by bloom filter\n"
                       "3          3     read\n"
                       "row groups: 4, read 1, pruned by statistics 1, by dictionary 1, by bloom filter 1, "
                       "by page index 0, by page statistics 0\n"
                       "dictionaries read to prune: 3, bloom filters read: 2\n"
                       "data pages: read 3, skipped 0, pruned by their header statistics 0; "
                       "rows passed over by the page index: 0\n"
                       "rows matched: 1 of 12\n"
                       "bytes read: "),
            std::string::npos)
      << r.out;
  const size_t size = std::filesystem::file_size(path_);
  EXPECT_NE(r.out.find(" of " + std::to_string(size) + " ("), std::string::npos) << r.out;
  r = RunParq("scan " + Quote(path_) + " --where " + where_ + " --explain --json", testing::Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"rows\":12,\"rows_matched\":1,\"bytes_read\":"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"pruned\":{\"statistics\":1,\"dictionary\":1,\"bloom_filter\":1,\"page_index\":0,"
                       "\"page_statistics\":0},\"pages_read\":3,\"pages_skipped\":0,"
                       "\"pages_pruned_by_page_statistics\":0,\"rows_pruned_by_page_index\":0,"
                       "\"dictionaries_read\":3,\"bloom_filters_read\":2,\"row_groups\":["
                       "{\"index\":0,\"rows\":3,\"outcome\":\"statistics\"},"
                       "{\"index\":1,\"rows\":3,\"outcome\":\"dictionary\"},"
                       "{\"index\":2,\"rows\":3,\"outcome\":\"bloom_filter\"},"
                       "{\"index\":3,\"rows\":3,\"outcome\":\"read\"}]}\n"),
            std::string::npos)
      << r.out;
  // Without a filter every row group is read.
  r = RunParq("scan " + Quote(path_) + " --explain --columns k", testing::Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("filter: none\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3          3     read\nrow groups: 4, read 4,"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace parq
