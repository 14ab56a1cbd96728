// `parq convert` and long lines: a line longer than --max-line-bytes (64 MiB
// by default) ends the run with exit 1 naming the line, after reading no more
// than about the limit (a file without newlines, /dev/zero, once took all
// memory), and a long line within the limit converts holding about three
// times its size (a 50 MB line took 465 MB).  Peak memory is the child's
// own resident set (wait4), less that of a run that does nothing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "spawn_util.h"
#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
using parq::testing::ReadFileText;

using parq::testing::kRssIsParqs;
using parq::testing::RunParqMeasured;

class ConvertLineLimitTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-convert-limit-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    Put(P("schema.txt"), "message m {\n  required binary s (STRING);\n}\n");
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string P(const std::string& name) const { return (dir_ / name).string(); }
  static void Put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  // The resident set of a parq run that reads nothing, in KB.
  static long BaselineKb() { return RunParqMeasured({"--version"}).max_rss_kb; }
  fs::path dir_;
};

TEST_F(ConvertLineLimitTest, FileWithoutNewlinesStopsAtTheDefaultLimit) {
  const auto end = RunParqMeasured({"convert", "/dev/zero", P("out.parquet"), "--schema", P("schema.txt")}, P("err"));
  const std::string err = ReadFileText(P("err"));
  EXPECT_EQ(end.exit_code, 1) << err;
  EXPECT_NE(err.find("line 1 is longer than 67108864 bytes (--max-line-bytes)"), std::string::npos) << err;
  EXPECT_NE(err.find("/dev/zero:1"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(P("out.parquet")));
  // The 64 MiB read (its buffer grows by half) and nothing after it.
  if (kRssIsParqs) {
    EXPECT_LE(end.max_rss_kb - BaselineKb(), 2 * 64 * 1024) << "peak " << end.max_rss_kb << " KB";
  }
}

TEST_F(ConvertLineLimitTest, LongLineIsNamed) {
  const std::string ok = "{\"s\":\"" + std::string(92, 'a') + "\"}\n";  // 100 bytes and a newline
  const std::string bad = "{\"s\":\"" + std::string(93, 'a') + "\"}\n";  // 101 bytes and a newline
  Put(P("rows.jsonl"), ok + "\n" + bad + ok);
  const std::string args = "convert " + P("rows.jsonl") + " " + P("out.parquet") + " --schema " + P("schema.txt");
  const auto r = parq::testing::RunParq(args + " --max-line-bytes 100");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("line 3 is longer than 100 bytes (--max-line-bytes)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rows.jsonl:3"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(P("out.parquet")));
  // One byte more allowed, and the same rows convert; the last line may lack its newline.
  Put(P("rows.jsonl"), ok + "\n" + bad + ok.substr(0, ok.size() - 1));
  EXPECT_EQ(parq::testing::RunParq(args + " --max-line-bytes 101").exit_code, 0);
  EXPECT_EQ(parq::testing::RunParq("cat " + P("out.parquet")).out, ok + bad + ok);
  for (const char* v : {"0", "-5", "x", "12k", ""}) {
    EXPECT_EQ(parq::testing::RunParq(args + " --max-line-bytes '" + v + "'").exit_code, 2) << v;
  }
}

TEST_F(ConvertLineLimitTest, LongLineWithinTheLimitTakesThreeTimesItsSize) {
  constexpr size_t kValue = size_t{24} << 20;
  std::string line = "{\"s\":\"";
  for (size_t i = 0; i < kValue; ++i) line.push_back(static_cast<char>('a' + i % 26));
  line += "\"}\n";
  Put(P("rows.jsonl"), line);
  const size_t line_bytes = line.size();
  std::string().swap(line);  // not in the forked child's resident set
  const long baseline_kb = BaselineKb();
  const auto end = RunParqMeasured({"convert", P("rows.jsonl"), P("out.parquet"), "--schema", P("schema.txt")}, P("err"));
  ASSERT_EQ(end.exit_code, 0) << ReadFileText(P("err"));
  const long used_kb = end.max_rss_kb - baseline_kb;
  RecordProperty("line_bytes", std::to_string(line_bytes));
  RecordProperty("peak_rss_kb_over_baseline", std::to_string(used_kb));
  // 3 x the line, and 6 MiB for the writer's buffers (1 MiB of output, pages).
  if (kRssIsParqs) {
    EXPECT_LE(used_kb, static_cast<long>(3 * line_bytes / 1024 + 6144)) << "peak " << used_kb << " KB";
  }
  const auto r = parq::testing::RunParq("cat " + P("out.parquet"), parq::testing::Stderr::kShown);
  EXPECT_TRUE(r.out == ReadFileText(P("rows.jsonl"))) << r.out.size() << " bytes";
}

}  // namespace
