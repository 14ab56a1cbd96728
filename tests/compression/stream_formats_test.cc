// GZIP, ZSTD, BROTLI and SNAPPY specifics: members, frames, bombs, prefixes.
#include <brotli/encode.h>
#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include "compression/codec.h"
#include "compression/codec_test_util.h"
#include "testing/status_macros.h"

namespace parq::compression {
namespace {

using testing::Bytes;
using testing::CompressOrDie;
using testing::DecompressGuarded;
using testing::ExpectDecompressesTo;

std::unique_ptr<Codec> Make(Compression c) { return std::move(MakeCodec(c)).value(); }

Bytes Concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

TEST(GzipTest, WritesAGzipMember) {
  auto codec = Make(Compression::kGzip);
  Bytes out = CompressOrDie(*codec, testing::RepetitiveBytes(1000));
  ASSERT_GE(out.size(), 18u);
  EXPECT_EQ(out[0], 0x1f);
  EXPECT_EQ(out[1], 0x8b);
}

TEST(GzipTest, ConcatenatedMembersDecodeAsOneStream) {
  auto codec = Make(Compression::kGzip);
  Bytes a = testing::ParquetLikeBytes(50'000), b = testing::RandomBytes(3000, 9), empty;
  Bytes stream = Concat({CompressOrDie(*codec, a), CompressOrDie(*codec, empty), CompressOrDie(*codec, b),
                         CompressOrDie(*codec, a)});
  Bytes expected = Concat({a, b, a});
  ExpectDecompressesTo(*codec, stream, expected);
  // The sum is what must match: each member's size alone is wrong.
  EXPECT_STATUS(DecompressGuarded(*codec, stream, a.size()).status, StatusCode::kCorrupt);
  EXPECT_EQ(DecompressGuarded(*codec, stream, expected.size() + 1).status.message(),
            "GZIP: data decodes to " + std::to_string(expected.size()) + " bytes, expected " +
                std::to_string(expected.size() + 1));
}

TEST(GzipTest, AcceptsAZlibWrapper) {
  Bytes data = testing::ParquetLikeBytes(20'000);
  Bytes z(compressBound(data.size()));
  uLongf len = z.size();
  ASSERT_EQ(compress2(z.data(), &len, data.data(), data.size(), 6), Z_OK);
  z.resize(len);
  ExpectDecompressesTo(*Make(Compression::kGzip), z, data);
}

TEST(GzipTest, TrailingGarbageIsCorrupt) {
  auto codec = Make(Compression::kGzip);
  Bytes data = testing::RepetitiveBytes(1000);
  Bytes stream = Concat({CompressOrDie(*codec, data), Bytes{1, 2, 3, 4, 5}});
  auto d = DecompressGuarded(*codec, stream, data.size());
  EXPECT_STATUS_HAS(d.status, StatusCode::kCorrupt, "member 2");
}

TEST(ZstdTest, FramesWithoutContentSizeAndSeveralFrames) {
  Bytes a = testing::ParquetLikeBytes(80'000), b = testing::RepetitiveBytes(40'000);
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ASSERT_EQ(ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 0)), 0u);
  Bytes fa(ZSTD_compressBound(a.size()));
  size_t r = ZSTD_compress2(cctx, fa.data(), fa.size(), a.data(), a.size());
  ASSERT_FALSE(ZSTD_isError(r));
  fa.resize(r);
  ZSTD_freeCCtx(cctx);
  EXPECT_EQ(ZSTD_getFrameContentSize(fa.data(), fa.size()), ZSTD_CONTENTSIZE_UNKNOWN);

  auto codec = Make(Compression::kZstd);
  ExpectDecompressesTo(*codec, fa, a);
  EXPECT_EQ(DecompressGuarded(*codec, fa, a.size() - 1).status.message(),
            "ZSTD: data decodes to more than the expected " + std::to_string(a.size() - 1) + " bytes");
  EXPECT_EQ(DecompressGuarded(*codec, fa, a.size() + 1).status.message(),
            "ZSTD: data decodes to " + std::to_string(a.size()) + " bytes, expected " +
                std::to_string(a.size() + 1));

  const Bytes skippable = {0x50, 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 7, 7};
  Bytes stream = Concat({fa, skippable, CompressOrDie(*codec, b), fa});
  Bytes expected = Concat({a, b, a});
  ExpectDecompressesTo(*codec, stream, expected);
}

TEST(ZstdTest, DeclaredSizeMismatchIsReportedBeforeDecoding) {
  auto codec = Make(Compression::kZstd);
  Bytes data = testing::RepetitiveBytes(5000);
  EXPECT_EQ(DecompressGuarded(*codec, CompressOrDie(*codec, data), 4000).status.message(),
            "ZSTD: data decodes to 5000 bytes, expected 4000");
}

TEST(BrotliTest, HugeStreamIntoSmallOutputFailsWithinBudget) {
  // 64 MiB of zeros with a 16 MiB window compresses to a few hundred bytes; its
  // meta-blocks claim far more than the 1000 bytes we accept.
  Bytes zeros(64 << 20, 0);
  Bytes out(BrotliEncoderMaxCompressedSize(zeros.size()));
  size_t len = out.size();
  ASSERT_TRUE(BrotliEncoderCompress(1, 24, BROTLI_MODE_GENERIC, zeros.size(), zeros.data(), &len, out.data()));
  out.resize(len);
  auto d = DecompressGuarded(*Make(Compression::kBrotli), out, 1000);
  EXPECT_STATUS(d.status, StatusCode::kCorrupt);
  EXPECT_TRUE(d.guard_intact);
  // The ring buffer it asks for is over the budget: refused, not allocated.
  EXPECT_NE(d.status.message().find("BROTLI: stream claims more memory than the expected size justifies"),
            std::string::npos)
      << d.status.message();
}

TEST(BrotliTest, TrailingBytesAreCorrupt) {
  auto codec = Make(Compression::kBrotli);
  Bytes data = testing::RepetitiveBytes(1000);
  auto d = DecompressGuarded(*codec, Concat({CompressOrDie(*codec, data), Bytes{0}}), data.size());
  EXPECT_STATUS_HAS(d.status, StatusCode::kCorrupt, "trailing");
}

TEST(SnappyTest, LengthPrefixIsCheckedFirst) {
  auto codec = Make(Compression::kSnappy);
  // Varint 0xFFFFFFFF: claims 4 GiB; must not be believed.
  EXPECT_EQ(DecompressGuarded(*codec, {0xff, 0xff, 0xff, 0xff, 0x0f, 0}, 16).status.message(),
            "SNAPPY: data decodes to 4294967295 bytes, expected 16");
  EXPECT_STATUS(DecompressGuarded(*codec, {0xff, 0xff}, 16).status, StatusCode::kCorrupt);
}

}  // namespace
}  // namespace parq::compression
