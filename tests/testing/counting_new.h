// Heap accounting for the hostile-input and memory tests: this header
// replaces the global operator new and delete of the test executable that
// includes it with ones that count every byte asked for, so that a test can
// show that a forged length or count never became a large allocation, and
// that keep the bytes live now and their peak (malloc_usable_size of each
// block), so that a test can bound what a reader holds at once.  Include it
// in exactly one .cc of an executable (the operators are defined here, not
// inline).  Thread-safe: the counts are atomic.
//
// ThreadSanitizer defines the operators itself (a second definition does not
// link), so under TSan nothing is replaced and AllocatedBytes() stays 0.
#ifndef PARQ_TESTS_TESTING_COUNTING_NEW_H_
#define PARQ_TESTS_TESTING_COUNTING_NEW_H_

#include <malloc.h>
#include <time.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>

#include "parq/status.h"

namespace parq::testing {

inline std::atomic<uint64_t> g_allocated_bytes{0};
inline std::atomic<int64_t> g_live_bytes{0};
inline std::atomic<int64_t> g_peak_bytes{0};

// Every byte operator new has handed out since the start.
inline uint64_t AllocatedBytes() { return g_allocated_bytes.load(); }
// The bytes of the blocks operator new handed out and delete has not taken
// back (usable sizes, so a little more than asked for).
inline int64_t LiveBytes() { return g_live_bytes.load(); }
// The most LiveBytes() has been since the last ResetPeakBytes().
inline int64_t PeakBytes() { return g_peak_bytes.load(); }
inline void ResetPeakBytes() { g_peak_bytes.store(g_live_bytes.load()); }

inline void CountLive(void* p) {
  const int64_t live = g_live_bytes += static_cast<int64_t>(malloc_usable_size(p));
  int64_t peak = g_peak_bytes.load();
  while (live > peak && !g_peak_bytes.compare_exchange_weak(peak, live)) {
  }
}
inline void UncountLive(void* p) {
  if (p != nullptr) g_live_bytes -= static_cast<int64_t>(malloc_usable_size(p));
}

// The most bytes held at once beyond what was held when it was made:
//   PeakTracker peak;  ...work...;  EXPECT_LE(peak.Bytes(), limit);
// One at a time (it resets the process-wide peak).
class PeakTracker {
 public:
  PeakTracker() : base_(LiveBytes()) { ResetPeakBytes(); }
  uint64_t Bytes() const {
    const int64_t peak = PeakBytes();
    return peak > base_ ? static_cast<uint64_t>(peak - base_) : 0;
  }

 private:
  int64_t base_;
};

// What a call cost: its status, the CPU time of the calling thread (not wall
// time: a loaded machine that takes the CPU away from the test for a while
// must not fail a bound on the work done) and the heap bytes it asked for.
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
  timespec t0{};
  timespec t1{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
  m.status = std::forward<F>(f)();
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
  m.allocated = AllocatedBytes() - before;
  m.millis = static_cast<double>(t1.tv_sec - t0.tv_sec) * 1e3 + static_cast<double>(t1.tv_nsec - t0.tv_nsec) / 1e6;
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
