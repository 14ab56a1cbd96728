// column/selected_rows.h — reading only some rows of a column chunk: the
// record layer gives a column reader the chunk's OffsetIndex and the rows it
// will read (an index::RowSelection), and the reader then reads only the
// pages holding those rows, a run of adjacent ones at a time, each checked
// against its PageLocation (ColumnReader::Impl::UseOffsetIndex).
//
// The caller reads the selected rows with ReadBatch and moves from one
// selected range to the next with SkipRows.  A ReadBatch that meets a page
// holding no selected row returns 0 without reading it (PausedBeforeUnselected
// says so, where otherwise 0 means the chunk's end); SkipRows then goes on.
//
// Thread-safety: as the reader's (one thread).
#ifndef PARQ_COLUMN_SELECTED_ROWS_H_
#define PARQ_COLUMN_SELECTED_ROWS_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "index/row_selection.h"
#include "parq/column_reader.h"
#include "parq/metadata.h"
#include "parq/page_index.h"
#include "parq/status.h"

namespace parq::column {

// REQUIRES: nothing read from `reader` yet; `index` is the chunk's, as
// FileReader::ReadOffsetIndex returns it (checked against the chunk); the
// row group holds `num_rows` rows.  kCorrupt when the index does not fit the
// chunk; the reader is then unchanged.
Status ReadSelectedRows(ColumnReader& reader, const OffsetIndex& index, int64_t num_rows,
                        const index::RowSelection& rows);

bool PausedBeforeUnselected(const ColumnReader& reader);

// A chunk's data pages as their headers give them, for pruning pages by the
// statistics in their headers where the chunk has no page index
// (record/filter_page_prune.h).  The pages are then passed over by
// SkipRows, which does not decompress a page its header gives the rows of.
struct HeaderPages {
  std::vector<int64_t> first_rows;                        // per data page, within the row group
  std::vector<std::optional<EncodedStatistics>> statistics;  // per data page, as its header holds them
};

// REQUIRES: nothing read from `reader` yet (the reader's position is not
// changed: the headers are peeked).  nullopt when the headers do not give
// every data page's rows (a v1 page of a column with repetition levels, a v2
// page of a flat column whose num_rows and num_values differ), the rows do
// not add up to `num_rows`, or a header does not decode (or, of an
// encrypted column, decrypt): the pages are then not pruned by their
// headers.
std::optional<HeaderPages> ScanPageHeaders(ColumnReader& reader, int64_t num_rows);

// ReadBatch for a caller that keeps the values of some rows only (late
// materialization): the levels of up to max_levels entries are returned
// whole, as ReadBatch returns them (def / rep: REQUIRED where the column
// has such levels), and *values_read counts the non-null values among them,
// but `values` receives only those of entries whose row r has selected[r]
// != 0 — *values_kept of them, densely, in order.  The others are passed
// over in the value decoder without being materialised
// (encoding::TypedDecoder::DecodeSelected).  Rows are counted within the
// row group: the batch's first entry belongs to row `row` + 1 when it
// starts a row (always, without repetition levels), else to `row`; rows at
// or past num_rows are not selected.  REQUIRES: `values` has room for
// max_levels values.
template <typename T>
Result<int64_t> ReadBatchSelected(TypedColumnReader<T>& reader, int64_t max_levels, int16_t* def, int16_t* rep,
                                  const uint8_t* selected, int64_t num_rows, int64_t row, T* values,
                                  int64_t* values_read, int64_t* values_kept);

// ReadBatch for a column without repetition levels whose definition levels
// are 0 or 1 (a flat column with at most one nullable node), for a caller
// that places the entries of some rows only: the levels of the batch's n <=
// max_levels entries come as bits, entry i's into bit i of `present`, not
// written when every entry holds a value (*dense); *values_read counts the
// values among them.  With `keep_rows` null, `values` receives them all;
// else keep_rows[i] says whether entry i's row is selected and `values`
// receives only the values of those entries, *values_kept of them, densely
// in order, the others passed over in the value decoder
// (encoding::TypedDecoder::DecodeSelected).  The levels are copied from
// their runs as bits, never decoded one by one.  REQUIRES: `present` has
// room for max_levels bits, rounded up to whole 8-byte words; `values` for
// max_levels values; keep_rows, when given, max_levels bytes.
template <typename T>
Result<int64_t> ReadFlatSelected(TypedColumnReader<T>& reader, int64_t max_levels, uint8_t* present, bool* dense,
                                 const uint8_t* keep_rows, T* values, int64_t* values_read, int64_t* values_kept);

// The caller reads no more of the chunk: its pages not read yet count as
// skipped (ColumnReader::pages_skipped).
void PassOverRest(ColumnReader& reader);

}  // namespace parq::column

#endif  // PARQ_COLUMN_SELECTED_ROWS_H_
