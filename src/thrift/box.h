// Box<T>: an optional T kept out of line, the type of generated optional
// struct fields (union members excepted).
//
// Why: std::optional<T> holds T inline, so a struct with several optional
// struct fields is as large as all of them together even when none is set.
// ColumnChunk held ColumnMetaData, its Statistics, SizeStatistics and
// GeospatialStatistics and the crypto metadata inline: 904 bytes a chunk,
// zeroed and written for each of the 100,000 chunks of a wide footer whose
// encoding takes 140 bytes a chunk.  A Box is two pointers; the value is
// allocated only when present, from the current thrift::Arena while one is
// open (so decoding stays a pointer bump) and from the heap otherwise.
//
// It reads like std::optional: has_value / bool, *, ->, value, emplace,
// reset, assignment from T, std::optional<T> or std::nullopt, ==.
// Copies are made on the heap (like the containers' copies, see arena.h);
// moves carry the storage and where it came from.
#ifndef PARQ_THRIFT_BOX_H_
#define PARQ_THRIFT_BOX_H_

#include <optional>
#include <stdexcept>
#include <utility>

#include "thrift/arena.h"

namespace parq::thrift {

template <class T>
class Box {
 public:
  Box() noexcept : arena_(tls_current_arena) {}
  Box(std::nullopt_t) noexcept : Box() {}
  Box(const T& v) : Box() { p_ = Make(v); }
  Box(T&& v) : Box() { p_ = Make(std::move(v)); }
  Box(const Box& o) : arena_(nullptr) {
    if (o.p_ != nullptr) p_ = Make(*o.p_);
  }
  Box(Box&& o) noexcept : p_(o.p_), arena_(o.arena_) { o.p_ = nullptr; }
  ~Box() { reset(); }

  Box& operator=(const Box& o) {
    if (this == &o) return *this;
    if (o.p_ == nullptr) {
      reset();
    } else if (p_ != nullptr) {
      *p_ = *o.p_;
    } else {
      p_ = Make(*o.p_);
    }
    return *this;
  }
  Box& operator=(Box&& o) noexcept {
    if (this != &o) {
      reset();
      p_ = o.p_;
      arena_ = o.arena_;
      o.p_ = nullptr;
    }
    return *this;
  }
  Box& operator=(std::nullopt_t) noexcept {
    reset();
    return *this;
  }
  Box& operator=(const T& v) {
    if (p_ != nullptr) {
      *p_ = v;
    } else {
      p_ = Make(v);
    }
    return *this;
  }
  Box& operator=(T&& v) {
    if (p_ != nullptr) {
      *p_ = std::move(v);
    } else {
      p_ = Make(std::move(v));
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
    if (p_ == nullptr) {
      p_ = Make(std::forward<Args>(args)...);
      return *p_;
    }
    T fresh(std::forward<Args>(args)...);
    *p_ = std::move(fresh);
    return *p_;
  }
  void reset() noexcept {
    if (p_ == nullptr) return;
    if (arena_ != nullptr) {
      p_->~T();  // the memory goes with the arena
    } else {
      delete p_;
    }
    p_ = nullptr;
  }

  bool has_value() const noexcept { return p_ != nullptr; }
  explicit operator bool() const noexcept { return p_ != nullptr; }
  T& operator*() noexcept { return *p_; }
  const T& operator*() const noexcept { return *p_; }
  T* operator->() noexcept { return p_; }
  const T* operator->() const noexcept { return p_; }
  const T& value() const {
    if (p_ == nullptr) throw std::bad_optional_access();
    return *p_;
  }
  T& value() {
    if (p_ == nullptr) throw std::bad_optional_access();
    return *p_;
  }

  friend bool operator==(const Box& a, const Box& b) {
    if (a.p_ == nullptr || b.p_ == nullptr) return a.p_ == b.p_;
    return *a.p_ == *b.p_;
  }
  friend bool operator==(const Box& a, std::nullopt_t) { return a.p_ == nullptr; }

 private:
  template <class... Args>
  T* Make(Args&&... args) {
    if (arena_ != nullptr) return new (arena_->Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
    return new T(std::forward<Args>(args)...);
  }

  T* p_ = nullptr;
  Arena* arena_;
};

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_BOX_H_
