// Every LIST and MAP shape LogicalTypes.md's backward-compatibility rules
// allow, in their order, including a repeated group that is the element and
// carries its own annotation (a list of maps or of lists, as parquet-avro's
// 2-level lists, Impala and Hive wrote them): each shape's resolved tree, then
// rows written through RowWriter and read back, where RowReader, JsonRowReader
// and ColumnarReader must agree with each other and with what was written.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "testing/columnar_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// The resolved tree as a type: list<…>, map<key, value>, set<key> (a map
// without a value field), struct<name: …>, a primitive's physical type; `?`
// marks a nullable node; `repeated` a repeated field read as a list of its own.
std::string Shape(const SchemaNode& n) {
  std::string s;
  switch (n.kind()) {
    case NodeKind::kList: s = "list<" + Shape(*n.list_element()) + ">"; break;
    case NodeKind::kMap:
      s = n.map_value() == nullptr ? "set<" + Shape(*n.map_key()) + ">"
                                   : "map<" + Shape(*n.map_key()) + ", " + Shape(*n.map_value()) + ">";
      break;
    case NodeKind::kRepeatedPrimitive:
    case NodeKind::kPrimitive: s = std::string(PhysicalTypeName(n.physical_type())); break;
    case NodeKind::kRepeatedGroup:
    case NodeKind::kStruct:
      s = "struct<";
      for (int i = 0; i < n.num_children(); ++i) {
        s += (i > 0 ? ", " : "") + n.child(i).name() + ": " + Shape(n.child(i));
      }
      s += ">";
      break;
  }
  if (n.kind() == NodeKind::kRepeatedPrimitive || n.kind() == NodeKind::kRepeatedGroup) return "repeated " + s;
  return n.is_optional() ? s + "?" : s;
}

// Writes `rows` (canonical JSON) with the schema, two rows a row group, and
// reads them back three ways: RowReader's rows are the parsed input,
// JsonRowReader's lines the input text, and ColumnarReader's leaves the
// layout of RowReader's rows.
void RoundTrip(const Schema& schema, const std::vector<std::string>& rows) {
  ASSERT_OK_AND_ASSIGN(auto parser, JsonRowParser::Make(schema));
  std::vector<Value> written(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) ASSERT_OK(parser->Parse(rows[i], &written[i])) << rows[i];

  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  WriterOptions options;
  options.max_rows_per_row_group = 2;
  ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(std::move(mem), schema, options));
  ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
  for (const Value& row : written) ASSERT_OK(rw->Write(row));
  ASSERT_OK(rw->Close());
  ASSERT_OK(fw->Close());
  const std::string bytes = sink->bytes();
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  // The same text (a MAP_KEY_VALUE read as MAP is written as MAP).
  EXPECT_EQ(file->schema().ToString(), schema.ToString());

  ASSERT_OK_AND_ASSIGN(auto row_reader, RowReader::Open(*file));
  std::vector<Value> read;
  Value row;
  while (true) {
    ASSERT_OK_AND_ASSIGN(bool more, row_reader->Next(&row));
    if (!more) break;
    read.push_back(row);
  }
  ASSERT_EQ(read.size(), written.size());
  for (size_t i = 0; i < read.size(); ++i) EXPECT_TRUE(read[i] == written[i]) << rows[i] << "\nread: " << read[i].DebugString();

  ASSERT_OK_AND_ASSIGN(auto json_reader, JsonRowReader::Open(*file));
  std::string line;
  for (size_t i = 0; i <= rows.size(); ++i) {
    line.clear();
    ASSERT_OK_AND_ASSIGN(bool more, json_reader->Next(&line));
    ASSERT_EQ(more, i < rows.size()) << i;
    if (more) {
      EXPECT_EQ(line, rows[i]);
    }
  }

  ASSERT_OK_AND_ASSIGN(auto columnar, ColumnarReader::Open(*file));
  ColumnarBatch batch;
  size_t first = 0;
  for (int rg = 0; rg < file->metadata().num_row_groups(); ++rg) {
    ASSERT_OK(columnar->ReadRowGroup(rg, &batch));
    ASSERT_EQ(batch.leaves.size(), static_cast<size_t>(schema.num_columns()));
    const std::vector<Value> group(read.begin() + static_cast<ptrdiff_t>(first),
                                   read.begin() + static_cast<ptrdiff_t>(first + static_cast<size_t>(batch.num_rows)));
    for (const ColumnarLeaf& leaf : batch.leaves) testing::ExpectLeafMatchesRows(leaf, group, row_reader->field_names());
    first += static_cast<size_t>(batch.num_rows);
  }
  EXPECT_EQ(first, rows.size());
}

// Parses `text`, expects the top-level field `field` to resolve to `shape`,
// and round-trips `rows`.
void Check(const char* text, std::string_view field, std::string_view shape, const std::vector<std::string>& rows) {
  SCOPED_TRACE(text);
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(text));
  const SchemaNode* n = s.FindNode(field);
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(Shape(*n), shape);
  RoundTrip(s, rows);
}

// --- LIST: the standard form and the rules, in LogicalTypes.md's order ---

TEST(ListShapesTest, StandardThreeLevelListsOfEachRepetition) {
  Check("message m { required group l (LIST) { repeated group list { optional binary element (STRING); } } }", "l",
        "list<BYTE_ARRAY?>", {R"({"l":["a",null]})", R"({"l":[]})", R"({"l":[null]})"});
  Check("message m { optional group l (LIST) { repeated group list { required int64 element; } } }", "l",
        "list<INT64>?", {R"({"l":[1,2]})", R"({"l":null})", R"({"l":[]})"});
  Check(R"(message m { optional group l (LIST) { repeated group list {
          optional group element (LIST) { repeated group list { optional int32 element; } } } } })",
        "l", "list<list<INT32?>?>?", {R"({"l":[[1,null],null,[]]})", R"({"l":null})", R"({"l":[[]]})"});
}

TEST(ListShapesTest, NamesAreNotEnforced) {
  // The spec's example: a repeated group named "element" holding "str".
  Check("message m { optional group my_list (LIST) { repeated group element { required binary str (STRING); } } }",
        "my_list", "list<BYTE_ARRAY>?", {R"({"my_list":["a","b"]})", R"({"my_list":null})"});
}

TEST(ListShapesTest, Rule1RepeatedPrimitive) {
  Check("message m { optional group my_list (LIST) { repeated int32 element; } }", "my_list", "list<INT32>?",
        {R"({"my_list":[1,2,3]})", R"({"my_list":[]})", R"({"my_list":null})"});
  // A 2-level list may be required too.
  Check("message m { required group my_list (LIST) { repeated binary str (STRING); } }", "my_list",
        "list<BYTE_ARRAY>", {R"({"my_list":["x"]})", R"({"my_list":[]})"});
}

TEST(ListShapesTest, Rule2RepeatedGroupWithSeveralFields) {
  Check(R"(message m { optional group my_list (LIST) { repeated group element {
          required binary str (STRING); required int32 num; } } })",
        "my_list", "list<struct<str: BYTE_ARRAY, num: INT32>>?",
        {R"({"my_list":[{"str":"a","num":1},{"str":"b","num":2}]})", R"({"my_list":null})", R"({"my_list":[]})"});
}

TEST(ListShapesTest, Rule3GroupWhoseOneFieldIsRepeated) {
  Check("message m { optional group my_list (LIST) { repeated group element { repeated int32 values; } } }",
        "my_list", "list<struct<values: repeated INT32>>?",
        {R"({"my_list":[{"values":[1,2]},{"values":[]}]})", R"({"my_list":null})"});
  // The spec's example: the repeated group is itself a 2-level LIST, List<List<Integer>>.
  Check("message m { optional group my_list (LIST) { repeated group array (LIST) { repeated int32 array; } } }",
        "my_list", "list<list<INT32>>?",
        {R"({"my_list":[[1,2],[],[3]]})", R"({"my_list":null})", R"({"my_list":[]})", R"({"my_list":[[]]})"});
}

TEST(ListShapesTest, Rule3RepeatedGroupAnnotatedListOfThreeLevels) {
  Check(R"(message m { optional group outer (LIST) { repeated group array (LIST) {
          repeated group list { optional binary element (STRING); } } } })",
        "outer", "list<list<BYTE_ARRAY?>>?", {R"({"outer":[["a",null],[]]})", R"({"outer":null})"});
}

TEST(ListShapesTest, Rule4ArrayOrTupleNamedGroupIsAOneFieldStruct) {
  Check("message m { optional group my_list (LIST) { repeated group array { required binary str (STRING); } } }",
        "my_list", "list<struct<str: BYTE_ARRAY>>?",
        {R"({"my_list":[{"str":"a"},{"str":"b"}]})", R"({"my_list":null})"});
  Check(R"(message m { optional group my_list (LIST) { repeated group my_list_tuple {
          optional binary str (STRING); } } })",
        "my_list", "list<struct<str: BYTE_ARRAY?>>?", {R"({"my_list":[{"str":null},{"str":"b"}]})"});
}

// The case this file was written for: the repeated group that is the element
// is itself annotated MAP (or MAP_KEY_VALUE), so the list's elements are maps,
// not structs with a field "map".
TEST(ListShapesTest, RepeatedElementAnnotatedMapIsAListOfMaps) {
  const std::vector<std::string> rows = {
      R"({"l":[[{"key":"a","value":1},{"key":"b","value":null}],[]]})", R"({"l":null})", R"({"l":[]})",
      R"({"l":[[{"key":"c","value":3}]]})"};
  // Impala's and parquet-avro's 2-level list of maps.
  const char* impala = R"(message m { optional group l (LIST) { repeated group array (MAP) {
      repeated group map (MAP_KEY_VALUE) { required binary key (STRING); optional int32 value; } } } })";
  Check(impala, "l", "list<map<BYTE_ARRAY, INT32?>>?", rows);
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(impala));
  const SchemaNode& l = *s.FindNode("l");
  const SchemaNode& array = *s.FindNode("l.array");
  EXPECT_EQ(l.list_element(), &array);
  EXPECT_EQ(array.role(), NodeRole::kListElement);
  ASSERT_EQ(array.map_key_value(), s.FindNode("l.array.map"));
  EXPECT_EQ(array.map_key_value()->role(), NodeRole::kMapKeyValue);
  EXPECT_EQ(s.column(1).max_definition_level, 4);
  EXPECT_EQ(s.column(1).max_repetition_level, 2);

  // The same under the "<name>_tuple" name, under any other name (rule 3: the
  // group's one field is repeated), and with MAP_KEY_VALUE in MAP's place.
  Check(R"(message m { optional group l (LIST) { repeated group l_tuple (MAP) {
          repeated group key_value { required binary key (STRING); optional int32 value; } } } })",
        "l", "list<map<BYTE_ARRAY, INT32?>>?", rows);
  Check(R"(message m { optional group l (LIST) { repeated group bag (MAP) {
          repeated group key_value { required binary key (STRING); optional int32 value; } } } })",
        "l", "list<map<BYTE_ARRAY, INT32?>>?", rows);
  Check(R"(message m { optional group l (LIST) { repeated group array (MAP_KEY_VALUE) {
          repeated group map { required binary key (STRING); optional int32 value; } } } })",
        "l", "list<map<BYTE_ARRAY, INT32?>>?", rows);
  Check(R"(message m { optional group l (LIST) { repeated group array (MAP_KEY_VALUE) {
          repeated group map (MAP_KEY_VALUE) { required binary key (STRING); optional int32 value; } } } })",
        "l", "list<map<BYTE_ARRAY, INT32?>>?", rows);
  // A set (no value field) as the element.
  Check("message m { required group l (LIST) { repeated group array (MAP) { repeated group map { required int32 key; } } } }",
        "l", "list<set<INT32>>", {R"({"l":[[{"key":1},{"key":2}],[]]})", R"({"l":[]})"});
}

TEST(ListShapesTest, ListOfMapsNestedInAListOfMaps) {
  Check(R"(message m { optional group l (LIST) { repeated group array (MAP) {
          repeated group map (MAP_KEY_VALUE) { required binary key (STRING);
            optional group value (LIST) { repeated group array (MAP) {
              repeated group map (MAP_KEY_VALUE) { required int32 key; required int64 value; } } } } } } })",
        "l", "list<map<BYTE_ARRAY, list<map<INT32, INT64>>?>>?",
        {R"({"l":[[{"key":"a","value":[[{"key":1,"value":10}],[]]},{"key":"b","value":null}]]})",
         R"({"l":[[{"key":"c","value":[]}],[]]})", R"({"l":null})"});
}

TEST(ListShapesTest, Rule5OneFieldKeepsItsRepetition) {
  Check(R"(message m { optional group my_list (LIST) { repeated group element {
          optional binary str (STRING); } } })",
        "my_list", "list<BYTE_ARRAY?>?", {R"({"my_list":["a",null]})", R"({"my_list":null})"});
  // Hive's 3-level list of nullable maps: the element is annotated, the level is not.
  Check(R"(message m { optional group l (LIST) { repeated group bag {
          optional group array_element (MAP) { repeated group key_value {
            required binary key (STRING); optional int32 value; } } } } })",
        "l", "list<map<BYTE_ARRAY, INT32?>?>?",
        {R"({"l":[[{"key":"a","value":1}],null,[]]})", R"({"l":null})"});
}

TEST(ListShapesTest, AnnotatedRepeatedGroupThatFitsNoRuleIsAStruct) {
  // A MAP or LIST annotation on a repeated element whose one field is not
  // repeated cannot be a map or list: the element is a struct of that field.
  Check("message m { optional group l (LIST) { repeated group array (MAP) { required int32 x; } } }", "l",
        "list<struct<x: INT32>>?", {R"({"l":[{"x":1}]})", R"({"l":null})"});
  Check("message m { optional group l (LIST) { repeated group array (LIST) { required int32 x; } } }", "l",
        "list<struct<x: INT32>>?", {R"({"l":[{"x":1},{"x":2}]})"});
  // A repeated MAP group outside a list is not a list's element: a repeated
  // group, read as a required list of structs.
  Check("message m { repeated group m (MAP) { repeated group key_value { required int32 key; } } }", "m",
        "repeated struct<key_value: repeated struct<key: INT32>>",
        {R"({"m":[{"key_value":[{"key":1}]},{"key_value":[]}]})", R"({"m":[]})"});
}

// --- MAP ---

TEST(MapShapesTest, StandardMapsOfEachRepetition) {
  Check(R"(message m { required group m (MAP) { repeated group key_value {
          required binary key (STRING); optional int32 value; } } })",
        "m", "map<BYTE_ARRAY, INT32?>", {R"({"m":[{"key":"a","value":1},{"key":"b","value":null}]})", R"({"m":[]})"});
  Check(R"(message m { optional group m (MAP) { repeated group key_value {
          required int32 key; required group value { optional int64 x; } } } })",
        "m", "map<INT32, struct<x: INT64?>>?",
        {R"({"m":[{"key":1,"value":{"x":null}}]})", R"({"m":null})", R"({"m":[]})"});
}

TEST(MapShapesTest, NamesAreNotEnforcedKeyAndValueByPosition) {
  Check(R"(message m { optional group my_map (MAP) { repeated group map {
          required binary str (STRING); required int32 num; } } })",
        "my_map", "map<BYTE_ARRAY, INT32>?", {R"({"my_map":[{"key":"a","value":1}]})", R"({"my_map":null})"});
}

TEST(MapShapesTest, MapKeyValueInPlaceOfMap) {
  Check(R"(message m { optional group my_map (MAP_KEY_VALUE) { repeated group map {
          required binary key (STRING); optional int32 value; } } })",
        "my_map", "map<BYTE_ARRAY, INT32?>?", {R"({"my_map":[{"key":"a","value":null}]})", R"({"my_map":null})"});
  // parquet-mr's legacy form: MAP above a MAP_KEY_VALUE level, which stays the level.
  Check(R"(message m { optional group my_map (MAP) { repeated group map (MAP_KEY_VALUE) {
          required binary key (STRING); optional int32 value; } } })",
        "my_map", "map<BYTE_ARRAY, INT32?>?", {R"({"my_map":[{"key":"a","value":2}]})", R"({"my_map":[]})"});
  Check(R"(message m { optional group my_map (MAP_KEY_VALUE) { repeated group map (MAP_KEY_VALUE) {
          required binary key (STRING); optional int32 value; } } })",
        "my_map", "map<BYTE_ARRAY, INT32?>?", {R"({"my_map":[{"key":"a","value":2}]})"});
}

TEST(MapShapesTest, MapWithoutValueIsASetOfKeys) {
  Check("message m { optional group s (MAP) { repeated group key_value { required int64 key; } } }", "s",
        "set<INT64>?", {R"({"s":[{"key":1},{"key":1}]})", R"({"s":null})", R"({"s":[]})"});
}

TEST(MapShapesTest, MapsOfLegacyListsAndMaps) {
  Check(R"(message m { optional group m (MAP) { repeated group key_value { required binary key (STRING);
          optional group value (LIST) { repeated int32 array; } } } })",
        "m", "map<BYTE_ARRAY, list<INT32>?>?", {R"({"m":[{"key":"a","value":[1,2]},{"key":"b","value":null}]})"});
  Check(R"(message m { optional group m (MAP_KEY_VALUE) { repeated group map { required int32 key;
          optional group value (MAP_KEY_VALUE) { repeated group map { required int32 key; optional int32 value; } } } } })",
        "m", "map<INT32, map<INT32, INT32?>?>?",
        {R"({"m":[{"key":1,"value":[{"key":2,"value":3}]},{"key":4,"value":null}]})", R"({"m":null})"});
}

}  // namespace
}  // namespace parq
