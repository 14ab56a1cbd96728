// `parq convert` (and the row-group flags of `parq rewrite`) as a user runs
// them: cat + schema of a corpus file → convert → cat gives the same rows;
// errors name the input line and leave no output; usage errors exit 2.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
const std::string kParq = std::string(PARQ_BIN_DIR) + "/parq";
const std::string kTesting = std::string(PARQ_SHARED_DIR) + "/parquet-testing";

struct CliRun {
  int exit_code = -1;
  std::string out;  // stdout
};

CliRun RunParq(const std::string& args, bool merge_stderr = true) {
  CliRun r;
  std::string cmd = kParq + " " + args + (merge_stderr ? " 2>&1" : "");
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 65536> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = ::pclose(p);
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  return r;
}

std::string Q(const std::string& s) { return "'" + s + "'"; }

class ConvertCli : public ::testing::Test {
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

TEST_F(ConvertCli, CorpusFilesRoundTrip) {
  for (const char* f : {"data/alltypes_plain.parquet", "data/nested_lists.snappy.parquet",
                        "data/nested_maps.snappy.parquet", "data/nullable.impala.parquet",
                        "data/repeated_no_annotation.parquet", "data/int96_from_spark.parquet"}) {
    SCOPED_TRACE(f);
    const std::string in = kTesting + "/" + f;
    CliRun rows = RunParq("cat " + Q(in), false);
    ASSERT_EQ(rows.exit_code, 0);
    CliRun schema = RunParq("schema " + Q(in), false);
    ASSERT_EQ(schema.exit_code, 0);
    Put(P("rows.jsonl"), rows.out);
    Put(P("schema.txt"), schema.out);
    for (const char* opts : {"", "--codec zstd --page-version 2 --row-group-rows 3",
                             "--codec gzip --dictionary off --row-group-size 1 --page-size 100"}) {
      CliRun c = RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " +
                     Q(P("schema.txt")) + " " + opts);
      ASSERT_EQ(c.exit_code, 0) << opts << ": " << c.out;
      EXPECT_EQ(RunParq("cat " + Q(P("out.parquet")), false).out, rows.out) << opts;
      EXPECT_EQ(RunParq("schema " + Q(P("out.parquet")), false).out, schema.out) << opts;
    }
  }
}

TEST_F(ConvertCli, RowGroupFlags) {
  std::string lines;
  for (int i = 0; i < 10; ++i) lines += "{\"a\":" + std::to_string(i) + "}\n";
  Put(P("rows.jsonl"), lines);
  Put(P("schema.txt"), "message m { required int32 a; }\n");
  ASSERT_EQ(RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("a.parquet")) + " --schema " + Q(P("schema.txt")) +
                " --row-group-rows 4").exit_code, 0);
  CliRun meta = RunParq("meta --json " + Q(P("a.parquet")), false);
  ASSERT_EQ(meta.exit_code, 0);
  EXPECT_EQ(RunParq("cat " + Q(P("a.parquet")), false).out, lines);
  // 4 + 4 + 2 rows.
  ASSERT_EQ(RunParq("rewrite " + Q(P("a.parquet")) + " " + Q(P("b.parquet")) + " --row-group-rows 5").exit_code, 0);
  EXPECT_EQ(RunParq("cat " + Q(P("b.parquet")), false).out, lines);
  CliRun meta_b = RunParq("meta --json " + Q(P("b.parquet")), false);
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
  EXPECT_EQ(count(RunParq("meta --json " + Q(P("c.parquet")), false).out, "\"num_rows\":4"), 2u);
}

TEST_F(ConvertCli, ErrorsNameTheLineAndLeaveNoOutput) {
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

TEST_F(ConvertCli, UsageErrorsExitTwo) {
  Put(P("rows.jsonl"), "{\"a\":1}\n");
  Put(P("schema.txt"), "message m { required int32 a; }\n");
  const std::string io = Q(P("rows.jsonl")) + " " + Q(P("out.parquet"));
  EXPECT_EQ(RunParq("convert " + io).exit_code, 2);
  EXPECT_EQ(RunParq("convert " + Q(P("rows.jsonl")) + " --schema " + Q(P("schema.txt"))).exit_code, 2);
  EXPECT_EQ(RunParq("convert " + io + " --schema " + Q(P("schema.txt")) + " --codec lzo").exit_code, 2);
  EXPECT_EQ(RunParq("convert " + io + " --schema " + Q(P("schema.txt")) + " --row-group-rows 0").exit_code, 2);
  EXPECT_EQ(RunParq("rewrite " + io + " --row-group-size x").exit_code, 2);
  EXPECT_EQ(RunParq("convert " + Q(P("missing.jsonl")) + " " + Q(P("out.parquet")) + " --schema " + Q(P("schema.txt")))
                .exit_code, 1);
  EXPECT_FALSE(fs::exists(P("out.parquet")));
}

}  // namespace
