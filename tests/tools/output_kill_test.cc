// `parq rewrite` and `parq convert` killed at random moments (SIGTERM,
// SIGINT, SIGKILL; seeded): the destination is afterwards absent (or its old
// self, byte for byte, when it existed) or the whole new file, and nothing
// else is left in the directory.  The output is an unnamed O_TMPFILE file
// linked in by a successful Close; where the file system lacks O_TMPFILE the
// fallback's temporary sibling is removed by the SIGINT / SIGTERM handler
// (forced here with the test-only PARQ_TEST_NO_O_TMPFILE=1).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "parq/file_writer.h"
#include "spawn_util.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::ReadFileText;
using testing::SpawnParq;
using testing::WaitChild;

constexpr int64_t kRows = 120000;
const char kSchema[] = "message m {\n  required int64 id;\n  required binary s (STRING);\n}\n";

// Whether the file system of `dir` creates O_TMPFILE files.
bool HasUnnamedFiles(const fs::path& dir) {
#ifdef O_TMPFILE
  const int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  ::close(fd);
  return true;
#else
  (void)dir;
  return false;
#endif
}

class OutputKillTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("parq-output-kill-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    // The same rows as a file (for rewrite) and as JSON lines (for convert).
    std::string text;
    std::ofstream(P("schema.txt")) << kSchema;
    auto schema = ParseMessageType(kSchema);
    ASSERT_OK(schema);
    auto writer = FileWriter::Open(P("in.parquet"), *schema);
    ASSERT_OK(writer);
    std::vector<int64_t> ids;
    std::vector<std::string> strings;
    uint64_t x = 31;
    for (int64_t r = 0; r < kRows; ++r) {
      std::string s;
      for (int k = 0; k < 48; ++k) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        s.push_back(static_cast<char>('a' + (x >> 60)));
      }
      text += "{\"id\":" + std::to_string(r) + ",\"s\":\"" + s + "\"}\n";
      ids.push_back(r);
      strings.push_back(std::move(s));
    }
    std::vector<ByteArray> views;
    for (const std::string& s : strings) views.emplace_back(s);
    auto ids_col = (*writer)->typed_column<int64_t>(0);
    ASSERT_OK(ids_col);
    ASSERT_OK((*ids_col)->WriteBatch(kRows, nullptr, nullptr, ids.data()));
    auto s_col = (*writer)->typed_column<ByteArray>(1);
    ASSERT_OK(s_col);
    ASSERT_OK((*s_col)->WriteBatch(kRows, nullptr, nullptr, views.data()));
    ASSERT_OK((*writer)->Close());
    std::ofstream(P("in.jsonl"), std::ios::binary) << text;
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  void TearDown() override {
    for (const char* f : {"out.parquet", "ref.parquet"}) fs::remove(P(f));
  }

  static std::string P(const std::string& name) { return (dir_ / name).string(); }

  // The arguments of `verb` writing `out` (gzip, so that it takes a while).
  static std::vector<std::string> Args(const std::string& verb, const std::string& out) {
    if (verb == "rewrite") return {"rewrite", P("in.parquet"), out, "--codec", "gzip"};
    return {"convert", P("in.jsonl"), out, "--schema", P("schema.txt"), "--codec", "gzip"};
  }

  // Runs `verb` to its end into ref.parquet; returns how long it took.
  static double Reference(const std::string& verb) {
    const auto t0 = std::chrono::steady_clock::now();
    const testing::ChildEnd end = WaitChild(SpawnParq(Args(verb, P("ref.parquet"))));
    EXPECT_EQ(end.exit_code, 0) << verb;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  // The names in the directory besides the inputs and the reference.
  static std::set<std::string> Others() {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.insert(e.path().filename().string());
    for (const char* f : {"in.parquet", "in.jsonl", "schema.txt", "ref.parquet"}) names.erase(f);
    return names;
  }

  // One run killed with `sig` after `delay` seconds (`old`: the destination's
  // bytes before, "" when absent), and the checks.  `env` goes to the child;
  // with `wait_for_temporary` the kill waits until the fallback's temporary
  // exists, so its removal is what is tested.
  static void KillOnce(const std::string& verb, int sig, double delay, const std::string& old, bool expect_no_leftover,
                       const std::vector<std::string>& env = {}, bool wait_for_temporary = false) {
    const std::string out = P("out.parquet");
    fs::remove(out);
    if (!old.empty()) std::ofstream(out, std::ios::binary) << old;
    const pid_t pid = SpawnParq(Args(verb, out), "", "", env);
    ASSERT_GT(pid, 0);
    if (wait_for_temporary) {
      const std::string temporary = out + ".tmp-" + std::to_string(pid);
      for (int i = 0; i < 4000 && !fs::exists(temporary); ++i) std::this_thread::sleep_for(std::chrono::microseconds(500));
      EXPECT_TRUE(fs::exists(temporary)) << "the fallback's temporary never appeared";
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    ::kill(pid, sig);
    const testing::ChildEnd end = WaitChild(pid);
    const std::string what = verb + " signal " + std::to_string(sig) + " after " + std::to_string(delay) + " s";
    if (end.signal == 0) {
      EXPECT_EQ(end.exit_code, 0) << what;  // done before the signal came
    } else {
      EXPECT_EQ(end.signal, sig) << what;
    }
    const bool exists = fs::exists(out);
    const std::string now = exists ? ReadFileText(out) : std::string();
    const bool whole_new = exists && now == ReadFileText(P("ref.parquet"));
    if (end.signal == 0) {
      EXPECT_TRUE(whole_new) << what << ": finished, but the destination is not the new file";
    } else if (old.empty()) {
      EXPECT_TRUE(!exists || whole_new) << what << ": a destination that was absent holds " << now.size() << " bytes";
    } else {
      EXPECT_TRUE(now == old || whole_new) << what << ": the old destination changed to " << now.size() << " bytes";
    }
    if (expect_no_leftover) {
      std::set<std::string> others = Others();
      others.erase("out.parquet");
      EXPECT_TRUE(others.empty()) << what << ": left " << *others.begin();
    }
  }

  static fs::path dir_;
};

fs::path OutputKillTest::dir_;

TEST_F(OutputKillTest, KilledRunsLeaveTheOldDestinationOrTheNewOne) {
  const bool unnamed = HasUnnamedFiles(dir_);
  if (!unnamed) std::fprintf(stderr, "no O_TMPFILE under %s: SIGKILL may leave the fallback's temporary\n", dir_.c_str());
  std::mt19937 rng(31);
  for (const std::string verb : {"rewrite", "convert"}) {
    const double full = Reference(verb);
    for (int sig : {SIGTERM, SIGINT, SIGKILL}) {
      for (const std::string& old : {std::string(), std::string("the old destination's bytes")}) {
        for (int i = 0; i < 2; ++i) {
          const double delay = std::uniform_real_distribution<double>(0, 1.1 * full)(rng);
          KillOnce(verb, sig, delay, old, unnamed || sig != SIGKILL);
        }
      }
    }
  }
}

TEST_F(OutputKillTest, FallbackTemporaryIsRemovedOnSigtermAndSigint) {
  std::mt19937 rng(32);
  const std::vector<std::string> env = {"PARQ_TEST_NO_O_TMPFILE=1"};
  for (const std::string verb : {"rewrite", "convert"}) {
    const double full = Reference(verb);
    for (int sig : {SIGTERM, SIGINT}) {
      for (int i = 0; i < 2; ++i) {
        const double delay = std::uniform_real_distribution<double>(0, 0.5 * full)(rng);
        KillOnce(verb, sig, delay, i == 0 ? std::string() : std::string("old"), true, env, true);
      }
    }
  }
}

}  // namespace
}  // namespace parq
