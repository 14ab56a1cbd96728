// StatisticsBuilder in IEEE_754_TOTAL_ORDER: min, max and nan_count equal a
// brute-force computation (a comparison written apart from the builder's:
// sign first, then the magnitude bits) over random FLOAT, DOUBLE and FLOAT16
// values with NaNs of both signs and payloads, ±0, ±inf and subnormals,
// merged page by page as the column writer does.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "parq/schema.h"
#include "stats/statistics_builder.h"
#include "testing/status_macros.h"

namespace parq::stats {
namespace {

// a < b in the total order, for raw bits U of width W.
template <typename U>
bool TotalLess(U a, U b) {
  constexpr U kSign = U(1) << (sizeof(U) * 8 - 1);
  const bool na = a & kSign, nb = b & kSign;
  if (na != nb) return na;
  return na ? a > b : a < b;  // negatives: the larger magnitude is smaller
}

template <typename U>
bool IsNaN(U bits) {
  if constexpr (sizeof(U) == 2) return (bits & 0x7C00) == 0x7C00 && (bits & 0x3FF) != 0;
  if constexpr (sizeof(U) == 4) return (bits & 0x7F800000u) == 0x7F800000u && (bits & 0x7FFFFFu) != 0;
  if constexpr (sizeof(U) == 8) {
    return (bits & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (bits & 0xFFFFFFFFFFFFFull) != 0;
  }
}

// Random bits of a float of width U: mostly ordinary values, often special.
template <typename U>
U RandomBits(std::mt19937_64& rng, bool nan_heavy) {
  constexpr int kBits = sizeof(U) * 8;
  constexpr int kMant = kBits == 16 ? 10 : kBits == 32 ? 23 : 52;
  constexpr U kSign = U(1) << (kBits - 1);
  constexpr U kExp = static_cast<U>(~U(0) >> 1) & static_cast<U>(~((U(1) << kMant) - 1));
  const U sign = (rng() & 1) ? kSign : 0;
  switch (rng() % (nan_heavy ? 3 : 10)) {
    case 0: return sign | kExp | static_cast<U>(1 + rng() % ((U(1) << kMant) - 1));  // NaN
    case 1: return sign;                                                             // ±0
    case 2: return sign | kExp;                                                      // ±inf
    case 3: return sign | static_cast<U>(1 + rng() % 1000);                          // subnormal
    default: return static_cast<U>(rng());                                           // anything
  }
}

template <typename U>
U Load(const std::string& s) {
  U v;
  std::memcpy(&v, s.data(), sizeof(U));
  return v;
}

// Values of type V (bits U) built page by page and merged, against brute force.
template <typename V, typename U>
void Check(const char* schema_text) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(schema_text));
  const ColumnDescriptor& d = schema.column(0);
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 400; ++trial) {
    const bool nan_heavy = trial % 4 == 0;
    StatisticsBuilder<V> chunk(d, 0, /*total_order=*/true);
    std::vector<U> all;
    const int pages = 1 + static_cast<int>(rng() % 4);
    std::vector<uint8_t> flba_bytes;
    for (int p = 0; p < pages; ++p) {
      StatisticsBuilder<V> page(d, 0, true);
      const int n = 1 + static_cast<int>(rng() % (trial % 3 == 0 ? 3 : 50));
      std::vector<U> bits(static_cast<size_t>(n));
      for (U& b : bits) b = RandomBits<U>(rng, nan_heavy || (trial % 7 == 0 && p == 0));
      if constexpr (std::is_same_v<V, FixedLenByteArray>) {
        std::vector<FixedLenByteArray> views;
        for (const U& b : bits) views.push_back(FixedLenByteArray{reinterpret_cast<const uint8_t*>(&b)});
        page.Update(views.data(), n);
      } else {
        std::vector<V> vals(bits.size());
        std::memcpy(vals.data(), bits.data(), bits.size() * sizeof(U));
        page.Update(vals.data(), n);
      }
      chunk.Merge(page);
      all.insert(all.end(), bits.begin(), bits.end());
    }
    int64_t nans = 0;
    bool any = false, any_nan = false;
    U lo{}, hi{}, nlo{}, nhi{};
    for (U b : all) {
      if (IsNaN(b)) {
        ++nans;
        if (!any_nan || TotalLess(b, nlo)) nlo = b;
        if (!any_nan || TotalLess(nhi, b)) nhi = b;
        any_nan = true;
      } else {
        if (!any || TotalLess(b, lo)) lo = b;
        if (!any || TotalLess(hi, b)) hi = b;
        any = true;
      }
    }
    const format::Statistics st = chunk.ToFormat();
    ASSERT_TRUE(st.nan_count.has_value());
    EXPECT_EQ(*st.nan_count, nans) << "trial " << trial;
    ASSERT_TRUE(st.min_value.has_value()) << "trial " << trial;
    ASSERT_TRUE(st.max_value.has_value());
    EXPECT_EQ(Load<U>(*st.min_value), any ? lo : nlo) << "trial " << trial;
    EXPECT_EQ(Load<U>(*st.max_value), any ? hi : nhi) << "trial " << trial;
    EXPECT_FALSE(st.min.has_value()) << "no deprecated min/max in total order";
    EXPECT_EQ(chunk.nan_count(), nans);
  }
}

TEST(TotalOrderStatisticsTest, FloatMatchesBruteForce) {
  Check<float, uint32_t>("message m { required float x; }");
}
TEST(TotalOrderStatisticsTest, DoubleMatchesBruteForce) {
  Check<double, uint64_t>("message m { required double x; }");
}
TEST(TotalOrderStatisticsTest, Float16MatchesBruteForce) {
  Check<FixedLenByteArray, uint16_t>("message m { required fixed_len_byte_array(2) x (FLOAT16); }");
}

TEST(TotalOrderStatisticsTest, ZerosKeepTheirSigns) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required double x; }"));
  const double v[] = {0.0, 1.5, -0.0};
  StatisticsBuilder<double> type_order(schema.column(0), 0);
  StatisticsBuilder<double> total(schema.column(0), 0, true);
  const double only_pos[] = {0.0, 2.0};
  type_order.Update(only_pos, 2);
  total.Update(only_pos, 2);
  // TYPE_ORDER widens a zero bound to -0; total order keeps +0 as found.
  EXPECT_TRUE(std::signbit(Load<double>(type_order.min())));
  EXPECT_FALSE(std::signbit(Load<double>(total.min())));
  total.Update(v, 3);
  EXPECT_TRUE(std::signbit(Load<double>(total.min())));
  EXPECT_EQ(Load<double>(total.max()), 2.0);
}

TEST(TotalOrderStatisticsTest, CompareTotalOrder) {
  const double order[] = {-std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::infinity(),
                          -1.0, -0.0, 0.0, 1e-310, 1.0, std::numeric_limits<double>::infinity(),
                          std::numeric_limits<double>::quiet_NaN()};
  for (size_t i = 0; i + 1 < std::size(order); ++i) {
    const std::string a(reinterpret_cast<const char*>(&order[i]), 8);
    const std::string b(reinterpret_cast<const char*>(&order[i + 1]), 8);
    EXPECT_EQ(CompareTotalOrder(CompareKind::kFloat, PhysicalType::kDouble, a, b), -1) << i;
    EXPECT_EQ(CompareTotalOrder(CompareKind::kFloat, PhysicalType::kDouble, b, a), 1) << i;
    EXPECT_EQ(CompareTotalOrder(CompareKind::kFloat, PhysicalType::kDouble, a, a), 0) << i;
  }
}

}  // namespace
}  // namespace parq::stats
