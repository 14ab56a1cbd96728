// Writing typed Variants (parq::ToValue of a Variant) through RowWriter with
// every shredding shape — none, a typed_value leaf of each type of the spec's
// table, an object with fields, an array, objects and arrays nested — and
// reading them back (RowReader, parq::VariantOf): every value keeps its type
// and value, and the values that fit typed_value land there.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/logical_value_access.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "parq/variant.h"
#include "testing/status_macros.h"
#include "variant/variant_random_util.h"

namespace parq {
namespace {

// A Variant group named `name` whose typed_value is `typed` (empty: none).
std::string Group(const std::string& name, const std::string& typed, bool value = true) {
  return "optional group " + name + " (VARIANT(1)) { required binary metadata; " +
         (value ? "optional binary value; " : "") + typed + " }\n";
}
std::string Field(const std::string& name, const std::string& typed) {
  return "required group " + name + " { optional binary value; " + typed + " }\n";
}
std::string List(const std::string& element_typed) {
  return "optional group typed_value (LIST) { repeated group list { required group element { "
         "optional binary value; " + element_typed + " } } }";
}

struct Column {
  std::string name;
  std::string typed;  // the typed_value declaration
  VariantType type = VariantType::kNull;  // a primitive leaf's type, or kObject / kArray / kNull (none)
  int scale = 0, precision = 38;
};

const std::vector<Column>& Columns() {
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

Schema MakeSchema() {
  std::string text = "message m {\n required int32 id;\n";
  for (const Column& c : Columns()) text += Group(c.name, c.typed);
  text += "}";
  return ParseMessageType(text).value();
}

// A random value for column c: half the time of its typed_value's type (or
// shape), else anything.
Variant ValueFor(variant_test::RandomVariants& rnd, const Column& c) {
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

TEST(VariantShreddedWriteTest, RandomValuesKeepTypeAndValueThroughEveryShape) {
  const Schema schema = MakeSchema();
  variant_test::RandomVariants rnd(424242);
  constexpr int kRows = 1500;
  std::vector<std::vector<std::optional<Variant>>> want(kRows);
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* bytes = sink.get();
  WriterOptions options;
  options.max_rows_per_row_group = 600;  // several row groups
  ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(std::move(sink), schema, options));
  {
    ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file));
    for (int r = 0; r < kRows; ++r) {
      Value row = Value::Struct();
      row.AddField("id", Value::Int32(r));
      for (const Column& c : Columns()) {
        const SchemaNode& node = *schema.FindNode(c.name);
        if (rnd.Below(10) == 0) {  // a null group
          want[static_cast<size_t>(r)].emplace_back();
          row.AddField(c.name, Value::Null());
          continue;
        }
        Variant v = ValueFor(rnd, c);
        VariantEncodeOptions enc;
        enc.sort_dictionary = rnd.Below(2) == 0;
        ASSERT_OK_AND_ASSIGN(Value g, ToValue(v, node, enc));
        row.AddField(c.name, std::move(g));
        want[static_cast<size_t>(r)].emplace_back(std::move(v));
      }
      ASSERT_OK(rows->Write(row));
    }
    ASSERT_OK(rows->Close());
  }
  ASSERT_OK(file->Close());

  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(OpenMemory(bytes->bytes())));
  EXPECT_GE(reader->metadata().num_row_groups(), 3);
  ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*reader));
  std::map<std::string, int> typed;  // rows whose typed_value is set, by column
  Value row;
  for (int r = 0; r < kRows; ++r) {
    ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
    ASSERT_TRUE(more);
    for (size_t i = 0; i < Columns().size(); ++i) {
      const Column& c = Columns()[i];
      const Value& g = *row.Find(c.name);
      const std::optional<Variant>& w = want[static_cast<size_t>(r)][i];
      if (!w.has_value()) {
        EXPECT_TRUE(g.is_null());
        continue;
      }
      ASSERT_OK_AND_ASSIGN(Variant got, VariantOf(g, *reader->schema().FindNode(c.name)));
      ASSERT_EQ(got, *w) << "row " << r << " column " << c.name << "\nwrote " << w->ToString() << "\nread  "
                         << got.ToString();
      const Value* tv = g.Find("typed_value");
      if (tv != nullptr && !tv->is_null()) ++typed[c.name];
    }
  }
  ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
  EXPECT_FALSE(more);
  // About half the values of each shredded column were of its type.
  for (const Column& c : Columns()) {
    if (c.type == VariantType::kNull) continue;
    EXPECT_GT(typed[c.name], kRows / 4) << c.name;
  }
}

TEST(VariantShreddedWriteTest, ShreddingFollowsTheSpecLayout) {
  const Schema schema = ParseMessageType("message m { " + Group("v", "optional group typed_value { " +
      Field("a", "optional int64 typed_value;") + Field("b", "optional binary typed_value (STRING);") + " }") +
      Group("t", "optional int32 typed_value (DECIMAL(5,2));", false) + " }").value();
  const SchemaNode& v = *schema.FindNode("v");
  // A partially shredded object: a in typed_value, c in value, b missing.
  Variant o = Variant::Object();
  o.Set("a", Variant::Int64(5));
  o.Set("c", Variant::Date(3));
  ASSERT_OK_AND_ASSIGN(Value g, ToValue(o, v));
  ASSERT_EQ(g.names(), (std::vector<std::string>{"metadata", "value", "typed_value"}));
  const Value& tv = *g.Find("typed_value");
  EXPECT_EQ(tv.Find("a")->Find("typed_value")->int64_value(), 5);
  EXPECT_TRUE(tv.Find("a")->Find("value")->is_null());
  EXPECT_TRUE(tv.Find("b")->Find("value")->is_null());
  EXPECT_TRUE(tv.Find("b")->Find("typed_value")->is_null());
  ASSERT_OK_AND_ASSIGN(Variant rest, DecodeVariant(g.Find("metadata")->bytes(), g.Find("value")->bytes()));
  EXPECT_EQ(rest.ToString(), "{\"c\": date 3}");
  // A field of another type goes to the field's value; null is a Variant null there.
  o.Set("a", Variant::Int32(5));
  o.Set("b", Variant::Null());
  ASSERT_OK_AND_ASSIGN(g, ToValue(o, v));
  EXPECT_TRUE(g.Find("typed_value")->Find("a")->Find("typed_value")->is_null());
  EXPECT_EQ(g.Find("typed_value")->Find("b")->Find("value")->bytes(), std::string(1, '\0'));
  // Not an object: all in value.
  ASSERT_OK_AND_ASSIGN(g, ToValue(Variant::String("x"), v));
  EXPECT_TRUE(g.Find("typed_value")->is_null());
  EXPECT_EQ(g.Find("value")->bytes(), "\x05x");
  // A decimal fits DECIMAL(5,2) only with scale 2 and at most 5 digits; with
  // no value field anything else is an error.
  const SchemaNode& t = *schema.FindNode("t");
  ASSERT_OK_AND_ASSIGN(g, ToValue(Variant::Decimal4(-12345, 2).value(), t));
  EXPECT_EQ(g.Find("typed_value")->int32_value(), -12345);
  EXPECT_STATUS_HAS(ToValue(Variant::Decimal4(123456, 2).value(), t), StatusCode::kInvalidArgument,
                    "a decimal4 value does not fit typed_value and the group has no value field");
  EXPECT_STATUS_HAS(ToValue(Variant::Decimal4(1, 3).value(), t), StatusCode::kInvalidArgument, "no value field");
  EXPECT_STATUS_HAS(ToValue(Variant::Int8(1), *schema.FindNode("v.metadata")), StatusCode::kInvalidArgument,
                    "not a VARIANT group");
}

}  // namespace
}  // namespace parq
