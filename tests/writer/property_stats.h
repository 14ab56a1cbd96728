// Chunk statistics recomputed in the test from the values written, by the
// format's rules (LogicalTypes.md sort orders; NaN never a bound; a zero
// bound written as -0.0 for the min and +0.0 for the max; BYTE_ARRAY bounds
// truncated with is_*_exact = false; deprecated min/max only for signed
// orders).  Nothing here calls src/stats.
#ifndef PARQ_TESTS_WRITER_PROPERTY_STATS_H_
#define PARQ_TESTS_WRITER_PROPERTY_STATS_H_

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "format/parquet_types.h"
#include "parq/schema.h"

namespace parq::writer_test {

struct ExpectedStats {
  int64_t null_count = 0;
  std::optional<int64_t> nan_count;
  bool has_bounds = false;
  std::string min, max;
  bool min_exact = true, max_exact = true;
  bool legacy = false;  // deprecated min/max written too
};

enum class TestOrder { kSigned, kUnsigned, kNone };

inline TestOrder OrderOf(const ColumnDescriptor& d) {
  using K = LogicalType::Kind;
  switch (d.logical_type.kind()) {
    case K::kInt: return d.logical_type.is_signed() ? TestOrder::kSigned : TestOrder::kUnsigned;
    case K::kDecimal:
    case K::kDate:
    case K::kTime:
    case K::kTimestamp:
    case K::kFloat16: return TestOrder::kSigned;
    case K::kString:
    case K::kEnum:
    case K::kJson:
    case K::kBson:
    case K::kUuid: return TestOrder::kUnsigned;
    case K::kInterval: return TestOrder::kNone;
    default: break;
  }
  switch (d.physical_type) {
    case PhysicalType::kInt96: return TestOrder::kNone;
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray: return TestOrder::kUnsigned;
    default: return TestOrder::kSigned;
  }
}

// IEEE half (little endian bytes) to double, from the bit layout.
inline double HalfValue(const std::string& b) {
  uint16_t h = static_cast<uint16_t>(static_cast<uint8_t>(b[0]) | static_cast<uint8_t>(b[1]) << 8);
  int exp = (h >> 10) & 0x1f, frac = h & 0x3ff;
  double sign = (h & 0x8000) ? -1.0 : 1.0;
  if (exp == 0) return sign * std::ldexp(frac, -24);
  if (exp == 31) return frac ? std::nan("") : sign * INFINITY;
  return sign * std::ldexp(1024 + frac, exp - 25);
}

// Big-endian two's complement (up to 16 bytes) to an integer.
inline __int128 BigEndianValue(const std::string& b) {
  __int128 v = (!b.empty() && (static_cast<uint8_t>(b[0]) & 0x80)) ? -1 : 0;
  for (char c : b) v = v * 256 + static_cast<uint8_t>(c);
  return v;
}

// -1, 0, 1: a against b in the column's order (neither is NaN).
inline int CompareIn(const ColumnDescriptor& d, TestOrder order, const std::string& a, const std::string& b) {
  auto cmp = [](auto x, auto y) { return x < y ? -1 : y < x ? 1 : 0; };
  auto load = [](const std::string& s, auto zero) {
    decltype(zero) v;
    std::memcpy(&v, s.data(), sizeof(v));
    return v;
  };
  if (d.logical_type.kind() == LogicalType::Kind::kFloat16) return cmp(HalfValue(a), HalfValue(b));
  if (d.logical_type.kind() == LogicalType::Kind::kDecimal &&
      (d.physical_type == PhysicalType::kByteArray || d.physical_type == PhysicalType::kFixedLenByteArray)) {
    return cmp(BigEndianValue(a), BigEndianValue(b));
  }
  switch (d.physical_type) {
    case PhysicalType::kBoolean: return cmp(a[0], b[0]);
    case PhysicalType::kInt32:
      return order == TestOrder::kSigned ? cmp(load(a, int32_t{}), load(b, int32_t{}))
                                         : cmp(load(a, uint32_t{}), load(b, uint32_t{}));
    case PhysicalType::kInt64:
      return order == TestOrder::kSigned ? cmp(load(a, int64_t{}), load(b, int64_t{}))
                                         : cmp(load(a, uint64_t{}), load(b, uint64_t{}));
    case PhysicalType::kFloat: return cmp(load(a, float{}), load(b, float{}));
    case PhysicalType::kDouble: return cmp(load(a, double{}), load(b, double{}));
    default: {
      int c = a.compare(b);  // char_traits<char> compares as unsigned char
      return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
  }
}

inline bool IsNaN(const ColumnDescriptor& d, const std::string& v) {
  if (d.logical_type.kind() == LogicalType::Kind::kFloat16) return std::isnan(HalfValue(v));
  if (d.physical_type == PhysicalType::kFloat) {
    float f;
    std::memcpy(&f, v.data(), 4);
    return std::isnan(f);
  }
  if (d.physical_type == PhysicalType::kDouble) {
    double x;
    std::memcpy(&x, v.data(), 8);
    return std::isnan(x);
  }
  return false;
}

inline bool IsZero(const ColumnDescriptor& d, const std::string& v) {
  if (d.logical_type.kind() == LogicalType::Kind::kFloat16) return HalfValue(v) == 0.0;
  if (d.physical_type == PhysicalType::kFloat) {
    float f;
    std::memcpy(&f, v.data(), 4);
    return f == 0.0f;
  }
  if (d.physical_type == PhysicalType::kDouble) {
    double x;
    std::memcpy(&x, v.data(), 8);
    return x == 0.0;
  }
  return false;
}

inline std::string SignedZero(const ColumnDescriptor& d, bool negative) {
  if (d.logical_type.kind() == LogicalType::Kind::kFloat16) return negative ? std::string("\x00\x80", 2) : std::string(2, '\0');
  if (d.physical_type == PhysicalType::kFloat) {
    float f = negative ? -0.0f : 0.0f;
    return std::string(reinterpret_cast<const char*>(&f), 4);
  }
  double x = negative ? -0.0 : 0.0;
  return std::string(reinterpret_cast<const char*>(&x), 8);
}

inline ExpectedStats ComputeStats(const ColumnDescriptor& d, const std::vector<std::string>& values, int64_t nulls,
                                  int32_t truncate_length) {
  ExpectedStats e;
  e.null_count = nulls;
  TestOrder order = OrderOf(d);
  const bool floating = d.physical_type == PhysicalType::kFloat || d.physical_type == PhysicalType::kDouble ||
                        d.logical_type.kind() == LogicalType::Kind::kFloat16;
  if (floating) e.nan_count = 0;
  if (order == TestOrder::kNone) return e;
  const std::string* lo = nullptr;
  const std::string* hi = nullptr;
  for (const std::string& v : values) {
    if (floating && IsNaN(d, v)) {
      ++*e.nan_count;
      continue;
    }
    if (lo == nullptr || CompareIn(d, order, v, *lo) < 0) lo = &v;
    if (hi == nullptr || CompareIn(d, order, v, *hi) > 0) hi = &v;
  }
  if (lo == nullptr) return e;
  e.has_bounds = true;
  e.min = *lo;
  e.max = *hi;
  if (floating && IsZero(d, e.min)) e.min = SignedZero(d, true);
  if (floating && IsZero(d, e.max)) e.max = SignedZero(d, false);
  const size_t len = static_cast<size_t>(truncate_length);
  if (d.physical_type == PhysicalType::kByteArray && order == TestOrder::kUnsigned && len > 0) {
    if (e.min.size() > len) {
      e.min.resize(len);
      e.min_exact = false;
    }
    if (e.max.size() > len) {
      std::string cut = e.max.substr(0, len);
      while (!cut.empty() && static_cast<uint8_t>(cut.back()) == 0xff) cut.pop_back();
      if (!cut.empty()) {  // else: all 0xFF, kept whole and exact
        cut.back() = static_cast<char>(static_cast<uint8_t>(cut.back()) + 1);
        e.max = cut;
        e.max_exact = false;
      }
    }
  }
  e.legacy = order == TestOrder::kSigned;
  return e;
}

inline void CheckStats(const ExpectedStats& want, const format::Statistics& got, const std::string& what) {
  EXPECT_EQ(got.null_count, want.null_count) << what;
  EXPECT_EQ(got.nan_count, want.nan_count) << what;
  ASSERT_EQ(got.min_value.has_value(), want.has_bounds) << what;
  ASSERT_EQ(got.max_value.has_value(), want.has_bounds) << what;
  if (!want.has_bounds) {
    EXPECT_FALSE(got.min.has_value()) << what;
    return;
  }
  EXPECT_EQ(*got.min_value, want.min) << what;
  EXPECT_EQ(*got.max_value, want.max) << what;
  EXPECT_EQ(got.is_min_value_exact.value_or(true), want.min_exact) << what;
  EXPECT_EQ(got.is_max_value_exact.value_or(true), want.max_exact) << what;
  EXPECT_EQ(got.min.has_value(), want.legacy) << what;
  EXPECT_EQ(got.max.has_value(), want.legacy) << what;
  if (want.legacy && got.min.has_value() && got.max.has_value()) {
    EXPECT_EQ(*got.min, want.min) << what;
    EXPECT_EQ(*got.max, want.max) << what;
  }
}

}  // namespace parq::writer_test

#endif  // PARQ_TESTS_WRITER_PROPERTY_STATS_H_
