// encoding/alp_internal.h — private to src/encoding: ALP's per-type constants
// and the encoding of one vector's values to integers, shared by the vector
// writer (alp.cc) and the parameter search (alp_params.cc).  See alp.h.
#ifndef PARQ_ENCODING_ALP_INTERNAL_H_
#define PARQ_ENCODING_ALP_INTERNAL_H_

#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "encoding/alp.h"

namespace parq::encoding::alp_internal {

template <typename T>
struct Traits;

// The powers of ten are the compiler's correctly rounded conversions of the
// decimal literals, as the format requires (never pow()).
template <>
struct Traits<float> {
  using Signed = int32_t;
  using Unsigned = uint32_t;
  static constexpr int kForInfoSize = 5;
  static constexpr float kMagic = 8388608.0f;  // 2^23
  static constexpr float kIntLow = -2147483648.0f;  // -2^31
  static constexpr float kIntHigh = 2147483648.0f;  // 2^31, excluded
  static constexpr float kPow10[11] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
  static constexpr float kNegPow10[11] = {1e0f,  1e-1f, 1e-2f, 1e-3f, 1e-4f, 1e-5f,
                                          1e-6f, 1e-7f, 1e-8f, 1e-9f, 1e-10f};
};

template <>
struct Traits<double> {
  using Signed = int64_t;
  using Unsigned = uint64_t;
  static constexpr int kForInfoSize = 9;
  static constexpr double kMagic = 4503599627370496.0;  // 2^52
  static constexpr double kIntLow = -9223372036854775808.0;  // -2^63
  static constexpr double kIntHigh = 9223372036854775808.0;  // 2^63, excluded
  static constexpr double kPow10[19] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8, 1e9,
                                        1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18};
  static constexpr double kNegPow10[19] = {1e0,   1e-1,  1e-2,  1e-3,  1e-4,  1e-5,  1e-6,
                                           1e-7,  1e-8,  1e-9,  1e-10, 1e-11, 1e-12, 1e-13,
                                           1e-14, 1e-15, 1e-16, 1e-17, 1e-18};
};

constexpr int kAlpInfoSize = 4;

template <typename T>
constexpr int VectorHeaderSize() {
  return kAlpInfoSize + Traits<T>::kForInfoSize;
}

// The normative decode of one integer.
template <typename T>
inline T DecodeOne(typename Traits<T>::Signed v, T pow_f, T neg_pow_e) {
  return static_cast<T>(v) * pow_f * neg_pow_e;
}

// The integer `value` is stored as under `p`, or false when it must be an
// exception (NaN, ±inf, -0.0, out of the integer range, or not decoding to
// the same bits).  fast_round: add then subtract 2^23 / 2^52 in T.
template <typename T>
inline bool EncodeOne(T value, AlpParams p, typename Traits<T>::Signed* out) {
  using Tr = Traits<T>;
  const T scaled = value * Tr::kPow10[p.exponent] * Tr::kNegPow10[p.factor];
  if (!(scaled >= Tr::kIntLow && scaled < Tr::kIntHigh)) return false;  // NaN fails too
  const T rounded = scaled >= 0 ? (scaled + Tr::kMagic) - Tr::kMagic : (scaled - Tr::kMagic) + Tr::kMagic;
  if (!(rounded >= Tr::kIntLow && rounded < Tr::kIntHigh)) return false;
  const auto i = static_cast<typename Tr::Signed>(rounded);
  const T back = DecodeOne<T>(i, Tr::kPow10[p.factor], Tr::kNegPow10[p.exponent]);
  if (std::bit_cast<typename Tr::Unsigned>(back) != std::bit_cast<typename Tr::Unsigned>(value)) return false;
  *out = i;
  return true;
}

// One vector's integers under `p`: enc[i] for every value (exceptions hold
// the placeholder: the first non-exception integer, or 0), positions[] the
// exceptions' indices.
template <typename T>
struct VectorInts {
  int num_exceptions = 0;
  int bit_width = 0;
  typename Traits<T>::Signed frame = 0;  // the minimum
};

// REQUIRES: enc and positions hold n entries.
template <typename T>
VectorInts<T> EncodeInts(const T* values, int n, AlpParams p, typename Traits<T>::Signed* enc,
                         uint16_t* positions) {
  using Signed = typename Traits<T>::Signed;
  using Unsigned = typename Traits<T>::Unsigned;
  VectorInts<T> r;
  bool have_placeholder = false;
  Signed placeholder = 0;
  for (int i = 0; i < n; ++i) {
    Signed v;
    if (EncodeOne<T>(values[i], p, &v)) {
      enc[i] = v;
      if (!have_placeholder) {
        have_placeholder = true;
        placeholder = v;
      }
    } else {
      positions[r.num_exceptions++] = static_cast<uint16_t>(i);
    }
  }
  for (int j = 0; j < r.num_exceptions; ++j) enc[positions[j]] = placeholder;
  Signed lo = enc[0], hi = enc[0];
  for (int i = 1; i < n; ++i) {
    lo = enc[i] < lo ? enc[i] : lo;
    hi = enc[i] > hi ? enc[i] : hi;
  }
  const Unsigned range = static_cast<Unsigned>(hi) - static_cast<Unsigned>(lo);
  r.bit_width = range == 0 ? 0 : static_cast<int>(sizeof(Unsigned) * 8) - std::countl_zero(range);
  r.frame = lo;
  return r;
}

// The stored size of a vector of n values with these integers.
template <typename T>
inline int64_t VectorBytes(int n, const VectorInts<T>& r) {
  return VectorHeaderSize<T>() + (int64_t{n} * r.bit_width + 7) / 8 +
         int64_t{r.num_exceptions} * static_cast<int64_t>(2 + sizeof(T));
}

// Buffers for one vector's integers, reused from vector to vector.
template <typename T>
struct Scratch {
  std::vector<typename Traits<T>::Signed> enc;
  std::vector<uint16_t> positions;
  std::vector<typename Traits<T>::Unsigned> deltas;
  void Reserve(int n) {
    if (enc.size() < static_cast<size_t>(n)) {
      enc.resize(static_cast<size_t>(n));
      positions.resize(static_cast<size_t>(n));
      deltas.resize(static_cast<size_t>(n));
    }
  }
};

// Bytes the vector of n values takes under p.
template <typename T>
int64_t SizeOf(const T* values, int n, AlpParams p, Scratch<T>& s) {
  s.Reserve(n);
  return VectorBytes<T>(n, EncodeInts<T>(values, n, p, s.enc.data(), s.positions.data()));
}

// AlpEncodeVector and AlpChooseForVector with the caller's scratch.
template <typename T>
void WriteVector(const T* values, int n, AlpParams p, Scratch<T>& s, std::vector<uint8_t>* out);
template <typename T>
AlpParams ChooseForVector(const T* values, int n, const std::vector<AlpParams>& preset, Scratch<T>& s);

}  // namespace parq::encoding::alp_internal

#endif  // PARQ_ENCODING_ALP_INTERNAL_H_
