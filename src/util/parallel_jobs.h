// util/parallel_jobs.h — an asynchronous ParallelFor: n indexed jobs handed
// to a ThreadPool's workers, which the owner later joins in (working through
// the jobs no worker has taken yet) or cancels.  ThreadPool::ParallelFor is
// Start then Join; the readers' read-ahead starts the next row group's jobs
// and joins them when the caller asks for that row group.
//
// Ownership: Start returns the only handle the owner needs; the pool's tasks
// hold references too, so a task that starts after Join or Cancel returned
// finds no job left and touches nothing else.  fn is called only before
// Join / Cancel returns: it may borrow what the owner keeps alive until then.
// Thread-safety: RunOne, Join and Cancel are called by the owner, on one
// thread (Join or Cancel once, last); the jobs run on the pool's threads and on the owner's.
#ifndef PARQ_UTIL_PARALLEL_JOBS_H_
#define PARQ_UTIL_PARALLEL_JOBS_H_

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>

#include "parq/thread_pool.h"

namespace parq::util {

class ParallelJobs {
 public:
  // Queues up to `helpers` tasks on pool (at most one a job) that run
  // fn(i) for the jobs i in [0, n) they take, each job exactly once.
  static std::shared_ptr<ParallelJobs> Start(ThreadPool& pool, size_t n, std::function<void(size_t)> fn,
                                             size_t helpers);

  // Runs the next job not taken yet on the calling thread; false when none
  // was left (the owner, waiting for one job, helps with the others first).
  bool RunOne();
  // Runs the jobs not taken yet on the calling thread, then waits for the
  // others: every job has run.
  void Join();
  // Lets no job start any more and waits for those running: a job not
  // taken yet never runs.
  void Cancel();

  ParallelJobs(size_t n, std::function<void(size_t)> fn) : n_(n), fn_(std::move(fn)) {}

 private:
  // Runs jobs until none is left to take.
  void Drain();
  void WaitFor(size_t finished);

  const size_t n_;
  const std::function<void(size_t)> fn_;
  std::atomic<size_t> next_{0};  // the next job to take; n_ or more: none
  std::mutex mutex_;
  std::condition_variable done_;
  size_t finished_ = 0;  // guarded by mutex_
};

}  // namespace parq::util

#endif  // PARQ_UTIL_PARALLEL_JOBS_H_
