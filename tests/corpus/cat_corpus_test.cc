// The corpus test: every file in parquet-testing/expected/MANIFEST.tsv with an
// expected output is read with JsonRowReader::Next and compared, row by row,
// to expected/<file>.jsonl under the rule of docs/rows-as-json.md (numbers as
// numbers, key order free, FLOAT/FLOAT16 fields after rounding to binary32).
// And every file in bad_data/ either reads or fails with a clean Status.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <ostream>
#include <fstream>
#include <string>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "json/json_value.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

using corpus_test::kTesting;

struct Case {
  std::string file;  // relative to parquet-testing, e.g. "data/x.parquet"
  std::string chosen;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.file << " (expected from " << c.chosen << ")"; }

std::vector<Case> ManifestCases() {
  std::vector<Case> out;
  for (const auto& cols : corpus_test::ManifestRows()) {
    if (cols.size() < 5 || cols[4] == "none") continue;
    if (!fs::exists(kTesting / "expected" / (cols[0] + ".jsonl"))) continue;
    out.push_back({cols[0], cols[4]});
  }
  return out;
}

// True when the subtree of `n` holds a FLOAT or FLOAT16 leaf.
bool HasFloat(const SchemaNode& n) {
  if (n.is_leaf()) {
    return n.physical_type() == PhysicalType::kFloat ||
           n.logical_type().kind() == LogicalType::Kind::kFloat16;
  }
  for (int i = 0; i < n.num_children(); ++i) {
    if (HasFloat(n.child(i))) return true;
  }
  return false;
}

class CatCorpusTest : public ::testing::TestWithParam<Case> {};

TEST_P(CatCorpusTest, RowsMatchExpected) {
  const Case& c = GetParam();
  std::ifstream expected_in(kTesting / "expected" / (c.file + ".jsonl"));
  ASSERT_TRUE(expected_in) << c.file;
  // CRCs unchecked: corrupt-checksum corpus files hold good data, and the expected rows hold it.
  auto file = FileReader::Open((kTesting / c.file).string(), ReaderOptions{.verify_checksums = false});
  ASSERT_OK(file);
  auto rows = JsonRowReader::Open(**file);
  ASSERT_OK(rows);

  const Schema& schema = (*file)->schema();
  std::vector<bool> float_field;
  for (int i = 0; i < schema.root().num_children(); ++i) float_field.push_back(HasFloat(schema.root().child(i)));

  // A second reader gives Values; ToJson of each must be Next's text.
  auto value_rows = RowReader::Open(**file);
  ASSERT_OK(value_rows);
  Value value;

  std::string expected_line, actual;
  int64_t row = 0;
  while (true) {
    actual.clear();
    auto more = (*rows)->Next(&actual);
    ASSERT_OK(more) << "row " << row;
    auto vmore = (*value_rows)->Next(&value);
    ASSERT_OK(vmore) << "row " << row;
    ASSERT_EQ(*vmore, *more);
    if (*more) {
      std::string from_value;
      ASSERT_OK((*rows)->ToJson(value, &from_value));
      ASSERT_EQ(from_value, actual) << "row " << row;
    }
    const bool have_expected = static_cast<bool>(std::getline(expected_in, expected_line));
    if (!*more) {
      EXPECT_FALSE(have_expected) << "fewer rows than expected: " << row;
      break;
    }
    ASSERT_TRUE(have_expected) << "more rows than expected: " << row + 1;
    auto e = ParseJson(expected_line);
    ASSERT_OK(e);
    auto a = ParseJson(actual);
    ASSERT_OK(a) << "row " << row << " is not JSON" << "\n" << actual;
    ASSERT_EQ(e->kind, JsonValue::Kind::kObject);
    ASSERT_EQ(a->kind, JsonValue::Kind::kObject);
    ASSERT_EQ(a->items.size(), e->items.size()) << "row " << row << "\nexpected " << expected_line
                                                    << "\nactual   " << actual;
    // Field by field (in schema order, so duplicates pair up), with the FLOAT
    // tolerance only for fields holding FLOAT / FLOAT16 leaves.
    for (size_t i = 0; i < a->items.size(); ++i) {
      const std::string& ak = a->keys[i];
      const std::string& ek = e->keys[i];
      const JsonValue& av = a->items[i];
      const JsonValue& ev = e->items[i];
      ASSERT_EQ(ak, ek) << "row " << row;
      JsonCompareOptions opt;
      opt.numbers_as_binary32 = i < float_field.size() && float_field[i];
      std::string where;
      ASSERT_TRUE(JsonEquivalent(av, ev, opt, &where))
          << "row " << row << " field '" << ak << "': " << where << "\nexpected " << expected_line
          << "\nactual   " << actual;
    }
    ++row;
  }
}

// Every chunk of the file, pre-buffered (FileReader::PreBuffer).
Status PreBufferAll(const FileReader& file) {
  std::vector<int> groups, columns;
  for (int g = 0; g < file.metadata().num_row_groups(); ++g) groups.push_back(g);
  for (int c = 0; c < file.schema().num_columns(); ++c) columns.push_back(c);
  return file.PreBuffer(groups, columns);
}

// Every row's JSON as read with `options`, or the first error.
Result<std::vector<std::string>> AllRowsJson(const fs::path& path, const ReaderOptions& options, bool mmap,
                                             bool prebuffer = false) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(path.string(), options, mmap));
  if (prebuffer) PARQ_RETURN_IF_ERROR(PreBufferAll(*file));
  PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(*file));
  std::vector<std::string> out;
  std::string row;
  while (true) {
    row.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) return out;
    out.push_back(row);
  }
}

// Pages read a window at a time (ReaderOptions::chunk_read_size) read as the
// mapped file does, whatever the window: one byte (every header and page read
// alone), a few hundred (headers cut short), or the whole chunk.
TEST_P(CatCorpusTest, ReadWindowsReadWhatTheMappedFileReads) {
  const fs::path path = kTesting / GetParam().file;
  // CRCs unchecked: corrupt-checksum corpus files hold good data to read.
  auto mapped = AllRowsJson(path, ReaderOptions{.verify_checksums = false}, /*mmap=*/true);
  ASSERT_OK(mapped);
  for (int64_t window : {int64_t{0}, int64_t{1}, int64_t{300}, int64_t{1} << 20}) {
    ReaderOptions options;
    options.chunk_read_size = window;
    options.verify_checksums = false;
    auto windowed = AllRowsJson(path, options, /*mmap=*/false);
    ASSERT_OK(windowed) << "window " << window;
    ASSERT_EQ(windowed->size(), mapped->size()) << "window " << window;
    for (size_t r = 0; r < mapped->size(); ++r) {
      ASSERT_EQ((*windowed)[r], (*mapped)[r]) << "window " << window << " row " << r;
    }
  }
  // Every chunk pre-buffered in coalesced reads (tiny reads allowed to merge
  // across 1 KiB holes, up to 64 KiB a read) reads the same too.
  ReaderOptions coalesced;
  coalesced.verify_checksums = false;
  coalesced.prebuffer_hole_size = 1 << 10;
  coalesced.prebuffer_max_read_size = 64 << 10;
  auto prebuffered = AllRowsJson(path, coalesced, /*mmap=*/false, /*prebuffer=*/true);
  ASSERT_OK(prebuffered);
  EXPECT_EQ(*prebuffered, *mapped);
}

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  std::string n = info.param.file;
  for (char& ch : n) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Manifest, CatCorpusTest, ::testing::ValuesIn(ManifestCases()), CaseName);

TEST(CatCorpusManifestTest, HasCases) { EXPECT_GT(ManifestCases().size(), 150u); }

// bad_data: each file reads to the end or stops with a clean error.  The
// files we know fail with the text that names their fault; a file not listed
// (a newer corpus) must still end in rows or a clean Status.
//
// ARROW-GH-43605 is read, not refused: its dictionary indices are RLE with
// bit width 0, which is what a one-entry dictionary needs (ceil(log2(1)) = 0),
// so every index is 0 and in range.  parquet-java and pyarrow read its 21,186
// rows the same way.
struct BadDataExpectation {
  const char* file;
  const char* error;  // substring of Status::ToString(); nullptr: reads
};

constexpr BadDataExpectation kBadDataExpectations[] = {
    {"ARROW-GH-41317.parquet", "Corrupt: ColumnMetaData: field 'encodings'"},
    {"ARROW-GH-41321.parquet", "RLE/bit-packed run header at byte 0 is truncated (page 1"},
    {"ARROW-GH-43605.parquet", nullptr},
    {"ARROW-GH-45185.parquet", "first repetition level is 1, not 0 (page 0"},
    {"ARROW-GH-47662.parquet", "100 values need at least 400 bytes, the page has 364"},
    {"ARROW-RS-GH-6229-DICTHEADER.parquet", "runs past the end of the file (533 bytes)"},
    {"ARROW-RS-GH-6229-LEVELS.parquet", "definition levels end early: 1 of 21 decoded"},
    {"PARQUET-1481.parquet", "unknown physical type -7"},
};

const BadDataExpectation* FindExpectation(const std::string& file) {
  for (const auto& e : kBadDataExpectations) {
    if (file == e.file) return &e;
  }
  return nullptr;
}

// Reads every row of `path`: the first error, or OK.  *distinct counts each
// distinct row text (the first 16 kept).
Status ReadAllRows(const fs::path& path, int64_t* rows_read, std::map<std::string, int64_t>* distinct,
                   const ReaderOptions& options = {}, bool prebuffer = false) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(path.string(), options));
  if (prebuffer) PARQ_RETURN_IF_ERROR(PreBufferAll(*file));
  PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(*file));
  std::string out;
  while (true) {
    out.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&out));
    if (!more) break;
    ++*rows_read;
    if (distinct->size() < 16 || distinct->count(out) > 0) ++(*distinct)[out];
  }
  return Status::OK();
}

class BadDataTest : public ::testing::TestWithParam<std::string> {};

TEST_P(BadDataTest, ReadsOrFailsCleanly) {
  const fs::path path = kTesting / "bad_data" / GetParam();
  int64_t rows = 0;
  std::map<std::string, int64_t> distinct;
  const Status st = ReadAllRows(path, &rows, &distinct);
  const BadDataExpectation* want = FindExpectation(GetParam());
  if (!st.ok()) {
    EXPECT_NE(st.code(), StatusCode::kInternal) << st.ToString();
    EXPECT_FALSE(st.message().empty());
    RecordProperty("error", st.ToString());
  }
  // Read a window of one byte at a time (every page header and body read
  // anew), the same rows end in the same error.
  ReaderOptions small_windows;
  small_windows.chunk_read_size = 1;
  int64_t windowed_rows = 0;
  std::map<std::string, int64_t> windowed_distinct;
  const Status windowed = ReadAllRows(path, &windowed_rows, &windowed_distinct, small_windows);
  EXPECT_EQ(windowed.ToString(), st.ToString());
  EXPECT_EQ(windowed_rows, rows);
  EXPECT_EQ(windowed_distinct, distinct);
  // Pre-buffered, the same too (a chunk the file cannot hold is left to
  // OpenColumn, which reports it as before).
  int64_t prebuffered_rows = 0;
  std::map<std::string, int64_t> prebuffered_distinct;
  const Status prebuffered = ReadAllRows(path, &prebuffered_rows, &prebuffered_distinct, {}, true);
  EXPECT_EQ(prebuffered.ToString(), st.ToString());
  EXPECT_EQ(prebuffered_rows, rows);
  EXPECT_EQ(prebuffered_distinct, distinct);
  if (want == nullptr) return;  // a file this test does not know yet
  if (want->error == nullptr) {
    EXPECT_OK(st);
  } else {
    ASSERT_NOT_OK(st) << "read " << rows << " rows";
    EXPECT_NE(st.ToString().find(want->error), std::string::npos) << st.ToString();
  }
}

TEST(BadDataKnownTest, ZeroBitWidthDictionaryIndicesReadAsTheOnlyEntry) {
  int64_t rows = 0;
  std::map<std::string, int64_t> distinct;
  ASSERT_OK(ReadAllRows(kTesting / "bad_data" / "ARROW-GH-43605.parquet", &rows, &distinct));
  EXPECT_EQ(rows, 21186);
  const std::map<std::string, int64_t> want = {{"{\"min_fl\":0}", 21186}};
  EXPECT_EQ(distinct, want);
}

std::vector<std::string> BadFiles() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(kTesting / "bad_data")) {
    if (e.path().extension() == ".parquet") out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string BadName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (char& ch : n) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(BadDataFiles, BadDataTest, ::testing::ValuesIn(BadFiles()), BadName);

}  // namespace
}  // namespace parq
