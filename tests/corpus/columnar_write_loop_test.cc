// The columnar write loop over the corpus: for every file F of
// parquet-testing/expected/MANIFEST.tsv that parq reads, each row group read
// by ColumnarReader, handed to ColumnarWriter (through the adapter of
// testing/columnar_views.h) as one row group, and the new file read back by
// JsonRowReader must print exactly F's JSON rows.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "parq/columnar.h"
#include "parq/columnar_writer.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "testing/columnar_views.h"
#include "testing/json_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::JsonRows;

Result<std::string> ThroughColumns(const FileReader& file) {
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(std::move(mem), file.schema()));
  PARQ_ASSIGN_OR_RETURN(auto columns, ColumnarWriter::Open(*writer));
  PARQ_ASSIGN_OR_RETURN(auto reader, ColumnarReader::Open(file));
  ColumnarBatch batch;
  for (int g = 0; g < file.metadata().num_row_groups(); ++g) {
    PARQ_RETURN_IF_ERROR(reader->ReadRowGroup(g, &batch));
    PARQ_ASSIGN_OR_RETURN(testing::ColumnarViews views, testing::ColumnarViews::Make(file.schema(), batch));
    PARQ_RETURN_IF_ERROR(columns->WriteRowGroup(views.root()));
  }
  PARQ_RETURN_IF_ERROR(writer->Close());
  return sink->bytes();
}

TEST(ColumnarWriteLoopTest, EveryReadableManifestFileRoundTrips) {
  int checked = 0, unreadable = 0;
  int64_t rows_total = 0;
  for (const auto& cols : corpus_test::ManifestRows()) {
    const std::string& name = cols[0];
    SCOPED_TRACE(name);
    auto file = FileReader::Open((corpus_test::kTesting / name).string(), ReaderOptions{.verify_checksums = false});
    if (!file.ok()) {
      ++unreadable;
      continue;
    }
    auto expected = JsonRows(**file);
    if (!expected.ok()) {  // parq does not read it (listed in write_loop_test)
      ++unreadable;
      continue;
    }
    if ((*file)->schema().num_columns() == 0) continue;
    ASSERT_OK_AND_ASSIGN(std::string bytes, ThroughColumns(**file));
    ASSERT_OK_AND_ASSIGN(auto again, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
    ASSERT_OK_AND_ASSIGN(std::vector<std::string> got, JsonRows(*again));
    ASSERT_EQ(got.size(), expected->size());
    for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], (*expected)[i]) << "row " << i;
    ++checked;
    rows_total += static_cast<int64_t>(got.size());
  }
  EXPECT_GT(checked, 200);
  EXPECT_LE(unreadable, 8);
  std::printf("columnar write loop: %d files, %lld rows; %d not read by parq\n", checked,
              static_cast<long long>(rows_total), unreadable);
}

}  // namespace
}  // namespace parq
