// schema::WalkFormat's slices: a schema handed out a few leaves at a time,
// cut inside groups at any depth, reads as the whole (FromFormat) does:
// every leaf's column and every ancestor's kind, role, levels, annotation and
// note, the message-type text made slice by slice (SlicedText), and the
// notes; and groups whose reading depends on their fields (LIST, MAP, their
// repeated levels) are never cut.  Over hand-made nested shapes and every
// schema of the parquet-testing corpus.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "format/footer.h"
#include "parq/io.h"
#include "schema/schema_builder.h"
#include "schema/sliced_text.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

// What a node reads as: the same in a slice as in the whole.
std::string Describe(const SchemaNode& n) {
  std::string s = n.name() + " " + std::string(NodeKindName(n.kind())) + " " + std::string(NodeRoleName(n.role())) +
                  " d" + std::to_string(n.definition_level()) + " r" + std::to_string(n.repetition_level()) + " " +
                  n.logical_type().ToString() + " " + std::string(ConvertedTypeName(n.converted_type())) + " [" +
                  n.annotation_note() + "]";
  if (n.field_id()) s += " =" + std::to_string(*n.field_id());
  if (n.kind() == NodeKind::kList) s += " element " + n.list_element()->name();
  if (n.kind() == NodeKind::kMap) s += " key " + n.map_key()->name();
  return s;
}

// Column c: its descriptor and its nodes from the root's field down.
std::string DescribeColumn(const ColumnDescriptor& d) {
  std::string s = d.dotted_path + " " + std::string(PhysicalTypeName(d.physical_type)) + " " +
                  std::to_string(d.type_length) + " " + std::to_string(d.max_definition_level) + "/" +
                  std::to_string(d.max_repetition_level) + "/" + std::to_string(d.repeated_ancestor_definition_level);
  std::vector<const SchemaNode*> chain;
  for (const SchemaNode* n = d.node; n->parent() != nullptr; n = n->parent()) chain.push_back(n);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) s += "\n  " + Describe(**it);
  return s;
}

struct Walked {
  std::vector<std::string> columns;  // DescribeColumn of each, in order
  std::vector<std::string> nodes;    // Describe of each new node, depth first
  std::string text;                  // SlicedText
  int slices = 0;
  int cut_inside = 0;  // slices that end inside a group
};

Result<Walked> Walk(const thrift::Vector<format::SchemaElement>& elements, size_t slice_leaves) {
  Walked out;
  schema::SlicedText text([&](std::string_view piece) { out.text += piece; });
  int continues = 0;
  PARQ_RETURN_IF_ERROR(schema::WalkFormat(
      elements.size(), [&](size_t i) -> Result<const format::SchemaElement*> { return &elements[i]; },
      ReaderOptions{}, slice_leaves, [&](const Schema& slice, const schema::SliceInfo& info) {
        EXPECT_EQ(info.first_column, static_cast<int>(out.columns.size()));
        EXPECT_EQ(info.continued, continues);  // as the slice before said
        continues = info.continues;
        out.cut_inside += info.continues > 0 ? 1 : 0;
        ++out.slices;
        for (const ColumnDescriptor& d : slice.columns()) out.columns.push_back(DescribeColumn(d));
        schema::ForEachNewNode(slice.root(), info.continued,
                               [&](const SchemaNode& n) { out.nodes.push_back(Describe(n)); });
        text.Add(slice, info);
        return Status::OK();
      }));
  text.End();
  EXPECT_EQ(continues, 0);  // the last slice ends the tree
  return out;
}

void CollectNodes(const SchemaNode& n, std::vector<std::string>* out) {
  for (int i = 0; i < n.num_children(); ++i) {
    out->push_back(Describe(n.child(i)));
    CollectNodes(n.child(i), out);
  }
}

// The walk in slices of 1, 2, 3 and 5 leaves and in one: each the whole.
// Returns how many of the walks' slices ended inside a group.
int ExpectSlicesAreTheWhole(const thrift::Vector<format::SchemaElement>& elements, const std::string& what) {
  Result<Schema> whole = schema::FromFormat(elements, ReaderOptions{});
  EXPECT_OK(whole.status()) << what;
  if (!whole.ok()) return 0;
  std::vector<std::string> columns;
  for (const ColumnDescriptor& d : whole->columns()) columns.push_back(DescribeColumn(d));
  std::vector<std::string> nodes;
  CollectNodes(whole->root(), &nodes);
  int cut_inside = 0;
  for (size_t slice_leaves : {1, 2, 3, 5, 1 << 20}) {
    Result<Walked> walked = Walk(elements, slice_leaves);
    EXPECT_OK(walked.status()) << what;
    if (!walked.ok()) continue;
    EXPECT_EQ(walked->columns, columns) << what << ", slices of " << slice_leaves;
    EXPECT_EQ(walked->nodes, nodes) << what << ", slices of " << slice_leaves;
    EXPECT_EQ(walked->text, whole->ToString()) << what << ", slices of " << slice_leaves;
    cut_inside += walked->cut_inside;
  }
  return cut_inside;
}

thrift::Vector<format::SchemaElement> ElementsOf(std::string_view text) {
  Result<Schema> s = ParseMessageType(text);
  EXPECT_OK(s.status()) << text;
  return s.ok() ? schema::ToFormat(*s) : thrift::Vector<format::SchemaElement>();
}

TEST(SchemaSlicesTest, NestedShapesReadAsTheWhole) {
  const char* shapes[] = {
      // A struct of structs: cut at any depth.
      R"(message m { required group s { optional int32 a; optional group t { required int64 b; required int64 c;
         optional group u = 7 { optional binary d (STRING); optional double e; } required boolean f; } optional int32 g; }
         optional float h; })",
      // A list of a wide struct, a list of lists, a wide repeated group.
      R"(message m { optional group l (LIST) { repeated group list { optional group element { optional int32 a;
         optional int32 b; optional group c { optional int32 d; optional int32 e; } optional int32 f; } } }
         optional group ll (LIST) { repeated group list { optional group element (LIST) { repeated group list {
         optional int32 element; } } } } repeated group r { optional int32 a; optional int32 b; repeated int32 c;
         optional int32 d; } })",
      // Maps: standard, of a wide value, without a value, MAP_KEY_VALUE outside a MAP.
      R"(message m { optional group m (MAP) { repeated group key_value { required binary key (STRING);
         optional group value { optional int32 a; optional int32 b; optional int32 c; } } }
         optional group set (MAP) { repeated group key_value { required int32 key; } }
         optional group legacy (MAP_KEY_VALUE) { repeated group map { required binary key (STRING);
         optional int64 value; } } optional int32 z; })",
      // The backward-compatibility rules of LIST: 1 to 5, and a group that fits none.
      R"(message m { optional group a (LIST) { repeated int32 x; } optional group b (LIST) { repeated group g {
         optional int32 p; optional int32 q; optional int32 s; } } optional group c (LIST) { repeated group array {
         optional int32 p; } } optional group d (LIST) { repeated group d_tuple { optional int32 p; } }
         optional group e (LIST) { repeated group g { repeated int32 p; } } optional group f (LIST) {
         repeated group list { optional int32 element; } optional int32 extra; } required int32 y; })",
      // A list of maps in the Impala form, and a VARIANT group.
      R"(message m { optional group l (LIST) { repeated group array (MAP) { repeated group map (MAP_KEY_VALUE) {
         required binary key (STRING); optional int32 value; } } } optional group v (VARIANT(1)) {
         required binary metadata; optional binary value; } optional int32 after; })",
  };
  int cut_inside = 0;
  for (const char* text : shapes) cut_inside += ExpectSlicesAreTheWhole(ElementsOf(text), text);
  EXPECT_GT(cut_inside, 0);  // slices did end inside groups
}

// One group of many leaves is cut between its fields; a MAP's key_value
// group is never cut, nor its value, however wide.
TEST(SchemaSlicesTest, WideGroupsAreCutAndMapsAreNot) {
  std::string wide = "message m { required group s { required group t {";
  for (int i = 0; i < 10; ++i) wide += " optional int32 c" + std::to_string(i) + ";";
  wide += " } } }";
  std::vector<std::pair<int, int>> infos;  // (continued, continues)
  std::vector<int> widths;
  const thrift::Vector<format::SchemaElement> elements = ElementsOf(wide);
  ASSERT_OK(schema::WalkFormat(
      elements.size(), [&](size_t i) -> Result<const format::SchemaElement*> { return &elements[i]; },
      ReaderOptions{}, 3, [&](const Schema& slice, const schema::SliceInfo& info) {
        infos.emplace_back(info.continued, info.continues);
        widths.push_back(slice.num_columns());
        return Status::OK();
      }));
  EXPECT_EQ(widths, (std::vector<int>{3, 3, 3, 1}));
  EXPECT_EQ(infos, (std::vector<std::pair<int, int>>{{0, 2}, {2, 2}, {2, 2}, {2, 0}}));

  std::string map = "message m { optional group m (MAP) { repeated group key_value { required int32 key;"
                    " optional group value {";
  for (int i = 0; i < 10; ++i) map += " optional int32 c" + std::to_string(i) + ";";
  map += " } } } }";
  const thrift::Vector<format::SchemaElement> map_elements = ElementsOf(map);
  int slices = 0;
  ASSERT_OK(schema::WalkFormat(
      map_elements.size(), [&](size_t i) -> Result<const format::SchemaElement*> { return &map_elements[i]; },
      ReaderOptions{}, 3, [&](const Schema& slice, const schema::SliceInfo& info) {
        EXPECT_EQ(slice.num_columns(), 11);
        EXPECT_EQ(info.continues, 0);
        ++slices;
        return Status::OK();
      }));
  EXPECT_EQ(slices, 1);
  EXPECT_EQ(ExpectSlicesAreTheWhole(map_elements, map), 0);
}

TEST(SchemaSlicesTest, EveryCorpusSchemaReadsAsTheWhole) {
  const fs::path data = fs::path(PARQ_SHARED_DIR) / "parquet-testing" / "data";
  if (!fs::exists(data)) GTEST_SKIP() << "no parquet-testing at " << data;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(data)) {
    if (entry.is_regular_file() && entry.path().extension() == ".parquet") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  int checked = 0;
  for (const fs::path& p : files) {
    auto file = OpenFile(p.string());
    ASSERT_OK(file) << p;
    Result<format::Footer> footer = format::ReadFooter(**file, ReaderOptions{});
    if (!footer.ok()) continue;  // encrypted footers without their keys
    if (!schema::FromFormat(footer->metadata->schema, ReaderOptions{}).ok()) continue;
    ExpectSlicesAreTheWhole(footer->metadata->schema, p.string());
    ++checked;
  }
  EXPECT_GT(checked, 50);
}

}  // namespace
}  // namespace parq
