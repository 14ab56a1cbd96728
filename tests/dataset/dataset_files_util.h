// Helpers of the dataset tests: a fresh temporary directory per test, and
// small Parquet files written from rows.
#ifndef PARQ_TESTS_DATASET_DATASET_FILES_UTIL_H_
#define PARQ_TESTS_DATASET_DATASET_FILES_UTIL_H_

#include <filesystem>
#include <string>
#include <vector>

#include "parq/dataset.h"
#include "parq/options.h"
#include "parq/record.h"
#include "parq/schema.h"
#include "parq/status.h"

namespace parq::testing {

// A directory under the system's temporary one, empty, removed by the destructor.
class TempDir {
 public:
  explicit TempDir(const std::string& name);
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::string operator/(const std::string& rel) const { return (path_ / rel).string(); }

 private:
  std::filesystem::path path_;
};

// Writes `rows` (kStruct Values of `schema`'s shape) to `path`, creating its
// directories; `rows_per_group` rows a row group.  No rows: a file with no
// row group.
Status WriteRows(const std::string& path, const Schema& schema, const std::vector<Value>& rows,
                 int64_t rows_per_group = 1000, const WriterOptions& options = {});

// A kStruct row from names and values.
Value Row(std::vector<std::pair<std::string, Value>> fields);

// Row i's fields "id" (INT32 id), "x" (a FLOAT, null every 4th) and "tags"
// (a list of i % 3 strings, the second null; null every 5th), then `more`:
// the drifted "a" files of the columnar and Arrow tests.
Value ListFileRow(int id, int i, std::vector<std::pair<std::string, Value>> more = {});

// Every row of a DatasetRowReader of `ds`, and the files it opened and pruned.
Result<std::vector<Value>> ReadAll(const Dataset& ds, const DatasetScanOptions& options = {},
                                   int64_t* files_opened = nullptr, int64_t* files_pruned = nullptr);

// Every row of the reader as DebugString text, sorted.
std::vector<std::string> SortedText(std::vector<Value> rows);

}  // namespace parq::testing

#endif  // PARQ_TESTS_DATASET_DATASET_FILES_UTIL_H_
