// PageSource: what ReadAhead reads pages from (a PageReader), and where one
// read puts its page.
//
// A page's header and decompressed bytes live in a PageSlot that its reader
// owns; the Page handed out points into it, and into the chunk bytes.  A read
// may leave its decompression for later (DeferredDecompression) so that two
// readers' pages decompress together.
//
// Thread-safety: none; a source and its slots are used by one thread.
#ifndef PARQ_PAGE_PAGE_SOURCE_H_
#define PARQ_PAGE_PAGE_SOURCE_H_

#include <cstdint>

#include "compression/codec.h"
#include "format/parquet_types.h"
#include "page/page.h"
#include "parq/buffer.h"
#include "parq/result.h"

namespace parq::page {

// The header of a page and the buffer it is decompressed into; a Page read
// into a slot stays valid while the slot is not read into again.
struct PageSlot {
  format::PageHeader header;
  Buffer buffer;
  // An encrypted page's decrypted body (empty otherwise): the page's spans
  // or its pending decompression may point into it.
  Buffer decrypted;
};

// A decompression sized and placed but not run: `block`'s output already
// lies in its slot's buffer.  No codec: none pending.
struct DeferredDecompression {
  compression::Codec* codec = nullptr;
  compression::Codec::Block block{};
};

// Where one read puts its page.
struct PageTarget {
  PageSlot* slot = nullptr;
  // Null: decompress at once; else the page's decompression, when it has
  // one, is left here for the caller to run.
  DeferredDecompression* deferred = nullptr;
  // Bytes the reader holds meanwhile for a page it returned before (the
  // current page, while the next is read ahead): they count against
  // max_allocation.
  int64_t held_aside = 0;
};

class PageSource {
 public:
  // Reads the next data or dictionary page into `target`; false at the end
  // of the chunk.  Errors carry the page's ordinal and file offset.
  virtual Result<bool> ReadPage(const PageTarget& target, Page* page) = 0;

 protected:
  ~PageSource() = default;
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_SOURCE_H_
