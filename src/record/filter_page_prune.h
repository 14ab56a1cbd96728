// Page pruning by the page index: the rows of one row group that may make a
// BoundFilter true, from each filter column's ColumnIndex (per page: null
// page, min / max, null and NaN counts) mapped to rows by its OffsetIndex.
// Answers "may match" whenever it cannot prove otherwise, so it never drops
// a matching row.
//
// Each leaf's pages split the row group at their first rows; the leaves'
// splits together cut it into segments within which every leaf sits in one
// page.  A segment is kept when the filter, evaluated on those pages' facts
// (the AND / OR / NOT structure with SQL's three values, as for row groups,
// record/filter_prune.h), may be true.  A leaf without a usable page index
// contributes its chunk's facts to every segment.
//
// The page facts follow the trust rules of the chunk statistics (FactsOf:
// column order, PARQUET-251, NaN bounds, min > max); bounds from a
// ColumnIndex are never taken as exact (they may be truncated), and a null
// page counts as all null only when its null count (if written) agrees.  A
// page index is not used for a leaf when it contradicts itself: ColumnIndex
// and OffsetIndex with different page counts, or a boundary_order that the
// bounds do not follow.
//
// Thread-safety: pure functions.
#ifndef PARQ_RECORD_FILTER_PAGE_PRUNE_H_
#define PARQ_RECORD_FILTER_PAGE_PRUNE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "column/selected_rows.h"
#include "index/row_selection.h"
#include "parq/filter.h"
#include "parq/page_index.h"
#include "parq/record.h"
#include "record/filter_prune.h"

namespace parq::filter_internal {

// One filter leaf in one row group.
struct LeafPageIndex {
  const ColumnIndex* column_index = nullptr;  // null: none (or not usable)
  const OffsetIndex* offset_index = nullptr;
  ChunkFacts chunk;              // the chunk statistics' facts
  std::string column_order;      // as for FactsOf
  // The leaf is REQUIRED: it has no nulls, so an index that calls one of
  // its pages null contradicts itself and is not used.
  bool required = false;
  // Without a usable page index: the chunk's data pages by their headers
  // (column::ScanPageHeaders), each page's facts from the statistics in its
  // header by the chunk statistics' rules (FactsOf: exact or not as the
  // header says); null: none.
  const column::HeaderPages* header_pages = nullptr;
};

// What page pruning used, for the pruning report.
struct PagePruneNote {
  bool used_page_index = false;      // some leaf's ColumnIndex
  bool used_header_stats = false;    // some leaf's page-header statistics
  int64_t header_pages_pruned = 0;   // data pages of such leaves holding no row left
  // Bytes the header reads took from the file (their readers' bytes_read,
  // which the readers' owners add to their own: the chunk's reader, opened
  // later, reads the headers again).
  int64_t header_bytes_read = 0;
};

// leaves[i] is for leaf i of the filter (BoundFilter::Impl::leaves).
index::RowSelection SelectRows(const BoundFilter& filter, const std::vector<LeafPageIndex>& leaves,
                               int64_t num_rows, const std::optional<std::string>& created_by,
                               PagePruneNote* note = nullptr);

// The rows of row group `row_group` of `source` that the page indexes of the
// filter's columns leave (source.page_index, chunk_statistics, column_order):
// nullopt when they leave every row or no filter column has a usable page
// index.  A page index that cannot be read is not used (its pages are
// read).  A filter column without a page index has its page headers read
// instead (source.open_column, column::ScanPageHeaders) and their statistics
// used where the headers give every page's rows.  Shared by RowReader and
// ColumnarReader, so both prune pages alike.
std::optional<index::RowSelection> SelectRowGroupPages(const BoundFilter& filter, const RowSource& source,
                                                       int row_group, PagePruneNote* note = nullptr);

}  // namespace parq::filter_internal

#endif  // PARQ_RECORD_FILTER_PAGE_PRUNE_H_
