// DatasetColumnarReader: each batch laid out as the same rows of
// DatasetRowReader give it (tests/testing/columnar_rows.h), over files of
// drifted schemas (widened leaves, a list and a struct some files lack),
// partition columns and filters, those mixing partition and file columns too.
#include <gtest/gtest.h>

#include <algorithm>

#include "dataset/dataset_files_util.h"
#include "parq/dataset.h"
#include "parq/schema_helpers.h"
#include "testing/columnar_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::Row;
using testing::TempDir;
namespace s = parq::schema;

class DatasetColumnarTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(Schema a, s::Message({s::Int32("id"), s::Float("x").Optional(), s::Int32("d"),
                                               s::List("tags", s::String("element").Optional()).Optional()}));
    ASSERT_OK_AND_ASSIGN(Schema b, s::Message({s::Int64("id"), s::Double("x").Optional(),
                                               s::Decimal("d", 12, 2).Optional(),
                                               s::Struct("p", {s::Int32("q"), s::String("r").Optional()}).Optional()}));
    for (int f = 0; f < 6; ++f) {
      const bool is_a = f % 2 == 0;
      std::vector<Value> rows;
      for (int i = 0; i < 25; ++i) {
        const int id = f * 100 + i;
        if (is_a) {
          rows.push_back(testing::ListFileRow(id, i, {{"d", Value::Int32(-i)}}));
        } else {
          rows.push_back(Row({{"id", Value::Int64(id)},
                              {"x", Value::Double(i * 1.25)},
                              {"d", i % 3 == 0 ? Value::Null() : Value::Int64(i * 101)},
                              {"p", i % 4 == 0 ? Value::Null()
                                               : Row({{"q", Value::Int32(i)}, {"r", Value::Bytes("r")}})}}));
        }
      }
      const std::string k = f < 4 ? std::to_string(f % 3) : "__HIVE_DEFAULT_PARTITION__";
      ASSERT_OK(testing::WriteRows(dir_ / ("k=" + k + "/s=v" + std::to_string(f % 2) + "/f" + std::to_string(f) +
                                           ".parquet"),
                                   is_a ? a : b, rows, 10));
    }
  }

  // Every batch of the columnar reader against the row reader's rows.
  void ExpectSameAsRows(const DatasetScanOptions& scan, int64_t expected_rows) {
    ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string()));
    ASSERT_OK_AND_ASSIGN(auto rows_reader, DatasetRowReader::Open(*ds, scan));
    std::vector<Value> rows;
    Value row;
    while (true) {
      ASSERT_OK_AND_ASSIGN(bool more, rows_reader->Next(&row));
      if (!more) break;
      rows.push_back(row);
    }
    EXPECT_EQ(static_cast<int64_t>(rows.size()), expected_rows);
    ASSERT_OK_AND_ASSIGN(auto columns, DatasetColumnarReader::Open(*ds, scan));
    ColumnarBatch batch;
    size_t at = 0;
    while (true) {
      ASSERT_OK_AND_ASSIGN(bool more, columns->Next(&batch));
      if (!more) break;
      ASSERT_GT(batch.num_rows, 0);
      ASSERT_LE(at + static_cast<size_t>(batch.num_rows), rows.size());
      const std::vector<Value> slice(rows.begin() + static_cast<std::ptrdiff_t>(at),
                                     rows.begin() + static_cast<std::ptrdiff_t>(at + batch.num_rows));
      at += static_cast<size_t>(batch.num_rows);
      for (const ColumnarLeaf& leaf : batch.leaves) {
        EXPECT_EQ(leaf.descriptor, &ds->schema().column(leaf.column));
        testing::ExpectLeafMatchesRows(leaf, slice, rows_reader->field_names());
      }
    }
    EXPECT_EQ(at, rows.size());
    EXPECT_EQ(columns->files_pruned(), rows_reader->files_pruned());
  }

  TempDir dir_{"columnar"};
};

TEST_F(DatasetColumnarTest, BatchesEqualTheRows) {
  ExpectSameAsRows({}, 150);
  DatasetScanOptions scan;
  scan.columns = {"tags", "k", "d", "p.r"};
  ExpectSameAsRows(scan, 150);
}

TEST_F(DatasetColumnarTest, FiltersPruneFilesAndRows) {
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string()));
  DatasetScanOptions scan;
  ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter("k = 0 AND id >= 10 AND x > 2", ds->schema()));
  ExpectSameAsRows(scan, 34);
  ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter("s = 'v1' AND p.q IS NULL", ds->schema()));
  scan.columns = {"k"};
  ExpectSameAsRows(scan, 21);
}

TEST_F(DatasetColumnarTest, FiltersMixingPartitionAndFileColumns) {
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string()));
  DatasetScanOptions scan;
  // k = 0 | 1 | 2 | null (two files), s = v0 | v1; p only in the b files, tags only in the a files.
  ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAll(*ds));
  for (const char* text : {"k IS NULL OR id > 203", "NOT (k = 1 AND x > 3)",
                           "(s = 'v1' AND p.q > 20) OR (s = 'v0' AND id < 5)",
                           "k >= 1 AND (k = 2 OR x < 2) AND (NOT (s = 'v0') OR d > -3)", "k = 5 OR p.r IS NULL",
                           "(k = 1 OR k IS NULL) AND NOT (x IS NULL OR id < 110)"}) {
    SCOPED_TRACE(text);
    ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter(text, ds->schema()));
    // The rows the whole filter keeps, evaluated on every unfiltered row.
    ASSERT_OK_AND_ASSIGN(BoundFilter bound, BoundFilter::Bind(*scan.filter, ds->schema()));
    const int64_t expected = std::count_if(all.begin(), all.end(), [&](const Value& r) { return bound.Matches(r); });
    EXPECT_GT(expected, 0);
    EXPECT_LT(expected, 150);
    ExpectSameAsRows(scan, expected);
  }
  // k = 5 can never hold: with `p.r` absent from the a files (null there),
  // those files are pruned unopened.
  ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter("k = 5 OR p.r IS NOT NULL", ds->schema()));
  ASSERT_OK_AND_ASSIGN(auto reader, DatasetColumnarReader::Open(*ds, scan));
  ColumnarBatch batch;
  while (true) {
    ASSERT_OK_AND_ASSIGN(bool more, reader->Next(&batch));
    if (!more) break;
  }
  EXPECT_EQ(reader->files_pruned(), 3);
  EXPECT_EQ(reader->files_opened(), 3);
}

}  // namespace
}  // namespace parq
