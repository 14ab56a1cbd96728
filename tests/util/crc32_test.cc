#include "util/crc32.h"

#include <gtest/gtest.h>

#include <zlib.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace parq::util {
namespace {

TEST(Crc32Test, KnownVectors) {
  const std::string check = "123456789";
  EXPECT_EQ(Crc32(0, reinterpret_cast<const uint8_t*>(check.data()), check.size()), 0xCBF43926u);
  EXPECT_EQ(Crc32(0, nullptr, 0), 0u);
}

TEST(Crc32Test, Continues) {
  const std::string s = "The quick brown fox jumps over the lazy dog";
  auto p = reinterpret_cast<const uint8_t*>(s.data());
  uint32_t whole = Crc32(0, p, s.size());
  EXPECT_EQ(whole, 0x414FA339u);
  EXPECT_EQ(Crc32(Crc32(0, p, 10), p + 10, s.size() - 10), whole);
  EXPECT_EQ(Crc32(whole, nullptr, 0), whole);
  EXPECT_EQ(Crc32(whole, p, 0), whole);
}

// zlib's crc32 is the reference: every length up to 300 and a few large ones,
// at every alignment within a word, whole and split at odd places.
TEST(Crc32Test, AgreesWithZlib) {
  std::mt19937_64 rng(7);
  std::vector<uint8_t> buf((1 << 20) + 64);
  for (auto& b : buf) b = static_cast<uint8_t>(rng());
  std::vector<size_t> sizes;
  for (size_t n = 0; n <= 300; ++n) sizes.push_back(n);
  for (size_t n : {4095u, 4096u, 65537u, 1u << 20}) sizes.push_back(n);
  for (size_t n : sizes) {
    for (size_t align = 0; align < 8; ++align) {
      const uint8_t* p = buf.data() + align;
      const uint32_t want = static_cast<uint32_t>(::crc32(0, p, static_cast<uInt>(n)));
      ASSERT_EQ(Crc32(0, p, n), want) << "size " << n << " align " << align;
      const size_t cut = n / 3;
      ASSERT_EQ(Crc32(Crc32(0, p, cut), p + cut, n - cut), want) << "size " << n << " cut " << cut;
    }
  }
}

}  // namespace
}  // namespace parq::util
