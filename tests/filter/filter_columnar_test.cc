// ColumnarReader with a filter: each row group's filtered batch equals the
// unfiltered read's rows filtered row by row (BoundFilter on RowReader's
// rows), laid out by the independent row walk of testing/columnar_rows.h —
// over random flat and nested files (lists, maps, lists of structs), with
// projections that leave the filter's columns out, several threads, small
// batches, long runs passed over by SkipRows, and row groups pruned whole.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/columnar_rows.h"
#include "testing/filter_random_file.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

struct Outcome {
  int64_t rows = 0;    // rows the filter selected
  int64_t pruned = 0;  // row groups pruned
};

// Reads `file` through a filtered ColumnarReader and checks every row group
// against the unfiltered rows that match.
Outcome CheckColumnar(const FileReader& file, const Filter& filter, const std::vector<std::string>& columns,
                      int threads, int64_t batch_levels) {
  SCOPED_TRACE(filter.ToString());
  Outcome out;
  auto bound = BoundFilter::Bind(filter, file.schema());
  EXPECT_OK(bound.status());
  if (!bound.ok()) return out;
  RowReaderOptions projected;
  projected.columns = columns;
  auto all = testing::ReadAllRows(file, {});
  auto plain = testing::ReadAllRows(file, projected);
  EXPECT_OK(all.status());
  EXPECT_OK(plain.status());
  if (!all.ok() || !plain.ok()) return out;
  auto names = RowReader::Open(file, projected);
  EXPECT_OK(names.status());
  if (!names.ok()) return out;
  const std::vector<std::string> top = (*names)->field_names();

  ColumnarReaderOptions o;
  o.columns = columns;
  o.filter = filter;
  o.threads = threads;
  o.batch_levels = batch_levels;
  auto reader = ColumnarReader::Open(file, o);
  EXPECT_OK(reader.status());
  if (!reader.ok()) return out;
  ColumnarBatch batch;
  size_t at = 0;  // the row group's first row in *all
  for (int rg = 0; rg < file.metadata().num_row_groups(); ++rg) {
    SCOPED_TRACE("row group " + std::to_string(rg));
    const auto n = static_cast<size_t>(file.metadata().row_group(rg).num_rows());
    std::vector<Value> expected;
    for (size_t i = at; i < at + n; ++i) {
      if (bound->Matches((*all)[i])) expected.push_back((*plain)[i]);
    }
    at += n;
    EXPECT_OK((*reader)->ReadRowGroup(rg, &batch));
    EXPECT_EQ(batch.num_rows, static_cast<int64_t>(expected.size()));
    for (const ColumnarLeaf& leaf : batch.leaves) testing::ExpectLeafMatchesRows(leaf, expected, top);
    out.rows += batch.num_rows;
  }
  out.pruned = (*reader)->row_groups_pruned();
  return out;
}

TEST(ColumnarFilterTest, FilteredBatchesEqualUnfilteredRowsFiltered) {
  const std::string path = ::testing::TempDir() + "/columnar_filter_random.parquet";
  int64_t predicates = 0, pruned = 0, selected = 0;
  for (uint32_t seed = 1; seed <= 16; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    testing::RandomFilterFile gen(seed, /*nested=*/seed % 4 != 1);
    gen.Write(/*sorted=*/seed % 2 == 0, path);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    for (int p = 0; p < 12; ++p) {
      std::vector<std::string> columns;  // all, or a projection without (some of) the filter's columns
      switch (gen.Uniform(0, 4)) {
        case 0: columns = {"id"}; break;
        case 1: columns = {"st", "s"}; break;
        case 2:
          if (seed % 4 != 1) columns = {"tags", "pts", "x"};
          break;
        default: break;
      }
      const Outcome o = CheckColumnar(*file, gen.Predicate(2), columns, /*threads=*/1 + p % 2,
                                      /*batch_levels=*/p % 3 == 0 ? 5 : 8192);
      pruned += o.pruned;
      selected += o.rows;
      ++predicates;
    }
  }
  std::filesystem::remove(path);
  EXPECT_EQ(predicates, 192);
  EXPECT_GT(pruned, 0);
  EXPECT_GT(selected, 0);
}

// One large row group with small pages: selections of long runs, far apart,
// so the other columns (a list, a map) pass over pages with SkipRows.
TEST(ColumnarFilterTest, SparseSelectionsSkipRows) {
  const std::string path = ::testing::TempDir() + "/columnar_filter_sparse.parquet";
  auto schema = ParseMessageType(R"(message m {
    required int64 id;
    optional double x;
    optional group tags (LIST) { repeated group list { optional binary element (STRING); } }
    optional group kv (MAP) { repeated group key_value { required int32 key; optional int64 value; } }
  })");
  ASSERT_OK(schema.status());
  WriterOptions wo;
  wo.data_page_size = 256;
  {
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path, *schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    for (int i = 0; i < 6000; ++i) {
      Value row = Value::Struct();
      row.AddField("id", Value::Int64(i));
      row.AddField("x", i % 7 == 0 ? Value::Null() : Value::Double(i % 11 == 0 ? std::nan("") : (i * 37) % 101));
      Value tags = Value::List();
      for (int k = 0; k < i % 5; ++k) tags.Append(k == 2 ? Value::Null() : Value::Bytes(std::to_string(i * k)));
      row.AddField("tags", i % 13 == 0 ? Value::Null() : std::move(tags));
      Value kv = Value::Map();
      for (int k = 0; k < (i / 3) % 4; ++k) {
        Value e = Value::Struct();
        e.AddField("key", Value::Int32(k));
        e.AddField("value", k == 1 ? Value::Null() : Value::Int64(i + k));
        kv.Append(std::move(e));
      }
      row.AddField("kv", std::move(kv));
      ASSERT_OK(rw->Write(row));
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  ASSERT_EQ(file->metadata().num_row_groups(), 1);
  for (const char* where :
       {"id BETWEEN 100 AND 180 OR id BETWEEN 3000 AND 3002 OR id >= 5990", "id = 0", "id = 5999",
        "id < 40 OR (id > 2000 AND id < 2100)", "x > 95", "x = DOUBLE 'NaN'", "x IS NULL AND id > 5000",
        "NOT (x <= 100) OR id IN (7, 77, 777, 5555)", "id < 0", "id >= 0"}) {
    SCOPED_TRACE(where);
    ASSERT_OK_AND_ASSIGN(Filter f, ParseFilter(where, file->schema()));
    for (int64_t levels : {int64_t{8192}, int64_t{3}}) {
      CheckColumnar(*file, f, {}, 1, levels);
      CheckColumnar(*file, f, {"tags", "kv"}, 2, levels);
    }
  }
  std::filesystem::remove(path);
}

// The batch comparison of integer columns in their own type (signed and
// unsigned, 8 to 64 bits, nullable): values and literals at the ends of
// each type's range, literals past them where the filter binds them, and
// row groups whose row count is not a multiple of 8 (the validity tail).
TEST(ColumnarFilterTest, IntegerComparisonsAtTheEndsOfTheirTypes) {
  const std::string path = ::testing::TempDir() + "/columnar_filter_integers.parquet";
  auto schema = ParseMessageType(R"(message m {
    required int64 id;
    optional int64 s64;
    optional int64 u64 (INTEGER(64,false));
    optional int32 u32 (INTEGER(32,false));
    optional int32 s8 (INTEGER(8,true));
    optional int32 u8 (INTEGER(8,false));
    required int64 r64;
  })");
  ASSERT_OK(schema.status());
  const int64_t kS64[] = {INT64_MIN, INT64_MIN + 1, -1, 0, 1, INT64_MAX - 1, INT64_MAX};
  const uint64_t kU64[] = {0, 1, uint64_t{INT64_MAX}, uint64_t{INT64_MAX} + 1, UINT64_MAX - 1, UINT64_MAX};
  const uint32_t kU32[] = {0, 1, uint32_t{INT32_MAX}, uint32_t{INT32_MAX} + 1, UINT32_MAX};
  const int32_t kS8[] = {-128, -1, 0, 1, 127};
  const int32_t kU8[] = {0, 1, 127, 128, 255};
  WriterOptions wo;
  wo.max_rows_per_row_group = 13;
  {
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path, *schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    for (int i = 0; i < 61; ++i) {
      const bool null = i % 6 == 5;
      Value row = Value::Struct();
      row.AddField("id", Value::Int64(i));
      row.AddField("s64", null ? Value::Null() : Value::Int64(kS64[i % 7]));
      row.AddField("u64", null ? Value::Null() : Value::Int64(static_cast<int64_t>(kU64[i % 6])));
      row.AddField("u32", null ? Value::Null() : Value::Int32(static_cast<int32_t>(kU32[i % 5])));
      row.AddField("s8", i % 4 == 3 ? Value::Null() : Value::Int32(kS8[i % 5]));
      row.AddField("u8", i % 4 == 3 ? Value::Null() : Value::Int32(kU8[(i / 2) % 5]));
      row.AddField("r64", Value::Int64(kS64[(i * 3) % 7]));
      ASSERT_OK(rw->Write(row));
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  struct Case {
    const char* column;
    std::vector<Literal> literals;
  };
  const std::vector<Case> cases = {
      {"s64", {Literal::Int(INT64_MIN), Literal::Int(-1), Literal::Int(0), Literal::Int(INT64_MAX),
               Literal::UInt(uint64_t{INT64_MAX} + 1), Literal::UInt(UINT64_MAX)}},
      {"r64", {Literal::Int(INT64_MIN), Literal::Int(1), Literal::Int(INT64_MAX), Literal::UInt(UINT64_MAX)}},
      {"u64", {Literal::Int(-1), Literal::Int(INT64_MIN), Literal::UInt(0), Literal::UInt(uint64_t{INT64_MAX}),
               Literal::UInt(uint64_t{INT64_MAX} + 1), Literal::UInt(UINT64_MAX)}},
      {"u32", {Literal::Int(-1), Literal::UInt(0), Literal::UInt(uint64_t{INT32_MAX} + 1), Literal::UInt(UINT32_MAX),
               Literal::UInt(uint64_t{UINT32_MAX} + 1)}},
      {"s8", {Literal::Int(-129), Literal::Int(-128), Literal::Int(0), Literal::Int(127), Literal::Int(128)}},
      {"u8", {Literal::Int(-1), Literal::Int(0), Literal::Int(128), Literal::Int(255), Literal::Int(256)}},
  };
  const CompareOp ops[] = {CompareOp::kEq, CompareOp::kNe, CompareOp::kLt,
                           CompareOp::kLe, CompareOp::kGt, CompareOp::kGe};
  // Every literal binds (one past a column's range compares above or below
  // all its values), and each filter's batch equals the row evaluator's rows.
  int64_t checked = 0, selected = 0;
  for (const Case& c : cases) {
    for (const Literal& lit : c.literals) {
      for (CompareOp op : ops) {
        const Filter f = Filter::Compare(c.column, op, lit);
        ASSERT_OK(BoundFilter::Bind(f, file->schema()).status());
        selected += CheckColumnar(*file, f, {}, 1, 8192).rows;
        CheckColumnar(*file, f, {"id"}, 1, 5);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 186);
  EXPECT_GT(selected, 0);
  std::filesystem::remove(path);
}

TEST(ColumnarFilterTest, PrunedRowGroupsGiveEmptyBatches) {
  const std::string path = ::testing::TempDir() + "/columnar_filter_pruned.parquet";
  auto schema = ParseMessageType(R"(message m {
    required int64 k;
    optional group tags (LIST) { repeated group list { required int32 element; } }
    optional binary s (STRING);
  })");
  ASSERT_OK(schema.status());
  WriterOptions wo;
  wo.max_rows_per_row_group = 10;
  {
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path, *schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    for (int i = 0; i < 50; ++i) {
      Value row = Value::Struct();
      row.AddField("k", Value::Int64(i));
      Value tags = Value::List();
      tags.Append(Value::Int32(i));
      row.AddField("tags", std::move(tags));
      row.AddField("s", Value::Bytes("v" + std::to_string(i)));
      ASSERT_OK(rw->Write(row));
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  ColumnarReaderOptions o;
  o.columns = {"tags", "s"};
  ASSERT_OK_AND_ASSIGN(o.filter, ParseFilter("k > 1000", file->schema()));
  ASSERT_OK_AND_ASSIGN(auto reader, ColumnarReader::Open(*file, o));
  ColumnarBatch batch;
  for (int rg = 0; rg < 5; ++rg) {
    ASSERT_OK(reader->ReadRowGroup(rg, &batch));
    EXPECT_EQ(batch.num_rows, 0);
    ASSERT_EQ(batch.leaves.size(), 2u);
    const ColumnarLeaf& tags = batch.leaves[0];
    ASSERT_EQ(tags.path.size(), 2u);
    EXPECT_EQ(tags.path[0].length, 0);
    EXPECT_EQ(tags.path[0].offsets, (std::vector<int64_t>{0}));
    EXPECT_EQ(tags.leaf().length, 0);
    EXPECT_EQ(batch.leaves[1].offsets, (std::vector<int64_t>{0}));
  }
  EXPECT_EQ(reader->row_groups_pruned(), 5);
  // Not pruned, but nothing matches: an empty batch too.
  CheckColumnar(*file, Filter::Eq("k", Literal::Int(3)), {"tags", "s"}, 1, 8192);
  EXPECT_EQ(CheckColumnar(*file, Filter::Gt("k", Literal::Int(44)), {"tags"}, 1, 8192).rows, 5);
  // Bad filters fail Open.
  o.filter = Filter::Eq("nope", Literal::Int(1));
  EXPECT_STATUS_HAS(ColumnarReader::Open(*file, o).status(), StatusCode::kInvalidArgument, "nope");
  o.filter = Filter::Eq("tags.list.element", Literal::Int(1));
  EXPECT_STATUS_HAS(ColumnarReader::Open(*file, o).status(), StatusCode::kInvalidArgument, "inside a list or map");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace parq
