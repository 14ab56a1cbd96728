// An atomic FileOutput (FileOutputOptions::atomic_rename) is durable: Close()
// fsyncs the file before its name appears at the destination, and the
// destination's directory after.  This executable replaces fsync (the
// definition below takes precedence over libc's) to see each call: what the
// descriptor is, and what the destination holds at that moment.  A plain
// output is not synced.  sync_file_range is replaced too, to see the early
// writeback of an atomic output's bytes.
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

// The ranges of sync_file_range calls while a test watches (replaced as
// fsync is: the definition below takes precedence over libc's).
struct WritebackCall {
  int64_t offset = 0, length = 0;
  unsigned flags = 0;
};
std::vector<WritebackCall>* g_writebacks = nullptr;

extern "C" int sync_file_range(int fd, off64_t offset, off64_t nbytes, unsigned int flags) {
  if (g_writebacks != nullptr) g_writebacks->push_back({offset, nbytes, flags});
  return static_cast<int>(::syscall(SYS_sync_file_range, fd, offset, nbytes, flags));
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

// An atomic output hands its bytes to the disk as they are written, in
// steps of 8 MiB, without waiting (so that Close's fsync has only the tail
// left); a plain output leaves that to the kernel.
TEST(DurableOutputTest, AtomicOutputStartsWritebackAsBytesCome) {
  const std::string block(300 * 1000, 'x');  // not a divisor of the step
  const int blocks = 70;                      // 21 MB: two whole steps
  for (bool atomic : {true, false}) {
    SCOPED_TRACE(atomic ? "atomic" : "plain");
    const std::string path = TempPath(atomic ? "writeback_atomic" : "writeback_plain");
    std::remove(path.c_str());
    std::vector<WritebackCall> calls;
    auto out = OpenFileOutput(path, {.atomic_rename = atomic});
    ASSERT_OK(out);
    g_writebacks = &calls;
    for (int b = 0; b < blocks; ++b) ASSERT_OK((*out)->Write(block.data(), block.size()));
    ASSERT_OK((*out)->Close());
    g_writebacks = nullptr;
    if (atomic) {
      ASSERT_EQ(calls.size(), 2u);
      int64_t next = 0;
      for (const WritebackCall& c : calls) {
        EXPECT_EQ(c.offset, next);  // each picks up where the last left off
        EXPECT_GE(c.length, int64_t{8} << 20);
        EXPECT_EQ(c.flags, static_cast<unsigned>(SYNC_FILE_RANGE_WRITE));  // starts, never waits
        next = c.offset + c.length;
      }
      EXPECT_LE(next, int64_t{blocks} * static_cast<int64_t>(block.size()));
    } else {
      EXPECT_TRUE(calls.empty());
    }
    const std::string back = Contents(path);
    ASSERT_EQ(back.size(), block.size() * blocks);
    EXPECT_EQ(back.find_first_not_of('x'), std::string::npos);
    std::remove(path.c_str());
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
