// The inspection verbs as a user runs them: pages, dictionary, column-index,
// offset-index, bloom, size-stats, footer and head, on corpus files and on
// files the tests write (through `parq convert`).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "json/json_value.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace {

namespace fs = std::filesystem;
using parq::JsonValue;
using parq::ParseJson;
using parq::testing::CliRun;
using parq::testing::Quote;
using parq::testing::RunParq;
using parq::testing::Stderr;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

std::string Data(const std::string& name) { return Quote(kData + name); }

// A file written by `parq convert`: a DATE, a list, an int64; v2 pages, a
// Bloom filter on each column, CRCs and size statistics (the defaults).
class CliInspectTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / ("parq_inspect_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::ofstream(dir_ / "in.jsonl") << R"({"id":1,"d":"2024-01-02","tags":[1,2]}
{"id":2,"d":"2024-01-03","tags":[]}
{"id":3,"d":null,"tags":null}
{"id":4,"d":"2024-01-05","tags":[3]}
)";
    std::ofstream(dir_ / "schema.txt")
        << "message m { required int64 id; optional int32 d (DATE);"
           " optional group tags (LIST) { repeated group list { required int32 element; } } }";
    file_ = (dir_ / "out.parquet").string();
    CliRun r = RunParq("convert " + Quote((dir_ / "in.jsonl").string()) + " " + Quote(file_) + " --schema " +
                       Quote((dir_ / "schema.txt").string()) + " --page-version 2 --bloom-filter");
    ASSERT_EQ(r.exit_code, 0) << r.out;
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
  std::string file_;
};

TEST_F(CliInspectTest, PagesShowHeaderFactsStatisticsAndCrc) {
  CliRun r = RunParq("pages " + Quote(file_) + " --columns tags.list.element", Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("row group 0, column 2 tags.list.element: 1 pages\n"
                        "  page 0 DATA_PAGE_V2 at ",
                        0),
            0u)
      << r.out;
  EXPECT_NE(r.out.find("PLAIN, 5 values, 4 rows, 2 nulls, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(levels: def 3 bytes, rep 2 bytes, values uncompressed), crc ok\n"
                       "    statistics: nulls 2, min 1, max 3"),
            std::string::npos)
      << r.out;
  // Statistics by logical type: the DATE's bounds as dates.
  r = RunParq("pages --json " + Quote(file_) + " --columns d", Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_OK_AND_ASSIGN(JsonValue v, ParseJson(r.out));
  ASSERT_EQ(v.items.size(), 1u);
  const JsonValue& page = v.items[0].Find("pages")->items[0];
  EXPECT_EQ(page.Find("type")->text, "DATA_PAGE_V2");
  EXPECT_EQ(page.Find("num_rows")->text, "4");
  EXPECT_EQ(page.Find("num_nulls")->text, "1");
  EXPECT_EQ(page.Find("crc")->text, "ok");
  EXPECT_EQ(page.Find("statistics")->Find("min_value")->text, "2024-01-02");
  EXPECT_EQ(page.Find("statistics")->Find("max_value")->text, "2024-01-05");
}

TEST_F(CliInspectTest, PagesReportACorruptedCrcAsBad) {
  CliRun r = RunParq("pages --json " + Quote(file_) + " --columns id", Stderr::kShown);
  ASSERT_OK_AND_ASSIGN(JsonValue v, ParseJson(r.out));
  const JsonValue& page = v.items[0].Find("pages")->items[0];
  const long body = std::stol(page.Find("offset")->text) + std::stol(page.Find("header_size")->text);
  {
    std::fstream f(file_, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(body + 2);
    f.put('\x7f');
  }
  r = RunParq("pages " + Quote(file_) + " --columns id", Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(", crc bad\n"), std::string::npos) << r.out;
  // The corpus file with a corrupt page: the first page bad, the second ok.
  r = RunParq("pages " + Data("datapage_v1-corrupt-checksum.parquet") + " --columns a", Stderr::kShown);
  EXPECT_NE(r.out.find("page 0 DATA_PAGE at 4 (header 28 bytes): PLAIN (levels RLE/RLE), 2560 values, "
                       "10240 bytes compressed, 10240 uncompressed, crc bad\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("page 1 DATA_PAGE at 10272 (header 28 bytes): PLAIN (levels RLE/RLE), 2560 values, "
                       "10240 bytes compressed, 10240 uncompressed, crc ok\n"),
            std::string::npos)
      << r.out;
  r = RunParq("pages " + Data("datapage_v1-snappy-compressed-checksum.parquet"), Stderr::kShown);
  EXPECT_EQ(r.out.find("crc bad"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("crc ok"), std::string::npos) << r.out;
}

TEST_F(CliInspectTest, BloomProbesByLogicalType) {
  CliRun r = RunParq("bloom " + Quote(file_) + " d 2024-01-03 2031-07-09 '\"2024-01-05\"'", Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out,
            "row group 0, column 1 d:\n"
            "  2024-01-03: maybe present\n"
            "  2031-07-09: absent\n"
            "  \"2024-01-05\": maybe present\n");
  r = RunParq("bloom " + Data("data_index_bloom_encoding_stats.parquet") + " String Hello today nope --json",
              Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, "[{\"row_group\":0,\"column\":0,\"path\":\"String\",\"values\":[{\"value\":\"Hello\",\"result\":\"maybe present\"},"
                   "{\"value\":\"today\",\"result\":\"maybe present\"},"
                   "{\"value\":\"nope\",\"result\":\"absent\"}]}]\n");
  r = RunParq("bloom " + Data("alltypes_plain.parquet") + " id 1", Stderr::kShown);
  EXPECT_EQ(r.out, "row group 0, column 0 id:\n  1: no filter\n");
  r = RunParq("bloom " + Quote(file_) + " d yesterday");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("value 'yesterday' for column d"), std::string::npos) << r.out;
  r = RunParq("bloom " + Quote(file_) + " nosuch 1");
  EXPECT_EQ(r.exit_code, 2);
}

TEST_F(CliInspectTest, SizeStatsPerChunkAndPage) {
  CliRun r = RunParq("size-stats " + Quote(file_), Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("row group 0, column 2 tags.list.element:\n"
                       "  chunk: rep levels [4,1], def levels [1,1,3]\n"
                       "  page 0: rep levels [4,1], def levels [1,1,3]\n"),
            std::string::npos)
      << r.out;
  r = RunParq("size-stats --json " + Data("alltypes_plain.parquet"), Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0);
  ASSERT_OK_AND_ASSIGN(JsonValue v, ParseJson(r.out));
  EXPECT_EQ(v.items.size(), 11u);
  EXPECT_EQ(v.items[0].Find("size_statistics"), nullptr);
  r = RunParq("size-stats " + Data("alltypes_plain.parquet") + " --columns id", Stderr::kShown);
  EXPECT_EQ(r.out, "row group 0, column 0 id:\n  no size statistics\n");
}

TEST(CliInspectCorpusTest, DictionaryValuesByType) {
  CliRun r = RunParq("dictionary " + Data("alltypes_dictionary.parquet") + " timestamp_col", Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out,
            "row group 0, column 10 timestamp_col: 2 values\n"
            "  0: \"2009-01-01T00:00:00.000000000\"\n"
            "  1: \"2009-01-01T00:01:00.000000000\"\n");
  r = RunParq("dictionary --json " + Data("data_index_bloom_encoding_stats.parquet") + " String", Stderr::kShown);
  EXPECT_EQ(r.out, "[{\"row_group\":0,\"column\":0,\"path\":\"String\",\"values\":null}]\n");
  r = RunParq("dictionary " + Data("plain-dict-uncompressed-checksum.parquet") + " long_field", Stderr::kShown);
  EXPECT_EQ(r.out, "row group 0, column 0 long_field: 1 values\n  0: 0\n") << r.out;
  EXPECT_EQ(RunParq("dictionary " + Data("alltypes_dictionary.parquet")).exit_code, 2);
}

// The two halves of what `meta --page-index` shows, one verb each.
TEST(CliInspectCorpusTest, ColumnIndexAndOffsetIndex) {
  const std::string tiny = Data("alltypes_tiny_pages.parquet");
  CliRun r = RunParq("column-index " + tiny + " id", Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("row group 0, column 0 id:\n"
                        "    page index: 325 pages, boundary order UNORDERED\n"
                        "      page 0: min 122, max 142, nulls 0\n",
                        0),
            0u)
      << r.out.substr(0, 500);
  r = RunParq("offset-index " + tiny + " id", Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("row group 0, column 0 id:\n"
                        "    page index: 325 pages\n"
                        "      page 0: offset 4, size 109, first row 0\n",
                        0),
            0u)
      << r.out.substr(0, 500);
  r = RunParq("offset-index --json " + tiny, Stderr::kShown);
  ASSERT_OK_AND_ASSIGN(JsonValue v, ParseJson(r.out));
  ASSERT_EQ(v.items.size(), 13u);
  EXPECT_EQ(v.items[0].Find("offset_index")->items.size(), 325u);
  EXPECT_EQ(v.items[0].Find("column_index"), nullptr);
  r = RunParq("column-index " + Data("alltypes_plain.parquet") + " id", Stderr::kShown);
  EXPECT_EQ(r.out, "row group 0, column 0 id:\n    no column index\n");
}

TEST(CliInspectCorpusTest, FooterJsonRoundTripsKeyFields) {
  for (const char* name : {"alltypes_plain.parquet", "data_index_bloom_encoding_stats.parquet", "nested_lists.snappy.parquet",
                           "datapage_v2.snappy.parquet"}) {
    CliRun r = RunParq("footer --json " + Data(name), Stderr::kShown);
    ASSERT_EQ(r.exit_code, 0) << name << r.out;
    ASSERT_OK_AND_ASSIGN(JsonValue v, ParseJson(r.out));
    CliRun meta = RunParq("meta --json " + Data(name), Stderr::kShown);
    ASSERT_OK_AND_ASSIGN(JsonValue m, ParseJson(meta.out));
    EXPECT_EQ(v.Find("num_rows")->text, m.Find("num_rows")->text) << name;
    EXPECT_EQ(v.Find("row_groups")->items.size(), m.Find("row_groups")->items.size()) << name;
    // Each leaf's name is in the flat schema list.
    CliRun schema = RunParq("schema --json " + Data(name), Stderr::kShown);
    ASSERT_OK_AND_ASSIGN(JsonValue s, ParseJson(schema.out));
    EXPECT_EQ(v.Find("schema")->items[0].Find("name")->text, s.Find("name")->text) << name;
    EXPECT_EQ(v.Find("schema")->items[0].Find("num_children")->text,
              std::to_string(s.Find("children")->items.size()))
        << name;
  }
}

TEST(CliInspectCorpusTest, HeadIsTheFirstRowsOfCat) {
  const std::string file = Data("alltypes_plain.parquet");
  CliRun cat = RunParq("cat " + file, Stderr::kShown);
  ASSERT_EQ(cat.exit_code, 0);
  auto first = [&](int n) {
    size_t at = 0;
    for (int i = 0; i < n; ++i) at = cat.out.find('\n', at) + 1;
    return cat.out.substr(0, at);
  };
  EXPECT_EQ(RunParq("head -n 3 " + file, Stderr::kShown).out, first(3));
  EXPECT_EQ(RunParq("head " + file + " --rows=2", Stderr::kShown).out, first(2));
  EXPECT_EQ(RunParq("head " + file, Stderr::kShown).out, cat.out);  // 8 rows: fewer than 10
  EXPECT_EQ(RunParq("head -n 1 --columns id " + file, Stderr::kShown).out, "{\"id\":4}\n");
  EXPECT_EQ(RunParq("head -n x " + file).exit_code, 2);
}

}  // namespace
