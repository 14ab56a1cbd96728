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

#include "index/row_selection.h"
#include "parq/column_reader.h"
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

// The caller reads no more of the chunk: its pages not read yet count as
// skipped (ColumnReader::pages_skipped).
void PassOverRest(ColumnReader& reader);

}  // namespace parq::column

#endif  // PARQ_COLUMN_SELECTED_ROWS_H_
