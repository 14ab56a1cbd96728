#include "record/filter_row_groups.h"

#include <string>

#include "record/bound_filter_impl.h"
#include "record/filter_prune.h"

namespace parq::filter_internal {

std::vector<bool> RowGroupsThatMayMatch(const BoundFilter& filter, const RowSource& source) {
  std::vector<bool> keep(source.row_group_rows.size(), true);
  if (!source.chunk_statistics) return keep;
  const auto& leaves = filter.impl().leaves;
  std::vector<ChunkFacts> facts;
  for (size_t rg = 0; rg < keep.size(); ++rg) {
    facts.clear();
    for (const BoundFilter::Impl::Leaf& leaf : leaves) {
      const std::string order = source.column_order ? source.column_order(leaf.column) : std::string();
      facts.push_back(FactsOf(source.chunk_statistics(static_cast<int>(rg), leaf.column), source.row_group_rows[rg],
                              leaf.type, order, source.created_by));
    }
    keep[rg] = MayMatch(filter, facts);
  }
  return keep;
}

}  // namespace parq::filter_internal
