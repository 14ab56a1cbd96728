// parq/bloom_filter.h — a column chunk's split block Bloom filter
// (BloomFilter.md).
//
// The bitset is z blocks of 256 bits, each eight 32-bit little-endian words.
// A value is hashed with XXH64 (seed 0) over its PLAIN encoding (INT32/FLOAT
// 4 bytes LE, INT64/DOUBLE 8, INT96 12, BYTE_ARRAY its bytes without the
// length prefix, FIXED_LEN_BYTE_ARRAY its bytes).  The hash's upper 32 bits
// pick block ((h >> 32) * z) >> 32; its lower 32 bits, times eight salts and
// shifted right by 27, pick one bit in each word of that block.  Insert sets
// the eight bits, MightContain tests them: false means "certainly absent",
// true "probably present" (no false negatives).
//
// FileReader::ReadBloomFilter returns a chunk's filter; the file writer
// builds one per chunk when ColumnWriterOptions::bloom_filter is enabled.
//
// Thread-safety: const methods may run concurrently; Insert may not.
#ifndef PARQ_BLOOM_FILTER_H_
#define PARQ_BLOOM_FILTER_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "parq/types.h"

namespace parq {

class BloomFilter {
 public:
  static constexpr int64_t kBytesPerBlock = 32;
  // The smallest and (by default) largest bitsets parq writes; readers
  // bound the bitset by ReaderOptions::max_bloom_filter_size instead.
  static constexpr int64_t kMinBytes = 32;
  static constexpr int64_t kMaxBytes = 128 << 20;

  // An empty filter of `num_bytes`.  REQUIRES: num_bytes > 0, a multiple of 32.
  explicit BloomFilter(int64_t num_bytes);
  // A filter over a stored bitset.  REQUIRES: bitset.size() > 0, a multiple of 32.
  static BloomFilter FromBitset(std::string_view bitset);

  // The bitset size for `ndv` distinct values at false-positive rate `fpp`
  // (BloomFilter.md: bits per value c = -8 / ln(1 - fpp^(1/8))), rounded up to
  // a power of two and clamped to [kMinBytes, max_bytes] (max_bytes itself
  // rounded down to a power of two).  fpp outside (0, 1) is taken as 0.01.
  static int64_t OptimalNumBytes(int64_t ndv, double fpp, int64_t max_bytes = kMaxBytes);

  int64_t num_bytes() const { return static_cast<int64_t>(words_.size()) * 4; }
  // The bitset as stored in a file (little-endian words).
  std::vector<uint8_t> Bitset() const;

  // XXH64 of a value's PLAIN encoding (see the file comment).  Pass the type
  // of the column: an int32_t for INT32, a string_view for BYTE_ARRAY / FLBA.
  static uint64_t Hash(int32_t v);
  static uint64_t Hash(int64_t v);
  static uint64_t Hash(float v);
  static uint64_t Hash(double v);
  static uint64_t Hash(const Int96& v);
  static uint64_t Hash(std::string_view bytes);

  void InsertHash(uint64_t hash);
  bool MightContainHash(uint64_t hash) const;

  template <typename T>
  void Insert(const T& v) {
    InsertHash(Hash(v));
  }
  template <typename T>
  bool MightContain(const T& v) const {
    return MightContainHash(Hash(v));
  }

  bool operator==(const BloomFilter&) const = default;

 private:
  BloomFilter() = default;
  std::vector<uint32_t> words_;  // native-endian; z blocks of 8
};

}  // namespace parq

#endif  // PARQ_BLOOM_FILTER_H_
