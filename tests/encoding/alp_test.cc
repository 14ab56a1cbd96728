// ALP: the worked examples of AlpEncoding.md byte for byte, round trips of
// ordinary and special values (NaN payloads, ±0, ±inf, subnormals, values that
// must be exceptions), the parameter search, and a hostile value of every
// field the decoder reads.
#include "encoding/alp.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"
#include "testing/status_macros.h"

namespace parq::encoding {
namespace {

using Bytes = std::vector<uint8_t>;

template <typename T>
using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;

template <typename T>
constexpr PhysicalType TypeOf() {
  return sizeof(T) == 4 ? PhysicalType::kFloat : PhysicalType::kDouble;
}

void Append(Bytes& out, std::initializer_list<uint8_t> b) { out.insert(out.end(), b); }

// A page: header (log vector size, count), offsets, then the vectors.
Bytes Page(int log_vs, int32_t count, const std::vector<Bytes>& vectors) {
  Bytes out = {0, 0, static_cast<uint8_t>(log_vs)};
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(static_cast<uint32_t>(count) >> (8 * i)));
  uint32_t off = static_cast<uint32_t>(4 * vectors.size());
  for (const Bytes& v : vectors) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(off >> (8 * i)));
    off += static_cast<uint32_t>(v.size());
  }
  for (const Bytes& v : vectors) out.insert(out.end(), v.begin(), v.end());
  return out;
}

template <typename T>
Result<std::vector<T>> DecodeAll(const Bytes& page, int64_t n, int64_t batch = 1 << 20) {
  PARQ_ASSIGN_OR_RETURN(auto d, MakeDecoder<T>(Encoding::kAlp, TypeOf<T>()));
  PARQ_RETURN_IF_ERROR(d->SetData(n, page.data(), page.size()));
  std::vector<T> out(static_cast<size_t>(n));
  int64_t got = 0;
  while (got < n) {
    PARQ_ASSIGN_OR_RETURN(int64_t k, d->Decode(out.data() + got, batch));
    if (k <= 0) return Status::Internal("no progress");
    got += k;
  }
  return out;
}

template <typename T>
Bytes EncodePage(const std::vector<T>& values) {
  auto e = MakeEncoder<T>(Encoding::kAlp, TypeOf<T>());
  EXPECT_OK(e);
  if (!e.ok()) return {};
  EXPECT_EQ((*e)->encoding(), Encoding::kAlp);
  EXPECT_OK((*e)->Put(values.data(), static_cast<int64_t>(values.size())));
  Bytes out;
  EXPECT_OK((*e)->FlushValues(&out));
  return out;
}

template <typename T>
void ExpectSameBits(const std::vector<T>& got, const std::vector<T>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_EQ(std::bit_cast<Bits<T>>(got[i]), std::bit_cast<Bits<T>>(want[i]))
        << "value " << i << ": " << got[i] << " vs " << want[i];
  }
}

// --- the document's examples -------------------------------------------------

// "Worked Example: Exceptions and Non-Zero Factor": {1500.0, NaN, 2500.0,
// 333.5} with exponent 4, factor 3 is a vector of 31 bytes.
const Bytes kWorkedVector = {
    4, 3, 1, 0,                                        // AlpInfo: e=4, f=3, one exception
    0x07, 0x0d, 0, 0, 0, 0, 0, 0, 15,                  // ForInfo: 3335, bit width 15
    0x91, 0xad, 0xc8, 0x56, 0x28, 0x15, 0x00, 0x00,    // [11665, 11665, 21665, 0] at 15 bits
    1, 0,                                              // the exception's position
    0, 0, 0, 0, 0, 0, 0xf8, 0x7f,                      // NaN, its bits as stored
};
const std::vector<double> kWorkedValues = {1500.0, std::bit_cast<double>(uint64_t{0x7ff8000000000000}), 2500.0,
                                           333.5};

TEST(AlpTest, WorkedExampleVectorIsThe31BytesOfTheDocument) {
  ASSERT_EQ(kWorkedVector.size(), 31u);
  Bytes out;
  AlpEncodeVector<double>(kWorkedValues.data(), 4, AlpParams{4, 3}, &out);
  EXPECT_EQ(out, kWorkedVector);
  EXPECT_EQ(AlpVectorSize<double>(kWorkedValues.data(), 4, AlpParams{4, 3}), 31);
}

TEST(AlpTest, WorkedExamplePageDecodes) {
  const Bytes page = Page(10, 4, {kWorkedVector});
  // Header 00 00 0a 04000000, one offset of 4, then the vector.
  ASSERT_EQ(page.size(), 7u + 4u + 31u);
  EXPECT_EQ(Bytes(page.begin(), page.begin() + 11), (Bytes{0, 0, 10, 4, 0, 0, 0, 4, 0, 0, 0}));
  ASSERT_OK_AND_ASSIGN(auto values, DecodeAll<double>(page, 4));
  ExpectSameBits(values, kWorkedValues);
}

// "Example: Frame of Reference and Bit-Packing": encoded [123, 456, 789, 12],
// frame 12, deltas [111, 444, 777, 0] in 10 bits = 5 bytes; as FLOAT values
// 1.23, 4.56, 7.89, 0.12 with exponent 2, factor 0.
const Bytes kForVector = {
    2, 0, 0, 0,                   // AlpInfo: e=2, f=0, no exception
    12, 0, 0, 0, 10,              // ForInfo: 12 (int32), bit width 10
    0x6f, 0xf0, 0x96, 0x30, 0x00  // [111, 444, 777, 0] at 10 bits
};

TEST(AlpTest, FrameOfReferenceExampleAsFloats) {
  const std::vector<float> values = {1.23f, 4.56f, 7.89f, 0.12f};
  Bytes out;
  AlpEncodeVector<float>(values.data(), 4, AlpParams{2, 0}, &out);
  EXPECT_EQ(out, kForVector);
  ASSERT_OK_AND_ASSIGN(auto back, DecodeAll<float>(Page(10, 4, {kForVector}), 4));
  ExpectSameBits(back, values);
}

TEST(AlpTest, AllEqualValuesStoreNoPackedBytes) {
  const std::vector<double> values(100, 42.5);
  Bytes out;
  AlpEncodeVector<double>(values.data(), 100, AlpParams{1, 0}, &out);
  // 425 as the frame, bit width 0, nothing else.
  EXPECT_EQ(out, (Bytes{1, 0, 0, 0, 0xa9, 0x01, 0, 0, 0, 0, 0, 0, 0}));
  ASSERT_OK_AND_ASSIGN(auto back, DecodeAll<double>(Page(10, 100, {out}), 100));
  ExpectSameBits(back, values);
}

TEST(AlpTest, AllExceptionsUseZeroAsThePlaceholder) {
  const std::vector<double> values = {std::numeric_limits<double>::infinity(), -0.0};
  Bytes out;
  AlpEncodeVector<double>(values.data(), 2, AlpParams{0, 0}, &out);
  Bytes want = {0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0};
  Append(want, {0, 0, 0, 0, 0, 0, 0xf0, 0x7f, 0, 0, 0, 0, 0, 0, 0, 0x80});
  EXPECT_EQ(out, want);
}

// --- round trips --------------------------------------------------------------

template <typename T>
std::vector<T> Specials() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {T(0),           -T(0),           L::infinity(),   -L::infinity(), L::quiet_NaN(),
                      -L::quiet_NaN(), L::signaling_NaN(), L::denorm_min(), -L::denorm_min(), L::min(),
                      L::max(),       L::lowest(),      L::epsilon(),    T(1) / T(3),    T(0.1),
                      T(-2.5),        T(1e9),           T(123456.789),   T(3e9)};
  // NaNs with payloads, both signs.
  if constexpr (sizeof(T) == 8) {
    v.push_back(std::bit_cast<double>(uint64_t{0x7ff0000000000123}));
    v.push_back(std::bit_cast<double>(uint64_t{0xfff8dead0000beef}));
    v.push_back(1e300);
    v.push_back(-9.3e18);  // just outside int64 once scaled by 1
  } else {
    v.push_back(std::bit_cast<float>(uint32_t{0x7f800123}));
    v.push_back(std::bit_cast<float>(uint32_t{0xffc0beef}));
    v.push_back(3e38f);
    v.push_back(-2.2e9f);  // outside int32
  }
  return v;
}

template <typename T>
std::vector<T> Decimals(size_t n, int decimals, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<T> v(n);
  const double scale = std::pow(10.0, decimals);
  for (auto& x : v) x = static_cast<T>(static_cast<double>(rng() % 1000000) / scale);
  return v;
}

template <typename T>
void RoundTrip(const std::vector<T>& values) {
  const Bytes page = EncodePage(values);
  const int64_t n = static_cast<int64_t>(values.size());
  for (int64_t batch : {int64_t{1}, int64_t{7}, int64_t{1000}, int64_t{1024}, int64_t{5000}}) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    ASSERT_OK_AND_ASSIGN(auto back, DecodeAll<T>(page, n, batch));
    ExpectSameBits(back, values);
  }
  // Decode and Skip interleaved, across vector boundaries.
  ASSERT_OK_AND_ASSIGN(auto d, MakeDecoder<T>(Encoding::kAlp, TypeOf<T>()));
  ASSERT_OK(d->SetData(n, page.data(), page.size()));
  std::vector<T> buf(700);
  int64_t pos = 0;
  bool skip = false;
  while (pos < n) {
    const int64_t k = std::min<int64_t>(skip ? 333 : 700, n - pos);
    if (skip) {
      ASSERT_OK(d->Skip(k));
    } else {
      ASSERT_OK_AND_ASSIGN(int64_t got, d->Decode(buf.data(), k));
      ASSERT_EQ(got, k);
      for (int64_t i = 0; i < k; ++i) {
        ASSERT_EQ(std::bit_cast<Bits<T>>(buf[i]), std::bit_cast<Bits<T>>(values[pos + i])) << pos + i;
      }
    }
    pos += k;
    skip = !skip;
    EXPECT_EQ(d->values_left(), n - pos);
  }
}

template <typename T>
class AlpRoundTripTest : public ::testing::Test {};
using FloatTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(AlpRoundTripTest, FloatTypes);

TYPED_TEST(AlpRoundTripTest, SizesAroundTheVector) {
  for (size_t n : {size_t{0}, size_t{1}, size_t{7}, size_t{1023}, size_t{1024}, size_t{1025}, size_t{5000}}) {
    SCOPED_TRACE("n " + std::to_string(n));
    RoundTrip(Decimals<TypeParam>(n, 2, static_cast<uint32_t>(n)));
  }
}

TYPED_TEST(AlpRoundTripTest, SpecialValuesAlone) { RoundTrip(Specials<TypeParam>()); }

TYPED_TEST(AlpRoundTripTest, SpecialValuesAmongDecimals) {
  std::vector<TypeParam> v = Decimals<TypeParam>(3000, 3, 11);
  const auto s = Specials<TypeParam>();
  for (size_t i = 0; i < s.size(); ++i) v[(i * 137) % v.size()] = s[i];
  RoundTrip(v);
}

TYPED_TEST(AlpRoundTripTest, RandomBitPatterns) {
  std::mt19937_64 rng(5);
  std::vector<TypeParam> v(4000);
  for (auto& x : v) x = std::bit_cast<TypeParam>(static_cast<Bits<TypeParam>>(rng()));
  RoundTrip(v);
}

TYPED_TEST(AlpRoundTripTest, SubnormalsAndMixedMagnitudes) {
  std::vector<TypeParam> v;
  using L = std::numeric_limits<TypeParam>;
  for (int i = 0; i < 2000; ++i) {
    v.push_back(L::denorm_min() * static_cast<TypeParam>(i % 50));
    v.push_back(static_cast<TypeParam>(i) * static_cast<TypeParam>(1e-3));
    v.push_back(static_cast<TypeParam>(i % 7 == 0 ? -1e6 : 1e-6) * static_cast<TypeParam>(i));
  }
  RoundTrip(v);
}

TYPED_TEST(AlpRoundTripTest, ValuesWithOneDecimalTakeFewBits) {
  std::vector<TypeParam> v;
  for (int i = 0; i < 4096; ++i) v.push_back(static_cast<TypeParam>(200 + i % 300) / TypeParam(10));
  const Bytes page = EncodePage(v);
  // 300 distinct tenths: 9 bits a value, 4 vectors of headers.
  EXPECT_LE(page.size(), 7u + 4 * (4 + 13) + 4096 * 9 / 8);
  RoundTrip(v);
}

TEST(AlpEncoderTest, EstimateAndFlushStartOver) {
  auto e = MakeEncoder<double>(Encoding::kAlp, PhysicalType::kDouble);
  ASSERT_OK(e);
  EXPECT_EQ((*e)->EstimatedDataSize(), 7);
  const std::vector<double> v = Decimals<double>(2000, 2, 3);
  ASSERT_OK((*e)->Put(v.data(), 2000));
  EXPECT_GE((*e)->EstimatedDataSize(), 2000 * 8);
  Bytes first;
  ASSERT_OK((*e)->FlushValues(&first));
  EXPECT_LT(first.size(), 2000u * 8);
  EXPECT_EQ((*e)->EstimatedDataSize(), 7);
  Bytes empty;
  ASSERT_OK((*e)->FlushValues(&empty));
  EXPECT_EQ(empty, (Bytes{0, 0, 10, 0, 0, 0, 0}));
  ASSERT_OK_AND_ASSIGN(auto none, DecodeAll<double>(empty, 0));
  EXPECT_TRUE(none.empty());
}

// --- the parameter search -----------------------------------------------------

TEST(AlpParamsTest, PresetIsAtMostFiveValidPairs) {
  std::vector<double> v = Decimals<double>(20000, 2, 9);
  for (size_t i = 0; i < v.size(); i += 3) v[i] = Decimals<double>(1, 4, static_cast<uint32_t>(i))[0];
  const auto preset = AlpPreset<double>(v.data(), static_cast<int64_t>(v.size()), 1024);
  ASSERT_FALSE(preset.empty());
  EXPECT_LE(preset.size(), 5u);
  for (const AlpParams& p : preset) {
    EXPECT_LE(p.factor, p.exponent);
    EXPECT_LE(p.exponent, 18);
  }
  EXPECT_TRUE(AlpPreset<double>(v.data(), 0, 1024).empty());
}

TEST(AlpParamsTest, PricesNeedNoExceptions) {
  const std::vector<double> v = Decimals<double>(1024, 2, 4);
  const auto preset = AlpPreset<double>(v.data(), 1024, 1024);
  ASSERT_FALSE(preset.empty());
  const AlpParams p = AlpChooseForVector<double>(v.data(), 1024, preset);
  EXPECT_EQ(p.exponent - p.factor, 2);
  // 1000000 distinct hundredths need 20 bits; no exceptions.
  EXPECT_EQ(AlpVectorSize<double>(v.data(), 1024, p), 13 + 1024 * 20 / 8);
}

TEST(AlpParamsTest, ChoiceIsTheSmallestOfThePreset) {
  const std::vector<float> v = Decimals<float>(1024, 1, 8);
  const std::vector<AlpParams> preset = {{0, 0}, {3, 2}, {10, 10}, {5, 3}};
  const AlpParams best = AlpChooseForVector<float>(v.data(), 1024, preset);
  for (const AlpParams& p : preset) {
    EXPECT_LE(AlpVectorSize<float>(v.data(), 1024, best), AlpVectorSize<float>(v.data(), 1024, p));
  }
}

// --- hostile pages ------------------------------------------------------------

template <typename T>
Status SetDataOf(const Bytes& page, int64_t n) {
  auto d = MakeDecoder<T>(Encoding::kAlp, TypeOf<T>());
  if (!d.ok()) return d.status();
  return (*d)->SetData(n, page.data(), page.size());
}

TEST(AlpDecoderTest, EveryHeaderFieldIsChecked) {
  const Bytes good = Page(10, 4, {kWorkedVector});
  ASSERT_OK(SetDataOf<double>(good, 4));
  auto with = [&](size_t at, uint8_t v) {
    Bytes b = good;
    b[at] = v;
    return b;
  };
  EXPECT_STATUS_HAS(SetDataOf<double>(with(0, 1), 4), StatusCode::kCorrupt, "compression mode 1");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(1, 1), 4), StatusCode::kCorrupt, "integer encoding 1");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(2, 2), 4), StatusCode::kCorrupt, "vector size is 2, not 3..15");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(2, 16), 4), StatusCode::kCorrupt, "vector size is 16");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(3, 5), 4), StatusCode::kCorrupt, "the header counts 5 values, the page 4");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(6, 0x80), 4), StatusCode::kCorrupt, "the header counts -2147483644");
  EXPECT_STATUS_HAS(SetDataOf<double>(good, 5), StatusCode::kCorrupt, "the page 5");
  EXPECT_STATUS(SetDataOf<double>(good, -1), StatusCode::kInvalidArgument);
}

TEST(AlpDecoderTest, EveryVectorFieldIsChecked) {
  const Bytes good = Page(10, 4, {kWorkedVector});
  const size_t v = 11;  // the vector's first byte
  auto with = [&](size_t at, uint8_t b) {
    Bytes p = good;
    p[v + at] = b;
    return p;
  };
  EXPECT_STATUS_HAS(SetDataOf<double>(with(0, 19), 4), StatusCode::kCorrupt, "exponent 19 is above 18");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(1, 5), 4), StatusCode::kCorrupt, "factor 5 is above the exponent 4");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(2, 5), 4), StatusCode::kCorrupt, "5 exceptions in 4 values");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(2, 2), 4), StatusCode::kCorrupt, "needs 41 bytes, 31 are left");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(12, 65), 4), StatusCode::kCorrupt, "bit width 65 is above 64");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(12, 17), 4), StatusCode::kCorrupt, "needs 32 bytes, 31 are left");
  // 7 packed bytes: the positions move onto the packed values' last byte.
  EXPECT_STATUS_HAS(SetDataOf<double>(with(12, 14), 4), StatusCode::kCorrupt, "vector 0: exception position");
  EXPECT_STATUS_HAS(SetDataOf<double>(with(21, 4), 4), StatusCode::kCorrupt,
                    "exception position 4 is past its 4 values");
  // Float limits.
  Bytes f = Page(10, 4, {kForVector});
  ASSERT_OK(SetDataOf<float>(f, 4));
  f[v] = 11;
  EXPECT_STATUS_HAS(SetDataOf<float>(f, 4), StatusCode::kCorrupt, "exponent 11 is above 10");
  f[v] = 2;
  f[v + 8] = 33;
  EXPECT_STATUS_HAS(SetDataOf<float>(f, 4), StatusCode::kCorrupt, "bit width 33 is above 32");
}

TEST(AlpDecoderTest, OffsetsMustChainTheVectors) {
  // 20 values in vectors of 8: three vectors.
  std::vector<double> values = Decimals<double>(20, 1, 2);
  std::vector<Bytes> vectors(3);
  for (int i = 0; i < 3; ++i) AlpEncodeVector<double>(values.data() + 8 * i, i < 2 ? 8 : 4, AlpParams{1, 0}, &vectors[i]);
  const Bytes good = Page(3, 20, vectors);
  ASSERT_OK_AND_ASSIGN(auto back, DecodeAll<double>(good, 20, 3));
  ExpectSameBits(back, values);
  Bytes b = good;
  b[7] = 16;  // the first offset must be 12
  EXPECT_STATUS_HAS(SetDataOf<double>(b, 20), StatusCode::kCorrupt, "vector 0 is at offset 16, expected 12");
  b = good;
  b[11] += 1;  // the second offset one byte late
  EXPECT_STATUS_HAS(SetDataOf<double>(b, 20), StatusCode::kCorrupt, "vector 1 is at offset");
  b = good;
  b.push_back(0);
  EXPECT_STATUS_HAS(SetDataOf<double>(b, 20), StatusCode::kCorrupt, "1 bytes follow the last vector");
}

TEST(AlpDecoderTest, EveryTruncationFails) {
  const std::vector<double> v = Decimals<double>(2100, 2, 6);
  const Bytes page = EncodePage(v);
  for (size_t len = 0; len < page.size(); ++len) {
    const Bytes prefix(page.begin(), page.begin() + static_cast<ptrdiff_t>(len));
    EXPECT_STATUS(SetDataOf<double>(prefix, 2100), StatusCode::kCorrupt) << len;
  }
}

TEST(AlpDecoderTest, HugeCountsFailBeforeAnyWork) {
  // 2^31 - 1 values claimed in a 20-byte page: the offsets alone need more.
  Bytes page = {0, 0, 3, 0xff, 0xff, 0xff, 0x7f};
  page.resize(20, 0);
  EXPECT_STATUS_HAS(SetDataOf<double>(page, INT32_MAX), StatusCode::kCorrupt, "need more than the 20 bytes");
  EXPECT_STATUS_HAS(SetDataOf<double>(page, int64_t{1} << 40), StatusCode::kCorrupt, "the header counts");
  // An empty page holds no values; a page of nulls has no bytes at all.
  EXPECT_OK(SetDataOf<float>({}, 0));
  EXPECT_STATUS_HAS(SetDataOf<float>({}, 1), StatusCode::kCorrupt, "no room for the 7-byte header");
}

// The decoder fuzzer's seeds (testdata/fuzz/decoder/alp_*): byte 0 the
// encoding (10), byte 1 the type, byte 3 the batch - 1, bytes 4..7 the count,
// then the page, made by hand from the document's examples.
Bytes SeedPage(const std::string& name, uint8_t type, uint32_t count) {
  std::ifstream f(std::string(PARQ_TESTDATA_DIR) + "/fuzz/decoder/" + name, std::ios::binary);
  Bytes b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  EXPECT_GE(b.size(), 8u) << name;
  if (b.size() < 8) return {};
  EXPECT_EQ(b[0], 10);
  EXPECT_EQ(b[1], type);
  EXPECT_EQ(uint32_t{b[4]} | uint32_t{b[5]} << 8 | uint32_t{b[6]} << 16 | uint32_t{b[7]} << 24, count);
  return Bytes(b.begin() + 8, b.end());
}

TEST(AlpDecoderTest, FuzzSeedsDecode) {
  ASSERT_OK_AND_ASSIGN(auto d, DecodeAll<double>(SeedPage("alp_double_worked_example", 5, 4), 4));
  ExpectSameBits(d, kWorkedValues);
  std::vector<float> want(16, 42.5f);
  for (float v : {1.23f, 4.56f, 7.89f, 0.12f}) want.push_back(v);
  ASSERT_OK_AND_ASSIGN(auto f, DecodeAll<float>(SeedPage("alp_float_three_vectors", 4, 20), 20, 3));
  ExpectSameBits(f, want);
}

}  // namespace
}  // namespace parq::encoding
