// PageReader: the pages of a chunk written by PageWriter read back the same
// from memory and a window at a time, each window one ReadAt from the first
// page not yet read; errors name the page and the offset of its header.
#include "page/page_reader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "page/page_test_util.h"
#include "page/page_writer.h"
#include "testing/status_macros.h"

namespace parq::page {
namespace {

using testing_util::Range;
using testing_util::RecordingFile;

// A file of "PAR1" and one chunk of data pages v1 (SNAPPY, with CRCs), each
// of 125 random int64 values.
struct TestChunk {
  std::string file;
  format::ColumnMetaData md;
  std::vector<std::vector<uint8_t>> values;  // of each page
  std::vector<uint64_t> page_offsets;        // file offset of each page
};

void MakeChunk(int pages, TestChunk* chunk) {
  ASSERT_OK_AND_ASSIGN(auto writer, PageWriter::Make(Compression::kSnappy, std::nullopt, true));
  std::vector<uint8_t> bytes = {'P', 'A', 'R', '1'};
  std::mt19937 rng(7);
  for (int p = 0; p < pages; ++p) {
    std::vector<uint8_t> values(1000);
    for (auto& v : values) v = static_cast<uint8_t>(rng() % 16);  // compresses a little
    DataPageInput in;
    in.num_values = 125;
    in.num_rows = 125;
    in.values = &values;
    chunk->page_offsets.push_back(bytes.size());
    ASSERT_OK(writer->WriteDataPageV1(in, &bytes));
    chunk->values.push_back(std::move(values));
  }
  chunk->file.assign(bytes.begin(), bytes.end());
  chunk->md.type = format::Type::INT64;
  chunk->md.codec = format::CompressionCodec::SNAPPY;
  chunk->md.num_values = int64_t{125} * pages;
  chunk->md.data_page_offset = 4;
  chunk->md.total_compressed_size = static_cast<int64_t>(bytes.size() - 4);
}

// Reads every page of `file`'s chunk, appending their values to *values.
void ReadPages(const RandomAccessFile& file, const TestChunk& chunk, const ReaderOptions& options,
               std::vector<std::vector<uint8_t>>* values) {
  ASSERT_OK_AND_ASSIGN(auto reader, PageReader::Open(file, chunk.md, options, std::nullopt));
  Page page;
  while (true) {
    ASSERT_OK_AND_ASSIGN(bool more, reader->Next(&page));
    if (!more) break;
    EXPECT_EQ(page.type, PageType::kDataPage);
    EXPECT_EQ(page.file_offset, chunk.page_offsets[values->size()]);
    values->emplace_back(page.values.begin(), page.values.end());
  }
  EXPECT_EQ(reader->values_seen(), chunk.md.num_values);
}

TEST(PageReaderTest, PagesReadInWindowsAreThePagesInMemory) {
  TestChunk chunk;
  ASSERT_NO_FATAL_FAILURE(MakeChunk(12, &chunk));
  auto memory = OpenMemory(chunk.file);
  std::vector<std::vector<uint8_t>> in_memory;
  ASSERT_NO_FATAL_FAILURE(ReadPages(*memory, chunk, ReaderOptions(), &in_memory));
  EXPECT_EQ(in_memory, chunk.values);

  for (int64_t window : {int64_t{0}, int64_t{1}, int64_t{2500}}) {
    SCOPED_TRACE("window " + std::to_string(window));
    RecordingFile file(chunk.file);
    ReaderOptions options;
    options.chunk_read_size = window;
    std::vector<std::vector<uint8_t>> windowed;
    ASSERT_NO_FATAL_FAILURE(ReadPages(file, chunk, options, &windowed));
    EXPECT_EQ(windowed, chunk.values);
    // Windows of 2,500 bytes hold two pages and the start of the third:
    // each is read from the first page not yet read.
    if (window == 2500) {
      const uint64_t end = chunk.file.size();
      ASSERT_FALSE(file.reads.empty());
      for (const Range& read : file.reads) {
        EXPECT_NE(std::find(chunk.page_offsets.begin(), chunk.page_offsets.end(), read.offset),
                  chunk.page_offsets.end())
            << read.offset;
        EXPECT_EQ(read.length, std::min<uint64_t>(2500, end - read.offset)) << read.offset;
      }
      EXPECT_EQ(file.reads.size(), 6u);
      EXPECT_EQ(file.reads.back().offset + file.reads.back().length, end);
    }
  }
}

TEST(PageReaderTest, AnErrorNamesThePageAndTheOffsetOfItsHeader) {
  TestChunk chunk;
  ASSERT_NO_FATAL_FAILURE(MakeChunk(4, &chunk));
  chunk.file[chunk.page_offsets[3] - 1] ^= 0x55;  // the end of page 2's body
  const std::string where = "(page 2, file offset " + std::to_string(chunk.page_offsets[2]) + ")";
  auto memory = OpenMemory(chunk.file);
  RecordingFile file(chunk.file);
  ReaderOptions options;
  options.verify_checksums = true;
  for (const RandomAccessFile* f : {static_cast<const RandomAccessFile*>(memory.get()),
                                    static_cast<const RandomAccessFile*>(&file)}) {
    ASSERT_OK_AND_ASSIGN(auto reader, PageReader::Open(*f, chunk.md, options, std::nullopt));
    Page page;
    for (int p = 0; p < 2; ++p) ASSERT_OK(reader->Next(&page));
    const Result<bool> bad = reader->Next(&page);
    EXPECT_STATUS_HAS(bad, StatusCode::kCorrupt, "page CRC32 mismatch");
    EXPECT_STATUS_HAS(bad, StatusCode::kCorrupt, where);
  }
}

}  // namespace
}  // namespace parq::page
