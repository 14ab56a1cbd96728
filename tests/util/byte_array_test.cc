// ByteArray (parq/types.h): a view built from a std::string_view, and the
// aggregate-style construction the decoders use.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "parq/types.h"

namespace parq {
namespace {

TEST(ByteArrayTest, ViewsTheBytesOfAStringView) {
  std::string s = "hello, world";
  ByteArray b(std::string_view(s).substr(7));
  EXPECT_EQ(b.ptr, reinterpret_cast<const uint8_t*>(s.data()) + 7);
  EXPECT_EQ(b.len, 5u);
  EXPECT_EQ(b.view(), "world");
  EXPECT_EQ(b, ByteArray(std::string_view("world")));
  EXPECT_FALSE(b == ByteArray(std::string_view("worlds")));
}

TEST(ByteArrayTest, EmptyAndPointerLengthForms) {
  ByteArray empty(std::string_view{});
  EXPECT_EQ(empty.len, 0u);
  EXPECT_EQ(empty.view(), "");
  EXPECT_EQ(empty, ByteArray{});  // equal to the null view a decoder may hand out
  const uint8_t bytes[] = {1, 2, 3};
  ByteArray b{bytes, 3};
  EXPECT_EQ(b.view(), std::string_view("\x01\x02\x03", 3));
}

}  // namespace
}  // namespace parq
