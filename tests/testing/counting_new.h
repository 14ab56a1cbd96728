// Heap accounting for the hostile-input tests: this header replaces the
// global operator new and delete of the test executable that includes it
// with ones that count every byte asked for, so that a test can show that a
// forged length or count never became a large allocation.  Include it in
// exactly one .cc of an executable (the operators are defined here, not
// inline).  Thread-safe: the count is atomic.
//
// It also keeps the bytes held at once (malloc_usable_size of each block, so
// a little more than asked) and their peak, for tests that bound how much a
// call holds rather than how much it asks for in all: PeakTracker.
//
// ThreadSanitizer defines the operators itself (a second definition does not
// link), so under TSan nothing is replaced and AllocatedBytes() stays 0.
#ifndef PARQ_TESTS_TESTING_COUNTING_NEW_H_
#define PARQ_TESTS_TESTING_COUNTING_NEW_H_

#include <malloc.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>

#include "parq/status.h"

namespace parq::testing {

inline std::atomic<uint64_t> g_allocated_bytes{0};

inline std::atomic<uint64_t> g_live_bytes{0};
inline std::atomic<uint64_t> g_peak_live_bytes{0};

// Every byte operator new has handed out since the start.
inline uint64_t AllocatedBytes() { return g_allocated_bytes.load(); }

// Bytes of operator new's blocks held now.
inline uint64_t LiveBytes() { return g_live_bytes.load(); }

inline void CountLive(void* p) {
  const uint64_t now = g_live_bytes += malloc_usable_size(p);
  uint64_t peak = g_peak_live_bytes.load();
  while (now > peak && !g_peak_live_bytes.compare_exchange_weak(peak, now)) {
  }
}
inline void UncountLive(void* p) {
  if (p != nullptr) g_live_bytes -= malloc_usable_size(p);
}

// The most bytes held at once beyond what was held when it was made:
//   PeakTracker peak;  ...work...;  EXPECT_LE(peak.Bytes(), limit);
// One at a time (it resets the process-wide peak).
class PeakTracker {
 public:
  PeakTracker() : base_(g_live_bytes.load()) { g_peak_live_bytes.store(base_); }
  uint64_t Bytes() const {
    const uint64_t peak = g_peak_live_bytes.load();
    return peak > base_ ? peak - base_ : 0;
  }

 private:
  uint64_t base_;
};

// What a call cost: its status, wall time and the heap bytes it asked for.
struct Measured {
  Status status;
  double millis = 0;
  uint64_t allocated = 0;
};

// Runs `f` (returning a Status) and measures it.
template <typename F>
Measured Measure(F&& f) {
  Measured m;
  const uint64_t before = AllocatedBytes();
  const auto t0 = std::chrono::steady_clock::now();
  m.status = std::forward<F>(f)();
  const auto t1 = std::chrono::steady_clock::now();
  m.allocated = AllocatedBytes() - before;
  m.millis = std::chrono::duration<double, std::milli>(t1 - t0).count();
  return m;
}

}  // namespace parq::testing

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PARQ_TESTING_NO_NEW_HOOK 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define PARQ_TESTING_NO_NEW_HOOK 1
#endif

#ifndef PARQ_TESTING_NO_NEW_HOOK
// g++ sees the malloc/free pairs behind the replaced operators and warns.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(size_t n) {
  parq::testing::g_allocated_bytes += n;
  if (void* p = std::malloc(n ? n : 1)) {
    parq::testing::CountLive(p);
    return p;
  }
  throw std::bad_alloc();
}
void* operator new[](size_t n) { return operator new(n); }
void operator delete(void* p) noexcept {
  parq::testing::UncountLive(p);
  std::free(p);
}
void operator delete[](void* p) noexcept { operator delete(p); }
void operator delete(void* p, size_t) noexcept { operator delete(p); }
void operator delete[](void* p, size_t) noexcept { operator delete(p); }
// The nothrow forms too (std::stable_sort's buffer uses them): a sanitizer's
// own would hand out blocks the replaced delete frees and uncounts.
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  parq::testing::g_allocated_bytes += n;
  void* p = std::malloc(n ? n : 1);
  if (p != nullptr) parq::testing::CountLive(p);
  return p;
}
void* operator new[](size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p, const std::nothrow_t&) noexcept { operator delete(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { operator delete(p); }
#endif

#endif  // PARQ_TESTS_TESTING_COUNTING_NEW_H_
