// Shared by the page-skipping tests (tests/filter): random files with page
// indexes, row reads, and the filtered-read oracle (the unfiltered read
// filtered row by row).
#ifndef PARQ_TESTS_FILTER_PAGE_SKIP_UTIL_H_
#define PARQ_TESTS_FILTER_PAGE_SKIP_UTIL_H_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/record.h"

namespace parq::page_skip_test {

// Every row of `options`' read, with the reader's counters.
struct Read {
  std::vector<Value> rows;
  int64_t pages_read = 0, pages_skipped = 0, bytes_read = 0, rows_pruned = 0, row_groups_pruned = 0;
};
Result<Read> ReadAll(RowSource source, const RowReaderOptions& options);

// The rows of the projected unfiltered read whose full row matches `filter`.
Result<std::vector<Value>> Expected(const FileReader& file, const Filter& filter,
                                    const std::vector<std::string>& columns);

// 20,000 rows in one row group of
//   required int64 k (0, 1, ...); optional binary s (STRING);
//   optional group tags (LIST) { repeated group list { required int32 element; } }
// pages cut at 250 rows or ~2 KB, so the columns' page boundaries differ.
// Returns the path (empty when writing failed).
std::string WriteSorted(const std::string& dir, const std::string& name, bool v2, Compression compression);

// Random files of the schema
//   required int64 k; optional int32 v; optional binary s (STRING);
//   optional group st { optional double x; }
//   optional group tags (LIST) { repeated group list { optional int32 element; } }
// k sorted (ascending) or shuffled, nulls at every level, lists of 0-5
// elements; random row group sizes, page sizes (bytes and rows), v1 or v2
// pages, dictionaries or not, compression or not.
class RandomPagedFile {
 public:
  explicit RandomPagedFile(uint32_t seed) : rng_(seed) {}
  // Writes the file; returns its row count.
  int64_t Write(const std::string& path, bool sorted);
  Filter Predicate(int depth);
  int Uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

 private:
  Literal LiteralFor(const std::string& column);
  int64_t rows_ = 0;
  std::mt19937 rng_;
};

}  // namespace parq::page_skip_test

#endif  // PARQ_TESTS_FILTER_PAGE_SKIP_UTIL_H_
