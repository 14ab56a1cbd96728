// schema/decimal_precision.cc — see decimal_precision.h.
#include "schema/decimal_precision.h"

#include <algorithm>
#include <vector>

namespace parq::schema {

namespace {

using u128 = unsigned __int128;

bool Negative(const uint8_t* p, size_t n) { return n > 0 && (p[0] & 0x80) != 0; }

// The magnitude's decimal digits (no sign; "0" for zero) of the big-endian
// bytes p[0, n) extended to the left with the sign `neg`, any length.
std::string MagnitudeDigits(const uint8_t* p, size_t n, bool neg) {
  // Big-endian bytes of the magnitude: the two's complement negated (one
  // byte more, for the carry of -2^(8n)).
  std::vector<uint8_t> mag(n + 1, neg ? 0xFF : 0x00);
  std::copy(p, p + n, mag.begin() + 1);
  if (neg) {
    unsigned carry = 1;
    for (size_t i = mag.size(); i-- > 0;) {
      const unsigned x = static_cast<uint8_t>(~mag[i]) + carry;
      mag[i] = static_cast<uint8_t>(x);
      carry = x >> 8;
    }
  }
  std::string digits;  // least significant first
  size_t start = 0;
  while (true) {
    while (start < mag.size() && mag[start] == 0) ++start;
    if (start == mag.size()) break;
    // Divides mag by 10^9 in place; the remainder is the next 9 digits.
    uint64_t rem = 0;
    for (size_t i = start; i < mag.size(); ++i) {
      const uint64_t cur = (rem << 8) | mag[i];
      mag[i] = static_cast<uint8_t>(cur / 1000000000);
      rem = cur % 1000000000;
    }
    for (int k = 0; k < 9; ++k, rem /= 10) digits.push_back(static_cast<char>('0' + rem % 10));
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (digits.empty()) digits = "0";
  std::reverse(digits.begin(), digits.end());
  return digits;
}

}  // namespace

bool UnscaledFits(const uint8_t* p, size_t n, int32_t precision) {
  const bool neg = Negative(p, n);
  const uint8_t fill = neg ? 0xFF : 0x00;
  // Bytes that only repeat the sign add nothing.
  while (n > 16 && p[0] == fill) ++p, --n;
  if (n < 16 || (n == 16 && Negative(p, n) == neg)) {
    u128 v = neg ? ~u128{0} : 0;
    for (size_t i = 0; i < n; ++i) v = (v << 8) | p[i];
    const u128 m = neg ? u128{0} - v : v;
    return precision > 38 || m < static_cast<u128>(kPowersOfTen[static_cast<size_t>(precision)]);  // |v| <= 2^127 < 10^39
  }
  // |v| >= 2^127 > 10^38: count its digits.
  return precision > 38 && MagnitudeDigits(p, n, neg).size() <= static_cast<size_t>(precision);
}

std::string UnscaledText(int64_t unscaled) { return std::to_string(unscaled); }

std::string UnscaledText(const uint8_t* p, size_t n) {
  const bool neg = Negative(p, n);
  return (neg ? "-" : "") + MagnitudeDigits(p, n, neg);
}

std::string TooManyDigits(const std::string& unscaled_text, const LogicalType& decimal) {
  return "the unscaled value " + unscaled_text + " has more than the " + std::to_string(decimal.precision()) +
         " digits of " + decimal.ToString();
}

}  // namespace parq::schema
