// variant/variant_shapes_util.h — a schema of VARIANT columns in every
// shredding shape (none, a typed_value leaf of each type of
// VariantShredding.md's table, an object with fields, an array, objects and
// arrays nested) and seeded random typed Variants for each, half of them of
// the column's typed_value type or shape.  Header-only; used by tests/variant
// and tests/interop.
#ifndef PARQ_TESTS_VARIANT_VARIANT_SHAPES_UTIL_H_
#define PARQ_TESTS_VARIANT_VARIANT_SHAPES_UTIL_H_

#include <string>
#include <vector>

#include "parq/schema.h"
#include "parq/variant.h"
#include "variant/variant_random_util.h"

namespace parq::variant_test {

// A Variant group named `name` whose typed_value is `typed` (empty: none).
inline std::string Group(const std::string& name, const std::string& typed, bool value = true) {
  return "optional group " + name + " (VARIANT(1)) { required binary metadata; " +
         (value ? "optional binary value; " : "") + typed + " }\n";
}
inline std::string Field(const std::string& name, const std::string& typed) {
  return "required group " + name + " { optional binary value; " + typed + " }\n";
}
inline std::string List(const std::string& element_typed) {
  return "optional group typed_value (LIST) { repeated group list { required group element { "
         "optional binary value; " + element_typed + " } } }";
}

struct Column {
  std::string name;
  std::string typed;  // the typed_value declaration
  VariantType type = VariantType::kNull;  // a primitive leaf's type, or kObject / kArray / kNull (none)
  int scale = 0, precision = 38;
};

inline const std::vector<Column>& Columns() {
  static const std::vector<Column> cols = {
      {"none", "", VariantType::kNull},
      {"b", "optional boolean typed_value;", VariantType::kBoolean},
      {"i8", "optional int32 typed_value (INTEGER(8,true));", VariantType::kInt8},
      {"i16", "optional int32 typed_value (INTEGER(16,true));", VariantType::kInt16},
      {"i32", "optional int32 typed_value;", VariantType::kInt32},
      {"i64", "optional int64 typed_value;", VariantType::kInt64},
      {"f", "optional float typed_value;", VariantType::kFloat},
      {"d", "optional double typed_value;", VariantType::kDouble},
      {"dec4", "optional int32 typed_value (DECIMAL(9,2));", VariantType::kDecimal4, 2, 9},
      {"dec8", "optional int64 typed_value (DECIMAL(18,4));", VariantType::kDecimal8, 4, 18},
      {"dec16", "optional fixed_len_byte_array(16) typed_value (DECIMAL(38,10));", VariantType::kDecimal16, 10, 38},
      {"dec16b", "optional binary typed_value (DECIMAL(30,3));", VariantType::kDecimal16, 3, 30},
      {"date", "optional int32 typed_value (DATE);", VariantType::kDate},
      {"time", "optional int64 typed_value (TIME(MICROS,false));", VariantType::kTime},
      {"tsu", "optional int64 typed_value (TIMESTAMP(MICROS,true));", VariantType::kTimestampMicros},
      {"tsn", "optional int64 typed_value (TIMESTAMP(MICROS,false));", VariantType::kTimestampNtzMicros},
      {"tsun", "optional int64 typed_value (TIMESTAMP(NANOS,true));", VariantType::kTimestampNanos},
      {"tsnn", "optional int64 typed_value (TIMESTAMP(NANOS,false));", VariantType::kTimestampNtzNanos},
      {"s", "optional binary typed_value (STRING);", VariantType::kString},
      {"bin", "optional binary typed_value;", VariantType::kBinary},
      {"uuid", "optional fixed_len_byte_array(16) typed_value (UUID);", VariantType::kUuid},
      {"obj",
       "optional group typed_value { " + Field("a", "optional int64 typed_value;") +
           Field("b", "optional binary typed_value (STRING);") + Field("c", "") + " }",
       VariantType::kObject},
      {"arr", List("optional int32 typed_value (DATE);"), VariantType::kArray},
      {"nested",
       "optional group typed_value { " +
           Field("a", "optional group typed_value { " +
                          Field("d", List("optional int64 typed_value (DECIMAL(18,4));")) + " }") +
           Field("b", List("optional group typed_value { " +
                           Field("a", "optional binary typed_value (STRING);") + " }")) +
           " }",
       VariantType::kObject},
  };
  return cols;
}

inline Schema MakeShapesSchema() {
  std::string text = "message m {\n required int32 id;\n";
  for (const Column& c : Columns()) text += Group(c.name, c.typed);
  text += "}";
  return ParseMessageType(text).value();
}

// A random value for column c: half the time of its typed_value's type (or
// shape), else anything.
inline Variant ValueFor(RandomVariants& rnd, const Column& c) {
  const bool fit = rnd.Below(2) == 0;
  if (!fit) return rnd.Any(3);
  if (c.name == "obj" || c.name == "nested") {
    Variant o = rnd.Object(2);
    if (rnd.Below(2)) o.Set("a", c.name == "obj" ? Variant::Int64(rnd.Int64()) : Variant::Object());
    if (c.name == "nested" && o.Find("a") != nullptr && o.Find("a")->is_object() && rnd.Below(2)) {
      Variant d = Variant::Array();
      for (int n = rnd.Below(4); n > 0; --n) d.Append(rnd.Below(3) ? rnd.OfType(VariantType::kDecimal8, 4, 18) : rnd.Any(1));
      Variant a = *o.Find("a");
      a.Set("d", std::move(d));
      o.Set("a", std::move(a));
    }
    if (rnd.Below(2)) o.Set("b", c.name == "obj" ? Variant::String(rnd.Text(8)) : Variant::Array({rnd.Object(1)}));
    return o;
  }
  if (c.type == VariantType::kArray) {
    Variant a = Variant::Array();
    for (int n = rnd.Below(5); n > 0; --n) a.Append(rnd.Below(3) ? Variant::Date(rnd.Below(30000)) : rnd.Any(1));
    return a;
  }
  if (c.type == VariantType::kNull) return rnd.Any(3);
  return rnd.OfType(c.type, c.scale, c.precision);
}

}  // namespace parq::variant_test

#endif  // PARQ_TESTS_VARIANT_VARIANT_SHAPES_UTIL_H_
