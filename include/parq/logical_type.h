// parq/logical_type.h — the annotations that say how a physical type is read:
// LogicalType (the current union of the format) and ConvertedType (the legacy
// enum), with the format's compatibility tables in both directions.
//
// LogicalType is a small value type (one kind plus its parameters).  The
// default-constructed value is "none": no annotation.  Conversions:
//   FromConvertedType(ConvertedType, scale, precision)  — backward table
//   ToConvertedType()                                    — forward table
// and CheckApplicable(physical, type_length) says whether an annotation fits a
// physical type (the reader drops annotations that do not fit; the writer
// refuses them).
//
// Thread-safety: values; no shared state.
#ifndef PARQ_LOGICAL_TYPE_H_
#define PARQ_LOGICAL_TYPE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "parq/rare_string.h"
#include "parq/result.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq {

// The legacy annotation.  Values equal the format's Thrift ids; kNone means
// "not set".
enum class ConvertedType : int32_t {
  kNone = -1,
  kUtf8 = 0,
  kMap = 1,
  kMapKeyValue = 2,
  kList = 3,
  kEnum = 4,
  kDecimal = 5,
  kDate = 6,
  kTimeMillis = 7,
  kTimeMicros = 8,
  kTimestampMillis = 9,
  kTimestampMicros = 10,
  kUint8 = 11,
  kUint16 = 12,
  kUint32 = 13,
  kUint64 = 14,
  kInt8 = 15,
  kInt16 = 16,
  kInt32 = 17,
  kInt64 = 18,
  kJson = 19,
  kBson = 20,
  kInterval = 21,
};

// "UTF8", "MAP_KEY_VALUE", ...; "NONE" for kNone, "UNKNOWN" out of range.
std::string_view ConvertedTypeName(ConvertedType t);
// Inverse of ConvertedTypeName (exact, upper case); nullopt if no such name.
std::optional<ConvertedType> ConvertedTypeFromName(std::string_view name);

enum class TimeUnit : uint8_t { kMillis = 0, kMicros = 1, kNanos = 2 };
std::string_view TimeUnitName(TimeUnit u);  // "MILLIS", "MICROS", "NANOS"

// GEOGRAPHY edge interpolation; values equal the format's Thrift ids.
enum class EdgeAlgorithm : int32_t { kSpherical = 0, kVincenty = 1, kThomas = 2, kAndoyer = 3, kKarney = 4 };
std::string_view EdgeAlgorithmName(EdgeAlgorithm a);  // "SPHERICAL", ...

class LogicalType {
 public:
  enum class Kind : uint8_t {
    kNone = 0,  // no annotation: read as the physical type
    kString,
    kMap,
    kList,
    kEnum,
    kDecimal,
    kDate,
    kTime,
    kTimestamp,
    kInterval,  // no LogicalType member in the format; only ConvertedType INTERVAL
    kInt,
    kUnknown,  // "always null" (NullType)
    kJson,
    kBson,
    kUuid,
    kFloat16,
    kVariant,
    kGeometry,
    kGeography,
    kFile,  // a group describing file contents stored elsewhere or inline
  };

  LogicalType() = default;  // none

  static LogicalType None() { return {}; }
  static LogicalType String() { return LogicalType(Kind::kString); }
  static LogicalType Map() { return LogicalType(Kind::kMap); }
  static LogicalType List() { return LogicalType(Kind::kList); }
  static LogicalType Enum() { return LogicalType(Kind::kEnum); }
  static LogicalType Decimal(int32_t precision, int32_t scale);
  static LogicalType Date() { return LogicalType(Kind::kDate); }
  static LogicalType Time(TimeUnit unit, bool adjusted_to_utc);
  static LogicalType Timestamp(TimeUnit unit, bool adjusted_to_utc);
  static LogicalType Interval() { return LogicalType(Kind::kInterval); }
  static LogicalType Int(int bit_width, bool is_signed);
  static LogicalType Unknown() { return LogicalType(Kind::kUnknown); }
  static LogicalType Json() { return LogicalType(Kind::kJson); }
  static LogicalType Bson() { return LogicalType(Kind::kBson); }
  static LogicalType Uuid() { return LogicalType(Kind::kUuid); }
  static LogicalType Float16() { return LogicalType(Kind::kFloat16); }
  static LogicalType Variant(std::optional<int8_t> spec_version = std::nullopt);
  // An empty crs means "not set" (the format's default OGC:CRS84).
  static LogicalType Geometry(std::string crs = {});
  static LogicalType Geography(std::string crs = {}, std::optional<EdgeAlgorithm> algorithm = std::nullopt);
  static LogicalType File() { return LogicalType(Kind::kFile); }

  Kind kind() const { return kind_; }
  bool is_none() const { return kind_ == Kind::kNone; }
  // LIST, MAP, VARIANT and FILE annotate groups; every other kind annotates leaves.
  bool is_nested() const {
    return kind_ == Kind::kList || kind_ == Kind::kMap || kind_ == Kind::kVariant || kind_ == Kind::kFile;
  }

  // Parameters; each REQUIRES the matching kind (others return 0 / defaults).
  int32_t precision() const { return precision_; }  // kDecimal
  int32_t scale() const { return scale_; }          // kDecimal
  TimeUnit time_unit() const { return unit_; }      // kTime, kTimestamp
  bool is_adjusted_to_utc() const { return utc_; }  // kTime, kTimestamp
  int bit_width() const { return bit_width_; }      // kInt
  bool is_signed() const { return is_signed_; }     // kInt
  std::optional<int8_t> variant_spec_version() const { return variant_version_; }  // kVariant
  const std::string& crs() const { return crs_.str(); }                                // kGeometry, kGeography
  std::optional<EdgeAlgorithm> edge_algorithm() const { return algorithm_; }       // kGeography

  // The parquet-java message-type text: "STRING", "DECIMAL(9,2)",
  // "TIMESTAMP(MICROS,true)", "INTEGER(8,false)", "VARIANT(1)",
  // "GEOGRAPHY(OGC:CRS84,SPHERICAL)"; "NONE" for none.
  std::string ToString() const;
  // Parses ToString()'s form ("INTEGER(8,false)", "DECIMAL(9,2)", ...).
  // Legacy ConvertedType names are not accepted here (see FromConvertedType).
  static Result<LogicalType> Parse(std::string_view text);

  // Backward compatibility table: the LogicalType an old ConvertedType means.
  // DECIMAL takes precision/scale from the element (scale defaults to 0;
  // a missing precision gives an error); MAP_KEY_VALUE and kNone give none
  // (the schema tree decides where MAP_KEY_VALUE means MAP).
  // Errors (kCorrupt) name what is wrong; an out-of-range value is kUnsupported.
  static Result<LogicalType> FromConvertedType(ConvertedType t, std::optional<int32_t> scale = std::nullopt,
                                               std::optional<int32_t> precision = std::nullopt);

  // Forward compatibility table: the ConvertedType a writer also stores
  // (kNone when there is none: UUID, FLOAT16, UNKNOWN, VARIANT, GEOMETRY,
  // GEOGRAPHY, FILE, NANOS units).  Local (not UTC) TIME/TIMESTAMP in MILLIS or
  // MICROS get the legacy annotation too, as the format asks.
  ConvertedType ToConvertedType() const;

  // Whether this annotation may annotate a leaf of `physical` (type_length is
  // the FIXED_LEN_BYTE_ARRAY length, else ignored).  On failure the message says
  // why, e.g. "DECIMAL(10,2) needs precision <= 9 on INT32".
  Status CheckApplicable(PhysicalType physical, int32_t type_length) const;
  // Whether this annotation may annotate a group (none, LIST, MAP, VARIANT, FILE).
  Status CheckApplicableToGroup() const;
  // Whether the parameters themselves are valid (precision >= 1, 0 <= scale
  // <= precision, bit width 8/16/32/64).
  Status Validate() const;

  friend bool operator==(const LogicalType& a, const LogicalType& b) = default;

 private:
  explicit LogicalType(Kind k) : kind_(k) {}

  Kind kind_ = Kind::kNone;
  bool utc_ = false;
  bool is_signed_ = false;
  TimeUnit unit_ = TimeUnit::kMillis;
  int32_t bit_width_ = 0;
  int32_t precision_ = 0;
  int32_t scale_ = 0;
  std::optional<int8_t> variant_version_;
  std::optional<EdgeAlgorithm> algorithm_;
  RareString crs_;  // out of line: a LogicalType sits in every schema node and column
};

// The largest DECIMAL precision a FIXED_LEN_BYTE_ARRAY of `length` bytes can
// hold: floor(log10(2^(8*length - 1) - 1)); 0 for length <= 0.
int32_t MaxDecimalPrecisionForLength(int32_t length);

}  // namespace parq

#endif  // PARQ_LOGICAL_TYPE_H_
