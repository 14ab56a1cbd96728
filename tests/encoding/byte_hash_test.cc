// The dictionary encoder's byte hash and equality: equality agrees with
// memcmp for every length to 40 and a difference at every position, and the
// hash tells apart strings that differ in one byte or only in length.
#include "encoding/byte_hash.h"

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace parq::encoding {
namespace {

const uint8_t* U(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

// Every string of length 0..40 over 'q' with one byte changed (to 'r', 0 or
// 0xFF) at each position, plus the unchanged ones.
std::vector<std::string> NearStrings() {
  std::vector<std::string> out;
  for (size_t len = 0; len <= 40; ++len) {
    const std::string base(len, 'q');
    out.push_back(base);
    for (size_t at = 0; at < len; ++at) {
      for (char c : {'r', '\0', '\xFF'}) {
        std::string v = base;
        v[at] = c;
        out.push_back(v);
      }
    }
  }
  return out;
}

TEST(ByteHashTest, SameBytesAgreesWithMemcmp) {
  const auto strings = NearStrings();
  for (size_t len = 0; len <= 40; ++len) {
    const std::string base(len, 'q');
    for (const auto& s : strings) {
      if (s.size() != len) continue;
      // Copies, so equal strings are compared at different addresses.
      const std::string a = base, b = s;
      EXPECT_EQ(SameBytes(U(a), U(b), len), std::memcmp(a.data(), b.data(), len) == 0) << len << " " << b;
    }
  }
}

TEST(ByteHashTest, HashTellsNearStringsApart) {
  const auto strings = NearStrings();
  std::set<uint64_t> hashes;
  for (const auto& s : strings) {
    EXPECT_EQ(HashBytes(U(s), s.size()), HashBytes(U(std::string(s)), s.size()));  // a function of the bytes
    hashes.insert(HashBytes(U(s), s.size()));
  }
  EXPECT_EQ(hashes.size(), strings.size());
  // Zero bytes of different lengths, and the high 32 bits (the table's key) too.
  std::set<uint64_t> zeros, tags;
  for (size_t len = 0; len <= 64; ++len) {
    const std::string z(len, '\0');
    zeros.insert(HashBytes(U(z), len));
    tags.insert(HashBytes(U(z), len) >> 32);
  }
  EXPECT_EQ(zeros.size(), 65u);
  EXPECT_EQ(tags.size(), 65u);
}

}  // namespace
}  // namespace parq::encoding
