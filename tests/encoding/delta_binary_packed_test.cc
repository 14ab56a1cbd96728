// DELTA_BINARY_PACKED: known byte vectors (the spec's examples at a legal
// block size), round trips, wrap-around, hostile headers, truncation.
#include "encoding/delta_binary_packed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "encoding/delta_test_util.h"
#include "testing/status_macros.h"

namespace parq::encoding {
namespace {

std::vector<uint8_t> Bytes(std::initializer_list<int> b) {
  std::vector<uint8_t> v;
  for (int x : b) v.push_back(static_cast<uint8_t>(x));
  return v;
}

using delta_test::DeltaBinaryPacked;

// Decodes everything from `data` in batches of `batch`; fails the test on error.
template <typename T>
std::vector<T> DecodeAll(const std::vector<uint8_t>& data, int64_t batch = 1 << 20) {
  DeltaBinaryPackedDecoder<T> dec;
  Status st = dec.Init(data.data(), data.size());
  EXPECT_OK(st);
  if (!st.ok()) return {};
  std::vector<T> out(static_cast<size_t>(dec.total_values()));
  int64_t done = 0;
  while (done < dec.total_values()) {
    auto r = dec.Decode(out.data() + done, batch);
    EXPECT_OK(r);
    if (!r.ok() || *r == 0) break;
    done += *r;
  }
  EXPECT_EQ(done, dec.total_values());
  EXPECT_EQ(dec.values_left(), 0);
  return out;
}

std::vector<uint8_t> ToVec(const std::string& s) { return {s.begin(), s.end()}; }

// Spec example 1 (1..5) with a legal block: 128 values, 1 miniblock.
TEST(DeltaBinaryPackedTest, SpecExample1) {
  auto bytes = Bytes({0x80, 0x01, 0x01, 0x05, 0x02, /*min delta 1*/ 0x02, /*width*/ 0x00});
  EXPECT_EQ(DecodeAll<int32_t>(bytes), (std::vector<int32_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(DecodeAll<int64_t>(bytes), (std::vector<int64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(ToVec(DeltaBinaryPacked<int32_t>({1, 2, 3, 4, 5}, 128, 1)), bytes);
  DeltaBinaryPackedDecoder<int32_t> dec;
  ASSERT_OK(dec.Init(bytes.data(), bytes.size()));
  EXPECT_EQ(dec.bytes_consumed(), bytes.size());
}

// Spec example 2 (7 5 3 1 2 3 4 5): min delta -2, width 2, 0 0 0 3 3 3 3.
TEST(DeltaBinaryPackedTest, SpecExample2) {
  std::vector<int> b = {0x80, 0x01, 0x01, 0x08, 0x0E, 0x03, 0x02, 0xC0, 0x3F};
  b.resize(7 + 32, 0);  // a miniblock of 128 2-bit values is 32 bytes
  std::vector<uint8_t> bytes(b.begin(), b.end());
  const std::vector<int32_t> want = {7, 5, 3, 1, 2, 3, 4, 5};
  EXPECT_EQ(DecodeAll<int32_t>(bytes), want);
  EXPECT_EQ(ToVec(DeltaBinaryPacked<int32_t>(want, 128, 1)), bytes);

  // Four miniblocks of 32: three unused miniblocks, whose width bytes may be garbage.
  auto four = Bytes({0x80, 0x01, 0x04, 0x08, 0x0E, 0x03, 0x02, 0x00, 0x00, 0x00,
                     0xC0, 0x3F, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(ToVec(DeltaBinaryPacked<int32_t>(want, 128, 4)), four);
  EXPECT_EQ(DecodeAll<int32_t>(four), want);
  four[7] = 0xFF;
  four[8] = 0x41;
  four[9] = 0x21;
  EXPECT_EQ(DecodeAll<int32_t>(four), want);
  // Trailing bytes are not part of the stream.
  four.push_back(0xAB);
  DeltaBinaryPackedDecoder<int32_t> dec;
  ASSERT_OK(dec.Init(four.data(), four.size()));
  EXPECT_EQ(dec.bytes_consumed(), four.size() - 1);
}

TEST(DeltaBinaryPackedTest, ZeroOneTwoValues) {
  for (size_t n : {0u, 1u, 2u}) {
    std::vector<int64_t> v = {-5, std::numeric_limits<int64_t>::max()};
    v.resize(n);
    auto enc = ToVec(DeltaBinaryPacked(v));
    EXPECT_EQ(DecodeAll<int64_t>(enc), v);
    DeltaBinaryPackedDecoder<int64_t> dec;
    ASSERT_OK(dec.Init(enc.data(), enc.size()));
    EXPECT_EQ(dec.bytes_consumed(), enc.size());
    int64_t out[4];
    auto r = dec.Decode(out, 4);
    ASSERT_OK(r);
    EXPECT_EQ(*r, static_cast<int64_t>(n));
    r = dec.Decode(out, 4);
    ASSERT_OK(r);
    EXPECT_EQ(*r, 0);
  }
}

template <typename T>
std::vector<std::vector<T>> Datasets(size_t n, uint32_t seed) {
  using L = std::numeric_limits<T>;
  std::mt19937_64 rng(seed);
  std::vector<std::vector<T>> sets(7, std::vector<T>(n));
  for (size_t i = 0; i < n; ++i) {
    sets[0][i] = static_cast<T>(rng());                        // full-range random
    sets[1][i] = static_cast<T>(rng() % 1000);                 // small
    sets[2][i] = 42;                                           // constant
    sets[3][i] = i % 2 ? L::max() : L::min();                  // wrapping deltas
    sets[4][i] = static_cast<T>(rng() % 3 == 0 ? L::min() : L::max());
    sets[5][i] = static_cast<T>(rng() >> (rng() % 64));        // mixed widths
    sets[6][i] = static_cast<T>(L::max() - static_cast<T>(i));  // descending
  }
  std::vector<T> sorted = sets[0];
  std::sort(sorted.begin(), sorted.end());
  sets.push_back(sorted);
  return sets;
}

template <typename T>
void RoundTrips() {
  const std::pair<uint32_t, uint32_t> configs[] = {{128, 4}, {128, 1}, {256, 8}, {2048, 16}};
  for (size_t n : {0u, 1u, 2u, 3u, 31u, 32u, 33u, 127u, 128u, 129u, 130u, 300u, 1000u, 4099u}) {
    for (auto [block, mbs] : configs) {
      for (const auto& values : Datasets<T>(n, static_cast<uint32_t>(n))) {
        auto enc = ToVec(DeltaBinaryPacked(values, block, mbs));
        for (int64_t batch : {int64_t{1} << 20, int64_t{1}, int64_t{7}, int64_t{33}, int64_t{64}}) {
          ASSERT_EQ(DecodeAll<T>(enc, batch), values)
              << "n=" << n << " block=" << block << " batch=" << batch;
        }
        // Skip interleaved with decode.
        DeltaBinaryPackedDecoder<T> dec;
        ASSERT_OK(dec.Init(enc.data(), enc.size()));
        EXPECT_EQ(dec.bytes_consumed(), enc.size());
        size_t i = 0;
        std::vector<T> buf(50);
        while (i < n) {
          size_t skip = std::min<size_t>(n - i, 37);
          ASSERT_OK(dec.Skip(static_cast<int64_t>(skip)));
          i += skip;
          auto r = dec.Decode(buf.data(), 50);
          ASSERT_OK(r);
          for (int64_t k = 0; k < *r; ++k) ASSERT_EQ(buf[k], values[i + k]);
          i += static_cast<size_t>(*r);
        }
        EXPECT_STATUS(dec.Skip(1), StatusCode::kInvalidArgument);
      }
    }
  }
}

TEST(DeltaBinaryPackedTest, RoundTripInt32) { RoundTrips<int32_t>(); }
TEST(DeltaBinaryPackedTest, RoundTripInt64) { RoundTrips<int64_t>(); }

TEST(DeltaBinaryPackedTest, ExtremesUseFullWidth) {
  std::vector<int64_t> v = {INT64_MIN, INT64_MAX, INT64_MIN, 0, INT64_MAX};
  auto enc = ToVec(DeltaBinaryPacked(v, 128, 4));
  // Header: 2 + 1 + 1 + 10 (zigzag INT64_MIN); min delta INT64_MIN: 10; then the width.
  EXPECT_EQ(enc[14 + 10], 64);
  EXPECT_EQ(DecodeAll<int64_t>(enc), v);
  std::vector<int32_t> w = {INT32_MIN, INT32_MAX, INT32_MIN, 0, INT32_MAX, -1};
  EXPECT_EQ(DecodeAll<int32_t>(ToVec(DeltaBinaryPacked(w))), w);
}

// Header values an INT32 stream cannot hold, which 32 bits would silently cut
// (2^32 + 5 read as 5); values themselves wrap modulo 2^32 as writers may.
TEST(DeltaBinaryPackedTest, Int32HeaderValuesBeyond32BitsAreCorrupt) {
  auto header = [](uint64_t total, int64_t first) {
    std::string s;
    for (uint64_t v : {uint64_t{128}, uint64_t{4}, total, (static_cast<uint64_t>(first) << 1) ^ static_cast<uint64_t>(first >> 63)}) {
      for (; v >= 0x80; v >>= 7) s.push_back(static_cast<char>((v & 0x7f) | 0x80));
      s.push_back(static_cast<char>(v));
    }
    return s;
  };
  auto zigzag = [&](int64_t v) { return header(0, v).substr(4); };  // the last field alone
  const int64_t k2to32 = int64_t{1} << 32;
  for (int64_t first : {k2to32 + 5, -k2to32, int64_t{INT32_MAX} + 1, int64_t{INT32_MIN} - 1}) {
    SCOPED_TRACE(first);
    const auto b = ToVec(header(1, first));
    DeltaBinaryPackedDecoder<int32_t> d32;
    EXPECT_STATUS_HAS(d32.Init(b.data(), b.size()), StatusCode::kCorrupt,
                      "DELTA_BINARY_PACKED: first value " + std::to_string(first) + " is outside INT32");
    EXPECT_EQ(DecodeAll<int64_t>(b), std::vector<int64_t>{first});  // fine for INT64
  }
  for (int64_t first : {int64_t{INT32_MAX}, int64_t{INT32_MIN}}) {
    EXPECT_EQ(DecodeAll<int32_t>(ToVec(header(1, first))), std::vector<int32_t>{static_cast<int32_t>(first)});
  }
  // Min delta: within ±(2^32 - 1) (a difference of two INT32 values, as a
  // writer computing in 64 bits stores it) is read modulo 2^32; beyond is corrupt.
  const std::string width0(4, '\0');
  EXPECT_EQ(DecodeAll<int32_t>(ToVec(header(2, INT32_MAX) + zigzag(-(k2to32 - 1)) + width0)),
            (std::vector<int32_t>{INT32_MAX, INT32_MIN}));
  EXPECT_EQ(DecodeAll<int32_t>(ToVec(header(2, INT32_MIN) + zigzag(k2to32 - 1) + width0)),
            (std::vector<int32_t>{INT32_MIN, INT32_MAX}));
  for (int64_t min_delta : {k2to32 + 5, k2to32, -k2to32}) {
    SCOPED_TRACE(min_delta);
    const std::string head = header(2, 1);
    const auto b = ToVec(head + zigzag(min_delta) + width0);
    DeltaBinaryPackedDecoder<int32_t> d32;
    Status st = d32.Init(b.data(), b.size());
    EXPECT_STATUS_HAS(st, StatusCode::kCorrupt,
                      "min delta " + std::to_string(min_delta) + " of block 0 is no difference of two INT32 values");
    EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "byte offset " + std::to_string(head.size()));
    EXPECT_EQ(DecodeAll<int64_t>(b), (std::vector<int64_t>{1, 1 + min_delta}));
  }
  // In a later block too: 130 values, 128 deltas in block 0, one in block 1.
  const std::string two_blocks = header(130, 7) + zigzag(0) + width0 + zigzag(k2to32 + 5) + width0;
  const auto b = ToVec(two_blocks);
  DeltaBinaryPackedDecoder<int32_t> d32;
  EXPECT_STATUS_HAS(d32.Init(b.data(), b.size()), StatusCode::kCorrupt, "min delta 4294967301 of block 1");
  std::vector<int64_t> want(130, 7);
  want.back() = 7 + k2to32 + 5;
  EXPECT_EQ(DecodeAll<int64_t>(b), want);
}

TEST(DeltaBinaryPackedTest, WidthAboveTypeIsCorrupt) {
  // One block, min delta 0, width 33 for int32 (legal for int64).
  std::vector<uint8_t> b = {0x80, 0x01, 0x04, 0x02, 0x00, 0x00, 33, 0, 0, 0};
  b.resize(b.size() + 4 * 33, 0);
  DeltaBinaryPackedDecoder<int32_t> d32;
  Status st = d32.Init(b.data(), b.size());
  EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "bit width 33");
  EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "byte offset 6");
  EXPECT_EQ(DecodeAll<int64_t>(b), (std::vector<int64_t>{0, 0}));
  b[6] = 65;
  DeltaBinaryPackedDecoder<int64_t> d64;
  EXPECT_STATUS(d64.Init(b.data(), b.size()), StatusCode::kCorrupt);
}

TEST(DeltaBinaryPackedTest, BadHeaders) {
  struct Case {
    std::vector<uint8_t> bytes;
    StatusCode code;
    const char* what;
  };
  const Case cases[] = {
      {Bytes({0x00, 0x04, 0x01, 0x00}), StatusCode::kCorrupt, "block size 0"},
      {Bytes({0x64, 0x04, 0x01, 0x00}), StatusCode::kCorrupt, "block size 100"},
      {Bytes({0x80, 0x80, 0x80, 0x01, 0x04, 0x01, 0x00}), StatusCode::kUnsupported,
       "block size 2097152"},
      {Bytes({0x80, 0x01, 0x00, 0x01, 0x00}), StatusCode::kCorrupt, "0 miniblocks"},
      {Bytes({0x80, 0x01, 0x03, 0x01, 0x00}), StatusCode::kCorrupt, "3 miniblocks"},
      {Bytes({0x80, 0x01, 0x08, 0x01, 0x00}), StatusCode::kCorrupt, "8 miniblocks"},
      {Bytes({0x80, 0x01, 0x04}), StatusCode::kCorrupt, "total value count"},
      {Bytes({0x80, 0x01, 0x04, 0x01}), StatusCode::kCorrupt, "first value"},
      {Bytes({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}),
       StatusCode::kCorrupt, "block size"},
      {Bytes({0x80, 0x01, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x00}),
       StatusCode::kCorrupt, "out of range"},
  };
  for (const auto& c : cases) {
    DeltaBinaryPackedDecoder<int64_t> dec;
    Status st = dec.Init(c.bytes.data(), c.bytes.size());
    EXPECT_STATUS_HAS(st, c.code, c.what) << c.what;
    EXPECT_EQ(dec.total_values(), 0);
  }
}

// A header claiming 2^31 values over 20 bytes fails in Init, before any work.
TEST(DeltaBinaryPackedTest, ForgedCountFailsFast) {
  std::vector<uint8_t> b = {0x80, 0x01, 0x04, 0x80, 0x80, 0x80, 0x80, 0x08, 0x00};
  b.resize(20, 0);
  DeltaBinaryPackedDecoder<int32_t> dec;
  Status st = dec.Init(b.data(), b.size());
  EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "claims 2147483648 values");
  // Even a count the block headers could hold (width 0 miniblocks) needs its block headers.
  std::vector<uint8_t> c = {0x80, 0x01, 0x04, 0x81, 0x02, 0x00, 0x00, 0, 0, 0, 0};  // 257 values
  EXPECT_STATUS(dec.Init(c.data(), c.size()), StatusCode::kCorrupt);
  c.insert(c.end(), {0x00, 0, 0, 0, 0});
  EXPECT_OK(dec.Init(c.data(), c.size()));
  EXPECT_EQ(dec.total_values(), 257);
}

// Every truncation is either rejected cleanly or (when it only cuts the last
// miniblock's padding) decodes the right values.
template <typename T>
void Truncations() {
  std::mt19937_64 rng(7);
  std::vector<T> values(300);
  for (auto& v : values) v = static_cast<T>(rng() >> (rng() % 64));
  std::string enc = DeltaBinaryPacked(values, 128, 4);
  int rejected = 0;
  for (size_t len = 0; len < enc.size(); ++len) {
    std::vector<uint8_t> cut(enc.begin(), enc.begin() + static_cast<ptrdiff_t>(len));
    DeltaBinaryPackedDecoder<T> dec;
    Status st = dec.Init(cut.data(), cut.size());
    if (!st.ok()) {
      EXPECT_STATUS(st, StatusCode::kCorrupt);
      ++rejected;
      continue;
    }
    std::vector<T> out(values.size());
    auto r = dec.Decode(out.data(), static_cast<int64_t>(out.size()));
    ASSERT_OK(r);
    ASSERT_EQ(out, values) << "len " << len;
  }
  // The last 43 deltas sit in the third block's miniblocks 0 and 1; only
  // miniblock 1's padding (21 values' bits) may be cut.
  EXPECT_GT(rejected, static_cast<int>(enc.size()) - 4 * 64);
}

TEST(DeltaBinaryPackedTest, TruncationInt32) { Truncations<int32_t>(); }
TEST(DeltaBinaryPackedTest, TruncationInt64) { Truncations<int64_t>(); }

TEST(DeltaBinaryPackedTest, SkipAndDecodeArgumentChecks) {
  auto enc = ToVec(DeltaBinaryPacked<int32_t>({1, 2, 3}));
  DeltaBinaryPackedDecoder<int32_t> dec;
  ASSERT_OK(dec.Init(enc.data(), enc.size()));
  EXPECT_STATUS(dec.Skip(-1), StatusCode::kInvalidArgument);
  EXPECT_STATUS(dec.Skip(4), StatusCode::kInvalidArgument);
  int32_t out[3];
  EXPECT_NOT_OK(dec.Decode(out, -1));
  ASSERT_OK(dec.Skip(2));
  auto r = dec.Decode(out, 3);
  ASSERT_OK(r);
  ASSERT_EQ(*r, 1);
  EXPECT_EQ(out[0], 3);
}

}  // namespace
}  // namespace parq::encoding
