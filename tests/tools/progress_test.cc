// The progress line (tools/parq/progress.h) as a user sees it: drawn on
// stderr only when stderr is a terminal (here a pseudo-terminal made by
// script(1)), only once the run has taken PARQ_PROGRESS_AFTER_MS (a second
// unless set), never under --quiet, and for `cat` only when stdout is a file.
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
