// PageReader: walks the pages of one column chunk.
//
// It reads each page as a sequence of steps: decode the header (bounded by
// ReaderOptions::max_page_header_size) from the chunk bytes held, check every
// size against the chunk and the limits, make the body held, verify the CRC
// when asked and present, and fill the Page for its type, decompressing into
// its slot's buffer.  INDEX_PAGE and page types it does not know are skipped;
// a dictionary page is accepted only before the first data page, and once.  The
// mechanisms around those steps are classes of their own:
//   ChunkWindow  the chunk bytes held: a view of a mapped, in-memory or
//                pre-buffered chunk, else windows read from the file
//                (ReaderOptions::chunk_read_size), at most two at a time;
//   ReadAhead    pairing with another reader (Pair), and the two page slots;
//   BufferPool   the buffers of both, handed on to the next reader.
//
// Every buffer it sizes from the file counts against
// ReaderOptions::max_allocation: the windows (when the file is not in
// memory), the decompressed page (and the one before it, while a page is read
// ahead), and the dictionary page that the column reader keeps with its
// decoded entries (bounded as 16 bytes a value).  A page that would take the
// total over the limit is kLimitExceeded before anything is allocated.
//
// A chunk of an encrypted column (Encryption.md) is read with its
// crypto::ChunkCipher: each page header is a module decrypted before it is
// decoded, and each body a module decrypted (after its CRC, which covers the
// encrypted bytes) before it is decompressed; the AADs carry the data page
// ordinal.  Nothing else changes, and a plaintext chunk pays nothing.
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
#include <vector>

#include "compression/codec.h"
#include "crypto/module.h"
#include "format/parquet_types.h"
#include "page/buffer_pool.h"
#include "page/chunk_range.h"
#include "page/chunk_window.h"
#include "page/page.h"
#include "page/page_source.h"
#include "page/read_ahead.h"
#include "parq/io.h"
#include "parq/metadata.h"
#include "parq/options.h"
#include "parq/result.h"

namespace parq::page {

class PageReader final : private PageSource {
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
                                                  std::span<const uint8_t> chunk_bytes = {},
                                                  std::shared_ptr<const crypto::ChunkCipher> cipher = nullptr);

  // A reader of a memory-mapped file hands its chunk's pages back to the
  // file (RandomAccessFile::DoneWith, see ChunkWindow), keeping the
  // resident set small.
  ~PageReader() = default;
  PageReader(const PageReader&) = delete;
  PageReader& operator=(const PageReader&) = delete;

  // Fills `page` with the next data or dictionary page; returns false at the
  // end of the chunk.  The page's spans stay valid until the next call (and
  // while a partner reads this reader's next page ahead, see Pair).
  Result<bool> Next(Page* page) { return ahead_.Next(page); }

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
  static void Pair(PageReader& a, PageReader& b) { ReadAhead::Pair(a.ahead_, b.ahead_); }

  // --- Reading some pages only (the column reader, with a row selection) ---

  // From now on reads the pages in file bytes [file_from, file_to) of the
  // chunk: Next returns false at file_to (another ReadRange goes on), and
  // windows read nothing past it unless a page there needs more.  Forward
  // only, and only while no page is held ahead: false then, and nothing
  // changes (the caller reads on page by page).  kCorrupt when the range
  // starts before the reader's position or does not lie in the chunk.
  // `data_page_ordinal` is the place among the chunk's data pages of the
  // page at file_from (its OffsetIndex position), which an encrypted
  // column's AADs carry.
  Result<bool> ReadRange(uint64_t file_from, uint64_t file_to, int64_t data_page_ordinal);
  bool holds_page_ahead() const { return ahead_.holds_ahead(); }
  // The file offset of the chunk's first byte.
  uint64_t chunk_file_offset() const { return chunk_.FileOffset(0); }
  uint64_t chunk_length() const { return chunk_.length(); }

  // What the header of a page not read says, to check an OffsetIndex
  // against the pages it skips: the header at `file_offset` (of a page of
  // `size` bytes by the index) is decoded, the body neither read nor
  // decompressed (an encrypted column's header decrypted as data page
  // `data_page_ordinal`).  num_rows is -1 for a v1 data page.
  struct HeaderSummary {
    PageType type = PageType::kDataPage;
    int64_t num_values = 0;
    int64_t num_rows = -1;
    uint64_t size_in_file = 0;  // header and body
    std::optional<EncodedStatistics> statistics;  // a data page's, as its header holds them
  };
  Result<HeaderSummary> InspectHeader(uint64_t file_offset, uint64_t size, int64_t data_page_ordinal);

  // Every data page header of the chunk, from its start, as InspectHeader
  // sees it, bodies neither read nor decompressed (page pruning by header
  // statistics where the chunk has no page index); an encrypted column's
  // header modules are decrypted with the reader's cipher.  The walk ends as
  // Next's does (the chunk's end, or data pages holding the chunk's
  // num_values).  Changes nothing of what Next reads.  kCorrupt for a header
  // that does not decode or authenticate, or a page past the chunk.
  struct HeaderPage {
    uint64_t file_offset = 0;
    HeaderSummary summary;
  };
  Result<std::vector<HeaderPage>> ScanDataPageHeaders();

  // Without an index: the next Next passes over, unread beyond their
  // headers and not decompressed, the data pages whose headers say they
  // hold at most the `rows` rows still to skip (a v2 page's num_rows; a v1
  // page's num_values when `flat`, the column having no repetition levels).
  // TakeRowsSkipped returns the rows so passed over and clears both.
  void SkipRowsByHeader(int64_t rows, bool flat) {
    skip_rows_ = rows;
    skip_flat_ = flat;
  }
  int64_t TakeRowsSkipped() {
    const int64_t n = rows_skipped_;
    rows_skipped_ = skip_rows_ = 0;
    return n;
  }

  // Data pages read (decoded and decompressed), data pages passed over
  // (here or by the column reader, CountSkipped), and bytes read from the
  // file (for a chunk in memory: the bytes of the pages and headers used).
  int64_t pages_read() const { return pages_read_; }
  int64_t pages_skipped() const { return pages_skipped_; }
  int64_t bytes_read() const { return chunk_.bytes_read() + viewed_bytes_; }
  void CountSkipped(int64_t pages) { pages_skipped_ += pages; }

 private:
  PageReader(const format::ColumnMetaData& md, const ReaderOptions& options,
             std::shared_ptr<BufferPool> buffer_pool, bool reads_file);

  // The next page from the chunk bytes, past the pages skipped (PageSource).
  Result<bool> ReadPage(const PageTarget& target, Page* page) override;
  // The steps of ReadPage for the page whose header is at pos_: false when
  // it is one the reader skips.  Errors are without the page's context.
  Result<bool> ReadPageAtPos(const PageTarget& target, Page* page);
  // Decodes the header at pos_ into *header; returns where its body starts.
  Result<uint64_t> DecodeHeader(format::PageHeader* header, int64_t held_aside);
  // The same for an encrypted column: the header module at pos_ decrypted,
  // then decoded.
  Result<uint64_t> DecodeEncryptedHeader(format::PageHeader* header, int64_t held_aside);
  // InspectHeader of an encrypted column's page, at chunk offset `at`
  // (`first_page`: the chunk's first, its dictionary page's header when the
  // chunk has one).
  Result<HeaderSummary> InspectEncryptedHeader(uint64_t at, uint64_t size, int64_t data_page_ordinal,
                                               bool first_page);
  static HeaderSummary Summarize(const format::PageHeader& header, uint64_t header_size, uint64_t body_size);
  // Where an encrypted page's body module (at body_start) ends.
  Result<uint64_t> EncryptedBodyEnd(const format::PageHeader& header, uint64_t body_start, int64_t held_aside);
  // An encrypted page's body decrypted into the slot; *body becomes it.
  Status DecryptBody(PageType type, const PageTarget& target, std::span<const uint8_t>* body);
  // Where the body of `header` ends (starting at `body_start`): kCorrupt when
  // a size is negative or the body runs past the chunk.
  Result<uint64_t> BodyEnd(const format::PageHeader& header, uint64_t body_start) const;
  // max_page_size, max_decompression_ratio, and max_allocation for a data
  // page's decompressed bytes.
  Status CheckPageSize(const format::PageHeader& header, PageType type, int64_t held_aside) const;
  Status VerifyChecksum(const format::PageHeader& header, std::span<const uint8_t> body) const;
  // Fill `page` from its header and body, one per page type.
  Status ReadDictionaryPage(const format::PageHeader& header, std::span<const uint8_t> body,
                            const PageTarget& target, Page* page);
  Status ReadDataPage(const format::PageHeader& header, std::span<const uint8_t> body,
                      const PageTarget& target, Page* page);
  Status ReadDataPageV2(const format::PageHeader& header, std::span<const uint8_t> body,
                        const PageTarget& target, Page* page);
  // Decompresses `src` into `dst` (or leaves that to `deferred`, when not
  // null); *out is the page's bytes (`src` itself when uncompressed).
  Status Decompress(std::span<const uint8_t> src, size_t dst_size, Buffer& dst, DeferredDecompression* deferred,
                    std::span<const uint8_t>* out);
  // What the reader holds beside the windows: the dictionary, and the bytes
  // held aside for the current page while the next is read ahead.
  int64_t HeldBesideWindows(int64_t held_aside) const { return dictionary_bytes_ + held_aside; }
  // kLimitExceeded when holding `page_bytes` more (beside the windows and
  // HeldBesideWindows) would exceed max_allocation.
  Status CheckAllocation(int64_t page_bytes, const char* what, int64_t held_aside) const;

  const format::ColumnMetaData& md_;
  const ReaderOptions options_;
  // Declared before ahead_ and chunk_, which borrow it.  ahead_ takes its
  // buffers before chunk_ and is destroyed after it, so the pool gets them
  // back in the reverse of the order they were taken.
  const std::shared_ptr<BufferPool> buffer_pool_;
  std::unique_ptr<compression::Codec> codec_;
  ReadAhead ahead_;
  ChunkWindow chunk_;
  uint64_t pos_ = 0;  // chunk offset of the next header
  int64_t ordinal_ = 0;
  int64_t values_seen_ = 0;
  bool seen_data_page_ = false;
  std::optional<uint64_t> first_dictionary_offset_;  // of the chunk's dictionary page, once read
  Buffer dictionary_page_;  // its bytes, until the column reader takes them (Page::dictionary_buffer)
  int64_t dictionary_bytes_ = 0;  // what the column reader keeps of the dictionary page
  uint64_t stop_ = UINT64_MAX;    // chunk offset where Next stops (ReadRange)
  bool ranged_ = false;           // pages are read by ReadRange
  int64_t skip_rows_ = 0;         // see SkipRowsByHeader
  bool skip_flat_ = false;
  int64_t rows_skipped_ = 0;
  int64_t pages_read_ = 0;
  int64_t pages_skipped_ = 0;
  int64_t viewed_bytes_ = 0;  // bytes used of a chunk in memory
  Buffer header_scratch_;     // InspectHeader's reads
  // Encrypted columns only (null: plaintext).
  std::shared_ptr<const crypto::ChunkCipher> cipher_;
  int64_t data_page_ordinal_ = 0;  // of the next data page, for the AADs
  Buffer header_plain_;            // the decrypted header being decoded
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_READER_H_
