// ReadAhead: one reader's side of read-ahead pairing (PageReader::Pair), and
// the two page slots its pages are read into.
//
// Paired with another, when this one needs its next page and neither holds a
// page read ahead, the next page of both is read and the two decompressed
// with one Codec::DecompressTwo call (SNAPPY decodes them interleaved); the
// other keeps its page for its next Next.  Unpaired, Next reads the next page
// into the current slot and decompresses it at once.
//
// Invariants:
//  - Pairing is symmetric: a is b's partner exactly when b is a's.  Pairing
//    again replaces an earlier partner, a reader with itself is no pair, and
//    destroying either ends the pair.
//  - At most one page is held ahead, and it lies in the spare slot: the page
//    Next returned last (in the current slot) keeps its header and bytes while
//    the next is read ahead.  Handing the page ahead out makes its slot the
//    current one; nothing is copied.
//  - While a page is read ahead, the current page's buffer is reported to the
//    source as held aside, so both count against max_allocation.
//  - An error, or the end of the chunk, met reading ahead is what the next
//    Next returns; a decompression error names the page's ordinal and offset.
//
// Buffers: the two slots' buffers come from the BufferPool, when there is
// one, and go back to it on destruction (the spare first), so that the next
// reader gets each back in the same role.
//
// Thread-safety: none; paired readers must be used by one thread.
#ifndef PARQ_PAGE_READ_AHEAD_H_
#define PARQ_PAGE_READ_AHEAD_H_

#include <optional>

#include "page/buffer_pool.h"
#include "page/page.h"
#include "page/page_source.h"
#include "parq/result.h"

namespace parq::page {

class ReadAhead {
 public:
  // Reads from `source`; `pool` (may be null) lends the slots' buffers.
  // Both must outlive this.
  ReadAhead(PageSource& source, BufferPool* pool);
  ~ReadAhead();
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  static void Pair(ReadAhead& a, ReadAhead& b);

  // For an encrypted chunk: the slots' decrypted-body buffers lent by the
  // pool too (as their page buffers), so that each new chunk's reader does
  // not allocate and grow them again.  All buffers go back when destroyed.
  void LendDecryptBuffers();

  // The next page: the one held ahead, else one read now (with the partner's
  // next, when paired).  The page stays valid until the next call, and while
  // the partner reads this side's next page ahead.
  Result<bool> Next(Page* page);

  // Whether a page (or an error met reading one) is held ahead: the source's
  // position is then past the page the next Next returns.
  bool holds_ahead() const { return ahead_.has_value(); }

 private:
  // The next page of both into their spare slots, decompressed together.
  // REQUIRES: neither holds a page ahead.
  static void ReadTogether(ReadAhead& a, ReadAhead& b);
  // Reads the next page into the spare slot, its decompression left in `job`.
  void ReadDeferred(DeferredDecompression* job);
  // Records the outcome of the page ahead's deferred decompression.
  void Decompressed(Status status);
  void Unpair();

  PageSource& source_;
  BufferPool* const pool_;
  PageSlot slots_[2];
  int current_ = 0;  // the slot of the page Next returned last
  ReadAhead* partner_ = nullptr;
  std::optional<Result<bool>> ahead_;  // what the next Next returns, when read ahead
  Page ahead_page_;                    // the page ahead, when ahead_ holds true
  // The page ahead's decompression while ReadTogether runs.  A member, not a
  // local of ReadTogether: the decoders read the Block as they go, and with
  // both Blocks on ReadTogether's stack the paired read of a 2,000-column
  // file measured 4-7 % slower (the same instructions, run slower).
  DeferredDecompression deferred_;
};

}  // namespace parq::page

#endif  // PARQ_PAGE_READ_AHEAD_H_
