// ExportArrowStream with a filter: the stream's rows equal the unfiltered
// stream's rows whose file row the filter makes true (BoundFilter on
// RowReader's rows), in flat and nested random files, several batch sizes
// and projections, with dictionary arrays too; no empty batch; the schema is
// the projection's; bad filters are refused up front.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arrow/arrow_test_util.h"
#include "parq/arrow_reader.h"
#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "testing/filter_random_file.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::DrainStream;
using testing::StreamText;

Result<StreamText> Export(const std::shared_ptr<const FileReader>& file, const ArrowReadOptions& o) {
  ArrowArrayStream stream;
  PARQ_RETURN_IF_ERROR(ExportArrowStream(file, o, &stream));
  return DrainStream(&stream);
}

// The filtered stream against the unfiltered one; returns the rows selected.
size_t CheckStream(const std::shared_ptr<const FileReader>& file, const std::vector<Value>& all, const Filter& filter,
                   const std::vector<std::string>& columns, int64_t batch_rows, bool dictionary_arrays = false) {
  SCOPED_TRACE(filter.ToString() + " batch_rows " + std::to_string(batch_rows) +
               (dictionary_arrays ? " dictionary_arrays" : ""));
  auto bound = BoundFilter::Bind(filter, file->schema());
  EXPECT_OK(bound.status());
  if (!bound.ok()) return 0;
  ArrowReadOptions o;
  o.columns = columns;
  o.batch_rows = batch_rows;
  o.dictionary_arrays = dictionary_arrays;
  auto plain = Export(file, o);
  o.filter = filter;
  auto got = Export(file, o);
  EXPECT_OK(plain.status());
  EXPECT_OK(got.status());
  if (!plain.ok() || !got.ok()) return 0;
  EXPECT_EQ(plain->rows.size(), all.size());
  if (plain->rows.size() != all.size()) return 0;
  std::vector<std::string> expected;
  for (size_t i = 0; i < all.size(); ++i) {
    if (bound->Matches(all[i])) expected.push_back(plain->rows[i]);
  }
  EXPECT_EQ(got->formats, plain->formats);
  EXPECT_EQ(got->rows, expected);
  for (int64_t n : got->batch_lengths) {
    EXPECT_GT(n, 0);
    EXPECT_LE(n, batch_rows);
  }
  return expected.size();
}

TEST(ArrowFilterTest, FilteredStreamEqualsUnfilteredRowsFiltered) {
  const std::string path = ::testing::TempDir() + "/arrow_filter_random.parquet";
  size_t selected = 0;
  int predicates = 0;
  for (uint32_t seed = 1; seed <= 10; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    testing::RandomFilterFile gen(seed, /*nested=*/seed % 3 != 0);
    gen.Write(/*sorted=*/seed % 2 == 0, path);
    ASSERT_OK_AND_ASSIGN(std::shared_ptr<const FileReader> file, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAllRows(*file));
    for (int p = 0; p < 10; ++p) {
      std::vector<std::string> columns;
      if (p % 4 == 1) columns = {"id", "s"};
      if (p % 4 == 2) columns = seed % 3 != 0 ? std::vector<std::string>{"kv", "pts"} : std::vector<std::string>{"st"};
      selected += CheckStream(file, all, gen.Predicate(2), columns, p % 2 == 0 ? 7 : 65536, /*dictionary_arrays=*/p % 3 == 0);
      ++predicates;
    }
  }
  std::filesystem::remove(path);
  EXPECT_EQ(predicates, 100);
  EXPECT_GT(selected, 0u);
}

TEST(ArrowFilterTest, RefusedOptionsAndNoRowsAtAll) {
  const std::string path = ::testing::TempDir() + "/arrow_filter_bad.parquet";
  testing::RandomFilterFile(5, true).Write(false, path);
  ASSERT_OK_AND_ASSIGN(std::shared_ptr<const FileReader> file, FileReader::Open(path));
  ArrowArrayStream stream;
  ArrowReadOptions o;
  o.filter = Filter::Eq("nope", Literal::Int(1));
  EXPECT_STATUS_HAS(ExportArrowStream(file, o, &stream), StatusCode::kInvalidArgument, "nope");
  o.filter = Filter::Eq("s", Literal::Int(1));
  EXPECT_STATUS_HAS(ExportArrowStream(file, o, &stream), StatusCode::kInvalidArgument, "does not fit");
  // Nothing matches (no row is both): a schema and no batch.
  o.filter = Filter::And(Filter::IsNull("id"), Filter::IsNotNull("id"));
  ASSERT_OK_AND_ASSIGN(StreamText none, Export(file, o));
  EXPECT_TRUE(none.rows.empty());
  EXPECT_TRUE(none.batch_lengths.empty());
  EXPECT_FALSE(none.formats.empty());
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace parq
