// Schema tree: building in code, validation errors, lookups, and the
// message-type printer / parser.
#include "parq/schema.h"

#include <gtest/gtest.h>

#include <string>

#include "testing/status_macros.h"

namespace parq {
namespace {

using Nodes = std::vector<std::unique_ptr<SchemaNode>>;

std::unique_ptr<SchemaNode> Group(std::string name, Repetition r, Nodes kids, LogicalType t = {}) {
  return SchemaNode::MakeGroup(std::move(name), r, std::move(kids), std::move(t));
}

template <typename... T>
Nodes List(T... nodes) {
  Nodes v;
  (v.push_back(std::move(nodes)), ...);
  return v;
}

TEST(SchemaBuildTest, InCodeWithLevelsAndLookups) {
  auto root = Group("schema", Repetition::kRequired,
                    List(SchemaNode::MakePrimitive("id", Repetition::kRequired, PhysicalType::kInt64),
                         Group("tags", Repetition::kOptional,
                               List(Group("list", Repetition::kRepeated,
                                          List(SchemaNode::MakePrimitive("element", Repetition::kOptional,
                                                                         PhysicalType::kByteArray,
                                                                         LogicalType::String())))),
                               LogicalType::List()),
                         SchemaNode::MakePrimitive("price", Repetition::kOptional, PhysicalType::kFixedLenByteArray,
                                                   LogicalType::Decimal(20, 4), 9)));
  root->AddChild(SchemaNode::MakePrimitive("ts", Repetition::kOptional, PhysicalType::kInt64,
                                           LogicalType::Timestamp(TimeUnit::kNanos, false)));
  Result<Schema> r = Schema::Make(std::move(root));
  ASSERT_OK(r);
  const Schema& s = *r;
  ASSERT_EQ(s.num_columns(), 4);
  EXPECT_EQ(s.name(), "schema");
  const ColumnDescriptor* tags = s.FindColumn("tags.list.element");
  ASSERT_NE(tags, nullptr);
  EXPECT_EQ(tags->index, 1);
  EXPECT_EQ(tags->path, (std::vector<std::string>{"tags", "list", "element"}));
  EXPECT_EQ(tags->max_definition_level, 3);
  EXPECT_EQ(tags->max_repetition_level, 1);
  EXPECT_EQ(tags->logical_type, LogicalType::String());
  EXPECT_EQ(tags->converted_type, ConvertedType::kUtf8);
  EXPECT_EQ(tags->physical_type, PhysicalType::kByteArray);
  EXPECT_EQ(s.FindColumn(std::vector<std::string>{"price"})->type_length, 9);
  EXPECT_EQ(s.FindColumnIndex("ts"), 3);
  EXPECT_EQ(s.column(3).converted_type, ConvertedType::kNone);  // NANOS has no legacy annotation
  EXPECT_EQ(s.FindColumnIndex("tags"), -1);                     // a group, not a column
  EXPECT_EQ(s.FindColumnIndex("nope"), -1);
  EXPECT_EQ(s.FindNode("tags")->kind(), NodeKind::kList);
  EXPECT_EQ(s.FindNode("tags.list")->parent(), s.FindNode("tags"));
  EXPECT_EQ(s.FindNode(""), &s.root());
  EXPECT_EQ(s.column(1).node->DottedPath(), "tags.list.element");
  EXPECT_EQ(s.root().column_index(), -1);
}

TEST(SchemaBuildTest, NamesWithDotsAreFound) {
  ASSERT_OK_AND_ASSIGN(Schema s,
                       ParseMessageType("message m { optional group a.b { required int32 c.d; } }"));
  ASSERT_NE(s.FindNode("a.b.c.d"), nullptr);
  EXPECT_EQ(s.FindNode("a.b.c.d")->name(), "c.d");
  EXPECT_EQ(s.FindColumn("a.b.c.d")->path, (std::vector<std::string>{"a.b", "c.d"}));
}

TEST(SchemaBuildTest, DuplicateNamesReadLenientlyKeepBothColumnsAndFindTheFirst) {
  SchemaOptions lenient;  // as a file's footer is read
  lenient.unique_names = false;
  ASSERT_OK_AND_ASSIGN(Schema s,
                       ParseMessageType("message m { required int32 a; optional binary a (STRING); }", lenient));
  ASSERT_EQ(s.num_columns(), 2);
  EXPECT_EQ(s.column(1).dotted_path, "a");
  EXPECT_EQ(s.FindColumn("a"), &s.column(0));
  EXPECT_EQ(s.FindColumnIndex("a"), 0);
  EXPECT_EQ(s.FindNode("a"), s.column(0).node);
}

TEST(SchemaBuildTest, TwoFieldsOfOneNameInAGroupAreRefusedNamingTheGroup) {
  EXPECT_STATUS_HAS(ParseMessageType("message m { required int32 a; optional binary a (STRING); }"),
                    StatusCode::kInvalidArgument, "message 'm': duplicate field 'a'");
  EXPECT_STATUS_HAS(ParseMessageType("message m { optional group g { optional group h {\n"
                                     "  required int32 x; required int64 y; required double x; } } }"),
                    StatusCode::kInvalidArgument, "group 'g.h': duplicate field 'x'");
  // The same name in different groups, or as a group and its child, is fine.
  EXPECT_OK(ParseMessageType("message m { required int32 a; optional group g { required int32 a; } }"));
  EXPECT_OK(ParseMessageType("message m { optional group a { required int32 a; } }"));
  // In code: SchemaNode::MakeGroup and Schema::Make; a wide group takes the
  // hashed path.
  Nodes wide;
  for (int i = 0; i < 100; ++i) {
    wide.push_back(SchemaNode::MakePrimitive("c" + std::to_string(i % 99), Repetition::kOptional,
                                             PhysicalType::kInt32));
  }
  EXPECT_STATUS_HAS(Schema::Make(Group("m", Repetition::kRequired, List(Group("w", Repetition::kRequired,
                                                                              std::move(wide))))),
                    StatusCode::kInvalidArgument, "group 'w': duplicate field 'c0'");
}

// A group below the root holds at least one field (parquet-java, Arrow and
// parq's footer reader refuse an empty one); the root may be empty.
TEST(SchemaBuildTest, EmptyGroupIsRefusedNamingItsPath) {
  EXPECT_STATUS_HAS(ParseMessageType("message m { required int32 a; optional group b { optional group e { } } }"),
                    StatusCode::kInvalidArgument,
                    "group 'b.e' has no children: a Parquet group holds at least one field");
  ASSERT_OK_AND_ASSIGN(Schema empty_message, ParseMessageType("message m { }"));
  EXPECT_EQ(empty_message.num_columns(), 0);
}

TEST(SchemaBuildTest, StrictErrorsNameTheField) {
  auto make_leaf = [](PhysicalType t, LogicalType lt, int32_t len) {
    return Schema::Make(Group("m", Repetition::kRequired,
                              List(Group("g", Repetition::kOptional,
                                         List(SchemaNode::MakePrimitive("x", Repetition::kRequired, t, lt, len))))));
  };
  EXPECT_EQ(make_leaf(PhysicalType::kFixedLenByteArray, {}, 0).status().message(),
            "field 'g.x': FIXED_LEN_BYTE_ARRAY needs a positive type_length, got 0");
  EXPECT_EQ(make_leaf(PhysicalType::kInt32, LogicalType::Decimal(10, 2), -1).status().message(),
            "field 'g.x': DECIMAL(10,2) cannot annotate INT32: needs precision <= 9 on INT32");
  EXPECT_EQ(make_leaf(static_cast<PhysicalType>(9), {}, -1).status().message(),
            "field 'g.x': unknown physical type 9");
  EXPECT_STATUS(make_leaf(PhysicalType::kInt32, LogicalType::Int(64, true), -1),
                StatusCode::kInvalidArgument);
  Result<Schema> g = Schema::Make(Group("m", Repetition::kRequired,
                                        List(Group("g", Repetition::kOptional, {}, LogicalType::String()))));
  EXPECT_EQ(g.status().message(), "field 'g': STRING cannot annotate a group");
  Result<Schema> leaf_root =
      Schema::Make(SchemaNode::MakePrimitive("m", Repetition::kRequired, PhysicalType::kInt32));
  EXPECT_EQ(leaf_root.status().message(), "schema: the root 'm' is not a group");
  Result<Schema> bad_rep = Schema::Make(Group(
      "m", Repetition::kRequired,
      List(SchemaNode::MakePrimitive("x", static_cast<Repetition>(3), PhysicalType::kInt32))));
  EXPECT_EQ(bad_rep.status().message(), "field 'x': unknown repetition 3");
}

TEST(SchemaBuildTest, LenientDropsAnnotationsThatDoNotFit) {
  SchemaOptions lenient;
  lenient.strict = false;
  auto root = Group("m", Repetition::kRequired,
                    List(SchemaNode::MakePrimitive("a", Repetition::kRequired, PhysicalType::kInt32,
                                                   LogicalType::Int(64, true)),
                         SchemaNode::MakePrimitive("u", Repetition::kRequired, PhysicalType::kFixedLenByteArray,
                                                   LogicalType::Uuid(), 8),
                         Group("g", Repetition::kOptional,
                               List(SchemaNode::MakePrimitive("b", Repetition::kOptional, PhysicalType::kBoolean)),
                               LogicalType::Json())));
  Result<Schema> r = Schema::Make(std::move(root), lenient);
  ASSERT_OK(r);
  const SchemaNode& a = *r->FindNode("a");
  EXPECT_TRUE(a.logical_type().is_none());
  EXPECT_EQ(a.converted_type(), ConvertedType::kInt64);  // as stored
  EXPECT_EQ(a.annotation_note(), "INTEGER(64,true) cannot annotate INT32: needs INT64; read as INT32");
  EXPECT_EQ(r->FindNode("u")->annotation_note(),
            "UUID cannot annotate FIXED_LEN_BYTE_ARRAY(8): needs FIXED_LEN_BYTE_ARRAY(16); read as "
            "FIXED_LEN_BYTE_ARRAY");
  EXPECT_EQ(r->FindNode("g")->annotation_note(), "JSON cannot annotate a group; read as a plain group");
  EXPECT_TRUE(r->column(0).logical_type.is_none());
}

TEST(SchemaBuildTest, DepthIsCapped) {
  SchemaOptions opt;
  opt.max_depth = 3;
  auto leaf = SchemaNode::MakePrimitive("x", Repetition::kOptional, PhysicalType::kInt32);
  auto n = Group("c", Repetition::kOptional, List(std::move(leaf)));
  n = Group("b", Repetition::kOptional, List(std::move(n)));
  n = Group("a", Repetition::kOptional, List(std::move(n)));
  Result<Schema> r = Schema::Make(Group("m", Repetition::kRequired, List(std::move(n))), opt);
  EXPECT_STATUS(r, StatusCode::kLimitExceeded);
  EXPECT_EQ(r.status().message(), "field 'a.b.c.x': nesting depth 4 exceeds max_schema_depth (3)");
  opt.max_depth = 4;
  Result<Schema> ok = ParseMessageType(
      "message m { optional group a { optional group b { optional group c { optional int32 x; } } } }", opt);
  ASSERT_OK(ok);
  EXPECT_EQ(ok->column(0).max_definition_level, 4);
}

TEST(SchemaBuildTest, CloneAndEquals) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_map (MAP_KEY_VALUE) = 4 {
      repeated group map {
        required binary key (UTF8);
        optional int32 value = 9;
      }
    }
  })"));
  ASSERT_OK_AND_ASSIGN(Schema c, s.Clone());
  EXPECT_TRUE(c.Equals(s));
  EXPECT_EQ(c.ToString(), s.ToString());
  EXPECT_EQ(c.FindNode("my_map")->kind(), NodeKind::kMap);
  EXPECT_NE(c.FindNode("my_map"), s.FindNode("my_map"));
  ASSERT_OK_AND_ASSIGN(Schema other, ParseMessageType("message m { optional int32 x; }"));
  EXPECT_FALSE(other.Equals(s));
  Schema moved = std::move(c);
  EXPECT_EQ(moved.column(1).node, moved.FindNode("my_map.map.value"));

  ASSERT_OK_AND_ASSIGN(Schema empty, Schema().Clone());
  EXPECT_EQ(empty.num_columns(), 0);
  EXPECT_TRUE(empty.Equals(Schema()));
}

// --- Printer / parser ---

constexpr const char* kAllTypes = R"(message schema {
  required boolean b;
  optional int32 i8 (INTEGER(8,true));
  optional int32 u16 (INTEGER(16,false));
  optional int64 u64 (INTEGER(64,false)) = 3;
  optional int96 legacy_ts;
  required float f;
  required double d;
  optional binary s (STRING);
  optional binary e (ENUM);
  optional binary j (JSON);
  optional binary bs (BSON);
  optional binary geo (GEOMETRY);
  optional binary geog (GEOGRAPHY(OGC:CRS84,SPHERICAL));
  optional fixed_len_byte_array(16) id (UUID);
  optional fixed_len_byte_array(2) half (FLOAT16);
  optional fixed_len_byte_array(12) iv (INTERVAL);
  optional fixed_len_byte_array(9) dec (DECIMAL(20,4));
  optional int32 dec32 (DECIMAL(9,2));
  optional binary decbin (DECIMAL(60,10));
  optional int32 day (DATE);
  optional int32 tm (TIME(MILLIS,true));
  optional int64 tu (TIME(MICROS,false));
  optional int64 tn (TIME(NANOS,true));
  optional int64 ts (TIMESTAMP(MICROS,true));
  optional int64 tsn (TIMESTAMP(NANOS,false));
  optional int32 nothing (UNKNOWN);
  optional group a (LIST) = 7 {
    repeated group list {
      optional int32 element = 8;
    }
  }
  optional group m (MAP) {
    repeated group key_value (MAP_KEY_VALUE) {
      required binary key (STRING);
      optional group value {
        optional double x;
      }
    }
  }
  optional group v (VARIANT(1)) {
    required binary metadata;
    required binary value;
  }
}
)";

TEST(SchemaTextTest, PrintParseRoundTripIsExact) {
  Result<Schema> s = ParseMessageType(kAllTypes);
  ASSERT_OK(s);
  EXPECT_EQ(s->ToString(), kAllTypes);
  Result<Schema> again = ParseMessageType(s->ToString());
  ASSERT_OK(again);
  EXPECT_TRUE(again->Equals(*s));
  EXPECT_EQ(s->FindNode("a")->field_id(), 7);
  EXPECT_EQ(s->FindNode("a.list.element")->field_id(), 8);
  EXPECT_EQ(s->FindColumn("dec")->logical_type, LogicalType::Decimal(20, 4));
  EXPECT_EQ(s->FindColumn("dec")->converted_type, ConvertedType::kDecimal);
  EXPECT_EQ(s->FindColumn("tu")->converted_type, ConvertedType::kTimeMicros);
  EXPECT_EQ(s->num_columns(), 31);
}

TEST(SchemaTextTest, LegacyConvertedNamesAndCaseInsensitiveKeywords) {
  Result<Schema> s = ParseMessageType(R"(MESSAGE spark_schema {
    OPTIONAL BINARY name (UTF8);
    REQUIRED INT64 ts (TIMESTAMP_MILLIS);
    required int32 t (TIME_MILLIS);
    required int32 small (UINT_8);
    required int64 big (INT_64);
    required fixed_len_byte_array(5) d (DECIMAL(10,3));
    required int64 tu (TIMESTAMP_MICROS);
  };)");
  ASSERT_OK(s);
  EXPECT_EQ(s->FindColumn("name")->logical_type, LogicalType::String());
  EXPECT_EQ(s->FindColumn("name")->converted_type, ConvertedType::kUtf8);
  EXPECT_EQ(s->FindColumn("ts")->logical_type, LogicalType::Timestamp(TimeUnit::kMillis, true));
  EXPECT_EQ(s->FindColumn("ts")->converted_type, ConvertedType::kTimestampMillis);
  EXPECT_EQ(s->FindColumn("t")->logical_type, LogicalType::Time(TimeUnit::kMillis, true));
  EXPECT_EQ(s->FindColumn("small")->logical_type, LogicalType::Int(8, false));
  EXPECT_EQ(s->FindColumn("big")->logical_type, LogicalType::Int(64, true));
  EXPECT_EQ(s->FindColumn("d")->logical_type, LogicalType::Decimal(10, 3));
  EXPECT_EQ(s->ToString(), R"(message spark_schema {
  optional binary name (STRING);
  required int64 ts (TIMESTAMP(MILLIS,true));
  required int32 t (TIME(MILLIS,true));
  required int32 small (INTEGER(8,false));
  required int64 big (INTEGER(64,true));
  required fixed_len_byte_array(5) d (DECIMAL(10,3));
  required int64 tu (TIMESTAMP(MICROS,true));
}
)");
}

TEST(SchemaTextTest, QuotedCrsRoundTrips) {
  auto root = SchemaNode::MakeGroup("m", Repetition::kRequired, {});
  root->AddChild(SchemaNode::MakePrimitive("g", Repetition::kOptional, PhysicalType::kByteArray,
                                           LogicalType::Geometry("{\"name\": \"NAD83 / Conus (Albers)\"; x=1}")));
  Result<Schema> s = Schema::Make(std::move(root));
  ASSERT_OK(s);
  Result<Schema> back = ParseMessageType(s->ToString());
  ASSERT_OK(back) << "\n" << s->ToString();
  EXPECT_TRUE(back->Equals(*s));
  EXPECT_EQ(back->column(0).logical_type.crs(), "{\"name\": \"NAD83 / Conus (Albers)\"; x=1}");
}

TEST(SchemaTextTest, OddNamesAreQuoted) {
  auto root = SchemaNode::MakeGroup("", Repetition::kRequired, {});
  root->AddChild(SchemaNode::MakePrimitive("a b", Repetition::kOptional, PhysicalType::kInt32));
  root->AddChild(SchemaNode::MakePrimitive("x;y\"z", Repetition::kOptional, PhysicalType::kInt32));
  root->AddChild(SchemaNode::MakePrimitive("plain.name-1", Repetition::kOptional, PhysicalType::kInt32));
  Result<Schema> s = Schema::Make(std::move(root));
  ASSERT_OK(s);
  EXPECT_EQ(s->ToString(), R"(message "" {
  optional int32 "a b";
  optional int32 "x;y\"z";
  optional int32 plain.name-1;
}
)");
  Result<Schema> back = ParseMessageType(s->ToString());
  ASSERT_OK(back);
  EXPECT_TRUE(back->Equals(*s));
}

TEST(SchemaTextTest, ParseErrorsNameTheLine) {
  struct Case {
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      {"", "schema text line 1: expected 'message' but found ''"},
      {"message m {\n  optional int33 x;\n}", "schema text line 2: unknown type 'int33'"},
      {"message m {\n  sometimes int32 x;\n}",
       "schema text line 2: expected required, optional or repeated but found 'sometimes'"},
      {"message m {\n  optional int32 x\n}", "schema text line 3: expected ';' but found '}'"},
      {"message m {\n  optional int32 x;\n", "schema text line 2: expected '}' but the text ended"},
      {"message m {\n  optional int32 x (FOO);\n}", "schema text line 2: logical type 'FOO': unknown logical type"},
      {"message m {\n  optional int32 x = abc;\n}",
       "schema text line 2: expected a 32-bit integer but found 'abc'"},
      {"message m {\n  optional fixed_len_byte_array x;\n}", "schema text line 2: expected '(' but found 'x'"},
      {"message m {\n  optional int32 x (DECIMAL(9,2);\n}", "schema text line 3: unclosed '(' in an annotation"},
      {"message m { } extra", "schema text line 1: unexpected 'extra' after the message"},
      {"message m {\n  optional binary x (DECIMAL);\n}",
       "schema text line 2: DECIMAL without precision"},
      {"message m {\n  optional int32 x (STRING);\n}",
       "field 'x': STRING cannot annotate INT32: needs BYTE_ARRAY"},
      {"message m {\n  optional fixed_len_byte_array(0) x;\n}",
       "field 'x': FIXED_LEN_BYTE_ARRAY needs a positive type_length, got 0"},
  };
  for (const Case& c : cases) {
    Result<Schema> r = ParseMessageType(c.text);
    ASSERT_STATUS(r, StatusCode::kInvalidArgument) << c.text;
    EXPECT_EQ(r.status().message(), c.error) << c.text;
  }
}

TEST(SchemaTextTest, ParserDepthIsCapped) {
  std::string text = "message m {";
  for (int i = 0; i < 5000; ++i) text += " optional group g {";
  text += " optional int32 x;";
  for (int i = 0; i < 5000; ++i) text += " }";
  text += " }";
  Result<Schema> r = ParseMessageType(text);
  ASSERT_NOT_OK(r);
  EXPECT_EQ(r.status().message(), "schema text line 1: nesting depth 101 exceeds max_schema_depth (100)");
}

}  // namespace
}  // namespace parq
