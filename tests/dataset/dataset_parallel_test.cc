// Dataset readers on a pool (DatasetScanOptions::thread_pool / threads): the
// next file opened ahead, each file read by its RowReader / ColumnarReader
// on the pool.  The rows, batches and file counts are those of one thread,
// in the same order.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dataset/dataset_files_util.h"
#include "parq/dataset.h"
#include "parq/schema_helpers.h"
#include "parq/thread_pool.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::Row;
using testing::TempDir;
namespace s = parq::schema;

class DatasetParallelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(Schema a, s::Message({s::Int32("id"), s::String("name").Optional(),
                                               s::List("tags", s::Int64("element")).Optional()}));
    ASSERT_OK_AND_ASSIGN(Schema b, s::Message({s::Int64("id"), s::String("name").Optional()}));
    for (int f = 0; f < 12; ++f) {
      std::vector<Value> rows;
      for (int i = 0; i < 45; ++i) {
        const int id = f * 1000 + i;
        Value tags = Value::List();
        for (int k = 0; k < i % 3; ++k) tags.Append(Value::Int64(id * 10 + k));
        if (f % 3 == 2) {
          rows.push_back(Row({{"id", Value::Int64(id)}, {"name", Value::Bytes("b" + std::to_string(id))}}));
        } else {
          rows.push_back(Row({{"id", Value::Int32(id)},
                              {"name", i % 5 == 0 ? Value::Null() : Value::Bytes("n" + std::to_string(id))},
                              {"tags", i % 7 == 0 ? Value::Null() : tags}}));
        }
      }
      const std::string path = dir_ / ("part=" + std::to_string(f % 4) + "/f" + std::to_string(10 + f) + ".parquet");
      ASSERT_OK(testing::WriteRows(path, f % 3 == 2 ? b : a, f == 5 ? std::vector<Value>{} : rows, 10));
    }
  }

  static std::vector<std::string> Rows(const Dataset& ds, DatasetScanOptions scan) {
    std::vector<std::string> out;
    int64_t opened = 0, pruned = 0;
    Result<std::vector<Value>> rows = testing::ReadAll(ds, scan, &opened, &pruned);
    if (!rows.ok()) return {rows.status().ToString()};
    for (const Value& v : *rows) out.push_back(v.DebugString());
    out.push_back("opened " + std::to_string(opened) + " pruned " + std::to_string(pruned));
    return out;
  }

  static std::vector<std::string> Batches(const Dataset& ds, DatasetScanOptions scan) {
    std::vector<std::string> out;
    Result<std::unique_ptr<DatasetColumnarReader>> reader = DatasetColumnarReader::Open(ds, scan);
    if (!reader.ok()) return {reader.status().ToString()};
    ColumnarBatch batch;
    while (true) {
      Result<bool> more = (*reader)->Next(&batch);
      if (!more.ok()) {
        out.push_back(more.status().ToString());
        break;
      }
      if (!*more) break;
      std::string text = std::to_string(batch.num_rows);
      for (const ColumnarLeaf& l : batch.leaves) {
        text += "|" + std::to_string(l.column) + ":" + std::string(l.values.begin(), l.values.end()) + ":" +
                std::string(l.data.begin(), l.data.end()) + ":" + std::to_string(l.leaf().null_count);
        for (const ColumnarNode& n : l.path) {
          text += "/" + std::string(n.validity.begin(), n.validity.end());
          for (int64_t o : n.offsets) text += "," + std::to_string(o);
        }
      }
      out.push_back(std::move(text));
    }
    out.push_back("opened " + std::to_string((*reader)->files_opened()) + " pruned " +
                  std::to_string((*reader)->files_pruned()));
    return out;
  }

  TempDir dir_{"dataset_parallel"};
};

TEST_F(DatasetParallelTest, RowsAndBatchesTheSameOnOneTwoAndFourThreads) {
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string()));
  ASSERT_OK_AND_ASSIGN(Filter where, ParseFilter("part != 1 AND id >= 3020", ds->schema()));
  std::vector<DatasetScanOptions> scans(3);
  scans[1].columns = {"name", "part"};
  scans[2].filter = where;
  for (const DatasetScanOptions& base : scans) {
    const std::vector<std::string> rows = Rows(*ds, base);
    ASSERT_GT(rows.size(), 100u);
    const std::vector<std::string> batches = Batches(*ds, base);
    for (int threads : {2, 4}) {
      DatasetScanOptions scan = base;
      scan.threads = threads;
      EXPECT_EQ(Rows(*ds, scan), rows) << threads;
      EXPECT_EQ(Batches(*ds, scan), batches) << threads;
    }
  }
}

TEST_F(DatasetParallelTest, ACallerOwnedPoolSharedByTwoReaders) {
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string()));
  ASSERT_OK_AND_ASSIGN(std::shared_ptr<ThreadPool> pool, ThreadPool::Make(2));
  DatasetScanOptions scan;
  scan.thread_pool = pool;
  // Both readers open at once, read in turns: the pool runs both read-aheads.
  ASSERT_OK_AND_ASSIGN(auto rows, DatasetRowReader::Open(*ds, scan));
  ASSERT_OK_AND_ASSIGN(auto columns, DatasetColumnarReader::Open(*ds, scan));
  int64_t n_rows = 0, n_batch_rows = 0;
  Value row;
  ColumnarBatch batch;
  bool more_rows = true, more_batches = true;
  while (more_rows || more_batches) {
    if (more_rows) {
      ASSERT_OK_AND_ASSIGN(more_rows, rows->Next(&row));
      n_rows += more_rows ? 1 : 0;
    }
    if (more_batches) {
      ASSERT_OK_AND_ASSIGN(more_batches, columns->Next(&batch));
      n_batch_rows += more_batches ? batch.num_rows : 0;
    }
  }
  EXPECT_EQ(n_rows, 11 * 45);
  EXPECT_EQ(n_batch_rows, 11 * 45);
}

}  // namespace
}  // namespace parq
