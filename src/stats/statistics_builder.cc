// stats/statistics_builder.cc — sort orders and typed statistics builders.
#include "stats/statistics_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

namespace parq::stats {

SortOrder SortOrderFor(PhysicalType physical, const LogicalType& logical, ConvertedType converted) {
  using K = LogicalType::Kind;
  switch (logical.kind()) {
    case K::kInt:
      return logical.is_signed() ? SortOrder::kSigned : SortOrder::kUnsigned;
    case K::kDecimal:
    case K::kDate:
    case K::kTime:
    case K::kTimestamp:
    case K::kFloat16:
      return SortOrder::kSigned;
    case K::kString:
    case K::kEnum:
    case K::kJson:
    case K::kBson:
    case K::kUuid:
      return SortOrder::kUnsigned;
    case K::kInterval:
    case K::kGeometry:
    case K::kGeography:
      return SortOrder::kUnknown;
    default:
      break;
  }
  switch (converted) {
    case ConvertedType::kUint8:
    case ConvertedType::kUint16:
    case ConvertedType::kUint32:
    case ConvertedType::kUint64:
      return SortOrder::kUnsigned;
    case ConvertedType::kInterval:
      return SortOrder::kUnknown;
    case ConvertedType::kDecimal:
      return SortOrder::kSigned;
    default:
      break;
  }
  switch (physical) {
    case PhysicalType::kBoolean:
    case PhysicalType::kInt32:
    case PhysicalType::kInt64:
    case PhysicalType::kFloat:
    case PhysicalType::kDouble:
      return SortOrder::kSigned;
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      return SortOrder::kUnsigned;
    case PhysicalType::kInt96:
      return SortOrder::kUnknown;
  }
  return SortOrder::kUnknown;
}

CompareKind CompareKindFor(const ColumnDescriptor& d) {
  SortOrder order = SortOrderFor(d);
  if (order == SortOrder::kUnknown) return CompareKind::kNone;
  switch (d.physical_type) {
    case PhysicalType::kBoolean:
      return CompareKind::kSignedInt;
    case PhysicalType::kInt32:
    case PhysicalType::kInt64:
      return order == SortOrder::kSigned ? CompareKind::kSignedInt : CompareKind::kUnsignedInt;
    case PhysicalType::kFloat:
    case PhysicalType::kDouble:
      return CompareKind::kFloat;
    case PhysicalType::kFixedLenByteArray:
      if (d.logical_type.kind() == LogicalType::Kind::kFloat16 && d.type_length == 2) {
        return CompareKind::kFloat16;
      }
      [[fallthrough]];
    case PhysicalType::kByteArray:
      return order == SortOrder::kSigned ? CompareKind::kSignedBytes : CompareKind::kBytes;
    case PhysicalType::kInt96:
      return CompareKind::kNone;
  }
  return CompareKind::kNone;
}

int CompareBytes(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  int c = n ? std::memcmp(a.data(), b.data(), n) : 0;
  if (c != 0) return c < 0 ? -1 : 1;
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

int CompareSignedBytes(std::string_view a, std::string_view b) {
  auto byte_at = [](std::string_view v, size_t len, size_t i) -> uint8_t {
    // Byte i of v sign-extended to len bytes.
    size_t pad = len - v.size();
    if (i < pad) return (!v.empty() && (static_cast<uint8_t>(v[0]) & 0x80)) ? 0xFF : 0x00;
    return static_cast<uint8_t>(v[i - pad]);
  };
  bool neg_a = !a.empty() && (static_cast<uint8_t>(a[0]) & 0x80);
  bool neg_b = !b.empty() && (static_cast<uint8_t>(b[0]) & 0x80);
  if (neg_a != neg_b) return neg_a ? -1 : 1;
  size_t len = std::max(a.size(), b.size());
  for (size_t i = 0; i < len; ++i) {
    uint8_t x = byte_at(a, len, i), y = byte_at(b, len, i);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

float HalfToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1u, exp = (h >> 10) & 0x1Fu, mant = h & 0x3FFu;
  float v;
  if (exp == 0) {
    v = std::ldexp(static_cast<float>(mant), -24);
  } else if (exp == 31) {
    v = mant ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  } else {
    v = std::ldexp(static_cast<float>(mant | 0x400u), static_cast<int>(exp) - 25);
  }
  return sign ? -v : v;
}

std::string TruncateMin(std::string_view v, size_t length) {
  return std::string(v.substr(0, std::min(v.size(), length)));
}

bool TruncateMax(std::string_view v, size_t length, std::string* out) {
  std::string s(v.substr(0, std::min(v.size(), length)));
  while (!s.empty() && static_cast<uint8_t>(s.back()) == 0xFF) s.pop_back();
  if (s.empty()) return false;
  s.back() = static_cast<char>(static_cast<uint8_t>(s.back()) + 1);
  *out = std::move(s);
  return true;
}

namespace {

template <typename V>
V Load(std::string_view s) {
  V v;
  std::memcpy(&v, s.data(), sizeof(V));
  return v;
}

}  // namespace

namespace {

// The bits of an IEEE value as a signed integer whose order is the total
// order: negative values have their magnitude bits flipped.
template <typename S>
S TotalOrderKey(S bits) {
  using U = std::make_unsigned_t<S>;
  const U mask = static_cast<U>(bits >> (sizeof(S) * 8 - 1)) >> 1;
  return static_cast<S>(static_cast<U>(bits) ^ mask);
}

}  // namespace

int CompareTotalOrder(CompareKind kind, PhysicalType physical, std::string_view a, std::string_view b) {
  auto cmp = [](auto x, auto y) { return x < y ? -1 : (y < x ? 1 : 0); };
  if (kind == CompareKind::kFloat16) return cmp(TotalOrderKey(Load<int16_t>(a)), TotalOrderKey(Load<int16_t>(b)));
  if (physical == PhysicalType::kFloat) return cmp(TotalOrderKey(Load<int32_t>(a)), TotalOrderKey(Load<int32_t>(b)));
  return cmp(TotalOrderKey(Load<int64_t>(a)), TotalOrderKey(Load<int64_t>(b)));
}

int CompareEncoded(CompareKind kind, PhysicalType physical, std::string_view a, std::string_view b) {
  auto cmp = [](auto x, auto y) { return x < y ? -1 : (y < x ? 1 : 0); };
  switch (kind) {
    case CompareKind::kSignedInt:
      if (physical == PhysicalType::kBoolean) return cmp(uint8_t(a[0]), uint8_t(b[0]));
      if (physical == PhysicalType::kInt32) return cmp(Load<int32_t>(a), Load<int32_t>(b));
      return cmp(Load<int64_t>(a), Load<int64_t>(b));
    case CompareKind::kUnsignedInt:
      if (physical == PhysicalType::kInt32) return cmp(Load<uint32_t>(a), Load<uint32_t>(b));
      return cmp(Load<uint64_t>(a), Load<uint64_t>(b));
    case CompareKind::kFloat:
      if (physical == PhysicalType::kFloat) return cmp(Load<float>(a), Load<float>(b));
      return cmp(Load<double>(a), Load<double>(b));
    case CompareKind::kFloat16:
      return cmp(HalfToFloat(Load<uint16_t>(a)), HalfToFloat(Load<uint16_t>(b)));
    case CompareKind::kBytes:
      return CompareBytes(a, b);
    case CompareKind::kSignedBytes:
      return CompareSignedBytes(a, b);
    case CompareKind::kNone:
      return 0;
  }
  return 0;
}

namespace {

// Bytes [at, at + 8) of v as a big-endian word, zero-padded past its end
// (at <= v.size()).  A short tail of a value of 8 bytes or more comes from
// the 8 bytes that end the value, shifted; a value under 8 bytes from two
// overlapping loads (a variable-length memcpy is a library call, a byte loop
// a branch a byte).
[[gnu::always_inline]] inline uint64_t PrefixWord(std::string_view v, size_t at) {
  const size_t n = v.size() - at;
  uint64_t w;
  if (n >= 8) {
    std::memcpy(&w, v.data() + at, 8);
    return __builtin_bswap64(w);
  }
  if (n == 0) return 0;
  if (v.size() >= 8) {
    std::memcpy(&w, v.data() + v.size() - 8, 8);
    return __builtin_bswap64(w) << (8 * (8 - n));
  }
  // Under 8 bytes in all: two loads that overlap, each byte in its place.
  const uint8_t* p = reinterpret_cast<const uint8_t*>(v.data()) + at;
  if (n >= 4) {
    uint32_t head, tail;
    std::memcpy(&head, p, 4);
    std::memcpy(&tail, p + n - 4, 4);
    return uint64_t{__builtin_bswap32(head)} << 32 | uint64_t{__builtin_bswap32(tail)} << (64 - 8 * n);
  }
  if (n >= 2) {
    uint16_t head, tail;
    std::memcpy(&head, p, 2);
    std::memcpy(&tail, p + n - 2, 2);
    return uint64_t{__builtin_bswap16(head)} << 48 | uint64_t{__builtin_bswap16(tail)} << (64 - 8 * n);
  }
  return uint64_t{p[0]} << 56;
}

// CompareBytes(a, b) for a and b whose bytes before `at` (a multiple of 8,
// at most both sizes) are equal.
inline int CompareFrom(std::string_view a, std::string_view b, size_t at) {
  for (;; at += 8) {
    // Equal padded words up to here: whichever ends first is a prefix of the other.
    if (a.size() <= at || b.size() <= at) return (a.size() > b.size()) - (a.size() < b.size());
    const uint64_t wa = PrefixWord(a, at), wb = PrefixWord(b, at);
    if (wa != wb) return wa < wb ? -1 : 1;
  }
}

// How many leading bytes a and b share, counted in whole 8-byte words.
inline size_t SharedWordBytes(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  size_t k = 0;
  while (k + 8 <= n && std::memcmp(a.data() + k, b.data() + k, 8) == 0) k += 8;
  return k;
}

// Whether v's first k bytes (k a multiple of 8, at most v.size()) are p's.
[[gnu::always_inline]] inline bool SameWords(const char* v, const char* p, size_t k) {
  for (size_t i = 0; i < k; i += 8) {
    if (std::memcmp(v + i, p + i, 8) != 0) return false;
  }
  return true;
}

// The first of values[i, n) below lo or above hi (n if none), in unsigned
// byte-wise order.  Most values differ from the bounds soon after the bytes
// the two share (a URL's "https://", a key's common head): those `shared`
// bytes (whole words) are checked for equality only, and the word after
// them decides against each bound as one big-endian integer compare; a tie
// goes on word by word.  (A memcmp call per value cost more than the rest of
// the loop; comparing from the first word re-compared the shared head
// against both bounds: 12 ns a URL against 5.)  kShared false: shared is 0
// and the loop is the plain one.  The bounds are fixed for the scan, so the
// loop keeps them in registers.
template <bool kShared, typename T, typename View>
int64_t FirstOutside(const T* values, int64_t i, int64_t n, const View& view, std::string_view lo,
                     std::string_view hi, size_t shared) {
  const uint64_t lo_w = PrefixWord(lo, shared), hi_w = PrefixWord(hi, shared);
  for (; i < n; ++i) {
    const std::string_view v = view(values[i]);
    if constexpr (kShared) {
      // Leaving the shared words puts v below lo or above hi.
      if (v.size() < shared || !SameWords(v.data(), lo.data(), shared)) [[unlikely]] return i;
    }
    const uint64_t w = PrefixWord(v, shared);
    if (w < lo_w || (w == lo_w && CompareFrom(v, lo, shared + 8) < 0)) [[unlikely]] return i;
    if (w > hi_w || (w == hi_w && CompareFrom(v, hi, shared + 8) > 0)) [[unlikely]] return i;
  }
  return n;
}

template <typename V>
std::string_view Bytes(const V& v) {
  return {reinterpret_cast<const char*>(&v), sizeof(V)};
}

}  // namespace

template <typename T>
StatisticsBuilder<T>::StatisticsBuilder(const ColumnDescriptor& d, int32_t truncate_length, bool total_order)
    : kind_(CompareKindFor(d)),
      order_(SortOrderFor(d)),
      physical_(d.physical_type),
      type_length_(d.type_length),
      truncate_length_(truncate_length),
      total_order_(total_order && (kind_ == CompareKind::kFloat || kind_ == CompareKind::kFloat16)) {}

template <typename T>
void StatisticsBuilder<T>::Reset() {
  has_min_max_ = false;
  has_nan_bounds_ = false;
  null_count_ = 0;
  nan_count_ = 0;
  min_.clear();
  max_.clear();
  nan_min_.clear();
  nan_max_.clear();
}

// What a binary bound keeps of a value when ToFormat truncates to `length`:
// its first length + 1 bytes (enough to tell that it was cut).  Truncation is
// monotone, so the least (greatest) of the kept prefixes is the kept prefix
// of the least (greatest) value, and ToFormat cuts it to the same bytes: a
// 50 MB string no longer leaves four 50 MB bounds in a page's and a chunk's
// builders.  A max whose first `length` bytes are all 0xFF cannot be cut
// (TruncateMax), so it is kept whole.
namespace {
std::string_view KeptBound(std::string_view v, size_t length, bool is_max) {
  if (v.size() <= length + 1) return v;
  if (is_max && v.find_first_not_of('\xFF') >= length) return v;
  return v.substr(0, length + 1);
}
}  // namespace

template <typename T>
void StatisticsBuilder<T>::Offer(std::string_view lo, std::string_view hi) {
  if (physical_ == PhysicalType::kByteArray && kind_ == CompareKind::kBytes && truncate_length_ > 0) {
    lo = KeptBound(lo, static_cast<size_t>(truncate_length_), false);
    hi = KeptBound(hi, static_cast<size_t>(truncate_length_), true);
  }
  if (!has_min_max_) {
    min_.assign(lo);
    max_.assign(hi);
    has_min_max_ = true;
    return;
  }
  if (Compare(lo, min_) < 0) min_.assign(lo);
  if (Compare(hi, max_) > 0) max_.assign(hi);
}

template <typename T>
void StatisticsBuilder<T>::OfferNaN(std::string_view lo, std::string_view hi) {
  if (!has_nan_bounds_) {
    nan_min_.assign(lo);
    nan_max_.assign(hi);
    has_nan_bounds_ = true;
    return;
  }
  if (Compare(lo, nan_min_) < 0) nan_min_.assign(lo);
  if (Compare(hi, nan_max_) > 0) nan_max_.assign(hi);
}

// Values as their bits U (the float's width); F tells NaNs (float, double;
// uint16_t for FLOAT16, NaN when the exponent is all ones and the mantissa
// not zero).
template <typename T>
template <typename F, typename U>
void StatisticsBuilder<T>::UpdateTotalOrder(const F* values, int64_t n) {
  using S = std::make_signed_t<U>;
  constexpr bool kHalf = std::is_same_v<F, uint16_t>;
  bool any = false, any_nan = false;
  S lo = 0, hi = 0, nlo = 0, nhi = 0;
  int64_t nans = 0;
  for (int64_t i = 0; i < n; ++i) {
    U bits;
    std::memcpy(&bits, &values[i], sizeof(U));
    bool nan;
    if constexpr (kHalf) {
      nan = (bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0;
    } else {
      nan = std::isnan(values[i]);
    }
    const S key = TotalOrderKey(static_cast<S>(bits));
    if (nan) {
      ++nans;
      nlo = !any_nan || key < nlo ? key : nlo;
      nhi = !any_nan || key > nhi ? key : nhi;
      any_nan = true;
    } else {
      lo = !any || key < lo ? key : lo;
      hi = !any || key > hi ? key : hi;
      any = true;
    }
  }
  nan_count_ += nans;
  // The key is its own inverse: back to the bits.
  auto bytes = [](S key) {
    const S b = TotalOrderKey(key);
    return std::string(reinterpret_cast<const char*>(&b), sizeof(S));
  };
  if (any) Offer(bytes(lo), bytes(hi));
  if (any_nan) OfferNaN(bytes(nlo), bytes(nhi));
}

template <typename T>
void StatisticsBuilder<T>::Update(const T* values, int64_t n) {
  if (n <= 0 || kind_ == CompareKind::kNone) return;
  if constexpr (std::is_same_v<T, bool>) {
    bool lo = true, hi = false;
    for (int64_t i = 0; i < n; ++i) {
      lo = lo && values[i];
      hi = hi || values[i];
    }
    uint8_t l = lo, h = hi;
    Offer(Bytes(l), Bytes(h));
  } else if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
    if (kind_ == CompareKind::kUnsignedInt) {
      using U = std::make_unsigned_t<T>;
      U lo = static_cast<U>(values[0]), hi = lo;
      for (int64_t i = 1; i < n; ++i) {
        U v = static_cast<U>(values[i]);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
      }
      Offer(Bytes(lo), Bytes(hi));
    } else {
      T lo = values[0], hi = lo;
      for (int64_t i = 1; i < n; ++i) {
        lo = values[i] < lo ? values[i] : lo;
        hi = values[i] > hi ? values[i] : hi;
      }
      Offer(Bytes(lo), Bytes(hi));
    }
  } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    if (total_order_) {
      UpdateTotalOrder<T, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>(values, n);
      return;
    }
    T lo = std::numeric_limits<T>::infinity(), hi = -lo;
    int64_t nans = 0;
    for (int64_t i = 0; i < n; ++i) {
      T v = values[i];
      if (std::isnan(v)) {
        ++nans;
        continue;
      }
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
    nan_count_ += nans;
    if (nans == n) return;
    if (lo == T(0)) lo = -T(0);
    if (hi == T(0)) hi = T(0);
    Offer(Bytes(lo), Bytes(hi));
    // Keep the zero signs after a comparison that saw them equal.
    if (Load<T>(min_) == T(0)) {
      T z = -T(0);
      min_.assign(Bytes(z));
    }
    if (Load<T>(max_) == T(0)) {
      T z = T(0);
      max_.assign(Bytes(z));
    }
  } else if constexpr (std::is_same_v<T, Int96>) {
    // INT96 has no defined order (kNone returns above).
  } else {
    // ByteArray / FixedLenByteArray.
    auto view = [&](const T& v) -> std::string_view {
      if constexpr (std::is_same_v<T, ByteArray>) {
        return {reinterpret_cast<const char*>(v.ptr), v.len};
      } else {
        return {reinterpret_cast<const char*>(v.ptr), static_cast<size_t>(type_length_)};
      }
    };
    if (kind_ == CompareKind::kFloat16 && total_order_) {
      std::vector<uint16_t> halves(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) halves[static_cast<size_t>(i)] = Load<uint16_t>(view(values[i]));
      UpdateTotalOrder<uint16_t, uint16_t>(halves.data(), n);
    } else if (kind_ == CompareKind::kFloat16) {
      float lo = std::numeric_limits<float>::infinity(), hi = -lo;
      int64_t lo_i = -1, hi_i = -1, nans = 0;
      for (int64_t i = 0; i < n; ++i) {
        float f = HalfToFloat(Load<uint16_t>(view(values[i])));
        if (std::isnan(f)) {
          ++nans;
          continue;
        }
        if (lo_i < 0 || f < lo) lo = f, lo_i = i;
        if (hi_i < 0 || f > hi) hi = f, hi_i = i;
      }
      nan_count_ += nans;
      if (lo_i < 0) return;
      Offer(view(values[lo_i]), view(values[hi_i]));
      const uint16_t kNegZero = 0x8000, kPosZero = 0;
      if (HalfToFloat(Load<uint16_t>(min_)) == 0.0f) min_.assign(Bytes(kNegZero));
      if (HalfToFloat(Load<uint16_t>(max_)) == 0.0f) max_.assign(Bytes(kPosZero));
    } else if (kind_ == CompareKind::kSignedBytes) {
      int64_t lo = 0, hi = 0;
      for (int64_t i = 1; i < n; ++i) {
        std::string_view v = view(values[i]);
        if (CompareSignedBytes(v, view(values[lo])) < 0) lo = i;
        if (CompareSignedBytes(v, view(values[hi])) > 0) hi = i;
      }
      Offer(view(values[lo]), view(values[hi]));
    } else {
      int64_t lo = 0, hi = 0;
      std::string_view lo_v = view(values[0]), hi_v = lo_v;
      for (int64_t i = 1; i < n; ++i) {
        const size_t shared = SharedWordBytes(lo_v, hi_v);
        i = shared == 0 ? FirstOutside<false>(values, i, n, view, lo_v, hi_v, 0)
                        : FirstOutside<true>(values, i, n, view, lo_v, hi_v, shared);
        if (i == n) break;
        const std::string_view v = view(values[i]);
        if (CompareBytes(v, lo_v) < 0) {
          lo = i, lo_v = v;
        } else {
          hi = i, hi_v = v;
        }
      }
      Offer(view(values[lo]), view(values[hi]));
    }
  }
}

template <typename T>
format::Statistics StatisticsBuilder<T>::ToFormat() const {
  format::Statistics s;
  s.null_count = null_count_;
  if (kind_ == CompareKind::kFloat || kind_ == CompareKind::kFloat16) s.nan_count = nan_count_;
  if (!has_min_max()) return s;
  std::string lo = min(), hi = max();
  bool lo_exact = true, hi_exact = true;
  if (physical_ == PhysicalType::kByteArray && kind_ == CompareKind::kBytes && truncate_length_ > 0) {
    size_t len = static_cast<size_t>(truncate_length_);
    if (lo.size() > len) {
      lo = TruncateMin(min_, len);
      lo_exact = false;
    }
    if (hi.size() > len && TruncateMax(max_, len, &hi)) hi_exact = false;
  }
  if (order_ == SortOrder::kSigned && !total_order_) {
    s.min = lo;
    s.max = hi;
  }
  s.min_value = std::move(lo);
  s.max_value = std::move(hi);
  s.is_min_value_exact = lo_exact;
  s.is_max_value_exact = hi_exact;
  return s;
}

template class StatisticsBuilder<bool>;
template class StatisticsBuilder<int32_t>;
template class StatisticsBuilder<int64_t>;
template class StatisticsBuilder<Int96>;
template class StatisticsBuilder<float>;
template class StatisticsBuilder<double>;
template class StatisticsBuilder<ByteArray>;
template class StatisticsBuilder<FixedLenByteArray>;

}  // namespace parq::stats
