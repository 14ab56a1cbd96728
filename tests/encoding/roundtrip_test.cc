// Encoder → decoder round trips for every physical type and every encoding
// the factories offer for it, in odd batch sizes, across two pages, with
// Skip and DecodeSelected (none, a tenth, half or all of a stretch kept,
// stretches past the decoders' blocks too) interleaved.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"
#include "testing/status_macros.h"

namespace parq::encoding {
namespace {

constexpr int kFlbaLen = 5;

// Values of type T and the bytes they point at.
template <typename T>
struct Values {
  std::unique_ptr<T[]> v;
  int64_t n = 0;
  std::vector<std::unique_ptr<std::string>> bytes;
};

template <typename T>
Values<T> Make(int64_t n, uint32_t seed, int distinct) {
  std::mt19937 rng(seed);
  Values<T> out;
  out.v = std::make_unique<T[]>(static_cast<size_t>(n));
  out.n = n;
  for (int64_t i = 0; i < n; ++i) {
    // Runs of repeats, drawn from `distinct` values, to exercise RLE and dictionaries.
    const uint32_t k = (i > 0 && rng() % 4 == 0) ? 0xffffffffu : static_cast<uint32_t>(rng() % distinct);
    T& x = out.v[static_cast<size_t>(i)];
    if (k == 0xffffffffu) {
      x = out.v[static_cast<size_t>(i - 1)];
      continue;
    }
    if constexpr (std::is_same_v<T, bool>) {
      x = (k & 1) != 0;
    } else if constexpr (std::is_same_v<T, int32_t>) {
      x = static_cast<int32_t>(k * 2654435761u);
    } else if constexpr (std::is_same_v<T, int64_t>) {
      x = static_cast<int64_t>(uint64_t{k} * 0x9E3779B97F4A7C15ULL);
    } else if constexpr (std::is_same_v<T, Int96>) {
      x = Int96{{k, k * 3u, k * 7u}};
    } else if constexpr (std::is_same_v<T, float>) {
      x = static_cast<float>(k) * 0.37f - 11.0f;
    } else if constexpr (std::is_same_v<T, double>) {
      x = static_cast<double>(k) * 1.0e-3 - 7.5;
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      auto s = std::make_unique<std::string>(std::string(k % 13, 'a' + static_cast<char>(k % 26)) +
                                             std::to_string(k));
      if (k % 17 == 0) s->clear();  // empty values too
      x.ptr = reinterpret_cast<const uint8_t*>(s->data());
      x.len = static_cast<uint32_t>(s->size());
      out.bytes.push_back(std::move(s));
    } else {
      auto s = std::make_unique<std::string>(kFlbaLen, '\0');
      for (int b = 0; b < kFlbaLen; ++b) (*s)[static_cast<size_t>(b)] = static_cast<char>(k >> (b * 3));
      x.ptr = reinterpret_cast<const uint8_t*>(s->data());
      out.bytes.push_back(std::move(s));
    }
  }
  return out;
}

template <typename T>
bool Same(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, ByteArray>) {
    return a == b;
  } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
    return std::memcmp(a.ptr, b.ptr, kFlbaLen) == 0;
  } else {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
  }
}

// Decodes `n` values of `dec` against want[first..first+n), mixing Decode
// batches of varying size with Skips and DecodeSelected.
template <typename T>
void DecodeAndCompare(TypedDecoder<T>* dec, const T* want, int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  constexpr int64_t kMaxSelected = 2500;
  auto out = std::make_unique<T[]>(kMaxSelected);
  std::vector<uint8_t> keep;
  int64_t pos = 0;
  while (pos < n) {
    const uint32_t mode = rng() % 5;
    const int64_t k = std::min<int64_t>(static_cast<int64_t>(rng() % (mode == 1 ? kMaxSelected : 300)) + 1, n - pos);
    if (mode == 1) {
      const uint32_t in_ten = std::array<uint32_t, 4>{0, 1, 5, 10}[rng() % 4];
      keep.resize(static_cast<size_t>(k));
      // A kept entry is any nonzero byte, not only 1.
      for (uint8_t& b : keep) b = rng() % 10 < in_ten ? static_cast<uint8_t>(1 + rng() % 255) : 0;
      auto r = dec->DecodeSelected(out.get(), keep.data(), k);
      ASSERT_OK(r);
      int64_t j = 0;
      for (int64_t i = 0; i < k; ++i) {
        if (keep[static_cast<size_t>(i)] == 0) continue;
        ASSERT_LT(j, *r);
        ASSERT_TRUE(Same(out[static_cast<size_t>(j)], want[pos + i])) << "value " << pos + i;
        ++j;
      }
      ASSERT_EQ(j, *r);
    } else if (mode == 0) {
      ASSERT_OK(dec->Skip(k));
    } else {
      auto r = dec->Decode(out.get(), k);
      ASSERT_OK(r);
      ASSERT_EQ(*r, k);
      for (int64_t i = 0; i < k; ++i) {
        ASSERT_TRUE(Same(out[static_cast<size_t>(i)], want[pos + i])) << "value " << pos + i;
      }
    }
    pos += k;
    ASSERT_EQ(dec->values_left(), n - pos);
  }
  auto r = dec->Decode(out.get(), 10);
  ASSERT_OK(r);
  EXPECT_EQ(*r, 0);
}

template <typename T>
void RoundTrip(Encoding enc, int distinct) {
  SCOPED_TRACE(std::string(EncodingName(enc)) + " " +
               std::string(PhysicalTypeName(PhysicalTypeOf<T>::value)));
  const PhysicalType type = PhysicalTypeOf<T>::value;
  const int tl = type == PhysicalType::kFixedLenByteArray ? kFlbaLen : -1;
  const int64_t n1 = 2345, n2 = 1001;
  Values<T> vals = Make<T>(n1 + n2, 17, distinct);
  const bool dict = enc == Encoding::kRleDictionary;

  std::vector<uint8_t> page1, page2, dict_page;
  std::unique_ptr<TypedEncoder<T>> encoder;
  std::unique_ptr<DictionaryEncoder<T>> dict_encoder;
  if (dict) {
    auto e = MakeDictionaryEncoder<T>(type, tl);
    ASSERT_OK(e);
    dict_encoder = std::move(*e);
  } else {
    auto e = MakeEncoder<T>(enc, type, tl);
    ASSERT_OK(e);
    encoder = std::move(*e);
  }
  TypedEncoder<T>* e = dict ? dict_encoder.get() : encoder.get();
  EXPECT_EQ(e->encoding(), enc);
  for (int64_t i = 0; i < n1; i += 100) ASSERT_OK(e->Put(&vals.v[i], std::min<int64_t>(100, n1 - i)));
  EXPECT_GT(e->EstimatedDataSize(), 0);
  ASSERT_OK(e->FlushValues(&page1));
  ASSERT_OK(e->Put(&vals.v[n1], n2));
  ASSERT_OK(e->FlushValues(&page2));

  std::unique_ptr<TypedDecoder<T>> decoder;
  if (dict) {
    dict_encoder->WriteDictionaryPage(&dict_page);
    EXPECT_EQ(static_cast<int64_t>(dict_page.size()), dict_encoder->dictionary_byte_size());
    auto d = MakeDictionaryDecoder<T>(type, tl);
    ASSERT_OK(d);
    ASSERT_OK((*d)->SetDictionary(dict_encoder->num_entries(), dict_page.data(), dict_page.size()));
    EXPECT_EQ((*d)->dictionary_size(), dict_encoder->num_entries());
    decoder = std::move(*d);
  } else {
    auto d = MakeDecoder<T>(enc, type, tl);
    ASSERT_OK(d);
    decoder = std::move(*d);
  }
  EXPECT_EQ(decoder->encoding(), enc);
  ASSERT_OK(decoder->SetData(n1, page1.data(), page1.size()));
  DecodeAndCompare(decoder.get(), vals.v.get(), n1, 1);
  ASSERT_OK(decoder->SetData(n2, page2.data(), page2.size()));
  DecodeAndCompare(decoder.get(), vals.v.get() + n1, n2, 2);
}

template <typename T>
void RoundTripAll(std::initializer_list<Encoding> encs) {
  for (Encoding e : encs) {
    for (int distinct : {1, 3, 1000}) RoundTrip<T>(e, distinct);
  }
}

TEST(RoundTripTest, Boolean) { RoundTripAll<bool>({Encoding::kPlain, Encoding::kRle}); }
TEST(RoundTripTest, Int32) {
  RoundTripAll<int32_t>({Encoding::kPlain, Encoding::kRleDictionary, Encoding::kByteStreamSplit,
                         Encoding::kDeltaBinaryPacked});
}
TEST(RoundTripTest, Int64) {
  RoundTripAll<int64_t>({Encoding::kPlain, Encoding::kRleDictionary, Encoding::kByteStreamSplit,
                         Encoding::kDeltaBinaryPacked});
}
TEST(RoundTripTest, Int96) { RoundTripAll<Int96>({Encoding::kPlain, Encoding::kRleDictionary}); }
TEST(RoundTripTest, Float) {
  RoundTripAll<float>({Encoding::kPlain, Encoding::kRleDictionary, Encoding::kByteStreamSplit});
}
TEST(RoundTripTest, Double) {
  RoundTripAll<double>({Encoding::kPlain, Encoding::kRleDictionary, Encoding::kByteStreamSplit});
}
TEST(RoundTripTest, ByteArray) {
  RoundTripAll<ByteArray>({Encoding::kPlain, Encoding::kRleDictionary,
                           Encoding::kDeltaLengthByteArray, Encoding::kDeltaByteArray});
}
TEST(RoundTripTest, FixedLenByteArray) {
  RoundTripAll<FixedLenByteArray>({Encoding::kPlain, Encoding::kRleDictionary,
                                   Encoding::kByteStreamSplit, Encoding::kDeltaByteArray});
}

TEST(FactoryTest, TypeMismatchAndBadCombinations) {
  auto a = MakeDecoder<int32_t>(Encoding::kPlain, PhysicalType::kInt64);
  EXPECT_STATUS(a, StatusCode::kInvalidArgument);
  auto b = MakeDecoder<int32_t>(Encoding::kRle, PhysicalType::kInt32);
  EXPECT_STATUS(b, StatusCode::kUnsupported);
  EXPECT_EQ(b.status().message(), "encoding RLE for INT32 is not valid");
  auto c = MakeDecoder<ByteArray>(Encoding::kByteStreamSplit, PhysicalType::kByteArray);
  EXPECT_EQ(c.status().message(), "encoding BYTE_STREAM_SPLIT for BYTE_ARRAY is not valid");
  auto d = MakeDecoder<double>(Encoding::kDeltaBinaryPacked, PhysicalType::kDouble);
  EXPECT_EQ(d.status().message(), "encoding DELTA_BINARY_PACKED for DOUBLE is not valid");
  auto e = MakeDecoder<int32_t>(static_cast<Encoding>(99), PhysicalType::kInt32);
  EXPECT_EQ(e.status().message(), "unknown encoding 99 for INT32");
  auto f = MakeDecoder<int32_t>(Encoding::kBitPacked, PhysicalType::kInt32);
  EXPECT_STATUS(f, StatusCode::kUnsupported);
  auto g = MakeDecoder<int32_t>(Encoding::kRleDictionary, PhysicalType::kInt32);
  EXPECT_STATUS(g, StatusCode::kInvalidArgument);
  auto h = MakeDecoder<FixedLenByteArray>(Encoding::kPlain, PhysicalType::kFixedLenByteArray, 0);
  EXPECT_STATUS(h, StatusCode::kInvalidArgument);
  auto i = MakeDictionaryDecoder<bool>(PhysicalType::kBoolean);
  EXPECT_STATUS(i, StatusCode::kUnsupported);
  auto j = MakeEncoder<Int96>(Encoding::kByteStreamSplit, PhysicalType::kInt96);
  EXPECT_EQ(j.status().message(), "encoding BYTE_STREAM_SPLIT for INT96 is not valid");
  auto k = MakeEncoder<bool>(Encoding::kRleDictionary, PhysicalType::kBoolean);
  EXPECT_STATUS(k, StatusCode::kUnsupported);
  auto l = MakeDecoder<int32_t>(Encoding::kAlp, PhysicalType::kInt32);
  EXPECT_EQ(l.status().message(), "encoding ALP for INT32 is not valid");
  auto m = MakeEncoder<int64_t>(Encoding::kAlp, PhysicalType::kInt64);
  EXPECT_EQ(m.status().message(), "encoding ALP for INT64 is not valid");
}

TEST(FactoryTest, SkipBounds) {
  auto d = MakeDecoder<int32_t>(Encoding::kPlain, PhysicalType::kInt32);
  ASSERT_OK(d);
  const uint8_t data[8] = {};
  ASSERT_OK((*d)->SetData(2, data, 8));
  EXPECT_STATUS((*d)->Skip(3), StatusCode::kInvalidArgument);
  EXPECT_STATUS((*d)->Skip(-1), StatusCode::kInvalidArgument);
  int32_t out[3];
  const uint8_t keep[3] = {1, 1, 1};
  EXPECT_STATUS((*d)->DecodeSelected(out, keep, 3), StatusCode::kInvalidArgument);
  EXPECT_OK((*d)->Skip(2));
}

}  // namespace
}  // namespace parq::encoding
