// `parq verify` as a user runs it: every corpus file (exit 0, or exactly the
// real violations listed below), every bad_data file (exit 1 with the right
// finding), and files written by parq then broken one thing at a time (a
// statistic, a page-index bound, a CRC, a count, a dictionary index).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "format/parquet_types.h"
#include "json/json_value.h"
#include "parq/bloom_filter.h"
#include "parq/file_reader.h"
#include "parq/page_info.h"
#include "parq/verify.h"
#include "testing/footer_edit.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"
#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"
#include "util/crc32.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::Quote;
using testing::RunParq;
using testing::Stderr;

const std::string kTesting = std::string(PARQ_SHARED_DIR) + "/parquet-testing/";

// The rules `parq verify --json` found, and its exit status.
struct Verdict {
  int exit_code = -1;
  std::set<std::string> rules;
  std::vector<JsonValue> findings;
  std::string out;
};

Verdict Verify(const std::string& path) {
  Verdict v;
  CliRun r = RunParq("verify --json " + Quote(path), Stderr::kDropped);
  v.exit_code = r.exit_code;
  v.out = r.out;
  Result<JsonValue> j = ParseJson(r.out);
  if (!j.ok()) return v;
  for (const JsonValue& f : j->Find("findings")->items) {
    v.rules.insert(f.Find("rule")->text);
    v.findings.push_back(f);
  }
  return v;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void WriteAll(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

class VerifyCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(testing::kParqBinary)) GTEST_SKIP() << "build the parq_cli target first";
    dir_ = fs::path(::testing::TempDir()) / ("parq_verify_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A good file by `parq convert`: v1 pages, no codec, CRCs, page index and
  // Bloom filters; `s` dictionary-encoded (three values, one null).
  std::string WriteGood() {
    std::ofstream(dir_ / "in.jsonl") << R"({"id":1,"s":"alpha-alpha-alpha"}
{"id":2,"s":"bravo-bravo-bravo"}
{"id":3,"s":"charlie-charlie"}
{"id":4,"s":null}
{"id":5,"s":"alpha-alpha-alpha"}
{"id":6,"s":"bravo-bravo-bravo"}
)";
    std::ofstream(dir_ / "schema.txt") << "message m { required int64 id; optional binary s (STRING); }";
    const std::string path = (dir_ / "good.parquet").string();
    CliRun r = RunParq("convert " + Quote((dir_ / "in.jsonl").string()) + " " + Quote(path) + " --schema " +
                       Quote((dir_ / "schema.txt").string()) + " --page-version 1 --codec none --bloom-filter");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    return path;
  }
  std::string Broken(const std::string& bytes) {
    const std::string path = (dir_ / "broken.parquet").string();
    WriteAll(path, bytes);
    return path;
  }

  fs::path dir_;
};

// A page header decoded from `bytes` at `offset`, edited, and written back
// in the same number of bytes (the test fails when it cannot be).
void EditPageHeader(std::string* bytes, uint64_t offset, uint32_t header_size,
                    const std::function<void(format::PageHeader&, std::span<const uint8_t> body)>& edit) {
  format::PageHeader h;
  thrift::CompactReader reader(reinterpret_cast<const uint8_t*>(bytes->data()) + offset, header_size);
  ASSERT_TRUE(format::Read(reader, &h));
  const auto* body = reinterpret_cast<const uint8_t*>(bytes->data()) + offset + header_size;
  edit(h, {body, static_cast<size_t>(h.compressed_page_size)});
  thrift::CompactWriter w;
  format::Write(w, h);
  const std::string out = w.Take();
  ASSERT_EQ(out.size(), header_size) << "the edited header changed size";
  bytes->replace(offset, header_size, out);
}

TEST_F(VerifyCliTest, GoodFileHasNoFindings) {
  const std::string good = WriteGood();
  CliRun r = RunParq("verify " + Quote(good), Stderr::kMerged);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(": ok, no findings (1 row groups, 2 column chunks, "), std::string::npos) << r.out;
  // The library call behind it says the same.
  ASSERT_OK_AND_ASSIGN(VerifyReport report, VerifyFile(good));
  EXPECT_TRUE(report.findings.empty());
  EXPECT_EQ(report.values, 12);
}

TEST_F(VerifyCliTest, BrokenStatisticIsFound) {
  const std::string good = WriteGood();
  ASSERT_OK_AND_ASSIGN(std::string bytes, testing::EditFooter(good, [](format::FileMetaData& m) {
    int64_t hundred = 100;
    m.row_groups[0].columns[0].meta_data->statistics->min_value =
        thrift::String(std::string(reinterpret_cast<const char*>(&hundred), 8));
  }));
  Verdict v = Verify(Broken(bytes));
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_EQ(v.rules, std::set<std::string>{"statistics-bounds"}) << v.out;
  ASSERT_EQ(v.findings.size(), 1u) << v.out;
  EXPECT_EQ(v.findings[0].Find("message")->text, "chunk statistics min 100 is above the least value, 1");
  EXPECT_EQ(v.findings[0].Find("column")->text, "id");
  EXPECT_EQ(v.findings[0].Find("row_group")->text, "0");
  EXPECT_NE(v.findings[0].Find("spec")->text.find("Statistics.min_value"), std::string::npos);
}

TEST_F(VerifyCliTest, BrokenCountIsFound) {
  const std::string good = WriteGood();
  ASSERT_OK_AND_ASSIGN(std::string bytes, testing::EditFooter(good, [](format::FileMetaData& m) {
    m.row_groups[0].columns[1].meta_data->num_values = 7;  // the chunk holds 6
  }));
  Verdict v = Verify(Broken(bytes));
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_EQ(v.rules.count("chunk-values"), 1u) << v.out;
  // Nothing but the count (and what the reader says of it) is wrong.
  for (const std::string& rule : v.rules) EXPECT_TRUE(rule == "chunk-values" || rule == "decode") << rule;
}

TEST_F(VerifyCliTest, BrokenPageIndexBoundIsFound) {
  const std::string good = WriteGood();
  std::string bytes = ReadAll(good);
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(good));
  const int64_t at = *reader->metadata().row_group(0).column(0).column_index_offset();
  const int32_t len = *reader->metadata().row_group(0).column(0).column_index_length();
  format::ColumnIndex ci;
  thrift::CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()) + at, static_cast<size_t>(len));
  ASSERT_TRUE(format::Read(r, &ci));
  const int64_t zero = 0;  // below the page's greatest value, 6
  ci.max_values[0] = thrift::String(std::string(reinterpret_cast<const char*>(&zero), 8));
  ci.boundary_order = format::BoundaryOrder::UNORDERED;
  thrift::CompactWriter w;
  format::Write(w, ci);
  const std::string out = w.Take();
  ASSERT_EQ(out.size(), static_cast<size_t>(len));
  bytes.replace(static_cast<size_t>(at), out.size(), out);
  Verdict v = Verify(Broken(bytes));
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_EQ(v.rules, std::set<std::string>{"column-index-bounds"}) << v.out;
  ASSERT_EQ(v.findings.size(), 1u) << v.out;
  EXPECT_EQ(v.findings[0].Find("message")->text, "ColumnIndex entry 0 max 0 is below the greatest value, 6");
  EXPECT_EQ(v.findings[0].Find("page")->text, "0");
}

TEST_F(VerifyCliTest, BrokenCrcIsFound) {
  const std::string good = WriteGood();
  std::string bytes = ReadAll(good);
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(good));
  ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*reader, 0, 0));
  const PageInfo& p = pages.back();
  EditPageHeader(&bytes, p.file_offset, p.header_size, [](format::PageHeader& h, std::span<const uint8_t>) {
    *h.crc ^= 0x10;  // the same varint length
  });
  if (HasFatalFailure()) return;
  Verdict v = Verify(Broken(bytes));
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_EQ(v.rules, std::set<std::string>{"page-crc"}) << v.out;
  ASSERT_EQ(v.findings.size(), 1u) << v.out;
  EXPECT_EQ(v.findings[0].Find("page")->text, std::to_string(p.ordinal));
  EXPECT_EQ(v.findings[0].Find("file_offset")->text, std::to_string(p.file_offset));
}

TEST_F(VerifyCliTest, BrokenDictionaryIndexIsFound) {
  const std::string good = WriteGood();
  std::string bytes = ReadAll(good);
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(good));
  ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*reader, 0, 1));
  ASSERT_EQ(pages.size(), 2u);
  ASSERT_EQ(pages[0].type, PageType::kDictionaryPage);
  ASSERT_EQ(pages[1].encoding, Encoding::kRleDictionary);
  // The v1 page: the definition levels (a 4-byte length, then the runs),
  // then the indices: their bit width and runs.  They become one RLE run of
  // five index 3 — past the three-entry dictionary — and the CRC is made
  // right again, so only the index is wrong.
  const PageInfo& p = pages[1];
  const size_t body = p.file_offset + p.header_size;
  uint32_t def_len;
  std::memcpy(&def_len, bytes.data() + body, 4);
  const size_t indices = body + 4 + def_len;
  ASSERT_EQ(bytes[indices], 2) << "bit width of three entries";
  bytes[indices + 1] = 5 << 1;  // an RLE run of 5 ...
  bytes[indices + 2] = 3;       // ... of index 3
  EditPageHeader(&bytes, p.file_offset, p.header_size, [](format::PageHeader& h, std::span<const uint8_t> b) {
    h.crc = static_cast<int32_t>(util::Crc32(0, b.data(), b.size()));
  });
  if (HasFatalFailure()) return;
  Verdict v = Verify(Broken(bytes));
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_EQ(v.rules, std::set<std::string>{"decode"}) << v.out;
  ASSERT_EQ(v.findings.size(), 1u) << v.out;
  EXPECT_NE(v.findings[0].Find("message")->text.find("dictionary"), std::string::npos) << v.out;
  EXPECT_EQ(v.findings[0].Find("column")->text, "s");
  EXPECT_EQ(v.findings[0].Find("page")->text, "1");
}

TEST_F(VerifyCliTest, BloomFilterMissingValuesAreFound) {
  const std::string good = WriteGood();
  std::string bytes = ReadAll(good);
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(good));
  const ColumnChunkMetaData chunk = reader->metadata().row_group(0).column(0);
  ASSERT_TRUE(chunk.bloom_filter_offset() && chunk.bloom_filter_length());
  ASSERT_OK_AND_ASSIGN(std::optional<BloomFilter> bloom, reader->ReadBloomFilter(0, 0));
  ASSERT_TRUE(bloom);
  // The bitset ends the filter's bytes: cleared, it holds no value.
  const int64_t end = *chunk.bloom_filter_offset() + *chunk.bloom_filter_length();
  bytes.replace(static_cast<size_t>(end - bloom->num_bytes()), static_cast<size_t>(bloom->num_bytes()),
                static_cast<size_t>(bloom->num_bytes()), '\0');
  Verdict v = Verify(Broken(bytes));
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_EQ(v.rules, std::set<std::string>{"bloom-filter"}) << v.out;
  // Six values, five findings listed, the last counting the sixth.
  ASSERT_EQ(v.findings.size(), 5u) << v.out;
  EXPECT_EQ(v.findings[0].Find("message")->text, "the value 1 is not in the chunk's Bloom filter");
  EXPECT_EQ(v.findings[4].Find("message")->text,
            "the value 5 is not in the chunk's Bloom filter (and 1 more like it)");
}

TEST_F(VerifyCliTest, TextFormNamesWhereAndRule) {
  const std::string good = WriteGood();
  ASSERT_OK_AND_ASSIGN(std::string bytes, testing::EditFooter(good, [](format::FileMetaData& m) {
    m.row_groups[0].columns[1].meta_data->statistics->null_count = 3;  // one null
  }));
  const std::string path = Broken(bytes);
  CliRun r = RunParq("verify " + Quote(path), Stderr::kMerged);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, path +
                       ": 1 finding (1 row groups, 2 column chunks, 3 pages, 12 values checked)\n"
                       "row group 0, column s: [statistics-null-count] chunk statistics null_count 3, the values "
                       "hold 1 nulls\n"
                       "    rule: parquet.thrift Statistics.null_count: the nulls of the chunk or page\n");
}

// RowGroup.total_byte_size: the format's uncompressed size, or the
// compressed size some writers put; anything else is a finding.
TEST_F(VerifyCliTest, RowGroupByteSizeTakesEitherConvention) {
  std::ofstream(dir_ / "in.jsonl") << R"({"id":1,"s":"alpha-alpha-alpha-alpha-alpha-alpha-alpha"}
{"id":2,"s":"alpha-alpha-alpha-alpha-alpha-alpha-alpha"}
{"id":3,"s":"alpha-alpha-alpha-alpha-alpha-alpha-alpha"}
)";
  std::ofstream(dir_ / "schema.txt") << "message m { required int64 id; optional binary s (STRING); }";
  const std::string path = (dir_ / "zstd.parquet").string();
  CliRun r = RunParq("convert " + Quote((dir_ / "in.jsonl").string()) + " " + Quote(path) + " --schema " +
                     Quote((dir_ / "schema.txt").string()) + " --codec zstd --dictionary off");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path));
  const RowGroupMetaData g = reader->metadata().row_group(0);
  int64_t compressed = 0, uncompressed = 0;
  for (int c = 0; c < g.num_columns(); ++c) {
    compressed += g.column(c).total_compressed_size();
    uncompressed += g.column(c).total_uncompressed_size();
  }
  ASSERT_NE(compressed, uncompressed);
  for (int64_t size : {uncompressed, compressed, int64_t{1}}) {
    SCOPED_TRACE(size);
    ASSERT_OK_AND_ASSIGN(std::string bytes, testing::EditFooter(path, [&](format::FileMetaData& m) {
      m.row_groups[0].total_byte_size = size;
    }));
    Verdict v = Verify(Broken(bytes));
    if (size != 1) {
      EXPECT_EQ(v.exit_code, 0) << v.out;
      continue;
    }
    EXPECT_EQ(v.rules, std::set<std::string>{"row-group-sizes"}) << v.out;
    ASSERT_EQ(v.findings.size(), 1u) << v.out;
    EXPECT_EQ(v.findings[0].Find("message")->text,
              "total_byte_size 1, the chunks' total_uncompressed_size add up to " + std::to_string(uncompressed) +
                  " (their total_compressed_size to " + std::to_string(compressed) + ")");
  }
}

// A nested column's null_count: every level entry below the max (null and
// empty lists and null elements: parquet-java, arrow-rs) or only the leaf's
// own nulls (Arrow C++) is taken; another count is a finding.
TEST_F(VerifyCliTest, NestedNullCountTakesEitherConvention) {
  // Entries: [1,null,2] → 3 (one null element), [] → 1, null → 1, [null] → 1,
  // [3] → 1: 7 entries, 3 values, 4 below the max level, 2 null elements.
  std::ofstream(dir_ / "in.jsonl") << R"({"l":[1,null,2]}
{"l":[]}
{"l":null}
{"l":[null]}
{"l":[3]}
)";
  std::ofstream(dir_ / "schema.txt")
      << "message m { optional group l (LIST) { repeated group list { optional int64 element; } } }";
  const std::string path = (dir_ / "lists.parquet").string();
  CliRun r = RunParq("convert " + Quote((dir_ / "in.jsonl").string()) + " " + Quote(path) + " --schema " +
                     Quote((dir_ / "schema.txt").string()));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (int64_t nulls : {4, 2, 3}) {
    SCOPED_TRACE(nulls);
    ASSERT_OK_AND_ASSIGN(std::string bytes, testing::EditFooter(path, [&](format::FileMetaData& m) {
      m.row_groups[0].columns[0].meta_data->statistics->null_count = nulls;
    }));
    Verdict v = Verify(Broken(bytes));
    if (nulls != 3) {
      EXPECT_EQ(v.exit_code, 0) << v.out;
      continue;
    }
    EXPECT_EQ(v.rules, std::set<std::string>{"statistics-null-count"}) << v.out;
    ASSERT_EQ(v.findings.size(), 1u) << v.out;
    EXPECT_EQ(v.findings[0].Find("message")->text, "chunk statistics null_count 3, the values hold 4 nulls");
  }
}

TEST_F(VerifyCliTest, HelpAndUsage) {
  CliRun r = RunParq("verify --help", Stderr::kMerged);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("usage: parq verify FILE [--json] [--max-per-rule N] [--footer-key KEY]", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("--json"), std::string::npos);
  EXPECT_NE(r.out.find("--max-per-rule N"), std::string::npos);
  EXPECT_EQ(RunParq("verify", Stderr::kDropped).exit_code, 2);
  EXPECT_EQ(RunParq("verify a b", Stderr::kDropped).exit_code, 2);
  EXPECT_EQ(RunParq("verify --max-per-rule 0 x.parquet", Stderr::kDropped).exit_code, 2);
  EXPECT_EQ(RunParq("verify --bogus x.parquet", Stderr::kDropped).exit_code, 2);
  // No such file: an error, exit 1.
  EXPECT_EQ(RunParq("verify " + Quote((dir_ / "missing.parquet").string()), Stderr::kDropped).exit_code, 1);
}

// The corpus files with findings, and why each is a real violation.  Every
// other file of expected/MANIFEST.tsv with expected rows must have none.
const std::map<std::string, std::set<std::string>>& CorpusViolations() {
  static const std::map<std::string, std::set<std::string>> m = {
      // parquet-mr did not write dictionary_page_offset and named the
      // dictionary page as data_page_offset (PARQUET-1850 / GH-2962).
      {"data/alltypes_tiny_pages.parquet", {"chunk-offsets"}},
      {"data/datapage_v2.snappy.parquet", {"chunk-offsets"}},
      {"data/hadoop_lz4_compressed.parquet", {"chunk-offsets"}},
      {"data/nested_lists.snappy.parquet", {"chunk-offsets"}},
      {"data/nested_maps.snappy.parquet", {"chunk-offsets"}},
      {"data/nullable.impala.parquet", {"chunk-offsets"}},
      // ColumnMetaData.encodings is empty (writer "HVR 5.3.0/9").
      {"data/byte_array_decimal.parquet", {"encodings"}},
      // Stored CRCs made wrong on purpose; and the ColumnIndex of every
      // page says null_pages true though each page holds 2560 values.
      {"data/datapage_v1-corrupt-checksum.parquet", {"page-crc", "column-index"}},
      {"data/datapage_v1-snappy-compressed-checksum.parquet", {"column-index"}},
      {"data/datapage_v1-uncompressed-checksum.parquet", {"column-index"}},
      {"data/rle-dict-uncompressed-corrupt-checksum.parquet", {"page-crc"}},
      // A MAP whose key is optional (LogicalTypes.md: the key is required).
      {"data/incorrect_map_schema.parquet", {"map-shape"}},
      // NaN written as min/max statistics (TYPE_ORDER: it should not be).
      {"data/nan_in_stats.parquet", {"statistics-nan-bound"}},
      // A repeated group annotated LIST (the two-level legacy form).
      {"data/old_list_structure.parquet", {"list-shape"}},
      // encoding_stats says DATA_PAGE where the page is DATA_PAGE_V2.
      {"data/page_v2_empty_compressed.parquet", {"encoding-stats"}},
      // FileMetaData.num_rows 0 for 6 rows; RLE levels not in encodings.
      {"data/repeated_no_annotation.parquet", {"encodings", "file-rows"}},
  };
  return m;
}

TEST_F(VerifyCliTest, CorpusFilesVerifyOrShowOnlyRealViolations) {
  std::ifstream manifest(kTesting + "expected/MANIFEST.tsv");
  ASSERT_TRUE(manifest) << "no corpus at " << kTesting;
  std::string line;
  std::getline(manifest, line);  // header
  int checked = 0;
  while (std::getline(manifest, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    if (cols.size() < 5 || cols[4] == "none") continue;  // no expected rows
    SCOPED_TRACE(cols[0]);
    Verdict v = Verify(kTesting + cols[0]);
    auto it = CorpusViolations().find(cols[0]);
    if (it == CorpusViolations().end()) {
      EXPECT_EQ(v.exit_code, 0) << v.out;
      EXPECT_TRUE(v.rules.empty()) << v.out;
    } else {
      EXPECT_EQ(v.exit_code, 1) << v.out;
      EXPECT_EQ(v.rules, it->second) << v.out;
    }
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

TEST_F(VerifyCliTest, BadDataFilesAreFound) {
  const std::map<std::string, std::string> expect = {
      {"ARROW-GH-41317.parquet", "decode"},  // ColumnMetaData.encodings of the wrong wire type
      {"ARROW-GH-41321.parquet", "decode"},  // truncated RLE runs in the pages
      // A crash reproducer whose bit-width-0 dictionary indices are valid;
      // what is wrong is the missing dictionary_page_offset.
      {"ARROW-GH-43605.parquet", "chunk-offsets"},
      {"ARROW-GH-45185.parquet", "decode"},  // the first repetition level is 1
      {"ARROW-GH-47662.parquet", "decode"},  // a PLAIN FLBA page too short for its values
      {"ARROW-RS-GH-6229-DICTHEADER.parquet", "decode"},  // a dictionary header without num_values
      {"ARROW-RS-GH-6229-LEVELS.parquet", "decode"},       // definition levels ending early
      {"PARQUET-1481.parquet", "decode"},                  // an unknown physical type in the schema
  };
  for (const auto& [name, rule] : expect) {
    SCOPED_TRACE(name);
    Verdict v = Verify(kTesting + "bad_data/" + name);
    EXPECT_EQ(v.exit_code, 1) << v.out;
    EXPECT_EQ(v.rules.count(rule), 1u) << v.out;
  }
  // The same for the corpus's malformed file without expected rows.
  Verdict v = Verify(kTesting + "data/nation.dict-malformed.parquet");
  EXPECT_EQ(v.exit_code, 1);
  EXPECT_EQ(v.rules.count("decode"), 1u) << v.out;
}

}  // namespace
}  // namespace parq
