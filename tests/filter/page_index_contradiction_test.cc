// A ColumnIndex that contradicts the schema is not used for page pruning:
// parquet-mr 1.13 snapshots wrote the datapage_v1-*-checksum files with every
// page of their REQUIRED columns marked null (found by the filtered_read
// fuzzer on the unmutated corpus file).  Pruning by it dropped every row.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const std::string kFile = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/datapage_v1-uncompressed-checksum.parquet";

Result<std::vector<Value>> Read(const std::string& where, RowReaderOptions::Pruning pruning) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(kFile));
  RowReaderOptions options;
  PARQ_ASSIGN_OR_RETURN(options.filter, ParseFilter(where, file->schema()));
  options.pruning = pruning;
  PARQ_ASSIGN_OR_RETURN(auto reader, RowReader::Open(*file, options));
  std::vector<Value> rows;
  for (Value v;;) {
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&v));
    if (!more) break;
    rows.push_back(std::move(v));
  }
  return rows;
}

TEST(PageIndexContradictionTest, NullPagesOfARequiredColumnPruneNothing) {
  for (const char* where : {"a IS NOT NULL", "a >= 0 OR a < 0", "b IS NOT NULL AND a IS NOT NULL"}) {
    SCOPED_TRACE(where);
    ASSERT_OK_AND_ASSIGN(auto every, Read(where, RowReaderOptions::Pruning::kNone));
    ASSERT_OK_AND_ASSIGN(auto pruned, Read(where, RowReaderOptions::Pruning::kPages));
    EXPECT_EQ(every.size(), 5120u);
    EXPECT_EQ(pruned, every);
  }
}

}  // namespace
}  // namespace parq
