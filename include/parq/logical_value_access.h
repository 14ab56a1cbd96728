// parq/logical_value_access.h — typed logical values (parq/logical_values.h)
// out of a row's parq::Value, and back into the Value a RowWriter writes.
//
//   PARQ_ASSIGN_OR_RETURN(auto rows, parq::RowReader::Open(*file));
//   const parq::SchemaNode& price = *file->schema().FindNode("price");
//   ...
//   PARQ_ASSIGN_OR_RETURN(parq::Decimal d, parq::DecimalOf(*row.Find("price"), price));
//   std::string text = d.ToString();                       // "-123.45"
//
//   parq::Value out = parq::Value::Struct();
//   PARQ_ASSIGN_OR_RETURN(parq::Value v, parq::ToValue(d, price));
//   out.AddField("price", std::move(v));                    // then RowWriter::Write(out)
//
// A leaf's Value holds its physical value (RowReader's output, RowWriter's
// input: kInt32 for INT32, kBytes for BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY, ...);
// these functions apply the leaf's logical type to it.  `node` is the leaf's
// SchemaNode (schema.FindNode(path) or ColumnDescriptor::node).
//
// Reading (…Of): each REQUIRES a leaf of that logical type (TimestampOf also
// takes an INT96 leaf, as Timestamp::FromInt96) holding a non-null value of
// its physical kind.  Otherwise kInvalidArgument naming the node's path and
// what it is, e.g. "'price' is INT64 (TIMESTAMP(MICROS,true)), not DECIMAL",
// "'price' is null".  A value the type cannot hold (a DECIMAL of precision
// above 38, an INT96 outside int64 nanoseconds) is kInvalidArgument too.
//
// Writing (ToValue): the Value for `node`, converting exactly or failing with
// kInvalidArgument: a Decimal is rescaled to the column's precision and scale
// (never rounded), a Time or Timestamp converted to the column's unit (its
// UTC flag must equal the column's; an INT96 column takes any timestamp).
//
// Thread-safety: pure functions.
#ifndef PARQ_LOGICAL_VALUE_ACCESS_H_
#define PARQ_LOGICAL_VALUE_ACCESS_H_

#include "parq/logical_values.h"
#include "parq/record.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "parq/variant.h"

namespace parq {

Result<Decimal> DecimalOf(const Value& value, const SchemaNode& node);
Result<Date> DateOf(const Value& value, const SchemaNode& node);
Result<Time> TimeOf(const Value& value, const SchemaNode& node);
Result<Timestamp> TimestampOf(const Value& value, const SchemaNode& node);
Result<Uuid> UuidOf(const Value& value, const SchemaNode& node);
Result<Float16> Float16Of(const Value& value, const SchemaNode& node);

Result<Value> ToValue(const Decimal& v, const SchemaNode& node);
Result<Value> ToValue(const Date& v, const SchemaNode& node);
Result<Value> ToValue(const Time& v, const SchemaNode& node);
Result<Value> ToValue(const Timestamp& v, const SchemaNode& node);
Result<Value> ToValue(const Uuid& v, const SchemaNode& node);
Result<Value> ToValue(const Float16& v, const SchemaNode& node);

// VARIANT groups (parq/variant.h, VariantShredding.md; docs/variant.md).
// `node` is the VARIANT group; its Value a kStruct of metadata, value and
// typed_value as RowReader assembles it.
//
// VariantOf: the typed Variant, shredded or not (typed_value and value
// merged, each typed_value leaf read as the Variant type of the spec's
// table; a group whose value and typed_value are both null is the Variant
// null).  kInvalidArgument for a node that is no VARIANT group or a null
// Value; kCorrupt for bytes or a shredding the spec forbids (value and a
// non-object typed_value both set, a non-object value with shredded
// fields), naming the path; kUnsupported for a typed_value outside the
// spec's type table; kLimitExceeded past `limits`.
Result<Variant> VariantOf(const Value& value, const SchemaNode& node, const VariantLimits& limits = {});
// ToValue: the Value of the group for v, shredded by the group's layout: a
// value whose type is exactly a typed_value leaf's goes there (a decimal
// also needs the leaf's scale and to fit its precision), an array into a
// typed_value LIST element by element, an object into a typed_value group
// field by field with the other fields left in value (a partially shredded
// object); anything else is encoded in value.  kInvalidArgument when a value
// fits no typed_value and the group has no value field; kUnsupported for a
// group outside the spec's layout.
Result<Value> ToValue(const Variant& v, const SchemaNode& node, const VariantEncodeOptions& options = {});

}  // namespace parq

#endif  // PARQ_LOGICAL_VALUE_ACCESS_H_
