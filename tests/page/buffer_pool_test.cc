// BufferPool: page buffers kept between column readers, bounded by bytes.
#include "page/buffer_pool.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace parq::page {
namespace {

TEST(BufferPoolTest, TakeFromAnEmptyPoolGivesAnEmptyBuffer) {
  BufferPool pool(1 << 20);
  Buffer b = pool.Take();
  EXPECT_EQ(b.capacity(), 0u);
  EXPECT_EQ(b.size(), 0u);
}

TEST(BufferPoolTest, GivenBuffersComeBackLastInFirstOutEmptyWithTheirCapacity) {
  BufferPool pool(1 << 20);
  Buffer small(1000), large(5000);
  const uint8_t* small_data = small.data();
  const uint8_t* large_data = large.data();
  pool.Give(std::move(small));
  pool.Give(std::move(large));
  EXPECT_EQ(pool.held_bytes(), 6000u);
  Buffer first = pool.Take();
  EXPECT_EQ(first.data(), large_data);
  EXPECT_EQ(first.capacity(), 5000u);
  EXPECT_EQ(first.size(), 0u);
  Buffer second = pool.Take();
  EXPECT_EQ(second.data(), small_data);
  EXPECT_EQ(pool.held_bytes(), 0u);
  EXPECT_EQ(pool.Take().capacity(), 0u);
}

TEST(BufferPoolTest, KeepsNoMoreThanItsLimitAndNoEmptyBuffers) {
  BufferPool pool(10'000);
  pool.Give(Buffer());
  EXPECT_EQ(pool.held_bytes(), 0u);
  pool.Give(Buffer(6000));
  pool.Give(Buffer(6000));  // would hold 12,000: freed
  EXPECT_EQ(pool.held_bytes(), 6000u);
  pool.Give(Buffer(4000));
  EXPECT_EQ(pool.held_bytes(), 10'000u);
  BufferPool none(0);
  none.Give(Buffer(1));
  EXPECT_EQ(none.held_bytes(), 0u);
}

// Threads taking and giving at once: what the pool holds at the end is what
// was given back and not taken again, within the limit.
TEST(BufferPoolTest, ManyThreadsTakeAndGive) {
  BufferPool pool(64 << 20);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&pool, t] {
      for (int i = 0; i < 2000; ++i) {
        Buffer b = pool.Take();
        b.Resize(static_cast<size_t>(1 + (i * 7 + t) % 4096));
        b.data()[b.size() - 1] = static_cast<uint8_t>(i);
        pool.Give(std::move(b));
      }
    });
  }
  for (auto& th : threads) th.join();
  size_t held = 0;
  for (Buffer b = pool.Take(); b.capacity() > 0; b = pool.Take()) held += b.capacity();
  EXPECT_GT(held, 0u);
  EXPECT_LE(held, size_t{64} << 20);
  EXPECT_EQ(pool.held_bytes(), 0u);
}

}  // namespace
}  // namespace parq::page
