// parq/page_index.h — a column chunk's page index (PageIndex.md).
//
// The page index is two optional structures per column chunk, stored between
// the last row group and the footer:
//   OffsetIndex  where each data page starts (file offset, size including the
//                header, first row), for seeking by row;
//   ColumnIndex  per data page: whether it holds only nulls, lower and upper
//                bounds of its values, null counts, level histograms, and
//                whether the bounds are sorted across pages.
// Entry i of both belongs to the same page.  FileReader::ReadColumnIndex /
// ReadOffsetIndex read them; every length and offset is checked before use and
// list lengths are checked against each other, so a returned object is
// internally consistent: every per-page list has num_pages() entries (or is
// absent), and for fixed-width types every non-null page's bounds have the
// width of the type.
//
// Bounds are kept as stored (PLAIN encoding; BYTE_ARRAY without a length
// prefix) and decoded on request with min<T>() / max<T>().  They may be
// truncated (a shorter min <= every value, a max >= every value) and are
// compared in the column's sort order (ColumnOrder / LogicalTypes.md).
//
// Thread-safety: both are immutable values.
#ifndef PARQ_PAGE_INDEX_H_
#define PARQ_PAGE_INDEX_H_

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "parq/types.h"

namespace parq {

enum class BoundaryOrder : uint8_t { kUnordered = 0, kAscending = 1, kDescending = 2 };
std::string_view BoundaryOrderName(BoundaryOrder order);

struct PageLocation {
  int64_t offset = 0;                // file offset of the page header
  int32_t compressed_page_size = 0;  // header plus compressed body
  int64_t first_row_index = 0;       // within the row group
  bool operator==(const PageLocation&) const = default;
};

class OffsetIndex {
 public:
  OffsetIndex() = default;
  OffsetIndex(std::vector<PageLocation> pages, std::vector<int64_t> unencoded_byte_array_data_bytes)
      : pages_(std::move(pages)), unencoded_(std::move(unencoded_byte_array_data_bytes)) {}

  int num_pages() const { return static_cast<int>(pages_.size()); }
  const std::vector<PageLocation>& page_locations() const { return pages_; }
  // Per page, for BYTE_ARRAY columns whose writer recorded it; else empty.
  const std::vector<int64_t>& unencoded_byte_array_data_bytes() const { return unencoded_; }
  bool operator==(const OffsetIndex&) const = default;

 private:
  std::vector<PageLocation> pages_;
  std::vector<int64_t> unencoded_;
};

class ColumnIndex {
 public:
  // The parts, as checked by the reader (or built by the writer).
  struct Parts {
    PhysicalType physical_type = PhysicalType::kInt32;
    std::vector<bool> null_pages;
    std::vector<std::string> min_values;
    std::vector<std::string> max_values;
    BoundaryOrder boundary_order = BoundaryOrder::kUnordered;
    std::vector<int64_t> null_counts;                  // empty when absent
    std::vector<int64_t> nan_counts;                   // empty when absent
    std::vector<int64_t> repetition_level_histograms;  // pages x (max_rep + 1), or empty
    std::vector<int64_t> definition_level_histograms;  // pages x (max_def + 1), or empty
    bool operator==(const Parts&) const = default;
  };
  ColumnIndex() = default;
  explicit ColumnIndex(Parts parts) : p_(std::move(parts)) {}

  int num_pages() const { return static_cast<int>(p_.null_pages.size()); }
  PhysicalType physical_type() const { return p_.physical_type; }
  BoundaryOrder boundary_order() const { return p_.boundary_order; }
  // REQUIRES (all per-page accessors): 0 <= page < num_pages().
  bool null_page(int page) const { return p_.null_pages[static_cast<size_t>(page)]; }
  // The bounds as stored (empty for a null page).
  std::string_view encoded_min(int page) const { return p_.min_values[static_cast<size_t>(page)]; }
  std::string_view encoded_max(int page) const { return p_.max_values[static_cast<size_t>(page)]; }
  // Decoded bounds.  T is the column's value type: bool, int32_t, int64_t,
  // Int96, float, double, or std::string_view for BYTE_ARRAY and
  // FIXED_LEN_BYTE_ARRAY (a view into this object).
  // REQUIRES: !null_page(page) and T matches physical_type().
  template <typename T>
  T min(int page) const { return Decode<T>(encoded_min(page)); }
  template <typename T>
  T max(int page) const { return Decode<T>(encoded_max(page)); }

  // Null / NaN count of a page; nullopt when not written or stored as a
  // negative number (parquet-mr writes -1 for "unknown").
  bool has_null_counts() const { return !p_.null_counts.empty(); }
  std::optional<int64_t> null_count(int page) const { return Count(p_.null_counts, page); }
  std::optional<int64_t> nan_count(int page) const { return Count(p_.nan_counts, page); }
  // Level histograms of one page (max level + 1 counts), empty when absent.
  std::span<const int64_t> repetition_level_histogram(int page) const {
    return Slice(p_.repetition_level_histograms, page);
  }
  std::span<const int64_t> definition_level_histogram(int page) const {
    return Slice(p_.definition_level_histograms, page);
  }
  const Parts& parts() const { return p_; }
  bool operator==(const ColumnIndex&) const = default;

 private:
  template <typename T>
  static T Decode(std::string_view bytes) {
    if constexpr (std::is_same_v<T, std::string_view>) {
      return bytes;
    } else if constexpr (std::is_same_v<T, bool>) {
      return !bytes.empty() && bytes[0] != 0;
    } else {
      static_assert(std::is_trivially_copyable_v<T>);
      T v{};
      if (!bytes.empty()) {
        std::memcpy(&v, bytes.data(), bytes.size() < sizeof(T) ? bytes.size() : sizeof(T));
      }
      return v;
    }
  }
  static std::optional<int64_t> Count(const std::vector<int64_t>& all, int page) {
    if (all.empty() || all[static_cast<size_t>(page)] < 0) return std::nullopt;
    return all[static_cast<size_t>(page)];
  }
  std::span<const int64_t> Slice(const std::vector<int64_t>& all, int page) const {
    if (all.empty() || p_.null_pages.empty()) return {};
    size_t per = all.size() / p_.null_pages.size();
    return std::span<const int64_t>(all).subspan(static_cast<size_t>(page) * per, per);
  }
  Parts p_;
};

// Both halves of a chunk's page index, as FileReader::ReadPageIndex returns
// them; when both are present they describe the same number of pages.
struct PageIndex {
  std::optional<ColumnIndex> column_index;
  std::optional<OffsetIndex> offset_index;
};

}  // namespace parq

#endif  // PARQ_PAGE_INDEX_H_
