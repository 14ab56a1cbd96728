// parq/buffer.h — a growable byte buffer that does not zero what it grows.
//
// std::vector<uint8_t>::resize writes zeros into every new byte, which costs
// a pass over memory (and page faults) for buffers that are about to be
// overwritten by a read or a decompressor.  Buffer keeps its capacity when
// shrunk, so one Buffer reused across pages and row groups allocates once.
//
// Thread-safety: none.
#ifndef PARQ_BUFFER_H_
#define PARQ_BUFFER_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <utility>

namespace parq {

class Buffer {
 public:
  Buffer() = default;
  explicit Buffer(size_t size) { Resize(size); }
  // A moved-from Buffer is empty, with no capacity.
  Buffer(Buffer&& other) noexcept
      : data_(std::move(other.data_)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  Buffer& operator=(Buffer&& other) noexcept {
    data_ = std::move(other.data_);
    size_ = std::exchange(other.size_, 0);
    capacity_ = std::exchange(other.capacity_, 0);
    return *this;
  }

  uint8_t* data() { return data_.get(); }
  const uint8_t* data() const { return data_.get(); }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  std::span<const uint8_t> span() const { return {data_.get(), size_}; }

  // New bytes are uninitialised; existing bytes are kept.
  void Resize(size_t size) {
    if (size > capacity_) Reserve(size > capacity_ * 3 / 2 ? size : capacity_ * 3 / 2);
    size_ = size;
  }
  void Reserve(size_t capacity) {
    if (capacity <= capacity_) return;
    std::unique_ptr<uint8_t[]> grown(new uint8_t[capacity]);
    if (size_) std::memcpy(grown.get(), data_.get(), size_);
    data_ = std::move(grown);
    capacity_ = capacity;
  }
  void Clear() { size_ = 0; }
  void Append(const void* bytes, size_t n) {
    size_t old = size_;
    Resize(size_ + n);
    if (n) std::memcpy(data_.get() + old, bytes, n);
  }

 private:
  std::unique_ptr<uint8_t[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace parq

#endif  // PARQ_BUFFER_H_
