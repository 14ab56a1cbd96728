// index/page_index_builder.h — collecting a column chunk's ColumnIndex and
// OffsetIndex while its data pages are written.
//
// The column writer calls AddPage once per data page, in order, with the
// page's statistics as they go into its header (min/max already truncated by
// the statistics builder: a truncated min stays <= every value, a truncated
// max >= every value), its level histograms and its place in the chunk.
// Rules (PageIndex.md, and what Arrow C++ and parquet-java write):
//   * a page of only nulls is a null page: empty min/max, null_pages[i] true;
//   * a page with values but no bounds (only NaNs, or a type without a sort
//     order) leaves the chunk without a ColumnIndex: a reader could not skip
//     by it anyway, and a null page entry would be a lie;
//   * boundary_order is ASCENDING when the non-null pages' mins and maxes both
//     never decrease, DESCENDING when both never increase, else UNORDERED;
//   * level histograms are written only for a max level > 0, and
//     unencoded_byte_array_data_bytes only for BYTE_ARRAY columns.
//
// Thread-safety: none; one builder per column writer.
#ifndef PARQ_INDEX_PAGE_INDEX_BUILDER_H_
#define PARQ_INDEX_PAGE_INDEX_BUILDER_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "format/parquet_types.h"
#include "parq/schema.h"
#include "stats/statistics_builder.h"

namespace parq::index {

struct PageEntry {
  int64_t offset = 0;        // relative to the first data page of the chunk
  int32_t compressed_size = 0;  // header + body as stored
  int64_t first_row = 0;     // within the row group
  int64_t num_values = 0;    // level entries
  int64_t null_count = 0;
  std::optional<int64_t> nan_count;
  bool has_min_max = false;
  std::string min, max;      // as written in the page header (possibly truncated)
  std::span<const int64_t> rep_histogram;  // empty when not kept
  std::span<const int64_t> def_histogram;
  std::optional<int64_t> unencoded_bytes;  // BYTE_ARRAY only
};

class PageIndexBuilder {
 public:
  // total_order: the pages' bounds are in IEEE_754_TOTAL_ORDER (a FLOAT,
  // DOUBLE or FLOAT16 column; a page of only NaNs has NaN bounds then).
  explicit PageIndexBuilder(const ColumnDescriptor& descriptor, bool total_order = false);

  void AddPage(const PageEntry& page);
  void Reset();
  int num_pages() const { return static_cast<int>(locations_.size()); }

  // nullopt when a page had values but no bounds, or the type has no order.
  std::optional<format::ColumnIndex> BuildColumnIndex() const;
  // `data_start` is the file offset of the chunk's first data page.
  format::OffsetIndex BuildOffsetIndex(int64_t data_start) const;

 private:
  stats::CompareKind kind_;
  PhysicalType physical_;
  bool total_order_;
  bool valid_ = true;
  std::vector<format::PageLocation> locations_;
  std::vector<int64_t> unencoded_;
  bool has_unencoded_ = true;
  format::ColumnIndex ci_;
  bool has_nan_counts_ = true;
};

}  // namespace parq::index

#endif  // PARQ_INDEX_PAGE_INDEX_BUILDER_H_
