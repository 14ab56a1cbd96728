// page/page_arena.cc — carving pages from retained blocks.
#include "page/page_arena.h"

namespace parq::page {

std::span<uint8_t> PageArena::Allocate(size_t n) {
  std::lock_guard<std::mutex> lock(mu_);
  if (n > kBlock / 4) {
    large_.push_back(std::make_unique_for_overwrite<uint8_t[]>(n));
    large_bytes_ += static_cast<int64_t>(n);
    return {large_.back().get(), n};
  }
  if (block_ == 0 || offset_ + n > kBlock) {
    if (block_ == blocks_.size()) blocks_.push_back(std::make_unique_for_overwrite<uint8_t[]>(kBlock));
    ++block_;
    offset_ = 0;
  }
  uint8_t* p = blocks_[block_ - 1].get() + offset_;
  offset_ += n;
  return {p, n};
}

void PageArena::Clear() {
  block_ = offset_ = 0;
  large_.clear();
  large_bytes_ = 0;
}

int64_t PageArena::bytes_held() const {
  return static_cast<int64_t>(blocks_.size() * kBlock) + large_bytes_;
}

}  // namespace parq::page
