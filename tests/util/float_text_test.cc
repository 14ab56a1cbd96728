// FloatToChars: the shortest text that reads back to the same binary32
// value, in std::to_chars's form, checked on hand-picked values and on every
// 257th bit pattern of the finite floats.
#include "util/float_text.h"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <string>

namespace parq::util {
namespace {

std::string Text(float v) {
  char buf[kMaxFloatChars];
  return std::string(buf, FloatToChars(buf, v));
}

// The significant digits of a number's text: no sign, point, exponent, or
// leading and trailing zeros.
std::string Significant(std::string_view t) {
  std::string d;
  for (char c : t.substr(0, t.find('e'))) {
    if (c >= '0' && c <= '9') d += c;
  }
  d.erase(0, d.find_first_not_of('0'));
  d.erase(d.find_last_not_of('0') + 1);
  return d;
}

TEST(FloatToCharsTest, IntegersAbove2To24TakeTheShortestDigits) {
  EXPECT_EQ(Text(2345552384.0f), "2345552400");
  EXPECT_EQ(Text(-2345552384.0f), "-2345552400");
  EXPECT_EQ(Text(1234567936.0f), "1234568000");
  EXPECT_EQ(Text(16777216.0f), "16777216");
  EXPECT_EQ(Text(16777218.0f), "16777218");
  EXPECT_EQ(Text(33554436.0f), "33554436");
  EXPECT_EQ(Text(4294967296.0f), "4294967300");
  // Scientific where it is shorter, as std::to_chars has it.
  EXPECT_EQ(Text(1e10f), "1e+10");
  EXPECT_EQ(Text(99999997952.0f), "1e+11");
  EXPECT_EQ(Text(3.4028235e38f), "3.4028235e+38");
  EXPECT_EQ(Text(-1.1754944e-38f), "-1.1754944e-38");
  EXPECT_EQ(Text(1e-45f), "1e-45");
  EXPECT_EQ(Text(0.1f), "0.1");
  EXPECT_EQ(Text(-0.0f), "-0");
  EXPECT_EQ(Text(123456.79f), "123456.79");
}

TEST(FloatToCharsTest, EverySampledFloatRoundTripsInTheShortestDigits) {
  int64_t checked = 0, padded = 0;
  for (uint64_t bits = 0; bits <= UINT32_MAX; bits += 1031) {
    const float v = std::bit_cast<float>(static_cast<uint32_t>(bits));
    if (!std::isfinite(v)) continue;
    const std::string t = Text(v);
    ASSERT_LE(t.size(), static_cast<size_t>(kMaxFloatChars)) << t;
    float back = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), back);
    ASSERT_TRUE(r.ec == std::errc() && r.ptr == t.data() + t.size()) << t;
    ASSERT_EQ(std::bit_cast<uint32_t>(back), static_cast<uint32_t>(bits)) << t;
    // std::to_chars's choice of form and length, with the digits of its
    // shortest scientific form.
    char plain[64], sci[64];
    const std::string p(plain, std::to_chars(plain, plain + sizeof plain, v).ptr);
    const std::string s(sci, std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific).ptr);
    ASSERT_EQ(t.size(), p.size()) << t << " " << p;
    ASSERT_EQ(Significant(t), Significant(s)) << t << " " << s;
    if (std::fabs(v) < 16777216.0f) {
      ASSERT_EQ(t, p);
    } else if (t != p) {
      ++padded;
    }
    ++checked;
  }
  EXPECT_GT(checked, 4000000);
  EXPECT_GT(padded, 25000);
}

}  // namespace
}  // namespace parq::util
