// The schema-building helpers (parq/schema_helpers.h): each helper's output
// printed as message-type text against the specification's shapes, the
// physical type chosen for each DECIMAL precision, repetitions and field ids,
// the shapes the specification forbids, and a round trip through the parser.
#include "parq/schema_helpers.h"

#include <gtest/gtest.h>

#include <string>

#include "testing/status_macros.h"

namespace parq {
namespace {

namespace ps = parq::schema;

// The text of a message holding only `field`.
std::string Text(const ps::Field& field) {
  Result<Schema> s = ps::Message({field}, "m");
  if (!s.ok()) return "error: " + s.status().ToString();
  return s->ToString();
}

std::string Wrap(const std::string& body) { return "message m {\n" + body + "}\n"; }

TEST(SchemaHelpersTest, LeavesPrintTheirPhysicalTypeAndAnnotation) {
  struct Case {
    ps::Field field;
    const char* line;
  } cases[] = {
      {ps::Boolean("b"), "  required boolean b;\n"},
      {ps::Int32("i"), "  required int32 i;\n"},
      {ps::Int64("l"), "  required int64 l;\n"},
      {ps::Int96("t"), "  required int96 t;\n"},
      {ps::Float("f"), "  required float f;\n"},
      {ps::Double("d"), "  required double d;\n"},
      {ps::Int("u8", 8, false), "  required int32 u8 (INTEGER(8,false));\n"},
      {ps::Int("i64", 64, true), "  required int64 i64 (INTEGER(64,true));\n"},
      {ps::Binary("bin"), "  required binary bin;\n"},
      {ps::FixedBinary("fb", 5), "  required fixed_len_byte_array(5) fb;\n"},
      {ps::String("s"), "  required binary s (STRING);\n"},
      {ps::Enum("e"), "  required binary e (ENUM);\n"},
      {ps::Json("j"), "  required binary j (JSON);\n"},
      {ps::Bson("bs"), "  required binary bs (BSON);\n"},
      {ps::Date("day"), "  required int32 day (DATE);\n"},
      {ps::Time("tm", TimeUnit::kMillis, true), "  required int32 tm (TIME(MILLIS,true));\n"},
      {ps::Time("tu", TimeUnit::kMicros, false), "  required int64 tu (TIME(MICROS,false));\n"},
      {ps::Time("tn", TimeUnit::kNanos, true), "  required int64 tn (TIME(NANOS,true));\n"},
      {ps::Timestamp("ts", TimeUnit::kMillis, true), "  required int64 ts (TIMESTAMP(MILLIS,true));\n"},
      {ps::Timestamp("tl", TimeUnit::kNanos, false), "  required int64 tl (TIMESTAMP(NANOS,false));\n"},
      {ps::Uuid("id"), "  required fixed_len_byte_array(16) id (UUID);\n"},
      {ps::Float16("h"), "  required fixed_len_byte_array(2) h (FLOAT16);\n"},
      {ps::Primitive("bd", PhysicalType::kByteArray, LogicalType::Decimal(40, 3)),
       "  required binary bd (DECIMAL(40,3));\n"},
  };
  for (const Case& c : cases) EXPECT_EQ(Text(c.field), Wrap(c.line)) << c.field.name();
}

TEST(SchemaHelpersTest, DecimalPhysicalTypeFollowsPrecision) {
  // INT32 up to 9 digits, INT64 up to 18, then the shortest fixed length:
  // n bytes hold floor(log10(2^(8n-1) - 1)) digits (9 bytes: 21, 16 bytes: 38).
  EXPECT_EQ(Text(ps::Decimal("a", 1, 0)), Wrap("  required int32 a (DECIMAL(1,0));\n"));
  EXPECT_EQ(Text(ps::Decimal("a", 9, 2)), Wrap("  required int32 a (DECIMAL(9,2));\n"));
  EXPECT_EQ(Text(ps::Decimal("a", 10, 2)), Wrap("  required int64 a (DECIMAL(10,2));\n"));
  EXPECT_EQ(Text(ps::Decimal("a", 18, 18)), Wrap("  required int64 a (DECIMAL(18,18));\n"));
  EXPECT_EQ(Text(ps::Decimal("a", 19, 0)), Wrap("  required fixed_len_byte_array(9) a (DECIMAL(19,0));\n"));
  EXPECT_EQ(Text(ps::Decimal("a", 21, 0)), Wrap("  required fixed_len_byte_array(9) a (DECIMAL(21,0));\n"));
  EXPECT_EQ(Text(ps::Decimal("a", 22, 0)), Wrap("  required fixed_len_byte_array(10) a (DECIMAL(22,0));\n"));
  EXPECT_EQ(Text(ps::Decimal("a", 38, 10)), Wrap("  required fixed_len_byte_array(16) a (DECIMAL(38,10));\n"));
  EXPECT_EQ(Text(ps::Decimal("a", 39, 0)), Wrap("  required fixed_len_byte_array(17) a (DECIMAL(39,0));\n"));
  for (int32_t p = 19; p <= 76; ++p) {
    ps::Field f = ps::Decimal("a", p, 0);
    EXPECT_GE(MaxDecimalPrecisionForLength(f.type_length()), p);
    EXPECT_LT(MaxDecimalPrecisionForLength(f.type_length() - 1), p);
  }
  // Parameters Schema::Make refuses are reported by Message.
  EXPECT_STATUS_HAS(ps::Message({ps::Decimal("a", 5, 7)}), StatusCode::kInvalidArgument, "a");
  EXPECT_STATUS(ps::Message({ps::Decimal("a", 0, 0)}), StatusCode::kInvalidArgument);
}

TEST(SchemaHelpersTest, ListIsTheThreeLevelShape) {
  EXPECT_EQ(Text(ps::List("tags", ps::String("element"))), Wrap(R"(  required group tags (LIST) {
    repeated group list {
      required binary element (STRING);
    }
  }
)"));
  // Whatever the element was called, it is "element"; repetitions as chosen.
  EXPECT_EQ(Text(ps::List("tags", ps::Int32("x").Optional()).Optional()), Wrap(R"(  optional group tags (LIST) {
    repeated group list {
      optional int32 element;
    }
  }
)"));
  // A list of lists of structs.
  EXPECT_EQ(Text(ps::List("ll", ps::List("inner", ps::Struct("s", {ps::Int64("a"), ps::Double("b").Optional()}))
                                    .Optional())),
            Wrap(R"(  required group ll (LIST) {
    repeated group list {
      optional group element (LIST) {
        repeated group list {
          required group element {
            required int64 a;
            optional double b;
          }
        }
      }
    }
  }
)"));
}

TEST(SchemaHelpersTest, MapIsTheThreeLevelShape) {
  EXPECT_EQ(Text(ps::Map("attrs", ps::String("key"), ps::Int64("value")).Optional()), Wrap(R"(  optional group attrs (MAP) {
    repeated group key_value {
      required binary key (STRING);
      required int64 value;
    }
  }
)"));
  EXPECT_EQ(Text(ps::Map("m", ps::Int32("k"), ps::List("v", ps::Date("d")).Optional())), Wrap(R"(  required group m (MAP) {
    repeated group key_value {
      required int32 key;
      optional group value (LIST) {
        repeated group list {
          required int32 element (DATE);
        }
      }
    }
  }
)"));
  EXPECT_EQ(Text(ps::Map("set", ps::String("k"), std::nullopt)), Wrap(R"(  required group set (MAP) {
    repeated group key_value {
      required binary key (STRING);
    }
  }
)"));
}

TEST(SchemaHelpersTest, StructsRepetitionsAndFieldIds) {
  EXPECT_EQ(Text(ps::Struct("p", {ps::Double("x").WithId(1), ps::Double("y").Repeated()}).Optional().WithId(7)),
            Wrap(R"(  optional group p = 7 {
    required double x = 1;
    repeated double y;
  }
)"));
  // Repetition changes copy: the original field is unchanged.
  ps::Field base = ps::Int32("a");
  ps::Field opt = base.Optional();
  EXPECT_EQ(base.repetition(), Repetition::kRequired);
  EXPECT_EQ(opt.repetition(), Repetition::kOptional);
  EXPECT_EQ(opt.Required().repetition(), Repetition::kRequired);
}

TEST(SchemaHelpersTest, ForbiddenShapesNameTheField) {
  EXPECT_STATUS_HAS(ps::Message({ps::List("l", ps::Int32("e")).Repeated()}), StatusCode::kInvalidArgument,
                    "field 'l': a LIST must be required or optional");
  EXPECT_STATUS_HAS(ps::Message({ps::Struct("s", {ps::List("l", ps::Int32("e").Repeated())})}),
                    StatusCode::kInvalidArgument, "field 's.l': a list's element must be required or optional");
  EXPECT_STATUS_HAS(ps::Message({ps::Map("m", ps::Int32("k").Optional(), ps::Int32("v"))}),
                    StatusCode::kInvalidArgument, "field 'm': a map's key must be required, not optional");
  EXPECT_STATUS_HAS(ps::Message({ps::Map("m", ps::Int32("k"), ps::Int32("v").Repeated())}),
                    StatusCode::kInvalidArgument, "field 'm': a map's value must be required or optional");
  EXPECT_STATUS_HAS(ps::Message({ps::Map("m", ps::Int32("k"), ps::Int32("v")).Repeated()}),
                    StatusCode::kInvalidArgument, "field 'm': a MAP must be required or optional");
  EXPECT_STATUS(ps::Message({ps::FixedBinary("f", 0)}), StatusCode::kInvalidArgument);
  EXPECT_STATUS_HAS(ps::Message({ps::Int32("a"), ps::String("a")}), StatusCode::kInvalidArgument,
                    "message 'schema': duplicate field 'a'");
  EXPECT_STATUS_HAS(ps::Message({ps::Struct("s", {ps::Int32("x"), ps::Int64("x")})}), StatusCode::kInvalidArgument,
                    "group 's': duplicate field 'x'");
}

TEST(SchemaHelpersTest, MessageResolvesKindsAndReadsBackFromItsText) {
  ASSERT_OK_AND_ASSIGN(Schema s, ps::Message({
                                     ps::Int64("id"),
                                     ps::String("name").Optional(),
                                     ps::List("tags", ps::String("element")).Optional(),
                                     ps::Map("attrs", ps::String("key"), ps::Int64("value").Optional()),
                                     ps::Struct("point", {ps::Double("x"), ps::Double("y")}).Optional(),
                                     ps::Decimal("price", 12, 2),
                                     ps::Timestamp("at", TimeUnit::kMicros, true),
                                 }));
  EXPECT_EQ(s.name(), "schema");
  EXPECT_EQ(s.num_columns(), 9);
  EXPECT_EQ(s.FindNode("tags")->kind(), NodeKind::kList);
  EXPECT_EQ(s.FindNode("tags")->list_element(), s.FindNode("tags.list.element"));
  EXPECT_EQ(s.FindNode("attrs")->kind(), NodeKind::kMap);
  EXPECT_EQ(s.FindNode("attrs")->map_value(), s.FindNode("attrs.key_value.value"));
  EXPECT_EQ(s.FindNode("point")->kind(), NodeKind::kStruct);
  EXPECT_EQ(s.FindColumn("tags.list.element")->max_definition_level, 2);
  EXPECT_EQ(s.FindColumn("price")->converted_type, ConvertedType::kDecimal);
  ASSERT_OK_AND_ASSIGN(Schema parsed, ParseMessageType(s.ToString()));
  EXPECT_TRUE(parsed.Equals(s)) << s.ToString() << parsed.ToString();
}

}  // namespace
}  // namespace parq
