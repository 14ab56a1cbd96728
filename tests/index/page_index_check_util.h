// Checks a file's page index against its pages, for corpus and written files:
// every OffsetIndex location is a real data page header (walked with the page
// reader) with the right size, first_row_index counts the rows before it, and
// (when `check_values`) every non-null value of a page lies within that
// page's ColumnIndex bounds in the column's sort order, null pages hold no
// values and null counts match.  Failures are reported with EXPECT_*.
#ifndef PARQ_TESTS_INDEX_PAGE_INDEX_CHECK_UTIL_H_
#define PARQ_TESTS_INDEX_PAGE_INDEX_CHECK_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "parq/file_reader.h"

namespace parq::index_test {

struct PageFacts {
  uint64_t offset = 0;
  uint64_t size = 0;  // to the next page header or the chunk end
  int64_t levels = 0;
  bool is_dictionary = false;
  bool has_statistics = false;  // the header carries Statistics
};

// Every page of one chunk, in order, dictionary page included; the first
// error of the page reader if any.
Result<std::vector<PageFacts>> WalkPages(const FileReader& reader, int rg, int col);

struct IndexCheck {
  int chunks_with_index = 0;
  int column_indexes = 0;
  int64_t data_pages = 0;
  int64_t pages_with_statistics = 0;
  int64_t values_checked = 0;
};

IndexCheck CheckPageIndexAgainstPages(const FileReader& reader, const std::string& name,
                                      bool check_values = true);

}  // namespace parq::index_test

#endif  // PARQ_TESTS_INDEX_PAGE_INDEX_CHECK_UTIL_H_
