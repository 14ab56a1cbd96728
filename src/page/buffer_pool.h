// BufferPool: page buffers handed from column readers that are done to the
// ones that come next.
//
// A PageReader holds up to four buffers of about a page or a read window
// each (two windows of chunk bytes, the decompressed page, the page read
// ahead).  Readers
// come and go per column chunk; without the pool each new one allocates its
// buffers again, and glibc hands large blocks back to the kernel on free, so
// every chunk paid page faults and the kernel's zeroing of fresh pages
// (7 % of a full lineitem read in perf).  A FileReader keeps one pool; its
// column readers take buffers from it when they open and give them back when
// destroyed.  The pool keeps at most `max_bytes` of capacity; a buffer that
// would go over is freed.
//
// Thread-safety: Take and Give may be called from many threads at once.
#ifndef PARQ_PAGE_BUFFER_POOL_H_
#define PARQ_PAGE_BUFFER_POOL_H_

#include <cstddef>
#include <mutex>
#include <vector>

#include "parq/buffer.h"

namespace parq::page {

class BufferPool {
 public:
  explicit BufferPool(size_t max_bytes) : max_bytes_(max_bytes) {}
  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;

  // The most recently given buffer (size 0, its capacity kept), or an empty
  // one when the pool has none.
  Buffer Take();
  // Keeps `buffer` for a later Take when the pool stays within max_bytes.
  void Give(Buffer buffer);

  // Capacity held now, in bytes.
  size_t held_bytes() const;

 private:
  const size_t max_bytes_;
  mutable std::mutex mu_;
  std::vector<Buffer> free_;
  size_t held_ = 0;
};

}  // namespace parq::page

#endif  // PARQ_PAGE_BUFFER_POOL_H_
