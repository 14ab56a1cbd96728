// ChunkWindow: the bytes of one column chunk that a PageReader holds, and the
// reads that bring them in.
//
// A chunk in memory (a mapped or in-memory file, or bytes pre-buffered by
// FileReader::PreBuffer) is held whole, as a view.  Any other chunk is read
// from its file a window at a time (ReaderOptions::chunk_read_size; 0 reads
// the rest of the chunk), so what is held of a chunk does not grow with it.
//
// Invariants, kept by Ensure:
//  - What is held is one range [start, end()) of the chunk, end() <= length().
//  - At most two windows are held.  A window is one ReadAt, starting at the
//    chunk offset asked for, of chunk_read_size bytes or what is asked if
//    more, cut at the end of the chunk and at the room max_allocation leaves.
//  - Reads go in steps (BeginStep; one step per page read).  The first window
//    a step reads goes into the buffer the bytes held before are not in, and
//    any further window of the step into that same buffer: the bytes a step
//    hands out stay valid until the end of the next step, so a page returned
//    before keeps its bytes while its reader reads the next one ahead.
//  - Both windows count against max_allocation, with what the caller holds
//    beside them: a window that would take the total over it is
//    kLimitExceeded before anything is allocated.
//
// Buffers: the windows' buffers come from the BufferPool, when there is one,
// and go back to it when the ChunkWindow is destroyed (the second first, the
// reverse of the order they were taken).  A mapped file is told DoneWith its
// chunk on destruction, keeping the resident set small.
//
// Thread-safety: none; one ChunkWindow per thread.  It borrows the file and
// the pool, which must outlive it.
#ifndef PARQ_PAGE_CHUNK_WINDOW_H_
#define PARQ_PAGE_CHUNK_WINDOW_H_

#include <cstdint>
#include <span>

#include "page/buffer_pool.h"
#include "parq/buffer.h"
#include "parq/io.h"
#include "parq/result.h"
#include "parq/status.h"

namespace parq::page {

class ChunkWindow {
 public:
  // Holds an empty chunk until View or ReadFrom.  `pool` (may be null) lends
  // the windows' buffers: the first is taken now when `reads_file` (the chunk
  // will be read a window at a time), the second when first needed.
  ChunkWindow(BufferPool* pool, bool reads_file, int64_t read_size, int64_t max_allocation);
  ~ChunkWindow();
  ChunkWindow(const ChunkWindow&) = delete;
  ChunkWindow& operator=(const ChunkWindow&) = delete;

  // The chunk is `bytes`, whole, from file offset `file_offset`;
  // `mapped_file`, when not null, is the file whose memory they are.
  // REQUIRES: neither View nor ReadFrom called before.
  void View(uint64_t file_offset, std::span<const uint8_t> bytes,
            const RandomAccessFile* mapped_file);
  // The chunk is [file_offset, +length) of `file`, read a window at a time.
  // REQUIRES: neither View nor ReadFrom called before.
  void ReadFrom(const RandomAccessFile& file, uint64_t file_offset, uint64_t length);

  uint64_t length() const { return length_; }
  // The file offset of chunk offset `at`.
  uint64_t FileOffset(uint64_t at) const { return file_offset_ + at; }
  // The chunk offset one past the last byte held.
  uint64_t end() const { return start_ + bytes_.size(); }
  // How many bytes from chunk offset `at` on are held (0 past end()).
  uint64_t HeldFrom(uint64_t at) const { return end() - (at < end() ? at : end()); }
  // The byte at chunk offset `at`.  REQUIRES: the window's start <= at <= end().
  const uint8_t* At(uint64_t at) const { return bytes_.data() + (at - start_); }

  // The bytes the windows hold, as counted against max_allocation.
  int64_t window_bytes() const {
    return static_cast<int64_t>(windows_[0].size() + windows_[1].size());
  }

  // Starts a step: the next window read goes into the other buffer.
  void BeginStep() { refilled_ = false; }
  // Makes chunk bytes [from, to) held, reading a window from `from` when they
  // are not; `held_beside` is what the caller holds beside the windows.
  // REQUIRES: from <= to <= length(); `from` is not before the bytes held.
  Status Ensure(uint64_t from, uint64_t to, int64_t held_beside);

  // Windows read from `at` on end at `cap` (a chunk offset) unless a page
  // asked for needs more: the reader of selected pages (PageReader::ReadRange)
  // reads nothing of the pages it skips.  Default: the chunk's length.
  void set_read_cap(uint64_t cap) { cap_ = cap; }

  // Bytes [at, at + n) of the chunk: a view of what is held, else read into
  // `scratch` (one read, which is counted, beside the windows).
  // REQUIRES: at + n <= length().
  Result<std::span<const uint8_t>> Peek(uint64_t at, uint64_t n, Buffer* scratch);

  // Bytes read from the file so far (windows and Peek); 0 for a view.
  int64_t bytes_read() const { return bytes_read_; }
  bool is_view() const { return file_ == nullptr; }

  // Called once the bytes up to chunk offset `to` are no longer needed (a
  // page decompressed into a buffer of its own): frees the window when it
  // ends at `to` and was read larger than chunk_read_size, which happens
  // only for a page larger than that, held alone.  So a 60 MB compressed page
  // does not stay beside its decompressed bytes while they are used.
  // Normal windows are kept for the pages that follow.
  void DropIfOversized(uint64_t to);

 private:
  BufferPool* const pool_;
  const int64_t read_size_;
  const int64_t max_allocation_;
  const RandomAccessFile* file_ = nullptr;         // when read a window at a time
  const RandomAccessFile* mapped_file_ = nullptr;  // when bytes_ is a view of its memory
  uint64_t file_offset_ = 0;                       // of the chunk's first byte
  uint64_t length_ = 0;                            // bytes in the chunk
  std::span<const uint8_t> bytes_;                 // held: the whole chunk, or a window
  uint64_t start_ = 0;                             // chunk offset of bytes_[0]
  Buffer windows_[2];
  int window_ = 1;         // which of windows_ bytes_ lies in (the first read fills windows_[0])
  bool refilled_ = false;  // whether this step has read a window yet
  uint64_t cap_ = UINT64_MAX;  // see set_read_cap
  int64_t bytes_read_ = 0;
};

}  // namespace parq::page

#endif  // PARQ_PAGE_CHUNK_WINDOW_H_
