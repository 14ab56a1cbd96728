// A bound filter evaluated over a row group in columnar form, the rows it
// selects, and a filter column cut down to them: the batch half of
// ColumnarReader's filtering (parq/columnar.h).
//
// SelectRows evaluates the filter a node at a time over every row (a byte of
// BoundFilter::Truth per row and node, combined with the Kleene logic of
// BoundFilter::Impl), each leaf value turned into its comparison Key by the
// same functions and compared by the same EvalLeaf as a row evaluation
// (record/bound_filter_impl.h, filter_compare.h): one semantics for both.
// A row is selected when the whole filter is true.  The selection also lists
// the runs of rows to read: the selected rows, with gaps of fewer than
// `min_gap` unselected rows inside a run (cheaper to decode and drop than to
// skip) and the longer ones skipped.
//
// Thread-safety: pure functions; the caller owns every buffer.
#ifndef PARQ_RECORD_FILTER_BATCH_H_
#define PARQ_RECORD_FILTER_BATCH_H_

#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "index/row_selection.h"
#include "parq/columnar.h"
#include "parq/filter.h"

namespace parq::filter_internal {

struct RowSelection {
  struct Run {
    int64_t begin = 0, end = 0;  // rows [begin, end)
  };
  std::vector<uint8_t> selected;  // one byte per row: 1 when the filter is true
  int64_t count = 0;              // selected rows
  std::vector<Run> runs;          // ascending, disjoint; every selected row lies in one
};

// Calls f(r) for every r in [begin, end) with selected[r] != 0 (bytes of 0 /
// 1), ascending: eight rows a load, as selections are sparse and
// unpredictable.
template <typename F>
inline void ForEachSelected(const uint8_t* selected, int64_t begin, int64_t end, F&& f) {
  int64_t r = begin;
  for (; r + 8 <= end; r += 8) {
    uint64_t word;
    std::memcpy(&word, selected + r, 8);
    if constexpr (std::endian::native == std::endian::little) {
      for (; word != 0; word &= word - 1) f(r + std::countr_zero(word) / 8);  // row r + k: bit 8k
    } else if (word != 0) {
      for (int64_t k = r; k < r + 8; ++k) {
        if (selected[k]) f(k);
      }
    }
  }
  for (; r < end; ++r) {
    if (selected[r]) f(r);
  }
}

// Evaluates `filter` on the `rows` rows of a row group.  leaves[i] is filter
// leaf i (BoundFilter::Impl::leaves[i]) as ColumnarReader reads it: a column
// outside lists and maps, so one slot per row at every node of its path.
// REQUIRES: every leaf has `rows` slots; min_gap >= 1.
void SelectRows(const BoundFilter& filter, const std::vector<const ColumnarLeaf*>& leaves, int64_t rows,
                int64_t min_gap, RowSelection* out);

// Sets sel->runs from its selected bytes: the selected rows, a run going on
// across gaps of fewer than `min_gap` unselected rows.
void SetRuns(int64_t min_gap, RowSelection* sel);

// The rows of `ranges`, in a row group of `rows` rows, as a RowSelection
// whose runs are the ranges.
void SelectRanges(const index::RowSelection& ranges, int64_t rows, RowSelection* out);

// `inner` selects among the rows `outer` selects (inner's row i is outer's
// i-th selected row); *out is the same selection over outer's rows, its
// runs by `min_gap`.  REQUIRES: inner.selected.size() == outer.count.
void SelectWithin(const RowSelection& outer, const RowSelection& inner, int64_t min_gap, RowSelection* out);

// Keeps the selected rows of `leaf` (a column outside lists and maps, one
// slot per selection row): every node's validity and null count, the values.
void CompactLeaf(const RowSelection& selection, ColumnarLeaf* leaf);

}  // namespace parq::filter_internal

#endif  // PARQ_RECORD_FILTER_BATCH_H_
