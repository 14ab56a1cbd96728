// parq -> Arrow -> parq over the corpus: every file with expected rows
// (parquet-testing/expected) exported (ExportArrowStream), written back
// (WriteArrowStream), and the new file's rows (JsonRowReader) equal to the
// expected rows under the rule of docs/rows-as-json.md (key order free,
// FLOAT / FLOAT16 fields after rounding to binary32), as the corpus test
// compares the original's.  Where the mapping is lossy by design the rule
// below says which values may differ; every other value of such a file must
// still be equal, and a rule that excuses nothing fails, so that it stays
// true.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "json/json_value.h"
#include "parq/arrow_reader.h"
#include "parq/arrow_writer.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using corpus_test::kTesting;

// INT96 maps to timestamp[ns] (as Arrow C++ reads it; docs/arrow.md), whose
// int64 nanoseconds hold 1677-09-21 .. 2262-04-11 only: a value outside
// wraps, so it comes back as another instant.  rows-as-json.md prints INT96
// and TIMESTAMP(NANOS) alike ("YYYY-MM-DDTHH:MM:SS.fffffffff"), so every
// value inside the range compares equal.
bool OutsideTimestampNanos(const JsonValue& expected) {
  if (expected.kind != JsonValue::Kind::kString) return false;
  const std::string& t = expected.text;
  const size_t dash = t.find('-', 1);  // a year may be negative
  if (dash == std::string::npos) return false;
  const long long year = std::stoll(t.substr(0, dash));
  return year < 1677 || year > 2262;
}

// File -> (why, the expected top-level values allowed to differ).
struct LossyRule {
  const char* why;
  bool (*may_differ)(const JsonValue& expected);
};
const std::map<std::string, LossyRule> kLossy = {
    {"data/int96_from_spark.parquet",
     {"INT96 -> timestamp[ns]: years outside 1677..2262 wrap", OutsideTimestampNanos}},
};

bool HasFloat(const SchemaNode& n) {
  if (n.is_leaf()) {
    return n.physical_type() == PhysicalType::kFloat || n.logical_type().kind() == LogicalType::Kind::kFloat16;
  }
  for (int i = 0; i < n.num_children(); ++i) {
    if (HasFloat(n.child(i))) return true;
  }
  return false;
}

// "" when the rows of `path` equal expected/<name>.jsonl (but the values
// `rule` excuses, counted in *excused), else the first difference.
Result<std::string> CompareWithExpected(const std::string& name, const std::string& path, const LossyRule* rule,
                                        int* excused) {
  std::ifstream expected(kTesting / "expected" / (name + ".jsonl"));
  if (!expected) return Status::IOError("no expected rows for " + name);
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(path));
  PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(*file));
  std::vector<bool> float_field;
  const SchemaNode& root = file->schema().root();
  for (int i = 0; i < root.num_children(); ++i) float_field.push_back(HasFloat(root.child(i)));
  std::string want, got;
  for (int64_t row = 0;; ++row) {
    got.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&got));
    const bool have = static_cast<bool>(std::getline(expected, want));
    if (!more || !have) {
      if (more != have) return "row " + std::to_string(row) + ": " + (more ? "more" : "fewer") + " rows than expected";
      return std::string();
    }
    PARQ_ASSIGN_OR_RETURN(JsonValue e, ParseJson(want));
    PARQ_ASSIGN_OR_RETURN(JsonValue a, ParseJson(got));
    const std::string at = "row " + std::to_string(row) + ": expected " + want + ", got " + got;
    if (a.items.size() != e.items.size()) return at;
    for (size_t i = 0; i < a.items.size(); ++i) {
      JsonCompareOptions opt;
      opt.numbers_as_binary32 = i < float_field.size() && float_field[i];
      std::string where;
      if (a.keys[i] != e.keys[i]) return at;
      if (JsonEquivalent(a.items[i], e.items[i], opt, &where)) continue;
      if (rule == nullptr || !rule->may_differ(e.items[i])) return at + " (" + where + ")";
      ++*excused;
    }
  }
}

// The file exported and written back to `out`; "" when its rows are the
// expected ones (but what `rule` excuses), else what went wrong.
std::string RoundTrip(const std::string& name, const std::string& out, const LossyRule* rule, int* excused) {
  // CRCs unchecked: corrupt-checksum corpus files hold good data.
  Result<std::unique_ptr<FileReader>> file =
      FileReader::Open((kTesting / name).string(), ReaderOptions{.verify_checksums = false});
  if (!file.ok()) return "open: " + file.status().ToString();
  ArrowArrayStream stream;
  Status st = ExportArrowStream(std::shared_ptr<const FileReader>(std::move(*file)), {}, &stream);
  if (!st.ok()) return "export: " + st.ToString();
  st = WriteArrowStream(&stream, out, WriterOptions{});
  if (!st.ok()) return "write: " + st.ToString();
  Result<std::string> diff = CompareWithExpected(name, out, rule, excused);
  return diff.ok() ? *diff : "read back: " + diff.status().ToString();
}

TEST(ArrowCorpusRoundTripTest, ExportedAndWrittenBackReadsAsExpected) {
  const std::string out = (fs::path(::testing::TempDir()) / "arrow_round_trip.parquet").string();
  int equal = 0, lossy = 0;
  std::vector<std::string> unexpected;
  for (const auto& row : corpus_test::ManifestRows()) {
    if (row.size() < 5 || row[4] == "none") continue;
    const std::string& name = row[0];
    if (!fs::exists(kTesting / "expected" / (name + ".jsonl"))) continue;
    auto rule = kLossy.find(name);
    int excused = 0;
    const std::string outcome = RoundTrip(name, out, rule == kLossy.end() ? nullptr : &rule->second, &excused);
    if (!outcome.empty()) {
      unexpected.push_back(name + ": " + outcome.substr(0, 600));
    } else if (rule == kLossy.end()) {
      ++equal;
    } else if (excused == 0) {
      unexpected.push_back(name + ": listed as lossy (" + rule->second.why + "), but every value is equal");
    } else {
      ++lossy;
      std::printf("lossy by design %s: %s (%d values)\n", name.c_str(), rule->second.why, excused);
    }
  }
  fs::remove(out);
  std::printf("parq -> Arrow -> parq: %d files equal to their expected rows, %d listed as lossy\n", equal, lossy);
  for (const std::string& u : unexpected) ADD_FAILURE() << u;
  EXPECT_GE(equal, 150);
}

}  // namespace
}  // namespace parq
