// SNAPPY: parq's own decoder against libsnappy, the oracle — the same bytes
// for whatever libsnappy writes or accepts, and the same verdict on corrupt
// input, with no write past the output.
#include <gtest/gtest.h>
#include <snappy.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <tuple>

#include "compression/codec.h"
#include "compression/codec_test_util.h"
#include "testing/status_macros.h"

namespace parq::compression {
namespace {

using testing::Bytes;
using testing::DecompressGuarded;

std::unique_ptr<Codec> Snappy() { return std::move(MakeCodec(Compression::kSnappy)).value(); }

Bytes LibCompress(const Bytes& data) {
  std::string out;
  snappy::Compress(reinterpret_cast<const char*>(data.data()), data.size(), &out);
  return Bytes(out.begin(), out.end());
}

// libsnappy's verdict and bytes for `input` decoding to exactly output_size.
struct Oracle {
  bool ok = false;
  Bytes bytes;
};
Oracle LibDecompress(const Bytes& input, size_t output_size) {
  Oracle o;
  const char* in = reinterpret_cast<const char*>(input.data());
  size_t claimed = 0;
  if (!snappy::GetUncompressedLength(in, input.size(), &claimed) || claimed != output_size) {
    return o;
  }
  o.bytes.resize(output_size + 1);  // +1: a valid pointer for size 0
  o.ok = snappy::RawUncompress(in, input.size(), reinterpret_cast<char*>(o.bytes.data()));
  o.bytes.resize(output_size);
  return o;
}

// Our decoder agrees with libsnappy on `input` (verdict, bytes) and stays in bounds.
void ExpectAgrees(const Bytes& input, size_t output_size, const std::string& what) {
  auto codec = Snappy();
  auto ours = DecompressGuarded(*codec, input, output_size);
  Oracle lib = LibDecompress(input, output_size);
  ASSERT_TRUE(ours.guard_intact) << what;
  ASSERT_EQ(ours.status.ok(), lib.ok) << what << ": " << ours.status.ToString();
  if (lib.ok) {
    ASSERT_EQ(ours.bytes, lib.bytes) << what;
  } else {
    EXPECT_STATUS(ours.status, StatusCode::kCorrupt) << what;
  }
}

// Little-endian decimals below 10^7, as PLAIN int64 pages of prices are.
Bytes DecimalColumn(size_t values, uint32_t seed) {
  std::mt19937_64 rng(seed);
  Bytes out(values * 8);
  for (size_t i = 0; i < values; ++i) {
    const uint64_t v = rng() % 10'000'000;
    std::memcpy(out.data() + 8 * i, &v, 8);
  }
  return out;
}

TEST(SnappyDecodeTest, ReadsWhatLibsnappyWritesOfEveryShapeAndSize) {
  for (size_t n : {size_t{0}, size_t{1}, size_t{2}, size_t{15}, size_t{16}, size_t{17}, size_t{63},
                   size_t{64}, size_t{65}, size_t{80}, size_t{81}, size_t{100}, size_t{1000},
                   size_t{4096}, size_t{65'535}, size_t{65'536}, size_t{65'537}, size_t{300'000}}) {
    const Bytes shapes[] = {testing::RandomBytes(n, 7), testing::RepetitiveBytes(n),
                            testing::ParquetLikeBytes(n), Bytes(n, 0), DecimalColumn(n / 8, 3)};
    int shape = 0;
    for (const Bytes& data : shapes) {
      auto codec = Snappy();
      auto d = DecompressGuarded(*codec, LibCompress(data), data.size());
      ASSERT_OK(d.status) << "n=" << n << " shape " << shape;
      ASSERT_TRUE(d.guard_intact);
      ASSERT_EQ(d.bytes, data) << "n=" << n << " shape " << shape;
      ++shape;
    }
  }
}

// Streams libsnappy's compressor never makes but must accept: every literal
// length encoding, every copy form, offsets 1..70 (overlapping patterns) and
// lengths 1..64, far from and near the end of the output.
class StreamBuilder {
 public:
  void Literal(const Bytes& bytes) {
    const size_t m = bytes.size() - 1;
    if (m < 60) {
      body_.push_back(static_cast<uint8_t>(m << 2));
    } else {
      int n = m < (1u << 8) ? 1 : m < (1u << 16) ? 2 : m < (1u << 24) ? 3 : 4;
      body_.push_back(static_cast<uint8_t>((59 + n) << 2));
      for (int i = 0; i < n; ++i) body_.push_back(static_cast<uint8_t>(m >> (8 * i)));
    }
    body_.insert(body_.end(), bytes.begin(), bytes.end());
    size_ += bytes.size();
  }
  // kind 1, 2 or 4 (offset bytes); the caller keeps length and offset legal for it.
  void Copy(int kind, size_t length, size_t offset) {
    if (kind == 1) {
      body_.push_back(static_cast<uint8_t>(1 | ((length - 4) << 2) | ((offset >> 8) << 5)));
      body_.push_back(static_cast<uint8_t>(offset));
    } else {
      body_.push_back(static_cast<uint8_t>((kind == 2 ? 2 : 3) | ((length - 1) << 2)));
      for (int i = 0; i < kind; ++i) body_.push_back(static_cast<uint8_t>(offset >> (8 * i)));
    }
    size_ += length;
  }
  size_t size() const { return size_; }
  Bytes Finish(uint64_t claimed) const {
    Bytes out;
    do {
      out.push_back(static_cast<uint8_t>((claimed & 0x7f) | (claimed >= 0x80 ? 0x80 : 0)));
      claimed >>= 7;
    } while (claimed != 0);
    out.insert(out.end(), body_.begin(), body_.end());
    return out;
  }
  Bytes Finish() const { return Finish(size_); }

 private:
  Bytes body_;
  size_t size_ = 0;
};

TEST(SnappyDecodeTest, EveryTagFormAgreesWithLibsnappy) {
  const Bytes seed = testing::RandomBytes(70, 11);
  for (int kind : {1, 2, 4}) {
    for (size_t offset = 1; offset <= 70; ++offset) {
      const size_t max_len = kind == 1 ? 11 : 64;
      for (size_t len = kind == 1 ? 4 : 1; len <= max_len; ++len) {
        // The copy in the fast loop (long tail after it) and in the exact tail.
        for (size_t tail : {size_t{0}, size_t{1}, size_t{100}}) {
          StreamBuilder b;
          b.Literal(seed);
          b.Copy(kind, len, offset);
          if (tail) b.Literal(Bytes(seed.begin(), seed.begin() + static_cast<ptrdiff_t>(tail % 61 + 1)));
          if (tail == 100) b.Literal(testing::RandomBytes(100, 5));
          ExpectAgrees(b.Finish(), b.size(),
                       "kind " + std::to_string(kind) + " offset " + std::to_string(offset) +
                           " len " + std::to_string(len) + " tail " + std::to_string(tail));
        }
      }
    }
  }
}

// Random runs of short tags from the first output byte on, as the fast loop
// sees them: literals of 1..64 bytes (the longest with a length byte) right
// at the start, copies of every form with offsets from 1 (patterns) to a
// little past what is decoded (rejected), and now and then an offset of 0,
// so that every tag of the fast loop is also the one that goes wrong.
TEST(SnappyDecodeTest, RandomTagStreamsAgreeWithLibsnappy) {
  std::mt19937 rng(17);
  for (int stream = 0; stream < 3000; ++stream) {
    StreamBuilder b;
    const int tags = 1 + static_cast<int>(rng() % 200);
    for (int t = 0; t < tags; ++t) {
      const uint32_t what = rng() % 8;
      if (what < 3 || b.size() == 0) {
        b.Literal(testing::RandomBytes(1 + rng() % 64, rng()));
        continue;
      }
      const int kind = what < 5 ? 1 : what < 7 ? 2 : 4;
      const size_t len = kind == 1 ? 4 + rng() % 8 : 1 + rng() % 64;
      const size_t limit = kind == 1 ? 2047 : 65'535;
      size_t offset = rng() % 50 == 0 ? 0 : 1 + rng() % (b.size() + 2);
      if (offset > limit) offset = 1 + rng() % limit;
      b.Copy(kind, len, offset);
    }
    ExpectAgrees(b.Finish(), b.size(), "stream " + std::to_string(stream));
  }
}

// Decodes the two blocks together and checks each against decoding it alone:
// the same bytes, or the same error; and no byte written past either end.
void ExpectPairAgreesWithAlone(Codec& codec, const Bytes& in_a, size_t size_a,
                               const Bytes& in_b, size_t size_b, const std::string& what) {
  constexpr size_t kGuard = 128;
  constexpr uint8_t kUntouched = 0xA5;
  Bytes out_a(size_a + kGuard, kUntouched), out_b(size_b + kGuard, kUntouched);
  Status status_a, status_b;
  codec.DecompressTwo({in_a.data(), in_a.size(), out_a.data(), size_a},
                      {in_b.data(), in_b.size(), out_b.data(), size_b}, &status_a, &status_b);
  for (const auto& [in, size, out, status] :
       {std::tie(in_a, size_a, out_a, status_a), std::tie(in_b, size_b, out_b, status_b)}) {
    const auto alone = DecompressGuarded(codec, in, size);
    EXPECT_EQ(status.ToString(), alone.status.ToString()) << what;
    if (status.ok() && alone.status.ok()) {
      EXPECT_TRUE(std::equal(alone.bytes.begin(), alone.bytes.end(), out.begin())) << what;
    }
    for (size_t g = size; g < out.size(); ++g) {
      ASSERT_EQ(out[g], kUntouched) << what << ": written " << g - size << " bytes past the end";
    }
  }
}

// DecompressTwo decodes two blocks interleaved: each block must come out as
// Decompress alone gives it (bytes, or the same error with the same input
// offset), whatever the other block is — longer, shorter, empty or corrupt —
// and neither may be written past its end.
TEST(SnappyDecodeTest, TwoBlocksTogetherAgreeWithOneAtATime) {
  std::mt19937 rng(29);
  auto codec = Snappy();
  auto random_block = [&](int i) -> std::pair<Bytes, size_t> {
    switch (i % 5) {
      case 0: {  // what libsnappy writes, of any length
        const Bytes data = testing::ParquetLikeBytes(rng() % 5000);
        return {LibCompress(data), data.size()};
      }
      case 1: {  // the same, cut or with a byte changed
        const Bytes data = testing::ParquetLikeBytes(1 + rng() % 5000);
        Bytes c = LibCompress(data);
        if (rng() % 2) {
          c.resize(rng() % c.size());
        } else {
          c[rng() % c.size()] ^= static_cast<uint8_t>(1 + rng() % 255);
        }
        return {c, data.size()};
      }
      case 2:
        return {Bytes{}, 0};
      default: {  // random short tags, now and then a bad offset
        StreamBuilder b;
        const int tags = 1 + static_cast<int>(rng() % 400);
        for (int t = 0; t < tags; ++t) {
          if (rng() % 3 == 0 || b.size() == 0) {
            b.Literal(testing::RandomBytes(1 + rng() % 64, rng()));
          } else {
            const int kind = rng() % 2 ? 1 : 2;
            const size_t len = kind == 1 ? 4 + rng() % 8 : 1 + rng() % 64;
            size_t offset = rng() % 300 == 0 ? 0 : 1 + rng() % std::min<size_t>(b.size() + 1, 2047);
            b.Copy(kind, len, offset);
          }
        }
        return {b.Finish(), b.size()};
      }
    }
  };
  for (int i = 0; i < 2000; ++i) {
    const auto [in_a, size_a] = random_block(static_cast<int>(rng()));
    const auto [in_b, size_b] = random_block(static_cast<int>(rng()));
    ExpectPairAgreesWithAlone(*codec, in_a, size_a, in_b, size_b, "pair " + std::to_string(i));
  }
}

// Past the first 64 KiB of a block the pair's fast loop stops checking
// copy offsets against the start of the output (no copy-1 or copy-2 reaches
// that far back) and catches only a zero offset: long blocks of short tags
// reaching up to 65,535 bytes back, now and then with a zero offset, must
// still decode as they do alone and as libsnappy decodes them.
TEST(SnappyDecodeTest, TwoLongBlocksTogetherAgreeWithOneAtATime) {
  std::mt19937 rng(31);
  auto codec = Snappy();
  auto long_block = [&](bool with_zero_offset) -> std::pair<Bytes, size_t> {
    StreamBuilder b;
    const size_t target = 70'000 + rng() % 200'000;
    // One zero offset somewhere past the first 64 KiB, or none.
    size_t zero_at = with_zero_offset ? 65'600 + rng() % (target - 65'600) : SIZE_MAX;
    while (b.size() < target) {
      if (rng() % 3 == 0 || b.size() == 0) {
        b.Literal(testing::RandomBytes(1 + rng() % 60, rng()));
        continue;
      }
      const int kind = rng() % 2 ? 1 : 2;
      const size_t len = kind == 1 ? 4 + rng() % 8 : 1 + rng() % 64;
      const size_t limit = std::min<size_t>(b.size(), kind == 1 ? 2047 : 65'535);
      // Mostly near (as real data is), sometimes as far back as allowed.
      size_t offset = rng() % 4 == 0 ? limit - rng() % std::min<size_t>(limit, 16)
                                     : 1 + rng() % std::min<size_t>(limit, 64);
      if (b.size() >= zero_at) {
        offset = 0;
        zero_at = SIZE_MAX;
      }
      b.Copy(kind, len, offset);
    }
    return {b.Finish(), b.size()};
  };
  for (int i = 0; i < 40; ++i) {
    const auto [in_a, size_a] = long_block(i % 4 == 1);
    const auto [in_b, size_b] = long_block(i % 4 == 2);
    const std::string what = "long pair " + std::to_string(i);
    ExpectPairAgreesWithAlone(*codec, in_a, size_a, in_b, size_b, what);
    ExpectAgrees(in_a, size_a, what + " a");
    ExpectAgrees(in_b, size_b, what + " b");
  }
}

TEST(SnappyDecodeTest, LongLiteralLengthEncodings) {
  for (size_t len : {size_t{1}, size_t{16}, size_t{17}, size_t{60}, size_t{61}, size_t{256},
                     size_t{257}, size_t{65'536}, size_t{65'537}, size_t{(1u << 24) + 3}}) {
    StreamBuilder b;
    b.Literal(testing::RandomBytes(len, 9));
    b.Copy(2, 64, len < 64 ? 1 : 64);
    b.Literal(testing::RandomBytes(3, 1));
    ExpectAgrees(b.Finish(), b.size(), "literal " + std::to_string(len));
  }
}

TEST(SnappyDecodeTest, CorruptStreamsAgreeWithLibsnappyAndStayInBounds) {
  const Bytes data = testing::ParquetLikeBytes(3000);
  const Bytes good = LibCompress(data);
  // Every truncation.
  for (size_t cut = 0; cut < good.size(); ++cut) {
    ExpectAgrees(Bytes(good.begin(), good.begin() + static_cast<ptrdiff_t>(cut)), data.size(),
                 "cut at " + std::to_string(cut));
  }
  // Single bytes changed, everywhere, several ways.
  for (size_t at = 0; at < good.size(); ++at) {
    for (uint8_t mask : {0x01, 0x03, 0x80, 0xff}) {
      Bytes bad = good;
      bad[at] ^= mask;
      ExpectAgrees(bad, data.size(), "byte " + std::to_string(at) + " ^ " + std::to_string(mask));
    }
  }
  // Random garbage after a valid prefix, and whole random bodies.
  std::mt19937 rng(1);
  for (int i = 0; i < 2000; ++i) {
    Bytes bad(good.begin(), good.begin() + static_cast<ptrdiff_t>(rng() % good.size()));
    const Bytes junk = testing::RandomBytes(rng() % 200, static_cast<uint32_t>(i));
    bad.insert(bad.end(), junk.begin(), junk.end());
    ExpectAgrees(bad, data.size(), "junk " + std::to_string(i));
    const size_t claimed = rng() % 300;
    Bytes body = StreamBuilder().Finish(claimed);
    body.insert(body.end(), junk.begin(), junk.end());
    ExpectAgrees(body, claimed, "random body " + std::to_string(i));
  }
}

// codec_fuzzer found: a literal whose 4-byte length field is 0xffffffff
// (length 2^32) wraps to an empty literal in libsnappy's 32-bit arithmetic,
// which then accepts the stream; parq refuses it.  The fuzzer knows the
// difference (HasWrappedLiteral); this pins parq's side of it.
// Reproducer: testdata/fuzz/codec/snappy_literal_length_wraps_in_libsnappy.
TEST(SnappyDecodeTest, ALiteralOfLengthTwoToThe32IsRefused) {
  auto codec = Snappy();
  const Bytes body = {0x00, 0xfc, 0xff, 0xff, 0xff, 0xff};  // output 0, literal length 2^32
  auto d = DecompressGuarded(*codec, body, 0);
  ASSERT_TRUE(d.guard_intact);
  EXPECT_STATUS_HAS(d.status, StatusCode::kCorrupt, "literal runs past the input at input offset 1");
  EXPECT_TRUE(LibDecompress(body, 0).ok) << "libsnappy's wrap is what the fuzzer tolerates";
}

TEST(SnappyDecodeTest, ErrorsSayWhatAndWhere) {
  auto codec = Snappy();
  // Prefix 10, a 4-byte literal at offset 1, then a copy-1 of offset 9 at
  // input offset 6: more than the 4 bytes decoded so far.
  const Bytes bad = {10, 3 << 2, 'a', 'b', 'c', 'd', 1 | (2 << 2), 9};
  auto d = DecompressGuarded(*codec, bad, 10);
  ASSERT_NOT_OK(d.status);
  EXPECT_NE(d.status.message().find("copy offset outside the decoded bytes at input offset 6"),
            std::string::npos)
      << d.status.ToString();
  // An offset of zero.
  d = DecompressGuarded(*codec, {8, 3 << 2, 'a', 'b', 'c', 'd', 1, 0}, 8);
  EXPECT_NE(d.status.message().find("copy offset outside"), std::string::npos) << d.status.ToString();
  // The prefix disagrees with the page header.
  d = DecompressGuarded(*codec, {4, 3 << 2, 'a', 'b', 'c', 'd'}, 5);
  EXPECT_NE(d.status.message().find("expected 5"), std::string::npos) << d.status.ToString();
  // A length prefix of six bytes, and one whose fifth byte overflows 32 bits.
  d = DecompressGuarded(*codec, {0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 0);
  EXPECT_NE(d.status.message().find("invalid length prefix"), std::string::npos) << d.status.ToString();
  d = DecompressGuarded(*codec, {0x80, 0x80, 0x80, 0x80, 0x10}, 0);
  EXPECT_NE(d.status.message().find("invalid length prefix"), std::string::npos) << d.status.ToString();
  // Fewer bytes than promised.
  d = DecompressGuarded(*codec, {6, 3 << 2, 'a', 'b', 'c', 'd'}, 6);
  EXPECT_NE(d.status.message().find("decodes to 4 bytes, expected 6"), std::string::npos)
      << d.status.ToString();
}

}  // namespace
}  // namespace parq::compression
