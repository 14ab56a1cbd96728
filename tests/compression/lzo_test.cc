// LZO: the Hadoop block framing hadoop-lzo writes (byte for byte), the forms
// it may take (several chunks, several groups), and lying or truncated input.
#include <gtest/gtest.h>
#include <lzo/lzo1x.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "compression/codec.h"
#include "compression/codec_test_util.h"
#include "testing/status_macros.h"

namespace parq::compression {
namespace {

using testing::Bytes;
using testing::DecompressGuarded;
using testing::ExpectDecompressesTo;

// hadoop-lzo's largest chunk input for its default 256 KiB buffer.
constexpr size_t kChunkInput = 245693;

void PutBE32(Bytes& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<uint8_t>(v >> s));
}

uint32_t GetBE32(const Bytes& b, size_t pos) {
  return uint32_t{b[pos]} << 24 | uint32_t{b[pos + 1]} << 16 | uint32_t{b[pos + 2]} << 8 | uint32_t{b[pos + 3]};
}

// liblzo2's own LZO1X-1 block of `n` bytes at `data`.
Bytes LzoBlock(const uint8_t* data, size_t n) {
  EXPECT_EQ(lzo_init(), LZO_E_OK);
  std::vector<lzo_align_t> work((LZO1X_1_MEM_COMPRESS + sizeof(lzo_align_t) - 1) / sizeof(lzo_align_t));
  Bytes out(n + n / 16 + 64 + 3);
  lzo_uint len = out.size();
  EXPECT_EQ(lzo1x_1_compress(data, n, out.data(), &len, work.data()), LZO_E_OK);
  out.resize(len);
  return out;
}

// One group of `n` bytes of `data`, in chunks of the given input sizes.
void AppendGroup(Bytes& out, const uint8_t* data, const std::vector<size_t>& chunks) {
  size_t n = 0;
  for (size_t c : chunks) n += c;
  PutBE32(out, static_cast<uint32_t>(n));
  for (size_t c : chunks) {
    Bytes block = LzoBlock(data, c);
    PutBE32(out, static_cast<uint32_t>(block.size()));
    out.insert(out.end(), block.begin(), block.end());
    data += c;
  }
}

std::unique_ptr<Codec> Lzo() { return std::move(MakeCodec(Compression::kLzo)).value(); }

TEST(LzoTest, FramingOfAShortPageByteForByte) {
  // LZO1X keeps 3 bytes as literals: 17 + 3, the bytes, then the end marker 11 00 00.
  const Bytes data = {'a', 'b', 'c'};
  const Bytes want = {0, 0, 0, 3,                  // uncompressed size, big-endian
                      0, 0, 0, 7,                  // compressed size of the one chunk
                      0x14, 'a', 'b', 'c', 0x11, 0, 0};
  auto codec = Lzo();
  EXPECT_EQ(testing::CompressOrDie(*codec, data), want);
  ExpectDecompressesTo(*codec, want, data);
}

TEST(LzoTest, FramingIsOneGroupOfHadoopSizedChunks) {
  // Larger than two of hadoop-lzo's chunks: one size for the page, then three
  // chunks of 245693, 245693 and the rest, each liblzo2's LZO1X-1 block.
  const Bytes data = testing::ParquetLikeBytes(600'000);
  auto codec = Lzo();
  const Bytes out = testing::CompressOrDie(*codec, data);
  Bytes want;
  AppendGroup(want, data.data(), {kChunkInput, kChunkInput, data.size() - 2 * kChunkInput});
  EXPECT_EQ(out, want);
  ASSERT_GE(out.size(), 4u);
  EXPECT_EQ(GetBE32(out, 0), data.size());
  size_t pos = 4, chunks = 0;
  while (pos < out.size()) {
    const size_t clen = GetBE32(out, pos);
    ASSERT_LE(pos + 4 + clen, out.size());
    pos += 4 + clen;
    ++chunks;
  }
  EXPECT_EQ(pos, out.size());
  EXPECT_EQ(chunks, 3u);
}

TEST(LzoTest, EmptyPageIsAZeroSizeAndNoChunk) {
  auto codec = Lzo();
  EXPECT_EQ(testing::CompressOrDie(*codec, {}), (Bytes{0, 0, 0, 0}));
  EXPECT_OK(DecompressGuarded(*codec, {0, 0, 0, 0}, 0).status);
}

TEST(LzoTest, ReadsSeveralGroupsOfSeveralChunks) {
  // What hadoop-lzo's stream writes when a page reaches it in several pieces.
  const Bytes data = testing::ParquetLikeBytes(400'000);
  Bytes framed;
  AppendGroup(framed, data.data(), {100'000, 50'000, 1});
  AppendGroup(framed, data.data() + 150'001, {200'000});
  AppendGroup(framed, data.data() + 350'001, {49'999});
  auto codec = Lzo();
  ExpectDecompressesTo(*codec, framed, data);
}

TEST(LzoTest, GroupSizeLargerThanThePageIsCorrupt) {
  const Bytes data = testing::RepetitiveBytes(10'000);
  Bytes framed;
  AppendGroup(framed, data.data(), {data.size()});
  framed[0] = 0x7f;  // claims about 2 GiB
  auto codec = Lzo();
  auto d = DecompressGuarded(*codec, framed, data.size());
  EXPECT_STATUS_HAS(d.status, StatusCode::kCorrupt, "runs past the expected size");
  EXPECT_TRUE(d.guard_intact);
}

TEST(LzoTest, GroupSizeBelowWhatTheChunkHoldsIsCorrupt) {
  const Bytes data = testing::RepetitiveBytes(10'000);
  Bytes framed;
  AppendGroup(framed, data.data(), {data.size()});
  framed[2] = 0;  // 10000 = 0x2710: now 0x10 bytes, the chunk holds more
  framed[3] = 0x10;
  auto codec = Lzo();
  auto d = DecompressGuarded(*codec, framed, data.size());
  EXPECT_STATUS_HAS(d.status, StatusCode::kCorrupt, "chunk decodes to more than its group's size");
  EXPECT_TRUE(d.guard_intact);
}

TEST(LzoTest, ChunkLengthsThatLieAreCorrupt) {
  const Bytes data = testing::ParquetLikeBytes(5'000);
  Bytes framed;
  AppendGroup(framed, data.data(), {data.size()});
  auto codec = Lzo();
  const uint32_t clen = GetBE32(framed, 4);
  ASSERT_GT(framed.size(), 8u);
  auto with_clen = [&](uint32_t v) {
    Bytes b = framed;
    if (b.size() < 8) return b;  // (checked above; tells the compiler too)
    for (int i = 0; i < 4; ++i) b[4 + static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (24 - 8 * i));
    return b;
  };
  // Past the input.
  EXPECT_STATUS_HAS(DecompressGuarded(*codec, with_clen(clen + 1), data.size()).status, StatusCode::kCorrupt,
                    "runs past the input");
  EXPECT_STATUS_HAS(DecompressGuarded(*codec, with_clen(0xffffffffu), data.size()).status, StatusCode::kCorrupt,
                    "runs past the input");
  // Shorter than the block: the block ends early, then trailing bytes are a bad header.
  Bytes shorter = with_clen(clen - 1);
  EXPECT_STATUS(DecompressGuarded(*codec, shorter, data.size()).status, StatusCode::kCorrupt);
  // A block with bytes after its end marker.
  Bytes trailing = with_clen(clen + 1);
  trailing.push_back(0);
  EXPECT_STATUS_HAS(DecompressGuarded(*codec, trailing, data.size()).status, StatusCode::kCorrupt,
                    "liblzo2 error");
}

TEST(LzoTest, ChunkThatDecodesToNothingIsCorrupt) {
  // A group of 5 bytes whose only chunk is the empty block (its end marker).
  const Bytes framed = {0, 0, 0, 5, 0, 0, 0, 3, 0x11, 0, 0};
  auto codec = Lzo();
  EXPECT_STATUS_HAS(DecompressGuarded(*codec, framed, 5).status, StatusCode::kCorrupt, "chunk decodes to nothing");
}

TEST(LzoTest, BombIsBoundedByTheExpectedSize) {
  // 16 MiB of zeros compress to a few KiB; a page that promises 1000 bytes
  // gets an error and never more than those 1000 bytes written.
  const Bytes zeros(16 << 20, 0);
  Bytes framed;
  AppendGroup(framed, zeros.data(), {zeros.size()});
  ASSERT_LT(framed.size(), 100'000u);
  auto codec = Lzo();
  auto d = DecompressGuarded(*codec, framed, 1000);
  EXPECT_STATUS(d.status, StatusCode::kCorrupt);
  EXPECT_TRUE(d.guard_intact);
  // The group size told the truth but the page promises less: same.
  framed[0] = framed[1] = 0;
  framed[2] = 0x03;
  framed[3] = 0xe8;  // 1000
  d = DecompressGuarded(*codec, framed, 1000);
  EXPECT_STATUS_HAS(d.status, StatusCode::kCorrupt, "chunk decodes to more than its group's size");
  EXPECT_TRUE(d.guard_intact);
}

// The codec fuzzer's seeds (testdata/fuzz/codec/lzo_*), framed by hand with
// literal-only LZO1X blocks: byte 0 the codec (3), a little-endian expected
// size, then the page body.
Bytes SeedBody(const std::string& name, uint32_t* size) {
  std::ifstream f(std::string(PARQ_TESTDATA_DIR) + "/fuzz/codec/" + name, std::ios::binary);
  Bytes b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  EXPECT_GE(b.size(), 5u) << name;
  if (b.size() < 5) return {};
  EXPECT_EQ(b[0], 3) << name;
  *size = uint32_t{b[1]} | uint32_t{b[2]} << 8 | uint32_t{b[3]} << 16 | uint32_t{b[4]} << 24;
  return Bytes(b.begin() + 5, b.end());
}

TEST(LzoTest, FuzzSeedsDecodeToTheirText) {
  auto codec = Lzo();
  uint32_t size = 0;
  Bytes body = SeedBody("lzo_one_group_one_chunk", &size);
  Bytes want;
  for (uint8_t i = 1; i <= 40; ++i) want.push_back(i);
  ASSERT_EQ(size, want.size());
  ExpectDecompressesTo(*codec, body, want);

  body = SeedBody("lzo_two_groups_three_chunks", &size);
  const std::string text = "hello parquet hello parquet hello parquet lzo!lzo!lzo!lzo!lzo!";
  want.assign(text.begin(), text.end());
  for (uint8_t i = 1; i <= 10; ++i) want.push_back(i);
  ASSERT_EQ(size, want.size());
  ExpectDecompressesTo(*codec, body, want);

  body = SeedBody("lzo_empty_page", &size);
  EXPECT_EQ(size, 0u);
  EXPECT_OK(DecompressGuarded(*codec, body, 0).status);
}

TEST(LzoTest, TakesNoLevel) {
  EXPECT_STATUS_HAS(MakeCodec(Compression::kLzo, 1), StatusCode::kInvalidArgument,
                    "LZO does not take a compression level");
}

}  // namespace
}  // namespace parq::compression
