// The differential check of filters without a peer: for generated
// predicates (every operator, literals from each column's values, their
// neighbours and out-of-range values) over corpus files of every logical
// type and over generated sorted and unsorted files with small row groups and
// pages, the filtered read (JsonRowReader, pruning on) returns exactly the
// rows of the unfiltered read that BoundFilter matches, in the canonical JSON
// form.  The same predicates through ColumnarReader (the columnar path of the
// Arrow stream and the C API), which prunes with the same RowGroupPruner and
// page indexes: each row group's batch lays out the unfiltered rows that
// match.  tests/interop/filter_duckdb_test.cc asks DuckDB about the same
// predicates.  The seed is printed; PARQ_FILTER_DIFF_SEED sets another.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "parq/columnar.h"
#include "testing/columnar_rows.h"
#include "testing/filter_diff.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

TEST(FilterDiffTest, FilteredReadsEqualUnfilteredReadsFilteredRowByRow) {
  const std::string corpus = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data";
  if (!std::filesystem::exists(corpus)) GTEST_SKIP() << "no corpus at " << corpus;
  const uint32_t seed = testing::DiffSeed();
  std::printf("seed %u (PARQ_FILTER_DIFF_SEED)\n", seed);
  testing::DiffRun run;
  testing::RunDiff(seed, corpus, ::testing::TempDir(), /*per_file=*/16, /*per_generated=*/60, nullptr, &run);
  std::printf("%d files, %d predicates, %lld rows matched; row groups pruned by statistics %lld, dictionary %lld, "
              "Bloom filter %lld (%lld dictionaries, %lld Bloom filters read to decide)\n",
              run.files, run.predicates, static_cast<long long>(run.rows_matched),
              static_cast<long long>(run.pruning.by_statistics), static_cast<long long>(run.pruning.by_dictionary),
              static_cast<long long>(run.pruning.by_bloom_filter), static_cast<long long>(run.pruning.dictionaries_read),
              static_cast<long long>(run.pruning.bloom_filters_read));
  for (const std::string& f : run.failures) ADD_FAILURE() << f;
  EXPECT_EQ(run.files, static_cast<int>(testing::DiffCorpusFiles().size()) + 8);
  EXPECT_GE(run.predicates, 500);
  EXPECT_GT(run.pruning.by_statistics, 0);
  EXPECT_GT(run.pruning.by_dictionary, 0);
  EXPECT_GT(run.pruning.by_bloom_filter, 0);
}

// What the columnar reads pruned and skipped, over a run.
struct ColumnarSeen {
  RowGroupPruning pruning;
  int64_t pages_skipped = 0;
  int64_t batches = 0;
};

// Reads `diff`'s file through a filtered ColumnarReader and expects every
// row group's batch to lay out the rows of `matched` in it.
void CheckColumnar(const testing::FileDiff& diff, const Filter& filter, const std::vector<int64_t>& matched,
                   ColumnarSeen* seen) {
  const FileReader& file = diff.file();
  ASSERT_OK_AND_ASSIGN(auto names, RowReader::Open(file));
  const std::vector<std::string> top = names->field_names();
  ColumnarReaderOptions o;
  o.filter = filter;
  ASSERT_OK_AND_ASSIGN(auto reader, ColumnarReader::Open(file, o));
  ColumnarBatch batch;
  int64_t first = 0;  // the row group's first row
  size_t m = 0;       // the first of `matched` in it
  for (int rg = 0; rg < file.metadata().num_row_groups(); ++rg) {
    SCOPED_TRACE("row group " + std::to_string(rg));
    const int64_t end = first + file.metadata().row_group(rg).num_rows();
    std::vector<Value> expected;
    for (; m < matched.size() && matched[m] < end; ++m) {
      expected.push_back(diff.rows()[static_cast<size_t>(matched[m])]);
    }
    first = end;
    ASSERT_OK(reader->ReadRowGroup(rg, &batch));
    ASSERT_EQ(batch.num_rows, static_cast<int64_t>(expected.size()));
    for (const ColumnarLeaf& leaf : batch.leaves) testing::ExpectLeafMatchesRows(leaf, expected, top);
    ++seen->batches;
  }
  const RowGroupPruning& p = reader->pruning();
  seen->pruning.by_statistics += p.by_statistics;
  seen->pruning.by_dictionary += p.by_dictionary;
  seen->pruning.by_bloom_filter += p.by_bloom_filter;
  seen->pruning.by_page_index += p.by_page_index;
  seen->pages_skipped += reader->pages_skipped();
}

TEST(FilterDiffTest, ColumnarReadsEqualUnfilteredReadsFilteredRowByRow) {
  const std::string corpus = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data";
  if (!std::filesystem::exists(corpus)) GTEST_SKIP() << "no corpus at " << corpus;
  const uint32_t seed = testing::DiffSeed();
  std::printf("seed %u (PARQ_FILTER_DIFF_SEED)\n", seed);
  ColumnarSeen seen;
  testing::DiffRun run;
  auto columnar = [&](const std::string& path, const testing::FileDiff& diff, const Filter& filter,
                      const std::vector<int64_t>& matched) {
    SCOPED_TRACE(path + ", predicate " + filter.ToString());
    CheckColumnar(diff, filter, matched, &seen);
    return std::string();  // the expectations above report a difference
  };
  testing::RunDiff(seed, corpus, ::testing::TempDir(), /*per_file=*/16, /*per_generated=*/60, columnar, &run);
  std::printf("%d predicates, %lld batches; row groups pruned by statistics %lld, dictionary %lld, Bloom filter "
              "%lld, page index %lld; %lld pages skipped\n",
              run.predicates, static_cast<long long>(seen.batches), static_cast<long long>(seen.pruning.by_statistics),
              static_cast<long long>(seen.pruning.by_dictionary),
              static_cast<long long>(seen.pruning.by_bloom_filter),
              static_cast<long long>(seen.pruning.by_page_index), static_cast<long long>(seen.pages_skipped));
  for (const std::string& f : run.failures) ADD_FAILURE() << f;
  EXPECT_GE(run.predicates, 500);
  EXPECT_GT(seen.pruning.by_statistics, 0);
  EXPECT_GT(seen.pruning.by_dictionary, 0);
  EXPECT_GT(seen.pruning.by_bloom_filter, 0);
  EXPECT_GT(seen.pages_skipped, 0);
}

}  // namespace
}  // namespace parq
