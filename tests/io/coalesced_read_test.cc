// Coalesced reads (io/coalesced_read.h) and FileReader::PreBuffer on top of
// them: the ranges merge as documented, the bytes found are the file's, and a
// row group's chunks pre-buffered take one read where OpenColumn alone takes
// one a chunk, decoding to the same values.
#include "io/coalesced_read.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq::io {
namespace {

using Ranges = std::vector<ByteRange>;

TEST(CoalesceRangesTest, MergesOverlapsAlwaysAndHolesWithinTheReadSize) {
  // Unsorted in, sorted and disjoint out; empty ranges dropped.
  EXPECT_EQ(CoalesceRanges({{100, 10}, {0, 10}, {50, 0}}, 0, 1000), (Ranges{{0, 10}, {100, 10}}));
  // Touching and overlapping ranges merge even with no hole allowed, and
  // even past the read size (the bytes are read once either way).
  EXPECT_EQ(CoalesceRanges({{0, 10}, {10, 10}, {5, 30}}, 0, 8), (Ranges{{0, 35}}));
  EXPECT_EQ(CoalesceRanges({{0, 100}, {0, 100}, {20, 10}}, 0, 10), (Ranges{{0, 100}}));
  // A hole up to hole_size merges; one byte more does not.
  EXPECT_EQ(CoalesceRanges({{0, 10}, {18, 2}}, 8, 1000), (Ranges{{0, 20}}));
  EXPECT_EQ(CoalesceRanges({{0, 10}, {19, 2}}, 8, 1000), (Ranges{{0, 10}, {19, 2}}));
  // A merge that would pass max_read_size starts a new read; a range larger
  // than it stays whole, alone.
  EXPECT_EQ(CoalesceRanges({{0, 40}, {40 + 4, 40}, {88, 40}}, 8, 100),
            (Ranges{{0, 84}, {88, 40}}));
  EXPECT_EQ(CoalesceRanges({{0, 10}, {12, 500}, {514, 10}}, 8, 100),
            (Ranges{{0, 10}, {12, 500}, {514, 10}}));
  EXPECT_TRUE(CoalesceRanges({}, 8, 100).empty());
}

TEST(CoalesceRangesTest, CoversEveryRangeAndReadsNoByteTwice) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 500; ++trial) {
    Ranges ranges;
    const int n = 1 + static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i) ranges.push_back({rng() % 10'000, rng() % 300});
    const uint64_t hole = rng() % 64, max_read = 1 + rng() % 2'000;
    const Ranges reads = CoalesceRanges(ranges, hole, max_read);
    for (size_t i = 1; i < reads.size(); ++i) {
      ASSERT_GT(reads[i].offset, reads[i - 1].end()) << "trial " << trial;  // disjoint, not touching
    }
    for (const ByteRange& r : ranges) {
      if (r.length == 0) continue;
      bool covered = false;
      for (const ByteRange& read : reads) covered |= read.offset <= r.offset && r.end() <= read.end();
      ASSERT_TRUE(covered) << "trial " << trial << " range " << r.offset << "+" << r.length;
    }
    // Every byte read lies in a range or in a hole of at most `hole` bytes.
    for (const ByteRange& read : reads) {
      uint64_t at = read.offset;
      while (at < read.end()) {
        uint64_t next_end = at;
        for (const ByteRange& r : ranges) {
          if (r.length > 0 && r.offset <= at && r.end() > at) next_end = std::max(next_end, r.end());
        }
        if (next_end == at) {  // a hole: the next range must start within `hole`
          uint64_t next_start = read.end();
          for (const ByteRange& r : ranges) {
            if (r.length > 0 && r.offset > at) next_start = std::min(next_start, r.offset);
          }
          ASSERT_LE(next_start - at, hole) << "trial " << trial;
          next_end = next_start;
        }
        at = next_end;
      }
    }
  }
}

// A file in memory that counts its reads (as a remote store would bill them).
class CountingFile final : public RandomAccessFile {
 public:
  explicit CountingFile(std::string bytes) : inner_(OpenMemory(std::move(bytes))) {}
  uint64_t size() const override { return inner_->size(); }
  const std::string& name() const override { return inner_->name(); }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    ++reads;
    return inner_->ReadAt(offset, length, out);
  }
  mutable std::atomic<int> reads{0};

 private:
  std::unique_ptr<RandomAccessFile> inner_;
};

std::string Pattern(size_t n) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>(i * 131 + 7);
  return s;
}

TEST(CoalescedBytesTest, FindsTheFileBytesOfAnyRangeOneReadHolds) {
  const std::string content = Pattern(5'000);
  CountingFile file(content);
  auto got = CoalescedBytes::Read(file, {{100, 50}, {160, 40}, {1'000, 10}, {4'990, 10}}, 16, 1'000, 10'000);
  ASSERT_OK(got);
  EXPECT_EQ((*got)->reads(), (Ranges{{100, 100}, {1'000, 10}, {4'990, 10}}));
  EXPECT_EQ((*got)->total_bytes(), 120u);
  EXPECT_EQ(file.reads.load(), 3);
  for (ByteRange r : {ByteRange{100, 50}, ByteRange{150, 10}, ByteRange{120, 80}, ByteRange{4'995, 5}}) {
    auto bytes = (*got)->Find(r);
    ASSERT_TRUE(bytes.has_value()) << r.offset;
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size()),
              content.substr(r.offset, r.length));
  }
  // Not held whole by one read: before, between, across the end of one.
  for (ByteRange r : {ByteRange{0, 10}, ByteRange{99, 2}, ByteRange{190, 20}, ByteRange{500, 1}}) {
    EXPECT_FALSE((*got)->Find(r).has_value()) << r.offset;
  }
  // A second set reusing the first's buffers holds its own bytes.
  auto again = CoalescedBytes::Read(file, {{2'000, 300}}, 16, 1'000, 10'000, *got);
  ASSERT_OK(again);
  auto bytes = (*again)->Find({2'100, 100});
  ASSERT_TRUE(bytes.has_value());
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes->data()), 100), content.substr(2'100, 100));
}

TEST(CoalescedBytesTest, RefusesRangesOutsideTheFileAndReadsOverTheLimit) {
  CountingFile file(Pattern(1'000));
  auto outside = CoalescedBytes::Read(file, {{0, 10}, {990, 20}}, 16, 1'000, 10'000);
  EXPECT_STATUS(outside, StatusCode::kCorrupt);
  auto wraps = CoalescedBytes::Read(file, {{~uint64_t{0} - 4, 10}}, 16, 1'000, 10'000);
  EXPECT_STATUS(wraps, StatusCode::kCorrupt);
  // A thousand ranges over the same bytes are one read of them, not a thousand.
  auto same = CoalescedBytes::Read(file, Ranges(1'000, ByteRange{0, 900}), 0, 100, 900);
  ASSERT_OK(same);
  EXPECT_EQ((*same)->total_bytes(), 900u);
  auto over = CoalescedBytes::Read(file, {{0, 500}, {600, 400}}, 16, 1'000, 899);
  EXPECT_STATUS_HAS(over, StatusCode::kLimitExceeded, "900 bytes exceed the limit of 899");
  EXPECT_EQ(file.reads.load(), 1);  // only the valid set was read
}

// 120 int64 columns, two row groups of 3,000 rows, 500-row pages.
Result<std::string> WriteWideFile() {
  std::string text = "message m {";
  for (int c = 0; c < 120; ++c) text += " optional int64 c" + std::to_string(c) + ";";
  text += " }";
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(text));
  WriterOptions options;
  options.max_rows_per_page = 500;
  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = out.get();
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(std::move(out), schema, options));
  std::vector<int64_t> values(3'000);
  std::vector<int16_t> defs(3'000);
  for (int g = 0; g < 2; ++g) {
    for (int c = 0; c < 120; ++c) {
      int64_t n = 0;
      for (int i = 0; i < 3'000; ++i) {
        defs[static_cast<size_t>(i)] = (i + c) % 9 == 0 ? 0 : 1;
        if (defs[static_cast<size_t>(i)]) values[static_cast<size_t>(n++)] = int64_t{g} * 1'000'000 + c * 3'001 + i;
      }
      PARQ_ASSIGN_OR_RETURN(auto* column, writer->typed_column<int64_t>(c));
      PARQ_RETURN_IF_ERROR(column->WriteBatch(3'000, defs.data(), nullptr, values.data()));
    }
    PARQ_RETURN_IF_ERROR(writer->EndRowGroup());
  }
  PARQ_RETURN_IF_ERROR(writer->Close());
  return sink->Take();
}

// Every value and level a column reader has left, as one text.
std::string ChunkText(ColumnReader* col) {
  std::string text;
  std::vector<int64_t> values(1'000);
  std::vector<int16_t> defs(1'000);
  while (true) {
    int64_t got = 0;
    auto n = col->As<int64_t>()->ReadBatch(1'000, defs.data(), nullptr, values.data(), &got);
    EXPECT_OK(n);
    if (!n.ok() || *n == 0) return text;
    for (int64_t i = 0; i < *n; ++i) text += std::to_string(defs[static_cast<size_t>(i)]) + ",";
    for (int64_t i = 0; i < got; ++i) text += std::to_string(values[static_cast<size_t>(i)]) + ";";
  }
}

std::string ReadChunk(const FileReader& file, int g, int c) {
  auto col = file.OpenColumn(g, c);
  EXPECT_OK(col);
  return col.ok() ? ChunkText(col->get()) : "";
}

TEST(PreBufferTest, ARowGroupsChunksTakeOneReadAndDecodeTheSame) {
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteWideFile());
  auto plain_file = std::make_shared<CountingFile>(bytes);
  auto plain = FileReader::Open(plain_file);
  ASSERT_OK(plain);
  auto file = std::make_shared<CountingFile>(bytes);
  auto reader = FileReader::Open(file);
  ASSERT_OK(reader);
  std::vector<int> all(120);
  for (int c = 0; c < 120; ++c) all[static_cast<size_t>(c)] = c;
  for (int g = 0; g < 2; ++g) {
    const int before_plain = plain_file->reads.load();
    std::vector<std::string> expected;
    for (int c = 0; c < 120; ++c) expected.push_back(ReadChunk(**plain, g, c));
    EXPECT_GE(plain_file->reads.load() - before_plain, 120);  // a read a chunk at least

    const int before = file->reads.load();
    ASSERT_OK((*reader)->PreBuffer({g}, all));
    EXPECT_EQ(file->reads.load() - before, 1);  // the row group's chunks lie side by side
    for (int c = 0; c < 120; ++c) EXPECT_EQ(ReadChunk(**reader, g, c), expected[static_cast<size_t>(c)]) << c;
    EXPECT_EQ(file->reads.load() - before, 1);  // and nothing more was read
  }
  // Released (or never pre-buffered): each chunk is read again.
  (*reader)->ReleasePreBuffered();
  const int before = file->reads.load();
  ReadChunk(**reader, 0, 5);
  EXPECT_GE(file->reads.load() - before, 1);
}

TEST(PreBufferTest, AReaderKeepsItsBytesPastTheNextPreBuffer) {
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteWideFile());
  auto reader = FileReader::Open(std::make_shared<CountingFile>(bytes));
  ASSERT_OK(reader);
  auto plain = FileReader::Open(std::make_shared<CountingFile>(bytes));
  ASSERT_OK(plain);
  ASSERT_OK((*reader)->PreBuffer({0}, {3, 4}));
  auto col = (*reader)->OpenColumn(0, 3);
  ASSERT_OK(col);
  // Replaced twice over (the second reuses no buffer the open reader holds).
  ASSERT_OK((*reader)->PreBuffer({1}, {3}));
  ASSERT_OK((*reader)->PreBuffer({1}, {7, 8}));
  const std::string text = ChunkText(col->get());
  EXPECT_EQ(text, ReadChunk(**plain, 0, 3));
  EXPECT_GT(text.size(), 3'000u);
  // Out of range indexes are refused.
  EXPECT_STATUS((*reader)->PreBuffer({2}, {0}), StatusCode::kInvalidArgument);
  EXPECT_STATUS((*reader)->PreBuffer({0}, {120}), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace parq::io
