// XXH64 against published vectors (the xxHash reference and python-xxhash's
// README) and the tail lengths 0..40 for consistency between code paths.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "util/xxhash64.h"

namespace parq::util {
namespace {

uint64_t H(const std::string& s, uint64_t seed = 0) { return XxHash64(s.data(), s.size(), seed); }

TEST(XxHash64Test, PublishedVectors) {
  EXPECT_EQ(XxHash64(nullptr, 0), 0xEF46DB3751D8E999ULL);
  EXPECT_EQ(H(""), 0xEF46DB3751D8E999ULL);
  EXPECT_EQ(H("a"), 0xD24EC4F1A98C6E5BULL);
  EXPECT_EQ(H("abc"), 0x44BC2CF5AD770999ULL);
  // 39 bytes: one 32-byte stripe, then 4- and 1-byte tails.
  EXPECT_EQ(H("Nobody inspects the spammish repetition"), 0xFBCEA83C8A378BF1ULL);
  // 100 bytes: three stripes and a 4-byte tail (checked against hyparquet's xxhash64).
  EXPECT_EQ(H(std::string(100, 'x')), 0x92F0DE5A88A3C094ULL);
}

TEST(XxHash64Test, SeedAndLengthsDiffer) {
  std::string s = "0123456789abcdefghijklmnopqrstuvwxyzABCD";
  std::set<uint64_t> seen;
  for (size_t n = 0; n <= s.size(); ++n) seen.insert(H(s.substr(0, n)));
  EXPECT_EQ(seen.size(), s.size() + 1);
  EXPECT_NE(H("abc", 1), H("abc"));
}

}  // namespace
}  // namespace parq::util
