// The typed logical values of parq/logical_values.h.  Their texts must equal
// the canonical JSON's (record/json_format.cc); tests/record compares the two
// over corpus files and edge values.
#include "parq/logical_values.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

#include "schema/decimal_precision.h"

namespace parq {

namespace {

using i128 = __int128;
using u128 = unsigned __int128;

constexpr int64_t kSecondsPerDay = 86400;
constexpr int64_t kJulianDayOfEpoch = 2440588;  // 1970-01-01
constexpr int64_t kDaysPer400Years = 146097;    // the Gregorian calendar's cycle

constexpr const std::array<i128, 39>& kPow10 = schema::kPowersOfTen;  // 10^0 .. 10^38

u128 Magnitude(i128 v) { return v < 0 ? u128{0} - static_cast<u128>(v) : static_cast<u128>(v); }

std::string ToText(u128 v) {
  char buf[40];
  char* e = buf + sizeof buf;
  char* p = e;
  do {
    *--p = static_cast<char>('0' + static_cast<int>(v % 10));
    v /= 10;
  } while (v != 0);
  return std::string(p, e);
}

std::string ToText(i128 v) { return (v < 0 ? "-" : "") + ToText(Magnitude(v)); }

// The decimal digits of v, at least `width` of them.
void AppendNumber(std::string& out, uint64_t v, int width) {
  char buf[24];
  char* e = std::to_chars(buf, buf + sizeof buf, v).ptr;
  const auto n = static_cast<int>(e - buf);
  if (n < width) out.append(static_cast<size_t>(width - n), '0');
  out.append(buf, e);
}

// a = q * b + r with 0 <= r < b (b > 0).
void FloorDivide(int64_t a, int64_t b, int64_t* q, int64_t* r) {
  *q = a / b;
  *r = a % b;
  if (*r < 0) {
    *r += b;
    --*q;
  }
}

int FractionDigits(TimeUnit u) { return u == TimeUnit::kMillis ? 3 : u == TimeUnit::kMicros ? 6 : 9; }

// "YYYY-MM-DD" for any day count: whole 400-year cycles are taken off so
// that std::chrono works on a day within 1970..2369, and added back as years.
void AppendDate(std::string& out, int64_t days) {
  int64_t cycles, rest;
  FloorDivide(days, kDaysPer400Years, &cycles, &rest);
  const std::chrono::year_month_day ymd{std::chrono::sys_days(std::chrono::days(rest))};
  const int64_t year = static_cast<int>(ymd.year()) + cycles * 400;
  if (year < 0) out.push_back('-');
  AppendNumber(out, static_cast<uint64_t>(year < 0 ? -year : year), 4);
  out.push_back('-');
  AppendNumber(out, static_cast<unsigned>(ymd.month()), 2);
  out.push_back('-');
  AppendNumber(out, static_cast<unsigned>(ymd.day()), 2);
}

// "HH:MM:SS.fff" for a non-negative count of units (hours may pass 24).
void AppendClock(std::string& out, uint64_t units, TimeUnit unit) {
  const auto per_second = static_cast<uint64_t>(detail::UnitDen(unit));
  const uint64_t seconds = units / per_second;
  AppendNumber(out, seconds / 3600, 2);
  out.push_back(':');
  AppendNumber(out, seconds / 60 % 60, 2);
  out.push_back(':');
  AppendNumber(out, seconds % 60, 2);
  out.push_back('.');
  AppendNumber(out, units % per_second, FractionDigits(unit));
}

std::string DecimalName(int32_t precision, int32_t scale) {
  return "DECIMAL(" + std::to_string(precision) + "," + std::to_string(scale) + ")";
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Reads exactly `n` decimal digits at text[*pos].
bool ReadDigits(std::string_view text, size_t* pos, size_t n, int64_t* v) {
  if (text.size() - *pos < n) return false;
  *v = 0;
  for (size_t i = 0; i < n; ++i) {
    const char c = text[*pos + i];
    if (c < '0' || c > '9') return false;
    *v = *v * 10 + (c - '0');
  }
  *pos += n;
  return true;
}

}  // namespace

// ---------------------------------------------------------------- detail ---

Result<int64_t> detail::ConvertTicks(int64_t count, int64_t from_num, int64_t from_den, int64_t to_num,
                                     int64_t to_den) {
  // count * (from_num * to_den) / (from_den * to_num), the fraction reduced
  // first so that the product stays inside 128 bits for any std::ratio.
  i128 num = static_cast<i128>(from_num) * to_den;
  i128 den = static_cast<i128>(from_den) * to_num;
  i128 a = num, b = den;  // both positive: std::ratio periods are
  while (b != 0) a = std::exchange(b, a % b);
  num /= a;
  den /= a;
  if (num > std::numeric_limits<int64_t>::max()) {
    if (count == 0) return int64_t{0};
    return Status::InvalidArgument("time value " + std::to_string(count) + " overflows the target unit");
  }
  const i128 scaled = static_cast<i128>(count) * num;
  if (scaled % den != 0) {
    return Status::InvalidArgument("time value " + std::to_string(count) +
                                   " is not a whole number of the target unit");
  }
  const i128 out = scaled / den;
  if (out < std::numeric_limits<int64_t>::min() || out > std::numeric_limits<int64_t>::max()) {
    return Status::InvalidArgument("time value " + std::to_string(count) + " overflows the target unit");
  }
  return static_cast<int64_t>(out);
}

// --------------------------------------------------------------- Decimal ---

Result<Decimal> Decimal::Make(i128 unscaled, int32_t precision, int32_t scale) {
  if (precision < 1 || precision > kMaxPrecision) {
    return Status::InvalidArgument(DecimalName(precision, scale) + ": precision must lie in 1.." +
                                   std::to_string(kMaxPrecision));
  }
  if (scale < 0 || scale > precision) {
    return Status::InvalidArgument(DecimalName(precision, scale) + ": scale must lie in 0..precision");
  }
  if (Magnitude(unscaled) >= static_cast<u128>(kPow10[static_cast<size_t>(precision)])) {
    return Status::InvalidArgument("unscaled value " + ToText(unscaled) + " has more than " +
                                   std::to_string(precision) + " digits for " + DecimalName(precision, scale));
  }
  return Decimal(unscaled, precision, scale);
}

Result<Decimal> Decimal::FromParts(int64_t high, uint64_t low, int32_t precision, int32_t scale) {
  return Make(static_cast<i128>((static_cast<u128>(static_cast<uint64_t>(high)) << 64) | low), precision, scale);
}

Result<Decimal> Decimal::FromString(std::string_view text, int32_t precision, int32_t scale) {
  auto bad = [&](const char* why) {
    return Status::InvalidArgument("decimal text \"" + std::string(text) + "\" " + why + " for " +
                                   DecimalName(precision, scale));
  };
  if (scale < 0 || scale > kMaxPrecision) return Make(0, precision, scale);  // names the bad parameter
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) negative = text[i++] == '-';
  u128 mag = 0;
  int digits = 0;      // digits read (integer and fraction)
  int significant = 0;  // digits kept, after the leading zeros
  auto push = [&](char c) {
    if (significant > 0 || c != '0') ++significant;
    if (significant <= kMaxPrecision) mag = mag * 10 + static_cast<unsigned>(c - '0');
  };
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits) push(text[i]);
  int32_t fraction = 0;
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits) {
      if (fraction == scale) {
        if (text[i] != '0') return bad("has more fraction digits than the scale");
        continue;
      }
      ++fraction;
      push(text[i]);
    }
  }
  if (digits == 0 || i != text.size()) return bad("is not [+|-]digits[.digits]");
  for (; fraction < scale; ++fraction) push('0');
  if (significant > precision) return bad("has more digits than the precision");
  return Make(negative ? -static_cast<i128>(mag) : static_cast<i128>(mag), precision, scale);
}

Result<Decimal> Decimal::FromBigEndian(std::span<const uint8_t> bytes, int32_t precision, int32_t scale) {
  const bool negative = !bytes.empty() && (bytes[0] & 0x80) != 0;
  const uint8_t fill = negative ? 0xFF : 0x00;
  // Bytes that only repeat the sign add nothing.
  while (bytes.size() > 16 && bytes[0] == fill) bytes = bytes.subspan(1);
  if (bytes.size() > 16 || (bytes.size() == 16 && ((bytes[0] & 0x80) != 0) != negative)) {
    return Status::InvalidArgument("a " + std::to_string(bytes.size()) + "-byte unscaled value exceeds " +
                                   DecimalName(precision, scale) + "'s 128 bits");
  }
  u128 v = negative ? ~u128{0} : 0;
  for (uint8_t b : bytes) v = (v << 8) | b;
  return Make(static_cast<i128>(v), precision, scale);
}

Result<Decimal> Decimal::Rescale(int32_t precision, int32_t scale) const {
  if (scale < 0 || scale > kMaxPrecision) return Make(0, precision, scale);  // names the bad parameter
  i128 v = unscaled_;
  if (scale >= scale_) {
    const auto up = static_cast<size_t>(scale - scale_);
    // |v| < 10^38 / 10^up keeps the product inside 10^38 (Make checks the precision).
    if (up > static_cast<size_t>(kMaxPrecision) || Magnitude(v) >= static_cast<u128>(kPow10[kMaxPrecision - up])) {
      return Status::InvalidArgument(ToString() + " does not fit " + DecimalName(precision, scale));
    }
    v *= kPow10[up];
  } else {
    const i128 down = kPow10[static_cast<size_t>(scale_ - scale)];
    if (v % down != 0) return Status::InvalidArgument(ToString() + " would lose digits at scale " + std::to_string(scale));
    v /= down;
  }
  Result<Decimal> r = Make(v, precision, scale);
  if (!r.ok() && precision >= 1 && precision <= kMaxPrecision) {
    return Status::InvalidArgument(ToString() + " does not fit " + DecimalName(precision, scale));
  }
  return r;
}

Result<std::string> Decimal::ToBigEndian(int32_t length) const {
  // The fewest bytes whose top bit still gives the sign.
  size_t need = 16;
  const uint8_t fill = unscaled_ < 0 ? 0xFF : 0x00;
  auto byte = [&](size_t i) { return static_cast<uint8_t>(static_cast<u128>(unscaled_) >> (8 * i)); };  // i from the low end
  while (need > 1 && byte(need - 1) == fill && ((byte(need - 2) & 0x80) != 0) == (unscaled_ < 0)) --need;
  const size_t len = length <= 0 ? need : static_cast<size_t>(length);
  if (need > len) {
    return Status::InvalidArgument(ToString() + " needs " + std::to_string(need) + " bytes, more than " +
                                   std::to_string(len));
  }
  std::string out(len, static_cast<char>(fill));
  for (size_t i = 0; i < need; ++i) out[len - 1 - i] = static_cast<char>(byte(i));
  return out;
}

void Decimal::AppendTo(std::string& out) const {
  std::string digits = ToText(Magnitude(unscaled_));
  const auto scale = static_cast<size_t>(scale_);
  if (digits.size() <= scale) digits.insert(0, scale + 1 - digits.size(), '0');  // "0.05"
  if (unscaled_ < 0) out.push_back('-');
  out.append(digits, 0, digits.size() - scale);
  if (scale > 0) {
    out.push_back('.');
    out.append(digits, digits.size() - scale, scale);
  }
}

std::string Decimal::ToString() const {
  std::string s;
  AppendTo(s);
  return s;
}

// ------------------------------------------------------------------ Date ---

Result<Date> Date::FromSysDays(std::chrono::sys_days d) {
  const auto n = d.time_since_epoch().count();
  if (n < std::numeric_limits<int32_t>::min() || n > std::numeric_limits<int32_t>::max()) {
    return Status::InvalidArgument("day " + std::to_string(n) + " since 1970-01-01 is outside DATE's int32");
  }
  return Date(static_cast<int32_t>(n));
}

Result<Date> Date::FromYearMonthDay(std::chrono::year_month_day ymd) {
  if (!ymd.ok()) {
    return Status::InvalidArgument("not a valid date: " + std::to_string(static_cast<int>(ymd.year())) + "-" +
                                   std::to_string(static_cast<unsigned>(ymd.month())) + "-" +
                                   std::to_string(static_cast<unsigned>(ymd.day())));
  }
  return FromSysDays(std::chrono::sys_days(ymd));
}

Result<Date> Date::FromString(std::string_view text) {
  auto bad = [&] { return Status::InvalidArgument("date text \"" + std::string(text) + "\" is not YYYY-MM-DD"); };
  size_t pos = text.starts_with('-') ? 1 : 0;
  const size_t year_digits = text.find('-', pos) == std::string_view::npos ? 0 : text.find('-', pos) - pos;
  int64_t year, month, day;
  if (year_digits < 4 || year_digits > 10 || !ReadDigits(text, &pos, year_digits, &year)) return bad();
  if (pos != 0 && text[0] == '-') year = -year;
  if (text.substr(pos, 1) != "-" || !ReadDigits(text, &++pos, 2, &month)) return bad();
  if (text.substr(pos, 1) != "-" || !ReadDigits(text, &++pos, 2, &day) || pos != text.size()) return bad();
  // The day within a 400-year cycle from std::chrono, then the whole cycles.
  int64_t cycles, year_in_cycle;
  FloorDivide(year, 400, &cycles, &year_in_cycle);
  const std::chrono::year_month_day ymd{std::chrono::year(static_cast<int>(year_in_cycle)),
                                        std::chrono::month(static_cast<unsigned>(month)),
                                        std::chrono::day(static_cast<unsigned>(day))};
  if (!ymd.ok()) return bad();
  const int64_t days = std::chrono::sys_days(ymd).time_since_epoch().count() + cycles * kDaysPer400Years;
  return FromSysDays(std::chrono::sys_days(std::chrono::days(days)));
}

void Date::AppendTo(std::string& out) const { AppendDate(out, days_); }

std::string Date::ToString() const {
  std::string s;
  AppendTo(s);
  return s;
}

// ------------------------------------------------------------------ Time ---

Result<Time> Time::Make(int64_t value, TimeUnit unit, bool adjusted_to_utc) {
  if (value < 0 || value >= kSecondsPerDay * detail::UnitDen(unit)) {
    return Status::InvalidArgument("TIME(" + std::string(TimeUnitName(unit)) + ") value " + std::to_string(value) +
                                   " is outside 0..24 h");
  }
  return Time(value, unit, adjusted_to_utc);
}

Result<Time> Time::ToUnit(TimeUnit unit) const {
  PARQ_ASSIGN_OR_RETURN(int64_t v, detail::ConvertTicks(value_, 1, detail::UnitDen(unit_), 1, detail::UnitDen(unit)));
  return Time(v, unit, utc_);
}

void Time::AppendTo(std::string& out) const {
  // A stored value outside the day prints as is, with a sign.
  if (value_ < 0) out.push_back('-');
  AppendClock(out, value_ < 0 ? 0 - static_cast<uint64_t>(value_) : static_cast<uint64_t>(value_), unit_);
}

std::string Time::ToString() const {
  std::string s;
  AppendTo(s);
  return s;
}

// ------------------------------------------------------------- Timestamp ---

Result<Timestamp> Timestamp::FromInt96(int64_t nanos_of_day, int32_t julian_day) {
  constexpr i128 kNanosPerDay = i128{kSecondsPerDay} * 1000000000;
  const i128 nanos = (static_cast<i128>(julian_day) - kJulianDayOfEpoch) * kNanosPerDay + nanos_of_day;
  if (nanos < std::numeric_limits<int64_t>::min() || nanos > std::numeric_limits<int64_t>::max()) {
    return Status::InvalidArgument("INT96 (Julian day " + std::to_string(julian_day) + ", " +
                                   std::to_string(nanos_of_day) +
                                   " ns) is outside the int64 nanoseconds of a TIMESTAMP(NANOS)");
  }
  return Timestamp(static_cast<int64_t>(nanos), TimeUnit::kNanos, false);
}

Result<Timestamp> Timestamp::ToUnit(TimeUnit unit) const {
  PARQ_ASSIGN_OR_RETURN(int64_t v, detail::ConvertTicks(value_, 1, detail::UnitDen(unit_), 1, detail::UnitDen(unit)));
  return Timestamp(v, unit, utc_);
}

Result<parq::Int96> Timestamp::ToInt96() const {
  const int64_t per_second = detail::UnitDen(unit_);
  int64_t days, of_day;
  FloorDivide(value_, kSecondsPerDay * per_second, &days, &of_day);
  const int64_t julian = days + kJulianDayOfEpoch;
  if (julian < std::numeric_limits<int32_t>::min() || julian > std::numeric_limits<int32_t>::max()) {
    return Status::InvalidArgument("timestamp " + ToString() + " is outside INT96's Julian days");
  }
  const auto nanos = static_cast<uint64_t>(of_day * (1000000000 / per_second));
  return parq::Int96{{static_cast<uint32_t>(nanos), static_cast<uint32_t>(nanos >> 32),
                      static_cast<uint32_t>(static_cast<int32_t>(julian))}};
}

void Timestamp::AppendTo(std::string& out) const {
  const int64_t per_day = kSecondsPerDay * detail::UnitDen(unit_);
  int64_t days, of_day;
  FloorDivide(value_, per_day, &days, &of_day);
  AppendDate(out, days);
  out.push_back('T');
  AppendClock(out, static_cast<uint64_t>(of_day), unit_);
  if (utc_) out.push_back('Z');
}

std::string Timestamp::ToString() const {
  std::string s;
  AppendTo(s);
  return s;
}

// ------------------------------------------------------------------ Uuid ---

Result<Uuid> Uuid::FromBytes(std::span<const uint8_t> bytes) {
  if (bytes.size() != 16) {
    return Status::InvalidArgument("a UUID is 16 bytes, not " + std::to_string(bytes.size()));
  }
  Uuid u;
  std::copy(bytes.begin(), bytes.end(), u.bytes_.begin());
  return u;
}

Result<Uuid> Uuid::FromString(std::string_view text) {
  auto bad = [&] {
    return Status::InvalidArgument("UUID text \"" + std::string(text) + "\" is not xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
  };
  if (text.size() != 36) return bad();
  Uuid u;
  size_t pos = 0;
  for (size_t i = 0; i < 16; ++i, pos += 2) {
    if (i == 4 || i == 6 || i == 8 || i == 10) {
      if (text[pos++] != '-') return bad();
    }
    const int hi = HexValue(text[pos]), lo = HexValue(text[pos + 1]);
    if (hi < 0 || lo < 0) return bad();
    u.bytes_[i] = static_cast<uint8_t>(hi * 16 + lo);
  }
  return u;
}

void Uuid::AppendTo(std::string& out) const {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (size_t i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out.push_back('-');
    out.push_back(kDigits[bytes_[i] >> 4]);
    out.push_back(kDigits[bytes_[i] & 15]);
  }
}

std::string Uuid::ToString() const {
  std::string s;
  AppendTo(s);
  return s;
}

// --------------------------------------------------------------- Float16 ---

Float16 Float16::FromFloat(float v) {
  return FromDouble(static_cast<double>(v));  // exact, so rounding once from the double is the same
}

Float16 Float16::FromDouble(double v) {
  const auto x = std::bit_cast<uint64_t>(v);
  const auto sign = static_cast<uint16_t>((x >> 48) & 0x8000);
  const auto exponent = static_cast<int>((x >> 52) & 0x7FF);
  const uint64_t fraction = x & ((uint64_t{1} << 52) - 1);
  if (exponent == 0x7FF) return Float16(static_cast<uint16_t>(sign | (fraction != 0 ? 0x7E00 : 0x7C00)));
  if (exponent == 0) return Float16(sign);  // zero, or a double subnormal: far below 2^-25
  const int e = exponent - 1023;            // v = significand * 2^(e - 52)
  const uint64_t significand = fraction | (uint64_t{1} << 52);
  if (e < -25) return Float16(sign);  // below half the smallest subnormal
  // Keep 11 significant bits for a normal half (e >= -14), fewer for a
  // subnormal one (whose unit is 2^-24): shift = 52 - 10 = 42, or 28 - e.
  const int shift = e >= -14 ? 42 : 28 - e;
  uint64_t kept = significand >> shift;
  const uint64_t rest = significand & ((uint64_t{1} << shift) - 1);
  const uint64_t half_way = uint64_t{1} << (shift - 1);
  // Normal: the biased exponent above the 10 fraction bits (kept holds the
  // implicit bit, so add e + 14 rather than e + 15).
  uint64_t bits = e >= -14 ? (static_cast<uint64_t>(e + 14) << 10) + kept : kept;
  if (rest > half_way || (rest == half_way && (kept & 1) != 0)) ++bits;  // a carry into the exponent is right
  if (bits >= 0x7C00) return Float16(static_cast<uint16_t>(sign | 0x7C00));  // overflow: infinity
  return Float16(static_cast<uint16_t>(sign | bits));
}

Result<Float16> Float16::FromBytes(std::span<const uint8_t> bytes) {
  if (bytes.size() != 2) {
    return Status::InvalidArgument("a FLOAT16 is 2 bytes, not " + std::to_string(bytes.size()));
  }
  return Float16(static_cast<uint16_t>(bytes[0] | (bytes[1] << 8)));
}

float Float16::ToFloat() const {
  const int exponent = (bits_ >> 10) & 0x1F;
  const uint32_t fraction = bits_ & 0x3FF;
  const bool negative = (bits_ & 0x8000) != 0;
  if (exponent == 0x1F) {  // infinity, or NaN with its payload
    return std::bit_cast<float>((negative ? 0x80000000u : 0u) | 0x7F800000u | (fraction << 13));
  }
  // (fraction with its implicit bit) * 2^(exponent - 25); subnormals use exponent 1 without the bit.
  const auto significand = static_cast<float>(exponent == 0 ? fraction : fraction | 0x400);
  const float magnitude = std::ldexp(significand, (exponent == 0 ? 1 : exponent) - 25);
  return negative ? -magnitude : magnitude;
}

void Float16::AppendTo(std::string& out) const {
  if (is_nan()) {
    out.append("NaN");
  } else if (is_inf()) {
    out.append((bits_ & 0x8000) != 0 ? "-Infinity" : "Infinity");
  } else {
    char buf[32];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, ToFloat()).ptr);
  }
}

std::string Float16::ToString() const {
  std::string s;
  AppendTo(s);
  return s;
}

}  // namespace parq
