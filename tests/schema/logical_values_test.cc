// The typed logical values (parq/logical_values.h) on their edge cases:
// decimals at the precision limits 9 / 18 / 38, negative and at scale 0, in
// every physical form; dates before 1970 and before year 0; times and
// timestamps through std::chrono, exact or refused; INT96 with negative and
// overlong nanoseconds; UUID text of either case; FLOAT16 rounding checked at
// every pair of neighbouring halves, subnormals, NaN and infinities.
// (tests/record/logical_value_access_test.cc checks the texts against the
// canonical JSON.)
#include "parq/logical_values.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "testing/status_macros.h"

namespace parq {
namespace {

using namespace std::chrono_literals;
using std::chrono::day;
using std::chrono::month;
using std::chrono::sys_days;
using std::chrono::year;
using std::chrono::year_month_day;

__int128 Pow10(int n) {
  __int128 p = 1;
  while (n-- > 0) p *= 10;
  return p;
}

std::string Bytes(std::initializer_list<int> b) {
  std::string s;
  for (int x : b) s.push_back(static_cast<char>(x));
  return s;
}

std::span<const uint8_t> Span(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

// ---- Decimal ----

TEST(DecimalTest, PrecisionLimits) {
  for (int p : {1, 9, 18, 38}) {
    SCOPED_TRACE(p);
    ASSERT_OK_AND_ASSIGN(Decimal max, Decimal::Make(Pow10(p) - 1, p, 0));
    EXPECT_EQ(max.ToString(), std::string(static_cast<size_t>(p), '9'));
    ASSERT_OK_AND_ASSIGN(Decimal min, Decimal::Make(1 - Pow10(p), p, p));
    EXPECT_EQ(min.ToString(), "-0." + std::string(static_cast<size_t>(p), '9'));
    EXPECT_STATUS_HAS(Decimal::Make(Pow10(p), p, 0), StatusCode::kInvalidArgument, "more than");
    EXPECT_STATUS(Decimal::Make(-Pow10(p), p, 0), StatusCode::kInvalidArgument);
  }
  EXPECT_STATUS_HAS(Decimal::Make(0, 39, 0), StatusCode::kInvalidArgument, "DECIMAL(39,0): precision must lie in 1..38");
  EXPECT_STATUS(Decimal::Make(0, 0, 0), StatusCode::kInvalidArgument);
  EXPECT_STATUS_HAS(Decimal::Make(0, 5, 6), StatusCode::kInvalidArgument, "scale must lie in 0..precision");
  EXPECT_STATUS(Decimal::Make(0, 5, -1), StatusCode::kInvalidArgument);
  EXPECT_EQ(Decimal().ToString(), "0");
}

TEST(DecimalTest, TextOfNegativesSmallValuesAndScaleZero) {
  auto text = [](__int128 v, int p, int s) {
    Result<Decimal> d = Decimal::Make(v, p, s);
    return d.ok() ? d->ToString() : d.status().ToString();
  };
  EXPECT_EQ(text(-12345, 5, 2), "-123.45");
  EXPECT_EQ(text(-5, 3, 2), "-0.05");
  EXPECT_EQ(text(5, 3, 3), "0.005");
  EXPECT_EQ(text(0, 4, 3), "0.000");
  EXPECT_EQ(text(-7, 1, 0), "-7");
  EXPECT_EQ(text(1234567890, 10, 0), "1234567890");
  EXPECT_EQ(text(-1, 38, 38), "-0.00000000000000000000000000000000000001");
}

TEST(DecimalTest, FromStringIsExact) {
  auto unscaled = [](std::string_view s, int p, int sc) -> std::string {
    Result<Decimal> d = Decimal::FromString(s, p, sc);
    if (!d.ok()) return "error";
    return std::to_string(static_cast<long long>(d->unscaled()));
  };
  EXPECT_EQ(unscaled("-123.45", 5, 2), "-12345");
  EXPECT_EQ(unscaled("1.5", 4, 2), "150");    // padded
  EXPECT_EQ(unscaled("1.50", 2, 1), "15");    // a zero beyond the scale is exact
  EXPECT_EQ(unscaled("1.55", 2, 1), "error");  // would round
  EXPECT_EQ(unscaled("+0.001", 3, 3), "1");
  EXPECT_EQ(unscaled(".5", 1, 1), "5");
  EXPECT_EQ(unscaled("5.", 1, 0), "5");
  EXPECT_EQ(unscaled("0000123.4", 4, 1), "1234");  // leading zeros are not digits of the precision
  EXPECT_EQ(unscaled("12345.6", 5, 1), "error");
  EXPECT_EQ(unscaled("-0", 1, 0), "0");
  for (const char* bad : {"", "-", ".", "1e3", "1,5", " 1", "1 ", "--1", "0x10", "1.2.3"}) {
    EXPECT_EQ(unscaled(bad, 9, 2), "error") << bad;
  }
  EXPECT_STATUS_HAS(Decimal::FromString("1.55", 2, 1), StatusCode::kInvalidArgument,
                    "decimal text \"1.55\" has more fraction digits than the scale for DECIMAL(2,1)");
  // 38 digits fit, 39 do not.
  const std::string nines(38, '9');
  ASSERT_OK_AND_ASSIGN(Decimal big, Decimal::FromString("-" + nines, 38, 0));
  EXPECT_EQ(big.unscaled(), 1 - Pow10(38));
  EXPECT_STATUS(Decimal::FromString(nines + "9", 38, 0), StatusCode::kInvalidArgument);
  EXPECT_STATUS(Decimal::FromString("1" + std::string(60, '0'), 38, 0), StatusCode::kInvalidArgument);
}

TEST(DecimalTest, PartsAndTwosComplementBytes) {
  ASSERT_OK_AND_ASSIGN(Decimal minus_one, Decimal::FromParts(-1, ~uint64_t{0}, 5, 0));
  EXPECT_EQ(minus_one.unscaled(), -1);
  EXPECT_EQ(minus_one.high(), -1);
  EXPECT_EQ(minus_one.low(), ~uint64_t{0});
  ASSERT_OK_AND_ASSIGN(Decimal big, Decimal::FromParts(1, 2, 38, 0));
  EXPECT_EQ(big.unscaled(), (__int128{1} << 64) + 2);

  struct Case {
    __int128 v;
    std::string fewest;
  } cases[] = {
      {0, Bytes({0})},           {-1, Bytes({0xFF})},        {127, Bytes({0x7F})},
      {128, Bytes({0, 0x80})},   {-128, Bytes({0x80})},      {-129, Bytes({0xFF, 0x7F})},
      {-12345, Bytes({0xCF, 0xC7})},
  };
  for (const Case& c : cases) {
    ASSERT_OK_AND_ASSIGN(Decimal d, Decimal::Make(c.v, 38, 2));
    ASSERT_OK_AND_ASSIGN(std::string fewest, d.ToBigEndian());
    EXPECT_EQ(fewest, c.fewest) << d.ToString();
    ASSERT_OK_AND_ASSIGN(Decimal back, Decimal::FromBigEndian(Span(fewest), 38, 2));
    EXPECT_EQ(back, d);
    ASSERT_OK_AND_ASSIGN(std::string fixed, d.ToBigEndian(11));
    ASSERT_EQ(fixed.size(), 11u);
    EXPECT_EQ(fixed.substr(11 - fewest.size()), fewest);
    EXPECT_EQ(static_cast<uint8_t>(fixed[0]), c.v < 0 ? 0xFF : 0x00);
    ASSERT_OK_AND_ASSIGN(back, Decimal::FromBigEndian(Span(fixed), 38, 2));
    EXPECT_EQ(back, d);
  }
  ASSERT_OK_AND_ASSIGN(Decimal d128, Decimal::Make(128, 9, 0));
  EXPECT_STATUS_HAS(d128.ToBigEndian(1), StatusCode::kInvalidArgument, "128 needs 2 bytes, more than 1");
  // No bytes is 0; pure sign extension beyond 16 bytes is accepted; real
  // digits beyond 128 bits are not.
  ASSERT_OK_AND_ASSIGN(Decimal zero, Decimal::FromBigEndian({}, 4, 2));
  EXPECT_EQ(zero.unscaled(), 0);
  std::string wide(19, '\xFF');
  wide.push_back('\x85');
  ASSERT_OK_AND_ASSIGN(Decimal neg, Decimal::FromBigEndian(Span(wide), 9, 0));
  EXPECT_EQ(neg.unscaled(), -123);
  std::string over(17, '\0');
  over[1] = '\x80';  // 2^127: positive but needs 129 bits
  EXPECT_STATUS_HAS(Decimal::FromBigEndian(Span(over), 38, 0), StatusCode::kInvalidArgument, "128 bits");
  // Within 128 bits but beyond the precision.
  EXPECT_STATUS(Decimal::FromBigEndian(Span(Bytes({0x27, 0x10})), 4, 0), StatusCode::kInvalidArgument);  // 10000
  // The extreme 128-bit values round-trip through 16 bytes.
  ASSERT_OK_AND_ASSIGN(Decimal most, Decimal::Make(Pow10(38) - 1, 38, 0));
  ASSERT_OK_AND_ASSIGN(std::string most_bytes, most.ToBigEndian());
  EXPECT_EQ(most_bytes.size(), 16u);
  ASSERT_OK_AND_ASSIGN(Decimal most_back, Decimal::FromBigEndian(Span(most_bytes), 38, 0));
  EXPECT_EQ(most_back, most);
}

TEST(DecimalTest, RescaleIsExact) {
  ASSERT_OK_AND_ASSIGN(Decimal d, Decimal::FromString("1.5", 2, 1));
  ASSERT_OK_AND_ASSIGN(Decimal up, d.Rescale(4, 3));
  EXPECT_EQ(up.ToString(), "1.500");
  ASSERT_OK_AND_ASSIGN(Decimal down, up.Rescale(2, 1));
  EXPECT_EQ(down, d);
  ASSERT_OK_AND_ASSIGN(Decimal odd, Decimal::FromString("1.55", 3, 2));
  EXPECT_STATUS_HAS(odd.Rescale(3, 1), StatusCode::kInvalidArgument, "1.55 would lose digits at scale 1");
  ASSERT_OK_AND_ASSIGN(Decimal wide, Decimal::FromString("99.9", 3, 1));
  EXPECT_STATUS_HAS(wide.Rescale(3, 2), StatusCode::kInvalidArgument, "99.9 does not fit DECIMAL(3,2)");
  ASSERT_OK_AND_ASSIGN(Decimal full, Decimal::Make(Pow10(38) - 1, 38, 0));
  EXPECT_STATUS(full.Rescale(38, 1), StatusCode::kInvalidArgument);
  ASSERT_OK_AND_ASSIGN(Decimal neg, Decimal::FromString("-0.05", 3, 2));
  ASSERT_OK_AND_ASSIGN(Decimal neg38, neg.Rescale(38, 37));
  EXPECT_EQ(neg38.unscaled(), -5 * Pow10(35));
}

// ---- Date ----

TEST(DateTest, TextAndChronoAroundTheEpochAndYearZero) {
  EXPECT_EQ(Date().ToString(), "1970-01-01");
  EXPECT_EQ(Date(-1).ToString(), "1969-12-31");
  EXPECT_EQ(Date(-719528).ToString(), "0000-01-01");
  EXPECT_EQ(Date(-719529).ToString(), "-0001-12-31");
  EXPECT_EQ(Date(2932897).ToString(), "10000-01-01");
  EXPECT_EQ(Date(19723).ToString(), "2024-01-01");
  ASSERT_OK_AND_ASSIGN(Date d, Date::FromSysDays(sys_days(year(1969) / 12 / 31)));
  EXPECT_EQ(d.days_since_epoch(), -1);
  EXPECT_EQ(Date(-1).ToSysDays(), sys_days(year(1969) / 12 / 31));
  ASSERT_OK_AND_ASSIGN(Date leap, Date::FromYearMonthDay(year(1900) / 2 / 28));
  EXPECT_EQ(Date(leap.days_since_epoch() + 1).ToString(), "1900-03-01");  // 1900 is not a leap year
  EXPECT_STATUS_HAS(Date::FromYearMonthDay(year(2023) / 2 / 29), StatusCode::kInvalidArgument, "2023-2-29");
  EXPECT_STATUS_HAS(Date::FromSysDays(sys_days(std::chrono::days(int64_t{1} << 32))), StatusCode::kInvalidArgument,
                    "outside DATE's int32");
}

TEST(DateTest, FromStringReadsWhatToStringPrints) {
  for (int32_t days : {0, -1, 1, -719528, -719529, 2932897, -141427, 19723, std::numeric_limits<int32_t>::min(),
                       std::numeric_limits<int32_t>::max()}) {
    const std::string text = Date(days).ToString();
    ASSERT_OK_AND_ASSIGN(Date back, Date::FromString(text));
    EXPECT_EQ(back.days_since_epoch(), days) << text;
  }
  for (const char* bad : {"", "2024-1-01", "24-01-01", "2024-02-30", "2024-13-01", "2024-01-01T", "2024/01/01",
                          "-2024-01", "+2024-01-01", "99999999999-01-01"}) {
    EXPECT_STATUS(Date::FromString(bad), StatusCode::kInvalidArgument) << bad;
  }
}

// ---- Time ----

TEST(TimeTest, RangeChronoAndText) {
  ASSERT_OK_AND_ASSIGN(Time last, Time::Make(86399999, TimeUnit::kMillis, true));
  EXPECT_EQ(last.ToString(), "23:59:59.999");
  EXPECT_STATUS_HAS(Time::Make(86400000, TimeUnit::kMillis, true), StatusCode::kInvalidArgument, "outside 0..24 h");
  EXPECT_STATUS(Time::Make(-1, TimeUnit::kNanos, false), StatusCode::kInvalidArgument);
  ASSERT_OK_AND_ASSIGN(Time t, Time::FromDuration(1h + 2min + 3s + 4us, TimeUnit::kMicros, false));
  EXPECT_EQ(t.value(), 3723000004);
  EXPECT_EQ(t.ToString(), "01:02:03.000004");
  EXPECT_FALSE(t.is_adjusted_to_utc());
  ASSERT_OK_AND_ASSIGN(std::chrono::nanoseconds ns, t.ToDuration<std::chrono::nanoseconds>());
  EXPECT_EQ(ns, 1h + 2min + 3s + 4us);
  EXPECT_STATUS_HAS(t.ToDuration<std::chrono::seconds>(), StatusCode::kInvalidArgument, "not a whole number");
  EXPECT_STATUS(Time::FromDuration(1500us, TimeUnit::kMillis, true), StatusCode::kInvalidArgument);
  EXPECT_STATUS(Time::FromDuration(25h, TimeUnit::kMillis, true), StatusCode::kInvalidArgument);
  ASSERT_OK_AND_ASSIGN(Time nanos, t.ToUnit(TimeUnit::kNanos));
  EXPECT_EQ(nanos.value(), 3723000004000);
  EXPECT_STATUS(t.ToUnit(TimeUnit::kMillis), StatusCode::kInvalidArgument);
  // Stored values outside the day print as is, with a sign.
  EXPECT_EQ(Time(-13899000, TimeUnit::kMillis, true).ToString(), "-03:51:39.000");
  EXPECT_EQ(Time(90000000, TimeUnit::kMillis, true).ToString(), "25:00:00.000");
  EXPECT_EQ(Time(std::numeric_limits<int64_t>::min(), TimeUnit::kNanos, true).ToString(),
            "-2562047:47:16.854775808");
}

// ---- Timestamp ----

TEST(TimestampTest, ChronoTextAndUnits) {
  const auto at = sys_days(year(2024) / 1 / 2) + 3h + 4min + 5s + 6us;
  ASSERT_OK_AND_ASSIGN(Timestamp ts, Timestamp::FromSysTime(at, TimeUnit::kMicros, true));
  EXPECT_EQ(ts.ToString(), "2024-01-02T03:04:05.000006Z");
  ASSERT_OK_AND_ASSIGN(auto back, ts.ToSysTime<std::chrono::microseconds>());
  EXPECT_EQ(back, at);
  EXPECT_STATUS(ts.ToSysTime<std::chrono::milliseconds>(), StatusCode::kInvalidArgument);
  EXPECT_STATUS(Timestamp::FromSysTime(at, TimeUnit::kMillis, true), StatusCode::kInvalidArgument);
  ASSERT_OK_AND_ASSIGN(Timestamp nanos, ts.ToUnit(TimeUnit::kNanos));
  EXPECT_EQ(nanos.ToString(), "2024-01-02T03:04:05.000006000Z");
  EXPECT_EQ(Timestamp(-1, TimeUnit::kMillis, true).ToString(), "1969-12-31T23:59:59.999Z");
  EXPECT_EQ(Timestamp(-1, TimeUnit::kNanos, false).ToString(), "1969-12-31T23:59:59.999999999");
  EXPECT_EQ(Timestamp(std::numeric_limits<int64_t>::min(), TimeUnit::kMillis, false).ToString(),
            "-292275055-05-16T16:47:04.192");
  // Seconds far from the epoch overflow int64 nanoseconds.
  const std::chrono::sys_seconds far{std::chrono::seconds(int64_t{1} << 40)};
  EXPECT_STATUS_HAS(Timestamp::FromSysTime(far, TimeUnit::kNanos, true), StatusCode::kInvalidArgument, "overflows");
  ASSERT_OK_AND_ASSIGN(Timestamp far_ms, Timestamp::FromSysTime(far, TimeUnit::kMillis, true));
  EXPECT_EQ(far_ms.value(), (int64_t{1} << 40) * 1000);
}

TEST(TimestampTest, Int96CarriesNanosecondsIntoTheDay) {
  constexpr int64_t kDay = 86400LL * 1000000000LL;
  ASSERT_OK_AND_ASSIGN(Timestamp epoch, Timestamp::FromInt96(0, 2440588));
  EXPECT_EQ(epoch, Timestamp(0, TimeUnit::kNanos, false));
  EXPECT_EQ(epoch.ToString(), "1970-01-01T00:00:00.000000000");
  ASSERT_OK_AND_ASSIGN(Timestamp before, Timestamp::FromInt96(-1, 2440588));
  EXPECT_EQ(before.value(), -1);
  EXPECT_EQ(before.ToString(), "1969-12-31T23:59:59.999999999");
  // The same from the 12 stored bytes: nanoseconds (little-endian int64), Julian day.
  const parq::Int96 raw{{0xFFFFFFFFu, 0xFFFFFFFFu, 2440588u}};
  ASSERT_OK_AND_ASSIGN(Timestamp from_raw, Timestamp::FromInt96(raw));
  EXPECT_EQ(from_raw, before);
  ASSERT_OK_AND_ASSIGN(Timestamp carried, Timestamp::FromInt96(kDay + 5, 2440587));
  EXPECT_EQ(carried.value(), 5);
  ASSERT_OK_AND_ASSIGN(Timestamp spark, Timestamp::FromInt96(74096123456000, 2460311));
  EXPECT_EQ(spark.ToString(), "2024-01-01T20:34:56.123456000");
  EXPECT_STATUS_HAS(Timestamp::FromInt96(0, 0), StatusCode::kInvalidArgument, "Julian day 0");
  // Back to the INT96 layout, normalized.
  ASSERT_OK_AND_ASSIGN(parq::Int96 i96, before.ToInt96());
  EXPECT_EQ(i96.julian_day(), 2440587);
  EXPECT_EQ(i96.nanos(), kDay - 1);
  ASSERT_OK_AND_ASSIGN(i96, Timestamp(-1, TimeUnit::kMillis, true).ToInt96());
  EXPECT_EQ(i96.nanos(), kDay - 1000000);
  ASSERT_OK_AND_ASSIGN(Timestamp round, Timestamp::FromInt96(i96));
  EXPECT_EQ(round.value(), -1000000);
  EXPECT_STATUS(Timestamp(std::numeric_limits<int64_t>::max(), TimeUnit::kMillis, true).ToInt96(),
                StatusCode::kInvalidArgument);
}

// ---- Uuid ----

TEST(UuidTest, TextOfEitherCaseAndBytes) {
  ASSERT_OK_AND_ASSIGN(Uuid lower, Uuid::FromString("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"));
  ASSERT_OK_AND_ASSIGN(Uuid upper, Uuid::FromString("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"));
  ASSERT_OK_AND_ASSIGN(Uuid mixed, Uuid::FromString("0f1E2d3C-4b5A-6978-8796-a5B4c3D2e1F0"));
  EXPECT_EQ(lower, upper);
  EXPECT_EQ(lower, mixed);
  EXPECT_EQ(upper.ToString(), "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");
  EXPECT_EQ(lower.bytes()[0], 0x0F);
  EXPECT_EQ(lower.bytes()[15], 0xF0);
  ASSERT_OK_AND_ASSIGN(Uuid copy, Uuid::FromBytes(std::span<const uint8_t>(lower.bytes())));
  EXPECT_EQ(copy, lower);
  EXPECT_EQ(Uuid().ToString(), "00000000-0000-0000-0000-000000000000");
  for (const char* bad : {"", "0f1e2d3c4b5a69788796a5b4c3d2e1f0", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f",
                          "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f00", "0f1e2d3c-4b5a6-978-8796-a5b4c3d2e1f0",
                          "0g1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", "{0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f}"}) {
    EXPECT_STATUS_HAS(Uuid::FromString(bad), StatusCode::kInvalidArgument, "is not xxxxxxxx") << bad;
  }
  EXPECT_STATUS_HAS(Uuid::FromBytes(std::span<const uint8_t>(lower.bytes()).first(15)), StatusCode::kInvalidArgument,
                    "16 bytes, not 15");
}

// ---- Float16 ----

TEST(Float16Test, KnownEncodings) {
  struct Case {
    float f;
    uint16_t bits;
  } cases[] = {
      {1.0f, 0x3C00},      {-2.0f, 0xC000},         {0.0f, 0x0000},  {-0.0f, 0x8000},
      {65504.0f, 0x7BFF},  {65519.99f, 0x7BFF},     {65520.0f, 0x7C00},  // the tie goes to "even": infinity
      {0.1f, 0x2E66},      {std::ldexp(1.0f, -14), 0x0400},           // smallest normal
      {std::ldexp(1.0f, -24), 0x0001},                                 // smallest subnormal
      {std::ldexp(1023.0f, -24), 0x03FF},                              // largest subnormal
      {std::ldexp(1.0f, -25), 0x0000},                                 // half of it: ties to even 0
      {std::ldexp(3.0f, -25), 0x0002},                                 // 1.5 units: ties to even 2
      {std::ldexp(1.0f, -26), 0x0000},
      {std::numeric_limits<float>::infinity(), 0x7C00},  {-std::numeric_limits<float>::infinity(), 0xFC00},
      {1e10f, 0x7C00},     {std::numeric_limits<float>::denorm_min(), 0x0000},
  };
  for (const Case& c : cases) EXPECT_EQ(Float16::FromFloat(c.f).bits(), c.bits) << c.f;
  EXPECT_EQ(Float16::FromFloat(std::numeric_limits<float>::quiet_NaN()).bits(), 0x7E00);
  EXPECT_EQ(Float16::FromFloat(-std::numeric_limits<float>::quiet_NaN()).bits(), 0xFE00);
  EXPECT_EQ(Float16::FromDouble(std::numeric_limits<double>::denorm_min()).bits(), 0x0000);
  EXPECT_EQ(Float16::FromDouble(-1e300).bits(), 0xFC00);
  EXPECT_TRUE(Float16::FromBits(0x7C01).is_nan());
  EXPECT_FALSE(Float16::FromBits(0x7C00).is_nan());
  EXPECT_TRUE(Float16::FromBits(0xFC00).is_inf());
  EXPECT_EQ(Float16::FromBits(0x7BFF).ToFloat(), 65504.0f);
  EXPECT_EQ(Float16::FromBits(0x0001).ToFloat(), std::ldexp(1.0f, -24));
  EXPECT_TRUE(std::signbit(Float16::FromBits(0x8000).ToFloat()));
  // A NaN's payload survives into the float.
  EXPECT_EQ(std::bit_cast<uint32_t>(Float16::FromBits(0x7C01).ToFloat()), 0x7F802000u);
  const uint8_t le[] = {0x00, 0x3C};
  ASSERT_OK_AND_ASSIGN(Float16 one, Float16::FromBytes(le));
  EXPECT_EQ(one.bits(), 0x3C00);
  EXPECT_EQ(one.ToBytes(), (std::array<uint8_t, 2>{0x00, 0x3C}));
  EXPECT_STATUS(Float16::FromBytes(std::span<const uint8_t>(le, 1)), StatusCode::kInvalidArgument);
  EXPECT_EQ(Float16::FromBits(0x3C00).ToString(), "1");
  EXPECT_EQ(Float16::FromBits(0x8000).ToString(), "-0");
  EXPECT_EQ(Float16::FromBits(0x7BFF).ToString(), "65504");
  EXPECT_EQ(Float16::FromBits(0x2E66).ToString(), "0.099975586");
  EXPECT_EQ(Float16::FromBits(0x7E00).ToString(), "NaN");
  EXPECT_EQ(Float16::FromBits(0x7C00).ToString(), "Infinity");
  EXPECT_EQ(Float16::FromBits(0xFC00).ToString(), "-Infinity");
}

TEST(Float16Test, EveryHalfRoundTripsAndEveryMidpointRoundsToEven) {
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const Float16 h = Float16::FromBits(static_cast<uint16_t>(b));
    if (h.is_nan()) {
      EXPECT_TRUE(Float16::FromFloat(h.ToFloat()).is_nan());
      continue;
    }
    ASSERT_EQ(Float16::FromFloat(h.ToFloat()).bits(), b);
    ASSERT_EQ(Float16::FromDouble(h.ToDouble()).bits(), b);
  }
  // Between each positive finite half and the next (the last: 65504 and
  // 65536, where infinity starts), the midpoint goes to the even one and
  // anything off it to the nearer one — from a float, and from a double so
  // close to the midpoint that a float would round onto it first.
  for (uint32_t b = 0; b < 0x7C00; ++b) {
    const double lo = Float16::FromBits(static_cast<uint16_t>(b)).ToDouble();
    const double hi = b + 1 == 0x7C00 ? 65536.0 : Float16::FromBits(static_cast<uint16_t>(b + 1)).ToDouble();
    const double mid = (lo + hi) / 2;
    const uint32_t even = (b & 1) == 0 ? b : b + 1;
    ASSERT_EQ(Float16::FromFloat(static_cast<float>(mid)).bits(), even) << b;
    ASSERT_EQ(Float16::FromFloat(std::nextafter(static_cast<float>(mid), 0.0f)).bits(), b) << b;
    ASSERT_EQ(Float16::FromFloat(std::nextafter(static_cast<float>(mid), 1e9f)).bits(), b + 1) << b;
    ASSERT_EQ(Float16::FromDouble(std::nextafter(mid, 0.0)).bits(), b) << b;
    ASSERT_EQ(Float16::FromDouble(std::nextafter(mid, 1e9)).bits(), b + 1) << b;
    ASSERT_EQ(Float16::FromDouble(-std::nextafter(mid, 1e9)).bits(), 0x8000 | (b + 1)) << b;
  }
}

}  // namespace
}  // namespace parq
