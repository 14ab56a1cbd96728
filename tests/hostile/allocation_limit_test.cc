// ReaderOptions::max_allocation: a column reader refuses, before allocating,
// a chunk, page or dictionary that would take what it holds over the limit,
// and reads the same file to the end when the limit leaves room.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq::hostile {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kRows = 200'000;

// Writes to `path` one int64 column (zstd, PLAIN, two 800 KB pages) and one
// string column whose 50,000 distinct values make a dictionary page of about 1 MB.
Status WriteFile(const std::string& path) {
  PARQ_ASSIGN_OR_RETURN(Schema schema,
                        ParseMessageType("message m { required int64 a; required binary s (STRING); }"));
  WriterOptions options;
  options.column_defaults.compression = Compression::kZstd;
  options.data_page_size = 800'000;
  options.max_rows_per_page = 100'000;
  options.columns["a"] = options.column_defaults;
  options.columns["a"].dictionary = false;
  options.columns["s"] = options.column_defaults;
  options.columns["s"].dictionary_page_size_limit = 4 << 20;
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(path, schema, options));
  std::vector<int64_t> a(kRows);
  std::vector<std::string> text(kRows);
  std::vector<ByteArray> s(kRows);
  for (int64_t i = 0; i < kRows; ++i) {
    a[static_cast<size_t>(i)] = i * 7919;
    text[static_cast<size_t>(i)] = "value-" + std::to_string(i % 50'000);
    s[static_cast<size_t>(i)] = ByteArray{reinterpret_cast<const uint8_t*>(text[static_cast<size_t>(i)].data()),
                                          static_cast<uint32_t>(text[static_cast<size_t>(i)].size())};
  }
  PARQ_ASSIGN_OR_RETURN(auto* ints, w->typed_column<int64_t>(0));
  PARQ_RETURN_IF_ERROR(ints->WriteBatch(kRows, nullptr, nullptr, a.data()));
  PARQ_ASSIGN_OR_RETURN(auto* strs, w->typed_column<ByteArray>(1));
  PARQ_RETURN_IF_ERROR(strs->WriteBatch(kRows, nullptr, nullptr, s.data()));
  return w->Close();
}

// Reads every level of column `c`; the first error, or OK with *levels set.
template <typename T>
Status Drain(const FileReader& file, int c, int64_t* levels) {
  PARQ_ASSIGN_OR_RETURN(auto reader, file.OpenColumn(0, c));
  std::vector<T> values(4096);
  while (true) {
    int64_t read = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t n, reader->template As<T>()->ReadBatch(4096, nullptr, nullptr, values.data(), &read));
    if (n == 0) return Status::OK();
    *levels += n;
  }
}

class AllocationLimitTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string name = "parq_allocation_limit_" + std::to_string(getpid()) + ".parquet";
    path_ = new std::string((fs::temp_directory_path() / name).string());
    ASSERT_OK(WriteFile(*path_));
  }
  static void TearDownTestSuite() {
    std::remove(path_->c_str());
    delete path_;
  }
  static Result<std::unique_ptr<FileReader>> Open(int64_t limit, bool mmap) {
    ReaderOptions o;
    o.max_allocation = limit;
    return FileReader::Open(*path_, o, mmap);
  }
  static std::string* path_;
};
std::string* AllocationLimitTest::path_ = nullptr;

TEST_F(AllocationLimitTest, RoomyLimitReadsEverything) {
  for (bool mmap : {false, true}) {
    auto f = Open(8 << 20, mmap);
    ASSERT_OK(f);
    int64_t a = 0, s = 0;
    ASSERT_OK(Drain<int64_t>(**f, 0, &a));
    ASSERT_OK(Drain<ByteArray>(**f, 1, &s));
    EXPECT_EQ(a, kRows);
    EXPECT_EQ(s, kRows);
  }
}

TEST_F(AllocationLimitTest, ChunkReadWithPreadCountsAgainstTheLimit) {
  // The first window (1000 bytes: all the limit leaves) holds the header;
  // the page it starts does not fit.
  auto f = Open(1000, /*mmap=*/false);
  ASSERT_OK(f);
  int64_t levels = 0;
  const Status st = Drain<int64_t>(**f, 0, &levels);
  ASSERT_STATUS_HAS(st, StatusCode::kLimitExceeded, "bytes of the column chunk beside the 0");
  EXPECT_STATUS_HAS(st, StatusCode::kLimitExceeded, "exceeds max_allocation 1000");
  EXPECT_STATUS_HAS(st, StatusCode::kLimitExceeded, "column 'a'");
}

TEST_F(AllocationLimitTest, DecompressedPageCountsAgainstTheLimit) {
  // Mapped: the chunk costs nothing, but an 800 KB page does not fit 500 KB.
  auto f = Open(500'000, /*mmap=*/true);
  ASSERT_OK(f);
  int64_t levels = 0;
  const Status st = Drain<int64_t>(**f, 0, &levels);
  ASSERT_STATUS_HAS(st, StatusCode::kLimitExceeded, "page of 800000 bytes");
  EXPECT_STATUS_HAS(st, StatusCode::kLimitExceeded, "(page 0");
  EXPECT_EQ(levels, 0);
}

TEST_F(AllocationLimitTest, DictionaryCountsAgainstTheLimit) {
  auto f = Open(1'500'000, /*mmap=*/true);
  ASSERT_OK(f);
  int64_t levels = 0;
  // The int64 pages fit; the string dictionary (≈ 1 MB of text copied, plus
  // 16 bytes for each of its 50,000 entries, plus the decompressed page) does not.
  EXPECT_OK(Drain<int64_t>(**f, 0, &levels));
  levels = 0;
  const Status st = Drain<ByteArray>(**f, 1, &levels);
  ASSERT_STATUS_HAS(st, StatusCode::kLimitExceeded, "dictionary page of");
  EXPECT_STATUS_HAS(st, StatusCode::kLimitExceeded, "column 's'");
}

// A chunk larger than the limit, of pages that fit it, is read a window at a
// time (ReaderOptions::chunk_read_size) and so within the limit; read whole
// it is refused before anything is allocated.
TEST(AllocationLimitWindowsTest, ChunkLargerThanTheLimitReadsAWindowAtATime) {
  const std::string path =
      (fs::temp_directory_path() / ("parq_allocation_windows_" + std::to_string(getpid()) + ".parquet")).string();
  auto schema = ParseMessageType("message m { required int64 a; }");
  ASSERT_OK(schema);
  WriterOptions wo;
  wo.column_defaults.compression = Compression::kUncompressed;
  wo.column_defaults.dictionary = false;
  wo.max_rows_per_page = 10'000;  // 80 KB pages, a 1.6 MB chunk
  {
    auto w = FileWriter::Open(path, *schema, wo);
    ASSERT_OK(w);
    std::vector<int64_t> a(kRows);
    for (int64_t i = 0; i < kRows; ++i) a[static_cast<size_t>(i)] = i * 31;
    ASSERT_OK((*(*w)->typed_column<int64_t>(0))->WriteBatch(kRows, nullptr, nullptr, a.data()));
    ASSERT_OK((*w)->Close());
  }
  for (int64_t window : {int64_t{64} << 10, int64_t{1}, int64_t{0}}) {
    ReaderOptions o;
    o.max_allocation = 1'000'000;
    o.chunk_read_size = window;
    auto f = FileReader::Open(path, o, /*mmap=*/false);
    ASSERT_OK(f);
    ASSERT_GT((*f)->metadata().row_group(0).column(0).total_compressed_size(), o.max_allocation);
    int64_t levels = 0;
    const Status st = Drain<int64_t>(**f, 0, &levels);
    if (window > 0) {
      EXPECT_OK(st) << "window " << window;
      EXPECT_EQ(levels, kRows);
    } else {
      ASSERT_STATUS_HAS(st, StatusCode::kLimitExceeded, "exceeds max_allocation 1000000");
    }
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace parq::hostile
