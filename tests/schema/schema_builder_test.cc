// FromFormat / ToFormat: the flat SchemaElement list, hostile lists with their
// exact errors, annotation fallbacks, and round trips.
#include "schema/schema_builder.h"

#include <gtest/gtest.h>

#include <functional>
#include <limits>

#include "parq/options.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using format::ConvertedType;
using format::FieldRepetitionType;
using format::SchemaElement;
using format::Type;

SchemaElement Root(int32_t children, std::string name = "schema") {
  SchemaElement e;
  e.name = std::move(name);
  e.num_children = children;
  return e;
}

SchemaElement Group(std::string name, FieldRepetitionType rep, int32_t children) {
  SchemaElement e;
  e.name = std::move(name);
  e.repetition_type = rep;
  e.num_children = children;
  return e;
}

SchemaElement Leaf(std::string name, FieldRepetitionType rep, Type type) {
  SchemaElement e;
  e.name = std::move(name);
  e.repetition_type = rep;
  e.type = type;
  return e;
}

constexpr auto kReq = FieldRepetitionType::REQUIRED;
constexpr auto kOpt = FieldRepetitionType::OPTIONAL;
constexpr auto kRep = FieldRepetitionType::REPEATED;

Result<Schema> From(const std::vector<SchemaElement>& v, int32_t max_depth = 100) {
  ReaderOptions o;
  o.max_schema_depth = max_depth;
  return schema::FromFormat(thrift::ToVector(v), o);
}

TEST(FromFormatTest, NestedListAndMapResolve) {
  std::vector<SchemaElement> v = {Root(3),
                                  Leaf("id", kReq, Type::INT64),
                                  Group("tags", kOpt, 1),
                                  Group("list", kRep, 1),
                                  Leaf("element", kOpt, Type::BYTE_ARRAY),
                                  Group("attrs", kOpt, 1),
                                  Group("key_value", kRep, 2),
                                  Leaf("key", kReq, Type::BYTE_ARRAY),
                                  Leaf("value", kOpt, Type::INT32)};
  v[2].converted_type = ConvertedType::LIST;
  v[4].converted_type = ConvertedType::UTF8;
  v[5].logicalType.emplace().MAP.emplace();
  v[5].converted_type = ConvertedType::MAP;
  v[7].logicalType.emplace().STRING.emplace();
  v[7].field_id = 12;
  Result<Schema> s = From(v);
  ASSERT_OK(s);
  EXPECT_EQ(s->ToString(), R"(message schema {
  required int64 id;
  optional group tags (LIST) {
    repeated group list {
      optional binary element (STRING);
    }
  }
  optional group attrs (MAP) {
    repeated group key_value {
      required binary key (STRING) = 12;
      optional int32 value;
    }
  }
}
)");
  EXPECT_EQ(s->FindNode("tags")->kind(), NodeKind::kList);
  EXPECT_EQ(s->FindNode("attrs")->kind(), NodeKind::kMap);
  EXPECT_EQ(s->FindColumn("attrs.key_value.value")->max_definition_level, 3);
  // Stored converted type of the element, logical type from the backward table.
  EXPECT_EQ(s->FindNode("tags.list.element")->converted_type(), parq::ConvertedType::kUtf8);
  // Logical type without converted type: converted_type() says what was stored.
  EXPECT_EQ(s->FindNode("attrs.key_value.key")->converted_type(), parq::ConvertedType::kNone);
}

TEST(FromFormatTest, RoundTripThroughToFormat) {
  Result<Schema> s = ParseMessageType(R"(message m {
  required int32 a (INTEGER(16,false)) = 1;
  optional fixed_len_byte_array(16) d (DECIMAL(38,9));
  optional int64 t (TIMESTAMP(NANOS,false));
  optional int64 tl (TIME(MICROS,false));
  optional fixed_len_byte_array(12) iv (INTERVAL);
  optional binary g (GEOGRAPHY(OGC:CRS84,VINCENTY));
  optional group v (VARIANT(1)) {
    required binary metadata;
    optional binary value;
  }
  optional group f (FILE) {
    required binary path (STRING);
  }
  optional group m (MAP) {
    repeated group map (MAP_KEY_VALUE) {
      required binary key (STRING);
    }
  }
}
)");
  ASSERT_OK(s);
  thrift::Vector<SchemaElement> wire = schema::ToFormat(*s);
  ASSERT_EQ(wire.size(), 15u);
  // Root: no repetition, children counted.
  EXPECT_FALSE(wire[0].repetition_type.has_value());
  EXPECT_EQ(wire[0].num_children, 9);
  // INT(16, unsigned): both annotations.
  EXPECT_EQ(wire[1].converted_type, ConvertedType::UINT_16);
  ASSERT_TRUE(wire[1].logicalType && wire[1].logicalType->INTEGER);
  EXPECT_EQ(wire[1].logicalType->INTEGER->bitWidth, 16);
  EXPECT_FALSE(wire[1].logicalType->INTEGER->isSigned);
  EXPECT_EQ(wire[1].field_id, 1);
  // DECIMAL: logical, converted, scale and precision, type_length.
  EXPECT_EQ(wire[2].converted_type, ConvertedType::DECIMAL);
  EXPECT_EQ(wire[2].scale, 9);
  EXPECT_EQ(wire[2].precision, 38);
  EXPECT_EQ(wire[2].type_length, 16);
  ASSERT_TRUE(wire[2].logicalType->DECIMAL);
  EXPECT_EQ(wire[2].logicalType->DECIMAL->precision, 38);
  // NANOS: no converted type.  Local TIME MICROS: TIME_MICROS too.
  EXPECT_FALSE(wire[3].converted_type.has_value());
  EXPECT_TRUE(wire[3].logicalType->TIMESTAMP->unit.NANOS.has_value());
  EXPECT_EQ(wire[4].converted_type, ConvertedType::TIME_MICROS);
  EXPECT_FALSE(wire[4].logicalType->TIME->isAdjustedToUTC);
  // INTERVAL: converted type only.
  EXPECT_EQ(wire[5].converted_type, ConvertedType::INTERVAL);
  EXPECT_FALSE(wire[5].logicalType.has_value());
  EXPECT_EQ(wire[6].logicalType->GEOGRAPHY->crs, "OGC:CRS84");
  EXPECT_EQ(wire[6].logicalType->GEOGRAPHY->algorithm, format::EdgeInterpolationAlgorithm::VINCENTY);
  EXPECT_EQ(wire[7].logicalType->VARIANT->specification_version, 1);
  EXPECT_TRUE(wire[10].logicalType->FILE.has_value());
  // The map's middle level keeps MAP_KEY_VALUE.
  EXPECT_EQ(wire[13].name, "map");
  EXPECT_EQ(wire[13].converted_type, ConvertedType::MAP_KEY_VALUE);
  EXPECT_FALSE(wire[13].logicalType.has_value());

  Result<Schema> back = From(thrift::ToStdVector(wire));
  ASSERT_OK(back);
  EXPECT_TRUE(back->Equals(*s));
  EXPECT_EQ(back->ToString(), s->ToString());
  EXPECT_EQ(schema::ToFormat(*back), wire);
}

TEST(FromFormatTest, LegacyConvertedTypesAreReadByTheBackwardTable) {
  std::vector<SchemaElement> v = {Root(4), Leaf("ts", kOpt, Type::INT64), Leaf("d", kOpt, Type::INT32),
                                  Leaf("u", kOpt, Type::INT32), Leaf("t", kOpt, Type::INT32)};
  v[1].converted_type = ConvertedType::TIMESTAMP_MILLIS;
  v[2].converted_type = ConvertedType::DECIMAL;
  v[2].precision = 7;
  v[2].scale = 2;
  v[3].converted_type = ConvertedType::UINT_8;
  v[4].converted_type = ConvertedType::TIME_MILLIS;
  Result<Schema> s = From(v);
  ASSERT_OK(s);
  EXPECT_EQ(s->column(0).logical_type, LogicalType::Timestamp(TimeUnit::kMillis, true));
  EXPECT_EQ(s->column(1).logical_type, LogicalType::Decimal(7, 2));
  EXPECT_EQ(s->column(2).logical_type, LogicalType::Int(8, false));
  EXPECT_EQ(s->column(3).logical_type, LogicalType::Time(TimeUnit::kMillis, true));
  // The LogicalType wins over the converted type when both are present.
  v[1].logicalType.emplace().TIMESTAMP.emplace();
  v[1].logicalType->TIMESTAMP->isAdjustedToUTC = false;
  v[1].logicalType->TIMESTAMP->unit.MILLIS.emplace();
  Result<Schema> s2 = From(v);
  ASSERT_OK(s2);
  EXPECT_EQ(s2->column(0).logical_type, LogicalType::Timestamp(TimeUnit::kMillis, false));
}

// An annotation that does not fit its physical type was dropped silently
// before; parquet-java and Arrow refuse such a schema, and so does parq.
TEST(FromFormatTest, AnnotationsThatDoNotFitAreCorrupt) {
  struct Case {
    Type type;
    int32_t type_length;
    std::function<void(SchemaElement&)> annotate;
    std::string error;
  };
  auto logical = [](auto set) { return [set](SchemaElement& e) { set(e.logicalType.emplace()); }; };
  auto converted = [](ConvertedType t) { return [t](SchemaElement& e) { e.converted_type = t; }; };
  auto decimal = [](int32_t precision, int32_t scale) {
    return [=](SchemaElement& e) {
      e.logicalType.emplace().DECIMAL.emplace();
      e.logicalType->DECIMAL->precision = precision;
      e.logicalType->DECIMAL->scale = scale;
    };
  };
  auto timestamp = [](SchemaElement& e) {
    e.logicalType.emplace().TIMESTAMP.emplace();
    e.logicalType->TIMESTAMP->unit.MILLIS.emplace();
  };
  const Case cases[] = {
      {Type::INT32, 0, logical([](auto& t) { t.STRING.emplace(); }),
       "field 'c': STRING cannot annotate INT32: needs BYTE_ARRAY"},
      {Type::INT64, 0, logical([](auto& t) { t.DATE.emplace(); }), "field 'c': DATE cannot annotate INT64: needs INT32"},
      {Type::INT32, 0, timestamp, "field 'c': TIMESTAMP(MILLIS,false) cannot annotate INT32: needs INT64"},
      {Type::FIXED_LEN_BYTE_ARRAY, 8, logical([](auto& t) { t.UUID.emplace(); }),
       "field 'c': UUID cannot annotate FIXED_LEN_BYTE_ARRAY(8): needs FIXED_LEN_BYTE_ARRAY(16)"},
      {Type::BYTE_ARRAY, 0, decimal(4, 5), "field 'c': DECIMAL scale 5 is outside 0..4"},
      {Type::INT32, 0, decimal(12, 2), "field 'c': DECIMAL(12,2) cannot annotate INT32: needs precision <= 9 on INT32"},
      {Type::INT32, 0, converted(ConvertedType::INT_64), "field 'c': INTEGER(64,true) cannot annotate INT32"},
      {Type::INT64, 0, converted(ConvertedType::UTF8), "field 'c': STRING cannot annotate INT64"},
      {Type::INT32, 0, logical([](auto& t) { t.LIST.emplace(); }), "field 'c': LIST cannot annotate INT32: needs a group"},
      {Type::INT32, 0,
       [](SchemaElement& e) {
         e.logicalType.emplace().INTEGER.emplace();
         e.logicalType->INTEGER->bitWidth = 7;
         e.logicalType->INTEGER->isSigned = true;
       },
       "field 'c': INTEGER bit width 7 is not 8, 16, 32 or 64"},
      {Type::BYTE_ARRAY, 0, converted(ConvertedType::DECIMAL),
       "schema element 1 ('c'): converted_type DECIMAL: DECIMAL without precision"},
      {Type::BYTE_ARRAY, 0,
       [](SchemaElement& e) {
         e.converted_type = ConvertedType::DECIMAL;
         e.precision = 3;
         e.scale = 4;
       },
       "schema element 1 ('c'): converted_type DECIMAL: DECIMAL scale 4 is outside 0..3"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.error);
    std::vector<SchemaElement> v = {Root(1), Leaf("c", kOpt, c.type)};
    if (c.type_length) v[1].type_length = c.type_length;
    c.annotate(v[1]);
    EXPECT_STATUS_HAS(From(v), StatusCode::kCorrupt, c.error);
  }
  // On a group: an annotation of leaves.
  std::vector<SchemaElement> g = {Root(1), Group("g", kOpt, 1), Leaf("x", kOpt, Type::INT32)};
  g[1].logicalType.emplace().JSON.emplace();
  EXPECT_STATUS_HAS(From(g), StatusCode::kCorrupt, "field 'g': JSON cannot annotate a group");
}

TEST(FromFormatTest, UnknownLogicalTypeFallsBackToConvertedTypeThenPhysical) {
  std::vector<SchemaElement> v = {Root(3), Leaf("a", kOpt, Type::BYTE_ARRAY), Leaf("b", kOpt, Type::INT64),
                                  Leaf("c", kOpt, Type::INT64)};
  v[1].logicalType.emplace();  // a union member our IDL lacks: nothing set
  v[1].converted_type = ConvertedType::UTF8;
  v[2].logicalType.emplace();
  v[3].logicalType.emplace().TIMESTAMP.emplace();  // a time unit our IDL lacks
  v[3].logicalType->TIMESTAMP->isAdjustedToUTC = true;
  v[3].converted_type = ConvertedType::TIMESTAMP_MICROS;
  v[3].converted_type = static_cast<ConvertedType>(99);
  Result<Schema> s = From(v);
  ASSERT_OK(s);
  EXPECT_EQ(s->column(0).logical_type, LogicalType::String());
  EXPECT_EQ(s->FindNode("a")->annotation_note(), "unknown logicalType; read by its converted_type UTF8");
  EXPECT_TRUE(s->column(1).logical_type.is_none());
  EXPECT_EQ(s->FindNode("b")->annotation_note(), "unknown logicalType; read as the physical type");
  EXPECT_TRUE(s->column(2).logical_type.is_none());
  EXPECT_EQ(s->FindNode("c")->annotation_note(),
            "unknown converted_type 99 ignored; unknown logicalType; read as the physical type");
}

TEST(FromFormatTest, MapKeyValueOutsideMapReadsAsMap) {
  std::vector<SchemaElement> v = {Root(1), Group("m", kOpt, 1), Group("map", kRep, 2),
                                  Leaf("key", kReq, Type::BYTE_ARRAY), Leaf("value", kOpt, Type::INT32)};
  v[1].converted_type = ConvertedType::MAP_KEY_VALUE;
  Result<Schema> s = From(v);
  ASSERT_OK(s);
  EXPECT_EQ(s->FindNode("m")->kind(), NodeKind::kMap);
  EXPECT_EQ(s->FindNode("m")->logical_type(), LogicalType::Map());
}

TEST(FromFormatTest, EmptyGroupsAndZeroColumns) {
  Result<Schema> only_root = From({Root(0)});
  ASSERT_OK(only_root);
  EXPECT_EQ(only_root->num_columns(), 0);
  SchemaElement bare;
  bare.name = "schema";
  ASSERT_OK(From({bare}));
  // A group below the root holds at least one field (Schema::Make's rule,
  // which names the group's path).
  EXPECT_STATUS_HAS(From({Root(2), Group("empty", kOpt, 0), Leaf("x", kReq, Type::BOOLEAN)}), StatusCode::kCorrupt,
                    "schema: group 'empty' has no children: a Parquet group holds at least one field");
  SchemaElement untyped;  // no type and no num_children: not a leaf, and no group either
  untyped.name = "u";
  untyped.repetition_type = kOpt;
  EXPECT_STATUS_HAS(From({Root(1), untyped}), StatusCode::kCorrupt, "neither a physical type");
  EXPECT_STATUS_HAS(From({Root(1), Group("outer", kOpt, 1), Group("inner", kReq, 0)}), StatusCode::kCorrupt,
                    "schema: group 'outer.inner' has no children");
}

struct Hostile {
  const char* what;
  std::vector<SchemaElement> elements;
  StatusCode code;
  const char* error;
};

TEST(FromFormatTest, HostileListsGiveExactErrors) {
  auto flba = Leaf("f", kReq, Type::FIXED_LEN_BYTE_ARRAY);
  auto flba0 = flba;
  flba0.type_length = 0;
  auto no_rep = Leaf("x", kReq, Type::INT32);
  no_rep.repetition_type.reset();
  auto bad_rep = Leaf("x", static_cast<FieldRepetitionType>(3), Type::INT32);
  auto bad_type = Leaf("x", kReq, static_cast<Type>(8));
  SchemaElement neither;
  neither.name = "x";
  neither.repetition_type = kOpt;
  auto leaf_root = Leaf("schema", kReq, Type::INT32);
  leaf_root.repetition_type.reset();
  const Hostile cases[] = {
      {"empty", {}, StatusCode::kCorrupt, "schema: no elements"},
      {"leaf root", {leaf_root}, StatusCode::kCorrupt,
       "schema element 0 ('schema'): the root must be a group, not a leaf"},
      {"huge root count", {Root(std::numeric_limits<int32_t>::max()), Leaf("x", kReq, Type::INT32)},
       StatusCode::kCorrupt, "schema element 0 ('schema'): num_children 2147483647 exceeds the 1 elements that follow"},
      {"negative root count", {Root(-1)}, StatusCode::kCorrupt, "schema element 0 ('schema'): negative num_children -1"},
      {"huge group count",
       {Root(1), Group("g", kOpt, std::numeric_limits<int32_t>::max()), Leaf("x", kReq, Type::INT32)},
       StatusCode::kCorrupt, "schema element 1 ('g'): num_children 2147483647 exceeds the 1 elements that follow"},
      {"negative group count", {Root(1), Group("g", kOpt, -5)}, StatusCode::kCorrupt,
       "schema element 1 ('g'): negative num_children -5"},
      {"counts exceed the list together",
       {Root(2), Group("g", kOpt, 2), Leaf("x", kReq, Type::INT32), Leaf("y", kReq, Type::INT32)},
       StatusCode::kCorrupt, "schema element 0 ('schema'): 1 of its children are missing: the list ends at element 3"},
      {"leftover elements", {Root(1), Leaf("x", kReq, Type::INT32), Leaf("y", kReq, Type::INT32)},
       StatusCode::kCorrupt, "schema: 1 element(s) follow the root's subtree, which ends at element 1"},
      {"missing repetition", {Root(1), no_rep}, StatusCode::kCorrupt,
       "schema element 1 ('x'): repetition_type is missing"},
      {"unknown repetition", {Root(1), bad_rep}, StatusCode::kUnsupported,
       "schema element 1 ('x'): unknown repetition_type 3"},
      {"unknown physical type", {Root(1), bad_type}, StatusCode::kCorrupt,
       "schema element 1 ('x'): unknown physical type 8"},
      {"neither leaf nor group", {Root(1), neither}, StatusCode::kCorrupt,
       "schema element 1 ('x'): neither a physical type (leaf) nor num_children (group)"},
      {"flba without length", {Root(1), flba}, StatusCode::kCorrupt,
       "schema element 1 ('f'): FIXED_LEN_BYTE_ARRAY needs a positive type_length, got none"},
      {"flba of length 0", {Root(1), flba0}, StatusCode::kCorrupt,
       "schema element 1 ('f'): FIXED_LEN_BYTE_ARRAY needs a positive type_length, got 0"},
  };
  for (const Hostile& h : cases) {
    Result<Schema> r = From(h.elements);
    ASSERT_STATUS(r, h.code) << h.what;
    EXPECT_EQ(r.status().message(), h.error) << h.what;
  }
}

TEST(FromFormatTest, DepthIsCappedWithoutRecursion) {
  // 100000 nested groups: refused at max_schema_depth, with no deep recursion.
  const int kDepth = 100000;
  std::vector<SchemaElement> v;
  v.push_back(Root(1));
  for (int i = 0; i < kDepth; ++i) v.push_back(Group("g" + std::to_string(i), kOpt, 1));
  v.push_back(Leaf("x", kOpt, Type::INT32));
  Result<Schema> r = From(v);
  ASSERT_STATUS(r, StatusCode::kLimitExceeded);
  EXPECT_EQ(r.status().message(), "schema element 101 ('g100'): nesting depth 101 exceeds max_schema_depth (100)");
  // Exactly at the limit is fine.
  std::vector<SchemaElement> ok;
  ok.push_back(Root(1));
  for (int i = 0; i < 99; ++i) ok.push_back(Group("g" + std::to_string(i), kOpt, 1));
  ok.push_back(Leaf("x", kOpt, Type::INT32));
  Result<Schema> s = From(ok);
  ASSERT_OK(s);
  EXPECT_EQ(s->column(0).max_definition_level, 100);
}

TEST(FromFormatTest, GroupWithTypeAndChildrenIsAGroup) {
  // Some writers set a type on groups; num_children > 0 decides.
  auto g = Group("g", kOpt, 1);
  g.type = Type::INT32;
  Result<Schema> s = From({Root(1), g, Leaf("x", kReq, Type::INT32)});
  ASSERT_OK(s);
  EXPECT_TRUE(s->FindNode("g")->is_group());
  // A leaf with num_children = 0 is a leaf.
  auto leaf = Leaf("y", kReq, Type::DOUBLE);
  leaf.num_children = 0;
  Result<Schema> t = From({Root(1), leaf});
  ASSERT_OK(t);
  EXPECT_TRUE(t->FindNode("y")->is_leaf());
}

}  // namespace
}  // namespace parq
