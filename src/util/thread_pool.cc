// ThreadPool: workers that pop tasks off one queue; ParallelFor hands out
// indices through an atomic counter that the caller draws from too
// (util/parallel_jobs.h).
#include "parq/thread_pool.h"

#include <algorithm>
#include <string>
#include <system_error>
#include <utility>

#include "util/parallel_jobs.h"

namespace parq {

Result<std::shared_ptr<ThreadPool>> ThreadPool::Make(int threads) {
  if (threads < 1 || threads > kMaxThreads) {
    return Status::InvalidArgument("thread pool of " + std::to_string(threads) + " threads: want 1 to " +
                                   std::to_string(kMaxThreads));
  }
  std::shared_ptr<ThreadPool> pool(new ThreadPool());
  pool->workers_.reserve(static_cast<size_t>(threads));
  for (int i = 0; i < threads; ++i) {
    try {
      pool->workers_.emplace_back([p = pool.get()] { p->WorkerLoop(); });
    } catch (const std::system_error& e) {
      // The workers already started are joined by the destructor.
      return Status::IOError(std::string("thread pool: cannot start a thread: ") + e.what());
    }
  }
  return pool;
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadPool::Enqueue(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void ThreadPool::WorkerLoop() {
  while (true) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      // Stopping still drains the queue: queued tasks run before the join.
      if (queue_.empty()) return;
      task = std::move(queue_.front());
      queue_.pop_front();
    }
    task();
  }
}

std::future<void> ThreadPool::Submit(std::function<void()> task) {
  auto packaged = std::make_shared<std::packaged_task<void()>>(std::move(task));
  std::future<void> done = packaged->get_future();
  Enqueue([packaged] { (*packaged)(); });
  return done;
}

void ThreadPool::ParallelFor(size_t n, const std::function<void(size_t)>& fn) {
  if (n == 0) return;
  if (n == 1) {
    fn(0);
    return;
  }
  // At most one helper an index beyond the caller's own, at most one a worker.
  util::ParallelJobs::Start(*this, n, [&fn](size_t i) { fn(i); }, std::min(n - 1, workers_.size()))->Join();
}

}  // namespace parq
