// Page pruning by the page index (record/filter_page_prune.h).
#include "record/filter_page_prune.h"

#include <algorithm>

#include "record/bound_filter_impl.h"

namespace parq::filter_internal {

namespace {

// The facts of page p of a leaf's ColumnIndex, holding `rows` rows (the
// leaf is never inside a list: a row is one value).
ChunkFacts PageFacts(const ColumnIndex& ci, int p, int64_t rows, const LeafType& type, const std::string& order,
                     const std::optional<std::string>& created_by) {
  EncodedStatistics s;
  s.null_count = ci.null_count(p);
  s.nan_count = ci.nan_count(p);
  if (ci.null_page(p)) {
    // All null, unless its null count says otherwise (then nothing is known).
    if (s.null_count && *s.null_count != rows) s.null_count.reset();
    else s.null_count = rows;
  } else {
    s.min_value = std::string(ci.encoded_min(p));
    s.max_value = std::string(ci.encoded_max(p));
    s.is_min_value_exact = false;
    s.is_max_value_exact = false;
  }
  return FactsOf(s, rows, type, order, created_by);
}

// Whether the pages' bounds follow the index's boundary_order (pages
// without bounds aside).
bool FollowsBoundaryOrder(const ColumnIndex& ci, const std::vector<ChunkFacts>& pages, Domain domain) {
  if (ci.boundary_order() == BoundaryOrder::kUnordered) return true;
  const int sign = ci.boundary_order() == BoundaryOrder::kAscending ? 1 : -1;
  const ChunkFacts* prev = nullptr;
  for (const ChunkFacts& f : pages) {
    if (!f.has_bounds) continue;
    if (prev != nullptr && (sign * CompareKeys(domain, prev->min, f.min) > 0 ||
                            sign * CompareKeys(domain, prev->max, f.max) > 0)) {
      return false;
    }
    prev = &f;
  }
  return true;
}

// Whether the two halves describe the same pages with lists of one entry
// per page, first rows from 0 that never decrease, below the row count (the
// index reader checks this; a RowSource's index may come from elsewhere).
bool Consistent(const ColumnIndex& ci, const OffsetIndex& oi, int64_t num_rows) {
  const ColumnIndex::Parts& p = ci.parts();
  const size_t n = p.null_pages.size();
  if (n == 0 || static_cast<size_t>(oi.num_pages()) != n || p.min_values.size() != n || p.max_values.size() != n ||
      (!p.null_counts.empty() && p.null_counts.size() != n) || (!p.nan_counts.empty() && p.nan_counts.size() != n)) {
    return false;
  }
  const auto& locs = oi.page_locations();
  for (size_t i = 0; i < n; ++i) {
    const int64_t first = locs[i].first_row_index;
    if ((i == 0 ? first != 0 : first < locs[i - 1].first_row_index) || (first >= num_rows && num_rows > 0)) return false;
  }
  return true;
}

}  // namespace

index::RowSelection SelectRows(const BoundFilter& filter, const std::vector<LeafPageIndex>& leaves,
                               int64_t num_rows, const std::optional<std::string>& created_by,
                               PagePruneNote* note) {
  const auto& bound = filter.impl().leaves;
  // Per leaf: the first row of each page and its facts (empty: no usable
  // page index, the chunk's facts throughout).
  struct Pages {
    std::vector<int64_t> first;
    std::vector<ChunkFacts> facts;
  };
  std::vector<Pages> pages(leaves.size());
  std::vector<int64_t> cuts = {0, num_rows};
  std::vector<bool> by_headers(leaves.size(), false);
  for (size_t l = 0; l < leaves.size(); ++l) {
    const LeafPageIndex& in = leaves[l];
    if (in.column_index == nullptr || in.offset_index == nullptr || !Consistent(*in.column_index, *in.offset_index, num_rows)) {
      const column::HeaderPages* h = in.header_pages;
      if (h == nullptr || h->first_rows.size() < 2) continue;  // one page: the chunk's facts say as much
      Pages p;
      p.first = h->first_rows;
      for (size_t i = 0; i < h->first_rows.size(); ++i) {
        const int64_t end = i + 1 < h->first_rows.size() ? h->first_rows[i + 1] : num_rows;
        p.facts.push_back(FactsOf(h->statistics[i], end - h->first_rows[i], bound[l].type, in.column_order, created_by));
      }
      cuts.insert(cuts.end(), p.first.begin(), p.first.end());
      pages[l] = std::move(p);
      by_headers[l] = true;
      continue;
    }
    // A null page of a REQUIRED leaf (parquet-mr 1.13 snapshots wrote every
    // page null): the index contradicts the schema, so none of it is trusted.
    const auto& null_pages = in.column_index->parts().null_pages;
    if (in.required && std::find(null_pages.begin(), null_pages.end(), true) != null_pages.end()) continue;
    Pages p;
    const int n = in.offset_index->num_pages();
    for (int i = 0; i < n; ++i) {
      const index::RowRange r = index::PageRows(*in.offset_index, i, num_rows);
      p.first.push_back(r.first);
      p.facts.push_back(PageFacts(*in.column_index, i, r.end - r.first, bound[l].type, in.column_order, created_by));
    }
    if (!FollowsBoundaryOrder(*in.column_index, p.facts, bound[l].type.domain)) continue;
    cuts.insert(cuts.end(), p.first.begin(), p.first.end());
    pages[l] = std::move(p);
    if (note != nullptr) note->used_page_index = true;
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  index::RowSelection out;
  std::vector<ChunkFacts> facts(leaves.size());
  std::vector<size_t> at(leaves.size(), 0);  // per leaf: the page holding the segment
  for (size_t c = 0; c + 1 < cuts.size(); ++c) {
    const int64_t first = cuts[c];
    if (first >= num_rows) break;
    for (size_t l = 0; l < leaves.size(); ++l) {
      const Pages& p = pages[l];
      if (p.first.empty()) {
        facts[l] = leaves[l].chunk;
        continue;
      }
      while (at[l] + 1 < p.first.size() && p.first[at[l] + 1] <= first) ++at[l];
      facts[l] = p.facts[at[l]];
    }
    if (MayMatch(filter, facts)) out.Append(first, cuts[c + 1]);
  }
  if (note != nullptr) {
    for (size_t l = 0; l < leaves.size(); ++l) {
      if (!by_headers[l]) continue;
      note->used_header_stats = true;
      const std::vector<int64_t>& first = pages[l].first;
      for (size_t i = 0; i < first.size(); ++i) {
        const int64_t end = i + 1 < first.size() ? first[i + 1] : num_rows;
        if (first[i] < end && !out.Overlaps(first[i], end)) ++note->header_pages_pruned;
      }
    }
  }
  return out;
}


std::optional<index::RowSelection> SelectRowGroupPages(const BoundFilter& filter, const RowSource& src, int rg,
                                                       PagePruneNote* note) {
  const auto& leaves = filter.impl().leaves;
  const int64_t rows = src.row_group_rows[static_cast<size_t>(rg)];
  std::vector<PageIndex> indexes(leaves.size());
  std::vector<std::optional<column::HeaderPages>> headers(leaves.size());
  std::vector<LeafPageIndex> in(leaves.size());
  bool any = false;
  for (size_t l = 0; l < leaves.size(); ++l) {
    const int col = leaves[l].column;
    if (src.page_index) {
      if (Result<PageIndex> pi = src.page_index(rg, col); pi.ok()) indexes[l] = std::move(*pi);
    }
    in[l].column_order = src.column_order ? src.column_order(col) : std::string();
    in[l].required = src.schema != nullptr && src.schema->column(col).max_definition_level == 0;
    in[l].chunk.num_values = rows;
    if (src.chunk_statistics) {
      in[l].chunk = FactsOf(src.chunk_statistics(rg, col), rows, leaves[l].type, in[l].column_order, src.created_by);
    }
    if (indexes[l].column_index && indexes[l].offset_index) {
      in[l].column_index = &*indexes[l].column_index;
      in[l].offset_index = &*indexes[l].offset_index;
      any = true;
    } else if (src.open_column && rows > 0) {
      // No page index: the pages' headers, read by a reader of their own
      // (the chunk's reader is opened later, and reads them again).
      if (Result<std::unique_ptr<ColumnReader>> r = src.open_column(rg, col); r.ok()) {
        headers[l] = column::ScanPageHeaders(**r, rows);
        if (note != nullptr) note->header_bytes_read += (*r)->bytes_read();
      }
      if (headers[l]) {
        in[l].header_pages = &*headers[l];
        any = true;
      }
    }
  }
  if (!any) return std::nullopt;
  index::RowSelection selected = SelectRows(filter, in, rows, src.created_by, note);
  if (selected.num_rows() == rows) return std::nullopt;
  return selected;
}

}  // namespace parq::filter_internal
