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
#include "variant/variant_shapes_util.h"

namespace parq {
namespace {

using variant_test::Columns;
using variant_test::Column;
using variant_test::Field;
using variant_test::Group;
using variant_test::ValueFor;

TEST(VariantShreddedWriteTest, RandomValuesKeepTypeAndValueThroughEveryShape) {
  const Schema schema = variant_test::MakeShapesSchema();
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
