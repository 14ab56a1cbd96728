// A Dataset as an Arrow stream (parq/dataset_arrow.h): its schema is the
// unified one (widened columns, typed partition columns), and its batches,
// written to a Parquet file by WriteArrowStream and read back, are the rows
// DatasetRowReader gives — with projections, filters (those mixing partition
// and file columns too) and small batches.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dataset/dataset_files_util.h"
#include "parq/arrow_writer.h"
#include "parq/dataset.h"
#include "parq/dataset_arrow.h"
#include "parq/schema_helpers.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::Row;
using testing::TempDir;
namespace s = parq::schema;

// "name:format" of each child of a struct schema, comma-separated.
std::string ChildFormats(const ArrowSchema& schema) {
  std::string out;
  for (int64_t i = 0; i < schema.n_children; ++i) {
    const ArrowSchema& c = *schema.children[i];
    out += std::string(i == 0 ? "" : ",") + c.name + ":" + c.format;
  }
  return out;
}

class DatasetArrowTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(Schema a, s::Message({s::Int32("id"), s::Float("x").Optional(),
                                               s::List("tags", s::String("element").Optional()).Optional()}));
    ASSERT_OK_AND_ASSIGN(Schema b, s::Message({s::Int64("id"), s::Double("x").Optional(), s::String("note").Optional(),
                                               s::Struct("p", {s::Int32("q"), s::String("r").Optional()}).Optional()}));
    int f = 0;
    for (const char* year : {"2023", "2024", "__HIVE_DEFAULT_PARTITION__"}) {
      for (const char* day : {"2024-01-01", "2024-03-15"}) {
        for (const char* region : {"eu", "us west"}) {
          const bool is_a = f % 3 != 1;
          std::vector<Value> rows;
          const int n = f % 5 == 4 ? 0 : 9 + f % 4;  // some files with no row group
          for (int i = 0; i < n; ++i) {
            const int id = f * 100 + i;
            if (is_a) {
              rows.push_back(testing::ListFileRow(id, i));
            } else {
              rows.push_back(Row({{"id", Value::Int64(id)},
                                  {"x", Value::Double(i * 1.25)},
                                  {"note", i % 3 == 0 ? Value::Null() : Value::Bytes("n" + std::to_string(i))},
                                  {"p", i % 4 == 0 ? Value::Null()
                                                   : Row({{"q", Value::Int32(i)}, {"r", Value::Bytes("r")}})}}));
            }
          }
          ASSERT_OK(testing::WriteRows(dir_ / (std::string("year=") + year + "/day=" + day + "/region=" + region +
                                               "/f" + std::to_string(f) + ".parquet"),
                                       is_a ? a : b, rows, 4));
          ++f;
        }
      }
    }
    ASSERT_OK_AND_ASSIGN(std::unique_ptr<Dataset> ds, Dataset::Open(dir_.path().string()));
    ds_ = std::move(ds);
  }

  // The stream's batches written to a file and read back, against the rows.
  void ExpectStreamEqualsRows(const DatasetArrowOptions& options) {
    ASSERT_OK_AND_ASSIGN(std::vector<Value> expected, testing::ReadAll(*ds_, options.scan));
    ArrowArrayStream stream;
    ASSERT_OK(ExportArrowStream(ds_, options, &stream));
    // Every batch at most batch_rows long.
    ArrowArrayStream counted;
    ASSERT_OK(ExportArrowStream(ds_, options, &counted));
    int64_t total = 0;
    while (true) {
      ArrowArray batch;
      ASSERT_EQ(counted.get_next(&counted, &batch), 0);
      if (batch.release == nullptr) break;
      EXPECT_GT(batch.length, 0);
      EXPECT_LE(batch.length, options.batch_rows);
      total += batch.length;
      batch.release(&batch);
    }
    counted.release(&counted);
    EXPECT_EQ(total, static_cast<int64_t>(expected.size()));

    TempDir out("dataset_arrow_out");
    const std::string path = out / "stream.parquet";
    ASSERT_OK(WriteArrowStream(&stream, path, WriterOptions{}));
    DatasetOptions plain;
    plain.hive_partitioning = false;
    ASSERT_OK_AND_ASSIGN(auto back, Dataset::Open(path, plain));
    ASSERT_OK_AND_ASSIGN(std::vector<Value> got, testing::ReadAll(*back));
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i].DebugString(), expected[i].DebugString()) << "row " << i;
    }
  }

  TempDir dir_{"dataset_arrow"};
  std::shared_ptr<const Dataset> ds_;
};

TEST_F(DatasetArrowTest, SchemaIsTheUnifiedOneWithTypedPartitions) {
  ArrowSchema schema;
  ASSERT_OK(ExportArrowSchema(*ds_, {}, &schema));
  EXPECT_EQ(std::string(schema.format), "+s");
  EXPECT_EQ(ChildFormats(schema), "id:l,x:g,tags:+l,note:u,p:+s,year:l,day:tdD,region:u");
  // id is required in every file; the others are optional or missing somewhere.
  for (int64_t i = 0; i < schema.n_children; ++i) {
    EXPECT_EQ((schema.children[i]->flags & ARROW_FLAG_NULLABLE) != 0, i != 0) << schema.children[i]->name;
  }
  schema.release(&schema);

  ArrowArrayStream stream;
  DatasetArrowOptions options;
  options.scan.columns = {"region", "id"};
  ASSERT_OK(ExportArrowStream(ds_, options, &stream));
  ASSERT_EQ(stream.get_schema(&stream, &schema), 0);
  EXPECT_EQ(ChildFormats(schema), "id:l,region:u");  // the unified schema's order
  schema.release(&schema);
  stream.release(&stream);
}

TEST_F(DatasetArrowTest, BatchesAreTheRows) {
  DatasetArrowOptions options;
  ExpectStreamEqualsRows(options);
  options.batch_rows = 3;
  ExpectStreamEqualsRows(options);
  options.scan.columns = {"p.r", "day", "tags", "year"};
  ExpectStreamEqualsRows(options);
}

TEST_F(DatasetArrowTest, FiltersPruneAsTheRowsDo) {
  DatasetArrowOptions options;
  options.batch_rows = 5;
  for (const char* text : {"year = 2024 AND x > 1", "region = 'us west' OR id < 205",
                           "year IS NULL OR (day = DATE '2024-01-01' AND note IS NOT NULL)",
                           "NOT (region = 'eu' AND p.q IS NULL)"}) {
    SCOPED_TRACE(text);
    ASSERT_OK_AND_ASSIGN(options.scan.filter, ParseFilter(text, ds_->schema()));
    ExpectStreamEqualsRows(options);
  }
}

TEST_F(DatasetArrowTest, DictionaryArrays) {
  DatasetArrowOptions options;
  options.dictionary_arrays = true;
  options.scan.columns = {"note", "region"};
  ArrowSchema schema;
  ASSERT_OK(ExportArrowSchema(*ds_, options, &schema));
  ASSERT_EQ(schema.n_children, 2);
  EXPECT_EQ(std::string(schema.children[1]->format), "i");
  ASSERT_NE(schema.children[1]->dictionary, nullptr);
  EXPECT_EQ(std::string(schema.children[1]->dictionary->format), "u");
  schema.release(&schema);
  ExpectStreamEqualsRows(options);
}

TEST_F(DatasetArrowTest, BadOptions) {
  ArrowArrayStream stream;
  DatasetArrowOptions options;
  options.batch_rows = 0;
  EXPECT_STATUS_HAS(ExportArrowStream(ds_, options, &stream), StatusCode::kInvalidArgument, "batch_rows");
  options.batch_rows = 10;
  options.scan.columns = {"nope"};
  EXPECT_STATUS(ExportArrowStream(ds_, options, &stream), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ExportArrowStream(nullptr, {}, &stream), StatusCode::kInvalidArgument);
}

// A file removed after Open: the stream ends with EIO naming it.
TEST_F(DatasetArrowTest, ReadErrorEndsTheStream) {
  std::string victim;
  for (const DatasetFile& f : ds_->files()) {
    if (f.num_rows > 0) victim = f.path;
  }
  ASSERT_FALSE(victim.empty());
  std::filesystem::remove(victim);
  ArrowArrayStream stream;
  ASSERT_OK(ExportArrowStream(ds_, {}, &stream));
  int rc = 0;
  while (true) {
    ArrowArray batch;
    rc = stream.get_next(&stream, &batch);
    if (rc != 0 || batch.release == nullptr) break;
    batch.release(&batch);
  }
  EXPECT_EQ(rc, EIO);
  ASSERT_NE(stream.get_last_error(&stream), nullptr);
  EXPECT_NE(std::string(stream.get_last_error(&stream)).find(victim), std::string::npos);
  ArrowArray batch;
  EXPECT_EQ(stream.get_next(&stream, &batch), EIO);
  stream.release(&stream);
}

}  // namespace
}  // namespace parq
