#include "util/crc32.h"

#include <gtest/gtest.h>

#include <string>

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
}

}  // namespace
}  // namespace parq::util
