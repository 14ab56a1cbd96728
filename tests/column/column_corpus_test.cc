// Column readers against the shared corpus: every flat column of every file
// with an expected output reads to the expected values; the *_expect.csv
// files of the DELTA encodings; page checksums; bad_data fails cleanly.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "column_test_util.h"
#include "parq/file_reader.h"
#include "json/json_value.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
const std::string kShared = PARQ_SHARED_DIR;
const std::string kTesting = kShared + "/parquet-testing";

std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

struct ManifestEntry {
  std::string file;      // relative to parquet-testing/
  std::string expected;  // the .jsonl path
};

std::vector<ManifestEntry> Manifest() {
  std::vector<ManifestEntry> out;
  auto lines = ReadLines(kTesting + "/expected/MANIFEST.tsv");
  for (size_t i = 1; i < lines.size(); ++i) {
    std::string file = lines[i].substr(0, lines[i].find('\t'));
    std::string expected = kTesting + "/expected/" + file + ".jsonl";
    if (fs::exists(expected)) out.push_back({file, expected});
  }
  return out;
}

// True for a leaf that is a direct, non-repeated child of the root.
bool IsFlat(const ColumnDescriptor& d) {
  return d.path.size() == 1 && d.max_repetition_level == 0;
}

TEST(ColumnCorpusTest, ManifestIsThere) {
  ASSERT_GT(Manifest().size(), 50u) << "is ../shared/parquet-testing beside the repo?";
}

class FlatColumnCorpusTest : public ::testing::TestWithParam<ManifestEntry> {};

TEST_P(FlatColumnCorpusTest, ReadToExpectedValues) {
  const ManifestEntry& e = GetParam();
  // CRCs unchecked: corrupt-checksum corpus files hold good data, and the expected rows hold it.
  ASSERT_OK_AND_ASSIGN(auto reader,
                       FileReader::Open(kTesting + "/" + e.file, ReaderOptions{.verify_checksums = false}));
  const Schema& schema = reader->schema();
  std::vector<JsonValue> rows;
  for (const auto& line : ReadLines(e.expected)) {
    if (line.empty()) continue;
    ASSERT_OK_AND_ASSIGN(JsonValue v, ParseJson(line));
    rows.push_back(std::move(v));
  }
  std::map<std::string, int> name_count;
  for (int i = 0; i < schema.root().num_children(); ++i) name_count[schema.root().child(i).name()]++;
  int checked = 0;
  for (int c = 0; c < schema.num_columns(); ++c) {
    const ColumnDescriptor& d = schema.column(c);
    if (!IsFlat(d) || name_count[d.path[0]] > 1) continue;
    SCOPED_TRACE(d.dotted_path);
    ASSERT_OK_AND_ASSIGN(const std::vector<std::string> values, testing_util::ReadColumnAsJson(*reader, c));
    ASSERT_EQ(values.size(), rows.size());
    JsonCompareOptions opts;
    opts.numbers_as_binary32 = d.physical_type == PhysicalType::kFloat ||
                               d.logical_type.kind() == LogicalType::Kind::kFloat16;
    for (size_t r = 0; r < rows.size(); ++r) {
      const JsonValue* want = rows[r].Find(d.path[0]);
      ASSERT_NE(want, nullptr) << d.dotted_path << " missing from expected row " << r;
      ASSERT_OK_AND_ASSIGN(const JsonValue got, ParseJson(values[r]));
      std::string where;
      ASSERT_TRUE(JsonEquivalent(*want, got, opts, &where))
          << e.file << " column " << d.dotted_path << " row " << r << ": expected "
          << JsonToString(*want) << ", got " << values[r] << " (" << where << ")";
    }
    ++checked;
  }
  RecordProperty("flat_columns", checked);
}

std::string Name(const ::testing::TestParamInfo<ManifestEntry>& info) {
  std::string s = info.param.file;
  for (char& ch : s) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  }
  return s;
}

INSTANTIATE_TEST_SUITE_P(Corpus, FlatColumnCorpusTest, ::testing::ValuesIn(Manifest()), Name);

// --- The DELTA files carry their values in CSV. ---

// Splits one CSV line; an unquoted empty field is null (std::nullopt).
std::vector<std::optional<std::string>> SplitCsv(const std::string& line) {
  std::vector<std::optional<std::string>> out;
  size_t i = 0;
  while (true) {
    if (i < line.size() && line[i] == '"') {
      std::string v;
      ++i;
      while (i < line.size()) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            v += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        v += line[i++];
      }
      out.push_back(v);
    } else {
      size_t end = line.find(',', i);
      std::string v = line.substr(i, end == std::string::npos ? std::string::npos : end - i);
      if (v.empty()) out.push_back(std::nullopt);
      else out.push_back(v);
      i = end == std::string::npos ? line.size() : end;
    }
    if (i >= line.size() || line[i] != ',') break;
    ++i;
  }
  return out;
}

class DeltaCsvCorpusTest : public ::testing::TestWithParam<std::string> {};

TEST_P(DeltaCsvCorpusTest, MatchesExpectCsv) {
  const std::string stem = kTesting + "/data/" + GetParam();
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(stem + ".parquet"));
  auto lines = ReadLines(stem + "_expect.csv");
  ASSERT_GT(lines.size(), 1u);
  auto header = SplitCsv(lines[0]);
  const Schema& schema = reader->schema();
  ASSERT_EQ(header.size(), static_cast<size_t>(schema.num_columns()));
  for (int c = 0; c < schema.num_columns(); ++c) {
    ASSERT_OK_AND_ASSIGN(const std::vector<std::string> values, testing_util::ReadColumnAsJson(*reader, c));
    ASSERT_EQ(values.size(), lines.size() - 1) << schema.column(c).dotted_path;
    for (size_t r = 1; r < lines.size(); ++r) {
      auto cells = SplitCsv(lines[r]);
      ASSERT_EQ(cells.size(), header.size()) << "line " << r;
      const auto& want = cells[static_cast<size_t>(c)];
      ASSERT_OK_AND_ASSIGN(const JsonValue got, ParseJson(values[r - 1]));
      if (!want) {
        EXPECT_EQ(got.kind, JsonValue::Kind::kNull) << "column " << c << " row " << r;
      } else {
        // Numbers print as numbers, strings as strings; both compare by text.
        EXPECT_EQ(got.text, *want) << "column " << schema.column(c).dotted_path << " row " << r;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, DeltaCsvCorpusTest,
                         ::testing::Values("delta_binary_packed", "delta_byte_array",
                                           "delta_encoding_optional_column",
                                           "delta_encoding_required_column"));

// --- Page checksums. ---

Status ReadVerifying(const std::string& name, bool verify) {
  ReaderOptions options;
  options.verify_checksums = verify;
  PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(kTesting + "/data/" + name, options));
  return testing_util::ReadAllColumns(*reader);
}

TEST(ChecksumTest, MatchingChecksumsPass) {
  for (const char* name :
       {"datapage_v1-uncompressed-checksum.parquet", "datapage_v1-snappy-compressed-checksum.parquet",
        "plain-dict-uncompressed-checksum.parquet", "rle-dict-snappy-checksum.parquet"}) {
    EXPECT_OK(ReadVerifying(name, true)) << name;
  }
}

TEST(ChecksumTest, CorruptChecksumsFailOnlyWhenVerifying) {
  for (const char* name : {"datapage_v1-corrupt-checksum.parquet",
                           "rle-dict-uncompressed-corrupt-checksum.parquet"}) {
    SCOPED_TRACE(name);
    const Status st = ReadVerifying(name, true);
    EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "CRC32 mismatch");
    EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "column '");
    EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "row group 0");
    EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "page ");
    // Without verification the (uncorrupted-looking) bytes still decode.
    Status relaxed = ReadVerifying(name, false);
    if (!relaxed.ok()) {
      EXPECT_STATUS(relaxed, StatusCode::kCorrupt);
    }
  }
}

// --- bad_data: every file ends in rows or a clean error. ---

TEST(BadDataTest, EveryFileFailsCleanlyOrReads) {
  int errors = 0, files = 0;
  for (const auto& entry : fs::directory_iterator(kTesting + "/bad_data")) {
    if (entry.path().extension() != ".parquet") continue;
    ++files;
    auto reader = FileReader::Open(entry.path().string());
    const Status st = reader.ok() ? testing_util::ReadAllColumns(**reader) : reader.status();
    if (!st.ok()) {
      ++errors;
      EXPECT_FALSE(st.message().empty()) << entry.path();
      EXPECT_NE(st.code(), StatusCode::kInternal) << entry.path() << ": " << st.ToString();
    }
  }
  EXPECT_GT(files, 5);
  RecordProperty("errors", errors);
}

}  // namespace
}  // namespace parq
