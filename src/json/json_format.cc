// json/json_format.cc — see json_format.h for the rules quoted from the doc.
#include "json/json_format.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "util/base64.h"
#include "util/float_text.h"
#include "util/utf8.h"

namespace parq {
namespace {

// Appends the decimal digits of v, left-padded with '0' to at least `width`.
inline void AppendPadded(std::string &out, uint64_t v, int width) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  int n = static_cast<int>(r.ptr - buf);
  if (n < width)
    out.append(static_cast<size_t>(width - n), '0');
  out.append(buf, r.ptr);
}

inline void AppendTwo(std::string &out, unsigned v) {
  char b[2] = {static_cast<char>('0' + v / 10),
               static_cast<char>('0' + v % 10)};
  out.append(b, 2);
}

// Floor division for b > 0: a = *q * b + *r with 0 <= *r < b; no overflow
// even for a = INT64_MIN (truncating division, then one step down).
inline void FloorDivMod(int64_t a, int64_t b, int64_t *q, int64_t *r) {
  *q = a / b;
  *r = a % b;
  if (*r < 0) {
    *r += b;
    *q -= 1;
  }
}

inline int64_t UnitsPerSecond(JsonTimeUnit unit) {
  switch (unit) {
  case JsonTimeUnit::kMillis:
    return 1000;
  case JsonTimeUnit::kMicros:
    return 1000000;
  case JsonTimeUnit::kNanos:
    return 1000000000;
  }
  return 1000;
}
inline int FractionDigits(JsonTimeUnit unit) {
  switch (unit) {
  case JsonTimeUnit::kMillis:
    return 3;
  case JsonTimeUnit::kMicros:
    return 6;
  case JsonTimeUnit::kNanos:
    return 9;
  }
  return 3;
}

// "HH:MM:SS" for a second of the day (or more, for TIME out of range).
inline void AppendHms(std::string &out, uint64_t seconds) {
  uint64_t h = seconds / 3600;
  unsigned m = static_cast<unsigned>(seconds / 60 % 60),
           s = static_cast<unsigned>(seconds % 60);
  if (h < 100) {
    AppendTwo(out, static_cast<unsigned>(h));
  } else {
    AppendPadded(out, h, 2);
  }
  out.push_back(':');
  AppendTwo(out, m);
  out.push_back(':');
  AppendTwo(out, s);
}

// days since 1970-01-01 → "YYYY-MM-DD" (Howard Hinnant's civil_from_days,
// exact for every int64 day count that the callers can produce: |days| < 2^47).
void AppendCivilDate(std::string &out, int64_t z) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097; // [0, 146096]
  const int64_t yoe =
      (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; // [0, 399]
  int64_t y = yoe + era * 400;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
  const int64_t mp = (5 * doy + 2) / 153;                      // [0, 11]
  const unsigned d = static_cast<unsigned>(doy - (153 * mp + 2) / 5 + 1);
  const unsigned m = static_cast<unsigned>(mp < 10 ? mp + 3 : mp - 9);
  if (m <= 2)
    ++y;
  if (y < 0) {
    out.push_back('-');
    AppendPadded(out, static_cast<uint64_t>(-y), 4);
  } else if (y < 10000) {
    AppendTwo(out, static_cast<unsigned>(y / 100));
    AppendTwo(out, static_cast<unsigned>(y % 100));
  } else {
    AppendPadded(out, static_cast<uint64_t>(y), 4);
  }
  out.push_back('-');
  AppendTwo(out, m);
  out.push_back('-');
  AppendTwo(out, d);
}

// Days and a non-negative offset within the day in `units_per_second` units.
void AppendDateTime(std::string &out, int64_t days, int64_t units_of_day,
                    int64_t units_per_second, int fraction_digits) {
  AppendCivilDate(out, days);
  out.push_back('T');
  AppendHms(out, static_cast<uint64_t>(units_of_day / units_per_second));
  out.push_back('.');
  AppendPadded(out, static_cast<uint64_t>(units_of_day % units_per_second),
               fraction_digits);
}

// ---- UTF-8 ----

// 1 for bytes the escaper must look at: controls, '"', '\\', non-ASCII.
constexpr std::array<uint8_t, 256> MakeSpecialTable() {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[c] = (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) ? 1 : 0;
  return t;
}
constexpr std::array<uint8_t, 256> kSpecial = MakeSpecialTable();

constexpr char kHex[] = "0123456789abcdef";

// ---- decimals ----

// Writes the quoted decimal from the magnitude's digits (no leading zeros, or
// "0").
void AppendScaled(std::string &out, bool negative, const char *digits, size_t n,
                  size_t scale) {
  out.push_back('"');
  if (negative)
    out.push_back('-');
  if (scale == 0) {
    out.append(digits, n);
  } else if (n > scale) {
    out.append(digits, n - scale);
    out.push_back('.');
    out.append(digits + (n - scale), scale);
  } else {
    out.append("0.");
    out.append(scale - n, '0');
    out.append(digits, n);
  }
  out.push_back('"');
}

Status CheckScale(int32_t scale) {
  if (scale < 0) {
    return Status::InvalidArgument(
        "decimal scale " + std::to_string(scale) +
        " is negative (the spec requires 0 <= scale <= precision)");
  }
  if (scale > kMaxDecimalScale) {
    return Status::InvalidArgument("decimal scale " + std::to_string(scale) +
                                   " exceeds the limit " +
                                   std::to_string(kMaxDecimalScale));
  }
  return Status::OK();
}

// Digits of a 128-bit magnitude into buf (>= 40 chars); returns the count.
size_t U128Digits(unsigned __int128 x, char *buf) {
  constexpr uint64_t k1e19 = 10000000000000000000ULL;
  if (x <= std::numeric_limits<uint64_t>::max()) {
    return static_cast<size_t>(
        std::to_chars(buf, buf + 40, static_cast<uint64_t>(x)).ptr - buf);
  }
  const uint64_t low = static_cast<uint64_t>(x % k1e19);
  unsigned __int128 rest = x / k1e19;
  char *p = buf;
  if (rest <= std::numeric_limits<uint64_t>::max()) {
    p = std::to_chars(p, buf + 40, static_cast<uint64_t>(rest)).ptr;
  } else {
    p = std::to_chars(p, buf + 40, static_cast<uint64_t>(rest / k1e19)).ptr;
    const uint64_t mid = static_cast<uint64_t>(rest % k1e19);
    char tmp[20];
    char *e = std::to_chars(tmp, tmp + 20, mid).ptr;
    size_t len = static_cast<size_t>(e - tmp);
    std::memset(p, '0', 19 - len);
    std::memcpy(p + 19 - len, tmp, len);
    p += 19;
  }
  char tmp[20];
  char *e = std::to_chars(tmp, tmp + 20, low).ptr;
  size_t len = static_cast<size_t>(e - tmp);
  std::memset(p, '0', 19 - len);
  std::memcpy(p + 19 - len, tmp, len);
  p += 19;
  return static_cast<size_t>(p - buf);
}

// Arbitrary length: big-endian magnitude bytes → decimal digits (schoolbook
// division of 32-bit limbs by 10^9).  Cost O(n^2) in the byte length.
std::string BigMagnitudeDigits(std::span<const uint8_t> mag) {
  std::vector<uint32_t> limbs((mag.size() + 3) / 4,
                              0); // most significant first
  size_t first_bytes = mag.size() % 4 == 0 ? 4 : mag.size() % 4;
  size_t pos = 0;
  for (size_t li = 0; li < limbs.size(); ++li) {
    size_t take = li == 0 ? first_bytes : 4;
    uint32_t v = 0;
    for (size_t k = 0; k < take; ++k)
      v = (v << 8) | mag[pos++];
    limbs[li] = v;
  }
  std::vector<uint32_t> chunks; // base 10^9, least significant first
  size_t start = 0;
  while (start < limbs.size() && limbs[start] == 0)
    ++start;
  while (start < limbs.size()) {
    uint64_t rem = 0;
    for (size_t i = start; i < limbs.size(); ++i) {
      uint64_t cur = (rem << 32) | limbs[i];
      limbs[i] = static_cast<uint32_t>(cur / 1000000000u);
      rem = cur % 1000000000u;
    }
    chunks.push_back(static_cast<uint32_t>(rem));
    while (start < limbs.size() && limbs[start] == 0)
      ++start;
  }
  std::string digits;
  if (chunks.empty())
    return "0";
  digits.reserve(chunks.size() * 9);
  AppendPadded(digits, chunks.back(), 1);
  for (size_t i = chunks.size() - 1; i-- > 0;)
    AppendPadded(digits, chunks[i], 9);
  return digits;
}

} // namespace

// ---- numbers ----

void AppendJsonInt32(std::string &out, int32_t v) {
  char buf[16];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}
void AppendJsonInt64(std::string &out, int64_t v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}
void AppendJsonUInt32(std::string &out, uint32_t v) {
  char buf[16];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}
void AppendJsonUInt64(std::string &out, uint64_t v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

template <typename F> static void AppendFloating(std::string &out, F v) {
  if (std::isnan(v)) {
    out.append("\"NaN\"");
  } else if (std::isinf(v)) {
    out.append(v > 0 ? "\"Infinity\"" : "\"-Infinity\"");
  } else {
    char buf[64];
    // The shortest text that round-trips through F.
    if constexpr (std::is_same_v<F, float>) {
      out.append(buf, util::FloatToChars(buf, v));
    } else {
      out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
    }
  }
}

void AppendJsonFloat(std::string &out, float v) { AppendFloating(out, v); }
void AppendJsonDouble(std::string &out, double v) { AppendFloating(out, v); }

float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h >> 15) << 31;
  const uint32_t exp = (h >> 10) & 0x1F;
  const uint32_t mant = h & 0x3FF;
  uint32_t bits;
  if (exp == 0) {
    // Zero or subnormal: mant * 2^-24, exact in binary32.
    float f = std::ldexp(static_cast<float>(mant), -24);
    return sign ? -f : f;
  } else if (exp == 0x1F) {
    bits = sign | 0x7F800000u | (mant << 13); // inf, or NaN keeping its payload
  } else {
    bits = sign | ((exp - 15 + 127) << 23) | (mant << 13);
  }
  return std::bit_cast<float>(bits);
}

void AppendJsonFloat16(std::string &out, uint16_t bits) {
  AppendJsonFloat(out, HalfToFloat(bits));
}

// ---- strings and bytes ----

namespace {

// A long string gets its room at once, with kLongSlack to spare: std::string
// would otherwise grow by doubling, so the closing quote after a 60 MB value
// took a 120 MB text.  The slack covers the quote, the rest of a row and the
// slow path's overshoot of its last chunk (5 bytes per input byte of a chunk
// of at most 64 KiB, below).  When `out` is already large the room grows by
// at least half its capacity, so appending many long strings stays linear.
constexpr size_t kLongString = size_t{1} << 20;
constexpr size_t kLongSlack = size_t{512} << 10;

void ReserveForLong(std::string &out, size_t n) {
  const size_t want = out.size() + n + kLongSlack;
  if (want > out.capacity()) {
    out.reserve(std::max(want, out.capacity() + out.capacity() / 2));
  }
}

}  // namespace

void AppendJsonEscaped(std::string &out, std::string_view s) {
  if (s.size() >= kLongString) [[unlikely]]
    ReserveForLong(out, s.size());
  const uint8_t *p = reinterpret_cast<const uint8_t *>(s.data());
  const uint8_t *const end = p + s.size();
  // Fast path: the prefix that needs no attention (often the whole string).
  while (p < end && !kSpecial[*p])
    ++p;
  out.append(s.data(), static_cast<size_t>(
                           p - reinterpret_cast<const uint8_t *>(s.data())));
  if (p == end)
    return;
  // Slow path: write through a raw pointer into room for the worst case (an
  // escape is 6 bytes for 1 input byte; U+FFFD is 3 bytes for at least 1),
  // in chunks so a huge string never needs 6x its size at once.  A UTF-8
  // sequence may run up to 3 bytes past a chunk's end; the room covers it.
  constexpr size_t kChunk = size_t{1} << 16;
  while (p < end) {
    const uint8_t *const chunk_end =
        p + std::min(static_cast<size_t>(end - p), kChunk);
    const size_t old = out.size();
    out.resize(old + (static_cast<size_t>(chunk_end - p) + 3) * 6);
    char *o = out.data() + old;
    while (p < chunk_end) {
      const uint8_t c = *p;
      if (!kSpecial[c]) [[likely]] {
        *o++ = static_cast<char>(c);
        ++p;
        continue;
      }
      if (c >= 0x80) {
        size_t bad = 0;
        const size_t n = util::Utf8Sequence(p, end, &bad);
        if (n != 0) {
          std::memcpy(o, p, n);
          o += n;
          p += n;
        } else {
          std::memcpy(o, "\xEF\xBF\xBD", 3);
          o += 3;
          p += bad;
        }
        continue;
      }
      *o++ = '\\';
      switch (c) {
      case '"':
        *o++ = '"';
        break;
      case '\\':
        *o++ = '\\';
        break;
      case '\b':
        *o++ = 'b';
        break;
      case '\f':
        *o++ = 'f';
        break;
      case '\n':
        *o++ = 'n';
        break;
      case '\r':
        *o++ = 'r';
        break;
      case '\t':
        *o++ = 't';
        break;
      default:
        o[0] = 'u';
        o[1] = '0';
        o[2] = '0';
        o[3] = kHex[c >> 4];
        o[4] = kHex[c & 15];
        o += 5;
      }
      ++p;
    }
    out.resize(static_cast<size_t>(o - out.data()));
  }
}

void AppendJsonString(std::string &out, std::string_view bytes) {
  out.push_back('"');
  AppendJsonEscaped(out, bytes);
  out.push_back('"');
}

void AppendJsonBase64(std::string &out, std::span<const uint8_t> in) {
  const size_t n = in.size();
  const size_t old = out.size();
  if (n >= kLongString) [[unlikely]]
    ReserveForLong(out, util::Base64Size(n));
  out.resize(old + 2 + util::Base64Size(n));
  char *o = out.data() + old;
  *o++ = '"';
  o = util::Base64Encode(in.data(), n, o);
  *o = '"';
}

void AppendJsonUuid(std::string &out, const uint8_t *b) {
  char buf[38];
  char *o = buf;
  *o++ = '"';
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      *o++ = '-';
    *o++ = kHex[b[i] >> 4];
    *o++ = kHex[b[i] & 15];
  }
  *o++ = '"';
  out.append(buf, static_cast<size_t>(o - buf));
}

static uint32_t LoadLE32(const uint8_t *p) {
  return uint32_t{p[0]} | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16) |
         (uint32_t{p[3]} << 24);
}

void AppendJsonInterval(std::string &out, const uint8_t *b) {
  out.append("{\"months\":");
  AppendJsonUInt32(out, LoadLE32(b));
  out.append(",\"days\":");
  AppendJsonUInt32(out, LoadLE32(b + 4));
  out.append(",\"milliseconds\":");
  AppendJsonUInt32(out, LoadLE32(b + 8));
  out.push_back('}');
}

// ---- decimals ----

Status AppendJsonDecimal(std::string &out, int64_t unscaled, int32_t scale) {
  PARQ_RETURN_IF_ERROR(CheckScale(scale));
  const bool neg = unscaled < 0;
  const uint64_t mag = neg ? 0 - static_cast<uint64_t>(unscaled)
                           : static_cast<uint64_t>(unscaled);
  char buf[24];
  size_t n =
      static_cast<size_t>(std::to_chars(buf, buf + sizeof buf, mag).ptr - buf);
  AppendScaled(out, neg, buf, n, static_cast<size_t>(scale));
  return Status::OK();
}

Status AppendJsonDecimal(std::string &out, std::span<const uint8_t> be,
                         int32_t scale) {
  PARQ_RETURN_IF_ERROR(CheckScale(scale));
  const bool neg = !be.empty() && (be[0] & 0x80) != 0;
  // Drop sign-extension bytes so long fixed-width values take the fast path.
  const uint8_t ext = neg ? 0xFF : 0x00;
  while (be.size() > 1 && be[0] == ext && ((be[1] & 0x80) != 0) == neg)
    be = be.subspan(1);
  if (be.size() <= 16) {
    unsigned __int128 x =
        neg ? ~static_cast<unsigned __int128>(0) : 0; // sign-extended
    for (uint8_t byte : be)
      x = (x << 8) | byte;
    if (neg)
      x = ~x + 1; // magnitude; exact even for the minimum value
    char buf[48];
    size_t n = U128Digits(x, buf);
    AppendScaled(out, neg, buf, n, static_cast<size_t>(scale));
    return Status::OK();
  }
  std::string digits;
  if (neg) {
    std::vector<uint8_t> mag(be.begin(), be.end());
    // Two's-complement negation: invert, add one from the least significant
    // end.
    for (auto &b : mag)
      b = static_cast<uint8_t>(~b);
    for (size_t i = mag.size(); i-- > 0;) {
      if (++mag[i] != 0)
        break;
    }
    digits = BigMagnitudeDigits(mag);
  } else {
    digits = BigMagnitudeDigits(be);
  }
  AppendScaled(out, neg, digits.data(), digits.size(),
               static_cast<size_t>(scale));
  return Status::OK();
}

Status AppendJsonDecimalLE(std::string &out, std::span<const uint8_t> le,
                           int32_t scale) {
  uint8_t small[16];
  std::vector<uint8_t> big;
  uint8_t *be = small;
  if (le.size() > sizeof small) {
    big.resize(le.size());
    be = big.data();
  }
  for (size_t i = 0; i < le.size(); ++i)
    be[i] = le[le.size() - 1 - i];
  return AppendJsonDecimal(out, std::span<const uint8_t>(be, le.size()), scale);
}

// ---- dates and times ----

void AppendDateText(std::string &out, int64_t days) {
  AppendCivilDate(out, days);
}

void AppendJsonDate(std::string &out, int32_t days) {
  out.push_back('"');
  AppendCivilDate(out, days);
  out.push_back('"');
}

void AppendJsonTime(std::string &out, int64_t value, JsonTimeUnit unit) {
  const uint64_t ups = static_cast<uint64_t>(UnitsPerSecond(unit));
  const uint64_t mag = value < 0 ? 0 - static_cast<uint64_t>(value)
                                 : static_cast<uint64_t>(value);
  out.push_back('"');
  if (value < 0)
    out.push_back('-');
  AppendHms(out, mag / ups);
  out.push_back('.');
  AppendPadded(out, mag % ups, FractionDigits(unit));
  out.push_back('"');
}

void AppendTimestampText(std::string &out, int64_t value, JsonTimeUnit unit,
                         bool utc) {
  const int64_t ups = UnitsPerSecond(unit);
  const int64_t units_per_day = ups * 86400;
  // |value / units_per_day| < 2^63 / 86400000, so days stay far inside int64.
  int64_t days, of_day; // of_day in [0, units_per_day)
  FloorDivMod(value, units_per_day, &days, &of_day);
  AppendDateTime(out, days, of_day, ups, FractionDigits(unit));
  if (utc)
    out.push_back('Z');
}

void AppendJsonTimestamp(std::string &out, int64_t value, JsonTimeUnit unit,
                         bool utc) {
  out.push_back('"');
  AppendTimestampText(out, value, unit, utc);
  out.push_back('"');
}

void AppendJsonInt96(std::string &out, int64_t nanos, int32_t julian_day) {
  constexpr int64_t kNanosPerDay = 86400LL * 1000000000LL;
  constexpr int64_t kJulianEpoch = 2440588; // Julian day of 1970-01-01
  int64_t carry, of_day;                    // |carry| <= 106752
  FloorDivMod(nanos, kNanosPerDay, &carry, &of_day);
  const int64_t days = static_cast<int64_t>(julian_day) - kJulianEpoch + carry;
  out.push_back('"');
  AppendDateTime(out, days, of_day, 1000000000, 9);
  out.push_back('"');
}

void AppendJsonInt96(std::string &out, const uint8_t *b) {
  uint64_t lo = uint64_t{LoadLE32(b)} | (uint64_t{LoadLE32(b + 4)} << 32);
  AppendJsonInt96(out, static_cast<int64_t>(lo),
                  static_cast<int32_t>(LoadLE32(b + 8)));
}

} // namespace parq
