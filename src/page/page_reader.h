// PageReader: walks the pages of one column chunk.
//
// It reads the chunk's byte range once (zero-copy for mapped and in-memory
// files), then for each page decodes the header (bounded by
// ReaderOptions::max_page_header_size), verifies the CRC when asked and
// present, checks every size against the chunk and the limits, and
// decompresses into a buffer reused from page to page.  INDEX_PAGE and page
// types it does not know are skipped; a dictionary page is accepted only
// before the first data page.
//
// Every buffer it sizes from the file counts against
// ReaderOptions::max_allocation: the chunk bytes (when the file is not in
// memory), the decompressed page, and the dictionary page that the column
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
#include <string>

#include "compression/codec.h"
#include "format/parquet_types.h"
#include "page/page.h"
#include "parq/buffer.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/result.h"

namespace parq::page {

// Where a chunk's pages lie in the file, with the writer quirks applied:
// dictionary_page_offset 0 means none; files from parquet-mr up to 1.2.8
// under-count total_compressed_size by the dictionary page header, so up to
// 100 bytes (bounded by the file) are added for those.
struct ChunkRange {
  uint64_t offset = 0;
  uint64_t length = 0;
};
Result<ChunkRange> ComputeChunkRange(const format::ColumnMetaData& md, uint64_t file_size,
                                     const std::optional<std::string>& created_by);

class PageReader {
 public:
  // `md` must outlive the reader.
  static Result<std::unique_ptr<PageReader>> Open(const RandomAccessFile& file,
                                                  const format::ColumnMetaData& md,
                                                  const ReaderOptions& options,
                                                  const std::optional<std::string>& created_by);

  // A reader of a memory-mapped file hands its chunk's pages back to the
  // file (RandomAccessFile::DoneWith), keeping the resident set small.
  ~PageReader();
  PageReader(const PageReader&) = delete;
  PageReader& operator=(const PageReader&) = delete;

  // Fills `page` with the next data or dictionary page; returns false at the
  // end of the chunk.  The page's spans stay valid until the next call.
  Result<bool> Next(Page* page);

  // Total values of the data pages returned so far.
  int64_t values_seen() const { return values_seen_; }

 private:
  PageReader(const format::ColumnMetaData& md, const ReaderOptions& options)
      : md_(md), options_(options) {}

  Status Decompress(const uint8_t* src, size_t src_size, size_t dst_size, Buffer* dst,
                    std::span<const uint8_t>* out);
  // kLimitExceeded when holding `page_bytes` more (beside the chunk and the
  // dictionary) would exceed max_allocation.
  Status CheckAllocation(int64_t page_bytes, const char* what) const;

  const format::ColumnMetaData& md_;
  ReaderOptions options_;
  std::unique_ptr<compression::Codec> codec_;
  Buffer chunk_scratch_;                 // the chunk bytes when the file is not in memory
  std::span<const uint8_t> chunk_;       // the chunk bytes
  uint64_t chunk_offset_ = 0;            // file offset of chunk_[0]
  const RandomAccessFile* mapped_file_ = nullptr;  // when chunk_ is a view of its memory
  size_t pos_ = 0;                       // next header within chunk_
  int64_t ordinal_ = 0;
  int64_t values_seen_ = 0;
  bool seen_data_page_ = false;
  format::PageHeader header_;
  Buffer decompressed_;
  int64_t dictionary_bytes_ = 0;  // what the column reader keeps of the dictionary page
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_READER_H_
