// A bound filter evaluated on one row held by RowCursor's leaf buffers
// (record/leaf_buffer.h) before the row is assembled: RowReader's late
// materialization reads the filter's columns, asks this, and reads and
// assembles the other columns only for the rows it says true.
//
// A filter leaf is never inside a list or map (BoundFilter::Bind refuses
// those): its row is one entry, at the buffer's pos, present when its
// definition level is the maximum (the leaf and every struct above it
// non-null), its value at vpos.  Each value becomes its comparison Key by
// the functions the batch evaluation uses (record/filter_compare.h,
// filter_batch.cc), and the nodes are combined with the same Kleene logic
// (BoundFilter::Impl), so the answer is BoundFilter::Matches on the
// assembled row.
//
// Ownership: borrows the filter and the buffers, which must outlive it.
// Thread-safety: none.
#ifndef PARQ_RECORD_FILTER_LEAF_ROW_H_
#define PARQ_RECORD_FILTER_LEAF_ROW_H_

#include <vector>

#include "parq/filter.h"
#include "record/bound_filter_impl.h"
#include "record/leaf_buffer.h"

namespace parq::filter_internal {

class LeafRowFilter {
 public:
  // leaves[i]: the buffer of filter leaf i (BoundFilter::Impl::leaves order).
  LeafRowFilter(const BoundFilter& filter, std::vector<const LeafBuffer*> leaves);

  // Whether the filter is true on the row at each leaf's pos / vpos.
  // REQUIRES: every leaf holds that row (pos < size()).
  bool Matches();

 private:
  using Truth = BoundFilter::Truth;
  struct Cell {
    bool present = false;
    bool known = false;  // present and of the leaf's kind: `key` is set
    Key key;
  };
  Truth Eval(const BoundFilter::Impl::Node& n) const;

  const BoundFilter::Impl& impl_;
  std::vector<const LeafBuffer*> leaves_;
  std::vector<Cell> cells_;  // per leaf, of the row being evaluated
};

}  // namespace parq::filter_internal

#endif  // PARQ_RECORD_FILTER_LEAF_ROW_H_
