// Arrow-style bitmaps: LSB-first bits (bit i is byte i / 8, bit i % 8).
//
// Pure functions over raw spans; the caller owns every buffer.
#ifndef PARQ_UTIL_BITMAP_H_
#define PARQ_UTIL_BITMAP_H_

#include <cstdint>
#include <cstring>

namespace parq::util {

inline bool GetBit(const uint8_t* bits, int64_t i) { return (bits[i >> 3] >> (i & 7)) & 1; }

// The set bits of x.  The build targets baseline x86-64, which has no
// POPCNT: std::popcount there is a call into libgcc, so the hot loops count
// by halves instead (a dozen register operations, inlined).
inline int PopCount64(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// The set bits of bytes[0, n).
inline int64_t CountBits(const uint8_t* bytes, int64_t n) {
  int64_t ones = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x;
    std::memcpy(&x, bytes + i, 8);
    ones += PopCount64(x);
  }
  uint64_t tail = 0;
  if (i < n) std::memcpy(&tail, bytes + i, static_cast<size_t>(n - i));
  return ones + PopCount64(tail);
}

// Sets bits [offset, offset + n) of `bits`, keeping the others.
inline void SetBits(uint8_t* bits, int64_t offset, int64_t n) {
  int64_t i = offset;
  const int64_t end = offset + n;
  for (; i < end && (i & 7) != 0; ++i) bits[i >> 3] |= static_cast<uint8_t>(1u << (i & 7));
  const int64_t bytes = (end - i) >> 3;
  if (bytes > 0) {
    std::memset(bits + (i >> 3), 0xff, static_cast<size_t>(bytes));
    i += bytes * 8;
  }
  for (; i < end; ++i) bits[i >> 3] |= static_cast<uint8_t>(1u << (i & 7));
}

// ORs n bytes of 0 / 1 into bits [at, at + n) of `bits`, whose bits from `at`
// on are 0 (a buffer grown zero-filled).  Writing 0/1 bytes in a hot loop and
// packing them here afterwards is cheaper than a read-modify-write of the
// same byte per slot, which chains each slot's store to the next one's load.
inline void OrBytesAsBits(uint8_t* bits, int64_t at, const uint8_t* bytes, int64_t n) {
  int64_t i = 0;
  for (; i < n && ((at + i) & 7) != 0; ++i) bits[(at + i) >> 3] |= static_cast<uint8_t>(bytes[i] << ((at + i) & 7));
  uint8_t* out = bits + ((at + i) >> 3);
  for (; i + 8 <= n; i += 8) {
    uint64_t x;
    std::memcpy(&x, bytes + i, 8);
    // Byte k (0 or 1) lands on bit 56 + k of the product's top byte.
    *out++ = static_cast<uint8_t>((x * 0x0102040810204080ULL) >> 56);
  }
  for (; i < n; ++i) bits[(at + i) >> 3] |= static_cast<uint8_t>(bytes[i] << ((at + i) & 7));
}

// Bit i of a bitmap held in 64-bit words (LSB-first, as bytes on a
// little-endian machine).
inline bool GetWordBit(const uint64_t* words, int64_t i) { return (words[i >> 6] >> (i & 63)) & 1u; }

// The n bits of `words` from bit `pos` on: word w of them.  REQUIRES:
// words holds a word past the one of bit pos + n - 1 (the padding read when
// pos is not word-aligned).
inline uint64_t BitWordAt(const uint64_t* words, int64_t pos, int64_t w) {
  const int64_t at = (pos >> 6) + w;
  const int s = static_cast<int>(pos & 63);
  return s == 0 ? words[at] : (words[at] >> s) | (words[at + 1] << (64 - s));
}

// How many of bits [pos, pos + n) of `words` are set.  REQUIRES: as
// BitWordAt.
inline int64_t CountBitRange(const uint64_t* words, int64_t pos, int64_t n) {
  int64_t ones = 0, w = 0;
  for (; (w + 1) * 64 <= n; ++w) ones += PopCount64(BitWordAt(words, pos, w));
  const int64_t tail = n - w * 64;
  if (tail > 0) ones += PopCount64(BitWordAt(words, pos, w) & ((uint64_t{1} << tail) - 1));
  return ones;
}

// Copies bits [pos, pos + n) of `words` to bits [0, n) of `out` ((n + 7) /
// 8 bytes written; the bits past n in the last byte are 0) and returns how
// many are set.  REQUIRES: as BitWordAt.
inline int64_t CopyBitsCounting(const uint64_t* words, int64_t pos, int64_t n, uint8_t* out) {
  int64_t ones = 0, w = 0;
  for (; (w + 1) * 64 <= n; ++w) {
    const uint64_t x = BitWordAt(words, pos, w);
    std::memcpy(out + w * 8, &x, 8);
    ones += PopCount64(x);
  }
  const int64_t tail = n - w * 64;
  if (tail > 0) {
    const uint64_t x = BitWordAt(words, pos, w) & ((uint64_t{1} << tail) - 1);
    std::memcpy(out + w * 8, &x, static_cast<size_t>((tail + 7) / 8));
    ones += PopCount64(x);
  }
  return ones;
}

}  // namespace parq::util

#endif  // PARQ_UTIL_BITMAP_H_
