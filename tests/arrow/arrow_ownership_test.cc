// Who owns what an exported stream hands out: fixed-width values without
// nulls are the buffer they were decoded into (an allocation log shows the
// one buffer of their size, and it is the one handed over); batches, children
// and dictionaries released out of order, late (after the stream and the
// file), or moved out of their parents are safe (ASan checks the sanitizer
// build).
//
// This file replaces the global operator new and delete of parq_arrow_tests
// with ones that can log allocations of a given size.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <tuple>
#include <vector>

#include "arrow/arrow_stream.h"
#include "arrow/arrow_test_util.h"
#include "parq/arrow_reader.h"
#include "testing/status_macros.h"

namespace {

// While g_watch_size is non-zero, allocations of exactly that many bytes are
// logged (up to 16).
std::atomic<size_t> g_watch_size{0};
std::atomic<int> g_watched{0};
void* g_watched_ptrs[16];

[[maybe_unused]] void* Allocate(size_t n) {  // unused when the hook is off (TSan)
  void* p = std::malloc(n ? n : 1);
  if (p != nullptr && n == g_watch_size.load(std::memory_order_relaxed)) {
    const int i = g_watched.fetch_add(1);
    if (i < 16) g_watched_ptrs[i] = p;
  }
  return p;
}

}  // namespace

// ThreadSanitizer defines these operators itself: its build (scripts/test.sh
// --tsan) links this file unhooked and runs none of its tests.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PARQ_ARROW_NO_NEW_HOOK 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define PARQ_ARROW_NO_NEW_HOOK 1
#endif
#ifndef PARQ_ARROW_NO_NEW_HOOK
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(size_t n) {
  if (void* p = Allocate(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t n) { return operator new(n); }
void* operator new(size_t n, const std::nothrow_t&) noexcept { return Allocate(n); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept { return Allocate(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
#endif  // PARQ_ARROW_NO_NEW_HOOK

namespace parq {
namespace {

using testing::OpenBytes;
using testing::WriteJsonRows;

std::vector<std::string> Rows(int n) {
  std::vector<std::string> rows;
  for (int i = 0; i < n; ++i) {
    rows.push_back("{\"x\":" + std::to_string(i * 3) + ",\"o\":" + std::to_string(i) + ",\"s\":\"v" +
                   std::to_string(i % 13) + "\",\"l\":[" + std::to_string(i) + "," + std::to_string(-i) + "]}");
  }
  return rows;
}

constexpr char kSchema[] = R"(message m {
  required int64 x;
  optional int32 o;
  optional binary s (STRING);
  optional group l (LIST) { repeated group list { required int64 element; } }
})";

TEST(ArrowOwnershipTest, FixedWidthValuesAreHandedOverAsDecoded) {
  constexpr int kRows = 5000;  // one batch: 40,000 bytes of x, 20,000 of o
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(kSchema, Rows(kRows)));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  // Row groups decoded whole (sliced into batches) and read batch by batch.
  for (const auto& [column, width, whole] : std::vector<std::tuple<std::string, size_t, bool>>{
           {"x", 8, true}, {"o", 4, true}, {"x", 8, false}, {"o", 4, false}}) {
    SCOPED_TRACE(column + (whole ? " whole" : " streamed"));
    arrow::SetWholeGroupBytesForTesting(whole ? arrow::kDefaultWholeGroupBytes : -1);
    ArrowReadOptions o;
    o.columns = {column};
    ArrowArrayStream stream;
    ASSERT_OK(ExportArrowStream(file, o, &stream));
    ArrowArray batch;
    g_watched = 0;
    g_watch_size = kRows * width;
    const int rc = stream.get_next(&stream, &batch);
    g_watch_size = 0;
    ASSERT_EQ(rc, 0);
    ASSERT_EQ(batch.n_children, 1);
    const ArrowArray& values = *batch.children[0];
    EXPECT_EQ(values.null_count, 0);
    EXPECT_EQ(values.buffers[0], nullptr);  // no nulls: no bitmap
    // Exactly one buffer of the values' size was allocated while the batch
    // was read (the pages decode into it), and it is the one handed over.
    ASSERT_EQ(g_watched.load(), 1);
    EXPECT_EQ(values.buffers[1], g_watched_ptrs[0]);
    int64_t first = 0, last;
    std::memcpy(&first, values.buffers[1], width);
    EXPECT_EQ(first, 0);
    if (width == 8) {
      std::memcpy(&last, static_cast<const uint8_t*>(values.buffers[1]) + (kRows - 1) * 8, 8);
      EXPECT_EQ(last, (kRows - 1) * 3);
    }
    batch.release(&batch);
    stream.release(&stream);
  }
  arrow::SetWholeGroupBytesForTesting(arrow::kDefaultWholeGroupBytes);
}

TEST(ArrowOwnershipTest, BatchesAndChildrenReleasedOutOfOrderAndLate) {
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(kSchema, Rows(1000), /*group_rows=*/300));
  std::vector<ArrowArray> batches;
  ArrowSchema schema;
  {
    ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
    ArrowReadOptions o;
    o.batch_rows = 128;  // slices of nested row groups shared by several batches
    o.dictionary_arrays = true;
    ArrowArrayStream stream;
    ASSERT_OK(ExportArrowStream(file, o, &stream));
    ASSERT_EQ(stream.get_schema(&stream, &schema), 0);
    while (true) {
      ArrowArray b;
      ASSERT_EQ(stream.get_next(&stream, &b), 0);
      if (b.release == nullptr) break;
      batches.push_back(b);
    }
    stream.release(&stream);  // the stream and the file go first
  }
  ASSERT_EQ(batches.size(), 10u);  // row groups of 300 = 128 + 128 + 44 rows, and one of 100
  // Move children out of every other batch (the C Data Interface's move:
  // copy the struct, mark the parent's pointer released).
  std::vector<ArrowArray> moved;
  for (size_t i = 0; i < batches.size(); i += 2) {
    for (int64_t c = 0; c < batches[i].n_children; ++c) {
      moved.push_back(*batches[i].children[c]);
      batches[i].children[c]->release = nullptr;
    }
  }
  // Render every other batch, then move its list's values out and release
  // them before the batch (backwards through the batches).
  for (size_t i = batches.size(); i-- > 0;) {
    if (i % 2 == 0) continue;
    ASSERT_OK_AND_ASSIGN(auto rows, testing::RenderRows(schema, batches[i]));
    EXPECT_EQ(rows.size(), static_cast<size_t>(batches[i].length));
    ArrowArray* element = batches[i].children[3]->children[0];
    ArrowArray keep = *element;
    element->release = nullptr;
    keep.release(&keep);
  }
  // The children moved out of the other batches are whole on their own.
  for (size_t i = 0; i < moved.size(); i += 4) {
    // x (no nulls), o, s (a dictionary array), l (a slice of the row group's list).
    const auto* x = static_cast<const int64_t*>(moved[i].buffers[1]);
    EXPECT_EQ(x[moved[i].length - 1] % 3, 0);
    EXPECT_NE(moved[i + 2].dictionary, nullptr);
    EXPECT_EQ(moved[i + 2].dictionary->length, 13);
  }
  for (size_t i = 0; i < batches.size(); ++i) batches[i].release(&batches[i]);
  // The moved children outlive their parents, released in an interleaved order.
  for (size_t i = 1; i < moved.size(); i += 2) moved[i].release(&moved[i]);
  for (size_t i = 0; i < moved.size(); i += 2) moved[i].release(&moved[i]);
  schema.release(&schema);
}

}  // namespace
}  // namespace parq
