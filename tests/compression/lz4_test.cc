// LZ4: the Hadoop framing in its variants, the raw-block and frame fallbacks,
// and LZ4_RAW's strictness.
#include <gtest/gtest.h>
#include <lz4.h>
#include <lz4frame.h>

#include <cstring>

#include "compression/codec.h"
#include "compression/codec_test_util.h"
#include "testing/status_macros.h"

namespace parq::compression {
namespace {

using testing::Bytes;
using testing::DecompressGuarded;
using testing::ExpectDecompressesTo;

void PutBE32(Bytes& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<uint8_t>(v >> s));
}

Bytes RawBlock(const uint8_t* data, size_t n) {
  Bytes out(static_cast<size_t>(LZ4_compressBound(static_cast<int>(n))));
  int r = LZ4_compress_default(reinterpret_cast<const char*>(data), reinterpret_cast<char*>(out.data()),
                               static_cast<int>(n), static_cast<int>(out.size()));
  EXPECT_GT(r, 0);
  out.resize(static_cast<size_t>(r));
  return out;
}

// One Hadoop block of `data` split into `chunks` inner chunks.
void AppendHadoopBlock(Bytes& out, const uint8_t* data, size_t n, int chunks) {
  PutBE32(out, static_cast<uint32_t>(n));
  size_t pos = 0;
  for (int c = 0; c < chunks; ++c) {
    size_t len = c + 1 == chunks ? n - pos : n / static_cast<size_t>(chunks);
    Bytes block = RawBlock(data + pos, len);
    PutBE32(out, static_cast<uint32_t>(block.size()));
    out.insert(out.end(), block.begin(), block.end());
    pos += len;
  }
}

std::unique_ptr<Codec> Lz4() { return std::move(MakeCodec(Compression::kLz4)).value(); }
std::unique_ptr<Codec> Lz4Raw() { return std::move(MakeCodec(Compression::kLz4Raw)).value(); }

TEST(Lz4HadoopTest, SeveralBlocksOfSeveralChunks) {
  Bytes data = testing::ParquetLikeBytes(500'000);
  Bytes framed;
  AppendHadoopBlock(framed, data.data(), 200'000, 3);
  AppendHadoopBlock(framed, data.data() + 200'000, 250'000, 1);
  AppendHadoopBlock(framed, data.data() + 450'000, 50'000, 2);
  auto codec = Lz4();
  ExpectDecompressesTo(*codec, framed, data);
}

TEST(Lz4HadoopTest, OneChunkPerBlockAsArrowWrites) {
  Bytes data = testing::RepetitiveBytes(70'000);
  Bytes framed;
  AppendHadoopBlock(framed, data.data(), 30'000, 1);
  AppendHadoopBlock(framed, data.data() + 30'000, 40'000, 1);
  auto codec = Lz4();
  ExpectDecompressesTo(*codec, framed, data);
}

TEST(Lz4HadoopTest, EmptyForms) {
  auto codec = Lz4();
  // Arrow: one block declaring 0 bytes holding the 1-byte empty LZ4 block.
  EXPECT_OK(DecompressGuarded(*codec, {0, 0, 0, 0, 0, 0, 0, 1, 0}, 0).status);
  // Hadoop: a block header of 0 and no chunk.
  EXPECT_OK(DecompressGuarded(*codec, {0, 0, 0, 0}, 0).status);
}

TEST(Lz4HadoopTest, WritesHadoopBlocksOfAtMost128KiB) {
  Bytes data = testing::ParquetLikeBytes(1 << 20);
  auto codec = Lz4();
  Bytes out = testing::CompressOrDie(*codec, data);
  size_t pos = 0, total = 0, blocks = 0;
  while (pos < out.size()) {
    ASSERT_LE(pos + 8, out.size());
    uint32_t dec = uint32_t{out[pos]} << 24 | uint32_t{out[pos + 1]} << 16 | uint32_t{out[pos + 2]} << 8 | out[pos + 3];
    uint32_t comp = uint32_t{out[pos + 4]} << 24 | uint32_t{out[pos + 5]} << 16 | uint32_t{out[pos + 6]} << 8 | out[pos + 7];
    EXPECT_LE(dec, 128u * 1024);
    // Each chunk is a raw block decoding to exactly `dec` bytes.
    Bytes chunk(out.begin() + static_cast<ptrdiff_t>(pos + 8), out.begin() + static_cast<ptrdiff_t>(pos + 8 + comp));
    auto d = DecompressGuarded(*Lz4Raw(), chunk, dec);
    EXPECT_OK(d.status);
    pos += 8 + comp;
    total += dec;
    ++blocks;
  }
  EXPECT_EQ(pos, out.size());
  EXPECT_EQ(total, data.size());
  EXPECT_EQ(blocks, 8u);
}

TEST(Lz4HadoopTest, FallsBackToARawBlock) {
  Bytes data = testing::ParquetLikeBytes(100'000);
  Bytes raw = RawBlock(data.data(), data.size());
  ExpectDecompressesTo(*Lz4(), raw, data);
}

Bytes Frame(const Bytes& data, LZ4F_blockSizeID_t block_size, LZ4F_blockMode_t mode, bool checksums,
            bool content_size) {
  LZ4F_preferences_t prefs{};
  prefs.frameInfo.blockSizeID = block_size;
  prefs.frameInfo.blockMode = mode;
  prefs.frameInfo.contentChecksumFlag = checksums ? LZ4F_contentChecksumEnabled : LZ4F_noContentChecksum;
  prefs.frameInfo.blockChecksumFlag = checksums ? LZ4F_blockChecksumEnabled : LZ4F_noBlockChecksum;
  prefs.frameInfo.contentSize = content_size ? data.size() : 0;
  Bytes out(LZ4F_compressFrameBound(data.size(), &prefs));
  size_t r = LZ4F_compressFrame(out.data(), out.size(), data.data(), data.size(), &prefs);
  EXPECT_FALSE(LZ4F_isError(r));
  out.resize(r);
  return out;
}

TEST(Lz4FrameTest, FramesInEveryModeDecode) {
  Bytes data = testing::ParquetLikeBytes(300'000);
  auto codec = Lz4();
  for (auto mode : {LZ4F_blockLinked, LZ4F_blockIndependent}) {
    for (bool checksums : {false, true}) {
      for (bool content_size : {false, true}) {
        Bytes frame = Frame(data, LZ4F_max64KB, mode, checksums, content_size);
        ExpectDecompressesTo(*codec, frame, data);
      }
    }
  }
}

TEST(Lz4FrameTest, ConcatenatedAndSkippableFrames) {
  Bytes a = testing::ParquetLikeBytes(100'000), b = testing::RepetitiveBytes(50'000);
  Bytes stream = Frame(a, LZ4F_max256KB, LZ4F_blockLinked, true, true);
  const uint8_t skippable[] = {0x5A, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 9, 9, 9};
  stream.insert(stream.end(), std::begin(skippable), std::end(skippable));
  Bytes fb = Frame(b, LZ4F_max64KB, LZ4F_blockIndependent, false, false);
  stream.insert(stream.end(), fb.begin(), fb.end());
  Bytes expected = a;
  expected.insert(expected.end(), b.begin(), b.end());
  ExpectDecompressesTo(*Lz4(), stream, expected);
}

TEST(Lz4FrameTest, WrongSizesAndDictionaries) {
  Bytes data = testing::RepetitiveBytes(10'000);
  Bytes frame = Frame(data, LZ4F_max64KB, LZ4F_blockLinked, false, true);
  auto codec = Lz4();
  auto small = DecompressGuarded(*codec, frame, data.size() - 1);
  EXPECT_STATUS(small.status, StatusCode::kCorrupt);
  EXPECT_TRUE(small.guard_intact);
  Bytes no_size = Frame(data, LZ4F_max64KB, LZ4F_blockLinked, false, false);
  EXPECT_EQ(DecompressGuarded(*codec, no_size, data.size() + 5).status.message(),
            "LZ4: data decodes to 10000 bytes, expected 10005");
  // FLG with DictID set: magic, FLG, BD, dict id, HC, end mark.
  Bytes dict = {0x04, 0x22, 0x4D, 0x18, 0x61, 0x40, 1, 2, 3, 4, 0, 0, 0, 0, 0};
  EXPECT_STATUS(DecompressGuarded(*codec, dict, 0).status, StatusCode::kUnsupported);
}

TEST(Lz4HadoopTest, SizeMismatchNamesTheFraming) {
  Bytes data = testing::RepetitiveBytes(1000);
  Bytes framed;
  AppendHadoopBlock(framed, data.data(), data.size(), 1);
  auto d = DecompressGuarded(*Lz4(), framed, 1200);
  EXPECT_EQ(d.status.message(), "LZ4 (Hadoop framing): data decodes to 1000 bytes, expected 1200");
}

TEST(Lz4RawTest, DoesNotAcceptHadoopFraming) {
  Bytes data = testing::RepetitiveBytes(1000);
  Bytes framed;
  AppendHadoopBlock(framed, data.data(), data.size(), 1);
  auto d = DecompressGuarded(*Lz4Raw(), framed, data.size());
  EXPECT_STATUS_HAS(d.status, StatusCode::kCorrupt, "LZ4_RAW");
}

TEST(Lz4RawTest, ShortBlockReportsItsSize) {
  Bytes data = testing::RepetitiveBytes(1000);
  Bytes raw = RawBlock(data.data(), data.size());
  EXPECT_EQ(DecompressGuarded(*Lz4Raw(), raw, 2000).status.message(),
            "LZ4_RAW: data decodes to 1000 bytes, expected 2000");
}

}  // namespace
}  // namespace parq::compression
