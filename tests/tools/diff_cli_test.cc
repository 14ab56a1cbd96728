// `parq diff` as a user runs it: every corpus file equal to itself and, row
// for row, to its `parq rewrite`; files that differ in one value, one type
// annotation and one key-value entry; --values-only, --float-tolerance,
// --key, --max-diffs, --json, --help and usage errors.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "format/parquet_types.h"
#include "json/json_value.h"
#include "parq/diff.h"
#include "parq/file_reader.h"
#include "testing/footer_edit.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::Quote;
using testing::RunParq;
using testing::Stderr;

const std::string kTesting = std::string(PARQ_SHARED_DIR) + "/parquet-testing/";

class DiffCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(testing::kParqBinary)) GTEST_SKIP() << "build the parq_cli target first";
    dir_ = fs::path(::testing::TempDir()) / ("parq_diff_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // `rows` (JSON lines) and `schema` (message-type text) written by `parq convert`.
  std::string Write(const std::string& name, const std::string& rows, const std::string& schema) {
    const fs::path in = dir_ / (name + ".jsonl"), sc = dir_ / (name + ".schema");
    std::ofstream(in) << rows;
    std::ofstream(sc) << schema;
    const std::string out = (dir_ / (name + ".parquet")).string();
    CliRun r = RunParq("convert " + Quote(in.string()) + " " + Quote(out) + " --schema " + Quote(sc.string()));
    EXPECT_EQ(r.exit_code, 0) << r.out;
    return out;
  }
  CliRun Diff(const std::string& args) { return RunParq("diff " + args, Stderr::kMerged); }

  fs::path dir_;
};

TEST_F(DiffCliTest, OneValueOneAnnotationOneKeyValueEntry) {
  const std::string rows = "{\"id\":1,\"n\":10}\n{\"id\":2,\"n\":30}\n{\"id\":3,\"n\":50}\n";
  const std::string a = Write("a", rows, "message m { required int64 id; required int32 n; }");
  // B: row 1's n 30 -> 40 (the bounds stay 10 and 50), n annotated
  // INTEGER(32,true), and a key-value entry of its own.
  const std::string b0 = Write("b0", "{\"id\":1,\"n\":10}\n{\"id\":2,\"n\":40}\n{\"id\":3,\"n\":50}\n",
                               "message m { required int64 id; required int32 n (INTEGER(32,true)); }");
  ASSERT_OK_AND_ASSIGN(std::string bytes, testing::EditFooter(b0, [](format::FileMetaData& m) {
    format::KeyValue kv;
    kv.key = "origin";
    kv.value = thrift::String("test");
    if (!m.key_value_metadata) m.key_value_metadata.emplace();
    m.key_value_metadata->push_back(kv);
  }));
  const std::string b = (dir_ / "b.parquet").string();
  std::ofstream(b, std::ios::binary) << bytes;

  CliRun r = Diff(Quote(a) + " " + Quote(b));
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_EQ(r.out, a + " and " + b +
                       ": different: 2 schema, 1 metadata, 1 row differences (rows: 3 and 3)\n"
                       "schema field n: logical type: NONE vs INTEGER(32,true)\n"
                       "schema field n: converted type: NONE vs INT_32\n"
                       "file: key-value metadata 'origin': (absent) vs test\n"
                       "row 1, column n: value: 30 vs 40\n");

  // The same through the library and as JSON.
  ASSERT_OK_AND_ASSIGN(auto ra, FileReader::Open(a));
  ASSERT_OK_AND_ASSIGN(auto rb, FileReader::Open(b));
  ASSERT_OK_AND_ASSIGN(DiffReport d, DiffFiles(*ra, *rb));
  EXPECT_FALSE(d.equal());
  EXPECT_EQ(d.row_differences, 1);
  r = Diff("--json " + Quote(a) + " " + Quote(b));
  ASSERT_OK_AND_ASSIGN(JsonValue j, ParseJson(r.out));
  EXPECT_EQ(j.Find("equal")->boolean, false);
  EXPECT_EQ(j.Find("schema_differences")->text, "2");
  const JsonValue& last = j.Find("differences")->items.back();
  EXPECT_EQ(last.Find("kind")->text, "row");
  EXPECT_EQ(last.Find("row")->text, "1");
  EXPECT_EQ(last.Find("column")->text, "n");
  EXPECT_EQ(last.Find("a")->text, "30");
  EXPECT_EQ(last.Find("b")->text, "40");

  // --values-only: the annotation and the entry are not rows.
  r = Diff("--values-only " + Quote(a) + " " + Quote(b));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find(": different: 0 schema, 0 metadata, 1 row differences"), std::string::npos) << r.out;
}

TEST_F(DiffCliTest, DecimalEqualsTheSameValueOfAnotherTypeUnderValuesOnly) {
  const std::string a = Write("a", "{\"d\":\"1.50\"}\n{\"d\":\"-2.25\"}\n", "message m { required int32 d (DECIMAL(5,2)); }");
  const std::string b =
      Write("b", "{\"d\":\"1.500\"}\n{\"d\":\"-2.250\"}\n", "message m { required binary d (DECIMAL(6,3)); }");
  const std::string c = Write("c", "{\"d\":1.5}\n{\"d\":-2.25}\n", "message m { required double d; }");
  const std::string e = Write("e", "{\"d\":1.5}\n{\"d\":-2.5}\n", "message m { required double d; }");
  CliRun r = Diff(Quote(a) + " " + Quote(b));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("schema field d: physical type: INT32 vs BYTE_ARRAY\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("row 0, column d: value: \"1.50\" vs \"1.500\"\n"), std::string::npos) << r.out;
  EXPECT_EQ(Diff("--values-only " + Quote(a) + " " + Quote(b)).exit_code, 0);
  r = Diff("--values-only " + Quote(a) + " " + Quote(c));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, a + " and " + c + ": equal (2 rows)\n");
  r = Diff("--values-only " + Quote(a) + " " + Quote(e));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("row 1, column d: value: \"-2.25\" vs -2.5\n"), std::string::npos) << r.out;
}

TEST_F(DiffCliTest, FloatTolerance) {
  const std::string schema = "message m { required double x; optional group l (LIST) { repeated group list { required float element; } } }";
  const std::string a = Write("a", "{\"x\":1.0,\"l\":[0.5]}\n", schema);
  const std::string b = Write("b", "{\"x\":1.0001,\"l\":[0.50001]}\n", schema);
  CliRun r = Diff("--values-only " + Quote(a) + " " + Quote(b));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("row 0, column x: value: 1 vs 1.0001\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("row 0, column l[0]: value: 0.5 vs 0.50001\n"), std::string::npos) << r.out;
  EXPECT_EQ(Diff("--values-only --float-tolerance 0.001 " + Quote(a) + " " + Quote(b)).exit_code, 0);
  EXPECT_EQ(Diff("--values-only --float-tolerance 0.00001 " + Quote(a) + " " + Quote(b)).exit_code, 1);
}

TEST_F(DiffCliTest, KeyMatchesRowsInAnyOrder) {
  const std::string schema = "message m { required int64 id; optional binary s (STRING); }";
  const std::string a = Write("a", "{\"id\":1,\"s\":\"x\"}\n{\"id\":2,\"s\":\"y\"}\n{\"id\":3,\"s\":\"z\"}\n", schema);
  const std::string b = Write("b", "{\"id\":3,\"s\":\"z\"}\n{\"id\":1,\"s\":\"x\"}\n{\"id\":2,\"s\":\"Y\"}\n{\"id\":4,\"s\":null}\n", schema);
  CliRun r = Diff("--values-only --key id " + Quote(a) + " " + Quote(b));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, a + " and " + b +
                       ": different: 0 schema, 0 metadata, 2 row differences (rows: 3 and 4)\n"
                       "row 1, column s: value: \"y\" vs \"Y\"\n"
                       "row 3: row only in B: (absent) vs {\"id\":4,\"s\":null}\n");
  // In row order every row differs.
  r = Diff("--values-only --max-diffs 1 " + Quote(a) + " " + Quote(b));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find(": different: 0 schema, 0 metadata, 7 row differences (rows: 3 and 4)\n"
                       "row 0, column id: value: 1 vs 3\n"
                       "(and 6 more; --max-diffs N lists more)\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(Diff("--key nope " + Quote(a) + " " + Quote(b)).exit_code, 2);
}

// Files sorted by the key are merged as they stream (no row held: a
// --max-key-memory of one byte is enough); rows only in B are listed after
// A's differences, as the in-memory way lists them.  Unsorted, B's rows are
// held, up to --max-key-memory.
TEST_F(DiffCliTest, KeyOnSortedFilesStreamsAndUnsortedOnesAreBounded) {
  const std::string schema = "message m { optional int64 id; optional binary s (STRING); }";
  const std::string a = Write("a",
                              "{\"id\":null,\"s\":\"n\"}\n{\"id\":1,\"s\":\"a\"}\n{\"id\":2,\"s\":\"b\"}\n"
                              "{\"id\":2,\"s\":\"c\"}\n{\"id\":3,\"s\":\"d\"}\n{\"id\":5,\"s\":\"e\"}\n",
                              schema);
  const std::string b = Write("b",
                              "{\"id\":null,\"s\":\"n\"}\n{\"id\":2,\"s\":\"b\"}\n{\"id\":2,\"s\":\"X\"}\n"
                              "{\"id\":2,\"s\":\"z\"}\n{\"id\":4,\"s\":\"f\"}\n{\"id\":5,\"s\":\"e\"}\n"
                              "{\"id\":6,\"s\":\"g\"}\n",
                              schema);
  const std::string a_side = "row 1: row only in A: {\"id\":1,\"s\":\"a\"} vs (absent)\n"
                             "row 3, column s: value: \"c\" vs \"X\"\n"
                             "row 4: row only in A: {\"id\":3,\"s\":\"d\"} vs (absent)\n";
  const std::string head = ": different: 0 schema, 0 metadata, 6 row differences (rows: 6 and 7)\n";
  CliRun r = Diff("--values-only --key id --max-key-memory 1 " + Quote(a) + " " + Quote(b));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, a + " and " + b + head + a_side +
                       "row 3: row only in B: (absent) vs {\"id\":2,\"s\":\"z\"}\n"
                       "row 4: row only in B: (absent) vs {\"id\":4,\"s\":\"f\"}\n"
                       "row 6: row only in B: (absent) vs {\"id\":6,\"s\":\"g\"}\n");
  // Counted past the listed ones, B's deferred rows too.
  r = Diff("--values-only --key id --max-diffs 4 " + Quote(a) + " " + Quote(b));
  EXPECT_EQ(r.out, a + " and " + b + head + a_side +
                       "row 3: row only in B: (absent) vs {\"id\":2,\"s\":\"z\"}\n"
                       "(and 2 more; --max-diffs N lists more)\n");

  // B's rows shuffled: the first unmatched row of B with the key still.
  const std::string shuffled = Write("shuffled",
                                     "{\"id\":6,\"s\":\"g\"}\n{\"id\":2,\"s\":\"b\"}\n{\"id\":null,\"s\":\"n\"}\n"
                                     "{\"id\":4,\"s\":\"f\"}\n{\"id\":2,\"s\":\"X\"}\n{\"id\":5,\"s\":\"e\"}\n"
                                     "{\"id\":2,\"s\":\"z\"}\n",
                                     schema);
  r = Diff("--values-only --key id " + Quote(a) + " " + Quote(shuffled));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, a + " and " + shuffled + head + a_side +
                       "row 0: row only in B: (absent) vs {\"id\":6,\"s\":\"g\"}\n"
                       "row 3: row only in B: (absent) vs {\"id\":4,\"s\":\"f\"}\n"
                       "row 6: row only in B: (absent) vs {\"id\":2,\"s\":\"z\"}\n");
  // A's rows out of order (the merge abandoned at A's second row): the
  // same rows, each 2 matched with B's 2s in order.
  r = Diff("--values-only --key id " + Quote(shuffled) + " " + Quote(b));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out, shuffled + " and " + b + ": equal (7 rows)\n");
  // Unsorted, past the limit: an error naming the row of B.
  r = Diff("--values-only --key id --max-key-memory 200 " + Quote(a) + " " + Quote(shuffled));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("matching rows by key 'id': the files are not both sorted by it, and B's rows take more "
                       "than 200 bytes in memory at row 1 of B (max_key_memory); sort both by the key, or raise "
                       "the limit"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(Diff("--max-key-memory 1MB " + Quote(a) + " " + Quote(b)).exit_code, 2);
  EXPECT_EQ(Diff("--key id --max-key-memory lots " + Quote(a) + " " + Quote(b)).exit_code, 2);
}

TEST_F(DiffCliTest, HelpAndUsage) {
  CliRun r = RunParq("diff --help", Stderr::kMerged);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("usage: parq diff A B [--values-only] [--float-tolerance X] [--key COL] [--max-diffs N] [--json]\n", 0), 0u)
      << r.out;
  for (const char* flag : {"--values-only", "--float-tolerance X", "--key COL", "--max-diffs N", "--json",
                           "--no-verify-checksums"}) {
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
  }
  const std::string f = Quote(kTesting + "data/alltypes_plain.parquet");
  EXPECT_EQ(RunParq("diff " + f, Stderr::kDropped).exit_code, 2);
  EXPECT_EQ(RunParq("diff --float-tolerance -1 " + f + " " + f, Stderr::kDropped).exit_code, 2);
  EXPECT_EQ(RunParq("diff --max-diffs x " + f + " " + f, Stderr::kDropped).exit_code, 2);
  EXPECT_EQ(RunParq("diff " + f + " " + Quote((dir_ / "missing.parquet").string()), Stderr::kDropped).exit_code, 1);
}

// Every corpus file with expected rows equals itself, and its `parq
// rewrite` holds the same rows.  Two files hold wrong CRCs on purpose and
// are read with --no-verify-checksums.
TEST_F(DiffCliTest, CorpusFilesEqualThemselvesAndTheirRewrites) {
  const std::set<std::string> bad_crc = {"data/datapage_v1-corrupt-checksum.parquet",
                                         "data/rle-dict-uncompressed-corrupt-checksum.parquet"};
  std::ifstream manifest(kTesting + "expected/MANIFEST.tsv");
  ASSERT_TRUE(manifest) << "no corpus at " << kTesting;
  std::string line;
  std::getline(manifest, line);  // header
  int checked = 0;
  const std::string rewritten = (dir_ / "rewritten.parquet").string();
  while (std::getline(manifest, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    if (cols.size() < 5 || cols[4] == "none") continue;  // no expected rows
    SCOPED_TRACE(cols[0]);
    const std::string f = Quote(kTesting + cols[0]);
    const std::string crc = bad_crc.count(cols[0]) ? "--no-verify-checksums " : "";
    CliRun r = RunParq("diff " + crc + f + " " + f, Stderr::kDropped);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find(": equal ("), std::string::npos) << r.out;
    r = RunParq("rewrite " + crc + f + " " + Quote(rewritten), Stderr::kDropped);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    r = RunParq("diff --json " + crc + f + " " + Quote(rewritten), Stderr::kDropped);
    ASSERT_OK_AND_ASSIGN(JsonValue j, ParseJson(r.out));
    EXPECT_EQ(j.Find("row_differences")->text, "0") << r.out;
    EXPECT_EQ(j.Find("schema_differences")->text, "0") << r.out;
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

}  // namespace
}  // namespace parq
