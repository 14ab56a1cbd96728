// RowReader over real files from ../shared/parquet-testing: streaming with
// tiny batches gives the same rows as big ones, projection, Values, errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

// Every row as text (JsonRowReader runs the same RowCursor as RowReader).
Result<std::vector<std::string>> ReadAll(const std::string& name, RowReaderOptions options = {}) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(kData + name));
  PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(*file, options));
  std::vector<std::string> out;
  while (true) {
    std::string line;
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&line));
    if (!more) return out;
    out.push_back(line);
  }
}

// Rows span batch (and page) boundaries: every batch size gives the same
// rows.  Between them the files hold every physical type (FLBA in the
// decimal file, INT96 in the Spark one), each read by its own typed path.
TEST(RowReaderTest, BatchSizeDoesNotChangeRows) {
  for (const char* name : {"nested_lists.snappy.parquet", "nested_maps.snappy.parquet", "repeated_no_annotation.parquet",
                           "nested_structs.rust.parquet", "alltypes_tiny_pages.parquet",
                           "fixed_length_decimal.parquet", "int96_from_spark.parquet"}) {
    ASSERT_OK_AND_ASSIGN(const std::vector<std::string> want, ReadAll(name));
    ASSERT_FALSE(want.empty()) << name;
    for (int64_t batch : {1, 2, 3, 7, 100}) {
      RowReaderOptions o;
      o.batch_levels = batch;
      ASSERT_OK_AND_ASSIGN(const std::vector<std::string> got, ReadAll(name, o));
      EXPECT_EQ(got, want) << name << " batch " << batch;
    }
  }
}

TEST(RowReaderTest, NestedLists) {
  ASSERT_OK_AND_ASSIGN(const std::vector<std::string> rows, ReadAll("nested_lists.snappy.parquet"));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], R"({"a":[[["a","b"],["c"]],[null,["d"]]],"b":1})");
}

TEST(RowReaderTest, ProjectionByDottedPath) {
  RowReaderOptions o;
  o.columns = {"b"};
  ASSERT_OK_AND_ASSIGN(const std::vector<std::string> b, ReadAll("nested_lists.snappy.parquet", o));
  EXPECT_EQ(b, (std::vector<std::string>{R"({"b":1})", R"({"b":1})", R"({"b":1})"}));
  o.columns = {"id", "string_col"};
  ASSERT_OK_AND_ASSIGN(const std::vector<std::string> rows, ReadAll("alltypes_plain.parquet", o));
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_EQ(rows[0], R"({"id":4,"string_col":"MA=="})");  // unannotated binary: base64
}

TEST(RowReaderTest, UnknownColumnIsInvalidArgument) {
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(kData + "alltypes_plain.parquet"));
  RowReaderOptions o;
  o.columns = {"no_such_column"};
  EXPECT_STATUS(RowReader::Open(*file, o), StatusCode::kInvalidArgument);
  EXPECT_STATUS(JsonRowReader::Open(*file, o), StatusCode::kInvalidArgument);
}

TEST(RowReaderTest, ValuesKeepPhysicalTypes) {
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(kData + "nested_lists.snappy.parquet"));
  ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*file));
  EXPECT_EQ(rows->field_names(), (std::vector<std::string>{"a", "b"}));
  Value row;
  int n = 0;
  while (true) {
    ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
    if (!more) break;
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
  EXPECT_EQ(rows->rows_read(), 3);
}

}  // namespace
}  // namespace parq
