// LeafParser: one leaf column's canonical JSON (docs/rows-as-json.md) back to its
// physical Value — the inverse of json/leaf_format.h, deciding once per
// column how its logical type reads.
//
//   LeafParser p(descriptor);
//   p.Parse(json, &value);   // "2024-01-02T03:04:05.000006Z" → kInt64 for TIMESTAMP(MICROS,true)
//
// Accepted forms, by annotation: integers (unsigned ones up to 2^32-1 /
// 2^64-1; a value outside a narrower width is taken as stored); FLOAT /
// DOUBLE / FLOAT16 numbers and "NaN" / "Infinity" / "-Infinity"; strings as
// well-formed UTF-8 (else kInvalidArgument saying where, or, when the parser
// replaces, each ill-formed part as U+FFFD); unannotated binary as standard
// base64; DECIMAL as a string (or number) with at most `scale` fraction
// digits and at most `precision` digits in all; DATE "[-]YYYY-MM-DD"; TIME
// "[-]HH:MM:SS[.f]"; TIMESTAMP and INT96 "[-]YYYY-MM-DDTHH:MM:SS[.f][Z]"
// (fewer fraction digits than the unit's are padded, more are refused; the
// "Z" is not checked against isAdjustedToUTC); UUID 8-4-4-4-12 hex; INTERVAL
// {"months", "days", "milliseconds"}; UNKNOWN only null.  Values that do not
// fit the physical type are kInvalidArgument (the message names no field;
// callers add the path).
//
// Thread-safety: const methods are reentrant.
#ifndef PARQ_JSON_LEAF_PARSE_H_
#define PARQ_JSON_LEAF_PARSE_H_

#include <cstdint>
#include <string>

#include "json/json_format.h"
#include "json/json_value.h"
#include "parq/record.h"
#include "parq/schema.h"
#include "parq/status.h"

namespace parq {

// IEEE binary32 → binary16 bits, rounding to nearest even (NaN stays a quiet NaN).
uint16_t FloatToHalf(float f);

class LeafParser {
 public:
  // replace_invalid_utf8: a STRING / ENUM / JSON string that is not
  // well-formed UTF-8 gets U+FFFD for each ill-formed part instead of failing.
  explicit LeafParser(const ColumnDescriptor& descriptor, bool replace_invalid_utf8 = false);

  // REQUIRES: j is not null (nulls are the caller's).
  Status Parse(const JsonValue& j, Value* out) const;

 private:
  enum class Kind : uint8_t {
    kPhysical, kNull, kUnsigned, kDecimal, kDate, kTime, kTimestamp,
    kString, kBase64, kUuid, kFloat16, kInterval,
  };
  Status Integer(const JsonValue& j, Value* out) const;
  Status Decimal(const JsonValue& j, Value* out) const;
  Status Temporal(const JsonValue& j, Value* out) const;
  Status Binary(const JsonValue& j, Value* out) const;

  const ColumnDescriptor& d_;
  Kind kind_ = Kind::kPhysical;
  JsonTimeUnit unit_ = JsonTimeUnit::kMillis;
  int32_t scale_ = 0;
  int32_t precision_ = 0;
  bool replace_invalid_utf8_ = false;
};

}  // namespace parq

#endif  // PARQ_JSON_LEAF_PARSE_H_
