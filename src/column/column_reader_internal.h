// column/column_reader_internal.h — what a ColumnReader holds, and the
// factory the file layer calls.  Thread-safety: none; a reader is used by
// one thread at a time.
#ifndef PARQ_COLUMN_COLUMN_READER_INTERNAL_H_
#define PARQ_COLUMN_COLUMN_READER_INTERNAL_H_

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "column/level_decoder.h"
#include "format/parquet_types.h"
#include "index/row_selection.h"
#include "page/page.h"
#include "page/page_reader.h"
#include "parq/column_reader.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/page_index.h"

namespace parq {

// The type-independent half: the chunk's pages and the current data page's
// levels.  The typed half (TypedColumnReader<T>::Typed) decodes the values.
//
// Invariants:
//   - at_end() means the chunk is done: no page is held, levels_left() is 0;
//   - levels_left() counts the level entries of the current data page not
//     yet returned, values_left() the non-null values among them (what the
//     value decoder still holds): DecodeLevels lowers both together;
//   - all_defined() is true when every definition level of the current page
//     is the column's maximum, as the counting pass in StartDataPage found:
//     such levels are filled, not decoded;
//   - the chunk's first repetition level is checked to be 0 once, on the
//     first DecodeLevels of the chunk.
struct ColumnReader::Impl {
 public:
  // `keep_alive` owns `descriptor`.
  Impl(std::shared_ptr<const void> keep_alive, const ColumnDescriptor& descriptor, int row_group);

  // Finds the chunk's pages (see ColumnReaderFactory::Make); errors carry
  // the column and row group.
  Status Open(const RandomAccessFile& file, const format::ColumnChunk& chunk,
              const ReaderOptions& options, const std::optional<std::string>& created_by,
              std::shared_ptr<page::BufferPool> buffer_pool, std::span<const uint8_t> chunk_bytes,
              std::shared_ptr<const crypto::ChunkCipher> cipher);

  const ColumnDescriptor& descriptor() const { return *descriptor_; }
  const format::ColumnMetaData& metadata() const { return *metadata_; }
  page::PageReader& pages() { return *pages_; }

  // Adds column / row group (and page) context to an error.
  Status Context(Status st) const;
  Status PageContext(Status st) const;

  bool at_end() const { return at_end_; }
  int64_t levels_left() const { return levels_left_; }
  int64_t values_left() const { return values_left_; }
  bool all_defined() const { return all_defined_; }
  // The current data page's encoded values (after its levels).
  std::span<const uint8_t> value_bytes() const { return value_bytes_; }

  // Reads the next page of the chunk into page(); false at the end of the
  // chunk (then at_end(), after checking that the chunk held the values its
  // metadata promises).  Errors carry column context.
  Result<bool> NextPage();
  const page::Page& page() const { return page_; }

  // Sets up the level decoders of page() (a data page) and finds its values:
  // counts the non-null values by a bounded first pass over the def levels.
  Status StartDataPage();

  // Decodes n <= levels_left() levels of the current page into def/rep
  // (either may be null: the reader's scratch is used where it needs the
  // levels) and returns how many are non-null values.
  Result<int64_t> DecodeLevels(int64_t n, int16_t* def, int16_t* rep);

  // DecodeLevels for a column without repetition levels whose definition
  // levels are 0 or 1: level i into bit i of `bits` ((n + 7) / 8 bytes),
  // not written when every entry holds a value (*dense: a required column,
  // or a page whose levels are all 1), and how many hold one.
  //
  // The first call turns the reader to presence bits (presence_bits()):
  // from then on each data page's definition levels are decoded as bits in
  // one pass when the page starts (page_bits_), which also counts them, in
  // place of the counting pass; DecodePresence and DecodeLevels then take
  // them from there.
  Result<int64_t> DecodePresence(int64_t n, uint8_t* bits, bool* dense);
  bool presence_bits() const { return presence_bits_; }

  // The next n <= levels_left() repetition levels, consuming none.
  // REQUIRES: the column has repetition levels.
  Status PeekRepetitionLevels(int64_t n, int16_t* out) const { return rep_.Peek(n, out); }

  // Room for n definition levels the caller does not keep.
  int16_t* DefinitionScratch(int64_t n);

  // --- Reading selected rows with the chunk's OffsetIndex (selected_rows.cc) ---
  // Pages are then read a run of selected pages at a time (PageReader::
  // ReadRange), each checked against its PageLocation; a data page the
  // reader would read next that holds no selected row is not read: NextPage
  // returns false and paused() is true until JumpTowards moves on.
  Status UseOffsetIndex(const OffsetIndex& index, int64_t num_rows, const index::RowSelection& wanted);
  bool has_plan() const { return plan_ != nullptr; }
  bool paused() const { return paused_; }
  // Whether the dictionary page (the bytes before the first data page) is
  // still to be read: JumpTowards would pass over it.
  bool dictionary_pending() const { return plan_ != nullptr && plan_->dictionary_pending; }
  // Records started so far (the levels of repetition level 0 decoded, for a
  // column with repetition levels only while there is a plan).
  int64_t rows_started() const { return rows_; }
  // Moves to the page holding row `target` when it lies past the current
  // page: the pages between are not read (their headers are checked against
  // the index); the current page's levels are dropped.  False when it did
  // not move (the target is in the current page, or a page is held ahead).
  Result<bool> JumpTowards(int64_t target);
  // No more is read: the pages not reached count as skipped.
  void PassOverRest();
  // Rows passed over by the page reader (SkipRowsByHeader).
  void AddRowsSkipped(int64_t rows) { rows_ += rows; }

 private:
  struct Plan {
    std::vector<PageLocation> pages;
    std::vector<bool> wanted;  // per page: holds a selected row
    int64_t num_rows = 0;
    int next = 0;           // the page the page reader returns next
    int current = -1;       // the data page being read (-1: none, or left)
    int64_t page_end = 0;   // the row after the current page's last
    bool dictionary_pending = false;
    // The rows of page p: from its first row to the next page's (or num_rows).
    index::RowRange Rows(int p) const {
      const auto i = static_cast<size_t>(p);
      return {pages[i].first_row_index, i + 1 < pages.size() ? pages[i + 1].first_row_index : num_rows};
    }
  };
  Result<bool> NextPlannedPage();
  // Reads from page p on, up to the end of the run of wanted pages from p.
  Status StartRun(int p);
  // Checks the data page just read as page p of the index.
  Status CheckPlannedPage(int p) const;
  Status IndexContradiction(int p, const std::string& what) const;
  std::shared_ptr<const void> keep_alive_;  // owner of *descriptor_ and *metadata_
  const ColumnDescriptor* descriptor_;
  const format::ColumnMetaData* metadata_ = nullptr;
  int row_group_;
  std::unique_ptr<page::PageReader> pages_;

  // The current page.
  page::Page page_;
  bool at_end_ = false;
  int64_t levels_left_ = 0;
  int64_t values_left_ = 0;
  bool all_defined_ = false;
  bool chunk_started_ = false;
  std::span<const uint8_t> value_bytes_;
  column::LevelDecoder def_, rep_;

  // Scratch for levels the caller did not ask for but the reader needs.
  std::vector<int16_t> def_scratch_, rep_scratch_;

  // Presence bits (DecodePresence): the reader decodes each page's
  // definition levels (0 / 1, no repetition levels) as bits when it starts;
  // page_bits_ holds those of the current page when page_bits_on_ (the
  // levels not returned yet from bit page_bits_pos_ on; a zero word past
  // the last).  Decodes the rest of the current page's levels into them.
  Status LoadPageBits();
  bool presence_bits_ = false;
  bool page_bits_on_ = false;
  std::vector<uint64_t> page_bits_;
  int64_t page_bits_pos_ = 0;

  int64_t rows_ = 0;
  std::unique_ptr<Plan> plan_;
  bool paused_ = false;
};

// The private halves of a reader, for src/column's free functions
// (column/selected_rows.h).
struct ColumnReaderAccess {
  static ColumnReader::Impl& Of(ColumnReader& r) { return *r.impl_; }
  static const ColumnReader::Impl& Of(const ColumnReader& r) { return *r.impl_; }
  template <typename T>
  static typename TypedColumnReader<T>::Typed& TypedOf(TypedColumnReader<T>& r) {
    return *r.typed_;
  }
};

struct ColumnReaderFactory {
  // `keep_alive` owns `descriptor` and `chunk` (and `chunk_bytes`); page
  // buffers come from and go back to `buffer_pool` (none: null).
  // `chunk_bytes`, when not empty, are the chunk's bytes already in memory
  // (see page::PageReader::Open).  `cipher`: the chunk's keys when its
  // column is encrypted (else null).
  static Result<std::unique_ptr<ColumnReader>> Make(const RandomAccessFile& file,
                                                    const format::ColumnChunk& chunk,
                                                    const ColumnDescriptor& descriptor,
                                                    const ReaderOptions& options,
                                                    const std::optional<std::string>& created_by,
                                                    int row_group,
                                                    std::shared_ptr<const void> keep_alive,
                                                    std::shared_ptr<page::BufferPool> buffer_pool,
                                                    std::span<const uint8_t> chunk_bytes = {},
                                                    std::shared_ptr<const crypto::ChunkCipher> cipher = nullptr);
};

}  // namespace parq

#endif  // PARQ_COLUMN_COLUMN_READER_INTERNAL_H_
