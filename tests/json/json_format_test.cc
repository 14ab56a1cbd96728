// Tests for json/json_format.h: the exact text of each value kind.
#include "json/json_format.h"
#include "testing/status_macros.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace parq {
namespace {

template <typename F>
std::string Fmt(F&& f) {
  std::string s;
  f(s);
  return s;
}

std::vector<uint8_t> Hex(std::string_view h) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i + 1 < h.size(); i += 2) {
    out.push_back(static_cast<uint8_t>(std::stoi(std::string(h.substr(i, 2)), nullptr, 16)));
  }
  return out;
}

std::string Dec(std::span<const uint8_t> be, int32_t scale) {
  std::string s;
  Status st = AppendJsonDecimal(s, be, scale);
  EXPECT_OK(st);
  return s;
}

TEST(JsonFormatTest, Integers) {
  EXPECT_EQ(Fmt([](auto& s) { AppendJsonInt32(s, 0); }), "0");
  EXPECT_EQ(Fmt([](auto& s) { AppendJsonInt32(s, std::numeric_limits<int32_t>::min()); }), "-2147483648");
  EXPECT_EQ(Fmt([](auto& s) { AppendJsonInt64(s, std::numeric_limits<int64_t>::min()); }),
            "-9223372036854775808");
  EXPECT_EQ(Fmt([](auto& s) { AppendJsonInt64(s, std::numeric_limits<int64_t>::max()); }),
            "9223372036854775807");
  // Unsigned types print all stored bits as unsigned.
  EXPECT_EQ(Fmt([](auto& s) { AppendJsonUInt32(s, static_cast<uint32_t>(-1)); }), "4294967295");
  EXPECT_EQ(Fmt([](auto& s) { AppendJsonUInt64(s, static_cast<uint64_t>(int64_t{-1})); }),
            "18446744073709551615");
  std::string s = "x";
  AppendJsonInt32(s, -7);
  EXPECT_EQ(s, "x-7");  // appends
}

std::string F32(float v) { return Fmt([&](auto& s) { AppendJsonFloat(s, v); }); }
std::string F64(double v) { return Fmt([&](auto& s) { AppendJsonDouble(s, v); }); }
std::string F16(uint16_t v) { return Fmt([&](auto& s) { AppendJsonFloat16(s, v); }); }

TEST(JsonFormatTest, FloatShortestRoundTrip) {
  EXPECT_EQ(F32(0.1f), "0.1");
  EXPECT_EQ(F32(1.1f), "1.1");
  EXPECT_EQ(F32(10.337575f), "10.337575");  // expected/byte_stream_split_extended
  EXPECT_EQ(F32(1e-45f), "1e-45");
  EXPECT_EQ(F32(std::numeric_limits<float>::denorm_min()), "1e-45");
  EXPECT_EQ(F32(3.4028235e38f), "3.4028235e+38");
  EXPECT_EQ(F32(std::numeric_limits<float>::max()), "3.4028235e+38");
  // Fixed notation where it is no longer than scientific, with the shortest
  // digits that round-trip through binary32, padded with zeros: not the
  // exact integer 1234567936 (docs/rows-as-json.md; issue 31, item 14).
  EXPECT_EQ(F32(1234567940.0f), "1234568000");
  EXPECT_EQ(F32(-2345552384.0f), "-2345552400");  // more in tests/util/float_text_test.cc
  EXPECT_EQ(F32(0.0f), "0");
  EXPECT_EQ(F32(-0.0f), "-0");
  EXPECT_EQ(F32(16777216.0f), "16777216");
  for (float v : {0.1f, 1e-45f, 3.4028235e38f, 1.17549435e-38f, 123.456f, -9.99e-12f}) {
    std::string t = F32(v);
    EXPECT_EQ(std::strtof(t.c_str(), nullptr), v) << t;
  }
}

TEST(JsonFormatTest, DoubleShortestRoundTrip) {
  EXPECT_EQ(F64(0.1), "0.1");
  EXPECT_EQ(F64(5e-324), "5e-324");
  EXPECT_EQ(F64(std::numeric_limits<double>::max()), "1.7976931348623157e+308");
  EXPECT_EQ(F64(9.82038858616854), "9.82038858616854");
  EXPECT_EQ(F64(10.1), "10.1");
  EXPECT_EQ(F64(-0.0), "-0");
  EXPECT_EQ(F64(1234567890.1234), "1234567890.1234");
  EXPECT_EQ(F64(static_cast<double>(0.1f)), "0.10000000149011612");  // not widened text
  for (double v : {0.1, 5e-324, 2.2250738585072014e-308, 1e21, 1e-7, 123456789012345678.0}) {
    std::string t = F64(v);
    EXPECT_EQ(std::strtod(t.c_str(), nullptr), v) << t;
  }
}

TEST(JsonFormatTest, NonFiniteAreStrings) {
  EXPECT_EQ(F64(std::nan("")), "\"NaN\"");
  EXPECT_EQ(F64(-std::nan("")), "\"NaN\"");
  EXPECT_EQ(F64(std::numeric_limits<double>::infinity()), "\"Infinity\"");
  EXPECT_EQ(F64(-std::numeric_limits<double>::infinity()), "\"-Infinity\"");
  EXPECT_EQ(F32(std::nanf("0x123")), "\"NaN\"");
  EXPECT_EQ(F32(-std::numeric_limits<float>::infinity()), "\"-Infinity\"");
}

TEST(JsonFormatTest, Float16) {
  EXPECT_EQ(F16(0x3C00), "1");
  EXPECT_EQ(F16(0x0000), "0");
  EXPECT_EQ(F16(0x8000), "-0");
  EXPECT_EQ(F16(0x4927), "10.3046875");  // expected/byte_stream_split_extended
  EXPECT_EQ(F16(0x7BFF), "65504");       // largest finite half
  EXPECT_EQ(F16(0x0001), "5.9604645e-08");  // smallest subnormal, 2^-24, printed as binary32
  EXPECT_EQ(F16(0x03FF), "6.097555e-05");   // largest subnormal
  EXPECT_EQ(F16(0x0400), "6.1035156e-05");  // smallest normal 2^-14
  EXPECT_EQ(F16(0xC000), "-2");
  EXPECT_EQ(F16(0x3555), "0.33325195");
  EXPECT_EQ(F16(0x7C00), "\"Infinity\"");
  EXPECT_EQ(F16(0xFC00), "\"-Infinity\"");
  EXPECT_EQ(F16(0x7E00), "\"NaN\"");
  EXPECT_EQ(F16(0xFC01), "\"NaN\"");
  EXPECT_EQ(HalfToFloat(0x0001), std::ldexp(1.0f, -24));
  // Every finite half converts exactly: check against a straightforward formula.
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const uint32_t e = (h >> 10) & 31, m = h & 1023;
    if (e == 31) continue;
    double v = e == 0 ? std::ldexp(static_cast<double>(m), -24)
                      : std::ldexp(1.0 + m / 1024.0, static_cast<int>(e) - 15);
    if (h & 0x8000) v = -v;
    ASSERT_EQ(static_cast<double>(HalfToFloat(static_cast<uint16_t>(h))), v) << h;
  }
}

std::string Str(std::string_view bytes) { return Fmt([&](auto& s) { AppendJsonString(s, bytes); }); }

TEST(JsonFormatTest, StringEscapes) {
  EXPECT_EQ(Str(""), "\"\"");
  EXPECT_EQ(Str("plain ascii"), "\"plain ascii\"");
  EXPECT_EQ(Str("a\"b\\c/d"), "\"a\\\"b\\\\c/d\"");
  EXPECT_EQ(Str("\b\f\n\r\t"), "\"\\b\\f\\n\\r\\t\"");
  EXPECT_EQ(Str(std::string_view("\x00\x01\x1f", 3)), "\"\\u0000\\u0001\\u001f\"");
  EXPECT_EQ(Str("\x7f"), "\"\x7f\"");  // DEL is not escaped (JSON.stringify)
  EXPECT_EQ(Str("\xe2\x80\xa8"), "\"\xe2\x80\xa8\"");  // U+2028 passes through
  // Valid multi-byte UTF-8 passes through unchanged.
  EXPECT_EQ(Str("\xc3\xa9\xe2\x99\xa5\xef\xb8\x8f\xf0\x9f\x90\xa2"),
            "\"\xc3\xa9\xe2\x99\xa5\xef\xb8\x8f\xf0\x9f\x90\xa2\"");
  EXPECT_EQ(Str("\xf4\x8f\xbf\xbf"), "\"\xf4\x8f\xbf\xbf\"");  // U+10FFFF
  EXPECT_EQ(Str("\xef\xbf\xbd"), "\"\xef\xbf\xbd\"");
}

#define R "\xef\xbf\xbd"  // U+FFFD

TEST(JsonFormatTest, InvalidUtf8MaximalSubparts) {
  // Unicode Standard, Table 3-8 (the WHATWG / TextDecoder practice).
  EXPECT_EQ(Str("\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64"),
            "\"a" R R R "b" R "c" R R "d\"");
  EXPECT_EQ(Str("\x80"), "\"" R "\"");                    // lone continuation
  EXPECT_EQ(Str("\xC0\xAF"), "\"" R R "\"");              // overlong 2-byte lead
  EXPECT_EQ(Str("\xC1\xBF"), "\"" R R "\"");
  EXPECT_EQ(Str("\xE0\x80\xAF"), "\"" R R R "\"");        // overlong 3-byte
  EXPECT_EQ(Str("\xF0\x80\x80\xAF"), "\"" R R R R "\"");  // overlong 4-byte
  EXPECT_EQ(Str("\xED\xA0\x80"), "\"" R R R "\"");        // surrogate U+D800 in UTF-8
  EXPECT_EQ(Str("\xED\xBF\xBF"), "\"" R R R "\"");        // surrogate U+DFFF
  EXPECT_EQ(Str("\xED\xA0\xBD\xED\xB8\x80"), "\"" R R R R R R "\"");  // CESU-8 pair
  EXPECT_EQ(Str("\xF4\x90\x80\x80"), "\"" R R R R "\"");  // above U+10FFFF
  EXPECT_EQ(Str("\xF5\xF8\xFE\xFF"), "\"" R R R R "\"");  // never-valid bytes
  EXPECT_EQ(Str("\xF0\x9F\x98"), "\"" R "\"");            // truncated at the end
  EXPECT_EQ(Str("\xF0\x9F\x98" "A"), "\"" R "A\"");       // truncated before ASCII
  EXPECT_EQ(Str("\xE1\x80"), "\"" R "\"");
  EXPECT_EQ(Str("\xC2"), "\"" R "\"");
  EXPECT_EQ(Str("x\xC2\"y"), "\"x" R "\\\"y\"");          // the quote after stays escaped
  EXPECT_EQ(Str("\xE2\x82\xAC\xE2\x82"), "\"\xE2\x82\xAC" R "\"");
}

std::string B64(std::string_view s) {
  return Fmt([&](auto& o) {
    AppendJsonBase64(o, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
  });
}

TEST(JsonFormatTest, Base64) {
  // RFC 4648 section 10 test vectors.
  EXPECT_EQ(B64(""), "\"\"");
  EXPECT_EQ(B64("f"), "\"Zg==\"");
  EXPECT_EQ(B64("fo"), "\"Zm8=\"");
  EXPECT_EQ(B64("foo"), "\"Zm9v\"");
  EXPECT_EQ(B64("foob"), "\"Zm9vYg==\"");
  EXPECT_EQ(B64("fooba"), "\"Zm9vYmE=\"");
  EXPECT_EQ(B64("foobar"), "\"Zm9vYmFy\"");
  EXPECT_EQ(B64("03/01/09"), "\"MDMvMDEvMDk=\"");  // expected/alltypes_plain
  EXPECT_EQ(B64("\xfb\xff\xbf"), "\"+/+/\"");       // the last two letters of the alphabet
  std::string s = "[";
  AppendJsonBase64(s, std::span<const uint8_t>());
  EXPECT_EQ(s, "[\"\"");
}

TEST(JsonFormatTest, UuidAndInterval) {
  auto u = Hex("00112233445566778899aabbccddeeff");
  EXPECT_EQ(Fmt([&](auto& s) { AppendJsonUuid(s, u.data()); }), "\"00112233-4455-6677-8899-aabbccddeeff\"");
  auto u2 = Hex("f24f9b6481fa49d1b74e8c09a6e31c56");
  EXPECT_EQ(Fmt([&](auto& s) { AppendJsonUuid(s, u2.data()); }), "\"f24f9b64-81fa-49d1-b74e-8c09a6e31c56\"");
  auto iv = Hex("01000000" "1e000000" "ffffffff");
  EXPECT_EQ(Fmt([&](auto& s) { AppendJsonInterval(s, iv.data()); }),
            "{\"months\":1,\"days\":30,\"milliseconds\":4294967295}");
}

TEST(JsonFormatTest, DecimalFromIntegers) {
  auto d = [](int64_t v, int32_t scale) {
    std::string s;
    EXPECT_OK(AppendJsonDecimal(s, v, scale));
    return s;
  };
  EXPECT_EQ(d(-5, 2), "\"-0.05\"");
  EXPECT_EQ(d(120, 0), "\"120\"");
  EXPECT_EQ(d(0, 0), "\"0\"");
  EXPECT_EQ(d(0, 2), "\"0.00\"");
  EXPECT_EQ(d(100, 2), "\"1.00\"");     // expected/int32_decimal
  EXPECT_EQ(d(1003858, 3), "\"1003.858\"");
  EXPECT_EQ(d(5, 7), "\"0.0000005\"");  // scale larger than the digits
  EXPECT_EQ(d(-123456, 6), "\"-0.123456\"");
  EXPECT_EQ(d(123456, 5), "\"1.23456\"");
  EXPECT_EQ(d(std::numeric_limits<int32_t>::min(), 0), "\"-2147483648\"");
  EXPECT_EQ(d(std::numeric_limits<int64_t>::min(), 0), "\"-9223372036854775808\"");
  EXPECT_EQ(d(std::numeric_limits<int64_t>::min(), 19), "\"-0.9223372036854775808\"");
  EXPECT_EQ(d(std::numeric_limits<int64_t>::max(), 18), "\"9.223372036854775807\"");
}

TEST(JsonFormatTest, DecimalScaleIsValidated) {
  std::string s = "keep";
  Status st = AppendJsonDecimal(s, int64_t{5}, -1);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("negative"), std::string::npos) << st.message();
  EXPECT_EQ(s, "keep");
  auto b = Hex("05");
  EXPECT_EQ(AppendJsonDecimal(s, b, -3).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(AppendJsonDecimal(s, b, kMaxDecimalScale + 1).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(s, "keep");
  EXPECT_OK(AppendJsonDecimal(s, b, kMaxDecimalScale));
  EXPECT_EQ(s.size(), 4 + kMaxDecimalScale + 4u);  // keep + "0." + digits + quotes
}

TEST(JsonFormatTest, DecimalFromBigEndianBytes) {
  EXPECT_EQ(Dec({}, 0), "\"0\"");  // empty = 0
  EXPECT_EQ(Dec({}, 3), "\"0.000\"");
  EXPECT_EQ(Dec(Hex("ff"), 0), "\"-1\"");
  EXPECT_EQ(Dec(Hex("80"), 1), "\"-12.8\"");
  EXPECT_EQ(Dec(Hex("7f"), 3), "\"0.127\"");
  EXPECT_EQ(Dec(Hex("0064"), 2), "\"1.00\"");  // expected/byte_array_decimal
  EXPECT_EQ(Dec(Hex("fffffffffffffffb"), 2), "\"-0.05\"");
  EXPECT_EQ(Dec(Hex("8000000000000000"), 0), "\"-9223372036854775808\"");
  // 16 bytes: the int128 extremes.
  EXPECT_EQ(Dec(Hex("80000000000000000000000000000000"), 0),
            "\"-170141183460469231731687303715884105728\"");
  EXPECT_EQ(Dec(Hex("7fffffffffffffffffffffffffffffff"), 38),
            "\"1.70141183460469231731687303715884105727\"");
  EXPECT_EQ(Dec(Hex("ffffffffffffffffffffffffffffffff"), 0), "\"-1\"");
  EXPECT_EQ(Dec(Hex("0000000000000000ffffffffffffffff"), 0), "\"18446744073709551615\"");
  EXPECT_EQ(Dec(Hex("00000000000000010000000000000000"), 0), "\"18446744073709551616\"");
  EXPECT_EQ(Dec(Hex("0000000000000000000000000000000a"), 40),
            "\"0.0000000000000000000000000000000000000010\"");
  // 17 bytes: beyond int128.
  EXPECT_EQ(Dec(Hex("00ffffffffffffffffffffffffffffffff"), 0), "\"340282366920938463463374607431768211455\"");
  EXPECT_EQ(Dec(Hex("ff00000000000000000000000000000000"), 0), "\"-340282366920938463463374607431768211456\"");
  // Long sign extension shortens to the fast path.
  EXPECT_EQ(Dec(Hex("ffffffffffffffffffffffffffffffffffffffffff85"), 1), "\"-12.3\"");
  EXPECT_EQ(Dec(Hex("000000000000000000000000000000000000000000000000000000000000007b"), 0), "\"123\"");
  // 32 bytes: the 256-bit extremes.
  EXPECT_EQ(Dec(Hex("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"), 0),
            "\"57896044618658097711785492504343953926634992332820282019728792003956564819967\"");
  EXPECT_EQ(Dec(Hex("8000000000000000000000000000000000000000000000000000000000000000"), 0),
            "\"-57896044618658097711785492504343953926634992332820282019728792003956564819968\"");
}

TEST(JsonFormatTest, DecimalRandomVectors) {
  // Produced with Python: int.from_bytes(b, "big", signed=True), then the point placed.
  struct V { const char* hex; int scale; const char* text; };
  const V vs[] = {
      {"a5", 0, "-91"},
      {"4dca18", 2, "50980.08"},
      {"cdca18", 2, "-32906.00"},
      {"2530bb1d6d132cde", 4, "267984751334386.4030"},
      {"a530bb1d6d132cde", 4, "-654352452351091.1778"},
      {"d6237b2ed91e3f721f", 0, "-772206562372288024033"},
      {"cb1971174494d6493c9d5c3460be3120", 10, "-7031698259937930647978901122.6056576736"},
      {"1e69fedaa0eee8b9997f5c7c2999fdafe5", 3, "10349363224903376294717190386963665760.229"},
      {"9e69fedaa0eee8b9997f5c7c2999fdafe5", 3, "-33206779740976747028594759364302665306.139"},
      {"93253cd654af4dfad71427a0aeb3fee9232f8af2", 0, "-621449566777305063174225601839794023753816503566"},
      {"211f9ee491c5b10becb5563bfc1e6f93427ecbc8fe2955e5cd8e46dc8ed4b7c2", 5,
       "149821929003981616442359535658150214747861208393227088269394149998080853.74914"},
      {"a11f9ee491c5b10becb5563bfc1e6f93427ecbc8fe2955e5cd8e46dc8ed4b7c2", 5,
       "-429138517182599360675495389385289324518488714934975731927893770041484794.45054"},
      {"764d2a5a4d767706f85d8690024ad6bda3401be9c8cbccc935f6cd1f61226ae1", 70,
       "5350925.5664712914780966475058231614204847651559578760412145353052160402811617"},
      {"f64d2a5a4d767706f85d8690024ad6bda3401be9c8cbccc935f6cd1f61226ae1", 70,
       "-438678.8953945182930819017446112339721787340773241521607583438951796162008351"},
      {"5338ae1a34004d33ba0d246ac04c81b1baf23e3bf9eef5f79f2b4934af87f5520b", 1,
       "963638053845453257910956900541777203477262298833262819379829435567633850101402.7"},
      {"d338ae1a34004d33ba0d246ac04c81b1baf23e3bf9eef5f79f2b4934af87f5520b", 1,
       "-518500688392194043510751707569428017044593504886936400325227639733654209289778.1"},
      {"69b94b0d982e85bb55b672a872637acd7466fcb60e0e8ff18463b0e4b2ba29703474f064ac68f700f5b02b3dc666f45bdea"
       "a2ccaedcd2b5157410e4dee4af2b3", 38,
       "55372047801799689571913611167762695795361061857736277124566703283919630475574969698082134355544957363"
       "841694488345304.75706731172412899583127324319208370867"},
      {"e9b94b0d982e85bb55b672a872637acd7466fcb60e0e8ff18463b0e4b2ba29703474f064ac68f700f5b02b3dc666f45bdea"
       "a2ccaedcd2b5157410e4dee4af2b3", 38,
       "-1166699184791329592595651382326653484203576724522568976405110393468918967479276518592723713528955977"
       "4608464802587125.49720145768993073701845892505294671181"},
  };
  for (const V& v : vs) {
    EXPECT_EQ(Dec(Hex(v.hex), v.scale), "\"" + std::string(v.text) + "\"") << v.hex;
  }
}

TEST(JsonFormatTest, DecimalLittleEndian) {
  std::string s;
  auto le = Hex("fbffffffffffffffffffffffffffffff");  // -5 as 16 LE bytes
  ASSERT_OK(AppendJsonDecimalLE(s, le, 2));
  EXPECT_EQ(s, "\"-0.05\"");
  s.clear();
  auto le20 = Hex("0100000000000000000000000000000000000080");  // 20 bytes: -2^159 + 1
  ASSERT_OK(AppendJsonDecimalLE(s, le20, 0));
  EXPECT_EQ(s, "\"-730750818665451459101842416358141509827966271487\"");
}

std::string Date(int32_t d) { return Fmt([&](auto& s) { AppendJsonDate(s, d); }); }

TEST(JsonFormatTest, Dates) {
  EXPECT_EQ(Date(0), "\"1970-01-01\"");
  EXPECT_EQ(Date(-1), "\"1969-12-31\"");
  EXPECT_EQ(Date(19000), "\"2022-01-08\"");
  EXPECT_EQ(Date(11016), "\"2000-02-29\"");
  EXPECT_EQ(Date(-719528), "\"0000-01-01\"");   // year 0 = 1 BC
  EXPECT_EQ(Date(-719529), "\"-0001-12-31\"");
  EXPECT_EQ(Date(-719893), "\"-0001-01-01\"");
  EXPECT_EQ(Date(-719468), "\"0000-03-01\"");   // year 0 is a leap year
  EXPECT_EQ(Date(-719469), "\"0000-02-29\"");
  EXPECT_EQ(Date(2932896), "\"9999-12-31\"");
  EXPECT_EQ(Date(2932897), "\"10000-01-01\"");  // no '+'
  EXPECT_EQ(Date(std::numeric_limits<int32_t>::min()), "\"-5877641-06-23\"");
  EXPECT_EQ(Date(std::numeric_limits<int32_t>::max()), "\"5881580-07-11\"");
}

std::string Time(int64_t v, JsonTimeUnit u) { return Fmt([&](auto& s) { AppendJsonTime(s, v, u); }); }

TEST(JsonFormatTest, Times) {
  EXPECT_EQ(Time(0, JsonTimeUnit::kMillis), "\"00:00:00.000\"");
  EXPECT_EQ(Time(86399999, JsonTimeUnit::kMillis), "\"23:59:59.999\"");
  EXPECT_EQ(Time(45296123456, JsonTimeUnit::kMicros), "\"12:34:56.123456\"");
  EXPECT_EQ(Time(45296123456789, JsonTimeUnit::kNanos), "\"12:34:56.123456789\"");
  EXPECT_EQ(Time(1, JsonTimeUnit::kNanos), "\"00:00:00.000000001\"");
  // Outside 0-24 h: printed as is, with a sign.
  EXPECT_EQ(Time(-13899000, JsonTimeUnit::kMillis), "\"-03:51:39.000\"");
  EXPECT_EQ(Time(-1, JsonTimeUnit::kMicros), "\"-00:00:00.000001\"");
  EXPECT_EQ(Time(86400000, JsonTimeUnit::kMillis), "\"24:00:00.000\"");
  EXPECT_EQ(Time(90000000, JsonTimeUnit::kMillis), "\"25:00:00.000\"");
  EXPECT_EQ(Time(std::numeric_limits<int32_t>::min(), JsonTimeUnit::kMillis), "\"-596:31:23.648\"");
  EXPECT_EQ(Time(std::numeric_limits<int64_t>::min(), JsonTimeUnit::kNanos), "\"-2562047:47:16.854775808\"");
  EXPECT_EQ(Time(std::numeric_limits<int64_t>::max(), JsonTimeUnit::kMicros),
            "\"2562047788:00:54.775807\"");
}

std::string Ts(int64_t v, JsonTimeUnit u, bool utc) {
  return Fmt([&](auto& s) { AppendJsonTimestamp(s, v, u, utc); });
}

TEST(JsonFormatTest, Timestamps) {
  using U = JsonTimeUnit;
  EXPECT_EQ(Ts(0, U::kMillis, true), "\"1970-01-01T00:00:00.000Z\"");
  EXPECT_EQ(Ts(0, U::kMicros, false), "\"1970-01-01T00:00:00.000000\"");
  EXPECT_EQ(Ts(-1, U::kMillis, true), "\"1969-12-31T23:59:59.999Z\"");  // floor division
  EXPECT_EQ(Ts(-1, U::kNanos, false), "\"1969-12-31T23:59:59.999999999\"");
  EXPECT_EQ(Ts(1731011634123456, U::kMicros, true), "\"2024-11-07T20:33:54.123456Z\"");
  EXPECT_EQ(Ts(-383397965876543211, U::kNanos, false), "\"1957-11-07T12:33:54.123456789\"");
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max(), kMin = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(Ts(kMax, U::kNanos, true), "\"2262-04-11T23:47:16.854775807Z\"");
  EXPECT_EQ(Ts(kMin, U::kNanos, true), "\"1677-09-21T00:12:43.145224192Z\"");
  EXPECT_EQ(Ts(kMax, U::kMicros, true), "\"294247-01-10T04:00:54.775807Z\"");
  EXPECT_EQ(Ts(kMin, U::kMicros, true), "\"-290308-12-21T19:59:05.224192Z\"");
  EXPECT_EQ(Ts(kMax, U::kMillis, false), "\"292278994-08-17T07:12:55.807\"");
  EXPECT_EQ(Ts(kMin, U::kMillis, false), "\"-292275055-05-16T16:47:04.192\"");
  // Year 0 and year -1 boundaries (ms): 0000-01-01T00:00:00 and one ms before.
  EXPECT_EQ(Ts(-719528LL * 86400000, U::kMillis, false), "\"0000-01-01T00:00:00.000\"");
  EXPECT_EQ(Ts(-719528LL * 86400000 - 1, U::kMillis, false), "\"-0001-12-31T23:59:59.999\"");
  EXPECT_EQ(Ts(2932897LL * 86400000, U::kMillis, true), "\"10000-01-01T00:00:00.000Z\"");
  std::string s;
  AppendTimestampText(s, 0, U::kMillis, false);
  EXPECT_EQ(s, "1970-01-01T00:00:00.000");
}

std::string I96(int64_t nanos, int32_t jd) { return Fmt([&](auto& s) { AppendJsonInt96(s, nanos, jd); }); }

TEST(JsonFormatTest, Int96) {
  EXPECT_EQ(I96(0, 2440588), "\"1970-01-01T00:00:00.000000000\"");
  // expected/int96_from_spark: an extreme year that int64 nanoseconds cannot hold.
  EXPECT_EQ(I96(53890448384000, -105862233), "\"-294554-12-13T14:58:10.448384000\"");
  EXPECT_EQ(I96(-1, 2440588), "\"1969-12-31T23:59:59.999999999\"");  // negative nanos borrow a day
  EXPECT_EQ(I96(86400000000000, 2440588), "\"1970-01-02T00:00:00.000000000\"");  // carry
  EXPECT_EQ(I96(0, 0), "\"-4713-11-24T00:00:00.000000000\"");  // Julian day 0
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max(), kMin = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(I96(kMin, std::numeric_limits<int32_t>::min()), "\"-5884615-02-03T00:12:43.145224192\"");
  EXPECT_EQ(I96(kMax, std::numeric_limits<int32_t>::max()), "\"5875190-09-12T23:47:16.854775807\"");
  EXPECT_EQ(I96(kMin, 2440588), "\"1677-09-21T00:12:43.145224192\"");
  // From the 12 stored bytes: nanos LE then Julian day LE.
  auto b = Hex("ffffffffffffffff" "8c3d2500");  // nanos -1, day 2440588
  EXPECT_EQ(Fmt([&](auto& s) { AppendJsonInt96(s, b.data()); }), "\"1969-12-31T23:59:59.999999999\"");
}

}  // namespace
}  // namespace parq

namespace parq {
namespace {

// Long strings cross the escaper's 64 KiB chunks: sequences straddling a chunk
// boundary, escapes and replacements all come out as in a short string.
TEST(JsonFormatTest, LongStringsAcrossChunks) {
  const std::string piece = std::string("ab\"\xF0\x9F\x90\xA2\x01\xC3\xA9\xFF", 11);
  const std::string piece_out = "ab\\\"\xF0\x9F\x90\xA2\\u0001\xC3\xA9\xEF\xBF\xBD";
  for (size_t prefix : {0u, 1u, 2u, 3u, 5u, 65533u, 65534u, 65535u}) {
    std::string in(prefix, 'x'), want(prefix, 'x');
    in += "\n";  // leave the fast path early
    want += "\\n";
    for (int i = 0; i < 20000; ++i) {
      in += piece;
      want += piece_out;
    }
    std::string out;
    AppendJsonEscaped(out, in);
    ASSERT_EQ(out.size(), want.size()) << prefix;
    EXPECT_TRUE(out == want) << prefix;
  }
}

}  // namespace
}  // namespace parq
