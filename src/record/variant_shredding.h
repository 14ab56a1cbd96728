// record/variant_shredding.h — what the read and write sides of shredded
// Variant columns (VariantShredding.md) share: the Variant type a typed_value
// leaf holds, and a shredded group's {value, typed_value} fields.  The public
// calls are VariantOf / ToValue(const Variant&, ...) in
// parq/logical_value_access.h (variant_read.cc, variant_write.cc).
//
// Thread-safety: pure functions.
#ifndef PARQ_RECORD_VARIANT_SHREDDING_H_
#define PARQ_RECORD_VARIANT_SHREDDING_H_

#include <string>

#include "parq/result.h"
#include "parq/schema.h"
#include "parq/variant.h"

namespace parq::variant_shredding {

// The Variant type of a typed_value leaf, by VariantShredding.md's table:
//   BOOLEAN → boolean; INT32 → int32, INT(8|16|32, signed) → int8/16/32,
//   DECIMAL → decimal4, DATE → date; INT64 → int64, INT(64, signed) → int64,
//   DECIMAL → decimal8, TIME(MICROS) → time (the spec says not adjusted to
//   UTC; either is taken), TIMESTAMP(utc, MICROS |
//   NANOS) → timestamp(_ntz)_micros / _nanos; FLOAT, DOUBLE; BYTE_ARRAY →
//   binary, STRING → string, DECIMAL → decimal16; FIXED_LEN_BYTE_ARRAY(16)
//   UUID → uuid, FIXED_LEN_BYTE_ARRAY DECIMAL → decimal16.
// Anything else is kUnsupported naming the node.
Result<VariantType> ShreddedLeafType(const SchemaNode& leaf);

// The fields of a shredded group (the VARIANT group itself, an object
// field's group or an array element's group), each nullptr when absent.
struct Slots {
  const SchemaNode* value = nullptr;
  const SchemaNode* typed = nullptr;
};
// kUnsupported for a group with other fields (but `metadata` at the top), a
// value that is not BYTE_ARRAY, or neither field.
Result<Slots> FindSlots(const SchemaNode& group, bool top);

// The element group of a typed_value LIST (3-level: LIST → repeated group →
// required group {value, typed_value}); kUnsupported otherwise.
Result<const SchemaNode*> ListElement(const SchemaNode& list);

}  // namespace parq::variant_shredding

#endif  // PARQ_RECORD_VARIANT_SHREDDING_H_
