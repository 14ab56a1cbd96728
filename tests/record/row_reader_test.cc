// RowReader over real files from ../shared/parquet-testing: streaming with
// tiny batches gives the same rows as big ones, projection, Values, errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "format/footer.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
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

// A chunk whose one page holds more entries than its metadata's num_values:
// the cursor asks for the promised entries, then meets the rest in small
// batches, and the rows are those of the page (the row group's count).
TEST(RowReaderTest, ChunkHoldingMoreEntriesThanItsMetadataSays) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int32 x; }"));
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(std::move(sink), schema));
  const int32_t xs[] = {10, 11, 12, 13, 14};
  ASSERT_OK_AND_ASSIGN(auto* column, writer->typed_column<int32_t>(0));
  ASSERT_OK(column->WriteBatch(5, nullptr, nullptr, xs));
  ASSERT_OK(writer->Close());
  const std::string bytes = out->Take();
  // The same file with the chunk's num_values cut to 2.
  auto original = OpenMemory(bytes);
  ASSERT_OK_AND_ASSIGN(format::Footer footer, format::ReadFooter(*original, ReaderOptions{}));
  format::FileMetaData md = *footer.metadata;  // an editable copy
  md.row_groups[0].columns[0].meta_data->num_values = 2;
  MemoryOutputStream edited;
  ASSERT_OK(edited.Write(bytes.data(), footer.offset));
  ASSERT_OK(format::WriteFooter(md, &edited));
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(edited.Take()))));
  ASSERT_EQ(file->metadata().row_group(0).column(0).num_values(), 2);
  for (int64_t batch : {1, 2, 4096}) {
    RowReaderOptions o;
    o.batch_levels = batch;
    ASSERT_OK_AND_ASSIGN(auto rows, JsonRowReader::Open(*file, o));
    std::vector<std::string> got;
    std::string line;
    while (true) {
      line.clear();
      ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&line));
      if (!more) break;
      got.push_back(line);
    }
    EXPECT_EQ(got, (std::vector<std::string>{R"({"x":10})", R"({"x":11})", R"({"x":12})", R"({"x":13})",
                                             R"({"x":14})"}))
        << "batch " << batch;
  }
}

}  // namespace
}  // namespace parq
