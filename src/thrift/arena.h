// Arena: where decoded Thrift structs keep their strings, lists and boxed
// optional structs.
//
// Decoding a footer of 10,000 columns builds tens of thousands of strings and
// small lists.  With the global heap each is a malloc when built and a free
// when the metadata goes away, and the frees walk every struct again; that was
// most of the decode time.  Instead a decoder opens an ArenaScope: while it is
// open, thrift::String, thrift::Vector and thrift::Box take the memory of the
// values built on that thread from the arena by bumping a pointer, and the
// arena hands all of it back at once when it is destroyed.  A value built in
// the arena with ArenaOwned is never destroyed member by member at all.
//
// A destroyed arena's blocks go to a process-wide pool (at most 128 MiB) that
// the next arena draws from, so a warm process reuses mapped memory.
//
// Outside a scope those types use the global heap, so code that builds
// structs to write them (the writer) is unaffected.
//
// Rules that keep this sound:
//  - a copy (copy construction) is always made outside the arena, whatever
//    the source used, so copies outlive the arena;
//  - moves carry the memory and where it came from;
//  - a value whose memory is in an arena must not outlive it (ArenaOwned
//    and the aliasing shared_ptr it returns tie the two together);
//  - heap-built values are not changed while a scope is open on the thread
//    (the memory they would take then is the arena's).
//
// Thread-safety: an Arena is used by one thread at a time; the current arena
// is per thread.
#ifndef PARQ_THRIFT_ARENA_H_
#define PARQ_THRIFT_ARENA_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>

namespace parq::thrift {

class Arena {
 public:
  // `first_block` sizes the first block; later ones double (up to 16 MiB).
  explicit Arena(size_t first_block = 64 * 1024) : next_block_(first_block) {}
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  void* Allocate(size_t size, size_t align) {
    const uintptr_t cur = reinterpret_cast<uintptr_t>(cur_);
    const uintptr_t p = (cur + (align - 1)) & ~uintptr_t(align - 1);
    // cur_ == end_ == nullptr before the first block, so this fails then.
    // (p cannot wrap: cur_ is inside a block, far below the top of memory.)
    if (p + size <= reinterpret_cast<uintptr_t>(end_) && cur != 0) [[likely]] {
      cur_ = reinterpret_cast<char*>(p + size);
      return reinterpret_cast<void*>(p);
    }
    return AllocateSlow(size, align);
  }

  // Takes back everything handed out, keeping the newest block for what
  // comes next (the others go to the pool).  REQUIRES: nothing built in the
  // arena is used afterwards.
  void Reset();

  // Bytes taken from the system so far (blocks, not what was handed out).
  size_t reserved() const { return reserved_; }

 private:
  struct Block {
    Block* next;
    size_t size;
  };
  void* AllocateSlow(size_t size, size_t align);

  char* cur_ = nullptr;
  char* end_ = nullptr;
  Block* blocks_ = nullptr;
  size_t next_block_;
  size_t reserved_ = 0;
};

// The arena containers built on this thread use, or nullptr for the heap.
inline thread_local Arena* tls_current_arena = nullptr;

// Makes `arena` current on this thread for its lifetime (nests).
class ArenaScope {
 public:
  explicit ArenaScope(Arena* arena) : saved_(tls_current_arena) { tls_current_arena = arena; }
  ~ArenaScope() { tls_current_arena = saved_; }
  ArenaScope(const ArenaScope&) = delete;
  ArenaScope& operator=(const ArenaScope&) = delete;

 private:
  Arena* saved_;
};

// A T built inside its own arena together with everything it holds, never
// destroyed member by member: the arena's blocks are freed as a whole.
// Build it (e.g. decode into *get()) only while the ArenaScope from scope()
// is open, so that every container inside it uses the arena.
template <class T>
class ArenaOwned {
 public:
  explicit ArenaOwned(size_t first_block = 64 * 1024)
      : arena_(std::make_shared<Arena>(first_block)) {
    ArenaScope scope(arena_.get());
    value_ = new (arena_->Allocate(sizeof(T), alignof(T))) T();
  }
  T* get() { return value_; }
  Arena* arena() { return arena_.get(); }
  // Shares the arena; the value lives as long as any copy of the pointer.
  std::shared_ptr<const T> Share() && { return std::shared_ptr<const T>(std::move(arena_), value_); }

 private:
  std::shared_ptr<Arena> arena_;
  T* value_;
};

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_ARENA_H_
