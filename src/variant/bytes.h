// variant/bytes.h — the little-endian integers of the Variant encoding
// (VariantEncoding.md): sizes of 1 to 4 bytes for offsets, ids and counts,
// 8 bytes for 64-bit payloads.  Private to src/variant.
//
// Thread-safety: all functions are reentrant.
#ifndef PARQ_VARIANT_BYTES_H_
#define PARQ_VARIANT_BYTES_H_

#include <cstdint>
#include <cstring>
#include <string>

namespace parq::variant_internal {

// An unsigned little-endian integer of `size` (1..4) bytes.
[[gnu::always_inline]] inline uint32_t LoadLE(const uint8_t* p, unsigned size) {
  uint32_t v = 0;
  for (unsigned i = 0; i < size; ++i) v |= uint32_t{p[i]} << (8 * i);
  return v;
}

inline uint64_t LoadLE64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);  // little-endian hosts only (as the rest of parq)
  return v;
}

// Appends the low `bytes` bytes of v, little-endian.
inline void PutLE(std::string* out, uint64_t v, int bytes) {
  for (int b = 0; b < bytes; ++b) out->push_back(static_cast<char>(v >> (8 * b)));
}

// The fewest bytes (1..4) that hold `max`.
inline int BytesFor(uint64_t max) {
  if (max <= 0xFF) return 1;
  if (max <= 0xFFFF) return 2;
  if (max <= 0xFFFFFF) return 3;
  return 4;
}

}  // namespace parq::variant_internal

#endif  // PARQ_VARIANT_BYTES_H_
