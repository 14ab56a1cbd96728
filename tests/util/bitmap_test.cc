// The word-bitmap helpers of util/bitmap.h: CopyBitsCounting and
// CountBitRange against bit-by-bit reference, for every start bit and
// length over random words (the unaligned starts read the padding word).
#include "util/bitmap.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace parq::util {
namespace {

TEST(BitmapTest, CopyAndCountBitRangesAtEveryOffset) {
  std::mt19937_64 rng(5);
  std::vector<uint64_t> words(6);
  for (int round = 0; round < 3; ++round) {
    for (uint64_t& w : words) w = round == 1 ? ~uint64_t{0} : rng() & (round == 2 ? rng() : ~uint64_t{0});
    words.back() = 0;  // the padding word past the bits used
    const int64_t bits = 64 * 5;
    for (int64_t pos = 0; pos <= bits; ++pos) {
      for (int64_t n = 0; pos + n <= bits; ++n) {
        int64_t expected = 0;
        for (int64_t i = 0; i < n; ++i) expected += GetWordBit(words.data(), pos + i);
        ASSERT_EQ(CountBitRange(words.data(), pos, n), expected) << "pos " << pos << " n " << n;
        std::vector<uint8_t> out(static_cast<size_t>((n + 7) / 8) + 1, 0xa5);
        ASSERT_EQ(CopyBitsCounting(words.data(), pos, n, out.data()), expected) << "pos " << pos << " n " << n;
        for (int64_t i = 0; i < (n + 7) / 8 * 8; ++i) {
          const bool want = i < n && GetWordBit(words.data(), pos + i);
          ASSERT_EQ(GetBit(out.data(), i), want) << "pos " << pos << " n " << n << " bit " << i;
        }
        ASSERT_EQ(out.back(), 0xa5) << "wrote past (n + 7) / 8 bytes: pos " << pos << " n " << n;
      }
    }
  }
}

}  // namespace
}  // namespace parq::util
