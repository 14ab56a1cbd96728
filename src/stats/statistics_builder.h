// stats/statistics_builder.h — sort orders and the typed min/max/null/NaN
// accumulators the column writer feeds.
//
// Sort orders (the format's ColumnOrder TYPE_ORDER, LogicalTypes.md):
//   kSigned    BOOLEAN (false < true), INT32/INT64 unless annotated unsigned,
//              FLOAT/DOUBLE and FLOAT16 as numbers, DECIMAL on FLBA/BINARY as
//              big-endian two's-complement values, DATE/TIME/TIMESTAMP
//   kUnsigned  INT(…, false) / UINT_*; BYTE_ARRAY and FLBA without a signed
//              annotation (STRING, ENUM, JSON, BSON, UUID, plain binary),
//              compared byte-wise as unsigned bytes
//   kUnknown   INT96, INTERVAL, GEOMETRY/GEOGRAPHY: no min/max is written
//
// IEEE_754_TOTAL_ORDER (a builder made with total_order, FLOAT / DOUBLE /
// FLOAT16 only): -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN, NaNs
// ordered by their bits.  min/max are the least and greatest non-NaN values
// in that order (so -0 and +0 are told apart and kept as found); when every
// non-null value is NaN, the least and greatest NaN.  nan_count is written;
// the deprecated min/max fields are not.
//
// Rules the builders keep under TYPE_ORDER (Arrow C++ and parquet-java agree on them):
//   * NaN is never a bound; nan_count counts NaNs (FLOAT, DOUBLE, FLOAT16).
//     A chunk of only NaNs (and nulls) has no min/max.
//   * When zero is a bound, the min is written as -0.0 and the max as +0.0,
//     so a reader comparing with either zero never skips a matching page.
//   * null_count is always written.
//   * BYTE_ARRAY bounds longer than the truncation length are cut: the min to
//     its prefix, the max to its prefix with the last byte that is not 0xFF
//     incremented (trailing 0xFF dropped); either is then marked inexact
//     (is_min_value_exact / is_max_value_exact = false).  A max of only 0xFF
//     bytes cannot be cut and stays whole.
//   * The deprecated min/max fields (1, 2) are written only when the sort order
//     is kSigned, where old readers' signed comparison agrees with ours.
//
// Thread-safety: none; one builder per column writer.
#ifndef PARQ_STATS_STATISTICS_BUILDER_H_
#define PARQ_STATS_STATISTICS_BUILDER_H_

#include <cstdint>
#include <string>

#include "format/parquet_types.h"
#include "parq/schema.h"
#include "parq/types.h"

namespace parq::stats {

enum class SortOrder : uint8_t { kSigned, kUnsigned, kUnknown };

SortOrder SortOrderFor(PhysicalType physical, const LogicalType& logical, ConvertedType converted);
inline SortOrder SortOrderFor(const ColumnDescriptor& d) {
  return SortOrderFor(d.physical_type, d.logical_type, d.converted_type);
}

// How values of one column compare (derived from the descriptor).
enum class CompareKind : uint8_t {
  kNone,          // no order: only null_count
  kSignedInt,     // BOOLEAN, INT32, INT64
  kUnsignedInt,   // INT32, INT64 as unsigned
  kFloat,         // FLOAT, DOUBLE
  kFloat16,       // FLBA(2) FLOAT16
  kBytes,         // unsigned byte-wise (BYTE_ARRAY, FLBA)
  kSignedBytes,   // big-endian two's complement (DECIMAL on BYTE_ARRAY / FLBA)
};
CompareKind CompareKindFor(const ColumnDescriptor& d);

// Unsigned byte-wise comparison, shorter prefix first.
int CompareBytes(std::string_view a, std::string_view b);
// Big-endian two's-complement integers of any lengths (sign-extended).
int CompareSignedBytes(std::string_view a, std::string_view b);
// Compares two PLAIN-encoded values of one column (-1, 0, 1) by `kind`.
// REQUIRES: fixed-width values have their type's width; no NaNs.
int CompareEncoded(CompareKind kind, PhysicalType physical, std::string_view a, std::string_view b);
// IEEE 754 total order of two PLAIN-encoded values of a kFloat / kFloat16
// column, NaNs included (-1, 0, 1).
int CompareTotalOrder(CompareKind kind, PhysicalType physical, std::string_view a, std::string_view b);
// FLOAT16 (IEEE half, little endian) to float.
float HalfToFloat(uint16_t h);

// Truncation of a binary bound to at most `length` bytes.  The max form
// returns false when it cannot be cut (all 0xFF): the caller keeps it whole.
std::string TruncateMin(std::string_view v, size_t length);
bool TruncateMax(std::string_view v, size_t length, std::string* out);

template <typename T>
class StatisticsBuilder {
 public:
  // truncate_length: 0 = no truncation (BYTE_ARRAY only).  total_order:
  // bounds in IEEE_754_TOTAL_ORDER (ignored unless the column is kFloat or
  // kFloat16).
  StatisticsBuilder(const ColumnDescriptor& descriptor, int32_t truncate_length, bool total_order = false);

  // Non-null values.
  void Update(const T* values, int64_t n);
  // True when Update over each distinct value once gives what Update over
  // every value would: only bounds are kept, no per-value counts (NaNs).
  bool distinct_values_suffice() const {
    return kind_ != CompareKind::kFloat && kind_ != CompareKind::kFloat16;
  }
  void AddNulls(int64_t n) { null_count_ += n; }
  // Adds another builder's counts and bounds (a page's into its chunk's).
  void Merge(const StatisticsBuilder& other) {
    null_count_ += other.null_count_;
    nan_count_ += other.nan_count_;
    if (other.has_min_max_) Offer(other.min_, other.max_);
    if (other.has_nan_bounds_) OfferNaN(other.nan_min_, other.nan_max_);
  }
  void Reset();

  // Under total order, a builder of only NaNs has the NaN bounds.
  bool has_min_max() const { return has_min_max_ || has_nan_bounds_; }
  bool total_order() const { return total_order_; }
  int64_t null_count() const { return null_count_; }
  int64_t nan_count() const { return nan_count_; }
  // The bounds, PLAIN-encoded (binary without a length prefix).  With
  // truncation (a BYTE_ARRAY column compared as bytes), only what ToFormat
  // needs is kept: the first truncate_length + 1 bytes (a max that cannot be
  // cut, whole).
  const std::string& min() const { return has_min_max_ ? min_ : nan_min_; }
  const std::string& max() const { return has_min_max_ ? max_ : nan_max_; }

  format::Statistics ToFormat() const;

 private:
  void Offer(std::string_view lo, std::string_view hi);
  void OfferNaN(std::string_view lo, std::string_view hi);
  int Compare(std::string_view a, std::string_view b) const {
    return total_order_ ? CompareTotalOrder(kind_, physical_, a, b) : CompareEncoded(kind_, physical_, a, b);
  }
  // The total-order Update of FLOAT / DOUBLE (F, bits U) and FLOAT16 values.
  template <typename F, typename U>
  void UpdateTotalOrder(const F* values, int64_t n);

  CompareKind kind_;
  SortOrder order_;
  PhysicalType physical_;
  int32_t type_length_;
  int32_t truncate_length_;
  bool total_order_;
  bool has_min_max_ = false;
  bool has_nan_bounds_ = false;  // total order only: the least and greatest NaN seen
  int64_t null_count_ = 0;
  int64_t nan_count_ = 0;
  std::string min_, max_;
  std::string nan_min_, nan_max_;
};

extern template class StatisticsBuilder<bool>;
extern template class StatisticsBuilder<int32_t>;
extern template class StatisticsBuilder<int64_t>;
extern template class StatisticsBuilder<Int96>;
extern template class StatisticsBuilder<float>;
extern template class StatisticsBuilder<double>;
extern template class StatisticsBuilder<ByteArray>;
extern template class StatisticsBuilder<FixedLenByteArray>;

}  // namespace parq::stats

#endif  // PARQ_STATS_STATISTICS_BUILDER_H_
