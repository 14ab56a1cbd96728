// Helpers for column-reader tests: read a flat column to canonical JSON text.
#ifndef PARQ_TESTS_COLUMN_COLUMN_TEST_UTIL_H_
#define PARQ_TESTS_COLUMN_COLUMN_TEST_UTIL_H_

#include <string>
#include <vector>

#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "parq/result.h"

namespace parq::testing_util {

// Every value of leaf `column` across all row groups, one JSON text per level
// entry ("null" for nulls).  REQUIRES: max repetition level 0.
Result<std::vector<std::string>> ReadColumnAsJson(const FileReader& reader, int column,
                                                  int64_t batch = 1000);

// Reads one batch of up to `batch` level entries of a flat column's `reader`
// as ReadColumnAsJson texts appended to *out; returns how many level entries
// it read (0 at the end of the chunk).
Result<int64_t> ReadBatchAsJson(ColumnReader* reader, int64_t batch, std::vector<std::string>* out);

// Reads every column of every row group to the end, discarding values.
Status ReadAllColumns(const FileReader& reader);

}  // namespace parq::testing_util

#endif  // PARQ_TESTS_COLUMN_COLUMN_TEST_UTIL_H_
