// column/value_checks.h — the checks a column's values get before they are
// written, whoever writes them: a STRING / ENUM / JSON column takes only
// well-formed UTF-8, a DECIMAL(p, s) column only unscaled values of at most p
// digits, a GEOMETRY / GEOGRAPHY column only well-formed ISO WKB
// (stats/wkb_reader.h) (parq/column_writer.h).
//
// The column layer owns them, as every writer ends in its column writers: a
// TypedColumnWriter's WriteBatch runs them on each batch, so the library's
// writers all validate when used directly (ColumnarWriter and the Arrow
// writer rely on it; WKB is read there by the column's geospatial statistics
// builder, which refuses malformed values naming their row).  RowWriter runs them on each row as it takes it, to
// refuse that row alone, and hands its batches on with WriteCheckedBatch
// (column_writer_internal.h), which skips them: each value is checked once.
//
// Each check returns OK or kInvalidArgument saying what is wrong ("invalid
// UTF-8 at byte 3 (ff fe)", "the unscaled value 1000 has more than the 3
// digits of DECIMAL(3,0)"); the caller adds where (the batch position, the
// row and field).
//
// Thread-safety: immutable once made; borrows the descriptor.
#ifndef PARQ_COLUMN_VALUE_CHECKS_H_
#define PARQ_COLUMN_VALUE_CHECKS_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "parq/schema.h"
#include "parq/status.h"
#include "schema/decimal_precision.h"
#include "stats/geospatial_builder.h"
#include "stats/wkb_reader.h"
#include "util/utf8.h"

namespace parq::column {

class ValueChecks {
 public:
  explicit ValueChecks(const ColumnDescriptor& d)
      : d_(d),
        utf8_(d.physical_type == PhysicalType::kByteArray &&
              (d.logical_type.kind() == LogicalType::Kind::kString ||
               d.logical_type.kind() == LogicalType::Kind::kEnum ||
               d.logical_type.kind() == LogicalType::Kind::kJson)),
        decimal_(d.physical_type != PhysicalType::kBoolean && d.logical_type.kind() == LogicalType::Kind::kDecimal),
        wkb_(stats::GeospatialStatisticsBuilder::AppliesTo(d)) {}

  bool utf8() const { return utf8_; }
  bool decimal() const { return decimal_; }
  bool wkb() const { return wkb_; }
  bool any() const { return utf8_ || decimal_ || wkb_; }

  // REQUIRES: utf8().
  Status Utf8(const uint8_t* p, size_t n) const {
    const size_t at = util::Utf8InvalidOffset(p, n);
    if (at == n) [[likely]] return Status::OK();
    return Status::InvalidArgument(
        util::DescribeInvalidUtf8(std::string_view(reinterpret_cast<const char*>(p), n), at));
  }
  // REQUIRES: decimal(); an INT32 / INT64 column's value.
  Status Digits(int64_t unscaled) const {
    if (schema::UnscaledFits(unscaled, d_.logical_type.precision())) [[likely]] return Status::OK();
    return Status::InvalidArgument(schema::TooManyDigits(schema::UnscaledText(unscaled), d_.logical_type));
  }
  // REQUIRES: decimal(); a BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY column's value.
  Status Digits(const uint8_t* big_endian, size_t n) const {
    if (schema::UnscaledFits(big_endian, n, d_.logical_type.precision())) [[likely]] return Status::OK();
    return Status::InvalidArgument(schema::TooManyDigits(schema::UnscaledText(big_endian, n), d_.logical_type));
  }
  // REQUIRES: wkb(); a BYTE_ARRAY value.
  static Status Wkb(const uint8_t* p, size_t n) {
    struct Ignore final : stats::WkbSink {
      void Sequence(const stats::WkbSequence&) override {}
    } sink;
    return stats::ReadWkb(std::string_view(reinterpret_cast<const char*>(p), n), &sink).status();
  }

 private:
  const ColumnDescriptor& d_;
  bool utf8_;
  bool decimal_;
  bool wkb_;
};

}  // namespace parq::column

#endif  // PARQ_COLUMN_VALUE_CHECKS_H_
