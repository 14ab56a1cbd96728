// util/utf8.h: the validator (against a byte-at-a-time reference over every
// position of the fast path), the U+FFFD replacement and the error text.
#include "util/utf8.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>

namespace parq::util {
namespace {

// The same rule one byte at a time, without the 8-byte ASCII path.
size_t ReferenceInvalidOffset(std::string_view s) {
  const uint8_t* b = reinterpret_cast<const uint8_t*>(s.data());
  const uint8_t* p = b;
  const uint8_t* end = b + s.size();
  while (p < end) {
    if (*p < 0x80) {
      ++p;
      continue;
    }
    size_t bad = 0;
    const size_t n = Utf8Sequence(p, end, &bad);
    if (n == 0) return static_cast<size_t>(p - b);
    p += n;
  }
  return s.size();
}

size_t Offset(std::string_view s) { return Utf8InvalidOffset(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }

TEST(Utf8Test, WellFormedText) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("plain ascii, longer than eight bytes"));
  EXPECT_TRUE(IsValidUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 \xEF\xBF\xBD \xF4\x8F\xBF\xBF"));
  EXPECT_TRUE(IsValidUtf8("\xED\x9F\xBF"));  // U+D7FF, just below the surrogates
}

TEST(Utf8Test, IllFormedSequencesAndWhereTheyStart) {
  EXPECT_EQ(Offset("abc\xFF\xFE"), 3u);
  EXPECT_EQ(Offset("0123456789\xC0\x80"), 10u);         // overlong
  EXPECT_EQ(Offset("\xED\xA0\x80"), 0u);                // a surrogate
  EXPECT_EQ(Offset("ok\xF4\x90\x80\x80"), 2u);          // above U+10FFFF
  EXPECT_EQ(Offset("abcdefgh\xE2\x82"), 8u);            // truncated at the end
  EXPECT_EQ(Offset("abcdefg\xE2\x82z0123456789"), 7u);  // truncated inside
  EXPECT_EQ(Offset(std::string_view("\x80", 1)), 0u);   // a lone continuation
}

TEST(Utf8Test, FastPathAgreesWithTheReferenceAtEveryAlignment) {
  std::mt19937 rng(7);
  const std::string pieces[] = {"a", "bcdefghi", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
                                "\xFF", "\xED\xA0\x80", "\xC3", "\xE2\x82", "\x80"};
  for (int round = 0; round < 5000; ++round) {
    std::string s;
    const int n = static_cast<int>(rng() % 12);
    for (int k = 0; k < n; ++k) {
      // Mostly well-formed pieces, so the invalid ones land at every offset.
      const size_t pick = rng() % 40;
      s += pieces[pick < 36 ? pick % 5 : 5 + pick % 5];
    }
    ASSERT_EQ(Offset(s), ReferenceInvalidOffset(s)) << "round " << round;
  }
}

TEST(Utf8Test, ReplacesEachMaximalSubpart) {
  std::string out = "x";
  AppendUtf8Replacing("a\xFF\xFE" "b\xE2\x82" "c\xED\xA0\x80" "d\xC3\xA9", &out);
  // FF, FE: one each; E2 82 (truncated): one; ED A0 80: ED, A0, 80 one each.
  EXPECT_EQ(out, "xa\xEF\xBF\xBD\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "d\xC3\xA9");
  std::string same;
  AppendUtf8Replacing("well formed \xE2\x82\xAC", &same);
  EXPECT_EQ(same, "well formed \xE2\x82\xAC");
}

TEST(Utf8Test, DescribesTheBadBytesOrTheSurrogate) {
  EXPECT_EQ(DescribeInvalidUtf8("abc\xFF\xFE", 3), "invalid UTF-8 at byte 3 (ff fe)");
  EXPECT_EQ(DescribeInvalidUtf8("ab\xC3", 2), "invalid UTF-8 at byte 2 (c3)");
  EXPECT_EQ(DescribeInvalidUtf8("a\xED\xA0\x80", 1), "a lone surrogate \\ud800 at byte 1");
  EXPECT_EQ(DescribeInvalidUtf8("\xED\xBF\xBF", 0), "a lone surrogate \\udfff at byte 0");
}

}  // namespace
}  // namespace parq::util
