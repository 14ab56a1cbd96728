// The progress line (tools/parq/progress.h) as a user sees it: drawn on
// stderr only when stderr is a terminal (here a pseudo-terminal made by
// script(1)), only once the run has taken PARQ_PROGRESS_AFTER_MS (a second
// unless set), never under --quiet, and for `cat` only when stdout is a file;
// `verify` and `diff` as well.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
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
