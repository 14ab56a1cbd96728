// parq/thread_pool.h — a fixed set of worker threads that parq's readers and
// writers run their parallel work on (docs/threads.md).
//
//   PARQ_ASSIGN_OR_RETURN(std::shared_ptr<parq::ThreadPool> pool, parq::ThreadPool::Make(4));
//   pool->ParallelFor(n, [&](size_t i) { Decode(i); });   // returns when all n have run
//   std::future<void> done = pool->Submit([&] { Prefetch(); });
//
// Ownership: whoever holds the shared_ptr owns the workers; options of
// readers and writers take one (`thread_pool`) so that many of them share a
// caller's pool, or make their own of `threads` workers for their lifetime.
// Destroying the pool joins its workers after the tasks already queued have
// run.  REQUIRES: the last reference is not dropped by a pool task itself
// (a thread cannot join itself).
//
// Thread-safety: every method may be called from any thread, pool threads
// included.  ParallelFor called from inside a pool task works through its
// items on the calling thread too, so nesting never deadlocks however busy
// the workers are.  A pool task that waits on the future of another task it
// Submit()ted may wait forever when every worker does the same: use
// ParallelFor for work a task must wait on.
#ifndef PARQ_THREAD_POOL_H_
#define PARQ_THREAD_POOL_H_

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "parq/result.h"

namespace parq {

class ThreadPool {
 public:
  // The most workers Make accepts.
  static constexpr int kMaxThreads = 1024;

  // A pool of `threads` workers, 1 ≤ threads ≤ kMaxThreads; kInvalidArgument
  // otherwise (kIOError when the system refuses a thread).
  static Result<std::shared_ptr<ThreadPool>> Make(int threads);

  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  // Runs the tasks still queued, then joins the workers.
  ~ThreadPool();

  // The number of workers.
  int size() const { return static_cast<int>(workers_.size()); }

  // Runs fn(i) for every i in [0, n) exactly once, on the pool's workers and
  // the calling thread, and returns when all have finished.  Which thread
  // runs which i is not fixed; callers that need an order write each result
  // to its own slot.  fn must not throw (parq code returns Status).
  void ParallelFor(size_t n, const std::function<void(size_t)>& fn);

  // Queues one task; the future is ready when it has run.  task must not
  // throw.
  std::future<void> Submit(std::function<void()> task);

 private:
  ThreadPool() = default;
  void Enqueue(std::function<void()> task);
  void WorkerLoop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;  // guarded by mutex_
  bool stopping_ = false;                    // guarded by mutex_
  std::vector<std::thread> workers_;         // set by Make, joined by the destructor
};

}  // namespace parq

#endif  // PARQ_THREAD_POOL_H_
