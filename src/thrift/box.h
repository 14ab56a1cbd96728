// Box<T>: an optional T kept out of line, the type of generated optional
// struct fields (union members excepted).
//
// Why: std::optional<T> holds T inline, so a struct with several optional
// struct fields is as large as all of them together even when none is set.
// ColumnChunk held ColumnMetaData, its Statistics, SizeStatistics and
// GeospatialStatistics and the crypto metadata inline: 904 bytes a chunk,
// zeroed and written for each of the 100,000 chunks of a wide footer whose
// encoding takes 140 bytes a chunk.  A Box is one pointer; the value is
// allocated only when present, from the current thrift::Arena while one is
// open (so decoding stays a pointer bump) and from the heap otherwise.
//
// It reads like std::optional: has_value / bool, *, ->, value, emplace,
// reset, assignment from T, std::optional<T> or std::nullopt, ==.
// Copies are made on the heap (like the containers' copies, see arena.h);
// moves carry the storage and where it came from.
#ifndef PARQ_THRIFT_BOX_H_
#define PARQ_THRIFT_BOX_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>

#include "thrift/arena.h"

namespace parq::thrift {

template <class T>
class Box {
 public:
  Box() noexcept = default;
  Box(std::nullopt_t) noexcept {}
  Box(const T& v) { Set(Make(v)); }
  Box(T&& v) { Set(Make(std::move(v))); }
  Box(const Box& o) {
    if (o.has_value()) Set(MakeOnHeap(*o));
  }
  Box(Box&& o) noexcept : bits_(o.bits_) { o.bits_ = 0; }
  ~Box() { reset(); }

  Box& operator=(const Box& o) {
    if (this == &o) return *this;
    if (!o.has_value()) {
      reset();
    } else if (has_value()) {
      **this = *o;
    } else {
      Set(Make(*o));
    }
    return *this;
  }
  Box& operator=(Box&& o) noexcept {
    if (this != &o) {
      reset();
      bits_ = o.bits_;
      o.bits_ = 0;
    }
    return *this;
  }
  Box& operator=(std::nullopt_t) noexcept {
    reset();
    return *this;
  }
  Box& operator=(const T& v) {
    if (has_value()) {
      **this = v;
    } else {
      Set(Make(v));
    }
    return *this;
  }
  Box& operator=(T&& v) {
    if (has_value()) {
      **this = std::move(v);
    } else {
      Set(Make(std::move(v)));
    }
    return *this;
  }
  Box& operator=(const std::optional<T>& v) {
    if (v) return *this = *v;
    reset();
    return *this;
  }
  Box& operator=(std::optional<T>&& v) {
    if (v) return *this = std::move(*v);
    reset();
    return *this;
  }

  // A value already held is rebuilt in its own storage: a field repeated in
  // hostile input then costs nothing more, where a fresh arena allocation per
  // repeat would turn a few input bytes into hundreds of bytes of memory.
  template <class... Args>
  T& emplace(Args&&... args) {
    if (!has_value()) {
      Set(Make(std::forward<Args>(args)...));
      return **this;
    }
    T fresh(std::forward<Args>(args)...);
    **this = std::move(fresh);
    return **this;
  }
  void reset() noexcept {
    if (bits_ == 0) return;
    if (bits_ & kHeap) {
      delete get();
    } else {
      get()->~T();  // the memory goes with the arena
    }
    bits_ = 0;
  }

  bool has_value() const noexcept { return bits_ != 0; }
  explicit operator bool() const noexcept { return bits_ != 0; }
  T& operator*() noexcept { return *get(); }
  const T& operator*() const noexcept { return *get(); }
  T* operator->() noexcept { return get(); }
  const T* operator->() const noexcept { return get(); }
  const T& value() const {
    if (bits_ == 0) throw std::bad_optional_access();
    return *get();
  }
  T& value() {
    if (bits_ == 0) throw std::bad_optional_access();
    return *get();
  }
  // Whether the value is this Box's own heap memory (not an arena's).
  bool on_heap() const noexcept { return (bits_ & kHeap) != 0; }

  friend bool operator==(const Box& a, const Box& b) {
    if (!a.has_value() || !b.has_value()) return a.has_value() == b.has_value();
    return *a == *b;
  }
  friend bool operator==(const Box& a, std::nullopt_t) { return !a.has_value(); }

 private:
  // The low bit of the pointer says the value is on the heap; arena values
  // are allocated at least 2-aligned so that bit is free.
  static constexpr uintptr_t kHeap = 1;

  T* get() const noexcept { return reinterpret_cast<T*>(bits_ & ~kHeap); }
  void Set(uintptr_t bits) noexcept { bits_ = bits; }
  template <class... Args>
  static uintptr_t Make(Args&&... args) {
    if (Arena* arena = tls_current_arena; arena != nullptr) {
      void* p = arena->Allocate(sizeof(T), alignof(T) < 2 ? 2 : alignof(T));
      return reinterpret_cast<uintptr_t>(new (p) T(std::forward<Args>(args)...));
    }
    return MakeOnHeap(std::forward<Args>(args)...);
  }
  template <class... Args>
  static uintptr_t MakeOnHeap(Args&&... args) {
    static_assert(alignof(std::max_align_t) >= 2);
    return reinterpret_cast<uintptr_t>(new T(std::forward<Args>(args)...)) | kHeap;
  }

  uintptr_t bits_ = 0;
};

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_BOX_H_
