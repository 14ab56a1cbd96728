// Vector<T>: the type of generated list, set and map fields.
//
// A pointer, a 32-bit size and a 31-bit capacity: 16 bytes, where
// std::vector with an arena allocator took 32.  A decoded footer holds a few
// lists per column chunk (encodings, path, page encoding stats), and the
// structs' size is decode time (see string.h).
//
// Memory follows the same rule as thrift::String: storage is taken from the
// thread's current arena while an ArenaScope is open, else from the heap,
// when the vector grows.  Arena storage is never freed here (the arena frees
// it as a whole); elements are destroyed either way.  A copy is always made
// on the heap, so copies outlive the arena.  Do not grow a heap-built vector
// while a scope is open: the decoders open scopes only around their own
// values.
//
// The interface is the part of std::vector that parq uses; sizes beyond
// 2^31 - 1 elements throw std::length_error (Thrift lists are i32-sized).
#ifndef PARQ_THRIFT_VECTOR_H_
#define PARQ_THRIFT_VECTOR_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "thrift/arena.h"

namespace parq::thrift {

template <class T>
class Vector {
 public:
  using value_type = T;
  using size_type = size_t;
  using difference_type = ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = T*;
  using const_pointer = const T*;
  using iterator = T*;
  using const_iterator = const T*;

  Vector() noexcept = default;
  explicit Vector(size_t n) { resize(n); }
  Vector(std::initializer_list<T> il) { assign(il.begin(), il.end()); }
  template <class It, class = typename std::iterator_traits<It>::iterator_category>
  Vector(It first, It last) {
    assign(first, last);
  }
  // Copies leave the arena: they belong to whoever made them.
  Vector(const Vector& o) { CopyToHeap(o); }
  Vector(Vector&& o) noexcept : data_(o.data_), size_(o.size_), cap_bits_(o.cap_bits_) { o.Forget(); }
  ~Vector() { Release(); }

  Vector& operator=(const Vector& o) {
    if (this != &o) assign(o.begin(), o.end());
    return *this;
  }
  Vector& operator=(Vector&& o) noexcept {
    if (this != &o) {
      Release();
      data_ = o.data_;
      size_ = o.size_;
      cap_bits_ = o.cap_bits_;
      o.Forget();
    }
    return *this;
  }
  Vector& operator=(std::initializer_list<T> il) {
    assign(il.begin(), il.end());
    return *this;
  }

  template <class It>
  void assign(It first, It last) {
    clear();
    if constexpr (std::is_base_of_v<std::forward_iterator_tag, typename std::iterator_traits<It>::iterator_category>) {
      reserve(static_cast<size_t>(std::distance(first, last)));
    }
    for (; first != last; ++first) emplace_back(*first);
  }

  size_t size() const noexcept { return size_; }
  size_t capacity() const noexcept { return cap_bits_ >> 1; }
  bool empty() const noexcept { return size_ == 0; }
  // Whether the storage is this vector's own heap memory (not an arena's).
  bool on_heap() const noexcept { return (cap_bits_ & 1) != 0; }

  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  T* begin() noexcept { return data_; }
  T* end() noexcept { return data_ + size_; }
  const T* begin() const noexcept { return data_; }
  const T* end() const noexcept { return data_ + size_; }
  const T* cbegin() const noexcept { return data_; }
  const T* cend() const noexcept { return data_ + size_; }
  T& operator[](size_t i) noexcept { return data_[i]; }
  const T& operator[](size_t i) const noexcept { return data_[i]; }
  T& at(size_t i) {
    if (i >= size_) throw std::out_of_range("thrift::Vector::at");
    return data_[i];
  }
  const T& at(size_t i) const {
    if (i >= size_) throw std::out_of_range("thrift::Vector::at");
    return data_[i];
  }
  T& front() noexcept { return data_[0]; }
  const T& front() const noexcept { return data_[0]; }
  T& back() noexcept { return data_[size_ - 1]; }
  const T& back() const noexcept { return data_[size_ - 1]; }

  void reserve(size_t n) {
    if (n <= capacity()) return;
    // Decoding reserves each list once, empty, in an arena: inline that.
    if (Arena* arena = tls_current_arena; arena != nullptr && cap_bits_ == 0 && n <= kMaxSize) [[likely]] {
      data_ = static_cast<T*>(arena->Allocate(n * sizeof(T), alignof(T)));
      cap_bits_ = static_cast<uint32_t>(n) << 1;
      return;
    }
    Reallocate(n);
  }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    if (size_ == capacity()) [[unlikely]] {
      // Built before moving the elements: args may refer to one of them.
      T v(std::forward<Args>(args)...);
      Reallocate(Grown());
      ::new (static_cast<void*>(data_ + size_)) T(std::move(v));
    } else {
      ::new (static_cast<void*>(data_ + size_)) T(std::forward<Args>(args)...);
    }
    return data_[size_++];
  }
  void push_back(const T& v) { emplace_back(v); }
  void push_back(T&& v) { emplace_back(std::move(v)); }
  void pop_back() noexcept { data_[--size_].~T(); }
  // New elements are value-initialized (zero for numbers).
  void resize(size_t n) {
    if (n < size_) {
      std::destroy(data_ + n, data_ + size_);
    } else if (n > size_) {
      reserve(n);
      std::uninitialized_value_construct(data_ + size_, data_ + n);
    }
    size_ = static_cast<uint32_t>(n);
  }
  // Like resize, but new elements of a trivial type are left uninitialized:
  // for a caller that writes every one of them next.
  void resize_for_overwrite(size_t n) {
    if constexpr (std::is_trivially_default_constructible_v<T> && std::is_trivially_destructible_v<T>) {
      reserve(n);
      size_ = static_cast<uint32_t>(n);
    } else {
      resize(n);
    }
  }
  void resize(size_t n, const T& v) {
    if (n < size_) {
      std::destroy(data_ + n, data_ + size_);
    } else if (n > size_) {
      const T copy = v;  // v may be an element
      reserve(n);
      std::uninitialized_fill(data_ + size_, data_ + n, copy);
    }
    size_ = static_cast<uint32_t>(n);
  }
  void clear() noexcept {
    std::destroy(data_, data_ + size_);
    size_ = 0;
  }
  // Inserts [first, last) before pos (appended, then rotated into place).
  // REQUIRES: the range is not in this vector.
  template <class It>
  T* insert(const T* pos, It first, It last) {
    const size_t at = static_cast<size_t>(pos - data_);
    const size_t old_size = size_;
    if constexpr (std::is_base_of_v<std::forward_iterator_tag, typename std::iterator_traits<It>::iterator_category>) {
      const size_t n = static_cast<size_t>(std::distance(first, last));
      if (n > kMaxSize - old_size) throw std::length_error("thrift::Vector: more than 2^31 - 1 elements");
      reserve(old_size + n);
    }
    for (; first != last; ++first) emplace_back(*first);
    std::rotate(data_ + at, data_ + old_size, data_ + size_);
    return data_ + at;
  }
  T* erase(const T* first, const T* last) {
    T* f = data_ + (first - data_);
    T* l = data_ + (last - data_);
    T* new_end = std::move(l, end(), f);
    std::destroy(new_end, end());
    size_ = static_cast<uint32_t>(new_end - data_);
    return f;
  }
  T* erase(const T* pos) { return erase(pos, pos + 1); }

  friend bool operator==(const Vector& a, const Vector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  static constexpr size_t kMaxSize = INT32_MAX;

  size_t Grown() const {
    if (size_ == kMaxSize) throw std::length_error("thrift::Vector: more than 2^31 - 1 elements");
    return std::min<size_t>(std::max<size_t>(size_t{2} * capacity(), 4), kMaxSize);
  }
  void Reallocate(size_t n) {
    if (n > kMaxSize) throw std::length_error("thrift::Vector: more than 2^31 - 1 elements");
    Arena* arena = tls_current_arena;
    T* p = arena != nullptr ? static_cast<T*>(arena->Allocate(n * sizeof(T), alignof(T)))
                            : std::allocator<T>().allocate(n);
    if (size_ != 0) {
      std::uninitialized_move(data_, data_ + size_, p);
      std::destroy(data_, data_ + size_);
    }
    FreeStorage();
    data_ = p;
    cap_bits_ = (static_cast<uint32_t>(n) << 1) | (arena == nullptr ? 1u : 0u);
  }
  void CopyToHeap(const Vector& o) {
    if (o.size_ == 0) return;
    T* p = std::allocator<T>().allocate(o.size_);
    try {
      std::uninitialized_copy(o.begin(), o.end(), p);
    } catch (...) {
      std::allocator<T>().deallocate(p, o.size_);
      throw;
    }
    data_ = p;
    size_ = o.size_;
    cap_bits_ = (o.size_ << 1) | 1u;
  }
  void FreeStorage() noexcept {
    if (on_heap() && data_ != nullptr) std::allocator<T>().deallocate(data_, capacity());
  }
  void Release() noexcept {
    std::destroy(data_, data_ + size_);
    FreeStorage();
  }
  void Forget() noexcept {
    data_ = nullptr;
    size_ = 0;
    cap_bits_ = 0;
  }

  T* data_ = nullptr;
  uint32_t size_ = 0;
  // capacity << 1, and in bit 0 whether data_ came from std::allocator and
  // is freed here (one plain word: bit-fields cost a read-modify-write).
  uint32_t cap_bits_ = 0;
};

// Conversions between the generated structs' lists and the standard ones the
// rest of parq uses (always to or from the heap outside an ArenaScope).
template <class T, class A>
Vector<T> ToVector(const std::vector<T, A>& v) {
  return Vector<T>(v.begin(), v.end());
}
template <class T>
std::vector<T> ToStdVector(const Vector<T>& v) {
  return std::vector<T>(v.begin(), v.end());
}

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_VECTOR_H_
