// index/page_index_builder.cc — ColumnIndex / OffsetIndex of a chunk being written.
#include "index/page_index_builder.h"

namespace parq::index {

PageIndexBuilder::PageIndexBuilder(const ColumnDescriptor& d, bool total_order)
    : kind_(stats::CompareKindFor(d)),
      physical_(d.physical_type),
      total_order_(total_order && (kind_ == stats::CompareKind::kFloat || kind_ == stats::CompareKind::kFloat16)) {
  Reset();
}

void PageIndexBuilder::Reset() {
  valid_ = kind_ != stats::CompareKind::kNone;
  locations_.clear();
  unencoded_.clear();
  has_unencoded_ = true;
  has_nan_counts_ = true;
  ci_ = format::ColumnIndex{};
  ci_.null_counts.emplace();
}

void PageIndexBuilder::AddPage(const PageEntry& p) {
  format::PageLocation loc;
  loc.offset = p.offset;
  loc.compressed_page_size = p.compressed_size;
  loc.first_row_index = p.first_row;
  locations_.push_back(loc);
  if (p.unencoded_bytes) {
    unencoded_.push_back(*p.unencoded_bytes);
  } else {
    has_unencoded_ = false;
  }
  if (!valid_) return;
  const bool null_page = p.null_count == p.num_values;
  if (!null_page && !p.has_min_max) {
    valid_ = false;  // values without bounds: no ColumnIndex for this chunk
    return;
  }
  ci_.null_pages.push_back(null_page);
  ci_.min_values.emplace_back(null_page ? std::string_view() : std::string_view(p.min));
  ci_.max_values.emplace_back(null_page ? std::string_view() : std::string_view(p.max));
  ci_.null_counts->push_back(p.null_count);
  if (p.nan_count) {
    if (!ci_.nan_counts) ci_.nan_counts.emplace();
    ci_.nan_counts->push_back(*p.nan_count);
  } else {
    has_nan_counts_ = false;
  }
  auto append = [](std::optional<thrift::Vector<int64_t>>& all, std::span<const int64_t> h) {
    if (h.empty()) return;
    if (!all) all.emplace();
    all->insert(all->end(), h.begin(), h.end());
  };
  append(ci_.repetition_level_histograms, p.rep_histogram);
  append(ci_.definition_level_histograms, p.def_histogram);
}

std::optional<format::ColumnIndex> PageIndexBuilder::BuildColumnIndex() const {
  if (!valid_ || ci_.null_pages.empty()) return std::nullopt;
  format::ColumnIndex ci = ci_;
  if (!has_nan_counts_) ci.nan_counts.reset();
  // Histograms must cover every page; a builder fed some pages without them
  // (never, from parq's column writer) writes none.
  const size_t pages = ci.null_pages.size();
  if (ci.repetition_level_histograms && ci.repetition_level_histograms->size() % pages != 0) {
    ci.repetition_level_histograms.reset();
  }
  if (ci.definition_level_histograms && ci.definition_level_histograms->size() % pages != 0) {
    ci.definition_level_histograms.reset();
  }
  bool ascending = true, descending = true;
  const thrift::String* prev_min = nullptr;
  const thrift::String* prev_max = nullptr;
  auto compare = [&](std::string_view a, std::string_view b) {
    return total_order_ ? stats::CompareTotalOrder(kind_, physical_, a, b) : stats::CompareEncoded(kind_, physical_, a, b);
  };
  for (size_t i = 0; i < pages; ++i) {
    if (ci.null_pages[i]) continue;
    if (prev_min) {
      int cmin = compare(*prev_min, ci.min_values[i]);
      int cmax = compare(*prev_max, ci.max_values[i]);
      if (cmin > 0 || cmax > 0) ascending = false;
      if (cmin < 0 || cmax < 0) descending = false;
    }
    prev_min = &ci.min_values[i];
    prev_max = &ci.max_values[i];
  }
  ci.boundary_order = ascending    ? format::BoundaryOrder::ASCENDING
                      : descending ? format::BoundaryOrder::DESCENDING
                                   : format::BoundaryOrder::UNORDERED;
  return ci;
}

format::OffsetIndex PageIndexBuilder::BuildOffsetIndex(int64_t data_start) const {
  format::OffsetIndex oi;
  oi.page_locations = thrift::ToVector(locations_);
  for (auto& l : oi.page_locations) l.offset += data_start;
  if (has_unencoded_ && !unencoded_.empty()) oi.unencoded_byte_array_data_bytes = thrift::ToVector(unencoded_);
  return oi;
}

}  // namespace parq::index
