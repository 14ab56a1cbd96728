// ThreadPool: workers that pop tasks off one queue; ParallelFor hands out
// indices through an atomic counter that the caller draws from too.
#include "parq/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <system_error>
#include <utility>

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

namespace {

// What the caller of ParallelFor and its helpers share.  Helpers hold it by
// shared_ptr since one may start after the caller has returned (every index
// taken by then): it then finds nothing to do and never touches fn.
struct ForState {
  ForState(size_t n, const std::function<void(size_t)>& f) : n(n), fn(&f) {}
  const size_t n;
  const std::function<void(size_t)>* fn;  // valid while finished < n
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable all_done;
  size_t finished = 0;  // guarded by mutex

  // Runs indices until none is left to take.
  void Drain() {
    size_t ran = 0;
    for (size_t i = next.fetch_add(1, std::memory_order_relaxed); i < n;
         i = next.fetch_add(1, std::memory_order_relaxed)) {
      (*fn)(i);
      ++ran;
    }
    if (ran == 0) return;
    std::lock_guard<std::mutex> lock(mutex);
    finished += ran;
    if (finished == n) all_done.notify_all();
  }
};

}  // namespace

void ThreadPool::ParallelFor(size_t n, const std::function<void(size_t)>& fn) {
  if (n == 0) return;
  if (n == 1) {
    fn(0);
    return;
  }
  auto state = std::make_shared<ForState>(n, fn);
  // At most one helper an index beyond the caller's own, at most one a worker.
  const size_t helpers = std::min(n - 1, workers_.size());
  for (size_t h = 0; h < helpers; ++h) Enqueue([state] { state->Drain(); });
  state->Drain();
  // The indices still running were taken by workers, which are running them
  // now (not queued): waiting on them cannot deadlock.
  std::unique_lock<std::mutex> lock(state->mutex);
  state->all_done.wait(lock, [&] { return state->finished == n; });
}

}  // namespace parq
