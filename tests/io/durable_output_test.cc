// An atomic FileOutput (FileOutputOptions::atomic_rename) is durable: Close()
// fsyncs the file before its name appears at the destination, and the
// destination's directory after.  This executable replaces fsync (the
// definition below takes precedence over libc's) to see each call: what the
// descriptor is, and what the destination holds at that moment.  A plain
// output is not synced.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "parq/io.h"
#include "testing/status_macros.h"

namespace {

struct SyncCall {
  bool directory = false;
  std::string destination;  // its bytes when fsync was called; "-" when it did not exist
};

// Set while a test watches; fsync is called on this thread only.
std::vector<SyncCall>* g_calls = nullptr;
const std::string* g_destination = nullptr;

std::string Contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "-";
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

extern "C" int fsync(int fd) {
  if (g_calls != nullptr) {
    struct stat st;
    SyncCall c;
    c.directory = ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
    c.destination = Contents(*g_destination);
    g_calls->push_back(std::move(c));
  }
  return static_cast<int>(::syscall(SYS_fsync, fd));
}

namespace parq {
namespace {

std::string TempPath(const std::string& stem) {
  return ::testing::TempDir() + "/parq_durable_" + stem + "_" + std::to_string(::getpid());
}

// Writes "new bytes" to `path` through an output of `options` and returns the
// fsync calls its Close() made.
std::vector<SyncCall> WriteWatched(const std::string& path, FileOutputOptions options) {
  std::vector<SyncCall> calls;
  auto out = OpenFileOutput(path, options);
  EXPECT_OK(out);
  if (!out.ok()) return calls;
  EXPECT_OK((*out)->Write("new bytes", 9));
  g_calls = &calls;
  g_destination = &path;
  EXPECT_OK((*out)->Close());
  g_calls = nullptr;
  g_destination = nullptr;
  return calls;
}

TEST(DurableOutputTest, FileSyncedBeforeItsNameAndDirectoryAfter) {
  for (bool fallback : {false, true}) {
    for (bool replaces : {false, true}) {
      SCOPED_TRACE(std::string(fallback ? "renamed temporary" : "O_TMPFILE") +
                   (replaces ? ", over an old file" : ", a new name"));
      if (fallback) ::setenv("PARQ_TEST_NO_O_TMPFILE", "1", 1);
      const std::string path = TempPath(std::to_string(fallback) + std::to_string(replaces));
      std::remove(path.c_str());
      if (replaces) std::ofstream(path, std::ios::binary) << "old";
      const std::vector<SyncCall> calls = WriteWatched(path, {.atomic_rename = true});
      ::unsetenv("PARQ_TEST_NO_O_TMPFILE");
      ASSERT_EQ(calls.size(), 2u);
      // The file, while the destination is still what it was.
      EXPECT_FALSE(calls[0].directory);
      EXPECT_EQ(calls[0].destination, replaces ? "old" : "-");
      // Its directory, once the destination is the new file.
      EXPECT_TRUE(calls[1].directory);
      EXPECT_EQ(calls[1].destination, "new bytes");
      EXPECT_EQ(Contents(path), "new bytes");
      std::remove(path.c_str());
    }
  }
}

TEST(DurableOutputTest, PlainOutputIsNotSynced) {
  const std::string path = TempPath("plain");
  const std::vector<SyncCall> calls = WriteWatched(path, {});
  EXPECT_TRUE(calls.empty());
  EXPECT_EQ(Contents(path), "new bytes");
  std::remove(path.c_str());
}

}  // namespace
}  // namespace parq
