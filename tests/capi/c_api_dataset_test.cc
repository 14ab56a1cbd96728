// Datasets through the C API (parq/c_api.h, "Datasets"), linked against
// libparq.so: a Hive-partitioned directory, a glob and a list of files open
// as one table with the partition column typed and valued per file; rows as
// JSON and Arrow batches projected and filtered (a partition filter prunes
// whole files); a dataset outlives its rows and streams; bad input is an
// error with a message.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "capi/c_api_test_util.h"
#include "parq/c_api.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using capi_test::Drain;
using capi_test::Lines;
using capi_test::RowsOf;
using capi_test::TempPath;

const std::string kAllTypes = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_plain.parquet";

// root/year=2023/a.parquet and root/year=2024/b.parquet, both alltypes_plain.
struct TwoYears {
  TwoYears() : dir("c_api_dataset") {
    for (const char* part : {"year=2023/a.parquet", "year=2024/b.parquet"}) {
      const fs::path p = fs::path(dir.path) / part;
      fs::create_directories(p.parent_path());
      fs::copy_file(kAllTypes, p);
    }
  }
  TempPath dir;
};

// Owns a parq_dataset for a test.
struct Dataset {
  explicit Dataset(const std::string& path, int flags = 0) {
    d = parq_dataset_open(path.c_str(), flags, error, sizeof error);
  }
  ~Dataset() { parq_dataset_close(d); }
  Dataset(const Dataset&) = delete;
  Dataset& operator=(const Dataset&) = delete;
  parq_dataset* d;
  char error[512];
};

TEST(CApiDatasetTest, HivePartitionsAreTypedColumns) {
  TwoYears data;
  Dataset ds(data.dir.path);
  ASSERT_NE(ds.d, nullptr) << ds.error;
  int64_t n = 0;
  ASSERT_EQ(parq_dataset_num_rows(ds.d, &n), PARQ_OK);
  EXPECT_EQ(n, 16);
  ASSERT_EQ(parq_dataset_num_files(ds.d, &n), PARQ_OK);
  EXPECT_EQ(n, 2);
  const char* path = nullptr;
  int64_t rows = 0;
  ASSERT_EQ(parq_dataset_file(ds.d, 1, &path, &rows), PARQ_OK);
  EXPECT_EQ(fs::path(path).filename(), "b.parquet");
  EXPECT_EQ(rows, 8);
  const char* text = nullptr;
  ASSERT_EQ(parq_dataset_schema(ds.d, &text), PARQ_OK);
  EXPECT_NE(std::string(text).find("  optional int64 year;\n}"), std::string::npos) << text;
  ASSERT_EQ(parq_dataset_num_partition_columns(ds.d, &n), PARQ_OK);
  EXPECT_EQ(n, 1);
  const char *name = nullptr, *type = nullptr, *value = nullptr;
  ASSERT_EQ(parq_dataset_partition_column(ds.d, 0, &name, &type), PARQ_OK);
  EXPECT_STREQ(name, "year");
  EXPECT_STREQ(type, "int64");
  ASSERT_EQ(parq_dataset_partition_value(ds.d, 0, 0, &value), PARQ_OK);
  EXPECT_STREQ(value, "2023");
  ASSERT_EQ(parq_dataset_partition_value(ds.d, 1, 0, &value), PARQ_OK);
  EXPECT_STREQ(value, "2024");

  // Without Hive partitioning: no partition column.
  Dataset plain(data.dir.path, PARQ_DATASET_NO_HIVE);
  ASSERT_NE(plain.d, nullptr) << plain.error;
  ASSERT_EQ(parq_dataset_num_partition_columns(plain.d, &n), PARQ_OK);
  EXPECT_EQ(n, 0);
}

TEST(CApiDatasetTest, RowsAreEveryFilesRowsWithItsPartition) {
  TwoYears data;
  Dataset ds(data.dir.path + "/**/*.parquet");  // a glob
  ASSERT_NE(ds.d, nullptr) << ds.error;
  std::vector<std::string> expected;
  for (const char* year : {"2023", "2024"}) {
    for (std::string line : RowsOf(kAllTypes, "id")) {
      line.pop_back();  // the closing brace
      expected.push_back(line + ",\"year\":" + year + "}");
    }
  }
  EXPECT_EQ(Lines(parq_dataset_rows_open(ds.d, "id,year", nullptr), parq_dataset_last_error(ds.d)), expected);

  parq_filter* filter = parq_dataset_filter_parse(ds.d, "year = 2024 AND id < 2");
  ASSERT_NE(filter, nullptr) << parq_dataset_last_error(ds.d);
  EXPECT_EQ(Lines(parq_dataset_rows_open(ds.d, "id,year", filter), parq_dataset_last_error(ds.d)),
            (std::vector<std::string>{R"({"id":0,"year":2024})", R"({"id":1,"year":2024})"}));
  parq_filter_free(filter);
}

TEST(CApiDatasetTest, ArrowStreamHasTheUnifiedColumns) {
  TwoYears data;
  Dataset ds(data.dir.path);
  ASSERT_NE(ds.d, nullptr) << ds.error;
  ArrowArrayStream stream;
  ASSERT_EQ(parq_dataset_to_arrow(ds.d, "id,string_col,year", nullptr, 3, &stream), PARQ_OK)
      << parq_dataset_last_error(ds.d);
  ArrowSchema schema;
  ASSERT_EQ(stream.get_schema(&stream, &schema), 0);
  ASSERT_EQ(schema.n_children, 3);
  EXPECT_STREQ(schema.children[0]->format, "i");
  EXPECT_STREQ(schema.children[2]->name, "year");
  EXPECT_STREQ(schema.children[2]->format, "l");
  schema.release(&schema);
  std::vector<int64_t> years;
  ArrowArray batch;
  while (stream.get_next(&stream, &batch) == 0 && batch.release != nullptr) {
    EXPECT_LE(batch.length, 3);
    const ArrowArray* year = batch.children[2];
    const auto* values = static_cast<const int64_t*>(year->buffers[1]);
    for (int64_t i = 0; i < year->length; ++i) years.push_back(values[year->offset + i]);
    batch.release(&batch);
  }
  stream.release(&stream);
  ASSERT_EQ(years.size(), 16u);
  EXPECT_EQ(std::count(years.begin(), years.end(), 2023), 8);
  EXPECT_EQ(std::count(years.begin(), years.end(), 2024), 8);

  // Filtered, and outliving the dataset handle.
  parq_filter* filter = parq_dataset_filter_parse(ds.d, "year = 2023 AND id >= 4");
  ASSERT_NE(filter, nullptr) << parq_dataset_last_error(ds.d);
  ASSERT_EQ(parq_dataset_to_arrow(ds.d, "id", filter, 0, &stream), PARQ_OK) << parq_dataset_last_error(ds.d);
  parq_filter_free(filter);
  parq_dataset_close(ds.d);
  ds.d = nullptr;
  int64_t children = 0;
  EXPECT_EQ(Drain(&stream, &children), std::vector<int64_t>{4});
  EXPECT_EQ(children, 1);
}

TEST(CApiDatasetTest, ListOfFiles) {
  TwoYears data;
  const std::string a = data.dir.path + "/year=2023/a.parquet", b = data.dir.path + "/year=2024/b.parquet";
  const char* paths[] = {b.c_str(), a.c_str()};
  char error[256];
  parq_dataset* ds = parq_dataset_open_files(paths, 2, 0, error, sizeof error);
  ASSERT_NE(ds, nullptr) << error;
  const char* path = nullptr;
  ASSERT_EQ(parq_dataset_file(ds, 0, &path, nullptr), PARQ_OK);
  EXPECT_EQ(std::string(path), b);  // in the order given
  parq_dataset_close(ds);
}

// The rows of file `path` alone that `filter_text` (parsed against it; NULL:
// none) selects, as JSON lines.
std::vector<std::string> FileRows(const std::string& path, const char* filter_text) {
  if (filter_text != nullptr && *filter_text == '\0') filter_text = nullptr;
  char error[512];
  parq_reader* reader = parq_reader_open(path.c_str(), error, sizeof error);
  EXPECT_NE(reader, nullptr) << error;
  if (reader == nullptr) return {};
  parq_filter* filter = filter_text == nullptr ? nullptr : parq_filter_parse(reader, filter_text);
  EXPECT_TRUE(filter_text == nullptr || filter != nullptr) << parq_reader_last_error(reader);
  std::vector<std::string> out =
      Lines(parq_rows_open_filtered(reader, "id", filter), parq_reader_last_error(reader));
  parq_filter_free(filter);
  parq_reader_close(reader);
  return out;
}

// File `file`'s share of filter `text` (parq_dataset_file_filter): "pruned",
// "" when no filter is left, else the filter's text.
std::string FileShare(parq_dataset* ds, const char* text, int64_t file) {
  parq_filter* filter = parq_dataset_filter_parse(ds, text);
  EXPECT_NE(filter, nullptr) << parq_dataset_last_error(ds);
  int pruned = -1;
  parq_filter* out = filter;  // overwritten
  EXPECT_EQ(parq_dataset_file_filter(ds, filter, file, &pruned, &out), PARQ_OK) << parq_dataset_last_error(ds);
  parq_filter_free(filter);
  EXPECT_TRUE(pruned == 0 || out == nullptr);
  const std::string share = pruned == 1 ? "pruned" : parq_filter_text(out);  // "" for NULL
  parq_filter_free(out);
  return share;
}

TEST(CApiDatasetTest, FileFilterDecidesThePartitionColumnsByPath) {
  TwoYears data;
  Dataset ds(data.dir.path);
  ASSERT_NE(ds.d, nullptr) << ds.error;
  const char* b = nullptr;
  int64_t rows = 0;
  ASSERT_EQ(parq_dataset_file(ds.d, 1, &b, &rows), PARQ_OK);
  const std::string b_path = b;

  // year = 2024 AND id < 2: a.parquet (2023) pruned; b.parquet reads `id < 2`.
  EXPECT_EQ(FileShare(ds.d, "year = 2024 AND id < 2", 0), "pruned");
  EXPECT_EQ(FileRows(b_path, FileShare(ds.d, "year = 2024 AND id < 2", 1).c_str()),
            (std::vector<std::string>{R"({"id":0})", R"({"id":1})"}));
  // year = 2023 OR id = 7: every row of a.parquet (no filter left), b.parquet's id = 7.
  EXPECT_EQ(FileShare(ds.d, "year = 2023 OR id = 7", 0), "");
  EXPECT_EQ(FileRows(b_path, FileShare(ds.d, "year = 2023 OR id = 7", 1).c_str()),
            (std::vector<std::string>{R"({"id":7})"}));

  parq_filter* filter = parq_dataset_filter_parse(ds.d, "id = 7");
  ASSERT_NE(filter, nullptr) << parq_dataset_last_error(ds.d);
  int pruned = -1;
  parq_filter* out = nullptr;
  EXPECT_EQ(parq_dataset_file_filter(ds.d, filter, 2, &pruned, &out), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_dataset_last_error(ds.d),
               "Invalid argument: parq_dataset_file_filter: file 2 out of range: the dataset has 2");
  EXPECT_EQ(parq_dataset_file_filter(ds.d, nullptr, 0, &pruned, &out), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_dataset_file_filter(nullptr, filter, 0, &pruned, &out), PARQ_ERROR_INVALID_ARGUMENT);
  parq_filter_free(filter);
}

TEST(CApiDatasetTest, Errors) {
  char error[512] = "untouched";
  EXPECT_EQ(parq_dataset_open("/no/such/dir/anywhere", 0, error, sizeof error), nullptr);
  EXPECT_NE(std::string(error).find("/no/such/dir/anywhere"), std::string::npos) << error;
  EXPECT_EQ(parq_dataset_open(nullptr, 0, error, sizeof error), nullptr);
  EXPECT_STREQ(error, "Invalid argument: parq_dataset_open: path_or_glob is NULL");
  const char* paths[] = {nullptr};
  EXPECT_EQ(parq_dataset_open_files(paths, 1, 0, error, sizeof error), nullptr);
  EXPECT_STREQ(error, "Invalid argument: parq_dataset_open_files: a path is NULL");

  int64_t n = 0;
  EXPECT_EQ(parq_dataset_num_rows(nullptr, &n), PARQ_ERROR_INVALID_ARGUMENT);
  TwoYears data;
  Dataset ds(data.dir.path);
  ASSERT_NE(ds.d, nullptr) << ds.error;
  const char* path = nullptr;
  EXPECT_EQ(parq_dataset_file(ds.d, 2, &path, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_dataset_last_error(ds.d), "Invalid argument: parq_dataset_file: file 2 out of range: the dataset has 2");
  EXPECT_EQ(parq_dataset_filter_parse(ds.d, "nope = 1"), nullptr);
  EXPECT_NE(std::string(parq_dataset_last_error(ds.d)).find("nope"), std::string::npos);
  EXPECT_EQ(parq_dataset_rows_open(ds.d, "nope", nullptr), nullptr);
  EXPECT_NE(std::string(parq_dataset_last_error(ds.d)).find("nope"), std::string::npos);
  ArrowArrayStream stream;
  stream.release = nullptr;
  EXPECT_EQ(parq_dataset_to_arrow(ds.d, "nope", nullptr, 0, &stream), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(stream.release, nullptr);
}

}  // namespace
}  // namespace parq
