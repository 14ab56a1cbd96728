// Schema::FindColumn / FindColumnIndex by dotted path allocate nothing: they
// are called per column by readers and writers, and with paths longer than a
// std::string holds inline.  operator new is replaced in this test binary to
// count the allocations made while counting is switched on.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>

#include "parq/schema.h"
#include "testing/status_macros.h"

namespace {
std::atomic<bool> g_counting{false};
std::atomic<int> g_allocations{0};
}  // namespace

// Out of line, so that GCC does not inline free() into a caller of new and
// warn about a mismatched pair.
[[gnu::noinline]] void* operator new(size_t n) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
// The nothrow forms too (std::stable_sort's temporary buffer uses them): a
// block from the sanitizer's own new must never reach this delete's free().
[[gnu::noinline]] void* operator new(size_t n, const std::nothrow_t&) noexcept {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n == 0 ? 1 : n);
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace parq {
namespace {

TEST(SchemaTest, FindColumnByDottedPathDoesNotAllocate) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    required int32 id;
    optional group a_group_with_a_rather_long_name {
      optional group and_a_nested_one_as_well {
        optional binary leaf_with_a_long_name (STRING);
      }
    }
  })"));
  const std::string_view deep = "a_group_with_a_rather_long_name.and_a_nested_one_as_well.leaf_with_a_long_name";
  const std::string_view absent = "a_group_with_a_rather_long_name.and_a_nested_one_as_well.no_such_leaf";

  g_allocations = 0;
  g_counting = true;
  const ColumnDescriptor* found = s.FindColumn(deep);
  const ColumnDescriptor* id = s.FindColumn("id");
  const ColumnDescriptor* missing = s.FindColumn(absent);
  int index = s.FindColumnIndex(deep);
  g_counting = false;

  EXPECT_EQ(g_allocations.load(), 0);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->dotted_path, deep);
  EXPECT_EQ(index, 1);
  ASSERT_NE(id, nullptr);
  EXPECT_EQ(id->index, 0);
  EXPECT_EQ(missing, nullptr);
}

}  // namespace
}  // namespace parq
