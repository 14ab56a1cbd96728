// The schemas of the shared parquet-testing files: every footer's schema
// resolves, survives ToFormat -> FromFormat unchanged, and the files made to
// exercise the compatibility rules resolve as the rules say.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "format/footer.h"
#include "parq/io.h"
#include "schema/schema_builder.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

const fs::path kData = fs::path(PARQ_SHARED_DIR) / "parquet-testing" / "data";

Result<Schema> LoadSchema(const fs::path& path) {
  PARQ_ASSIGN_OR_RETURN(auto file, OpenFile(path.string()));
  ReaderOptions options;
  PARQ_ASSIGN_OR_RETURN(format::Footer footer, format::ReadFooter(*file, options));
  return schema::FromFormat(footer.metadata->schema, options);
}

TEST(SchemaCorpusTest, EveryFooterSchemaResolvesAndRoundTrips) {
  if (!fs::exists(kData)) GTEST_SKIP() << "no parquet-testing at " << kData;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(kData)) {
    if (entry.is_regular_file() && entry.path().extension() == ".parquet") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 50u);
  int checked = 0;
  ReaderOptions options;
  for (const fs::path& p : files) {
    auto file = OpenFile(p.string());
    ASSERT_OK(file) << p;
    Result<format::Footer> footer = format::ReadFooter(**file, options);
    ASSERT_OK(footer) << p;
    Result<Schema> s = schema::FromFormat(footer->metadata->schema, options);
    ASSERT_OK(s) << p;
    EXPECT_EQ(static_cast<size_t>(s->num_columns()),
              footer->metadata->row_groups.empty() ? static_cast<size_t>(s->num_columns())
                                                  : footer->metadata->row_groups[0].columns.size())
        << p;
    Result<Schema> again = schema::FromFormat(schema::ToFormat(*s), options);
    ASSERT_OK(again) << p;
    EXPECT_EQ(again->ToString(), s->ToString()) << p;
    // The text form parses back to the same tree (annotations that were
    // dropped as not fitting are not printed).
    Result<Schema> text = ParseMessageType(s->ToString());
    ASSERT_OK(text) << p << "\n" << s->ToString();
    EXPECT_EQ(text->ToString(), s->ToString()) << p;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(files.size()));
}

TEST(SchemaCorpusTest, OldListStructure) {
  // optional group a (LIST) { repeated group array (LIST) { repeated int32 array; } }
  ASSERT_OK_AND_ASSIGN(Schema s, LoadSchema(kData / "old_list_structure.parquet"));
  if (s.num_columns() == 0) return;
  const SchemaNode& outer = s.root().child(0);
  ASSERT_EQ(outer.kind(), NodeKind::kList) << s.ToString();
  const SchemaNode* element = outer.list_element();
  ASSERT_NE(element, nullptr);
  EXPECT_EQ(element, outer.list_repeated()) << s.ToString();
  EXPECT_EQ(s.column(0).max_repetition_level, 2);
}

TEST(SchemaCorpusTest, RepeatedWithoutAnnotation) {
  ASSERT_OK_AND_ASSIGN(Schema s, LoadSchema(kData / "repeated_no_annotation.parquet"));
  if (s.num_columns() == 0) return;
  const SchemaNode* phone = s.FindNode("phoneNumbers.phone");
  ASSERT_NE(phone, nullptr) << s.ToString();
  EXPECT_EQ(phone->kind(), NodeKind::kRepeatedGroup);
  EXPECT_EQ(s.FindNode("phoneNumbers")->kind(), NodeKind::kStruct);
  ASSERT_OK_AND_ASSIGN(Schema p, LoadSchema(kData / "repeated_primitive_no_list.parquet"));
  bool saw_repeated_primitive = false;
  for (const ColumnDescriptor& c : p.columns()) {
    if (c.node->kind() == NodeKind::kRepeatedPrimitive) saw_repeated_primitive = true;
  }
  EXPECT_TRUE(saw_repeated_primitive) << p.ToString();
}

TEST(SchemaCorpusTest, MapWithoutValueAndIncorrectMap) {
  ASSERT_OK_AND_ASSIGN(Schema s, LoadSchema(kData / "map_no_value.parquet"));
  bool saw_map_without_value = false;
  for (int i = 0; i < s.root().num_children(); ++i) {
    const SchemaNode& n = s.root().child(i);
    if (n.kind() == NodeKind::kMap && n.map_value() == nullptr) saw_map_without_value = true;
  }
  EXPECT_TRUE(saw_map_without_value) << s.ToString();
  ASSERT_OK_AND_ASSIGN(Schema bad, LoadSchema(kData / "incorrect_map_schema.parquet"));
  EXPECT_GT(bad.num_columns(), 0);
}

TEST(SchemaCorpusTest, UnknownLogicalTypeFallsBack) {
  ASSERT_OK_AND_ASSIGN(Schema s, LoadSchema(kData / "unknown-logical-type.parquet"));
  bool saw_note = false;
  for (const ColumnDescriptor& c : s.columns()) {
    if (!c.node->annotation_note().empty()) {
      saw_note = true;
      EXPECT_NE(c.node->annotation_note().find("unknown logicalType"), std::string::npos)
          << c.node->annotation_note();
    }
  }
  EXPECT_TRUE(saw_note) << s.ToString();
}

TEST(SchemaCorpusTest, NestedListsAndMaps) {
  ASSERT_OK_AND_ASSIGN(Schema lists, LoadSchema(kData / "nested_lists.snappy.parquet"));
  ASSERT_GT(lists.num_columns(), 0);
  EXPECT_EQ(lists.root().child(0).kind(), NodeKind::kList) << lists.ToString();
  ASSERT_OK_AND_ASSIGN(Schema maps, LoadSchema(kData / "nested_maps.snappy.parquet"));
  ASSERT_GT(maps.num_columns(), 0);
  EXPECT_EQ(maps.root().child(0).kind(), NodeKind::kMap) << maps.ToString();
  EXPECT_EQ(maps.root().child(0).map_value()->kind(), NodeKind::kMap) << maps.ToString();
}

}  // namespace
}  // namespace parq
