// Which row groups of a RowSource a bound filter may match, decided from the
// footer alone (each filter column's chunk statistics, record/filter_prune.h):
// shared by RowReader and ColumnarReader, so both prune alike.
//
// Thread-safety: a pure function of its arguments (it calls the source's
// chunk_statistics and column_order).
#ifndef PARQ_RECORD_FILTER_ROW_GROUPS_H_
#define PARQ_RECORD_FILTER_ROW_GROUPS_H_

#include <vector>

#include "parq/filter.h"
#include "parq/record.h"

namespace parq::filter_internal {

// One entry per row group of `source`: false only when the statistics prove
// that no row of it makes `filter` true.  All true when the source gives no
// statistics.
std::vector<bool> RowGroupsThatMayMatch(const BoundFilter& filter, const RowSource& source);

}  // namespace parq::filter_internal

#endif  // PARQ_RECORD_FILTER_ROW_GROUPS_H_
