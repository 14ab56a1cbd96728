// The comparison domains of a filter (parq/filter.h): how a leaf's values
// and the literals bound to it compare.  Shared by row evaluation
// (bound_filter.cc) and, later, statistics pruning, so that both order
// values the same way.
//
//   kBool   false < true
//   kExact  integers, decimals, dates, times, timestamps: an exact number
//           unscaled * 10^-scale (int128), compared by value across scales
//   kReal   FLOAT, DOUBLE, FLOAT16 as double: -0 = +0, NaN = NaN, NaN above
//           every other value (DuckDB's order)
//   kBytes  bytewise, unsigned
//
// Thread-safety: pure functions.
#ifndef PARQ_RECORD_FILTER_COMPARE_H_
#define PARQ_RECORD_FILTER_COMPARE_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "parq/filter.h"
#include "parq/logical_type.h"
#include "parq/record.h"
#include "parq/types.h"

namespace parq::filter_internal {

enum class Domain : uint8_t { kNone, kBool, kExact, kReal, kBytes };

// How one leaf's physical values become Keys.
struct LeafType {
  Domain domain = Domain::kNone;
  PhysicalType physical = PhysicalType::kBoolean;
  int scale = 0;             // kExact: the column's decimal scale or time unit (3, 6, 9)
  bool is_unsigned = false;  // kExact on INT32 / INT64: INT(n, false)
  bool is_float16 = false;   // kReal on FIXED_LEN_BYTE_ARRAY(2)
  bool is_decimal = false;   // kExact: a DECIMAL column
  int type_length = 0;       // FIXED_LEN_BYTE_ARRAY: the bytes of a value
};

// One value in its domain: i (kBool: 0 / 1; kExact with scale), d (kReal) or
// s (kBytes).
struct Key {
  __int128 i = 0;
  int scale = 0;
  double d = 0;
  std::string s;
};

// The decimal scale of a time unit: MILLIS 3, MICROS 6, NANOS 9.
inline int UnitScale(TimeUnit u) { return u == TimeUnit::kMillis ? 3 : u == TimeUnit::kMicros ? 6 : 9; }

inline __int128 Pow10(int n) {
  __int128 p = 1;
  for (int k = 0; k < n; ++k) p *= 10;
  return p;
}

// sign(a * 10^-sa - b * 10^-sb), exactly and without overflow: the operand of
// the smaller scale is never multiplied; the other is divided (0 <= scales <= 38).
[[gnu::always_inline]] inline int CompareScaled(__int128 a, int sa, __int128 b, int sb) {
  if (sa == sb) return a < b ? -1 : a > b ? 1 : 0;
  int sign = 1;  // the operands swapped so that a has the smaller scale: the sign flips
  if (sa > sb) {
    std::swap(a, b);
    std::swap(sa, sb);
    sign = -1;
  }
  // a * p vs b with p = 10^(sb - sa): b = q * p + r, |r| < p, r of b's sign.
  const __int128 p = Pow10(sb - sa);
  const __int128 q = b / p;
  const __int128 r = b % p;
  if (a != q) return a < q ? -sign : sign;
  return r > 0 ? -sign : r < 0 ? sign : 0;
}

[[gnu::always_inline]] inline int CompareReal(double a, double b) {
  const bool na = std::isnan(a), nb = std::isnan(b);
  if (na || nb) return na && nb ? 0 : na ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;  // -0 == +0
}

[[gnu::always_inline]] inline int CompareKeys(Domain d, const Key& a, const Key& b) {
  switch (d) {
    case Domain::kBool:
      return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
    case Domain::kExact:
      return CompareScaled(a.i, a.scale, b.i, b.scale);
    case Domain::kReal:
      return CompareReal(a.d, b.d);
    case Domain::kBytes: {
      const int c = std::string_view(a.s).compare(b.s);  // char_traits<char> compares as unsigned char
      return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
    case Domain::kNone:
      break;
  }
  return 0;
}

[[gnu::always_inline]] inline bool Holds(CompareOp op, int cmp) {
  switch (op) {
    case CompareOp::kEq: return cmp == 0;
    case CompareOp::kNe: return cmp != 0;
    case CompareOp::kLt: return cmp < 0;
    case CompareOp::kLe: return cmp <= 0;
    case CompareOp::kGt: return cmp > 0;
    case CompareOp::kGe: return cmp >= 0;
  }
  return false;
}

// Big-endian two's complement of up to 16 significant bytes (longer ones
// must be sign extension); false when it does not fit an int128.
inline bool BigEndianToInt128(std::string_view b, __int128* out) {
  if (b.empty()) {
    *out = 0;
    return true;
  }
  const bool negative = static_cast<unsigned char>(b[0]) & 0x80;
  while (b.size() > 16) {
    if (static_cast<unsigned char>(b[0]) != (negative ? 0xFF : 0x00)) return false;
    b.remove_prefix(1);
  }
  unsigned __int128 u = negative ? ~static_cast<unsigned __int128>(0) : 0;
  for (char c : b) u = (u << 8) | static_cast<unsigned char>(c);
  *out = static_cast<__int128>(u);
  return true;
}

// The Key of one non-null physical value of a leaf of type `t`, from the
// value as the column stores it: row evaluation (KeyOfValue) and batch
// evaluation over columnar values (record/filter_batch.h) share these.
inline void KeyOfInt32(int32_t v, const LeafType& t, Key* key) {
  key->scale = t.scale;
  key->i = t.is_unsigned ? __int128{static_cast<uint32_t>(v)} : __int128{v};
}

inline void KeyOfInt64(int64_t v, const LeafType& t, Key* key) {
  key->scale = t.scale;
  key->i = t.is_unsigned ? __int128{static_cast<uint64_t>(v)} : __int128{v};
}

inline void KeyOfInt96(const parq::Int96& x, const LeafType& t, Key* key) {
  constexpr int64_t kJulianDayOfEpoch = 2440588;
  constexpr __int128 kNanosPerDay = __int128{86400} * 1000000000;
  key->scale = t.scale;
  key->i = (__int128{x.julian_day()} - kJulianDayOfEpoch) * kNanosPerDay + x.nanos();
}

// BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY bytes: a big-endian decimal (kExact), a
// little-endian FLOAT16 (kReal) or bytes (kBytes); false when they do not fit.
inline bool KeyOfBytes(std::string_view b, const LeafType& t, Key* key) {
  switch (t.domain) {
    case Domain::kExact:
      key->scale = t.scale;
      return BigEndianToInt128(b, &key->i);
    case Domain::kReal: {
      if (!t.is_float16 || b.size() != 2) return false;
      const uint16_t bits = static_cast<uint16_t>(static_cast<unsigned char>(b[0]) |
                                                  (static_cast<unsigned char>(b[1]) << 8));
      key->d = Float16::FromBits(bits).ToDouble();
      return true;
    }
    case Domain::kBytes:
      key->s.assign(b);
      return true;
    default:
      return false;
  }
}

// The Key of a leaf's non-null physical Value; false when the Value does not
// have the leaf's kind (then the filter treats it as unknown).
inline bool KeyOfValue(const Value& v, const LeafType& t, Key* key) {
  switch (t.domain) {
    case Domain::kBool:
      if (v.kind() != Value::Kind::kBool) return false;
      key->i = v.bool_value() ? 1 : 0;
      return true;
    case Domain::kExact:
      switch (v.kind()) {
        case Value::Kind::kInt32:
          KeyOfInt32(v.int32_value(), t, key);
          return true;
        case Value::Kind::kInt64:
          KeyOfInt64(v.int64_value(), t, key);
          return true;
        case Value::Kind::kBytes:
          return KeyOfBytes(v.bytes(), t, key);
        case Value::Kind::kInt96:
          KeyOfInt96(v.int96_value(), t, key);
          return true;
        default:
          return false;
      }
    case Domain::kReal:
      if (v.kind() == Value::Kind::kDouble) {
        key->d = v.double_value();
      } else if (v.kind() == Value::Kind::kFloat) {
        key->d = v.float_value();
      } else if (v.kind() == Value::Kind::kBytes) {
        return KeyOfBytes(v.bytes(), t, key);
      } else {
        return false;
      }
      return true;
    case Domain::kBytes:
      if (v.kind() != Value::Kind::kBytes) return false;
      return KeyOfBytes(v.bytes(), t, key);
    case Domain::kNone:
      break;
  }
  return false;
}

}  // namespace parq::filter_internal

#endif  // PARQ_RECORD_FILTER_COMPARE_H_
