// schema/decimal_precision.h: |unscaled| < 10^precision for integers and for
// big-endian two's complement of every length, at the edges.
#include "schema/decimal_precision.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>


namespace parq::schema {
namespace {

unsigned __int128 Pow10(int n) {
  unsigned __int128 v = 1;
  for (int i = 0; i < n; ++i) v *= 10;
  return v;
}

// (neg ? -v : v) as big-endian two's complement in `len` bytes (len >= 16).
std::vector<uint8_t> BigEndian(unsigned __int128 v, bool neg, size_t len) {
  if (neg) v = ~v + 1;
  std::vector<uint8_t> out(len, neg ? 0xFF : 0x00);
  for (size_t i = 0; i < 16; ++i) out[len - 1 - i] = static_cast<uint8_t>(v >> (8 * i));
  return out;
}

bool Fits(const std::vector<uint8_t>& bytes, int32_t precision) {
  return UnscaledFits(bytes.data(), bytes.size(), precision);
}
std::string Text(const std::vector<uint8_t>& bytes) { return UnscaledText(bytes.data(), bytes.size()); }

TEST(DecimalPrecisionTest, Integers) {
  EXPECT_TRUE(UnscaledFits(int64_t{9999999999}, 10));
  EXPECT_FALSE(UnscaledFits(int64_t{10000000000}, 10));
  EXPECT_TRUE(UnscaledFits(int64_t{-9999999999}, 10));
  EXPECT_FALSE(UnscaledFits(int64_t{-10000000000}, 10));
  EXPECT_TRUE(UnscaledFits(int64_t{0}, 1));
  EXPECT_FALSE(UnscaledFits(int64_t{10}, 1));
  EXPECT_TRUE(UnscaledFits(INT64_MIN, 19));
  EXPECT_FALSE(UnscaledFits(INT64_MIN, 18));
  EXPECT_TRUE(UnscaledFits(INT64_MAX, 38));
}

TEST(DecimalPrecisionTest, BigEndianBytes) {
  EXPECT_TRUE(Fits({}, 1));                        // no bytes is 0
  EXPECT_TRUE(Fits({0x03, 0xE7}, 3));              // 999
  EXPECT_FALSE(Fits({0x03, 0xE8}, 3));             // 1000
  EXPECT_TRUE(Fits({0xFC, 0x19}, 3));              // -999
  EXPECT_FALSE(Fits({0xFC, 0x18}, 3));             // -1000
  EXPECT_TRUE(Fits({0xFF, 0xFF, 0xFF, 0xFF}, 1));  // -1 with sign bytes
  // 10^38 - 1 and 10^38 in 16 bytes, and with sign bytes in front (20).
  const unsigned __int128 e38 = Pow10(38);
  for (size_t len : {size_t{16}, size_t{20}}) {
    EXPECT_TRUE(Fits(BigEndian(e38 - 1, false, len), 38)) << len;
    EXPECT_FALSE(Fits(BigEndian(e38, false, len), 38)) << len;
    EXPECT_TRUE(Fits(BigEndian(e38 - 1, true, len), 38)) << len;
    EXPECT_FALSE(Fits(BigEndian(e38, true, len), 38)) << len;
    EXPECT_TRUE(Fits(BigEndian(e38, true, len), 39)) << len;
  }
  EXPECT_EQ(Text(BigEndian(e38, true, 20)), "-1" + std::string(38, '0'));
}

TEST(DecimalPrecisionTest, BeyondOneHundredTwentyEightBits) {
  // 2^136 (18 bytes, 41 digits: 87112285931760246646623899502532662132736).
  std::vector<uint8_t> big(18, 0);
  big[0] = 0x01;
  const std::string digits = "87112285931760246646623899502532662132736";
  EXPECT_EQ(Text(big), digits);
  EXPECT_TRUE(Fits(big, 41));
  EXPECT_FALSE(Fits(big, 40));
  EXPECT_FALSE(Fits(big, 38));
  // -2^136: the same magnitude; -2^144 needs the carry byte.
  std::vector<uint8_t> neg(18, 0);
  neg[0] = 0xFF;
  EXPECT_EQ(Text(neg), "-" + digits);
  EXPECT_TRUE(Fits(neg, 41));
  EXPECT_FALSE(Fits(neg, 40));
  std::vector<uint8_t> neg144(18, 0);
  neg144[0] = 0x80;
  neg144.insert(neg144.begin(), 0xFF);  // sign byte, stripped
  EXPECT_EQ(Text(neg144).substr(0, 6), "-11150");  // 2^143 = 1.115e43
  EXPECT_EQ(Text(neg144).size(), 45u);
}

TEST(DecimalPrecisionTest, Message) {
  EXPECT_EQ(TooManyDigits(UnscaledText(int64_t{12345678901234}), LogicalType::Decimal(10, 2)),
            "the unscaled value 12345678901234 has more than the 10 digits of DECIMAL(10,2)");
}

}  // namespace
}  // namespace parq::schema
