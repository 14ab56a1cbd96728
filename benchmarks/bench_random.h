// benchmarks/bench_random.h — SplitMix64, the deterministic generator of the
// benchmark drivers' tables (fast, and the same numbers everywhere).
#ifndef PARQ_BENCHMARKS_BENCH_RANDOM_H_
#define PARQ_BENCHMARKS_BENCH_RANDOM_H_

#include <cstdint>

namespace parq::bench {

inline uint64_t SplitMix(uint64_t* s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace parq::bench

#endif  // PARQ_BENCHMARKS_BENCH_RANDOM_H_
