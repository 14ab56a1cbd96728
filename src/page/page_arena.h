// page/page_arena.h — where a file writer keeps the compressed pages of its
// open row group: blocks of 1 MiB that pages are carved from in turn (a page
// larger than a quarter block gets an allocation of its own, from the heap:
// a mapping of its own would be fresh memory where the heap may reuse what
// the page's encoding just freed, as a 24 MB value's page does).  When the row
// group is written, Clear() drops every page at once and gives the blocks
// back to the system: the pages of a thousand columns never go through
// malloc one by one, and a row group's blocks are not held, idle, while the
// next row group's open pages fill.  Blocks are mapped (mmap), not taken
// from the heap: unmapped, their memory leaves the process at once (a heap
// keeps what it frees between longer-lived allocations, and glibc's
// mmap threshold rises past a freed block's size, so the next blocks would
// come from the heap).
//
// Ownership: the arena owns the bytes; a page's span is valid until Clear().
// Thread-safety: Allocate may run on several threads at once; Clear and
// bytes_held are the owner's, with no Allocate under way.
#ifndef PARQ_PAGE_PAGE_ARENA_H_
#define PARQ_PAGE_PAGE_ARENA_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace parq::page {

class PageArena {
 public:
  static constexpr size_t kBlock = size_t{1} << 20;

  PageArena() = default;
  ~PageArena() { Clear(); }
  PageArena(const PageArena&) = delete;
  PageArena& operator=(const PageArena&) = delete;

  // `n` bytes, uninitialized, valid until Clear().  Throws std::bad_alloc
  // when the system has no memory for them (as new would).
  std::span<uint8_t> Allocate(size_t n);
  // Drops every page and unmaps their memory.
  void Clear();
  // Memory the arena holds (blocks and large pages).
  int64_t bytes_held() const;

 private:
  std::mutex mu_;
  std::vector<std::span<uint8_t>> maps_;  // the blocks
  std::vector<std::unique_ptr<uint8_t[]>> large_;  // the pages of more than kBlock / 4
  uint8_t* block_ = nullptr;              // the block being carved (null: none)
  size_t offset_ = 0;                     // its bytes used
  int64_t held_ = 0;
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_ARENA_H_
