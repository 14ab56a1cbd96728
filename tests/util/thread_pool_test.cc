#include "parq/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "testing/status_macros.h"

namespace parq {
namespace {

TEST(ThreadPoolTest, MakeRejectsZeroNegativeAndTooMany) {
  EXPECT_STATUS_HAS(ThreadPool::Make(0).status(), StatusCode::kInvalidArgument, "thread pool of 0 threads");
  EXPECT_STATUS(ThreadPool::Make(-3).status(), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ThreadPool::Make(ThreadPool::kMaxThreads + 1).status(), StatusCode::kInvalidArgument);
  ASSERT_OK_AND_ASSIGN(auto pool, ThreadPool::Make(3));
  EXPECT_EQ(pool->size(), 3);
}

TEST(ThreadPoolTest, ParallelForRunsEveryIndexExactlyOnce) {
  ASSERT_OK_AND_ASSIGN(auto pool, ThreadPool::Make(4));
  for (size_t n : {size_t{0}, size_t{1}, size_t{2}, size_t{5}, size_t{1000}}) {
    std::vector<std::atomic<int>> runs(n);
    pool->ParallelFor(n, [&](size_t i) { runs[i].fetch_add(1); });
    for (size_t i = 0; i < n; ++i) EXPECT_EQ(runs[i].load(), 1) << "index " << i << " of " << n;
  }
}

TEST(ThreadPoolTest, ParallelForUsesWorkersAndTheCaller) {
  ASSERT_OK_AND_ASSIGN(auto pool, ThreadPool::Make(2));
  std::mutex mutex;
  std::set<std::thread::id> ids;
  // Each item waits for the others to start, so one thread cannot take them all.
  std::atomic<int> started{0};
  pool->ParallelFor(3, [&](size_t) {
    started.fetch_add(1);
    while (started.load() < 3) std::this_thread::yield();
    std::lock_guard<std::mutex> lock(mutex);
    ids.insert(std::this_thread::get_id());
  });
  EXPECT_EQ(ids.size(), 3u);
  EXPECT_EQ(ids.count(std::this_thread::get_id()), 1u);
}

TEST(ThreadPoolTest, NestedParallelForDoesNotDeadlock) {
  // One worker, busy with the outer loop: the inner loops run on their callers.
  for (int threads : {1, 2}) {
    ASSERT_OK_AND_ASSIGN(auto pool, ThreadPool::Make(threads));
    std::vector<std::atomic<int>> cells(8 * 16);
    pool->ParallelFor(8, [&](size_t i) {
      pool->ParallelFor(16, [&](size_t j) {
        pool->ParallelFor(2, [&](size_t) { cells[i * 16 + j].fetch_add(1); });
      });
    });
    for (auto& c : cells) EXPECT_EQ(c.load(), 2);
  }
}

TEST(ThreadPoolTest, ParallelForFromInsideASubmittedTask) {
  ASSERT_OK_AND_ASSIGN(auto pool, ThreadPool::Make(1));
  std::atomic<int> sum{0};
  std::future<void> done = pool->Submit([&] {
    pool->ParallelFor(100, [&](size_t i) { sum.fetch_add(static_cast<int>(i)); });
  });
  done.wait();
  EXPECT_EQ(sum.load(), 4950);
}

TEST(ThreadPoolTest, SubmitFuturesAreReadyWhenTheTaskHasRun) {
  ASSERT_OK_AND_ASSIGN(auto pool, ThreadPool::Make(2));
  std::vector<int> out(50, 0);
  std::vector<std::future<void>> futures;
  for (int i = 0; i < 50; ++i) futures.push_back(pool->Submit([&out, i] { out[i] = i * i; }));
  for (int i = 0; i < 50; ++i) {
    futures[i].wait();
    EXPECT_EQ(out[i], i * i);
  }
  // Submit and ParallelFor from many outside threads at once.
  std::atomic<int> count{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&] {
      pool->Submit([&] { count.fetch_add(1); }).wait();
      pool->ParallelFor(10, [&](size_t) { count.fetch_add(1); });
    });
  }
  for (auto& c : callers) c.join();
  EXPECT_EQ(count.load(), 44);
}

TEST(ThreadPoolTest, DestructionRunsQueuedTasksFirst) {
  std::atomic<int> ran{0};
  std::promise<void> release;
  std::shared_future<void> gate = release.get_future().share();
  std::vector<std::future<void>> futures;
  {
    ASSERT_OK_AND_ASSIGN(auto pool, ThreadPool::Make(1));
    // The worker blocks on the first task while 20 more queue behind it.
    futures.push_back(pool->Submit([gate, &ran] {
      gate.wait();
      ran.fetch_add(1);
    }));
    for (int i = 0; i < 20; ++i) futures.push_back(pool->Submit([&ran] { ran.fetch_add(1); }));
    std::thread opener([&release] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      release.set_value();
    });
    pool.reset();  // joins: every queued task has run by now
    opener.join();
    EXPECT_EQ(ran.load(), 21);
  }
  for (auto& f : futures) EXPECT_EQ(f.wait_for(std::chrono::seconds(0)), std::future_status::ready);
}

}  // namespace
}  // namespace parq
