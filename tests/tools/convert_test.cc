// `parq convert` (and the row-group flags of `parq rewrite`) as a user runs
// them: cat + schema of a corpus file → convert → cat gives the same rows;
// errors name the input line and leave no output; usage errors exit 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
const std::string kTesting = std::string(PARQ_SHARED_DIR) + "/parquet-testing";

using parq::testing::CliRun;
using parq::testing::RunParq;
using parq::testing::Stderr;
std::string Q(const std::string& s) { return parq::testing::Quote(s); }

class ConvertCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-convert-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string P(const std::string& name) const { return (dir_ / name).string(); }
  static void Put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  fs::path dir_;
};

TEST_F(ConvertCliTest, CorpusFilesRoundTrip) {
  for (const char* f : {"data/alltypes_plain.parquet", "data/nested_lists.snappy.parquet",
                        "data/nested_maps.snappy.parquet", "data/nullable.impala.parquet",
                        "data/repeated_no_annotation.parquet", "data/int96_from_spark.parquet"}) {
    SCOPED_TRACE(f);
    const std::string in = kTesting + "/" + f;
    CliRun rows = RunParq("cat " + Q(in), Stderr::kShown);
    ASSERT_EQ(rows.exit_code, 0);
    CliRun schema = RunParq("schema " + Q(in), Stderr::kShown);
    ASSERT_EQ(schema.exit_code, 0);
    Put(P("rows.jsonl"), rows.out);
    Put(P("schema.txt"), schema.out);
    for (const char* opts : {"", "--codec zstd --page-version 2 --row-group-rows 3",
                             "--codec gzip --dictionary off --row-group-size 1 --page-size 100"}) {
      CliRun c = RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " +
                     Q(P("schema.txt")) + " " + opts);
      ASSERT_EQ(c.exit_code, 0) << opts << ": " << c.out;
      EXPECT_EQ(RunParq("cat " + Q(P("out.parquet")), Stderr::kShown).out, rows.out) << opts;
      EXPECT_EQ(RunParq("schema " + Q(P("out.parquet")), Stderr::kShown).out, schema.out) << opts;
    }
  }
}

TEST_F(ConvertCliTest, RowGroupFlags) {
  std::string lines;
  for (int i = 0; i < 10; ++i) lines += "{\"a\":" + std::to_string(i) + "}\n";
  Put(P("rows.jsonl"), lines);
  Put(P("schema.txt"), "message m { required int32 a; }\n");
  ASSERT_EQ(RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("a.parquet")) + " --schema " + Q(P("schema.txt")) +
                " --row-group-rows 4").exit_code, 0);
  CliRun meta = RunParq("meta --json " + Q(P("a.parquet")), Stderr::kShown);
  ASSERT_EQ(meta.exit_code, 0);
  EXPECT_EQ(RunParq("cat " + Q(P("a.parquet")), Stderr::kShown).out, lines);
  // 4 + 4 + 2 rows.
  ASSERT_EQ(RunParq("rewrite " + Q(P("a.parquet")) + " " + Q(P("b.parquet")) + " --row-group-rows 5").exit_code, 0);
  EXPECT_EQ(RunParq("cat " + Q(P("b.parquet")), Stderr::kShown).out, lines);
  CliRun meta_b = RunParq("meta --json " + Q(P("b.parquet")), Stderr::kShown);
  auto count = [](const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
    return n;
  };
  // Each row group lists its own num_rows.
  EXPECT_EQ(count(meta.out, "\"num_rows\":4"), 2u) << meta.out.substr(0, 400);
  EXPECT_EQ(count(meta.out, "\"num_rows\":2"), 1u);
  EXPECT_EQ(count(meta_b.out, "\"num_rows\":5"), 2u) << meta_b.out.substr(0, 400);
  // The plain rewrite keeps the input's groups.
  ASSERT_EQ(RunParq("rewrite " + Q(P("a.parquet")) + " " + Q(P("c.parquet"))).exit_code, 0);
  EXPECT_EQ(count(RunParq("meta --json " + Q(P("c.parquet")), Stderr::kShown).out, "\"num_rows\":4"), 2u);
}

// FLOAT values, in rows and in `meta`'s statistics, print the shortest text
// that round-trips through binary32 (docs/rows-as-json.md): 2345552400, not
// the exact 2345552384 of the binary64 text.
TEST_F(ConvertCliTest, FloatsPrintTheShortestBinary32Text) {
  Put(P("schema.txt"), "message m { required float f; optional double d; }\n");
  const std::string lines = "{\"f\":2345552400,\"d\":2345552384}\n{\"f\":-1234568000,\"d\":null}\n"
                            "{\"f\":0.1,\"d\":0.1}\n{\"f\":1e+10,\"d\":1e+21}\n";
  Put(P("rows.jsonl"), lines);
  ASSERT_EQ(RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("f.parquet")) + " --schema " + Q(P("schema.txt")))
                .exit_code,
            0);
  EXPECT_EQ(RunParq("cat " + Q(P("f.parquet")), Stderr::kShown).out, lines);
  CliRun meta = RunParq("meta " + Q(P("f.parquet")), Stderr::kShown);
  EXPECT_NE(meta.out.find("min -1234568000"), std::string::npos) << meta.out;
  EXPECT_NE(meta.out.find("max 1e+10"), std::string::npos) << meta.out;
  CliRun json = RunParq("meta --json " + Q(P("f.parquet")), Stderr::kShown);
  EXPECT_NE(json.out.find("-1234568000"), std::string::npos) << json.out;
  EXPECT_EQ(json.out.find("-1234567936"), std::string::npos) << json.out;
}

TEST_F(ConvertCliTest, ErrorsNameTheLineAndLeaveNoOutput) {
  Put(P("schema.txt"), "message m {\n  required int32 a;\n  optional binary s (STRING);\n}\n");
  Put(P("rows.jsonl"), "{\"a\":1,\"s\":\"x\"}\n\n{\"a\":null}\n");
  CliRun r = RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " + Q(P("schema.txt")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("rows.jsonl:3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("null in a required field"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(P("out.parquet")));
  for (const auto& e : fs::directory_iterator(dir_)) {
    EXPECT_EQ(e.path().filename().string().find("out.parquet"), std::string::npos) << e.path();
  }

  Put(P("rows.jsonl"), "{\"a\":1}\n{\"a\":\"two\"}\n");
  r = RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " + Q(P("schema.txt")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("rows.jsonl:2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("field 'a'"), std::string::npos) << r.out;

  Put(P("rows.jsonl"), "{\"a\":1}\n{\"a\":2\n");
  r = RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " + Q(P("schema.txt")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("rows.jsonl:2"), std::string::npos) << r.out;

  Put(P("bad_schema.txt"), "message m {\n  required int33 a;\n}\n");
  r = RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " + Q(P("bad_schema.txt")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("bad_schema.txt"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(P("out.parquet")));
}

TEST_F(ConvertCliTest, UsageErrorsExitTwo) {
  Put(P("rows.jsonl"), "{\"a\":1}\n");
  Put(P("schema.txt"), "message m { required int32 a; }\n");
  const std::string io = Q(P("rows.jsonl")) + " " + Q(P("out.parquet"));
  EXPECT_EQ(RunParq("convert " + io).exit_code, 2);
  EXPECT_EQ(RunParq("convert " + Q(P("rows.jsonl")) + " --schema " + Q(P("schema.txt"))).exit_code, 2);
  EXPECT_EQ(RunParq("convert " + io + " --schema " + Q(P("schema.txt")) + " --codec lzma").exit_code, 2);
  EXPECT_EQ(RunParq("convert " + io + " --schema " + Q(P("schema.txt")) + " --row-group-rows 0").exit_code, 2);
  EXPECT_EQ(RunParq("rewrite " + io + " --row-group-size x").exit_code, 2);
  EXPECT_EQ(RunParq("convert " + Q(P("missing.jsonl")) + " " + Q(P("out.parquet")) + " --schema " + Q(P("schema.txt")))
                .exit_code, 1);
  EXPECT_FALSE(fs::exists(P("out.parquet")));
}

}  // namespace
