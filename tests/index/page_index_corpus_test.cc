// The page index of corpus files against the pages themselves: every
// OffsetIndex location is a real data page header (walked with the page
// reader), first_row_index counts the rows before it, and every non-null
// value of a page lies within that page's ColumnIndex bounds in the column's
// sort order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "page_index_check_util.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

// Files whose writer (a parquet-mr test build) marked every page null_page
// although the pages hold values; the checksum tests use them, so their
// column index is only checked for shape, not against the values.
bool HasBogusNullPages(const std::string& name) {
  return name.find("checksum") != std::string::npos;
}

class PageIndexCorpusTest : public ::testing::TestWithParam<std::string> {};

TEST_P(PageIndexCorpusTest, IndexMatchesPagesAndValues) {
  const std::string name = GetParam();
  auto reader = FileReader::Open(kData + name);
  ASSERT_OK(reader);
  index_test::IndexCheck r =
      index_test::CheckPageIndexAgainstPages(**reader, name, !HasBogusNullPages(name));
  EXPECT_GT(r.chunks_with_index, 0) << name;
  // (datapage_v2_empty_datapage holds one empty page: nothing to compare.)
  if (!HasBogusNullPages(name) && name.find("empty_datapage") == std::string::npos) {
    EXPECT_GT(r.values_checked, 0) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, PageIndexCorpusTest,
    ::testing::Values("alltypes_tiny_pages.parquet", "alltypes_tiny_pages_plain.parquet",
                      "binary_truncated_min_max.parquet", "data_index_bloom_encoding_stats.parquet",
                      "data_index_bloom_encoding_with_length.parquet",
                      "datapage_v1-snappy-compressed-checksum.parquet",
                      "datapage_v2_empty_datapage.snappy.parquet",
                      "delta_encoding_required_column.parquet", "dict-page-offset-zero.parquet",
                      "fixed_length_byte_array.parquet", "floating_orders_nan_count.parquet",
                      "hadoop_lz4_compressed_larger.parquet", "incorrect_map_schema.parquet",
                      "int32_with_null_pages.parquet", "old_list_structure.parquet",
                      "plain-dict-uncompressed-checksum.parquet", "repeated_primitive_no_list.parquet",
                      "rle-dict-snappy-checksum.parquet"),
    [](const auto& info) {
      std::string s = info.param.substr(0, info.param.find(".parquet"));
      for (char& c : s) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return s;
    });

}  // namespace
}  // namespace parq
