// index/row_selection.h — the rows of one row group that a read needs: a
// sorted list of disjoint, non-adjacent half-open ranges [first, end).
//
// Built by the record layer from a filter and the chunks' ColumnIndexes
// (record/filter_page_prune.h); consumed by the column readers, which map it
// onto a chunk's OffsetIndex to find the pages holding selected rows
// (PagesOverlapping) and read only those.
//
// A value type; thread-safety: const methods from many threads.
#ifndef PARQ_INDEX_ROW_SELECTION_H_
#define PARQ_INDEX_ROW_SELECTION_H_

#include <cstdint>
#include <vector>

#include "parq/page_index.h"

namespace parq::index {

struct RowRange {
  int64_t first = 0;
  int64_t end = 0;  // one past the last row
  bool operator==(const RowRange&) const = default;
};

class RowSelection {
 public:
  RowSelection() = default;
  // Every row of a row group of `num_rows` rows.
  static RowSelection All(int64_t num_rows);

  // Adds [first, end) after the ranges already held, merging it with the
  // last one when they touch or overlap.  An empty range adds nothing.
  // REQUIRES: first >= the last range's first.
  void Append(int64_t first, int64_t end);

  const std::vector<RowRange>& ranges() const { return ranges_; }
  bool empty() const { return ranges_.empty(); }
  // Rows selected.
  int64_t num_rows() const;
  // Whether some row of [first, end) is selected.
  bool Overlaps(int64_t first, int64_t end) const;

  bool operator==(const RowSelection&) const = default;

 private:
  std::vector<RowRange> ranges_;
};

// Per page of `index` (a chunk of a row group of `num_rows` rows): whether it
// holds a selected row.  Page i holds rows [first_row_index(i),
// first_row_index(i + 1)), the last one up to num_rows.
std::vector<bool> PagesOverlapping(const RowSelection& selection, const OffsetIndex& index, int64_t num_rows);

// The rows of page `page` of `index`: [first_row_index, next first_row_index
// or num_rows).
RowRange PageRows(const OffsetIndex& index, int page, int64_t num_rows);

}  // namespace parq::index

#endif  // PARQ_INDEX_ROW_SELECTION_H_
