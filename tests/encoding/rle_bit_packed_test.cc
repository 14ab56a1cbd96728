#include "encoding/rle_bit_packed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "testing/status_macros.h"

namespace parq::encoding {
namespace {

// Values mixing long runs, short runs and noise.
std::vector<uint32_t> MixedValues(int width, int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  const uint64_t mask = width == 32 ? 0xffffffffu : (uint64_t{1} << width) - 1;
  std::vector<uint32_t> v;
  while (static_cast<int64_t>(v.size()) < n) {
    const uint32_t x = static_cast<uint32_t>(rng() & mask);
    const int kind = static_cast<int>(rng() % 3);
    const int len = kind == 0 ? 1 : kind == 1 ? static_cast<int>(rng() % 12) + 1
                                              : static_cast<int>(rng() % 300) + 8;
    for (int i = 0; i < len && static_cast<int64_t>(v.size()) < n; ++i) {
      v.push_back(kind == 0 ? static_cast<uint32_t>(rng() & mask) : x);
    }
  }
  return v;
}

std::vector<uint8_t> Encode(const std::vector<uint32_t>& v, int width) {
  RleBitPackedEncoder enc(width);
  enc.PutBatch(v.data(), static_cast<int64_t>(v.size()));
  std::vector<uint8_t> out;
  enc.Flush(&out);
  return out;
}

// Decodes `bytes` in batches of `batch` values and expects exactly `want`.
template <typename T>
void ExpectDecodesInBatches(const std::vector<uint8_t>& bytes, int width, int64_t batch,
                            const std::vector<T>& want) {
  const auto n = static_cast<int64_t>(want.size());
  RleBitPackedDecoder dec;
  ASSERT_OK(dec.Init(bytes.data(), bytes.size(), width));
  std::vector<T> out(want.size());
  int64_t done = 0;
  while (done < n) {
    ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBatch(out.data() + done, std::min(batch, n - done)));
    if (got == 0) break;
    done += got;
  }
  EXPECT_EQ(done, n);
  EXPECT_EQ(out, want);
}

// CountEqual consumes exactly what GetBatch would: counts, max and the
// position after each call agree with decoding, across run boundaries and a
// short stream.
TEST(RleBitPackedTest, CountEqualMatchesDecoding) {
  for (int w : {1, 2, 3, 5, 8, 13, 16, 32}) {
    const auto v = MixedValues(w, 5000, static_cast<uint32_t>(100 + w));
    const auto bytes = Encode(v, w);
    for (int64_t batch : {1, 5, 32, 33, 700, 4999, 6000}) {
      RleBitPackedDecoder counter;
      ASSERT_OK(counter.Init(bytes.data(), bytes.size(), w));
      int64_t pos = 0;
      while (pos < 5000) {
        const uint32_t value = v[static_cast<size_t>(pos)];
        int64_t equal = -1;
        uint32_t max_seen = 0;
        ASSERT_OK_AND_ASSIGN(const int64_t got, counter.CountEqual(batch, value, &equal, &max_seen));
        const int64_t want = std::min<int64_t>(batch, 5000 - pos);
        ASSERT_EQ(got, want) << "width " << w << " batch " << batch << " at " << pos;
        const auto first = v.begin() + pos, last = first + want;
        EXPECT_EQ(equal, std::count(first, last, value)) << "width " << w << " at " << pos;
        EXPECT_EQ(max_seen, *std::max_element(first, last)) << "width " << w << " at " << pos;
        pos += want;
      }
      int64_t equal = 0;
      uint32_t max_seen = 0;
      ASSERT_OK_AND_ASSIGN(const int64_t end, counter.CountEqual(10, 0, &equal, &max_seen));
      EXPECT_EQ(end, 0);
    }
  }
  // Mixing CountEqual and GetBatch on one decoder keeps them in step.
  const auto v = MixedValues(4, 2000, 7);
  const auto bytes = Encode(v, 4);
  RleBitPackedDecoder dec;
  ASSERT_OK(dec.Init(bytes.data(), bytes.size(), 4));
  int64_t equal = 0;
  uint32_t max_seen = 0;
  ASSERT_OK_AND_ASSIGN(const int64_t counted, dec.CountEqual(37, v[0], &equal, &max_seen));
  ASSERT_EQ(counted, 37);
  std::vector<uint32_t> out(100);
  ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBatch(out.data(), 100));
  ASSERT_EQ(got, 100);
  EXPECT_TRUE(std::equal(out.begin(), out.end(), v.begin() + 37));
}

// GetBits (bit width 1) gives the values GetBatch gives, as bits, for any
// batch sizes (RLE runs and bit-packed groups landing at every bit offset),
// interleaved with GetBatch and Skip on one decoder, and stops where the
// stream ends with the bits past it 0.
TEST(RleBitPackedTest, GetBitsMatchesDecoding) {
  const auto v = MixedValues(1, 6000, 11);
  const auto bytes = Encode(v, 1);
  for (int64_t batch : {1, 3, 8, 13, 64, 100, 1000, 7000}) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    RleBitPackedDecoder dec;
    ASSERT_OK(dec.Init(bytes.data(), bytes.size(), 1));
    std::vector<uint8_t> bits(static_cast<size_t>((batch + 7) / 8));
    std::vector<uint16_t> values(static_cast<size_t>(batch));
    int64_t pos = 0;
    for (int step = 0; pos < 6000; ++step) {
      const int64_t want = std::min<int64_t>(batch, 6000 - pos);
      if (step % 3 == 1) {
        ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBatch(values.data(), want));
        ASSERT_EQ(got, want);
        for (int64_t i = 0; i < want; ++i) ASSERT_EQ(values[static_cast<size_t>(i)], v[static_cast<size_t>(pos + i)]);
      } else if (step % 7 == 5) {
        ASSERT_OK_AND_ASSIGN(const int64_t got, dec.Skip(want));
        ASSERT_EQ(got, want);
      } else {
        std::fill(bits.begin(), bits.end(), 0xa5);
        ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBits(bits.data(), want));
        ASSERT_EQ(got, want);
        for (int64_t i = 0; i < want; ++i) {
          ASSERT_EQ((bits[static_cast<size_t>(i >> 3)] >> (i & 7)) & 1, v[static_cast<size_t>(pos + i)])
              << "at " << pos + i;
        }
        for (int64_t i = want; i < (want + 7) / 8 * 8; ++i) ASSERT_EQ((bits[static_cast<size_t>(i >> 3)] >> (i & 7)) & 1, 0);
      }
      pos += want;
    }
    ASSERT_OK_AND_ASSIGN(const int64_t end, dec.GetBits(bits.data(), 1));
    EXPECT_EQ(end, 0);
  }
  // A stream cut inside a bit-packed run: the whole values left, then 0.
  const std::vector<uint8_t> cut = {0x07, 0xff, 0x0f};  // 3 groups (24 values) announced, 2 bytes present
  RleBitPackedDecoder dec;
  ASSERT_OK(dec.Init(cut.data(), cut.size(), 1));
  std::vector<uint8_t> bits(4, 0xff);
  ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBits(bits.data(), 30));
  EXPECT_EQ(got, 16);
  EXPECT_EQ(bits, (std::vector<uint8_t>{0xff, 0x0f, 0, 0}));
  // Another width is refused.
  RleBitPackedDecoder wide;
  ASSERT_OK(wide.Init(cut.data(), cut.size(), 2));
  EXPECT_STATUS(wide.GetBits(bits.data(), 8), StatusCode::kInvalidArgument);
}

// PutBatch's fast paths (whole literal groups, the rest of an RLE run) give
// the bytes of one Put per value, however the values are split into batches.
TEST(RleBitPackedTest, PutBatchEqualsPutPerValue) {
  for (int w : {1, 2, 4, 7, 10, 16, 32}) {
    for (uint32_t seed = 0; seed < 20; ++seed) {
      const auto v = MixedValues(w, 1500 + seed * 37, seed * 101 + static_cast<uint32_t>(w));
      RleBitPackedEncoder one(w);
      for (uint32_t x : v) one.Put(x);
      std::vector<uint8_t> expected;
      one.Flush(&expected);
      std::mt19937 rng(seed);
      RleBitPackedEncoder batched(w);
      for (size_t at = 0; at < v.size();) {
        const size_t len = std::min<size_t>(v.size() - at, rng() % 40 + 1);
        batched.PutBatch(v.data() + at, static_cast<int64_t>(len));
        at += len;
      }
      std::vector<uint8_t> got;
      batched.Flush(&got);
      EXPECT_EQ(got, expected) << "width " << w << " seed " << seed;
    }
  }
}

TEST(RleBitPackedTest, RoundTripAllWidthsAndBatchSizes) {
  for (int w = 0; w <= kMaxRleBitWidth; ++w) {
    const auto v = MixedValues(w, 3000, static_cast<uint32_t>(w));
    const auto bytes = Encode(v, w);
    for (int64_t batch : {1, 3, 7, 31, 32, 33, 100, 1024, 5000}) {
      SCOPED_TRACE("width " + std::to_string(w) + " batch " + std::to_string(batch));
      ExpectDecodesInBatches(bytes, w, batch, v);
    }
    if (w <= 16) {
      std::vector<uint16_t> v16(v.begin(), v.end());
      SCOPED_TRACE("width " + std::to_string(w) + " as uint16_t");
      ExpectDecodesInBatches(bytes, w, 77, v16);
    }
    if (w <= 8) {
      std::vector<uint8_t> v8(v.begin(), v.end());
      SCOPED_TRACE("width " + std::to_string(w) + " as uint8_t");
      ExpectDecodesInBatches(bytes, w, 13, v8);
    }
  }
}

TEST(RleBitPackedTest, EncoderUsesRleRunsForRepeats) {
  std::vector<uint32_t> v(10000, 3);
  const auto bytes = Encode(v, 2);
  EXPECT_LE(bytes.size(), 4u);  // one RLE run: varint header + 1 value byte
  ExpectDecodesInBatches(bytes, 2, 999, v);
}

// A literal run closes at 63 groups (its one-byte header's limit); when the
// padded last group fills it at the end of the stream, the run is closed
// once and nothing follows it.
TEST(RleBitPackedTest, LiteralRunFilledByTheLastGroup) {
  std::vector<uint32_t> v;
  for (uint32_t i = 0; i < 63 * 8 - 1; ++i) v.push_back(i % 7);  // no repeats: all literal
  const auto bytes = Encode(v, 3);
  ASSERT_EQ(bytes.size(), 1u + 63 * 3);
  EXPECT_EQ(bytes[0], (63 << 1) | 1);
  std::vector<uint32_t> padded = v;
  padded.push_back(0);  // the padding value of the last group
  ExpectDecodesInBatches(bytes, 3, 100, padded);
}

TEST(RleBitPackedTest, SpecExamples) {
  // Bit-packed run of 0..7 at width 3: header (1 << 1 | 1), then 3 bytes.
  const std::vector<uint8_t> bp = {0x03, 0x88, 0xC6, 0xFA};
  std::vector<uint32_t> want = {0, 1, 2, 3, 4, 5, 6, 7};
  ExpectDecodesInBatches(bp, 3, 3, want);
  // RLE run: 300 copies of 0x1234 at width 13 (2 value bytes).
  const std::vector<uint8_t> rle = {0xD8, 0x04, 0x34, 0x12};
  ExpectDecodesInBatches(rle, 13, 64, std::vector<uint32_t>(300, 0x1234));
}

TEST(RleBitPackedTest, ExhaustedStreamReturnsFewer) {
  const std::vector<uint8_t> rle = {0x10, 0x01};  // 8 × 1
  RleBitPackedDecoder dec;
  ASSERT_OK(dec.Init(rle.data(), rle.size(), 1));
  uint32_t out[20];
  ASSERT_OK_AND_ASSIGN(int64_t got, dec.GetBatch(out, 20));
  EXPECT_EQ(got, 8);
  ASSERT_OK_AND_ASSIGN(got, dec.GetBatch(out, 20));
  EXPECT_EQ(got, 0);
}

TEST(RleBitPackedTest, TruncatedAtEveryPositionNeverOverreads) {
  for (int w : {1, 3, 8, 13, 20, 32}) {
    const auto v = MixedValues(w, 700, 99);
    const auto full = Encode(v, w);
    for (size_t len = 0; len < full.size(); ++len) {
      std::vector<uint8_t> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(len));
      RleBitPackedDecoder dec;
      ASSERT_OK(dec.Init(cut.data(), cut.size(), w));
      std::vector<uint32_t> out(700);
      int64_t done = 0;
      while (done < 700) {
        auto r = dec.GetBatch(out.data() + done, 700 - done);
        if (!r.ok()) {
          EXPECT_STATUS(r, StatusCode::kCorrupt);
          break;
        }
        if (*r == 0) break;
        done += *r;
      }
      // An error, or values that are a prefix of v (a cut in the last group's
      // padding may still yield all 700).
      for (int64_t i = 0; i < done; ++i) ASSERT_EQ(out[static_cast<size_t>(i)], v[static_cast<size_t>(i)]);
    }
  }
}

TEST(RleBitPackedTest, ForgedBitPackedCountIsClipped) {
  // Header claims 2^29 groups (2^32 values) of width 8, but only 16 bytes follow.
  std::vector<uint8_t> bytes = {0x81, 0x80, 0x80, 0x80, 0x04};
  for (int i = 0; i < 16; ++i) bytes.push_back(static_cast<uint8_t>(i));
  RleBitPackedDecoder dec;
  ASSERT_OK(dec.Init(bytes.data(), bytes.size(), 8));
  std::vector<uint32_t> out(1000);
  ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBatch(out.data(), 1000));
  EXPECT_EQ(got, 16);
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(out[i], i);
}

TEST(RleBitPackedTest, HugeRleRunDecodesLazily) {
  // 2^31 - 1 copies of 1 at width 1 in 6 bytes; we only pull a few.
  const std::vector<uint8_t> bytes = {0xFE, 0xFF, 0xFF, 0xFF, 0x0F, 0x01};
  RleBitPackedDecoder dec;
  ASSERT_OK(dec.Init(bytes.data(), bytes.size(), 1));
  uint16_t out[64];
  ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBatch(out, 64));
  EXPECT_EQ(got, 64);
  EXPECT_EQ(out[63], 1);
  ASSERT_OK_AND_ASSIGN(const int64_t skipped, dec.Skip(int64_t{1} << 30));
  EXPECT_EQ(skipped, int64_t{1} << 30);
}

TEST(RleBitPackedTest, BitWidth33IsCorrupt) {
  RleBitPackedDecoder dec;
  const uint8_t b[] = {0};
  EXPECT_STATUS_HAS(dec.Init(b, 1, 33), StatusCode::kCorrupt, "bit width 33 is outside 0..32");
  EXPECT_STATUS_HAS(dec.Init(b, 1, -1), StatusCode::kCorrupt, "bit width -1 is outside 0..32");
}

TEST(RleBitPackedTest, BadHeadersAndValues) {
  uint32_t out[8];
  {
    const std::vector<uint8_t> b = {0x80, 0x80, 0x80, 0x80, 0x80, 0x01};  // 6-byte varint
    RleBitPackedDecoder dec;
    ASSERT_OK(dec.Init(b.data(), b.size(), 4));
    EXPECT_STATUS_HAS(dec.GetBatch(out, 8), StatusCode::kCorrupt, "longer than 5 bytes");
  }
  {
    const std::vector<uint8_t> b = {0x80};  // varint cut
    RleBitPackedDecoder dec;
    ASSERT_OK(dec.Init(b.data(), b.size(), 4));
    EXPECT_STATUS(dec.GetBatch(out, 8), StatusCode::kCorrupt);
  }
  {
    const std::vector<uint8_t> b = {0x10, 0x05};  // value 5 at width 2
    RleBitPackedDecoder dec;
    ASSERT_OK(dec.Init(b.data(), b.size(), 2));
    EXPECT_STATUS_HAS(dec.GetBatch(out, 8), StatusCode::kCorrupt, "wider than bit width 2");
  }
  {
    const std::vector<uint8_t> b = {0x10, 0x05};  // value byte missing at width 9
    RleBitPackedDecoder dec;
    ASSERT_OK(dec.Init(b.data(), b.size(), 9));
    EXPECT_STATUS(dec.GetBatch(out, 8), StatusCode::kCorrupt);
  }
  {
    RleBitPackedDecoder dec;
    const std::vector<uint8_t> b = {0x10, 0x05};
    ASSERT_OK(dec.Init(b.data(), b.size(), 17));
    uint16_t o16[8];
    EXPECT_STATUS(dec.GetBatch(o16, 8), StatusCode::kInvalidArgument);
  }
}

TEST(RleBitPackedTest, SkipInterleavedWithGetBatch) {
  const int w = 5;
  const auto v = MixedValues(w, 5000, 3);
  const auto bytes = Encode(v, w);
  RleBitPackedDecoder dec;
  ASSERT_OK(dec.Init(bytes.data(), bytes.size(), w));
  std::mt19937 rng(1);
  size_t pos = 0;
  std::vector<uint32_t> out(100);
  while (pos < v.size()) {
    const int64_t k = std::min<int64_t>(rng() % 100, static_cast<int64_t>(v.size() - pos));
    if (rng() % 2) {
      ASSERT_OK_AND_ASSIGN(const int64_t skipped, dec.Skip(k));
      ASSERT_EQ(skipped, k);
    } else {
      ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBatch(out.data(), k));
      ASSERT_EQ(got, k);
      for (int64_t i = 0; i < k; ++i) ASSERT_EQ(out[static_cast<size_t>(i)], v[pos + static_cast<size_t>(i)]);
    }
    pos += static_cast<size_t>(k);
  }
}

TEST(RleBitPackedTest, LengthPrefix) {
  RleBitPackedEncoder enc(3);
  std::vector<uint32_t> v = {1, 2, 3, 4, 5, 6, 7, 0, 1};
  enc.PutBatch(v.data(), 9);
  std::vector<uint8_t> bytes;
  enc.FlushWithLengthPrefix(&bytes);
  bytes.push_back(0xEE);  // what follows the levels
  ASSERT_OK_AND_ASSIGN(const LengthPrefixed span, ReadLengthPrefixed(bytes.data(), bytes.size()));
  EXPECT_EQ(span.consumed, bytes.size() - 1);
  RleBitPackedDecoder dec;
  ASSERT_OK(dec.Init(span.data, span.size, 3));
  std::vector<uint32_t> out(9);
  ASSERT_OK_AND_ASSIGN(const int64_t got, dec.GetBatch(out.data(), 9));
  ASSERT_EQ(got, 9);
  EXPECT_EQ(out, v);

  const uint8_t short_buf[] = {1, 0, 0};
  EXPECT_STATUS(ReadLengthPrefixed(short_buf, 3), StatusCode::kCorrupt);
  const uint8_t too_long[] = {9, 0, 0, 0, 1, 2};
  EXPECT_STATUS_HAS(ReadLengthPrefixed(too_long, 6), StatusCode::kCorrupt, "exceeds the 2 bytes");
}

TEST(BitPackedLevelDecoderTest, SpecExampleAndRoundTrip) {
  // Encodings.md (BIT_PACKED): 0..7 at width 3 → 00000101 00111001 01110111.
  const uint8_t b[] = {0x05, 0x39, 0x77};
  BitPackedLevelDecoder dec;
  ASSERT_OK(dec.Init(b, 3, 3, 8));
  EXPECT_EQ(dec.bytes_used(), 3u);
  uint16_t out[8];
  EXPECT_EQ(dec.GetBatch(out, 5), 5);
  EXPECT_EQ(dec.GetBatch(out + 5, 10), 3);
  for (uint16_t i = 0; i < 8; ++i) EXPECT_EQ(out[i], i);

  std::vector<uint16_t> levels;
  for (int i = 0; i < 101; ++i) levels.push_back(static_cast<uint16_t>(i % 11));
  std::vector<uint8_t> packed;
  PackBitPackedLevels(levels.data(), 101, 4, &packed);
  ASSERT_OK(dec.Init(packed.data(), packed.size(), 4, 101));
  std::vector<uint16_t> got(101);
  EXPECT_EQ(dec.GetBatch(got.data(), 101), 101);
  EXPECT_EQ(got, levels);

  EXPECT_STATUS(dec.Init(packed.data(), packed.size() - 1, 4, 101), StatusCode::kCorrupt);
  EXPECT_STATUS_HAS(dec.Init(packed.data(), packed.size(), 17, 1), StatusCode::kCorrupt,
                    "bit width 17 is outside 0..16");
}

TEST(BitWidthForTest, Values) {
  EXPECT_EQ(BitWidthFor(0), 0);
  EXPECT_EQ(BitWidthFor(1), 1);
  EXPECT_EQ(BitWidthFor(2), 2);
  EXPECT_EQ(BitWidthFor(255), 8);
  EXPECT_EQ(BitWidthFor(256), 9);
  EXPECT_EQ(BitWidthFor(0xffffffffu), 32);
}

}  // namespace
}  // namespace parq::encoding
