// schema/decimal_precision.h — whether an unscaled DECIMAL value has at most
// its column's precision in digits (|unscaled| < 10^precision), as the
// writers check every value of a DECIMAL column, and the text that says why
// one does not.  The unscaled value is an integer (INT32 / INT64 columns) or
// big-endian two's complement bytes of any length (BYTE_ARRAY /
// FIXED_LEN_BYTE_ARRAY; no bytes is 0).
//
// Thread-safety: pure functions.
#ifndef PARQ_SCHEMA_DECIMAL_PRECISION_H_
#define PARQ_SCHEMA_DECIMAL_PRECISION_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "parq/logical_type.h"

namespace parq::schema {

// 10^0 .. 10^38 (the most digits an __int128 holds).
inline constexpr std::array<__int128, 39> kPowersOfTen = [] {
  std::array<__int128, 39> p{};
  p[0] = 1;
  for (size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
  return p;
}();

// REQUIRES: precision >= 1.
inline bool UnscaledFits(int64_t unscaled, int32_t precision) {
  if (precision > 18) return true;  // |int64| <= 2^63 < 10^19
  const uint64_t m = unscaled < 0 ? 0 - static_cast<uint64_t>(unscaled) : static_cast<uint64_t>(unscaled);
  return m < static_cast<uint64_t>(kPowersOfTen[static_cast<size_t>(precision)]);
}
bool UnscaledFits(const uint8_t* big_endian, size_t length, int32_t precision);

// The unscaled value as decimal text ("-12345").
std::string UnscaledText(int64_t unscaled);
std::string UnscaledText(const uint8_t* big_endian, size_t length);

// "the unscaled value 12345678901234 has more than the 10 digits of DECIMAL(10,2)"
// (`decimal` is the column's DECIMAL annotation).
std::string TooManyDigits(const std::string& unscaled_text, const LogicalType& decimal);

}  // namespace parq::schema

#endif  // PARQ_SCHEMA_DECIMAL_PRECISION_H_
