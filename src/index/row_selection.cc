// index/row_selection.cc — see row_selection.h.
#include "index/row_selection.h"

#include <algorithm>

namespace parq::index {

RowSelection RowSelection::All(int64_t num_rows) {
  RowSelection s;
  s.Append(0, num_rows);
  return s;
}

void RowSelection::Append(int64_t first, int64_t end) {
  if (end <= first) return;
  if (!ranges_.empty() && first <= ranges_.back().end) {
    ranges_.back().end = std::max(ranges_.back().end, end);
    return;
  }
  ranges_.push_back({first, end});
}

int64_t RowSelection::num_rows() const {
  int64_t n = 0;
  for (const RowRange& r : ranges_) n += r.end - r.first;
  return n;
}

bool RowSelection::Overlaps(int64_t first, int64_t end) const {
  if (end <= first) return false;
  // The first range ending after `first`.
  auto it = std::upper_bound(ranges_.begin(), ranges_.end(), first,
                             [](int64_t row, const RowRange& r) { return row < r.end; });
  return it != ranges_.end() && it->first < end;
}

RowRange PageRows(const OffsetIndex& index, int page, int64_t num_rows) {
  const auto& locs = index.page_locations();
  const auto p = static_cast<size_t>(page);
  return {locs[p].first_row_index, p + 1 < locs.size() ? locs[p + 1].first_row_index : num_rows};
}

std::vector<bool> PagesOverlapping(const RowSelection& selection, const OffsetIndex& index, int64_t num_rows) {
  std::vector<bool> out(static_cast<size_t>(index.num_pages()));
  for (int i = 0; i < index.num_pages(); ++i) {
    const RowRange r = PageRows(index, i, num_rows);
    out[static_cast<size_t>(i)] = selection.Overlaps(r.first, r.end);
  }
  return out;
}

}  // namespace parq::index
