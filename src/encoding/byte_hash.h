// encoding/byte_hash.h — hashing and equality of short byte strings for the
// dictionary encoder's table, without a library call per value.
#ifndef PARQ_ENCODING_BYTE_HASH_H_
#define PARQ_ENCODING_BYTE_HASH_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace parq::encoding {
namespace byte_hash_internal {

inline uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline uint32_t Load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// Folded 64 x 64 -> 128-bit product: every input bit reaches the low bits.
inline uint64_t MulFold(uint64_t a, uint64_t b) {
  const unsigned __int128 m = static_cast<unsigned __int128>(a) * b;
  return static_cast<uint64_t>(m) ^ static_cast<uint64_t>(m >> 64);
}

}  // namespace byte_hash_internal

// A hash of n bytes without a library call: up to 16 bytes are two
// (overlapping) loads folded by one multiply, longer values fold 16 bytes a
// step.  Only our own table sees it, so it need not be stable across builds.
inline uint64_t HashBytes(const uint8_t* p, size_t n) {
  using namespace byte_hash_internal;
  constexpr uint64_t k0 = 0x9E3779B97F4A7C15ULL, k1 = 0xD6E8FEB86659FD93ULL, k2 = 0x8EBC6AF09C88C6E3ULL;
  uint64_t a = 0, b = 0, h = n * k1;
  if (n > 16) {
    for (; n > 16; p += 16, n -= 16) h = MulFold(Load64(p) ^ k0, Load64(p + 8) ^ h);
    // The last 16 bytes, overlapping the step before.
    p += n;
    a = Load64(p - 16), b = Load64(p - 8);
  } else if (n >= 8) {
    a = Load64(p), b = Load64(p + n - 8);
  } else if (n >= 4) {
    a = Load32(p), b = Load32(p + n - 4);
  } else if (n > 0) {
    a = (uint64_t{p[0]} << 16) | (uint64_t{p[n >> 1]} << 8) | p[n - 1];
  }
  // (k2, not k1: h ^ k1 is zero for one byte, which would zero the product.)
  return MulFold(a ^ k0, b ^ h ^ k2);
}

// Equality of two n-byte strings; no library call up to 16 bytes.
inline bool SameBytes(const uint8_t* a, const uint8_t* b, size_t n) {
  using byte_hash_internal::Load32, byte_hash_internal::Load64;
  if (n > 16) return std::memcmp(a, b, n) == 0;
  if (n >= 8) return ((Load64(a) ^ Load64(b)) | (Load64(a + n - 8) ^ Load64(b + n - 8))) == 0;
  if (n >= 4) return ((Load32(a) ^ Load32(b)) | (Load32(a + n - 4) ^ Load32(b + n - 4))) == 0;
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_BYTE_HASH_H_
