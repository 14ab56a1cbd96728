// record/row_cursor.h — the row-by-row driver of record assembly, shared by
// RowReader (parq/record.h: rows as Values) and the JSON row reader
// (parq/json.h: rows as text, src/json).
//
// A RowCursor opens each row group's projected column chunks in turn, feeds
// their levels and values into one LeafBuffer per plan slot a batch at a time
// (RowReaderOptions::batch_levels entries per column, fewer when the chunk
// holds fewer), and positions every leaf on the next row.  Buffers and
// readers grow with what the chunks hold, not with the batch size: a file of
// 100,000 columns and one row costs a few hundred bytes per column.  The caller then runs the Assembler with a sink of
// its choice and calls Finish:
//
//   PARQ_ASSIGN_OR_RETURN(bool more, cursor->Advance());
//   if (more) {
//     cursor->assembler().AssembleRow(sink);
//     PARQ_RETURN_IF_ERROR(cursor->Finish());
//   }
//
// Each column is read by a function chosen once from its physical type (one
// template over the type: levels and values land in the leaf without a
// per-value dispatch).  Row counts are checked against the row group's: a
// chunk with fewer or more rows is kCorrupt naming the column and row group.
//
// With a pool (RowReaderOptions::thread_pool / threads) and neither a row
// group filter, a selection nor a row filter, a row group's chunks are each
// decoded whole into their leaves by the pool, the next row group's while
// the caller assembles this one's (the read-ahead: a second set of leaves
// and feeds).  The leaves then hold what the batches above would have put
// there, one batch after the other; an error a chunk met is kept in its
// feed and returned where the batch that met it would have been read, and
// an error opening a chunk as the row group starts: the same rows and
// errors as without a pool.
//
// With a pool and a row group filter, a selection or a row filter, the
// read-ahead is one task that decides the row groups after the current one
// in order (the row group filter, then the selection), up to the next one
// to read, and decodes that one's row-filter slots whole into the second
// set of leaves, when its selection is all rows (a selection's slots stop
// and go on at its ranges, which the caller's reads follow).  The other
// slots are read by the caller as without a pool (late materialization:
// only the rows the filter keeps); a row-filter slot decoded whole is what
// the caller would have read of it, the whole chunk.  The decisions are
// taken in order as the caller reaches each row group, an error of the
// selection returned as that row group starts.
//
// Ownership: the cursor owns its column readers and leaf buffers; the source
// must keep what it borrows alive (RowSource::FromFile: the FileReader).
// Thread-safety: none; one cursor per thread (its read-ahead runs on the
// pool and touches only its own leaves and feeds).
#ifndef PARQ_RECORD_ROW_CURSOR_H_
#define PARQ_RECORD_ROW_CURSOR_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "index/row_selection.h"
#include "parq/record.h"
#include "parq/result.h"
#include "record/assembler.h"
#include "record/assembly_plan.h"
#include "record/leaf_buffer.h"
#include "util/parallel_jobs.h"

namespace parq {

class RowCursor {
 public:
  // kInvalidArgument for a source without a schema or column opener, or an
  // unknown projected path.
  static Result<std::unique_ptr<RowCursor>> Open(RowSource source, const RowReaderOptions& options);
  // Waits for the read-ahead's chunks under way.
  ~RowCursor() { DropAhead(); }

  // Positions every leaf on the next row; false at the end of the file.
  Result<bool> Advance();
  // After the row was assembled: checks that the columns agreed about it and
  // moves past it (kCorrupt naming the row and row group otherwise).
  Status Finish();

  Assembler& assembler() { return *assembler_; }
  const AssemblyPlan& plan() const { return plan_; }
  const Schema& schema() const { return *source_.schema; }
  // The top-level field names of the rows, in order.
  const std::vector<std::string>& field_names() const { return names_; }
  // Rows finished so far.
  int64_t rows_read() const { return rows_read_; }

  // Row groups for which `keep` says false are skipped like empty ones: their
  // chunks are never opened.  Set before the first Advance.
  void set_row_group_filter(std::function<bool(int row_group)> keep) { keep_ = std::move(keep); }
  int64_t row_groups_skipped() const { return row_groups_skipped_; }

  // The rows of a row group to read, asked as the row group starts (nullopt:
  // all).  The others are passed over unassembled: buffered levels are
  // dropped, and each column reader skips the rest (SkipRows), given its
  // chunk's OffsetIndex (RowSource::page_index), when it has one, so that
  // the pages holding no selected row are neither read nor decompressed.  An
  // empty selection skips the row group like `keep`.  Set before the first
  // Advance.
  using Selector = std::function<Result<std::optional<index::RowSelection>>(int row_group)>;
  void set_row_selection(Selector select) { select_ = std::move(select); }
  // Called on the caller's thread as the cursor reaches each row group, in
  // order, once the row group filter and the selection have decided it
  // (they may have run ahead on the pool).  Set before the first Advance.
  void set_row_group_started(std::function<void(int row_group)> started) { started_ = std::move(started); }
  int64_t rows_skipped() const { return rows_skipped_; }

  // Late materialization: once the slots `first` (plan slot indexes, each a
  // column outside lists and maps) hold the next row, `matches` is asked
  // whether the row is wanted, and only then are the other slots read.  A
  // row it rejects is dropped from `first`, and the other slots pass over it
  // unread: the rejected rows pile up per slot and are passed over together
  // (buffered entries dropped, then the column reader's SkipRows) when the
  // next wanted row comes, or not at all when none comes in the row group
  // (its chunk is then not read to its end, nor checked to end there).
  // `matches` reads the slots' buffers at pos / vpos (leaf()).  Set before
  // the first Advance.
  void set_row_filter(std::vector<size_t> first, std::function<bool()> matches);
  const LeafBuffer& leaf(size_t slot) const { return leaves_[slot]; }
  // Rows `matches` rejected.
  int64_t rows_filtered() const { return rows_filtered_; }

  // Over the column readers so far (ColumnReader::pages_read, ...).
  int64_t pages_read() const;
  int64_t pages_skipped() const;
  int64_t bytes_read() const;

  // One projected column's reader and the scratch its batches land in.  The
  // reader is opened at the column's first read in a row group and dropped
  // as soon as its chunk is exhausted, so that a wide file of small row
  // groups holds few readers at once.
  struct Feed {
    std::unique_ptr<ColumnReader> reader;
    // The error a read ahead met after the entries it left in the leaf.
    Status pending;
    // pages_read, pages_skipped, bytes_read of the readers dropped.
    int64_t dropped[3] = {0, 0, 0};
    bool eof = false;
    int64_t entries = 0;  // entries read from the current chunk
    // Reads up to n entries into the leaf (levels into def / rep, nullptr
    // when the max level is 0; values appended); returns the entries read.
    Result<int64_t> (*read)(Feed& f, LeafBuffer& b, int64_t n, int16_t* def, int16_t* rep) = nullptr;
    // SkipRows of the typed reader.
    Result<int64_t> (*skip)(Feed& f, int64_t rows) = nullptr;
    // The reader stopped before a page holding no selected row (column/
    // selected_rows.h): its rows end with the buffer, as at the chunk's end,
    // until the next skip.
    bool paused = false;
    std::unique_ptr<std::byte[]> scratch;  // the typed values of one batch
    size_t scratch_bytes = 0;
  };

 private:
  RowCursor() = default;
  Status Refill(size_t s);
  Status RefillLeaf(LeafBuffer& b, Feed& f);
  static Status ReadInto(LeafBuffer& b, Feed& f, int64_t n);
  Status EnsureRow(size_t s);
  Status CheckExhausted();
  // Opens slot s's reader for the current row group (with the selection).
  Status OpenReader(size_t s, std::unique_ptr<ColumnReader>* out);
  // Drops slot s's reader, adding up its counters.
  static void DropReader(Feed& f);
  // The read-ahead: whether row groups are decoded on the pool; row group
  // g's chunks started decoding into ahead_; taken over as the row group
  // starts (an error opening a chunk, the first in slot order); dropped.
  bool Parallel() const { return pool_ != nullptr && !keep_ && !select_ && !matches_; }
  // The filtered read-ahead (see the top): whether it runs; the row groups
  // from g on decided, and the row-filter slots of the one to read decoded,
  // by one task; the current row group's decision applied (started_
  // called, selection_ set, its chunks opened or taken over).
  bool FilteredAhead() const { return pool_ != nullptr && !Parallel(); }
  void StartDecided(int g);
  Status StartFilteredGroup();
  // Decodes slot s of row group g whole into ahead_ (the read-ahead's job).
  void DecodeAhead(int g, size_t s);
  // As the current row group starts: every slot's chunk opened, or with
  // take_first the row-filter slots taken over from ahead_ (decoded).
  Status OpenChunks(bool take_first);
  // Takes slot s over from ahead_, the counters of the feed left behind
  // added to the cursor's.
  void TakeSlot(size_t s);
  void StartAhead(int g);
  void StartNextAhead();  // row group row_group_ + 1's, when it has rows
  Status TakeAhead();
  void DropAhead();
  // Passes over the next n rows of every slot (of the slots that are not
  // the row filter's: later, with their lag).
  Status SkipRows(int64_t n);
  // Passes over the next n rows of slot s.
  Status SkipSlot(size_t s, int64_t n);
  // With a row filter: reads the next row of the filter's slots until one
  // is wanted (true) or the row group ends (false).
  Result<bool> NextWantedRow();

  RowSource source_;
  RowReaderOptions options_;
  AssemblyPlan plan_;
  std::vector<LeafBuffer> leaves_;
  std::vector<Feed> feeds_;
  std::vector<std::string> names_;
  std::unique_ptr<Assembler> assembler_;
  int row_group_ = -1;
  int64_t rows_left_ = 0;
  int64_t rows_read_ = 0;
  std::function<bool(int)> keep_;
  int64_t row_groups_skipped_ = 0;
  Selector select_;
  std::function<void(int)> started_;
  std::optional<index::RowSelection> selection_;  // of the current row group
  size_t range_ = 0;        // the selection's range at or after group_row_
  int64_t group_row_ = 0;   // the next row of the current row group
  int64_t rows_skipped_ = 0;
  int64_t pages_read_ = 0, pages_skipped_ = 0, bytes_read_ = 0;  // of feeds left behind
  std::shared_ptr<ThreadPool> pool_;  // null: no read-ahead
  struct Ahead {
    int row_group = -1;
    std::shared_ptr<util::ParallelJobs> jobs;  // null: none under way
    std::vector<LeafBuffer> leaves;
    std::vector<Feed> feeds;
    std::vector<Status> open_status;  // per slot: opening its chunk
    // The filtered read-ahead: the row groups from `row_group` on, decided
    // in order (kept, the selection or its error); the last is the one
    // to read, or the last before an error or the file's end.
    struct Decided {
      bool keep = true;
      Status status;
      std::optional<index::RowSelection> selection;
    };
    std::vector<Decided> decided;
    int decoded = -1;  // the row group whose row-filter slots are in leaves
  } ahead_;
  std::function<bool()> matches_;     // the row filter, if any
  std::vector<uint8_t> is_first_;     // per slot: read before the filter is asked
  std::vector<size_t> first_, rest_;  // the slots that are, and the others
  std::vector<int64_t> lag_;          // per slot: rows rejected and not passed over yet
  int64_t rows_filtered_ = 0;
};

}  // namespace parq

#endif  // PARQ_RECORD_ROW_CURSOR_H_
