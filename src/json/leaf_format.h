// LeafFormatter: one leaf column's values as canonical JSON (docs/rows-as-json.md),
// deciding once per column — not per value — how its logical type prints.
//
//   LeafFormatter f(descriptor);
//   f.Int64(out, v);            // "2024-01-02T03:04:05.000006Z" for TIMESTAMP(MICROS,true)
//   f.Plain(out, stat_bytes);   // a statistics min/max, PLAIN-encoded
//
// Errors (kCorrupt / kInvalidArgument) only for values that cannot be shown:
// a DECIMAL with an impossible scale, PLAIN bytes of the wrong length.
#ifndef PARQ_JSON_LEAF_FORMAT_H_
#define PARQ_JSON_LEAF_FORMAT_H_

#include <cstdint>
#include <span>
#include <string>

#include "json/json_format.h"
#include "parq/schema.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq {

class LeafFormatter {
 public:
  explicit LeafFormatter(const ColumnDescriptor& descriptor);

  void Bool(std::string& out, bool v) const { out.append(v ? "true" : "false"); }
  Status Int32(std::string& out, int32_t v) const;
  Status Int64(std::string& out, int64_t v) const;
  void Int96(std::string& out, const parq::Int96& v) const;
  void Float(std::string& out, float v) const { AppendJsonFloat(out, v); }
  void Double(std::string& out, double v) const { AppendJsonDouble(out, v); }
  Status Bytes(std::string& out, std::span<const uint8_t> v) const;  // BYTE_ARRAY and FLBA

  // One value in its PLAIN encoding (BYTE_ARRAY without the length prefix),
  // as statistics store it.
  Status Plain(std::string& out, std::span<const uint8_t> bytes) const;

  // True for UNKNOWN (always-null) columns: every value prints as null.
  bool always_null() const { return kind_ == Kind::kNull; }

 private:
  enum class Kind : uint8_t {
    kPhysical,   // the physical type's own form
    kNull,       // UNKNOWN
    kUnsigned,   // INT(8..64, false)
    kDecimal,
    kDate,
    kTime,
    kTimestamp,
    kString,     // STRING, ENUM, JSON: UTF-8 text
    kBase64,     // unannotated binary, BSON, GEOMETRY, GEOGRAPHY, ...
    kUuid,
    kFloat16,
    kInterval,
  };
  const ColumnDescriptor& d_;
  Kind kind_ = Kind::kPhysical;
  JsonTimeUnit unit_ = JsonTimeUnit::kMillis;
  bool utc_ = false;
  int32_t scale_ = 0;
};

}  // namespace parq

#endif  // PARQ_JSON_LEAF_FORMAT_H_
