// Coalesced reads: many byte ranges of one file read in a few large reads.
//
// Reading the column chunks of a row group one ReadAt at a time costs one
// request per chunk: a system call on a local file, a round trip on remote
// storage.  Ranges that overlap or lie close together are read as one
// instead: two ranges at most `hole_size` bytes apart are merged (the bytes
// between are read and dropped), as long as the merged read stays within
// `max_read_size` (a single range larger than that is read alone, whole).
// Overlapping ranges are always merged, so what is read never exceeds the
// bytes the ranges cover plus the holes, however many ranges name the same
// bytes (a hostile footer cannot multiply the reads).
//
// Thread-safety: a CoalescedBytes is immutable once read; Find may be called
// from many threads at once.
#ifndef PARQ_IO_COALESCED_READ_H_
#define PARQ_IO_COALESCED_READ_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "parq/buffer.h"
#include "parq/io.h"
#include "parq/result.h"

namespace parq::io {

struct ByteRange {
  uint64_t offset = 0;
  uint64_t length = 0;
  uint64_t end() const { return offset + length; }
  bool operator==(const ByteRange&) const = default;
};

// The reads that cover `ranges` (in any order; empty ones are dropped),
// sorted by offset and disjoint.
std::vector<ByteRange> CoalesceRanges(std::vector<ByteRange> ranges, uint64_t hole_size,
                                      uint64_t max_read_size);

// The bytes of a set of coalesced reads.
class CoalescedBytes {
 public:
  // Reads the coalesced cover of `ranges` from `file`, one ReadAt a read,
  // into the buffers of `reuse` (an earlier set nobody uses any more: its
  // memory is already faulted in) before new ones.  kLimitExceeded, before
  // reading, when the reads add up to more than `max_bytes`; a range outside
  // the file is kCorrupt (as ReadAt).
  static Result<std::shared_ptr<CoalescedBytes>> Read(const RandomAccessFile& file, std::vector<ByteRange> ranges,
                                                      uint64_t hole_size, uint64_t max_read_size,
                                                      uint64_t max_bytes,
                                                      std::shared_ptr<CoalescedBytes> reuse = nullptr);

  // The bytes of `range` when one read holds all of them, else nullopt.
  std::optional<std::span<const uint8_t>> Find(ByteRange range) const;

  // The reads made, in file order.
  const std::vector<ByteRange>& reads() const { return reads_; }
  uint64_t total_bytes() const { return total_bytes_; }

 private:
  CoalescedBytes() = default;
  std::vector<ByteRange> reads_;
  std::vector<Buffer> bytes_;  // bytes_[i] holds reads_[i]
  uint64_t total_bytes_ = 0;
};

}  // namespace parq::io

#endif  // PARQ_IO_COALESCED_READ_H_
