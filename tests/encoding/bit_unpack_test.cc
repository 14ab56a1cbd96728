#include "encoding/bit_unpack.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "util/cpu.h"

namespace parq::encoding {
namespace {

// Reference packer: bit by bit, LSB-first.
std::vector<uint8_t> RefPack(const std::vector<uint64_t>& v, int width) {
  std::vector<uint8_t> out(static_cast<size_t>(BytesForBits(static_cast<int64_t>(v.size()) * width)), 0);
  uint64_t bit = 0;
  for (uint64_t x : v) {
    for (int b = 0; b < width; ++b, ++bit) {
      if ((x >> b) & 1) out[bit / 8] |= static_cast<uint8_t>(1u << (bit % 8));
    }
  }
  return out;
}

uint64_t Mask(int width) { return width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1; }

template <typename Out>
void CheckWidth(int width, int64_t n, std::mt19937_64& rng) {
  std::vector<uint64_t> values(static_cast<size_t>(n));
  for (auto& x : values) x = rng() & Mask(width);
  const std::vector<uint8_t> packed = RefPack(values, width);
  // Exact-size heap copy: ASan flags any read past BytesForBits(n * width).
  std::vector<uint8_t> exact(packed);
  std::vector<Out> out(static_cast<size_t>(n) + 1, Out{0x5a});
  Unpack(exact.data(), width, out.data(), n);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(static_cast<uint64_t>(out[static_cast<size_t>(i)]), values[static_cast<size_t>(i)])
        << "width " << width << " n " << n << " index " << i;
  }
  EXPECT_EQ(out[static_cast<size_t>(n)], Out{0x5a}) << "wrote past n";
}

TEST(BitUnpackTest, AllWidthsAllOutputTypes) {
  std::mt19937_64 rng(42);
  for (int64_t n : {0, 1, 7, 8, 31, 32, 33, 64, 95, 100, 1000}) {
    for (int w = 0; w <= 8; ++w) CheckWidth<uint8_t>(w, n, rng);
    for (int w = 0; w <= 16; ++w) CheckWidth<uint16_t>(w, n, rng);
    for (int w = 0; w <= 32; ++w) CheckWidth<uint32_t>(w, n, rng);
    for (int w = 0; w <= 64; ++w) CheckWidth<uint64_t>(w, n, rng);
  }
}

// Unpack of uint32 takes AVX2 kernels where the CPU has them; the portable
// ones must agree too (every width, lengths around the blocks the AVX2
// kernels leave to them at the end of the input).
TEST(BitUnpackTest, PortableAndAvx2KernelsAgree) {
  std::mt19937_64 rng(7);
  for (bool portable : {false, true}) {
    util::SetPortableKernels(portable);
    for (int64_t n : {0, 1, 31, 32, 64, 96, 128, 160, 1000, 4096, 4099}) {
      for (int w = 0; w <= 32; ++w) CheckWidth<uint32_t>(w, n, rng);
    }
  }
  util::SetPortableKernels(false);
}

// With `readable` bytes after the values (a page's rest), the AVX2 kernels
// may load past the values themselves: the values must be the same, with
// garbage after them or none (readable exactly the values' bytes, where ASan
// flags any read beyond), and nothing written past n.
TEST(BitUnpackTest, ReadableBytesAfterTheValuesChangeNothing) {
  std::mt19937_64 rng(11);
  for (bool portable : {false, true}) {
    util::SetPortableKernels(portable);
    for (int64_t n : {32, 64, 96, 128, 160, 480, 504, 1000, 4096}) {
      for (int w = 0; w <= 32; ++w) {
        std::vector<uint64_t> values(static_cast<size_t>(n));
        for (auto& x : values) x = rng() & Mask(w);
        const std::vector<uint8_t> packed = RefPack(values, w);
        for (size_t extra : {size_t{0}, size_t{1}, size_t{15}, size_t{64}}) {
          std::vector<uint8_t> in(packed);
          for (size_t i = 0; i < extra; ++i) in.push_back(static_cast<uint8_t>(rng()));
          std::vector<uint32_t> out(static_cast<size_t>(n) + 1, 0x5a);
          Unpack(in.data(), w, out.data(), n, static_cast<int64_t>(in.size()));
          for (int64_t i = 0; i < n; ++i) {
            ASSERT_EQ(out[static_cast<size_t>(i)], values[static_cast<size_t>(i)])
                << "width " << w << " n " << n << " extra " << extra << " index " << i;
          }
          EXPECT_EQ(out[static_cast<size_t>(n)], 0x5au) << "wrote past n";
        }
      }
    }
  }
  util::SetPortableKernels(false);
}

TEST(BitUnpackTest, SpecExampleWidth3) {
  // Encodings.md: values 0..7 with width 3 pack to 10001000 11000110 11111010.
  const uint8_t bytes[] = {0x88, 0xC6, 0xFA};
  uint32_t out[8];
  Unpack(bytes, 3, out, 8);
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(out[i], i);
}

TEST(BitPackTest, MatchesReferenceForAllWidths) {
  std::mt19937_64 rng(7);
  for (int64_t n : {0, 1, 5, 8, 32, 37, 200}) {
    for (int w = 0; w <= 64; ++w) {
      std::vector<uint64_t> v(static_cast<size_t>(n));
      for (auto& x : v) x = rng();  // high bits must be ignored
      std::vector<uint64_t> masked(v);
      for (auto& x : masked) x &= Mask(w);
      std::vector<uint8_t> got(static_cast<size_t>(BytesForBits(n * w)));
      Pack(v.data(), w, n, got.data());
      EXPECT_EQ(got, RefPack(masked, w)) << "uint64 width " << w << " n " << n;
      if (w <= 32) {
        std::vector<uint32_t> v32(v.begin(), v.end());
        std::vector<uint8_t> got32(got.size());
        Pack(v32.data(), w, n, got32.data());
        EXPECT_EQ(got32, RefPack(masked, w)) << "uint32 width " << w << " n " << n;
      }
    }
  }
}

}  // namespace
}  // namespace parq::encoding
