// Hostile input through the whole read path: corpus files with bytes of their
// column data flipped (footer left intact, so the damage reaches pages, levels
// and record assembly) must read or fail with a Status — never crash, hang or
// over-allocate.  Run under PARQ_SANITIZE to catch memory errors.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include "parq/file_reader.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/record.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

class CatMutationTest : public ::testing::TestWithParam<const char*> {};

TEST_P(CatMutationTest, DamagedPagesReadOrFailCleanly) {
  std::ifstream in(kData + GetParam(), std::ios::binary);
  ASSERT_TRUE(in);
  const std::string original((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(original.size(), 64u);
  // The footer: its 4-byte length sits before the trailing magic.
  uint32_t footer_len = 0;
  std::memcpy(&footer_len, original.data() + original.size() - 8, 4);
  ASSERT_LT(footer_len + 12u, original.size());
  const size_t data_end = original.size() - 8 - footer_len;

  std::mt19937 rng(12345);
  int failed = 0, read = 0;
  for (int trial = 0; trial < 150; ++trial) {
    std::string bytes = original;
    const int flips = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < flips; ++k) {
      const size_t at = 4 + rng() % (data_end - 4);
      bytes[at] = static_cast<char>(rng() & 0xff);
    }
    ReaderOptions unverified;  // CRCs would stop most damage before the decoders
    unverified.verify_checksums = false;
    auto file = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(std::move(bytes))), unverified);
    ASSERT_OK(file);  // the footer is intact
    auto rows = JsonRowReader::Open(**file);
    ASSERT_OK(rows);
    std::string out;
    while (true) {
      out.clear();
      auto more = (*rows)->Next(&out);
      if (!more.ok()) {
        EXPECT_FALSE(more.status().message().empty());
        ++failed;
        break;
      }
      if (!*more) {
        ++read;
        break;
      }
    }
  }
  EXPECT_EQ(failed + read, 150);
  RecordProperty("failed", failed);
}

INSTANTIATE_TEST_SUITE_P(Files, CatMutationTest,
                         ::testing::Values("nested_lists.snappy.parquet", "nested_maps.snappy.parquet",
                                           "repeated_no_annotation.parquet", "nested_structs.rust.parquet",
                                           "alltypes_plain.parquet", "datapage_v2.snappy.parquet",
                                           "delta_encoding_required_column.parquet"));

}  // namespace
}  // namespace parq
