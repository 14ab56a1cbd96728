// Random values -> encoder -> decoder must give the same values back.
//   byte 0  encoding (Encoding enum value, mod 11); 2 and 8 use the
//           dictionary encoder/decoder pair
//   byte 1  physical type (mod 8)
//   byte 2  type_length for FIXED_LEN_BYTE_ARRAY (1..64)
//   byte 3  how many Put calls the values are split into (1..4)
//   the rest: the values (fixed-width types: raw bytes; BYTE_ARRAY: a length
//   byte, then that many bytes; BOOLEAN: one bit each)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"
#include "fuzz_util.h"

namespace {

using parq::Encoding;
using parq::PhysicalType;
using parq::fuzz::Die;
using parq::fuzz::Input;
namespace enc = parq::encoding;

// std::vector<bool> has no data(): values live in a plain array.
template <typename T>
struct Values {
  std::unique_ptr<T[]> p;
  size_t n = 0;
  const T* data() const { return p.get(); }
  size_t size() const { return n; }
  const T& operator[](size_t i) const { return p[i]; }
};

template <typename T>
Values<T> MakeValues(Input& in, int type_length) {
  using Elem = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;
  std::vector<Elem> v;
  if constexpr (std::is_same_v<T, bool>) {
    while (in.size() > 0) {
      const uint8_t b = in.Byte();
      for (int i = 0; i < 8; ++i) v.push_back((b >> i) & 1);
    }
  } else if constexpr (std::is_same_v<T, parq::ByteArray>) {
    while (in.size() > 0) {
      const size_t n = std::min<size_t>(in.Byte(), in.size());
      v.push_back(parq::ByteArray{in.data(), static_cast<uint32_t>(n)});
      in.Advance(n);
    }
  } else if constexpr (std::is_same_v<T, parq::FixedLenByteArray>) {
    while (in.size() >= static_cast<size_t>(type_length)) {
      v.push_back(parq::FixedLenByteArray{in.data()});
      in.Advance(static_cast<size_t>(type_length));
    }
  } else {
    while (in.size() >= sizeof(T)) {
      T x;
      std::memcpy(&x, in.data(), sizeof(T));
      v.push_back(x);
      in.Advance(sizeof(T));
    }
  }
  Values<T> out;
  out.n = v.size();
  out.p.reset(new T[v.size() + 1]);
  for (size_t i = 0; i < v.size(); ++i) out.p[i] = static_cast<T>(v[i]);
  return out;
}

template <typename T>
bool Same(const T& a, const T& b, int type_length) {
  if constexpr (std::is_same_v<T, parq::ByteArray>) {
    return a == b;
  } else if constexpr (std::is_same_v<T, parq::FixedLenByteArray>) {
    return std::memcmp(a.ptr, b.ptr, static_cast<size_t>(type_length)) == 0;
  } else if constexpr (std::is_same_v<T, bool>) {
    return a == b;
  } else {
    return std::memcmp(&a, &b, sizeof(T)) == 0;  // bit patterns (NaN, -0.0)
  }
}

template <typename T>
void Check(const Values<T>& values, enc::TypedDecoder<T>* d, int type_length) {
  std::unique_ptr<T[]> out(new T[values.size() + 1]);
  int64_t got = 0;
  while (d->values_left() > 0) {
    auto r = d->Decode(out.get() + got, std::min<int64_t>(d->values_left(), 97));
    if (!r.ok()) Die("decoding what the encoder wrote failed", r.status());
    if (*r <= 0) Die("no progress");
    got += *r;
  }
  if (got != static_cast<int64_t>(values.size())) Die("value count changed");
  for (size_t i = 0; i < values.size(); ++i) {
    if (!Same(values[i], out[i], type_length)) Die("a value changed");
  }
}

template <typename T>
void RoundTrip(Encoding e, PhysicalType type, int type_length, int puts, Input& in) {
  Values<T> values = MakeValues<T>(in, type_length);
  const int64_t n = static_cast<int64_t>(values.size());
  std::vector<uint8_t> page;
  if (e == Encoding::kRleDictionary || e == Encoding::kPlainDictionary) {
    auto encoder = enc::MakeDictionaryEncoder<T>(type, type_length);
    if (!encoder.ok()) return;
    for (int p = 0; p < puts; ++p) {
      const int64_t from = n * p / puts, to = n * (p + 1) / puts;
      auto s = (*encoder)->Put(values.data() + from, to - from);
      if (!s.ok()) Die("dictionary Put failed", s);
    }
    std::vector<uint8_t> dict;
    (*encoder)->WriteDictionaryPage(&dict);
    auto s = (*encoder)->FlushValues(&page);
    if (!s.ok()) Die("dictionary FlushValues failed", s);
    auto decoder = enc::MakeDictionaryDecoder<T>(type, type_length);
    if (!decoder.ok()) Die("no dictionary decoder for an encodable type", decoder.status());
    s = (*decoder)->SetDictionary((*encoder)->num_entries(), dict.data(), dict.size());
    if (!s.ok()) Die("SetDictionary of the encoder's dictionary failed", s);
    s = (*decoder)->SetData(n, page.data(), page.size());
    if (!s.ok()) Die("SetData of the encoder's indices failed", s);
    Check<T>(values, decoder->get(), type_length);
    return;
  }
  auto encoder = enc::MakeEncoder<T>(e, type, type_length);
  if (!encoder.ok()) return;
  for (int p = 0; p < puts; ++p) {
    const int64_t from = n * p / puts, to = n * (p + 1) / puts;
    auto s = (*encoder)->Put(values.data() + from, to - from);
    if (!s.ok()) Die("Put failed", s);
  }
  auto s = (*encoder)->FlushValues(&page);
  if (!s.ok()) Die("FlushValues failed", s);
  auto decoder = enc::MakeDecoder<T>(e, type, type_length);
  if (!decoder.ok()) Die("an encoder without its decoder", decoder.status());
  s = (*decoder)->SetData(n, page.data(), page.size());
  if (!s.ok()) Die("SetData of the encoder's bytes failed", s);
  Check<T>(values, decoder->get(), type_length);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Input in(data, size);
  const auto e = static_cast<Encoding>(in.Byte() % 11);
  const auto type = static_cast<PhysicalType>(in.Byte() % 8);
  const int type_length = in.Byte() % 64 + 1;
  const int puts = in.Byte() % 4 + 1;
  switch (type) {
    case PhysicalType::kBoolean: RoundTrip<bool>(e, type, type_length, puts, in); break;
    case PhysicalType::kInt32: RoundTrip<int32_t>(e, type, type_length, puts, in); break;
    case PhysicalType::kInt64: RoundTrip<int64_t>(e, type, type_length, puts, in); break;
    case PhysicalType::kInt96: RoundTrip<parq::Int96>(e, type, type_length, puts, in); break;
    case PhysicalType::kFloat: RoundTrip<float>(e, type, type_length, puts, in); break;
    case PhysicalType::kDouble: RoundTrip<double>(e, type, type_length, puts, in); break;
    case PhysicalType::kByteArray: RoundTrip<parq::ByteArray>(e, type, type_length, puts, in); break;
    case PhysicalType::kFixedLenByteArray:
      RoundTrip<parq::FixedLenByteArray>(e, type, type_length, puts, in);
      break;
  }
  return 0;
}
