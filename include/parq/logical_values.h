// parq/logical_values.h — typed values of the logical types: Decimal, Date,
// Time, Timestamp, Uuid and Float16, with exact conversions to and from their
// physical forms, std::chrono and text.
//
// The text of every type (ToString / AppendTo) is exactly the text parq's
// canonical JSON (docs/rows-as-json.md, `parq cat`) shows for the same value,
// without the JSON quotes: "-123.45", "1969-12-31", "23:59:59.999",
// "2024-01-02T03:04:05.000006Z", "0f1e2d3c-...", "0.099975586" / "NaN".
//
// Conversions are exact or fail: nothing rounds silently (Float16::FromFloat
// and FromDouble round to nearest even, as every IEEE conversion does).
// Errors are kInvalidArgument and say what did not fit.
//
// To read one from a row (a parq::Value and its schema node) or to make the
// Value that writes one, see parq/logical_value_access.h.
//
// Note: parq::schema (parq/schema_helpers.h) has field helpers of the same
// names (schema::Decimal("price", 9, 2) makes a column; parq::Decimal is a
// value); spell the namespace rather than bringing both into scope.
//
// Thread-safety: all are values; no shared state.
#ifndef PARQ_LOGICAL_VALUES_H_
#define PARQ_LOGICAL_VALUES_H_

#include <array>
#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "parq/logical_type.h"
#include "parq/result.h"
#include "parq/types.h"

namespace parq {

// DECIMAL(precision, scale): the exact number unscaled * 10^-scale, with
// 1 <= precision <= 38, 0 <= scale <= precision and |unscaled| < 10^precision
// (every Decimal holds these; the factories refuse anything else).
class Decimal {
 public:
  static constexpr int32_t kMaxPrecision = 38;

  Decimal() = default;  // 0 as DECIMAL(1,0)

  static Result<Decimal> Make(__int128 unscaled, int32_t precision, int32_t scale);
  // The unscaled value as two 64-bit halves: high * 2^64 + low (two's complement).
  static Result<Decimal> FromParts(int64_t high, uint64_t low, int32_t precision, int32_t scale);
  // "[+|-]digits[.digits]" (at least one digit; "5." and ".5" are accepted, as
  // the JSON reader does).  Fraction digits beyond `scale` must be zeros;
  // fewer are padded ("1.5" at scale 2 is 150).
  static Result<Decimal> FromString(std::string_view text, int32_t precision, int32_t scale);
  // The BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY form: big-endian two's complement
  // of any length (no bytes is 0, as the JSON text shows it).
  static Result<Decimal> FromBigEndian(std::span<const uint8_t> bytes, int32_t precision, int32_t scale);

  __int128 unscaled() const { return unscaled_; }
  int64_t high() const { return static_cast<int64_t>(unscaled_ >> 64); }
  uint64_t low() const { return static_cast<uint64_t>(unscaled_); }
  int32_t precision() const { return precision_; }
  int32_t scale() const { return scale_; }

  // The same number at another precision and scale, exactly: a larger scale
  // appends zeros, a smaller one drops only zeros.
  Result<Decimal> Rescale(int32_t precision, int32_t scale) const;

  // Big-endian two's complement in exactly `length` bytes (a
  // FIXED_LEN_BYTE_ARRAY(length)), or in the fewest bytes that hold it when
  // `length` <= 0 (BYTE_ARRAY).  Fails when it does not fit.
  Result<std::string> ToBigEndian(int32_t length = 0) const;

  // Exactly `scale` digits after the point, '-' when negative: "-0.05".
  std::string ToString() const;
  void AppendTo(std::string& out) const;

  // The same unscaled value, precision and scale (1.0 at scale 1 and 1.00 at
  // scale 2 differ; compare Rescale()d values for numeric equality).
  friend bool operator==(const Decimal&, const Decimal&) = default;

 private:
  Decimal(__int128 unscaled, int32_t precision, int32_t scale)
      : unscaled_(unscaled), precision_(precision), scale_(scale) {}
  __int128 unscaled_ = 0;
  int32_t precision_ = 1;
  int32_t scale_ = 0;
};

// DATE: days since 1970-01-01 (negative before), proleptic Gregorian.
class Date {
 public:
  constexpr Date() = default;  // 1970-01-01
  constexpr explicit Date(int32_t days_since_epoch) : days_(days_since_epoch) {}
  static Result<Date> FromSysDays(std::chrono::sys_days d);
  // REQUIRES nothing: an invalid date (!ymd.ok()) is an error.
  static Result<Date> FromYearMonthDay(std::chrono::year_month_day ymd);
  // "YYYY-MM-DD" as ToString prints it (at least 4 year digits, '-' before
  // years before year 0).
  static Result<Date> FromString(std::string_view text);

  int32_t days_since_epoch() const { return days_; }
  std::chrono::sys_days ToSysDays() const { return std::chrono::sys_days(std::chrono::days(days_)); }

  std::string ToString() const;  // "1969-12-31", "-0001-01-01", "10000-01-01"
  void AppendTo(std::string& out) const;

  friend constexpr auto operator<=>(const Date&, const Date&) = default;

 private:
  int32_t days_ = 0;
};

namespace detail {
// count * (from_num / from_den) seconds as a count of (to_num / to_den)
// seconds: exact, and within int64, or kInvalidArgument.
Result<int64_t> ConvertTicks(int64_t count, int64_t from_num, int64_t from_den, int64_t to_num, int64_t to_den);
// The (num, den) seconds of one unit: (1, 1000), (1, 1000000), (1, 1000000000).
constexpr int64_t UnitDen(TimeUnit u) {
  return u == TimeUnit::kMillis ? 1000 : u == TimeUnit::kMicros ? 1000000 : 1000000000;
}
template <typename Duration>
Result<int64_t> FromDuration(Duration d, TimeUnit unit) {
  static_assert(std::is_integral_v<typename Duration::rep>, "an integral std::chrono duration");
  return ConvertTicks(static_cast<int64_t>(d.count()), Duration::period::num, Duration::period::den, 1,
                      UnitDen(unit));
}
template <typename Duration>
Result<Duration> ToDuration(int64_t value, TimeUnit unit) {
  static_assert(std::is_integral_v<typename Duration::rep>, "an integral std::chrono duration");
  PARQ_ASSIGN_OR_RETURN(int64_t n, ConvertTicks(value, 1, UnitDen(unit), Duration::period::num, Duration::period::den));
  return Duration(static_cast<typename Duration::rep>(n));
}
}  // namespace detail

// TIME(unit, adjusted_to_utc): a count of `unit`s since midnight.  Any stored
// value is kept (and printed signed when outside 0-24 h, as the JSON text
// does); FromDuration makes only values within [0, 24 h).
class Time {
 public:
  constexpr Time(int64_t value, TimeUnit unit, bool adjusted_to_utc)
      : value_(value), unit_(unit), utc_(adjusted_to_utc) {}
  // An integral std::chrono duration since midnight, exact in `unit`.
  template <typename Duration>
  static Result<Time> FromDuration(Duration since_midnight, TimeUnit unit, bool adjusted_to_utc) {
    PARQ_ASSIGN_OR_RETURN(int64_t v, detail::FromDuration(since_midnight, unit));
    return Make(v, unit, adjusted_to_utc);
  }
  // `value` units since midnight, within [0, 24 h).
  static Result<Time> Make(int64_t value, TimeUnit unit, bool adjusted_to_utc);

  int64_t value() const { return value_; }
  TimeUnit unit() const { return unit_; }
  bool is_adjusted_to_utc() const { return utc_; }
  // The value as a std::chrono duration (e.g. std::chrono::microseconds),
  // exact or an error (a NANOS time as milliseconds with a remainder).
  template <typename Duration>
  Result<Duration> ToDuration() const {
    return detail::ToDuration<Duration>(value_, unit_);
  }
  // The same time in another unit, exactly.
  Result<Time> ToUnit(TimeUnit unit) const;

  std::string ToString() const;  // "HH:MM:SS" + 3, 6 or 9 fraction digits
  void AppendTo(std::string& out) const;

  friend bool operator==(const Time&, const Time&) = default;

 private:
  int64_t value_;
  TimeUnit unit_;
  bool utc_;
};

// TIMESTAMP(unit, adjusted_to_utc): a count of `unit`s since 1970-01-01
// 00:00:00 — UTC when adjusted_to_utc, else of the local wall clock (then a
// std::chrono::sys_time holds the wall-clock fields as if they were UTC, as
// Arrow does).
class Timestamp {
 public:
  constexpr Timestamp(int64_t value, TimeUnit unit, bool adjusted_to_utc)
      : value_(value), unit_(unit), utc_(adjusted_to_utc) {}
  // An integral std::chrono time point, exact in `unit`.
  template <typename Duration>
  static Result<Timestamp> FromSysTime(std::chrono::sys_time<Duration> t, TimeUnit unit, bool adjusted_to_utc) {
    PARQ_ASSIGN_OR_RETURN(int64_t v, detail::FromDuration(t.time_since_epoch(), unit));
    return Timestamp(v, unit, adjusted_to_utc);
  }
  // An INT96 (nanoseconds of the day, then the Julian day; nanoseconds
  // outside one day, negative ones included, carry into the day) as a NANOS
  // timestamp, not adjusted to UTC (the JSON text of an INT96 has no "Z").
  // Fails for instants outside int64 nanoseconds (about 1677-09-21 to
  // 2262-04-11).
  static Result<Timestamp> FromInt96(const parq::Int96& v) { return FromInt96(v.nanos(), v.julian_day()); }
  static Result<Timestamp> FromInt96(int64_t nanos_of_day, int32_t julian_day);

  int64_t value() const { return value_; }
  TimeUnit unit() const { return unit_; }
  bool is_adjusted_to_utc() const { return utc_; }
  template <typename Duration>
  Result<std::chrono::sys_time<Duration>> ToSysTime() const {
    PARQ_ASSIGN_OR_RETURN(Duration d, detail::ToDuration<Duration>(value_, unit_));
    return std::chrono::sys_time<Duration>(d);
  }
  // The same instant in another unit, exactly.
  Result<Timestamp> ToUnit(TimeUnit unit) const;
  // The INT96 layout (normalized: nanoseconds within the day).  Fails only
  // when the Julian day leaves int32.
  Result<parq::Int96> ToInt96() const;

  // ISO 8601: "2024-01-02T03:04:05.000006Z" ("Z" only when adjusted to UTC;
  // 3, 6 or 9 fraction digits by unit; years as Date prints them).
  std::string ToString() const;
  void AppendTo(std::string& out) const;

  friend bool operator==(const Timestamp&, const Timestamp&) = default;

 private:
  int64_t value_;
  TimeUnit unit_;
  bool utc_;
};

// UUID: 16 bytes, in the order of the canonical text.
class Uuid {
 public:
  constexpr Uuid() = default;  // the nil UUID
  constexpr explicit Uuid(const std::array<uint8_t, 16>& bytes) : bytes_(bytes) {}
  static Result<Uuid> FromBytes(std::span<const uint8_t> bytes);  // exactly 16
  // "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", hex digits of either case.
  static Result<Uuid> FromString(std::string_view text);

  const std::array<uint8_t, 16>& bytes() const { return bytes_; }
  std::string_view view() const { return {reinterpret_cast<const char*>(bytes_.data()), bytes_.size()}; }

  std::string ToString() const;  // lower case
  void AppendTo(std::string& out) const;

  friend constexpr auto operator<=>(const Uuid&, const Uuid&) = default;

 private:
  std::array<uint8_t, 16> bytes_{};
};

// FLOAT16: an IEEE 754 binary16 (1 sign, 5 exponent, 10 fraction bits),
// stored as 2 little-endian bytes.
class Float16 {
 public:
  constexpr Float16() = default;  // +0
  static constexpr Float16 FromBits(uint16_t bits) { return Float16(bits); }
  // Rounded to nearest, ties to even; beyond the largest finite half
  // (65504) to +-infinity; below the smallest subnormal (2^-24) to +-0
  // (exactly half of it rounds to 0, ties to even); NaN to the quiet NaN of
  // the same sign (0x7E00 / 0xFE00: the payload does not survive, as in the
  // JSON reader).
  static Float16 FromFloat(float v);
  static Float16 FromDouble(double v);  // rounded once, from the double itself
  static Result<Float16> FromBytes(std::span<const uint8_t> bytes);  // exactly 2, little-endian

  uint16_t bits() const { return bits_; }
  std::array<uint8_t, 2> ToBytes() const {
    return {static_cast<uint8_t>(bits_ & 0xFF), static_cast<uint8_t>(bits_ >> 8)};
  }
  float ToFloat() const;  // exact (every half is a float)
  double ToDouble() const { return static_cast<double>(ToFloat()); }
  bool is_nan() const { return (bits_ & 0x7C00) == 0x7C00 && (bits_ & 0x3FF) != 0; }
  bool is_inf() const { return (bits_ & 0x7FFF) == 0x7C00; }

  // The shortest text that reads back as the same float ("0.099975586",
  // "-0", "65504"), or "NaN", "Infinity", "-Infinity".
  std::string ToString() const;
  void AppendTo(std::string& out) const;

  // Bitwise: +0 and -0 differ; a NaN equals the NaN of the same bits.
  friend constexpr bool operator==(const Float16&, const Float16&) = default;

 private:
  constexpr explicit Float16(uint16_t bits) : bits_(bits) {}
  uint16_t bits_ = 0;
};

}  // namespace parq

#endif  // PARQ_LOGICAL_VALUES_H_
