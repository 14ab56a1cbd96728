// Splits: for random files and random split sizes the N split reads (the
// midpoint rule) give every row of the file exactly once — for Splits()'s
// ranges and for an engine's own fixed-size byte blocks.
#include "parq/splits.h"

#include <gtest/gtest.h>

#include <random>

#include "dataset/dataset_files_util.h"
#include "parq/schema_helpers.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::Row;
using testing::TempDir;
namespace s = parq::schema;

// The ids (column 0) of the rows of `source`, in order.
Result<std::vector<int64_t>> Ids(RowSource source) {
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(std::move(source)));
  std::vector<int64_t> ids;
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) break;
    ids.push_back(row[0].int64_value());
  }
  return ids;
}

TEST(SplitsTest, EveryRowExactlyOnce) {
  const uint32_t seed = std::random_device{}();
  std::mt19937 rng(seed);
  TempDir dir("splits");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id"), s::String("pad").Optional()}));
  for (int round = 0; round < 12; ++round) {
    SCOPED_TRACE("seed " + std::to_string(seed) + ", round " + std::to_string(round));
    const int64_t n = rng() % 3000;
    std::vector<Value> rows;
    for (int64_t i = 0; i < n; ++i) {
      rows.push_back(Row({{"id", Value::Int64(i)},
                          {"pad", rng() % 4 == 0 ? Value::Null() : Value::Bytes(std::string(rng() % 64, 'x'))}}));
    }
    const std::string path = dir / ("f" + std::to_string(round) + ".parquet");
    ASSERT_OK(testing::WriteRows(path, schema, rows, 1 + static_cast<int64_t>(rng() % 400)));
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    const int64_t size = static_cast<int64_t>(file->file().size());
    const int64_t target = 1 + static_cast<int64_t>(rng() % static_cast<uint64_t>(size));
    ASSERT_OK_AND_ASSIGN(std::vector<Split> splits, Splits(*file, target));
    // Splits(): contiguous ranges from 0 to the end of the file, each read
    // being its own row groups.
    std::vector<int> seen(static_cast<size_t>(n), 0);
    int64_t at = 0;
    int64_t split_rows = 0;
    for (const Split& sp : splits) {
      EXPECT_EQ(sp.range.offset, at);
      at = sp.range.offset + sp.range.length;
      EXPECT_EQ(RowGroupsInRange(file->metadata(), sp.range), sp.row_groups);
      ASSERT_OK_AND_ASSIGN(std::vector<int64_t> ids, Ids(SplitRowSource(*file, sp.range)));
      EXPECT_EQ(static_cast<int64_t>(ids.size()), sp.num_rows);
      split_rows += sp.num_rows;
      for (int64_t id : ids) ++seen[static_cast<size_t>(id)];
    }
    EXPECT_EQ(at, size);
    EXPECT_EQ(split_rows, n);
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
    // An engine's own blocks of a random size, aligned to nothing.
    const int64_t block = 1 + static_cast<int64_t>(rng() % static_cast<uint64_t>(size));
    std::fill(seen.begin(), seen.end(), 0);
    for (int64_t off = 0; off < size; off += block) {
      ASSERT_OK_AND_ASSIGN(std::vector<int64_t> ids, Ids(SplitRowSource(*file, {off, block})));
      for (int64_t id : ids) ++seen[static_cast<size_t>(id)];
    }
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; })) << "block " << block;
  }
}

TEST(SplitsTest, TargetSizeGroupsRowGroups) {
  TempDir dir("splits_target");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id")}));
  std::vector<Value> rows;
  for (int64_t i = 0; i < 1000; ++i) rows.push_back(Row({{"id", Value::Int64(i)}}));
  ASSERT_OK(testing::WriteRows(dir / "f.parquet", schema, rows, 100));
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(dir / "f.parquet"));
  ASSERT_OK_AND_ASSIGN(std::vector<Split> one, Splits(*file, int64_t{1} << 40));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].row_groups.size(), 10u);
  ASSERT_OK_AND_ASSIGN(std::vector<Split> each, Splits(*file, 1));
  EXPECT_EQ(each.size(), 10u);
  EXPECT_STATUS(Splits(*file, 0), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace parq
