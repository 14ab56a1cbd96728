// parq/schema_helpers.h — building a Schema in code from the common shapes,
// with initializer lists:
//
//   using namespace parq::schema;
//   PARQ_ASSIGN_OR_RETURN(parq::Schema s, Message({
//       Int64("id"),
//       String("name").Optional(),
//       List("tags", String("element")).Optional(),
//       Map("attrs", String("key"), Int64("value").Optional()),
//       Struct("point", {Double("x"), Double("y")}).Optional(),
//       Decimal("price", 12, 2),                      // INT64 (precision 10..18)
//       Timestamp("at", parq::TimeUnit::kMicros, true),
//   }));
//
// A Field describes one node (a leaf, or a group with its children) before it
// becomes part of a Schema; Message() turns a list of fields into a Schema
// through SchemaNode::MakePrimitive / MakeGroup and Schema::Make (strict, so
// an annotation that does not fit, e.g. DECIMAL(5,7), is an error there).
//
// Repetition: every helper makes a REQUIRED field; .Optional() and
// .Repeated() (and .Required()) return the field with another repetition.
//
// Shapes: List and Map always produce the specification's 3-level forms
// (LogicalTypes.md):
//   <list-repetition> group <name> (LIST) {
//     repeated group list { <element-repetition> <element-type> element; } }
//   <map-repetition> group <name> (MAP) {
//     repeated group key_value { required <key-type> key;
//                                <value-repetition> <value-type> value; } }
// The element, key and value keep their type and repetition but are renamed
// "element", "key" and "value" whatever name they were made with.  Shapes the
// specification forbids are reported by Message() (kInvalidArgument naming the
// field's path): a repeated list or map, a repeated element or value, a key
// that is not required.
//
// Physical types: Decimal(p, s) is INT32 for p <= 9, INT64 for p <= 18, else
// the shortest FIXED_LEN_BYTE_ARRAY that holds p digits (as parquet-java and
// Arrow with integer decimals do); Time(kMillis) is INT32, other times and
// every Timestamp INT64; Uuid is FIXED_LEN_BYTE_ARRAY(16), Float16 (2).
// Primitive() takes any physical type and annotation when another layout is
// wanted (e.g. a DECIMAL in a BYTE_ARRAY).
//
// Thread-safety: Fields are values; no shared state.
#ifndef PARQ_SCHEMA_HELPERS_H_
#define PARQ_SCHEMA_HELPERS_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parq/logical_type.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "parq/types.h"

namespace parq::schema {

class Field {
 public:
  // The same field with another repetition (copies; the original is unchanged).
  Field Required() const { return WithRepetition(Repetition::kRequired); }
  Field Optional() const { return WithRepetition(Repetition::kOptional); }
  Field Repeated() const { return WithRepetition(Repetition::kRepeated); }
  // The same field with a field id ("= 7" in the message-type text).
  Field WithId(int32_t field_id) const;

  const std::string& name() const { return name_; }
  Repetition repetition() const { return repetition_; }
  bool is_group() const { return group_; }
  PhysicalType physical_type() const { return physical_; }  // leaves only
  const LogicalType& logical_type() const { return logical_; }
  int32_t type_length() const { return type_length_; }  // -1 when not set
  const std::vector<Field>& children() const { return children_; }

  // The node this field describes, for SchemaNode::AddChild or Schema::Make.
  // kInvalidArgument, naming the path below `parent_path`, for a shape the
  // specification forbids (see the header comment).
  Result<std::unique_ptr<SchemaNode>> ToNode(const std::string& parent_path = {}) const;

  // The factories below build Fields.
  friend Field Primitive(std::string name, PhysicalType physical, LogicalType logical, int32_t type_length);
  friend Field Struct(std::string name, std::vector<Field> fields);
  friend Field List(std::string name, Field element);
  friend Field Map(std::string name, Field key, std::optional<Field> value);

 private:
  Field() = default;
  Field WithRepetition(Repetition r) const;

  std::string name_;
  Repetition repetition_ = Repetition::kRequired;
  bool group_ = false;
  PhysicalType physical_ = PhysicalType::kBoolean;
  LogicalType logical_;
  int32_t type_length_ = -1;
  std::optional<int32_t> field_id_;
  std::vector<Field> children_;
};

// ---- leaves (each REQUIRED until .Optional() / .Repeated()) ----
// Any physical type and annotation (type_length for FIXED_LEN_BYTE_ARRAY).
Field Primitive(std::string name, PhysicalType physical, LogicalType logical = {}, int32_t type_length = -1);
Field Boolean(std::string name);
Field Int32(std::string name);
Field Int64(std::string name);
Field Int96(std::string name);
Field Float(std::string name);
Field Double(std::string name);
// INTEGER(bit_width, is_signed) on INT32 (8, 16, 32 bits) or INT64 (64).
Field Int(std::string name, int bit_width, bool is_signed);
Field Binary(std::string name);                            // BYTE_ARRAY
Field FixedBinary(std::string name, int32_t length);       // FIXED_LEN_BYTE_ARRAY(length)
Field String(std::string name);                            // BYTE_ARRAY (STRING)
Field Enum(std::string name);                              // BYTE_ARRAY (ENUM)
Field Json(std::string name);                              // BYTE_ARRAY (JSON)
Field Bson(std::string name);                              // BYTE_ARRAY (BSON)
Field Decimal(std::string name, int32_t precision, int32_t scale);
Field Date(std::string name);                              // INT32 (DATE)
Field Time(std::string name, TimeUnit unit, bool adjusted_to_utc);
Field Timestamp(std::string name, TimeUnit unit, bool adjusted_to_utc);
Field Uuid(std::string name);                              // FIXED_LEN_BYTE_ARRAY(16) (UUID)
Field Float16(std::string name);                           // FIXED_LEN_BYTE_ARRAY(2) (FLOAT16)

// ---- groups ----
Field Struct(std::string name, std::vector<Field> fields);
Field List(std::string name, Field element);
// A map whose key_value group has no value field when `value` is nullopt
// (the specification allows it: a set of keys).
Field Map(std::string name, Field key, std::optional<Field> value);

// The fields as the children of a root group named `name`, built with
// Schema::Make (strict).  Errors: a forbidden shape (see above), or what
// Schema::Make refuses (an annotation that does not fit, a depth over
// `options.max_depth`).
Result<Schema> Message(std::vector<Field> fields, std::string name = "schema", const SchemaOptions& options = {});

}  // namespace parq::schema

#endif  // PARQ_SCHEMA_HELPERS_H_
