// ChunkWindow: the chunk bytes a PageReader holds — a view, or windows read
// from the file, at most two, the first of a step into the other buffer, all
// counted against max_allocation.
#include "page/chunk_window.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "page/page_test_util.h"
#include "testing/status_macros.h"

namespace parq::page {
namespace {

using testing_util::CountingBytes;
using testing_util::Range;
using testing_util::RecordingFile;

constexpr int64_t kNoLimit = std::numeric_limits<int64_t>::max();

// The byte the file holds at `offset` (see CountingBytes).
uint8_t ByteAt(uint64_t offset) { return static_cast<uint8_t>(offset % 251); }

TEST(ChunkWindowTest, AViewIsWholeAndReadsNothing) {
  const std::string bytes = CountingBytes(1000);
  RecordingFile mapped(bytes);
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  {
    ChunkWindow chunk(nullptr, /*reads_file=*/false, 10, kNoLimit);
    chunk.View(100, {data + 100, 500}, &mapped);
    EXPECT_EQ(chunk.length(), 500u);
    EXPECT_EQ(chunk.end(), 500u);
    EXPECT_EQ(chunk.FileOffset(7), 107u);
    EXPECT_EQ(chunk.HeldFrom(450), 50u);
    EXPECT_EQ(chunk.HeldFrom(600), 0u);
    chunk.BeginStep();
    EXPECT_OK(chunk.Ensure(0, 500, 0));
    EXPECT_EQ(chunk.At(42), data + 142);
    EXPECT_EQ(chunk.window_bytes(), 0);
    EXPECT_TRUE(mapped.done_with.empty());
  }
  // The mapped file is told it is done with the chunk, once.
  EXPECT_EQ(mapped.done_with, (std::vector<Range>{{100, 500}}));
  EXPECT_TRUE(mapped.reads.empty());
}

TEST(ChunkWindowTest, AWindowIsOneReadOfTheReadSizeFromTheOffsetAsked) {
  RecordingFile file(CountingBytes(10'000));
  ChunkWindow chunk(nullptr, /*reads_file=*/true, 300, kNoLimit);
  chunk.ReadFrom(file, 1000, 2000);
  EXPECT_EQ(chunk.end(), 0u);
  chunk.BeginStep();
  ASSERT_OK(chunk.Ensure(0, 10, 0));
  ASSERT_OK(chunk.Ensure(0, 300, 0));  // held already: no read
  EXPECT_EQ(file.reads, (std::vector<Range>{{1000, 300}}));
  EXPECT_EQ(chunk.end(), 300u);
  EXPECT_EQ(*chunk.At(299), ByteAt(1299));
  EXPECT_EQ(chunk.window_bytes(), 300);

  // More than the read size: what is asked, from where it is asked.
  ASSERT_OK(chunk.Ensure(250, 1000, 0));
  EXPECT_EQ(file.reads.back(), (Range{1250, 750}));
  EXPECT_EQ(chunk.HeldFrom(250), 750u);
  EXPECT_EQ(*chunk.At(250), ByteAt(1250));

  // Cut at the end of the chunk.
  ASSERT_OK(chunk.Ensure(1900, 1950, 0));
  EXPECT_EQ(file.reads.back(), (Range{2900, 100}));
  EXPECT_EQ(chunk.end(), 2000u);
  EXPECT_EQ(file.reads.size(), 3u);
}

TEST(ChunkWindowTest, ReadSizeZeroReadsTheRestOfTheChunk) {
  RecordingFile file(CountingBytes(5000));
  ChunkWindow chunk(nullptr, /*reads_file=*/true, 0, kNoLimit);
  chunk.ReadFrom(file, 10, 4000);
  chunk.BeginStep();
  ASSERT_OK(chunk.Ensure(0, 1, 0));
  ASSERT_OK(chunk.Ensure(0, 4000, 0));
  EXPECT_EQ(file.reads, (std::vector<Range>{{10, 4000}}));
}

// A step's first window goes into the buffer the bytes held before are not
// in, so those stay valid through the step; the step's later windows reuse
// its own buffer.
TEST(ChunkWindowTest, TheFirstWindowOfAStepLeavesTheBytesHandedOutBefore) {
  RecordingFile file(CountingBytes(10'000));
  ChunkWindow chunk(nullptr, /*reads_file=*/true, 100, kNoLimit);
  chunk.ReadFrom(file, 0, 10'000);

  chunk.BeginStep();
  ASSERT_OK(chunk.Ensure(0, 50, 0));
  const uint8_t* first = chunk.At(0);  // a page the first step hands out

  chunk.BeginStep();
  ASSERT_OK(chunk.Ensure(100, 150, 0));
  const uint8_t* second = chunk.At(100);
  EXPECT_NE(second, first);
  ASSERT_OK(chunk.Ensure(200, 250, 0));  // the same step: the same buffer
  EXPECT_EQ(chunk.At(200), second);
  for (uint64_t i = 0; i < 50; ++i) ASSERT_EQ(first[i], ByteAt(i)) << i;
  EXPECT_EQ(chunk.window_bytes(), 200);  // two windows held

  chunk.BeginStep();
  ASSERT_OK(chunk.Ensure(300, 350, 0));
  EXPECT_EQ(chunk.At(300), first);  // the first buffer again; the second kept
  for (uint64_t i = 0; i < 50; ++i) ASSERT_EQ(second[i], ByteAt(200 + i)) << i;
}

TEST(ChunkWindowTest, AWindowIsCutToTheRoomLeftUnderMaxAllocation) {
  RecordingFile file(CountingBytes(10'000));
  ChunkWindow chunk(nullptr, /*reads_file=*/true, 1000, /*max_allocation=*/700);
  chunk.ReadFrom(file, 0, 10'000);
  chunk.BeginStep();
  // 100 held beside: room for 600.
  ASSERT_OK(chunk.Ensure(0, 10, 100));
  EXPECT_EQ(file.reads.back(), (Range{0, 600}));

  // The next step's window counts the one still held (600) and what is held
  // beside (50): room for 50, less than the 60 asked.
  chunk.BeginStep();
  EXPECT_STATUS_HAS(chunk.Ensure(600, 660, 50), StatusCode::kLimitExceeded,
                    "reading 60 bytes of the column chunk beside the 650 the column reader holds "
                    "exceeds max_allocation 700");
  EXPECT_EQ(file.reads.size(), 1u);  // nothing read
  // What is asked fits the room exactly: read, though below the read size.
  ASSERT_OK(chunk.Ensure(600, 650, 50));
  EXPECT_EQ(file.reads.back(), (Range{600, 50}));
  EXPECT_EQ(chunk.window_bytes(), 650);
}

TEST(ChunkWindowTest, AFailedReadHoldsNothingAndSaysWhatItRead) {
  RecordingFile file(CountingBytes(1000));
  ChunkWindow chunk(nullptr, /*reads_file=*/true, 100, kNoLimit);
  chunk.ReadFrom(file, 0, 1000);
  chunk.BeginStep();
  ASSERT_OK(chunk.Ensure(0, 10, 0));
  file.fail_reads = true;
  EXPECT_STATUS_HAS(chunk.Ensure(50, 200, 0), StatusCode::kIOError, "reading the column chunk");
  EXPECT_EQ(chunk.HeldFrom(50), 0u);
  file.fail_reads = false;
  ASSERT_OK(chunk.Ensure(50, 200, 0));
  EXPECT_EQ(*chunk.At(199), ByteAt(199));
}

// The first window's buffer is taken from the pool when the chunk is to be
// read from its file, the second when first needed; both go back (the second
// first) when the ChunkWindow is destroyed.
TEST(ChunkWindowTest, WindowBuffersComeFromThePoolAndGoBack) {
  BufferPool pool(1 << 20);
  Buffer a(4000), b(3000);
  const uint8_t* a_data = a.data();
  const uint8_t* b_data = b.data();
  pool.Give(std::move(b));
  pool.Give(std::move(a));  // taken first
  RecordingFile file(CountingBytes(10'000));
  {
    ChunkWindow chunk(&pool, /*reads_file=*/true, 1000, kNoLimit);
    EXPECT_EQ(pool.held_bytes(), 3000u);
    chunk.ReadFrom(file, 0, 10'000);
    chunk.BeginStep();
    ASSERT_OK(chunk.Ensure(0, 10, 0));
    EXPECT_EQ(chunk.At(0), a_data);
    EXPECT_EQ(pool.held_bytes(), 3000u);
    chunk.BeginStep();
    ASSERT_OK(chunk.Ensure(1000, 1010, 0));
    EXPECT_EQ(chunk.At(1000), b_data);
    EXPECT_EQ(pool.held_bytes(), 0u);
  }
  EXPECT_EQ(pool.held_bytes(), 7000u);
  EXPECT_EQ(pool.Take().data(), a_data);
  EXPECT_EQ(pool.Take().data(), b_data);

  // A chunk in memory takes nothing.
  pool.Give(Buffer(100));
  {
    ChunkWindow view(&pool, /*reads_file=*/false, 1000, kNoLimit);
    EXPECT_EQ(pool.held_bytes(), 100u);
  }
  EXPECT_EQ(pool.held_bytes(), 100u);
}

}  // namespace
}  // namespace parq::page
