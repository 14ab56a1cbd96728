// The arena behind decoded metadata: bump allocation and alignment, the
// allocator that follows the current ArenaScope, copies that leave the arena
// for the heap, and Box, the out-of-line optional of generated structs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "thrift/arena.h"
#include "thrift/box.h"
#include "thrift/string.h"
#include "thrift/vector.h"

namespace parq::thrift {
namespace {

TEST(ArenaTest, AllocationsAreAlignedAndDisjoint) {
  Arena arena(512);
  std::vector<std::pair<uintptr_t, size_t>> spans;
  for (size_t i = 0; i < 2000; ++i) {
    const size_t align = size_t{1} << (i % 5);  // 1 .. 16
    const size_t size = 1 + (i * 37) % 300;
    auto p = reinterpret_cast<uintptr_t>(arena.Allocate(size, align));
    ASSERT_EQ(p % align, 0u) << "allocation " << i;
    std::memset(reinterpret_cast<void*>(p), static_cast<int>(i), size);  // ASan checks the span
    spans.emplace_back(p, size);
  }
  std::sort(spans.begin(), spans.end());
  for (size_t i = 1; i < spans.size(); ++i) {
    EXPECT_GE(spans[i].first, spans[i - 1].first + spans[i - 1].second) << "overlap at " << i;
  }
  EXPECT_GE(arena.reserved(), 2000u);
}

TEST(ArenaTest, RequestLargerThanABlockGetsItsOwnBlock) {
  Arena arena(512);
  void* small = arena.Allocate(16, 8);
  void* big = arena.Allocate(size_t{1} << 20, 64);
  ASSERT_NE(small, nullptr);
  ASSERT_EQ(reinterpret_cast<uintptr_t>(big) % 64, 0u);
  std::memset(big, 0xAB, size_t{1} << 20);
  EXPECT_GE(arena.reserved(), (size_t{1} << 20) + 16);
}

TEST(ArenaTest, BlocksGrowGeometrically) {
  // 1 MiB in 64-byte pieces from a 512-byte first block: the doubling keeps
  // the number of blocks small and the waste below the amount asked for.
  Arena arena(512);
  for (int i = 0; i < (1 << 14); ++i) arena.Allocate(64, 8);
  EXPECT_LT(arena.reserved(), size_t{3} << 20);
}

TEST(ArenaScopeTest, ValuesFollowTheCurrentScope) {
  Arena arena;
  Vector<int> outside{1, 2, 3};
  EXPECT_TRUE(outside.on_heap());
  {
    ArenaScope scope(&arena);
    Vector<int> inside{1, 2, 3};
    EXPECT_FALSE(inside.on_heap());
    const size_t reserved = arena.reserved();
    {
      Arena inner;
      ArenaScope nested(&inner);
      Vector<int> v{4};
      EXPECT_FALSE(v.on_heap());
      EXPECT_GT(inner.reserved(), 0u);
    }
    EXPECT_EQ(arena.reserved(), reserved);
    EXPECT_EQ(tls_current_arena, &arena);
  }
  EXPECT_EQ(tls_current_arena, nullptr);
}

TEST(ArenaScopeTest, CopiesLeaveTheArenaAndOutliveIt) {
  Vector<String> copy;
  String text_copy;
  {
    auto arena = std::make_unique<Arena>(512);
    ArenaScope scope(arena.get());
    Vector<String> v;
    for (int i = 0; i < 100; ++i) v.emplace_back(std::string(40, static_cast<char>('a' + i % 26)));
    String s(std::string_view("a string longer than the small-string buffer"));
    const size_t before = arena->reserved();
    EXPECT_GT(before, 100u * 40u);
    copy = Vector<String>(v);  // copy construction selects the heap
    text_copy = String(s);
    EXPECT_TRUE(copy.on_heap());
    EXPECT_FALSE(v.on_heap());
    EXPECT_TRUE(copy[0].on_heap());
    EXPECT_FALSE(s.on_heap());
    EXPECT_TRUE(text_copy.on_heap());
    EXPECT_EQ(arena->reserved(), before);
  }  // the arena and everything in it is gone here
  ASSERT_EQ(copy.size(), 100u);
  EXPECT_EQ(copy[27], std::string_view(std::string(40, 'b')));
  EXPECT_EQ(text_copy, std::string_view("a string longer than the small-string buffer"));
}

TEST(ArenaOwnedTest, ShareKeepsTheArenaAlive) {
  std::shared_ptr<const Vector<String>> shared;
  {
    ArenaOwned<Vector<String>> owned(512);
    ArenaScope scope(owned.arena());
    owned.get()->emplace_back(std::string(100, 'x'));
    EXPECT_FALSE(owned.get()->on_heap());
    shared = std::move(owned).Share();
  }
  ASSERT_EQ(shared->size(), 1u);
  EXPECT_EQ((*shared)[0], std::string_view(std::string(100, 'x')));
}

struct Pair {
  String name;
  int64_t value = 0;
  bool operator==(const Pair&) const = default;
};

TEST(BoxTest, BehavesLikeAnOptional) {
  Box<Pair> a;
  EXPECT_FALSE(a.has_value());
  EXPECT_TRUE(a == std::nullopt);
  a.emplace(Pair{String(std::string_view("k")), 7});
  ASSERT_TRUE(a);
  EXPECT_EQ(a->value, 7);
  Box<Pair> b = a;  // deep copy
  EXPECT_TRUE(a == b);
  b->value = 8;
  EXPECT_FALSE(a == b);
  EXPECT_EQ(a.value().value, 7);
  Box<Pair> c = std::move(b);
  EXPECT_FALSE(b.has_value());
  EXPECT_EQ(c->value, 8);
  c = std::nullopt;
  EXPECT_FALSE(c.has_value());
  EXPECT_THROW(c.value(), std::bad_optional_access);
  std::optional<Pair> from;
  c = from;
  EXPECT_FALSE(c.has_value());
  from.emplace(Pair{String(std::string_view("z")), 9});
  c = from;
  EXPECT_EQ(c->value, 9);
}

TEST(BoxTest, RepeatedEmplaceReusesStorage) {
  // A struct field repeated in hostile input must not cost a new allocation
  // per repeat: the arena would keep every abandoned copy until it dies.
  Arena arena(512);
  ArenaScope scope(&arena);
  Box<Pair> box;
  Pair* first = &box.emplace();
  const size_t reserved = arena.reserved();
  for (int i = 0; i < 100000; ++i) {
    Pair& p = box.emplace();
    ASSERT_EQ(&p, first);
    p.value = i;
  }
  EXPECT_EQ(arena.reserved(), reserved);
  EXPECT_EQ(box->value, 99999);
}

TEST(BoxTest, OnePointerTaggedWithWhereTheValueLives) {
  EXPECT_EQ(sizeof(Box<Pair>), sizeof(void*));
  struct Bytes {  // alignment 1: the arena still leaves the tag bit free
    bool a = false;
    char b = 0;
  };
  Arena arena(512);
  ArenaScope scope(&arena);
  arena.Allocate(1, 1);  // leave the arena at an odd address
  Box<Bytes> in_arena;
  in_arena.emplace().b = 'x';
  EXPECT_FALSE(in_arena.on_heap());
  EXPECT_EQ(in_arena->b, 'x');
  Box<Bytes> copy(in_arena);
  EXPECT_TRUE(copy.on_heap());
  EXPECT_EQ(copy->b, 'x');
}

TEST(BoxTest, HeapBoxOutsideAnyArena) {
  Box<Pair> box;
  box.emplace(Pair{String(std::string_view("a string that does not fit in place")), 1});
  box.emplace();
  box = Pair{String(std::string_view("x")), 2};
  EXPECT_EQ(box->value, 2);
  box.reset();
  EXPECT_FALSE(box.has_value());
}

}  // namespace
}  // namespace parq::thrift
