// Every codec, several levels: round trips over several data shapes, exact
// size enforcement, and hostile (truncated / bit-flipped) input.
#include "compression/codec.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "compression/codec_test_util.h"
#include "testing/status_macros.h"

namespace parq::compression {
namespace {

using testing::Bytes;
using testing::CompressOrDie;
using testing::DecompressGuarded;

struct CodecCase {
  Compression type;
  std::optional<int> level;
  std::string name;
};

std::string PrintCase(const ::testing::TestParamInfo<CodecCase>& info) { return info.param.name; }

const CodecCase kCases[] = {
    {Compression::kUncompressed, std::nullopt, "Uncompressed"},
    {Compression::kSnappy, std::nullopt, "Snappy"},
    {Compression::kGzip, std::nullopt, "GzipDefault"},
    {Compression::kGzip, 1, "Gzip1"},
    {Compression::kGzip, 9, "Gzip9"},
    {Compression::kBrotli, std::nullopt, "BrotliDefault"},
    {Compression::kBrotli, 0, "Brotli0"},
    {Compression::kBrotli, 4, "Brotli4"},
    {Compression::kZstd, std::nullopt, "ZstdDefault"},
    {Compression::kZstd, -5, "ZstdMinus5"},
    {Compression::kZstd, 15, "Zstd15"},
    {Compression::kLz4, std::nullopt, "Lz4HadoopDefault"},
    {Compression::kLz4, 9, "Lz4HadoopHc9"},
    {Compression::kLz4Raw, std::nullopt, "Lz4RawDefault"},
    {Compression::kLz4Raw, -20, "Lz4RawAccel20"},
    {Compression::kLz4Raw, 12, "Lz4RawHc12"},
    {Compression::kLzo, std::nullopt, "Lzo"},
};

class CodecTest : public ::testing::TestWithParam<CodecCase> {
 protected:
  std::unique_ptr<Codec> Make() {
    auto r = MakeCodec(GetParam().type, GetParam().level);
    EXPECT_OK(r);
    return r.ok() ? std::move(r).value() : nullptr;
  }
};

std::vector<std::pair<std::string, Bytes>> Shapes() {
  return {
      {"empty", {}},
      {"one byte", {0x7f}},
      {"random 100k", testing::RandomBytes(100'000, 1)},
      {"repetitive 300k", testing::RepetitiveBytes(300'000)},
      {"zeros 200k", Bytes(200'000, 0)},
      {"parquet-like 1MiB", testing::ParquetLikeBytes(1 << 20)},
  };
}

TEST_P(CodecTest, RoundTripsEveryShapeWithOneReusedCodec) {
  auto codec = Make();
  ASSERT_NE(codec, nullptr);
  EXPECT_EQ(codec->type(), GetParam().type);
  // Twice over, so that reused library contexts are exercised.
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& [name, data] : Shapes()) {
      SCOPED_TRACE(name);
      Bytes compressed = CompressOrDie(*codec, data);
      EXPECT_LE(compressed.size(), codec->MaxCompressedSize(data.size()));
      auto d = DecompressGuarded(*codec, compressed, data.size());
      ASSERT_OK(d.status);
      EXPECT_TRUE(d.guard_intact);
      EXPECT_EQ(d.bytes, data);
    }
  }
}

TEST_P(CodecTest, CompressesRepetitiveData) {
  if (GetParam().type == Compression::kUncompressed) GTEST_SKIP() << "stores data as is";
  auto codec = Make();
  ASSERT_NE(codec, nullptr);
  Bytes data = testing::RepetitiveBytes(300'000);
  EXPECT_LT(CompressOrDie(*codec, data).size(), data.size() / 10);
}

TEST_P(CodecTest, WrongOutputSizeIsCorruptNamingCodecAndSizes) {
  auto codec = Make();
  ASSERT_NE(codec, nullptr);
  const std::string codec_name(CompressionName(GetParam().type));
  for (const auto& [name, data] : Shapes()) {
    SCOPED_TRACE(name);
    Bytes compressed = CompressOrDie(*codec, data);
    std::vector<size_t> wrong = {data.size() + 1, data.size() * 2 + 7};
    if (!data.empty()) {
      wrong.push_back(data.size() - 1);
      wrong.push_back(data.size() / 2);
      if (data.size() > 1) wrong.push_back(0);
    }
    for (size_t size : wrong) {
      SCOPED_TRACE("output_size " + std::to_string(size));
      auto d = DecompressGuarded(*codec, compressed, size);
      EXPECT_STATUS(d.status, StatusCode::kCorrupt);
      EXPECT_TRUE(d.guard_intact);
      const std::string& msg = d.status.message();
      EXPECT_NE(msg.find(codec_name), std::string::npos) << msg;
      EXPECT_NE(msg.find(std::to_string(size)), std::string::npos) << msg;
      if (size > data.size()) {
        // A short stream is decoded to its end, so its real size is known.
        EXPECT_NE(msg.find(std::to_string(data.size())), std::string::npos) << msg;
      }
    }
  }
}

// Truncated or bit-flipped input: a clean error (kCorrupt, or kUnsupported for
// an LZ4 frame that suddenly asks for a dictionary) or exact-size output;
// never a write past the output (guard bytes; ASan in the sanitizer build).
void ExpectCleanOutcome(Codec& codec, const Bytes& input, size_t output_size) {
  auto d = DecompressGuarded(codec, input, output_size);
  EXPECT_TRUE(d.guard_intact);
  if (!d.status.ok()) {
    EXPECT_TRUE(d.status.code() == StatusCode::kCorrupt ||
                d.status.code() == StatusCode::kUnsupported)
        << d.status.ToString();
    EXPECT_FALSE(d.status.message().empty());
  }
}

TEST_P(CodecTest, TruncatedInputFailsCleanly) {
  auto codec = Make();
  ASSERT_NE(codec, nullptr);
  Bytes data = testing::ParquetLikeBytes(6000);
  Bytes compressed = CompressOrDie(*codec, data);
  for (size_t len = 0; len < compressed.size(); ++len) {
    Bytes prefix(compressed.begin(), compressed.begin() + static_cast<ptrdiff_t>(len));
    auto d = DecompressGuarded(*codec, prefix, data.size());
    EXPECT_TRUE(d.guard_intact) << len;
    // Every format here marks its end, so a strict prefix never decodes fully.
    EXPECT_STATUS(d.status, StatusCode::kCorrupt) << "prefix " << len;
  }
}

TEST_P(CodecTest, BitFlippedInputFailsCleanlyOrFillsExactly) {
  auto codec = Make();
  ASSERT_NE(codec, nullptr);
  Bytes data = testing::ParquetLikeBytes(6000);
  Bytes compressed = CompressOrDie(*codec, data);
  ASSERT_FALSE(compressed.empty());
  // Every bit of the first 64 bytes (headers live there), then random bits.
  const size_t head_bits = std::min<size_t>(compressed.size(), 64) * 8;
  for (size_t bit = 0; bit < head_bits; ++bit) {
    Bytes flipped = compressed;
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    ExpectCleanOutcome(*codec, flipped, data.size());
  }
  std::mt19937 rng(7);
  for (int i = 0; i < 400; ++i) {
    Bytes flipped = compressed;
    const int flips = 1 + static_cast<int>(rng() % 3);
    for (int f = 0; f < flips; ++f) {
      flipped[rng() % flipped.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
    }
    ExpectCleanOutcome(*codec, flipped, data.size());
  }
  // Random garbage of assorted lengths, with assorted expected sizes.
  for (uint32_t seed = 0; seed < 200; ++seed) {
    Bytes garbage = testing::RandomBytes(1 + seed * 3, seed);
    ExpectCleanOutcome(*codec, garbage, (seed * 37) % 5000);
  }
}

TEST_P(CodecTest, CompressRefusesTooSmallCapacity) {
  auto codec = Make();
  ASSERT_NE(codec, nullptr);
  Bytes data = testing::RandomBytes(1000, 3);
  Bytes out(codec->MaxCompressedSize(data.size()) - 1);
  auto r = codec->Compress(data.data(), data.size(), out.data(), out.size());
  ASSERT_STATUS(r, StatusCode::kInvalidArgument);
}

TEST_P(CodecTest, EmptyInputForEmptyOutputIsAccepted) {
  auto codec = Make();
  ASSERT_NE(codec, nullptr);
  EXPECT_OK(codec->Decompress(nullptr, 0, nullptr, 0));
  // The codec's own encoding of nothing also decodes into a null, empty output.
  Bytes empty = CompressOrDie(*codec, {});
  EXPECT_OK(codec->Decompress(empty.data(), empty.size(), nullptr, 0));
  auto d = DecompressGuarded(*codec, {}, 10);
  EXPECT_STATUS(d.status, StatusCode::kCorrupt);
}

INSTANTIATE_TEST_SUITE_P(AllCodecs, CodecTest, ::testing::ValuesIn(kCases), PrintCase);

TEST(MakeCodecTest, UnknownValueNamesTheNumber) {
  auto r = MakeCodec(static_cast<Compression>(42));
  ASSERT_STATUS(r, StatusCode::kUnsupported);
  EXPECT_EQ(r.status().message(), "unknown compression codec 42");
  EXPECT_EQ(MakeCodec(static_cast<Compression>(-1)).status().message(), "unknown compression codec -1");
}

TEST(MakeCodecTest, LevelsAreValidated) {
  EXPECT_STATUS(MakeCodec(Compression::kGzip, 10), StatusCode::kInvalidArgument);
  EXPECT_EQ(MakeCodec(Compression::kGzip, 10).status().message(),
            "GZIP compression level 10 is outside 0..9 (or -1, the default)");
  EXPECT_OK(MakeCodec(Compression::kGzip, -1));  // zlib's Z_DEFAULT_COMPRESSION
  EXPECT_STATUS(MakeCodec(Compression::kGzip, -2), StatusCode::kInvalidArgument);
  EXPECT_STATUS(MakeCodec(Compression::kBrotli, 12), StatusCode::kInvalidArgument);
  EXPECT_STATUS(MakeCodec(Compression::kZstd, 23), StatusCode::kInvalidArgument);
  EXPECT_STATUS(MakeCodec(Compression::kLz4Raw, 13), StatusCode::kInvalidArgument);
  EXPECT_EQ(MakeCodec(Compression::kSnappy, 1).status().message(),
            "SNAPPY does not take a compression level (got 1)");
  EXPECT_STATUS(MakeCodec(Compression::kUncompressed, 0), StatusCode::kInvalidArgument);
  EXPECT_OK(MakeCodec(Compression::kZstd, 0));
  EXPECT_OK(MakeCodec(Compression::kLz4, 12));
}

TEST(MakeCodecTest, EveryKnownTypeReportsItself) {
  for (Compression c : {Compression::kUncompressed, Compression::kSnappy, Compression::kGzip,
                        Compression::kBrotli, Compression::kLz4, Compression::kZstd,
                        Compression::kLz4Raw, Compression::kLzo}) {
    auto r = MakeCodec(c);
    ASSERT_OK(r) << CompressionName(c);
    EXPECT_EQ((*r)->type(), c);
  }
}

TEST(UncompressedTest, SizeMismatchMessage) {
  ASSERT_OK_AND_ASSIGN(auto codec, MakeCodec(Compression::kUncompressed));
  auto d = DecompressGuarded(*codec, Bytes(10, 1), 12);
  EXPECT_EQ(d.status.message(), "UNCOMPRESSED: data decodes to 10 bytes, expected 12");
}

}  // namespace
}  // namespace parq::compression
