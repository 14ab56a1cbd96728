// Splits through the C API (parq/c_api.h, "Splits"), linked against
// libparq.so: parq_reader_splits cuts a file of several row groups into
// ranges that cover it, and the rows and Arrow batches read range by range
// (parq's splits, or an engine's own fixed-size blocks) are every row of the
// file exactly once; bad arguments are errors with a message.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "capi/c_api_test_util.h"
#include "parq/c_api.h"

namespace parq {
namespace {

using capi_test::Drain;
using capi_test::Lines;
using capi_test::Reader;
using capi_test::RowsOf;
using capi_test::TempPath;

const std::string kAllTypes = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_plain.parquet";

// alltypes_plain (8 rows) rewritten in row groups of 2 rows: 4 row groups.
void WriteFourRowGroups(const std::string& path) {
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow(reader.r, nullptr, 0, &stream), PARQ_OK);
  char error[256];
  ASSERT_EQ(parq_write_arrow(path.c_str(), &stream, "row_group_rows=2", error, sizeof error), PARQ_OK) << error;
}

// The rows of byte range [offset, offset + length), as JSON.
std::vector<std::string> RangeRows(parq_reader* r, int64_t offset, int64_t length, const parq_filter* filter = nullptr) {
  return Lines(parq_rows_open_range(r, "id,string_col", filter, offset, length), parq_reader_last_error(r));
}

TEST(CApiSplitsTest, SplitsCoverTheFileAndReadEveryRowOnce) {
  TempPath file("c_api_splits.parquet");
  WriteFourRowGroups(file.path);
  const int64_t size = static_cast<int64_t>(std::filesystem::file_size(file.path));
  Reader reader(file.path);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  int64_t count = 0;
  ASSERT_EQ(parq_reader_splits(reader.r, 1, &count), PARQ_OK) << parq_reader_last_error(reader.r);
  EXPECT_EQ(count, 4);  // one row group each
  std::vector<std::string> rows;
  int64_t next = 0, total = 0, batches_rows = 0;
  for (int64_t i = 0; i < count; ++i) {
    int64_t offset = -1, length = -1, num_rows = -1;
    ASSERT_EQ(parq_reader_split(reader.r, i, &offset, &length, &num_rows), PARQ_OK);
    EXPECT_EQ(offset, next);  // contiguous, no overlap
    next = offset + length;
    total += num_rows;
    std::vector<std::string> part = RangeRows(reader.r, offset, length);
    EXPECT_EQ(static_cast<int64_t>(part.size()), num_rows);
    rows.insert(rows.end(), part.begin(), part.end());
    ArrowArrayStream stream;
    ASSERT_EQ(parq_reader_to_arrow_range(reader.r, "id", nullptr, offset, length, 0, 0, &stream), PARQ_OK);
    int64_t children = 0;
    for (int64_t n : Drain(&stream, &children)) batches_rows += n;
    EXPECT_EQ(children, 1);
  }
  EXPECT_EQ(next, size);
  EXPECT_EQ(total, 8);
  EXPECT_EQ(batches_rows, 8);
  EXPECT_EQ(rows, RowsOf(file.path, "id,string_col"));
  // A large target: one split of the whole file.
  ASSERT_EQ(parq_reader_splits(reader.r, int64_t{1} << 40, &count), PARQ_OK);
  EXPECT_EQ(count, 1);
}

TEST(CApiSplitsTest, FixedSizeBlocksReadEveryRowOnce) {
  TempPath file("c_api_blocks.parquet");
  WriteFourRowGroups(file.path);
  const int64_t size = static_cast<int64_t>(std::filesystem::file_size(file.path));
  Reader reader(file.path);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  for (int64_t block : {int64_t{7}, int64_t{100}, int64_t{333}, size}) {
    std::vector<std::string> rows;
    int64_t empty_ranges = 0;
    for (int64_t offset = 0; offset < size; offset += block) {
      std::vector<std::string> part = RangeRows(reader.r, offset, block);
      if (part.empty()) ++empty_ranges;
      rows.insert(rows.end(), part.begin(), part.end());
    }
    EXPECT_EQ(rows, RowsOf(file.path, "id,string_col")) << "block " << block;
    if (block == 7) {
      EXPECT_GT(empty_ranges, 0);  // ranges too small to hold a midpoint
    }
  }
}

TEST(CApiSplitsTest, RangeWithoutRowGroupsStreamsTheSchemaAndNoBatch) {
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow_range(reader.r, "id,bool_col", nullptr, 0, 4, 0, 0, &stream), PARQ_OK)
      << parq_reader_last_error(reader.r);
  int64_t children = 0;
  EXPECT_EQ(Drain(&stream, &children), std::vector<int64_t>{});
  EXPECT_EQ(children, 2);
  EXPECT_EQ(RangeRows(reader.r, 0, 4), std::vector<std::string>{});
}

TEST(CApiSplitsTest, DictionaryArrays) {
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow_range(reader.r, "id,string_col", nullptr, 0, INT64_MAX, 0, PARQ_ARROW_DICTIONARY,
                                       &stream),
            PARQ_OK)
      << parq_reader_last_error(reader.r);
  ArrowSchema schema;
  ASSERT_EQ(stream.get_schema(&stream, &schema), 0);
  EXPECT_STREQ(schema.children[0]->format, "i");
  EXPECT_EQ(schema.children[0]->dictionary, nullptr);
  EXPECT_STREQ(schema.children[1]->format, "i");  // int32 indices ...
  ASSERT_NE(schema.children[1]->dictionary, nullptr);
  EXPECT_STREQ(schema.children[1]->dictionary->format, "z");  // ... into binary values
  schema.release(&schema);
  ArrowArray batch;
  ASSERT_EQ(stream.get_next(&stream, &batch), 0);
  ASSERT_NE(batch.release, nullptr);
  EXPECT_EQ(batch.length, 8);
  ASSERT_NE(batch.children[1]->dictionary, nullptr);
  EXPECT_EQ(batch.children[1]->dictionary->length, 2);  // "0" and "1"
  batch.release(&batch);
  stream.release(&stream);
}

// PARQ_ARROW_ONE_BATCH: the four row groups in one batch (a range of two
// of them: those two); PARQ_ARROW_DECIMAL64: an INT64 DECIMAL as decimal64.
TEST(CApiSplitsTest, OneBatchAndDecimal64) {
  TempPath file("c_api_one_batch.parquet");
  WriteFourRowGroups(file.path);
  Reader reader(file.path);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  const int flags = PARQ_ARROW_ONE_BATCH | PARQ_ARROW_DICTIONARY;
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow_range(reader.r, "id,string_col", nullptr, 0, INT64_MAX, 0, flags, &stream), PARQ_OK)
      << parq_reader_last_error(reader.r);
  int64_t children = 0;
  EXPECT_EQ(Drain(&stream, &children), std::vector<int64_t>{8});
  EXPECT_EQ(children, 2);
  int64_t offset = -1, length = -1;
  ASSERT_EQ(parq_reader_splits(reader.r, 1, &children), PARQ_OK);
  ASSERT_EQ(parq_reader_split(reader.r, 1, &offset, &length, nullptr), PARQ_OK);
  int64_t second = -1, second_length = -1;
  ASSERT_EQ(parq_reader_split(reader.r, 2, &second, &second_length, nullptr), PARQ_OK);
  ASSERT_EQ(parq_reader_to_arrow_range(reader.r, "id", nullptr, offset, second + second_length - offset, 0, flags,
                                       &stream),
            PARQ_OK);
  EXPECT_EQ(Drain(&stream, &children), std::vector<int64_t>{4});

  Reader decimals(std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/int64_decimal.parquet");
  ASSERT_NE(decimals.r, nullptr) << decimals.error;
  ASSERT_EQ(parq_reader_to_arrow_range(decimals.r, nullptr, nullptr, 0, INT64_MAX, 0, PARQ_ARROW_DECIMAL64, &stream),
            PARQ_OK);
  ArrowSchema schema;
  ASSERT_EQ(stream.get_schema(&stream, &schema), 0);
  EXPECT_STREQ(schema.children[0]->format, "d:10,2,64");
  schema.release(&schema);
  stream.release(&stream);
}

TEST(CApiSplitsTest, FilteredRange) {
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  parq_filter* filter = parq_filter_parse(reader.r, "id >= 6");
  ASSERT_NE(filter, nullptr) << parq_reader_last_error(reader.r);
  EXPECT_EQ(RangeRows(reader.r, 0, int64_t{1} << 30, filter),
            (std::vector<std::string>{R"({"id":6,"string_col":"MA=="})", R"({"id":7,"string_col":"MQ=="})"}));
  parq_filter_free(filter);
}

TEST(CApiSplitsTest, Errors) {
  int64_t count = 0, offset = 0, length = 0;
  EXPECT_EQ(parq_reader_splits(nullptr, 1, &count), PARQ_ERROR_INVALID_ARGUMENT);
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  EXPECT_EQ(parq_reader_split(reader.r, 0, &offset, &length, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_reader_last_error(reader.r),
               "Invalid argument: parq_reader_split: split 0 out of range: parq_reader_splits made 0");
  EXPECT_EQ(parq_reader_splits(reader.r, 0, &count), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_reader_last_error(reader.r), "Invalid argument: splits: the target size must be at least 1 byte");
  EXPECT_EQ(parq_reader_splits(reader.r, 1, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_rows_open_range(reader.r, nullptr, nullptr, -1, 10), nullptr);
  EXPECT_STREQ(parq_reader_last_error(reader.r),
               "Invalid argument: parq_rows_open_range: byte range [-1, +10) has a negative offset or length");
  ArrowArrayStream stream;
  stream.release = nullptr;
  EXPECT_EQ(parq_reader_to_arrow_range(reader.r, nullptr, nullptr, 0, -1, 0, 0, &stream), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_to_arrow_range(reader.r, "nope", nullptr, 0, 4, 0, 0, &stream), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(parq_reader_last_error(reader.r)).find("nope"), std::string::npos);
  EXPECT_EQ(parq_reader_to_arrow_range(reader.r, nullptr, nullptr, 0, 4, 0, 8, &stream), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_reader_last_error(reader.r), "Invalid argument: parq_reader_to_arrow_range: unknown flags 8");
  EXPECT_EQ(stream.release, nullptr);  // untouched
}

}  // namespace
}  // namespace parq
