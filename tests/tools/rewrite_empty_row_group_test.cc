// Row groups of no rows in copies: `parq rewrite` keeps each as its source
// had it (with its chunks' key-value metadata), through
// FileWriter::KeepRowGroupMetadata; a plain EndRowGroup of no rows still
// writes nothing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

TEST(RewriteEmptyRowGroupTest, RewriteKeepsARowGroupOfNoRows) {
  const std::string in = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/column_chunk_key_value_metadata.parquet";
  const std::string out = (fs::temp_directory_path() / ("parq_empty_rg_" + std::to_string(::getpid()))).string();
  const testing::CliRun run = testing::RunParq("rewrite " + testing::Quote(in) + " " + testing::Quote(out));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  ASSERT_OK_AND_ASSIGN(auto a, FileReader::Open(in));
  ASSERT_OK_AND_ASSIGN(auto b, FileReader::Open(out));
  ASSERT_EQ(a->metadata().num_row_groups(), 1);
  ASSERT_EQ(a->metadata().row_group(0).num_rows(), 0);
  ASSERT_EQ(b->metadata().num_row_groups(), 1);
  EXPECT_EQ(b->metadata().row_group(0).num_rows(), 0);
  for (int c = 0; c < 2; ++c) {
    EXPECT_EQ(b->metadata().row_group(0).column(c).key_value_metadata(),
              a->metadata().row_group(0).column(c).key_value_metadata());
    EXPECT_EQ(b->metadata().row_group(0).column(c).num_values(), 0);
  }
  EXPECT_FALSE(a->metadata().row_group(0).column(0).key_value_metadata().empty());
  fs::remove(out);
}

TEST(RewriteEmptyRowGroupTest, KeptBetweenRowGroupsOfRowsOnlyWhenCopied) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int32 x; }"));
  const std::string path = (fs::temp_directory_path() / ("parq_empty_rg2_" + std::to_string(::getpid()))).string();
  const std::string empty_source =
      std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/column_chunk_key_value_metadata.parquet";
  ASSERT_OK_AND_ASSIGN(auto source, FileReader::Open(empty_source));
  {
    ASSERT_OK_AND_ASSIGN(auto w, FileWriter::Open(path, schema));
    ASSERT_OK_AND_ASSIGN(auto* x, w->typed_column<int32_t>(0));
    const int32_t v[] = {1, 2};
    ASSERT_OK(x->WriteBatch(2, nullptr, nullptr, v));
    ASSERT_OK(w->EndRowGroup());
    ASSERT_OK(w->EndRowGroup());  // nothing open: no row group
    // A copy of the source's empty row group (its first column's metadata).
    ASSERT_OK(w->SetChunkKeyValueMetadata(0, source->metadata().row_group(0).column(0).key_value_metadata()));
    ASSERT_EQ(source->metadata().row_group(0).num_rows(), 0);
    ASSERT_OK(w->EndRowGroup());  // still none: not a copy
    ASSERT_OK(x->WriteBatch(1, nullptr, nullptr, v));
    ASSERT_OK(w->EndRowGroup());
    ASSERT_OK(w->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto r, FileReader::Open(path));
  ASSERT_EQ(r->metadata().num_row_groups(), 2);
  EXPECT_EQ(r->metadata().row_group(0).num_rows(), 2);
  EXPECT_EQ(r->metadata().row_group(1).num_rows(), 1);
  fs::remove(path);
}

}  // namespace
}  // namespace parq
