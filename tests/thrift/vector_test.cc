// thrift::Vector: the std::vector subset generated structs use, where its
// storage lives (arena or heap), copies, moves and element lifetimes.
#include "thrift/vector.h"

#include <gtest/gtest.h>

#include <memory>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "thrift/string.h"

namespace parq::thrift {
namespace {

TEST(ThriftVectorTest, SixteenBytes) {
  EXPECT_EQ(sizeof(Vector<int>), 16u);
  EXPECT_EQ(sizeof(Vector<String>), 16u);
}

TEST(ThriftVectorTest, GrowsLikeStdVector) {
  Vector<int> v;
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(v.data(), nullptr);
  for (int i = 0; i < 1000; ++i) v.push_back(i);
  ASSERT_EQ(v.size(), 1000u);
  EXPECT_GE(v.capacity(), 1000u);
  EXPECT_TRUE(v.on_heap());
  EXPECT_EQ(v.front(), 0);
  EXPECT_EQ(v.back(), 999);
  EXPECT_EQ(std::accumulate(v.begin(), v.end(), 0), 999 * 1000 / 2);
  v.pop_back();
  EXPECT_EQ(v.size(), 999u);
  EXPECT_THROW(v.at(999), std::out_of_range);
  v.resize(5);
  EXPECT_EQ(v, (Vector<int>{0, 1, 2, 3, 4}));
  v.resize(7);
  EXPECT_EQ(v[5], 0);  // value-initialized
  v.resize(9, 42);
  EXPECT_EQ(v[8], 42);
  v.clear();
  EXPECT_TRUE(v.empty());
}

TEST(ThriftVectorTest, InsertAndErase) {
  Vector<int> v{1, 5};
  const std::vector<int> mid{2, 3, 4};
  v.insert(v.begin() + 1, mid.begin(), mid.end());
  EXPECT_EQ(v, (Vector<int>{1, 2, 3, 4, 5}));
  v.insert(v.end(), mid.begin(), mid.begin() + 1);
  EXPECT_EQ(v, (Vector<int>{1, 2, 3, 4, 5, 2}));
  v.erase(v.begin() + 1, v.begin() + 3);
  EXPECT_EQ(v, (Vector<int>{1, 4, 5, 2}));
  v.erase(v.begin());
  EXPECT_EQ(v, (Vector<int>{4, 5, 2}));
}

TEST(ThriftVectorTest, EmplaceBackOfAnElementWhileGrowing) {
  // The argument refers to an element that the growth moves.
  Vector<String> v;
  v.emplace_back("first string, long enough to matter");
  while (v.size() < v.capacity()) v.emplace_back("x");
  v.push_back(v[0]);
  EXPECT_EQ(v.back(), "first string, long enough to matter");
}

TEST(ThriftVectorTest, ElementsAreDestroyed) {
  // Run under ASan/LSan: heap strings inside heap vectors must be freed by
  // clear, resize, erase, assignment and destruction.
  auto text = [](int i) { return std::string(50, static_cast<char>('a' + i % 26)); };
  Vector<String> v;
  for (int i = 0; i < 100; ++i) v.emplace_back(text(i));
  v.resize(60);
  v.erase(v.begin(), v.begin() + 10);
  EXPECT_EQ(v[0], text(10));
  Vector<String> w = v;
  v = w;
  v = Vector<String>{String("y")};
  EXPECT_EQ(v.size(), 1u);
  w.clear();
}

TEST(ThriftVectorTest, ArenaStorageInsideAScopeCopiesOnTheHeap) {
  Vector<String> copy;
  {
    Arena arena(512);
    ArenaScope scope(&arena);
    Vector<String> v;
    for (int i = 0; i < 100; ++i) v.emplace_back(std::to_string(i));
    EXPECT_FALSE(v.on_heap());
    EXPECT_FALSE(v[0].on_heap());
    copy = Vector<String>(v);  // copy construction: heap, elements too
    EXPECT_TRUE(copy.on_heap());
    EXPECT_TRUE(copy[99].on_heap());
    Vector<String> moved = std::move(v);
    EXPECT_FALSE(moved.on_heap());
    EXPECT_TRUE(v.empty());  // NOLINT(bugprone-use-after-move): defined as empty
  }
  ASSERT_EQ(copy.size(), 100u);
  EXPECT_EQ(copy[42], "42");
}

TEST(ThriftVectorTest, ConversionsToAndFromStdVector) {
  const std::vector<int64_t> std_v{3, 1, 4};
  Vector<int64_t> v = ToVector(std_v);
  EXPECT_EQ(ToStdVector(v), std_v);
  const std::vector<std::string> strings{"a", "", "ccc"};
  EXPECT_EQ(ToStdStrings(ToStringVector(strings)), strings);
}

}  // namespace
}  // namespace parq::thrift
