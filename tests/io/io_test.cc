#include "parq/io.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace parq {
namespace {

std::string TempPath(const std::string& stem) {
  return testing::TempDir() + "/parq_io_" + stem + "_" + std::to_string(::getpid());
}

void ExpectReads(const RandomAccessFile& f, const std::string& content) {
  ASSERT_EQ(f.size(), content.size());
  uint8_t out[4];
  ASSERT_TRUE(f.ReadAt(2, 4, out).ok());
  EXPECT_EQ(std::string(reinterpret_cast<char*>(out), 4), content.substr(2, 4));
  Buffer scratch;
  auto view = f.Read(1, 3, &scratch);
  ASSERT_TRUE(view.ok());
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(view->data()), view->size()),
            content.substr(1, 3));
  // Past the end, a huge length, an offset that would wrap: all refused, nothing read.
  Status past = f.ReadAt(content.size() - 1, 2, out);
  EXPECT_EQ(past.code(), StatusCode::kCorrupt);
  EXPECT_NE(past.message().find("runs past the end"), std::string::npos) << past.ToString();
  EXPECT_EQ(f.ReadAt(0, uint64_t{1} << 62, out).code(), StatusCode::kCorrupt);
  EXPECT_EQ(f.ReadAt(~uint64_t{0}, 2, out).code(), StatusCode::kCorrupt);
  EXPECT_FALSE(f.Read(3, ~uint64_t{0} - 1, &scratch).ok());
  EXPECT_TRUE(f.ReadAt(content.size(), 0, out).ok());
}

TEST(IoTest, MemoryOwnedAndBorrowed) {
  std::string content = "PAR1 hello PAR1";
  auto owned = OpenMemory(content);
  ExpectReads(*owned, content);
  EXPECT_NE(owned->data(), nullptr);
  auto view = OpenMemoryView(reinterpret_cast<const uint8_t*>(content.data()), content.size());
  ExpectReads(*view, content);
}

TEST(IoTest, PreadAndMappedFiles) {
  std::string path = TempPath("read");
  std::string content = "0123456789abcdef";
  { std::ofstream(path, std::ios::binary) << content; }
  auto pread_file = OpenFile(path);
  ASSERT_TRUE(pread_file.ok()) << pread_file.status().ToString();
  ExpectReads(**pread_file, content);
  EXPECT_EQ((*pread_file)->data(), nullptr);
  auto mapped = OpenMappedFile(path);
  ASSERT_TRUE(mapped.ok());
  ExpectReads(**mapped, content);
  std::remove(path.c_str());
}

TEST(IoTest, MissingFileIsIOError) {
  auto f = OpenFile("/nonexistent/parq/file.parquet");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), StatusCode::kIOError);
  EXPECT_NE(f.status().message().find("/nonexistent/parq/file.parquet"), std::string::npos);
  EXPECT_FALSE(OpenMappedFile("/").ok());
}

TEST(IoTest, EmptyFileMaps) {
  std::string path = TempPath("empty");
  { std::ofstream(path, std::ios::binary); }
  auto mapped = OpenMappedFile(path);
  ASSERT_TRUE(mapped.ok());
  EXPECT_EQ((*mapped)->size(), 0u);
  std::remove(path.c_str());
}

TEST(IoTest, FileOutputBuffersLargeAndSmallWrites) {
  std::string path = TempPath("write");
  auto out = OpenFileOutput(path);
  ASSERT_TRUE(out.ok());
  std::string big(3 << 20, 'x');
  ASSERT_TRUE((*out)->Write("ab", 2).ok());
  ASSERT_TRUE((*out)->Write(big.data(), big.size()).ok());
  ASSERT_TRUE((*out)->Write("cd", 2).ok());
  EXPECT_EQ((*out)->Tell(), big.size() + 4);
  ASSERT_TRUE((*out)->Close().ok());
  EXPECT_FALSE((*out)->Write("z", 1).ok());
  auto in = OpenFile(path);
  ASSERT_TRUE(in.ok());
  EXPECT_EQ((*in)->size(), big.size() + 4);
  std::remove(path.c_str());
}

TEST(IoTest, AtomicRenameOnlyOnClose) {
  std::string path = TempPath("atomic");
  std::remove(path.c_str());
  {
    auto out = OpenFileOutput(path, {.atomic_rename = true});
    ASSERT_TRUE(out.ok());
    ASSERT_TRUE((*out)->Write("partial", 7).ok());
    // Dropped without Close: the real name never appears.
  }
  EXPECT_FALSE(OpenFile(path).ok());
  auto out = OpenFileOutput(path, {.atomic_rename = true});
  ASSERT_TRUE((*out)->Write("whole", 5).ok());
  EXPECT_FALSE(OpenFile(path).ok());
  ASSERT_TRUE((*out)->Close().ok());
  auto in = OpenFile(path);
  ASSERT_TRUE(in.ok());
  EXPECT_EQ((*in)->size(), 5u);
  std::remove(path.c_str());
}

TEST(IoTest, MemoryOutput) {
  MemoryOutputStream out;
  ASSERT_TRUE(out.Write("abc", 3).ok());
  EXPECT_EQ(out.Tell(), 3u);
  EXPECT_EQ(out.Take(), "abc");
}

}  // namespace
}  // namespace parq
