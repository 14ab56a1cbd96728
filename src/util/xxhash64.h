// XXH64 (xxHash, 64-bit) — the hash of Parquet's split block Bloom filters
// (BloomFilter.md: "xxHash ... the least-significant 64 bits version", seed 0).
// Written from the algorithm's description (Yann Collet's xxHash spec,
// doc/xxhash_spec.md): 32-byte stripes into four accumulators, then 8-, 4-
// and 1-byte tails and the final avalanche.  Input is read little-endian, as
// on x86-64, so the result is the same on every platform.
#ifndef PARQ_UTIL_XXHASH64_H_
#define PARQ_UTIL_XXHASH64_H_

#include <cstddef>
#include <cstdint>

namespace parq::util {

uint64_t XxHash64(const void* data, size_t size, uint64_t seed = 0);

}  // namespace parq::util

#endif  // PARQ_UTIL_XXHASH64_H_
