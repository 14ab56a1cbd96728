// arrow/arrow_convert.h — one physical Parquet value → its Arrow value, for
// the leaves whose bytes differ (ArrowField::conv other than kSame, kBool,
// kBinary and kNull).  Inline: the loops over a batch call it per value.
#ifndef PARQ_ARROW_ARROW_CONVERT_H_
#define PARQ_ARROW_ARROW_CONVERT_H_

#include <cstdint>
#include <cstring>

#include "arrow/arrow_type.h"

namespace parq::arrow {

// Sign-extends the little-endian two's complement `v` to `width` bytes.
// REQUIRES: width 16 or 32.
inline void WidenSigned(int64_t v, int width, uint8_t* dst) {
  const int64_t sign = v >> 63;  // stores of 8 bytes, not a memset call per value
  std::memcpy(dst, &v, 8);
  std::memcpy(dst + 8, &sign, 8);
  if (width == 32) {
    std::memcpy(dst + 16, &sign, 8);
    std::memcpy(dst + 24, &sign, 8);
  }
}

// Writes the Arrow value of the physical value `src` (`len` bytes: the
// physical width, or a BYTE_ARRAY's length) to dst (`width` bytes).
inline void ConvertValue(LeafConv conv, int width, const uint8_t* src, size_t len, uint8_t* dst) {
  switch (conv) {
    case LeafConv::kInt8: *dst = src[0]; return;  // the low byte (little-endian)
    case LeafConv::kInt16: std::memcpy(dst, src, 2); return;
    case LeafConv::kDecimalInt32: {
      int32_t v;
      std::memcpy(&v, src, 4);
      WidenSigned(v, width, dst);
      return;
    }
    case LeafConv::kDecimalInt64: {
      int64_t v;
      std::memcpy(&v, src, 8);
      WidenSigned(v, width, dst);
      return;
    }
    case LeafConv::kDecimalBytes: {
      // Big-endian two's complement, sign-extended; a longer value keeps its
      // low `width` bytes (its precision says the rest is sign).
      const bool negative = len > 0 && (src[0] & 0x80) != 0;
      std::memset(dst, negative ? 0xff : 0, static_cast<size_t>(width));
      const size_t n = len < static_cast<size_t>(width) ? len : static_cast<size_t>(width);
      for (size_t i = 0; i < n; ++i) dst[i] = src[len - 1 - i];
      return;
    }
    case LeafConv::kInt96Nanos: {
      // Nanoseconds of the day (8 bytes), then the Julian day (4 bytes).
      int64_t nanos;
      uint32_t day;
      std::memcpy(&nanos, src, 8);
      std::memcpy(&day, src + 8, 4);
      constexpr int64_t kUnixEpochJulianDay = 2440588;
      constexpr int64_t kNanosPerDay = int64_t{86400} * 1000000000;
      const int64_t v = static_cast<int64_t>(static_cast<uint64_t>(static_cast<int64_t>(day) - kUnixEpochJulianDay) *
                                                 static_cast<uint64_t>(kNanosPerDay) +
                                             static_cast<uint64_t>(nanos));
      std::memcpy(dst, &v, 8);
      return;
    }
    case LeafConv::kIntervalMdn: {
      // Months, days, milliseconds (u32 each) → int32 months, int32 days,
      // int64 nanoseconds.
      uint32_t months, days, millis;
      std::memcpy(&months, src, 4);
      std::memcpy(&days, src + 4, 4);
      std::memcpy(&millis, src + 8, 4);
      const int64_t nanos = static_cast<int64_t>(millis) * 1000000;
      std::memcpy(dst, &months, 4);
      std::memcpy(dst + 4, &days, 4);
      std::memcpy(dst + 8, &nanos, 8);
      return;
    }
    default:  // kSame: the bytes as they are
      std::memcpy(dst, src, static_cast<size_t>(width));
      return;
  }
}

}  // namespace parq::arrow

#endif  // PARQ_ARROW_ARROW_CONVERT_H_
