// PageReader: walks the pages of one column chunk.
//
// A mapped or in-memory file's chunk is a view of its memory, and so is a
// chunk pre-buffered by FileReader::PreBuffer.  Any other file
// is read a window at a time (ReaderOptions::chunk_read_size, 4 MiB unless
// set): the pages that lie in the window, then the next window, which starts
// at the first page not yet read and always holds that page whole, so what
// it holds of a chunk does not grow with the chunk.  For each page it decodes the header (bounded by
// ReaderOptions::max_page_header_size), verifies the CRC when asked and
// present, checks every size against the chunk and the limits, and
// decompresses into a buffer reused from page to page.  INDEX_PAGE and page
// types it does not know are skipped; a dictionary page is accepted only
// before the first data page.
//
// Every buffer it sizes from the file counts against
// ReaderOptions::max_allocation: the chunk bytes it holds (the windows, when
// the file is not in memory), the decompressed page, and the dictionary page that the column
// reader keeps with its decoded entries (bounded as 16 bytes a value).  A page
// that would take the total over the limit is kLimitExceeded before anything
// is allocated.
//
// Errors carry the page ordinal and the file offset of its header; the
// caller adds the column path and row group.
//
// Thread-safety: one PageReader per thread; it borrows the file.
#ifndef PARQ_PAGE_PAGE_READER_H_
#define PARQ_PAGE_PAGE_READER_H_

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "compression/codec.h"
#include "format/parquet_types.h"
#include "page/buffer_pool.h"
#include "page/chunk_range.h"
#include "page/page.h"
#include "parq/buffer.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/result.h"

namespace parq::page {

class PageReader {
 public:
  // `md` must outlive the reader.  The reader's buffers come from
  // `buffer_pool` and go back to it when it is destroyed (none: null).
  // `chunk_bytes`, when not empty, are the bytes of the chunk's
  // ComputeChunkRange already in memory (pre-buffered), which must outlive
  // the reader: the pages are decoded from them, as from a mapped file.
  static Result<std::unique_ptr<PageReader>> Open(const RandomAccessFile& file,
                                                  const format::ColumnMetaData& md,
                                                  const ReaderOptions& options,
                                                  const std::optional<std::string>& created_by,
                                                  std::shared_ptr<BufferPool> buffer_pool = nullptr,
                                                  std::span<const uint8_t> chunk_bytes = {});

  // A reader of a memory-mapped file hands its chunk's pages back to the
  // file (RandomAccessFile::DoneWith), keeping the resident set small.
  ~PageReader();
  PageReader(const PageReader&) = delete;
  PageReader& operator=(const PageReader&) = delete;

  // Fills `page` with the next data or dictionary page; returns false at the
  // end of the chunk.  The page's spans stay valid until the next call (and
  // while a partner reads this reader's next page ahead, see Pair).
  Result<bool> Next(Page* page);

  // Total values of the data pages read so far (a page read ahead counts).
  int64_t values_seen() const { return values_seen_; }

  // From now on, when `a` or `b` needs its next page and the other holds
  // none read ahead, the next page of both is read and the two decompressed
  // with one Codec::DecompressTwo call (SNAPPY decodes them interleaved); the
  // other keeps its page for its next Next.  So reads that take turns between
  // the two (a batch of one, a batch of the other) decompress every page in
  // a pair, one page ahead at most.  An error, or the end of the chunk, met
  // while reading ahead is what that reader's next Next returns.  Pairing
  // again replaces an earlier partner; a reader with itself is no pair; the
  // pair ends when either is destroyed.  Both must be used by one thread.
  static void Pair(PageReader& a, PageReader& b);

 private:
  PageReader(const format::ColumnMetaData& md, const ReaderOptions& options)
      : md_(md), options_(options) {}

  // Decompresses into *dst, or while reading ahead only sizes *dst and
  // records the job in pending_.
  Status Decompress(const uint8_t* src, size_t src_size, size_t dst_size, Buffer* dst,
                    std::span<const uint8_t>* out);
  // Next without the pages read ahead: the next page from the chunk bytes.
  Result<bool> ReadPage(Page* page);
  // ReadPage into ahead_page_, with its decompression left in pending_; the
  // current page's header and buffer are kept aside meanwhile.
  void ReadAheadDeferred();
  // The next page of both, decompressed together (see Pair).
  static void ReadAheadTogether(PageReader& a, PageReader& b);
  void Unpair();
  // kLimitExceeded when holding `page_bytes` more (beside the chunk bytes and
  // the dictionary) would exceed max_allocation.
  Status CheckAllocation(int64_t page_bytes, const char* what) const;
  // What the reader holds beside its windows: the dictionary, and the
  // current page's buffer while reading ahead.
  int64_t HeldBesideWindows() const;
  // Makes chunk bytes [pos_, end) available in chunk_ (end <= chunk_length_),
  // reading the next window when they are not.  The first window read by one
  // ReadPage goes into the other buffer, so the page returned before (which
  // may still be in use while a partner reads ahead) keeps its bytes.
  Status EnsureAvailable(uint64_t end);
  // The chunk offset one past the last byte chunk_ holds.
  uint64_t WindowEnd() const { return window_start_ + chunk_.size(); }
  // The chunk byte at chunk offset `at` (within the window).
  const uint8_t* ChunkByte(uint64_t at) const { return chunk_.data() + (at - window_start_); }

  const format::ColumnMetaData& md_;
  ReaderOptions options_;
  std::shared_ptr<BufferPool> buffer_pool_;
  std::unique_ptr<compression::Codec> codec_;
  const RandomAccessFile* file_ = nullptr;
  uint64_t chunk_offset_ = 0;            // file offset of the chunk's first byte
  uint64_t chunk_length_ = 0;            // bytes in the chunk
  std::span<const uint8_t> chunk_;       // the chunk bytes held: the whole chunk, or a window
  uint64_t window_start_ = 0;            // chunk offset of chunk_[0]
  Buffer windows_[2];                    // windows read from a file not in memory
  int window_ = 1;                       // which of windows_ chunk_ lies in (the first read fills windows_[0])
  bool refilled_ = false;                // whether this ReadPage has read a window yet
  const RandomAccessFile* mapped_file_ = nullptr;  // when chunk_ is a view of its memory
  uint64_t pos_ = 0;                     // chunk offset of the next header
  int64_t ordinal_ = 0;
  int64_t values_seen_ = 0;
  bool seen_data_page_ = false;
  format::PageHeader header_;
  Buffer decompressed_;
  int64_t dictionary_bytes_ = 0;  // what the column reader keeps of the dictionary page

  // Reading ahead: the page, what Next will return, and the header and
  // buffer it uses (swapped with header_ and decompressed_ when returned).
  struct PendingDecompression {
    bool active = false;
    compression::Codec::Block block{};
  };
  PageReader* partner_ = nullptr;
  bool reading_ahead_ = false;
  std::optional<Result<bool>> ahead_;
  Page ahead_page_;
  format::PageHeader ahead_header_;
  Buffer ahead_buffer_;
  PendingDecompression pending_;  // of ahead_page_ (its ordinal and offset name errors)
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_READER_H_
