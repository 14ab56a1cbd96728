// thrift::String: where its bytes live (arena or heap), copies, moves,
// aliasing assignment and comparisons.
#include "thrift/string.h"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <utility>

namespace parq::thrift {
namespace {

TEST(ThriftStringTest, SixteenBytes) { EXPECT_EQ(sizeof(String), 16u); }

TEST(ThriftStringTest, EmptyIsAValidCString) {
  String s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.size(), 0u);
  ASSERT_NE(s.data(), nullptr);
  EXPECT_STREQ(s.c_str(), "");
  EXPECT_FALSE(s.on_heap());
  String from_empty{std::string_view()};
  EXPECT_FALSE(from_empty.on_heap());
}

TEST(ThriftStringTest, HeapOutsideAnArena) {
  String s("hello");
  EXPECT_TRUE(s.on_heap());
  EXPECT_EQ(s, "hello");
  EXPECT_EQ(s.size(), 5u);
  EXPECT_STREQ(s.c_str(), "hello");
  std::string std_copy = s;
  EXPECT_EQ(std_copy, "hello");
}

TEST(ThriftStringTest, ArenaInsideAScopeAndCopiesOnTheHeap) {
  Arena arena(512);
  String copy;
  {
    ArenaScope scope(&arena);
    String s(std::string(300, 'q'));
    EXPECT_FALSE(s.on_heap());
    EXPECT_GE(arena.reserved(), 301u);
    copy = s;  // assignment inside the scope builds in the arena too
    EXPECT_FALSE(copy.on_heap());
    String constructed(s);  // copy construction always leaves the arena
    EXPECT_TRUE(constructed.on_heap());
    EXPECT_EQ(constructed, s);
  }
  String outside(copy);
  EXPECT_TRUE(outside.on_heap());
  EXPECT_EQ(outside, std::string(300, 'q'));
}

TEST(ThriftStringTest, MovesCarryTheBytes) {
  String a("a string of some length");
  const char* bytes = a.data();
  String b(std::move(a));
  EXPECT_EQ(b.data(), bytes);
  EXPECT_TRUE(a.empty());  // NOLINT(bugprone-use-after-move): defined as empty
  String c;
  c = std::move(b);
  EXPECT_EQ(c.data(), bytes);
  EXPECT_TRUE(c.on_heap());
  EXPECT_FALSE(b.on_heap());  // NOLINT(bugprone-use-after-move)
}

TEST(ThriftStringTest, AssignFromItsOwnBytes) {
  String s("abcdefgh");
  s = std::string_view(s).substr(2, 3);
  EXPECT_EQ(s, "cde");
  const String& same = s;
  s = same;  // self-assignment is a no-op
  EXPECT_EQ(s, "cde");
}

TEST(ThriftStringTest, BinaryWithNulsAndOrdering) {
  const std::string bytes("a\0b", 3);
  String s(bytes);
  EXPECT_EQ(s.size(), 3u);
  EXPECT_EQ(s, bytes);
  EXPECT_EQ(s[1], '\0');
  EXPECT_LT(String("abc"), String("abd"));
  EXPECT_LT(String("ab"), String("abc"));
  EXPECT_TRUE(std::string("abc") == String("abc"));
  std::ostringstream os;
  os << String("printed");
  EXPECT_EQ(os.str(), "printed");
}

}  // namespace
}  // namespace parq::thrift
