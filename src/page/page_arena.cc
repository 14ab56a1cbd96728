// page/page_arena.cc — carving pages from mapped blocks.
#include "page/page_arena.h"

#include <sys/mman.h>

#include <new>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PARQ_ARENA_FROM_HEAP 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define PARQ_ARENA_FROM_HEAP 1
#endif

namespace parq::page {
namespace {

// Under AddressSanitizer the blocks come from the heap, so that a write past
// a page's span is still reported (ASan does not watch mmap'd memory).
std::span<uint8_t> Map(size_t n) {
#ifdef PARQ_ARENA_FROM_HEAP
  return {new uint8_t[n], n};
#else
  void* p = mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return {static_cast<uint8_t*>(p), n};
#endif
}

void Unmap(std::span<uint8_t> m) {
#ifdef PARQ_ARENA_FROM_HEAP
  delete[] m.data();
#else
  munmap(m.data(), m.size());
#endif
}

}  // namespace

std::span<uint8_t> PageArena::Allocate(size_t n) {
  std::lock_guard<std::mutex> lock(mu_);
  if (n > kBlock / 4) {
    large_.push_back(std::make_unique_for_overwrite<uint8_t[]>(n));
    held_ += static_cast<int64_t>(n);
    return {large_.back().get(), n};
  }
  if (block_ == nullptr || offset_ + n > kBlock) {
    maps_.reserve(maps_.size() + 1);
    maps_.push_back(Map(kBlock));
    held_ += static_cast<int64_t>(kBlock);
    block_ = maps_.back().data();
    offset_ = 0;
  }
  uint8_t* p = block_ + offset_;
  offset_ += n;
  return {p, n};
}

void PageArena::Clear() {
  for (const std::span<uint8_t> m : maps_) Unmap(m);
  maps_.clear();
  large_.clear();
  block_ = nullptr;
  offset_ = 0;
  held_ = 0;
}

int64_t PageArena::bytes_held() const { return held_; }

}  // namespace parq::page
