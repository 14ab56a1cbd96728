// variant/variant_random_util.h — seeded random typed Variants (parq/variant.h)
// for round-trip tests: every primitive type with edge values, strings short
// and long, objects over a small key pool (so keys repeat across a column),
// arrays, nested to a chosen depth.  Header-only; used by tests/variant and
// tests/record.
#ifndef PARQ_TESTS_VARIANT_VARIANT_RANDOM_UTIL_H_
#define PARQ_TESTS_VARIANT_VARIANT_RANDOM_UTIL_H_

#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include "parq/variant.h"

namespace parq::variant_test {

class RandomVariants {
 public:
  explicit RandomVariants(uint64_t seed) : rng_(seed) {}

  int Below(int n) { return static_cast<int>(rng_() % static_cast<uint64_t>(n)); }
  int64_t Int64() {
    switch (Below(4)) {
      case 0: return std::numeric_limits<int64_t>::min();
      case 1: return std::numeric_limits<int64_t>::max();
      default: return static_cast<int64_t>(rng_());
    }
  }
  std::string Text(int max_len) {
    std::string s(static_cast<size_t>(Below(max_len + 1)), 'a');
    for (char& c : s) c = static_cast<char>('a' + Below(26));
    if (!s.empty() && Below(4) == 0) s += "\xC3\xA9";  // é: UTF-8 beyond ASCII
    return s;
  }

  // Any primitive of VariantType (not object or array).
  Variant Primitive() {
    switch (Below(20)) {
      case 0: return Variant::Null();
      case 1: return Variant::Bool(Below(2) == 1);
      case 2: return Variant::Int8(static_cast<int8_t>(rng_()));
      case 3: return Variant::Int16(static_cast<int16_t>(rng_()));
      case 4: return Variant::Int32(static_cast<int32_t>(rng_()));
      case 5: return Variant::Int64(Int64());
      case 6: return Variant::Float(static_cast<float>(Int64() % 100000) / 8.0f);
      case 7: return Variant::Double(Below(8) == 0 ? std::numeric_limits<double>::quiet_NaN()
                                                   : static_cast<double>(Int64()) / 1e6);
      case 8: return Variant::Decimal4(static_cast<int32_t>(rng_() % 1000000000) - 500000000, Below(10)).value();
      case 9: return Variant::Decimal8(static_cast<int64_t>(rng_() % 1000000000000000000ULL) * (Below(2) ? 1 : -1),
                                       Below(19)).value();
      case 10: {
        const __int128 u = static_cast<__int128>(rng_() % 10000000000000000000ULL) * 1000000000000000000LL +
                           static_cast<__int128>(rng_() % 1000000000000000000ULL);
        return Variant::Decimal16(Below(2) ? u : -u, Below(39)).value();
      }
      case 11: return Variant::Date(static_cast<int32_t>(rng_() % 200000) - 100000);
      case 12: return Variant::Time(static_cast<int64_t>(rng_() % 86400000000ULL));
      case 13: return Variant::TimestampMicros(Int64());
      case 14: return Variant::TimestampNtzMicros(Int64());
      case 15: return Variant::TimestampNanos(Int64());
      case 16: return Variant::TimestampNtzNanos(Int64());
      case 17: return Variant::String(Text(Below(3) == 0 ? 100 : 12));  // short and long strings
      case 18: return Variant::Binary(Text(20));
      default: {
        std::array<uint8_t, 16> u;
        for (auto& b : u) b = static_cast<uint8_t>(rng_());
        return Variant::Uuid(u);
      }
    }
  }

  // A primitive of type t; a decimal of `scale` with at most `precision`
  // digits.
  Variant OfType(VariantType t, int scale = 0, int precision = 38) {
    if (t == VariantType::kDecimal4 || t == VariantType::kDecimal8 || t == VariantType::kDecimal16) {
      __int128 mod = 1;
      for (int i = 0; i < precision; ++i) mod *= 10;
      __int128 u = (static_cast<__int128>(rng_()) << 64 | rng_()) % mod;
      if (u < 0) u = -u;
      if (Below(2)) u = -u;
      if (t == VariantType::kDecimal4) return Variant::Decimal4(static_cast<int32_t>(u), scale).value();
      if (t == VariantType::kDecimal8) return Variant::Decimal8(static_cast<int64_t>(u), scale).value();
      return Variant::Decimal16(u, scale).value();
    }
    while (true) {
      Variant v = Primitive();
      if (v.type() == t) return v;
    }
  }

  // A value nested up to `depth` levels of objects and arrays.
  Variant Any(int depth) {
    const int pick = depth > 0 ? Below(10) : 9;
    if (pick < 2) {
      Variant a = Variant::Array();
      for (int n = Below(5); n > 0; --n) a.Append(Any(depth - 1));
      return a;
    }
    if (pick < 4) return Object(depth - 1);
    return Primitive();
  }

  // An object over the key pool a..h.
  Variant Object(int depth) {
    Variant o = Variant::Object();
    for (int n = Below(6); n > 0; --n) o.Set(std::string(1, static_cast<char>('a' + Below(8))), Any(depth));
    return o;
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace parq::variant_test

#endif  // PARQ_TESTS_VARIANT_VARIANT_RANDOM_UTIL_H_
