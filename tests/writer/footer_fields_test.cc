// What the caller declares for the footer and FileWriter writes as given:
// sorting_columns (options and per row group, validated), each chunk's
// key-value metadata (options and per row group), file key-value entries
// with and without a value, and FileMetaData.version (2 exactly when a
// version-2 feature is used).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testing/status_macros.h"
#include "writer_test_util.h"

namespace parq::writer_test {
namespace {

Schema TwoInts() {
  auto s = ParseMessageType("message m { required int32 a; optional int64 b; }");
  return std::move(*s);
}

// Writes `groups` row groups of 3 rows; `per_group` runs before each ends.
Result<std::string> Write(const WriterOptions& o, int groups,
                          const std::function<Status(FileWriter&, int)>& per_group = nullptr) {
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(std::move(mem), TwoInts(), o));
  for (int g = 0; g < groups; ++g) {
    const int32_t a[] = {1, 2, 3};
    const int64_t b[] = {4, 5, 6};
    const int16_t def[] = {1, 1, 1};
    PARQ_ASSIGN_OR_RETURN(auto* ca, w->typed_column<int32_t>(0));
    PARQ_RETURN_IF_ERROR(ca->WriteBatch(3, nullptr, nullptr, a));
    PARQ_ASSIGN_OR_RETURN(auto* cb, w->typed_column<int64_t>(1));
    PARQ_RETURN_IF_ERROR(cb->WriteBatch(3, def, nullptr, b));
    if (per_group) PARQ_RETURN_IF_ERROR(per_group(*w, g));
    PARQ_RETURN_IF_ERROR(w->EndRowGroup());
  }
  PARQ_RETURN_IF_ERROR(w->Close());
  return sink->bytes();
}

TEST(FooterFieldsTest, SortingColumnsFromOptionsAndPerRowGroup) {
  WriterOptions o;
  o.sorting_columns = {{1, true, false}, {0, false, true}};
  ASSERT_OK_AND_ASSIGN(std::string bytes, Write(o, 2, [](FileWriter& w, int g) {
                         return g == 1 ? w.SetSortingColumns({{0, true, true}}) : Status::OK();
                       }));
  ASSERT_OK_AND_ASSIGN(auto r, OpenBytes(bytes));
  EXPECT_EQ(r->metadata().row_group(0).sorting_columns(),
            (std::vector<SortingColumn>{{1, true, false}, {0, false, true}}));
  EXPECT_EQ(r->metadata().row_group(1).sorting_columns(), (std::vector<SortingColumn>{{0, true, true}}));
}

TEST(FooterFieldsTest, SortingColumnOutOfRangeIsRefused) {
  WriterOptions o;
  o.sorting_columns = {{2, false, false}};
  EXPECT_STATUS_HAS(Write(o, 1), StatusCode::kInvalidArgument,
                    "writer option 'sorting_columns': column index 2 is out of range: the schema has 2 leaf columns");
  EXPECT_STATUS_HAS(Write({}, 1, [](FileWriter& w, int) { return w.SetSortingColumns({{-1, false, false}}); }),
                    StatusCode::kInvalidArgument, "column index -1 is out of range");
}

TEST(FooterFieldsTest, ChunkKeyValueMetadata) {
  WriterOptions o;
  o.columns["b"].key_value_metadata = {{"unit", "ms"}, {"flag", std::nullopt}};
  ASSERT_OK_AND_ASSIGN(std::string bytes, Write(o, 2, [](FileWriter& w, int g) {
                         return g == 1 ? w.SetChunkKeyValueMetadata(0, {{"only", "g1"}}) : Status::OK();
                       }));
  ASSERT_OK_AND_ASSIGN(auto r, OpenBytes(bytes));
  const FileMetaData& md = r->metadata();
  EXPECT_TRUE(md.row_group(0).column(0).key_value_metadata().empty());
  EXPECT_EQ(md.row_group(0).column(1).key_value_metadata(),
            (std::vector<KeyValue>{{"unit", "ms"}, {"flag", std::nullopt}}));
  EXPECT_EQ(md.row_group(1).column(0).key_value_metadata(), (std::vector<KeyValue>{{"only", "g1"}}));
  EXPECT_EQ(md.row_group(1).column(1).key_value_metadata(), md.row_group(0).column(1).key_value_metadata());
  EXPECT_STATUS_HAS(Write({}, 1, [](FileWriter& w, int) { return w.SetChunkKeyValueMetadata(2, {}); }),
                    StatusCode::kInvalidArgument, "column 2 out of range");
}

TEST(FooterFieldsTest, FileKeyValueWithoutValue) {
  WriterOptions o;
  o.key_value_metadata = {{"k", std::nullopt}, {"e", ""}};
  ASSERT_OK_AND_ASSIGN(std::string bytes, Write(o, 1));
  ASSERT_OK_AND_ASSIGN(auto r, OpenBytes(bytes));
  EXPECT_EQ(r->metadata().key_value_metadata(), (std::vector<KeyValue>{{"k", std::nullopt}, {"e", ""}}));
}

TEST(FooterFieldsTest, VersionTwoExactlyWithAVersionTwoFeature) {
  struct Case {
    const char* what;
    std::function<void(WriterOptions&)> set;
    int32_t version;
  };
  const Case kCases[] = {
      {"defaults (PLAIN, RLE_DICTIONARY, v1 pages)", [](WriterOptions&) {}, 1},
      {"no dictionary", [](WriterOptions& o) { o.column_defaults.dictionary = false; }, 1},
      {"data page v2", [](WriterOptions& o) { o.data_page_v2 = true; }, 2},
      {"DELTA_BINARY_PACKED",
       [](WriterOptions& o) {
         o.column_defaults.dictionary = false;
         o.column_defaults.encoding = Encoding::kDeltaBinaryPacked;
       },
       2},
      {"BYTE_STREAM_SPLIT on one column",
       [](WriterOptions& o) {
         o.columns["a"].dictionary = false;
         o.columns["a"].encoding = Encoding::kByteStreamSplit;
       },
       2},
  };
  for (const Case& c : kCases) {
    WriterOptions o;
    c.set(o);
    ASSERT_OK_AND_ASSIGN(std::string bytes, Write(o, 1));
    ASSERT_OK_AND_ASSIGN(auto r, OpenBytes(bytes));
    EXPECT_EQ(r->metadata().version(), c.version) << c.what;
  }
}

}  // namespace
}  // namespace parq::writer_test
