#include "parq/io.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

std::string TempPath(const std::string& stem) {
  return ::testing::TempDir() + "/parq_io_" + stem + "_" + std::to_string(::getpid());
}

void ExpectReads(const RandomAccessFile& f, const std::string& content) {
  ASSERT_EQ(f.size(), content.size());
  uint8_t out[4];
  ASSERT_OK(f.ReadAt(2, 4, out));
  EXPECT_EQ(std::string(reinterpret_cast<char*>(out), 4), content.substr(2, 4));
  Buffer scratch;
  auto view = f.Read(1, 3, &scratch);
  ASSERT_OK(view);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(view->data()), view->size()),
            content.substr(1, 3));
  // Past the end, a huge length, an offset that would wrap: all refused, nothing read.
  Status past = f.ReadAt(content.size() - 1, 2, out);
  EXPECT_STATUS_HAS(past, StatusCode::kCorrupt, "runs past the end");
  EXPECT_STATUS(f.ReadAt(0, uint64_t{1} << 62, out), StatusCode::kCorrupt);
  EXPECT_STATUS(f.ReadAt(~uint64_t{0}, 2, out), StatusCode::kCorrupt);
  EXPECT_NOT_OK(f.Read(3, ~uint64_t{0} - 1, &scratch));
  EXPECT_OK(f.ReadAt(content.size(), 0, out));
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
  ASSERT_OK(pread_file);
  ExpectReads(**pread_file, content);
  EXPECT_EQ((*pread_file)->data(), nullptr);
  auto mapped = OpenMappedFile(path);
  ASSERT_OK(mapped);
  ExpectReads(**mapped, content);
  std::remove(path.c_str());
}

// Resident kilobytes of the mapping of `path` in this process (Linux; the
// kernel prints the path normalized, so its file name is matched).
int64_t MappedRssKb(const std::string& full_path) {
  const std::string path = full_path.substr(full_path.rfind('/'));
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool in_mapping = false;
  int64_t kb = 0;
  while (std::getline(smaps, line)) {
    if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) && line.find('-') != std::string::npos &&
        line.find(' ') != std::string::npos && line.find(':') > line.find(' ')) {
      in_mapping = line.size() >= path.size() && line.compare(line.size() - path.size(), path.size(), path) == 0;
    } else if (in_mapping && line.rfind("Rss:", 0) == 0) {
      kb += std::stoll(line.substr(4));
    }
  }
  return kb;
}

// Writes `size` bytes that differ from page to page (byte i is
// i * step + i / 4096) to `path` and returns them.
std::string WritePatternFile(const std::string& path, size_t size, size_t step) {
  std::string content(size, '\0');
  for (size_t i = 0; i < content.size(); ++i) content[i] = static_cast<char>(i * step + i / 4096);
  std::ofstream(path, std::ios::binary) << content;
  return content;
}

TEST(IoTest, MappedFileDoneWithDropsPagesAndReadsStayValid) {
  const std::string path = TempPath("donewith");
  const std::string content = WritePatternFile(path, 16 << 20, 7);
  auto mapped = OpenMappedFile(path);
  ASSERT_OK(mapped);
  const RandomAccessFile& f = **mapped;
  uint64_t sum = 0;
  for (size_t i = 0; i < content.size(); i += 512) sum += f.data()[i];  // touch every page
  EXPECT_GT(sum, 0u);
  const int64_t touched = MappedRssKb(path);
  EXPECT_GE(touched, 15 * 1024) << "every page was read";
  // The first three quarters, with edges inside pages; then nonsense ranges.
  f.DoneWith(100, content.size() / 4 * 3);
  f.DoneWith(content.size() + 5, 10);
  f.DoneWith(content.size() - 1, ~uint64_t{0});
  f.DoneWith(0, 0);
  const int64_t after = MappedRssKb(path);
  EXPECT_LT(after, touched / 2) << "touched " << touched << " KiB";
  // Dropped pages read back from the file unchanged.
  for (size_t i = 0; i < content.size(); i += 4093) {
    ASSERT_EQ(static_cast<char>(f.data()[i]), content[i]) << "byte " << i;
  }
  ExpectReads(f, content);
  std::remove(path.c_str());
}

TEST(IoTest, MappedFileWillReadMapsPagesWithoutTouchingThem) {
  const std::string path = TempPath("willread");
  const std::string content = WritePatternFile(path, 8 << 20, 13);
  auto mapped = OpenMappedFile(path);
  ASSERT_OK(mapped);
  const RandomAccessFile& f = **mapped;
  const int64_t before = MappedRssKb(path);
  EXPECT_LT(before, 1024);
  // The middle half, edges inside pages; then nonsense ranges, ignored.
  f.WillRead(content.size() / 4 + 100, content.size() / 2);
  f.WillRead(content.size() + 5, 10);
  f.WillRead(content.size() - 1, ~uint64_t{0});
  f.WillRead(0, 0);
  // At least the range (the kernel may map around it: fault-around, large
  // folios; here 6 of the 8 MiB).
  const int64_t after = MappedRssKb(path);
  EXPECT_GE(after, 4 * 1024 - 8) << "before " << before << " KiB";
  for (size_t i = 0; i < content.size(); i += 4093) {
    ASSERT_EQ(static_cast<char>(f.data()[i]), content[i]) << "byte " << i;
  }
  ExpectReads(f, content);
  std::remove(path.c_str());
}

TEST(IoTest, ReadingAMappedParquetFileKeepsLittleResident) {
  // 4 columns x 2 row groups of 500,000 int64 each, uncompressed: 16 MB.
  const std::string path = TempPath("mapped_parquet");
  std::vector<std::unique_ptr<SchemaNode>> fields;
  for (int c = 0; c < 4; ++c) {
    fields.push_back(SchemaNode::MakePrimitive("c" + std::to_string(c), Repetition::kRequired, PhysicalType::kInt64));
  }
  auto schema = Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields)));
  ASSERT_OK(schema);
  WriterOptions options;
  options.column_defaults.compression = Compression::kUncompressed;
  options.column_defaults.dictionary = false;
  const int64_t rows = 500'000;
  std::vector<int64_t> values(rows);
  {
    auto writer = FileWriter::Open(path, *schema, options);
    ASSERT_OK(writer);
    for (int g = 0; g < 2; ++g) {
      for (int c = 0; c < 4; ++c) {
        for (int64_t i = 0; i < rows; ++i) values[static_cast<size_t>(i)] = i * 1'000'003 + c + g;  // NOLINT
        auto col = (*writer)->typed_column<int64_t>(c);
        ASSERT_OK(col);
        ASSERT_OK((*col)->WriteBatch(rows, nullptr, nullptr, values.data()));
      }
      if (g == 0) {
        ASSERT_OK((*writer)->EndRowGroup());
      }
    }
    ASSERT_OK((*writer)->Close());
  }
  auto reader = FileReader::Open(path, ReaderOptions(), /*mmap=*/true);
  ASSERT_OK(reader);
  int64_t peak_kb = 0;
  for (int g = 0; g < 2; ++g) {
    for (int c = 0; c < 4; ++c) {
      auto col = (*reader)->OpenColumn(g, c);
      ASSERT_OK(col);
      auto* typed = (*col)->As<int64_t>();
      ASSERT_NE(typed, nullptr);
      int64_t total = 0;
      while (total < rows) {
        int64_t values_read = 0;
        auto levels = typed->ReadBatch(rows - total, nullptr, nullptr, values.data() + total, &values_read);
        ASSERT_OK(levels);
        ASSERT_GT(values_read, 0);
        total += values_read;
      }
      ASSERT_EQ(values[12345], int64_t{12345} * 1'000'003 + c + g);
      peak_kb = std::max(peak_kb, MappedRssKb(path));
    }
  }
  // While a chunk is read its 4 MB are resident; once its reader is gone
  // they leave, so the mapping never holds the whole 16 MB file.
  EXPECT_GT(peak_kb, 3 * 1024);
  EXPECT_LT(peak_kb, 9 * 1024);
  EXPECT_LT(MappedRssKb(path), 1024);
  std::remove(path.c_str());
}

TEST(IoTest, MissingFileIsIOError) {
  auto f = OpenFile("/nonexistent/parq/file.parquet");
  ASSERT_STATUS_HAS(f, StatusCode::kIOError, "/nonexistent/parq/file.parquet");
  EXPECT_NOT_OK(OpenMappedFile("/"));
}

TEST(IoTest, EmptyFileMaps) {
  std::string path = TempPath("empty");
  { std::ofstream(path, std::ios::binary); }
  auto mapped = OpenMappedFile(path);
  ASSERT_OK(mapped);
  EXPECT_EQ((*mapped)->size(), 0u);
  std::remove(path.c_str());
}

TEST(IoTest, FileOutputBuffersLargeAndSmallWrites) {
  std::string path = TempPath("write");
  auto out = OpenFileOutput(path);
  ASSERT_OK(out);
  std::string big(3 << 20, 'x');
  ASSERT_OK((*out)->Write("ab", 2));
  ASSERT_OK((*out)->Write(big.data(), big.size()));
  ASSERT_OK((*out)->Write("cd", 2));
  EXPECT_EQ((*out)->Tell(), big.size() + 4);
  ASSERT_OK((*out)->Close());
  EXPECT_NOT_OK((*out)->Write("z", 1));
  auto in = OpenFile(path);
  ASSERT_OK(in);
  EXPECT_EQ((*in)->size(), big.size() + 4);
  std::remove(path.c_str());
}

TEST(IoTest, AtomicRenameOnlyOnClose) {
  std::string path = TempPath("atomic");
  std::remove(path.c_str());
  {
    auto out = OpenFileOutput(path, {.atomic_rename = true});
    ASSERT_OK(out);
    ASSERT_OK((*out)->Write("partial", 7));
    // Dropped without Close: the real name never appears.
  }
  EXPECT_NOT_OK(OpenFile(path));
  auto out = OpenFileOutput(path, {.atomic_rename = true});
  ASSERT_OK((*out)->Write("whole", 5));
  EXPECT_NOT_OK(OpenFile(path));
  ASSERT_OK((*out)->Close());
  auto in = OpenFile(path);
  ASSERT_OK(in);
  EXPECT_EQ((*in)->size(), 5u);
  std::remove(path.c_str());
}

// While an atomic output is written, nothing of it has a name where O_TMPFILE
// works (the unnamed file is linked in by Close, also over an existing file);
// the fallback (forced by PARQ_TEST_NO_O_TMPFILE=1) writes "<path>.tmp-<pid>".
TEST(IoTest, AtomicOutputIsUnnamedUntilClose) {
  const std::string path = TempPath("unnamed");
  const std::string temporary = path + ".tmp-" + std::to_string(::getpid());
  std::remove(path.c_str());
  for (bool fallback : {false, true}) {
    SCOPED_TRACE(fallback ? "fallback" : "O_TMPFILE");
    if (fallback) ::setenv("PARQ_TEST_NO_O_TMPFILE", "1", 1);
    for (const char* content : {"first", "second, over the first"}) {
      auto out = OpenFileOutput(path, {.atomic_rename = true});
      ASSERT_OK(out);
      ASSERT_OK((*out)->Write(content, std::strlen(content)));
      std::ifstream probe(temporary);
      EXPECT_EQ(probe.good(), fallback);
      ASSERT_OK((*out)->Close());
      EXPECT_FALSE(std::ifstream(temporary).good());
      std::stringstream got;
      got << std::ifstream(path).rdbuf();
      EXPECT_EQ(got.str(), content);
    }
    ::unsetenv("PARQ_TEST_NO_O_TMPFILE");
    std::remove(path.c_str());
  }
}

TEST(IoTest, MemoryOutput) {
  MemoryOutputStream out;
  ASSERT_OK(out.Write("abc", 3));
  EXPECT_EQ(out.Tell(), 3u);
  EXPECT_EQ(out.Take(), "abc");
}

}  // namespace
}  // namespace parq
