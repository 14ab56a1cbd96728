// util/parallel_jobs.cc — see parallel_jobs.h.
#include "util/parallel_jobs.h"

#include <algorithm>
#include <utility>

namespace parq::util {

std::shared_ptr<ParallelJobs> ParallelJobs::Start(ThreadPool& pool, size_t n, std::function<void(size_t)> fn,
                                                  size_t helpers) {
  auto jobs = std::make_shared<ParallelJobs>(n, std::move(fn));
  helpers = std::min(helpers, n);
  // The futures are not kept: Join / Cancel wait on the jobs themselves.
  for (size_t h = 0; h < helpers; ++h) static_cast<void>(pool.Submit([jobs] { jobs->Drain(); }));
  return jobs;
}

void ParallelJobs::Drain() {
  size_t ran = 0;
  for (size_t i = next_.fetch_add(1, std::memory_order_relaxed); i < n_;
       i = next_.fetch_add(1, std::memory_order_relaxed)) {
    fn_(i);
    ++ran;
  }
  if (ran == 0) return;
  std::lock_guard<std::mutex> lock(mutex_);
  finished_ += ran;
  done_.notify_all();
}

bool ParallelJobs::RunOne() {
  const size_t i = next_.fetch_add(1, std::memory_order_relaxed);
  if (i >= n_) return false;
  fn_(i);
  std::lock_guard<std::mutex> lock(mutex_);
  ++finished_;
  done_.notify_all();
  return true;
}

void ParallelJobs::WaitFor(size_t finished) {
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return finished_ >= finished; });
}

void ParallelJobs::Join() {
  Drain();
  // The jobs still running were taken by pool threads, which are running
  // them now (not queued): waiting on them cannot deadlock.
  WaitFor(n_);
}

void ParallelJobs::Cancel() {
  // Every job below the counter's old value was taken, and will finish.
  const size_t taken = std::min(next_.exchange(n_, std::memory_order_relaxed), n_);
  WaitFor(taken);
}

}  // namespace parq::util
