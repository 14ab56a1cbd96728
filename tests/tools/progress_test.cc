// The progress line (tools/parq/progress.h) as a user sees it: drawn on
// stderr only when stderr is a terminal (here a pseudo-terminal made by
// script(1)), only once the run has taken PARQ_PROGRESS_AFTER_MS (a second
// unless set), never under --quiet, and for `cat` only when stdout is a file;
// `rewrite` (each path), `verify`, `diff`, `merge`, `prune` and `convert`
// (JSON lines and CSV) as well.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
using parq::testing::kParqBinary;
using parq::testing::Quote;

const std::string kFile = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_plain.parquet";

// Runs shell text `cmd` with `env` before it; in a pseudo-terminal when
// `tty` (what the terminal shows comes back), else with stderr into the pipe.
std::string RunWithEnv(const std::string& env, const std::string& cmd, bool tty) {
  const std::string shell = env + " " + cmd;
  // Double quotes around `shell`, whose paths are single-quoted.
  const std::string full = tty ? "script -qec \"" + shell + "\" /dev/null" : "sh -c \"" + shell + "\" 2>&1";
  return parq::testing::RunShell(full).out;
}

class ProgressTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::system("script -V >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1) to make a terminal";
    dir_ = fs::path(::testing::TempDir()) / ("parq_progress_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    out_ = Quote((dir_ / "rows.jsonl").string());
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
  std::string out_;
  const std::string parq_ = Quote(kParqBinary);
};

TEST_F(ProgressTest, CatToAFileOnATerminalShowsRowsThenClearsTheLine) {
  const std::string shown = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", parq_ + " cat " + Quote(kFile) + " > " + out_, true);
  EXPECT_NE(shown.find("\rparq cat: 1 rows\033[K"), std::string::npos) << shown;
  EXPECT_NE(shown.find("\r\033[K"), std::string::npos) << shown;
}

TEST_F(ProgressTest, RewriteOnATerminal) {
  const std::string out = Quote((dir_ / "out.parquet").string());
  const std::string shown = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", parq_ + " rewrite " + Quote(kFile) + " " + out + " --no-raw-copy", true);
  EXPECT_NE(shown.find("\rparq rewrite: row group 1 / 1, column 1 / 11\033[K"), std::string::npos) << shown;
}

TEST_F(ProgressTest, VerifyOnATerminal) {
  const std::string verify = parq_ + " verify " + Quote(kFile);
  const std::string shown = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", verify, true);
  EXPECT_NE(shown.find("\rparq verify: row group 1 / 1, column 1 / 11, 8 values\033[K"), std::string::npos) << shown;
  // Cleared before the report.
  EXPECT_NE(shown.find("\r\033[K" + kFile + ": ok, no findings"), std::string::npos) << shown;
  // Piped, under --quiet, or shorter than the default second: none.
  EXPECT_EQ(RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", verify, false).find("parq verify:"), std::string::npos);
  EXPECT_EQ(RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", verify + " --quiet", true).find("parq verify:"), std::string::npos);
  EXPECT_EQ(RunWithEnv("", verify, true).find("parq verify:"), std::string::npos);
}

TEST_F(ProgressTest, DiffOnATerminal) {
  const std::string f = Quote(std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_tiny_pages.parquet");
  const std::string diff = parq_ + " diff " + f + " " + f;
  // Told every 1024 rows read, of A and B together (7300 rows each).
  std::string shown = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", diff, true);
  EXPECT_NE(shown.find("\rparq diff: rows 512 / 7300 of A, 512 / 7300 of B\033[K"), std::string::npos) << shown;
  EXPECT_NE(shown.find("\r\033[K"), std::string::npos) << shown;
  EXPECT_NE(shown.find(": equal (7300 rows)"), std::string::npos) << shown;
  // By key, the ids not sorted: B's rows are read first, then A's.
  shown = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", diff + " --key id", true);
  EXPECT_NE(shown.find("\rparq diff: rows 0 / 7300 of A, 1024 / 7300 of B\033[K"), std::string::npos) << shown;
  EXPECT_EQ(RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", diff, false).find("parq diff:"), std::string::npos);
  EXPECT_EQ(RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", diff + " -q", true).find("parq diff:"), std::string::npos);
  EXPECT_EQ(RunWithEnv("", diff, true).find("parq diff:"), std::string::npos);
}

// A verb's progress on a terminal: `line` drawn, then cleared; none when
// stderr is piped, under --quiet, or in a run shorter than the default
// second.  `run(i)` is the command of the i-th run (each writes its own
// output file).
void ExpectProgressOnlyOnATerminal(const std::function<std::string(int)>& run, const std::string& verb,
                                   const std::string& line) {
  const std::string shown = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", run(0), true);
  const size_t at = shown.find("\rparq " + verb + ": " + line + "\033[K");
  EXPECT_NE(at, std::string::npos) << shown;
  EXPECT_NE(shown.find("\r\033[K", at == std::string::npos ? 0 : at + 1), std::string::npos) << shown;
  const std::string label = "parq " + verb + ":";
  const std::string piped = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", run(1), false);
  EXPECT_EQ(piped.find(label), std::string::npos) << piped;
  const std::string quiet = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", run(2) + " --quiet", true);
  EXPECT_EQ(quiet.find(label), std::string::npos) << quiet;
  const std::string quick = RunWithEnv("", run(3), true);
  EXPECT_EQ(quick.find(label), std::string::npos) << quick;
}

TEST_F(ProgressTest, MergeOnATerminal) {
  ExpectProgressOnlyOnATerminal(
      [&](int i) {
        return parq_ + " merge " + Quote((dir_ / ("merged" + std::to_string(i) + ".parquet")).string()) + " " +
               Quote(kFile) + " " + Quote(kFile);
      },
      "merge", "file 1 / 2, row group 1 / 1");
  // Each run wrote its file.
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(fs::exists(dir_ / ("merged" + std::to_string(i) + ".parquet"))) << i;
}

// rewrite's three paths: the raw copy, the chunk-by-chunk decoding
// (--no-raw-copy, or a flag that changes the pages) and the regrouping of
// rows (--row-group-rows).
TEST_F(ProgressTest, RewriteOnATerminalOnEveryPath) {
  const auto rewrite = [&](const std::string& name, const std::string& flags) {
    return [this, name, flags](int i) {
      return parq_ + " rewrite " + Quote(kFile) + " " +
             Quote((dir_ / (name + std::to_string(i) + ".parquet")).string()) + flags;
    };
  };
  ExpectProgressOnlyOnATerminal(rewrite("raw", ""), "rewrite", "row group 1 / 1 (raw copy)");
  ExpectProgressOnlyOnATerminal(rewrite("decoded", " --no-raw-copy"), "rewrite", "row group 1 / 1, column 1 / 11");
  ExpectProgressOnlyOnATerminal(rewrite("regrouped", " --row-group-rows 3"), "rewrite", "1 / 8 rows");
  for (const char* name : {"raw", "decoded", "regrouped"}) {
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(fs::exists(dir_ / (name + std::to_string(i) + ".parquet"))) << name << i;
  }
}

TEST_F(ProgressTest, PruneOnATerminal) {
  ExpectProgressOnlyOnATerminal(
      [&](int i) {
        return parq_ + " prune " + Quote(kFile) + " " +
               Quote((dir_ / ("pruned" + std::to_string(i) + ".parquet")).string()) + " --drop-columns bool_col";
      },
      "prune", "row group 1 / 1");
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(fs::exists(dir_ / ("pruned" + std::to_string(i) + ".parquet"))) << i;
}

TEST_F(ProgressTest, ConvertOnATerminal) {
  const std::string jsonl = (dir_ / "rows.jsonl").string();
  const std::string csv = (dir_ / "rows.csv").string();
  const std::string schema = (dir_ / "schema.txt").string();
  std::ofstream(jsonl) << "{\"id\":1,\"s\":\"a\"}\n{\"id\":2,\"s\":null}\n";
  std::ofstream(csv) << "id,s\n1,a\n2,\n";
  std::ofstream(schema) << "message m { required int64 id; optional binary s (STRING); }";
  // The line is drawn at the first row (then every 1024th, at most every 200 ms).
  ExpectProgressOnlyOnATerminal(
      [&](int i) {
        return parq_ + " convert " + Quote(jsonl) + " " +
               Quote((dir_ / ("json" + std::to_string(i) + ".parquet")).string()) + " --schema " + Quote(schema);
      },
      "convert", "1 rows");
  ExpectProgressOnlyOnATerminal(
      [&](int i) {
        return parq_ + " convert " + Quote(csv) + " " + Quote((dir_ / ("csv" + std::to_string(i) + ".parquet")).string());
      },
      "convert", "1 rows");
  for (int i = 0; i < 4; ++i) {
    EXPECT_TRUE(fs::exists(dir_ / ("json" + std::to_string(i) + ".parquet"))) << i;
    EXPECT_TRUE(fs::exists(dir_ / ("csv" + std::to_string(i) + ".parquet"))) << i;
  }
}

TEST_F(ProgressTest, CatToAFileAsCsvOnATerminal) {
  ExpectProgressOnlyOnATerminal(
      [&](int i) {
        return parq_ + " cat " + Quote(kFile) + " --format csv > " +
               Quote((dir_ / ("rows" + std::to_string(i) + ".csv")).string());
      },
      "cat", "1 rows");
  for (int i = 0; i < 4; ++i) EXPECT_GT(fs::file_size(dir_ / ("rows" + std::to_string(i) + ".csv")), 0u) << i;
}

TEST_F(ProgressTest, AbsentWhenPipedQuietShortOrNotToAFile) {
  const std::string cat = parq_ + " cat " + Quote(kFile);
  // stderr is a pipe.
  EXPECT_EQ(RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", cat + " > " + out_, false), "");
  // --quiet.
  EXPECT_EQ(RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", cat + " --quiet > " + out_, true).find("parq cat:"), std::string::npos);
  // A run shorter than the default second.
  EXPECT_EQ(RunWithEnv("", cat + " > " + out_, true).find("parq cat:"), std::string::npos);
  // stdout is not a file: the rows are on the terminal, no progress beside them.
  const std::string shown = RunWithEnv("PARQ_PROGRESS_AFTER_MS=0", cat, true);
  EXPECT_EQ(shown.find("parq cat:"), std::string::npos) << shown;
  EXPECT_NE(shown.find("\"id\":4"), std::string::npos) << shown;
}

}  // namespace
