// Row-group pruning: whether any row of a row group can make a BoundFilter
// true, from what is known of each filter column's chunk — its
// EncodedStatistics (min/max, null count, NaN count), and, when read, its
// dictionary (every value of a fully dictionary-encoded chunk) and its Bloom
// filter (for = and IN).  Each source narrows what a leaf can be (true,
// false, unknown) and the leaves combine as the filter does (Kleene AND /
// OR / NOT).  Answers "may match" whenever it cannot prove otherwise, so it
// never drops a matching row.
//
// Which statistics are trusted (docs/filter.md):
//   * min_value / max_value, unless the leaf's ColumnOrder is "UNKNOWN" (an
//     order this reader does not know);
//   * the legacy min / max only on signed integer columns (INT32 / INT64
//     without annotation or with a signed INT, DATE, TIME, TIMESTAMP): old
//     writers ordered them as signed bytes or signed numbers, which is wrong
//     for unsigned integers, decimals and byte arrays;
//   * nothing on BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY written by parquet-mr
//     before 1.8.0 (PARQUET-251: it wrote wrong binary statistics), on INT96
//     (no defined order), and for FLOAT / DOUBLE / FLOAT16 when a bound is
//     NaN; their max bounds NaN-free values only, so NaN (the greatest value
//     for a filter) is assumed possible unless nan_count says 0;
//   * truncated (inexact) bounds still bound the values; only exact ones
//     prove that every value equals a literal (pruning "!=" / NOT).
//
// Thread-safety: pure functions.
#ifndef PARQ_RECORD_FILTER_PRUNE_H_
#define PARQ_RECORD_FILTER_PRUNE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parq/filter.h"
#include "parq/metadata.h"
#include "record/filter_compare.h"

namespace parq::filter_internal {

// What one chunk's statistics prove about its values.
struct ChunkFacts {
  int64_t num_values = 0;             // rows of the row group (leaves outside lists)
  std::optional<int64_t> null_count;  // unknown when absent
  bool has_bounds = false;            // min and max below bound every non-null value
  Key min, max;
  bool exact = false;                 // both bounds are values of the chunk
  // Every non-null value the chunk may hold (its dictionary, when every
  // data page is dictionary-encoded); null when unknown.
  std::shared_ptr<const std::vector<Key>> dictionary;
  // The chunk's Bloom filter, when read; null otherwise.
  std::shared_ptr<const BloomFilter> bloom;
};

// The facts of `stats` for a leaf of `type` and `column_order` ("" when the
// file records none), written by `created_by`.
ChunkFacts FactsOf(const std::optional<EncodedStatistics>& stats, int64_t num_rows, const LeafType& type,
                   const std::string& column_order, const std::optional<std::string>& created_by);

// False only when no row with these facts can make the filter true.
// facts[i] is for leaf i of the filter (BoundFilter::Impl::leaves).
bool MayMatch(const BoundFilter& filter, const std::vector<ChunkFacts>& facts);

}  // namespace parq::filter_internal

#endif  // PARQ_RECORD_FILTER_PRUNE_H_
