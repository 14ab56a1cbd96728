// The differential check of filters without a peer: for generated
// predicates (every operator, literals from each column's values, their
// neighbours and out-of-range values) over corpus files of every logical
// type and over generated sorted and unsorted files with small row groups and
// pages, the filtered read (JsonRowReader, pruning on) returns exactly the
// rows of the unfiltered read that BoundFilter matches, in the canonical JSON
// form.  tests/interop/filter_duckdb_test.cc asks DuckDB about the same
// predicates.  The seed is printed; PARQ_FILTER_DIFF_SEED sets another.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

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

}  // namespace
}  // namespace parq
