#include "util/cpu.h"

#include <atomic>

namespace parq::util {
namespace {

std::atomic<bool> portable_kernels{false};

bool CpuHasAvx2() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
#else
  return false;
#endif
}

}  // namespace

bool UseAvx2() { return CpuHasAvx2() && !portable_kernels.load(std::memory_order_relaxed); }

void SetPortableKernels(bool portable) { portable_kernels.store(portable, std::memory_order_relaxed); }

}  // namespace parq::util
