// util/pool_option.h — the pool an object with the options pair of
// docs/threads.md runs on: `thread_pool` (a caller's pool, shared) or else a
// pool of `threads` workers made for the object's lifetime.
#ifndef PARQ_UTIL_POOL_OPTION_H_
#define PARQ_UTIL_POOL_OPTION_H_

#include <memory>

#include "parq/result.h"
#include "parq/thread_pool.h"

namespace parq::util {

// `given` when set; else null for threads <= 1 (everything on the caller's
// thread) or a new pool of `threads` workers (kInvalidArgument past
// ThreadPool::kMaxThreads).
inline Result<std::shared_ptr<ThreadPool>> PoolFor(const std::shared_ptr<ThreadPool>& given, int threads) {
  if (given != nullptr) return given;
  if (threads <= 1) return std::shared_ptr<ThreadPool>();
  return ThreadPool::Make(threads);
}

}  // namespace parq::util

#endif  // PARQ_UTIL_POOL_OPTION_H_
