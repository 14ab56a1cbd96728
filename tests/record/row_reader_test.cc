// RowReader over real files from ../shared/parquet-testing: streaming with
// tiny batches gives the same rows as big ones, projection, Values, errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/record.h"

namespace parq {
namespace {

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

std::vector<std::string> ReadAll(const std::string& name, RowReaderOptions options = {}) {
  auto file = FileReader::Open(kData + name);
  EXPECT_TRUE(file.ok()) << file.status().ToString();
  if (!file.ok()) return {};
  auto rows = RowReader::Open(**file, options);
  EXPECT_TRUE(rows.ok()) << rows.status().ToString();
  if (!rows.ok()) return {};
  std::vector<std::string> out;
  while (true) {
    std::string line;
    auto more = (*rows)->NextJson(&line);
    EXPECT_TRUE(more.ok()) << more.status().ToString();
    if (!more.ok() || !*more) break;
    out.push_back(line);
  }
  return out;
}

// Rows span batch (and page) boundaries: every batch size gives the same rows.
TEST(RowReader, BatchSizeDoesNotChangeRows) {
  for (const char* name : {"nested_lists.snappy.parquet", "nested_maps.snappy.parquet", "repeated_no_annotation.parquet",
                           "nested_structs.rust.parquet", "alltypes_tiny_pages.parquet"}) {
    const std::vector<std::string> want = ReadAll(name);
    ASSERT_FALSE(want.empty()) << name;
    for (int64_t batch : {1, 2, 3, 7, 100}) {
      RowReaderOptions o;
      o.batch_levels = batch;
      EXPECT_EQ(ReadAll(name, o), want) << name << " batch " << batch;
    }
  }
}

TEST(RowReader, NestedLists) {
  const std::vector<std::string> rows = ReadAll("nested_lists.snappy.parquet");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], R"({"a":[[["a","b"],["c"]],[null,["d"]]],"b":1})");
}

TEST(RowReader, ProjectionByDottedPath) {
  RowReaderOptions o;
  o.columns = {"b"};
  EXPECT_EQ(ReadAll("nested_lists.snappy.parquet", o), (std::vector<std::string>{
                                                           R"({"b":1})", R"({"b":1})", R"({"b":1})"}));
  o.columns = {"id", "string_col"};
  const std::vector<std::string> rows = ReadAll("alltypes_plain.parquet", o);
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_EQ(rows[0], R"({"id":4,"string_col":"MA=="})");  // unannotated binary: base64
}

TEST(RowReader, UnknownColumnIsInvalidArgument) {
  auto file = FileReader::Open(kData + "alltypes_plain.parquet");
  ASSERT_TRUE(file.ok());
  RowReaderOptions o;
  o.columns = {"no_such_column"};
  auto rows = RowReader::Open(**file, o);
  ASSERT_FALSE(rows.ok());
  EXPECT_EQ(rows.status().code(), StatusCode::kInvalidArgument);
}

TEST(RowReader, ValuesKeepPhysicalTypes) {
  auto file = FileReader::Open(kData + "nested_lists.snappy.parquet");
  ASSERT_TRUE(file.ok());
  auto rows = RowReader::Open(**file);
  ASSERT_TRUE(rows.ok());
  EXPECT_EQ((*rows)->field_names(), (std::vector<std::string>{"a", "b"}));
  Value row;
  int n = 0;
  while (true) {
    auto more = (*rows)->Next(&row);
    ASSERT_TRUE(more.ok()) << more.status().ToString();
    if (!*more) break;
    ++n;
    ASSERT_EQ(row.kind(), Value::Kind::kStruct);
    const Value* a = row.Find("a");
    ASSERT_NE(a, nullptr);
    ASSERT_EQ(a->kind(), Value::Kind::kList);
    ASSERT_EQ(a->size(), 2u);
    EXPECT_TRUE((*a)[1][0].is_null());
    EXPECT_EQ(row.Find("b")->int32_value(), 1);
  }
  EXPECT_EQ(n, 3);
  EXPECT_EQ((*rows)->rows_read(), 3);
}

}  // namespace
}  // namespace parq
