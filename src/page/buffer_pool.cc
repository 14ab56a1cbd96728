#include "page/buffer_pool.h"

#include <utility>

namespace parq::page {

Buffer BufferPool::Take() {
  std::lock_guard<std::mutex> lock(mu_);
  if (free_.empty()) return Buffer();
  Buffer b = std::move(free_.back());
  free_.pop_back();
  held_ -= b.capacity();
  return b;
}

void BufferPool::Give(Buffer buffer) {
  if (buffer.capacity() == 0) return;
  buffer.Clear();
  std::lock_guard<std::mutex> lock(mu_);
  if (held_ + buffer.capacity() > max_bytes_) return;  // freed as it goes out of scope
  held_ += buffer.capacity();
  free_.push_back(std::move(buffer));
}

size_t BufferPool::held_bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return held_;
}

}  // namespace parq::page
