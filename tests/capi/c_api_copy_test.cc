// Raw copies through the C API (parq/c_api.h, "Raw copies"):
// parq_merge_files concatenates files of one schema, parq_prune_columns
// drops fields; other schemas, unknown fields and NULLs are errors that
// leave no file.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "capi/c_api_test_util.h"
#include "parq/c_api.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using capi_test::Reader;
using capi_test::RowsOf;
using capi_test::TempPath;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";
const std::string kAllTypes = kData + "alltypes_plain.parquet";
const std::string kSnappy = kData + "alltypes_plain.snappy.parquet";

TEST(CApiCopyTest, MergesFilesOfOneSchema) {
  TempPath out("capi_merged.parquet");
  const char* inputs[] = {kAllTypes.c_str(), kSnappy.c_str()};
  char error[512] = "";
  ASSERT_EQ(parq_merge_files(inputs, 2, out.path.c_str(), "codec=zstd", error, sizeof error), PARQ_OK) << error;
  std::vector<std::string> expected = RowsOf(kAllTypes);
  const std::vector<std::string> second = RowsOf(kSnappy);
  expected.insert(expected.end(), second.begin(), second.end());
  EXPECT_EQ(RowsOf(out.path), expected);
  Reader merged(out.path);
  int64_t groups = 0;
  ASSERT_EQ(parq_reader_num_row_groups(merged.r, &groups), PARQ_OK);
  EXPECT_EQ(groups, 2);
}

TEST(CApiCopyTest, MergeErrors) {
  TempPath out("capi_merged_bad.parquet");
  const std::string nested = kData + "nested_lists.snappy.parquet";
  const char* inputs[] = {kAllTypes.c_str(), nested.c_str()};
  char error[512];
  EXPECT_EQ(parq_merge_files(inputs, 2, out.path.c_str(), nullptr, error, sizeof error), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(error).find("has another schema than"), std::string::npos) << error;
  EXPECT_EQ(parq_merge_files(nullptr, 1, out.path.c_str(), nullptr, error, sizeof error), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(error, "Invalid argument: parq_merge_files: inputs is NULL");
  EXPECT_EQ(parq_merge_files(inputs, 0, out.path.c_str(), nullptr, error, sizeof error), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(error, "Invalid argument: parq_merge_files: no inputs");
  const char* with_null[] = {kAllTypes.c_str(), nullptr};
  EXPECT_EQ(parq_merge_files(with_null, 2, out.path.c_str(), nullptr, error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(error, "Invalid argument: parq_merge_files: inputs[1] is NULL");
  EXPECT_EQ(parq_merge_files(inputs, 1, nullptr, nullptr, error, sizeof error), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_merge_files(inputs, 1, out.path.c_str(), "level=x", error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  const char* missing[] = {"/nonexistent/a.parquet"};
  EXPECT_EQ(parq_merge_files(missing, 1, out.path.c_str(), nullptr, error, sizeof error), PARQ_ERROR_IO);
  EXPECT_FALSE(fs::exists(out.path));
}

TEST(CApiCopyTest, PrunesColumns) {
  TempPath out("capi_pruned.parquet");
  char error[512] = "";
  ASSERT_EQ(parq_prune_columns(kAllTypes.c_str(), out.path.c_str(), "string_col,timestamp_col", nullptr, error,
                               sizeof error),
            PARQ_OK)
      << error;
  const char* kept = "id,bool_col,tinyint_col,smallint_col,int_col,bigint_col,float_col,double_col,date_string_col";
  EXPECT_EQ(RowsOf(out.path), RowsOf(kAllTypes, kept));
  Reader pruned(out.path);
  int64_t columns = 0;
  ASSERT_EQ(parq_reader_num_columns(pruned.r, &columns), PARQ_OK);
  EXPECT_EQ(columns, 9);
}

TEST(CApiCopyTest, PruneErrors) {
  TempPath out("capi_pruned_bad.parquet");
  char error[512];
  EXPECT_EQ(parq_prune_columns(kAllTypes.c_str(), out.path.c_str(), "strng_col", nullptr, error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(error).find("near names: string_col"), std::string::npos) << error;
  EXPECT_EQ(parq_prune_columns(kAllTypes.c_str(), out.path.c_str(), ",", nullptr, error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(error, "Invalid argument: parq_prune_columns: drop names no field");
  EXPECT_EQ(parq_prune_columns(kAllTypes.c_str(), out.path.c_str(), nullptr, nullptr, error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_prune_columns(nullptr, out.path.c_str(), "id", nullptr, error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_prune_columns(kAllTypes.c_str(), nullptr, "id", nullptr, error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_FALSE(fs::exists(out.path));
}

}  // namespace
}  // namespace parq
