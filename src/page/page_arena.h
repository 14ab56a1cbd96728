// page/page_arena.h — where a file writer keeps the compressed pages of its
// open row group: blocks of 1 MiB that pages are carved from in turn (a page
// larger than a quarter block gets an allocation of its own).  When the row
// group is written, Clear() drops every page at once and keeps the blocks for
// the next row group: the pages of a thousand columns never go through
// malloc one by one, and the blocks of one row group serve the next instead
// of leaving holes in the heap between longer-lived allocations.
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
  PageArena(const PageArena&) = delete;
  PageArena& operator=(const PageArena&) = delete;

  // `n` bytes, uninitialized, valid until Clear().
  std::span<uint8_t> Allocate(size_t n);
  // Drops every page; the blocks stay for the next ones.
  void Clear();
  // Memory the arena holds (blocks, used or not, and large pages).
  int64_t bytes_held() const;

 private:
  std::mutex mu_;
  std::vector<std::unique_ptr<uint8_t[]>> blocks_;
  size_t block_ = 0;   // the block being carved: blocks_[block_ - 1] (0: none yet)
  size_t offset_ = 0;  // its bytes used
  std::vector<std::unique_ptr<uint8_t[]>> large_;
  int64_t large_bytes_ = 0;
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_ARENA_H_
