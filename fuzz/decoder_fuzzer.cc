// Fuzzes every value decoder and the level decoders.
//
//   byte 0   mode: low 4 bits pick the encoding (0..10 as the Encoding enum, 10 = ALP,
//            11 = RLE/bit-packed hybrid levels, 12 = BIT_PACKED levels);
//            bit 6 set: DecodeSelected against a twin decoder's Decode of the
//            same values (the kept ones must be equal);
//            bit 7 set lets the value count take any 32-bit value
//   byte 1   physical type (mod 8)
//   byte 2   type_length (FIXED_LEN_BYTE_ARRAY) or bit width (levels)
//   byte 3   batch size - 1
//   bytes 4..7  value count
//   dictionary encodings: bytes 8..9 dictionary byte length, 10..11 entries,
//            then the dictionary page bytes
//   the rest: the page's value bytes
// Decode/Skip alternate until the values run out (at most 1M values); counts
// must stay consistent and no error may be kInternal.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/rle_bit_packed.h"
#include "fuzz_util.h"

namespace {

using parq::Encoding;
using parq::PhysicalType;
using parq::Status;
using parq::fuzz::CheckNotInternal;
using parq::fuzz::Die;
using parq::fuzz::Input;
namespace enc = parq::encoding;

constexpr int64_t kMaxValuesDecoded = 1 << 20;

template <typename T>
void Drain(enc::TypedDecoder<T>* d, int64_t batch) {
  std::unique_ptr<T[]> out(new T[static_cast<size_t>(batch)]);
  int64_t total = 0;
  bool skip = false;
  while (d->values_left() > 0 && total < kMaxValuesDecoded) {
    const int64_t before = d->values_left();
    if (skip) {
      const int64_t n = std::min<int64_t>(before, (batch + 1) / 2);
      Status s = d->Skip(n);
      CheckNotInternal(s, "Skip");
      if (!s.ok()) return;
      if (d->values_left() != before - n) Die("Skip moved values_left wrongly");
      total += n;
    } else {
      auto r = d->Decode(out.get(), batch);
      if (!r.ok()) {
        CheckNotInternal(r.status(), "Decode");
        return;
      }
      const int64_t want = std::min(batch, before);
      if (*r != want) Die("Decode returned a short count without an error");
      if (d->values_left() != before - *r) Die("Decode moved values_left wrongly");
      total += *r;
    }
    skip = !skip;
  }
}

template <typename T>
bool SameValue(const T& a, const T& b, int type_length) {
  if constexpr (std::is_same_v<T, parq::ByteArray>) {
    return a.len == b.len && (a.len == 0 || std::memcmp(a.ptr, b.ptr, a.len) == 0);
  } else if constexpr (std::is_same_v<T, parq::FixedLenByteArray>) {
    return type_length <= 0 || std::memcmp(a.ptr, b.ptr, static_cast<size_t>(type_length)) == 0;
  } else {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
  }
}

// DecodeSelected on `d` against Decode on `twin` (the same page): every
// third call keeps nothing, the others a scattered few, as any nonzero
// byte.  The kept values must equal the twin's at their positions.  A twin
// that fails where `d` did not is no finding: values passed over need not
// be checked.
template <typename T>
void DrainSelected(enc::TypedDecoder<T>* d, enc::TypedDecoder<T>* twin, int64_t batch, int type_length) {
  std::unique_ptr<T[]> out(new T[static_cast<size_t>(batch)]);
  std::unique_ptr<T[]> ref(new T[static_cast<size_t>(batch)]);
  std::vector<uint8_t> keep(static_cast<size_t>(batch));
  int64_t total = 0, calls = 0;
  while (d->values_left() > 0 && total < kMaxValuesDecoded) {
    const int64_t n = std::min(batch, d->values_left());
    int64_t kept = 0;
    for (int64_t i = 0; i < n; ++i) {
      const bool k = calls % 3 != 2 && (i * 7 + total) % 10 < 3;
      keep[static_cast<size_t>(i)] = k ? static_cast<uint8_t>(1 + (i * 13 + calls) % 255) : 0;
      kept += k ? 1 : 0;
    }
    ++calls;
    auto r = d->DecodeSelected(out.get(), keep.data(), n);
    if (!r.ok()) {
      CheckNotInternal(r.status(), "DecodeSelected");
      return;
    }
    if (*r != kept) Die("DecodeSelected kept a different count");
    auto w = twin->Decode(ref.get(), n);
    if (!w.ok()) {
      CheckNotInternal(w.status(), "Decode (twin)");
      return;
    }
    if (*w != n) Die("Decode (twin) returned a short count without an error");
    int64_t j = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (keep[static_cast<size_t>(i)] == 0) continue;
      if (!SameValue(out[static_cast<size_t>(j)], ref[static_cast<size_t>(i)], type_length)) {
        Die("DecodeSelected kept a value Decode does not give");
      }
      ++j;
    }
    total += n;
  }
}

template <typename T>
void FuzzValues(Encoding e, PhysicalType type, int type_length, int64_t num_values, int64_t batch,
                bool selected, Input& in) {
  if (e == Encoding::kRleDictionary || e == Encoding::kPlainDictionary) {
    auto d = enc::MakeDictionaryDecoder<T>(type, type_length);
    if (!d.ok()) return;
    const uint16_t dict_len = in.U16();
    const uint16_t entries = in.U16();
    const uint8_t* dict = in.data();
    const size_t dict_size = std::min<size_t>(dict_len, in.size());
    // A copy, so that ASan sees reads past the dictionary page.
    std::vector<uint8_t> dict_copy(dict, dict + dict_size);
    in.Advance(dict_size);
    Status s = (*d)->SetDictionary(entries, dict_copy.data(), dict_copy.size());
    CheckNotInternal(s, "SetDictionary");
    if (!s.ok()) return;
    if ((*d)->dictionary_size() != entries) Die("dictionary_size differs from entries");
    std::vector<uint8_t> page(in.data(), in.data() + in.size());
    s = (*d)->SetData(num_values, page.data(), page.size());
    CheckNotInternal(s, "SetData (dictionary)");
    if (!s.ok()) return;
    if (selected) {
      auto twin = enc::MakeDictionaryDecoder<T>(type, type_length);
      if (!twin.ok() || !(*twin)->SetDictionary(entries, dict_copy.data(), dict_copy.size()).ok() ||
          !(*twin)->SetData(num_values, page.data(), page.size()).ok()) {
        Die("a twin dictionary decoder refused what the first took");
      }
      DrainSelected<T>(d->get(), twin->get(), batch, type_length);
      return;
    }
    if (batch % 2 == 1) {
      std::vector<int32_t> idx(static_cast<size_t>(batch));
      int64_t total = 0;
      while ((*d)->values_left() > 0 && total < kMaxValuesDecoded) {
        auto r = (*d)->DecodeIndices(idx.data(), batch);
        if (!r.ok()) {
          CheckNotInternal(r.status(), "DecodeIndices");
          return;
        }
        if (*r <= 0) Die("DecodeIndices made no progress");
        for (int64_t i = 0; i < *r; ++i) {
          if (idx[static_cast<size_t>(i)] < 0 || idx[static_cast<size_t>(i)] >= entries) {
            Die("DecodeIndices returned an index out of range");
          }
        }
        total += *r;
      }
      return;
    }
    Drain<T>(d->get(), batch);
    return;
  }
  auto d = enc::MakeDecoder<T>(e, type, type_length);
  if (!d.ok()) return;
  std::vector<uint8_t> page(in.data(), in.data() + in.size());
  Status s = (*d)->SetData(num_values, page.data(), page.size());
  CheckNotInternal(s, "SetData");
  if (!s.ok()) return;
  if ((*d)->values_left() != num_values) Die("values_left differs from SetData's count");
  if (selected) {
    auto twin = enc::MakeDecoder<T>(e, type, type_length);
    if (!twin.ok() || !(*twin)->SetData(num_values, page.data(), page.size()).ok()) {
      Die("a twin decoder refused what the first took");
    }
    DrainSelected<T>(d->get(), twin->get(), batch, type_length);
    return;
  }
  Drain<T>(d->get(), batch);
}

template <typename L>
void FuzzHybridLevels(int width, int64_t batch, Input& in) {
  std::vector<uint8_t> page(in.data(), in.data() + in.size());
  enc::RleBitPackedDecoder d;
  Status s = d.Init(page.data(), page.size(), width);
  CheckNotInternal(s, "RLE Init");
  if (!s.ok()) return;
  std::vector<L> out(static_cast<size_t>(batch));
  int64_t total = 0;
  bool skip = false;
  while (total < kMaxValuesDecoded) {
    auto r = skip ? d.Skip(batch) : d.GetBatch(out.data(), batch);
    if (!r.ok()) {
      CheckNotInternal(r.status(), "RLE GetBatch/Skip");
      return;
    }
    if (*r < 0 || *r > batch) Die("RLE returned a bad count");
    if (d.position() > page.size()) Die("RLE position past the end");
    if (*r == 0) return;
    if (!skip && width < 32) {
      for (int64_t i = 0; i < *r; ++i) {
        if (static_cast<uint64_t>(out[static_cast<size_t>(i)]) >> width) Die("RLE value wider than width");
      }
    }
    total += *r;
    skip = !skip;
  }
}

void FuzzBitPackedLevels(int width, int64_t num_values, int64_t batch, Input& in) {
  std::vector<uint8_t> page(in.data(), in.data() + in.size());
  enc::BitPackedLevelDecoder d;
  Status s = d.Init(page.data(), page.size(), width, num_values);
  CheckNotInternal(s, "BIT_PACKED Init");
  if (!s.ok()) return;
  if (d.bytes_used() > page.size()) Die("BIT_PACKED bytes_used past the end");
  std::vector<uint16_t> out(static_cast<size_t>(batch));
  int64_t total = 0;
  while (total < kMaxValuesDecoded) {
    int64_t n = d.GetBatch(out.data(), batch);
    if (n < 0 || n > batch) Die("BIT_PACKED returned a bad count");
    if (n == 0) return;
    for (int64_t i = 0; i < n; ++i) {
      if (width < 16 && (out[static_cast<size_t>(i)] >> width)) Die("BIT_PACKED value too wide");
    }
    total += n;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Input in(data, size);
  const uint8_t mode = in.Byte();
  const auto type = static_cast<PhysicalType>(in.Byte() % 8);
  const int param = in.Byte();
  const int64_t batch = in.Byte() + 1;
  uint32_t count = in.U32();
  int64_t num_values = (mode & 0x80) ? static_cast<int64_t>(static_cast<int32_t>(count))
                                     : static_cast<int64_t>(count % 4096);
  const int which = mode & 0x0F;
  if (which == 11) {
    const int width = param % 34;  // 33 must be refused
    switch (static_cast<int>(type) % 3) {
      case 0: if (width <= 8) FuzzHybridLevels<uint8_t>(width, batch, in); break;
      case 1: if (width <= 16) FuzzHybridLevels<uint16_t>(width, batch, in); break;
      default: FuzzHybridLevels<uint32_t>(width, batch, in); break;
    }
    return 0;
  }
  if (which == 12) {
    FuzzBitPackedLevels(param % 18, num_values, batch, in);
    return 0;
  }
  if (which > 10) return 0;
  const auto e = static_cast<Encoding>(which);
  const bool selected = (mode & 0x40) != 0;
  const int type_length = param == 255 ? -1 : param;
  switch (type) {
    case PhysicalType::kBoolean: FuzzValues<bool>(e, type, type_length, num_values, batch, selected, in); break;
    case PhysicalType::kInt32: FuzzValues<int32_t>(e, type, type_length, num_values, batch, selected, in); break;
    case PhysicalType::kInt64: FuzzValues<int64_t>(e, type, type_length, num_values, batch, selected, in); break;
    case PhysicalType::kInt96: FuzzValues<parq::Int96>(e, type, type_length, num_values, batch, selected, in); break;
    case PhysicalType::kFloat: FuzzValues<float>(e, type, type_length, num_values, batch, selected, in); break;
    case PhysicalType::kDouble: FuzzValues<double>(e, type, type_length, num_values, batch, selected, in); break;
    case PhysicalType::kByteArray:
      FuzzValues<parq::ByteArray>(e, type, type_length, num_values, batch, selected, in);
      break;
    case PhysicalType::kFixedLenByteArray:
      FuzzValues<parq::FixedLenByteArray>(e, type, type_length, num_values, batch, selected, in);
      break;
  }
  return 0;
}
