// `parq convert --partition-by` killed with SIGKILL at random moments
// (seeded): the destination directory is afterwards absent, or (when the
// tree was renamed into place before the signal) the whole tree, file for file and byte for byte as an
// uninterrupted run writes it.  The temporary tree a killed run leaves beside
// the destination is removed by the next run.  SIGINT and SIGTERM at random
// moments of `parq convert` and `parq rewrite --partition-by`: the process
// removes its temporary tree itself and ends by the signal, the destination
// absent (or whole, when the signal came once the tree was complete).
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "spawn_util.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::ReadFileText;
using testing::SpawnParq;
using testing::WaitChild;

class PartitionKillTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-partition-kill-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::ofstream(P("schema.txt")) << "message m {\n  required int64 id;\n  required int32 k1;\n"
                                      "  required binary k2 (STRING);\n  required binary s (STRING);\n}\n";
    std::string text;
    uint64_t x = 17;
    for (int64_t r = 0; r < 60000; ++r) {
      std::string s;
      for (int k = 0; k < 48; ++k) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        s.push_back(static_cast<char>('a' + (x >> 60)));
      }
      text += "{\"id\":" + std::to_string(r) + ",\"k1\":" + std::to_string(r % 10) + ",\"k2\":\"" +
              std::string(1, static_cast<char>('a' + (r / 10) % 5)) + "/x\",\"s\":\"" + s + "\"}\n";
    }
    std::ofstream(P("in.jsonl"), std::ios::binary) << text;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string P(const std::string& name) const { return (dir_ / name).string(); }
  std::vector<std::string> Args(const std::string& out) const {
    return {"convert", P("in.jsonl"), out, "--schema", P("schema.txt"), "--codec", "gzip",
            "--partition-by", "k1,k2", "--max-rows-per-file", "700"};
  }
  // Every file of a tree, by relative path, with its bytes.
  static std::map<std::string, std::string> Tree(const fs::path& root) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (e.is_regular_file()) out[fs::relative(e.path(), root).string()] = ReadFileText(e.path().string());
    }
    return out;
  }
  // Names in the test directory that start with '.': temporaries.
  std::vector<std::string> Hidden() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) {
      if (e.path().filename().string()[0] == '.') out.push_back(e.path().filename().string());
    }
    return out;
  }

  // Waits until a run's temporary tree appears beside the destination (the
  // run is under way), at most `limit` seconds. A signal sent then always
  // lands mid-run, however the machine's load stretches the runs; the random
  // delays of the other attempts cover the start and the end.
  void WaitUntilUnderWay(double limit) const {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(limit);
    while (Hidden().empty() && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  fs::path dir_;
};

TEST_F(PartitionKillTest, KilledRunsLeaveNoPartialOutput) {
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(WaitChild(SpawnParq(Args(P("ref")))).exit_code, 0);
  const double full = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::map<std::string, std::string> ref = Tree(P("ref"));
  ASSERT_EQ(ref.size(), 50u * 2);  // 50 partitions of 1200 rows, 700 a file
  EXPECT_TRUE(fs::is_directory(P("ref/k1=3/k2=d%2Fx")));  // '/' in a value: %2F
  const uint32_t seed = std::random_device{}();
  std::mt19937 rng(seed);
  int killed = 0;
  for (int i = 0; i < 8; ++i) {
    const double delay = std::uniform_real_distribution<double>(0, 1.1 * full)(rng);
    const std::string what = "seed " + std::to_string(seed) + ", kill " + (i == 0 ? std::string("once under way") : "after " + std::to_string(delay) + " s");
    const std::string out = P("out");
    fs::remove_all(out);
    const pid_t pid = SpawnParq(Args(out));
    ASSERT_GT(pid, 0);
    if (i == 0) {
      WaitUntilUnderWay(10 * full + 5);
    } else {
      std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    }
    ::kill(pid, SIGKILL);
    const testing::ChildEnd end = WaitChild(pid);
    if (end.signal == SIGKILL && fs::exists(out)) {
      // Killed after the tree was renamed into place (while the process
      // synced its parent or exited: slow under the sanitizers' exit-time
      // checks): the destination is the whole tree.
      EXPECT_TRUE(Tree(out) == ref) << what << ": a killed run left a partial destination";
    } else if (end.signal == SIGKILL) {
      ++killed;
    } else {
      EXPECT_EQ(end.exit_code, 0) << what;
      EXPECT_TRUE(Tree(out) == ref) << what << ": finished, but the tree is not the whole one";
    }
  }
  EXPECT_GT(killed, 0) << "seed " << seed;
  // A run after the killed ones removes their temporaries and finishes.
  fs::remove_all(P("out"));
  ASSERT_EQ(WaitChild(SpawnParq(Args(P("out")))).exit_code, 0);
  EXPECT_TRUE(Tree(P("out")) == ref);
  EXPECT_TRUE(Hidden().empty()) << Hidden().front();
}

TEST_F(PartitionKillTest, InterruptedRunsRemoveTheirTemporaryTree) {
  ASSERT_EQ(WaitChild(SpawnParq({"convert", P("in.jsonl"), P("in.parquet"), "--schema", P("schema.txt")})).exit_code,
            0);
  const std::vector<std::string> rewrite = {"rewrite", P("in.parquet"), P("out"), "--codec", "gzip",
                                            "--partition-by", "k1,k2", "--max-rows-per-file", "700"};
  const uint32_t seed = std::random_device{}();
  std::mt19937 rng(seed);
  for (const bool is_rewrite : {false, true}) {
    const std::vector<std::string> args = is_rewrite ? rewrite : Args(P("out"));
    fs::remove_all(P("out"));
    const auto t0 = std::chrono::steady_clock::now();
    ASSERT_EQ(WaitChild(SpawnParq(args)).exit_code, 0);
    const double full = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::map<std::string, std::string> ref = Tree(P("out"));
    ASSERT_EQ(ref.size(), 50u * 2);
    int interrupted = 0;
    for (int i = 0; i < 6; ++i) {
      const int sig = rng() % 2 == 0 ? SIGINT : SIGTERM;
      // Mostly inside the run, a few at its very start or after it.
      const double delay = std::uniform_real_distribution<double>(0, 1.1 * full)(rng);
      const std::string what = std::string(is_rewrite ? "rewrite" : "convert") + ", seed " + std::to_string(seed) +
                               ", " + (sig == SIGINT ? "SIGINT" : "SIGTERM") +
                               (i == 0 ? std::string(" once under way") : " after " + std::to_string(delay) + " s");
      fs::remove_all(P("out"));
      const pid_t pid = SpawnParq(args, "", "/dev/null");
      ASSERT_GT(pid, 0);
      if (i == 0) {
        WaitUntilUnderWay(10 * full + 5);
      } else {
        std::this_thread::sleep_for(std::chrono::duration<double>(delay));
      }
      ::kill(pid, sig);
      const testing::ChildEnd end = WaitChild(pid);
      // No temporary is left, whenever the signal came.
      EXPECT_TRUE(Hidden().empty()) << what << ": " << Hidden().front();
      if (end.signal != 0) {
        EXPECT_EQ(end.signal, sig) << what;
        if (fs::exists(P("out"))) {
          EXPECT_TRUE(Tree(P("out")) == ref) << what << ": a partial destination";
        } else {
          ++interrupted;
        }
      } else {
        EXPECT_EQ(end.exit_code, 0) << what;
        EXPECT_TRUE(Tree(P("out")) == ref) << what << ": finished, but the tree is not the whole one";
      }
    }
    EXPECT_GT(interrupted, 0) << "seed " << seed;
  }
}

}  // namespace
}  // namespace parq
