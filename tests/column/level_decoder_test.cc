// LevelDecoder: finding one page's level stream (v1 RLE with its length
// prefix, v1 BIT_PACKED, v2 RLE), decoding it in batches, peeking, counting
// the levels at the maximum, and the errors that name the kind of levels.
#include "column/level_decoder.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "encoding/rle_bit_packed.h"
#include "testing/status_macros.h"

namespace parq::column {
namespace {

std::vector<uint16_t> Pattern(int64_t n, int16_t max_level) {
  std::vector<uint16_t> v;
  for (int64_t i = 0; i < n; ++i) {
    // Long runs of the maximum (RLE runs) between stretches of mixed levels.
    v.push_back(static_cast<uint16_t>((i / 40) % 2 == 0 ? max_level : i % (max_level + 1)));
  }
  return v;
}

std::vector<uint8_t> Rle(const std::vector<uint16_t>& levels, int16_t max_level, bool length_prefix) {
  encoding::RleBitPackedEncoder enc(encoding::BitWidthFor(static_cast<uint64_t>(max_level)));
  enc.PutBatch(levels.data(), static_cast<int64_t>(levels.size()));
  std::vector<uint8_t> out;
  if (length_prefix) {
    enc.FlushWithLengthPrefix(&out);
  } else {
    enc.Flush(&out);
  }
  return out;
}

std::vector<uint8_t> BitPacked(const std::vector<uint16_t>& levels, int16_t max_level) {
  std::vector<uint8_t> out;
  encoding::PackBitPackedLevels(levels.data(), static_cast<int64_t>(levels.size()),
                                encoding::BitWidthFor(static_cast<uint64_t>(max_level)), &out);
  return out;
}

constexpr Encoding kV1Encodings[] = {Encoding::kRle, Encoding::kBitPacked};

// A v1 page body, the levels in `encoding` (RLE behind its length prefix, or
// BIT_PACKED) and then one byte of values, with a decoder to set on it.
struct V1Page {
  V1Page(LevelKind kind, const std::vector<uint16_t>& levels, int16_t max_level, Encoding encoding)
      : encoding(encoding), num_levels(static_cast<int64_t>(levels.size())), decoder(kind, max_level) {
    bytes = encoding == Encoding::kRle ? Rle(levels, max_level, true) : BitPacked(levels, max_level);
    level_bytes = bytes.size();
    bytes.push_back(0xAB);
  }
  // InitV1 on the page: `rest` is left at what follows the levels.
  Status Init() {
    rest = bytes;
    return decoder.InitV1(encoding, num_levels, &rest);
  }

  Encoding encoding;
  int64_t num_levels;
  LevelDecoder decoder;
  std::vector<uint8_t> bytes;
  size_t level_bytes;
  std::span<const uint8_t> rest;
};

int64_t CountOf(const std::vector<uint16_t>& levels, int16_t value) {
  int64_t c = 0;
  for (uint16_t l : levels) c += l == static_cast<uint16_t>(value);
  return c;
}

// Decodes all n levels in batches of `batch`, peeking before each one.
void ExpectDecodes(LevelDecoder& dec, const std::vector<uint16_t>& want, int64_t batch) {
  const auto n = static_cast<int64_t>(want.size());
  std::vector<int16_t> got(want.size()), peeked(static_cast<size_t>(batch));
  for (int64_t done = 0; done < n;) {
    const int64_t k = std::min(batch, n - done);
    ASSERT_OK(dec.Peek(k, peeked.data()));
    ASSERT_OK(dec.Decode(k, got.data() + done));
    for (int64_t i = 0; i < k; ++i) ASSERT_EQ(peeked[static_cast<size_t>(i)], got[static_cast<size_t>(done + i)]);
    done += k;
  }
  for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(static_cast<uint16_t>(got[i]), want[i]) << "level " << i;
}

TEST(LevelDecoderTest, V1LevelsEndWhereTheValuesBegin) {
  const auto levels = Pattern(1001, 3);
  for (Encoding encoding : kV1Encodings) {
    SCOPED_TRACE(EncodingName(encoding));
    V1Page page(LevelKind::kRepetition, levels, 3, encoding);
    ASSERT_OK(page.Init());
    ASSERT_EQ(page.rest.size(), 1u);
    EXPECT_EQ(page.rest.data(), page.bytes.data() + page.level_bytes);
    ExpectDecodes(page.decoder, levels, 77);
  }
}

TEST(LevelDecoderTest, V2RleIsTheWholeSpan) {
  const auto levels = Pattern(3000, 1);
  const auto bytes = Rle(levels, 1, false);
  LevelDecoder dec(LevelKind::kDefinition, 1);
  ASSERT_OK(dec.InitV2(bytes));
  ExpectDecodes(dec, levels, 1024);
}

TEST(LevelDecoderTest, CountMaxLevelsConsumesNothing) {
  const auto levels = Pattern(2500, 2);  // BIT_PACKED counts in several batches
  for (Encoding encoding : kV1Encodings) {
    SCOPED_TRACE(EncodingName(encoding));
    V1Page page(LevelKind::kDefinition, levels, 2, encoding);
    ASSERT_OK(page.Init());
    std::vector<int16_t> scratch;
    ASSERT_OK_AND_ASSIGN(const int64_t count, page.decoder.CountMaxLevels(2500, &scratch));
    EXPECT_EQ(count, CountOf(levels, 2));
    std::vector<int16_t> out(100);
    ASSERT_OK_AND_ASSIGN(const int64_t in_first, page.decoder.DecodeCountingMax(100, out.data()));
    EXPECT_EQ(in_first, CountOf({levels.begin(), levels.begin() + 100}, 2));
    EXPECT_EQ(static_cast<uint16_t>(out[0]), levels[0]);
  }
}

TEST(LevelDecoderTest, LevelsAboveTheMaximumAreCorrupt) {
  // Width 2 holds 3, above a maximum of 2.
  std::vector<uint16_t> levels(50, 1);
  levels[37] = 3;
  for (Encoding encoding : kV1Encodings) {
    SCOPED_TRACE(EncodingName(encoding));
    V1Page page(LevelKind::kDefinition, levels, 2, encoding);
    ASSERT_OK(page.Init());
    std::vector<int16_t> scratch;
    EXPECT_STATUS_HAS(page.decoder.CountMaxLevels(50, &scratch), StatusCode::kCorrupt,
                      "definition level 3 above the column's maximum 2");
  }
  LevelDecoder rep(LevelKind::kRepetition, 1);
  const int16_t got[] = {0, 1, 2, 1};
  EXPECT_STATUS_HAS(rep.CheckRange(got, 4), StatusCode::kCorrupt,
                    "repetition level 2 above the column's maximum 1");
  EXPECT_OK(rep.CheckRange(got, 2));
}

TEST(LevelDecoderTest, ShortStreamsNameTheirLevels) {
  const auto levels = Pattern(40, 1);
  const auto bytes = Rle(levels, 1, false);
  LevelDecoder dec(LevelKind::kRepetition, 1);
  ASSERT_OK(dec.InitV2(bytes));
  std::vector<int16_t> out(100), scratch;
  EXPECT_STATUS_HAS(dec.Peek(100, out.data()), StatusCode::kCorrupt,
                    "repetition levels end early: 40 of 100 decoded");
  EXPECT_STATUS_HAS(dec.CountMaxLevels(100, &scratch), StatusCode::kCorrupt,
                    "repetition levels end early: 40 of 100 decoded");
  ASSERT_OK(dec.Decode(40, out.data()));  // nothing was consumed above
  EXPECT_STATUS_HAS(dec.Decode(1, out.data()), StatusCode::kCorrupt,
                    "repetition levels end early: 0 of 1 decoded");
}

TEST(LevelDecoderTest, BadEncodingsAndPrefixes) {
  const std::vector<uint8_t> bytes = {2, 0, 0, 0, 0x10, 0x01};
  LevelDecoder dec(LevelKind::kDefinition, 1);
  std::span<const uint8_t> rest(bytes);
  EXPECT_STATUS_HAS(dec.InitV1(Encoding::kPlain, 8, &rest), StatusCode::kUnsupported,
                    "definition levels in encoding PLAIN");
  EXPECT_EQ(rest.size(), bytes.size());
  std::span<const uint8_t> cut(bytes.data(), 3);
  EXPECT_STATUS_HAS(dec.InitV1(Encoding::kRle, 8, &cut), StatusCode::kCorrupt, "4 length bytes");
  std::span<const uint8_t> few(bytes.data(), 0);
  EXPECT_STATUS(dec.InitV1(Encoding::kBitPacked, 8, &few), StatusCode::kCorrupt);
}

}  // namespace
}  // namespace parq::column
