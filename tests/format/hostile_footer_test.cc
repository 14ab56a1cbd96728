// Hand-made hostile footers: forged lengths and counts, deep nesting, bad
// magic and footer lengths.  Each must fail fast, with a clear error, without
// allocating from the forged number.  This executable counts every heap
// allocation (testing/counting_new.h replaces operator new) to prove the last point.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "format/footer.h"
#include "parq/file_reader.h"
#include "testing/byte_builders.h"
#include "testing/counting_new.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// "PAR1" + footer + length + "PAR1".
std::string FileWithFooter(const std::string& footer) {
  std::string f = "PAR1" + footer;
  uint32_t len = static_cast<uint32_t>(footer.size());
  f.append(reinterpret_cast<const char*>(&len), 4);
  return f + "PAR1";
}

using testing::Uleb;

testing::Measured OpenFooter(const std::string& file) {
  auto f = OpenMemoryView(reinterpret_cast<const uint8_t*>(file.data()), file.size());
  return testing::Measure([&] { return format::ReadFooter(*f, ReaderOptions()).status(); });
}

// Fixed overhead allowed: the error message strings and the Status itself.
constexpr uint64_t kMessageBudget = 4096;

void ExpectFastCleanFailure(const std::string& file, StatusCode code, const std::string& needle) {
  testing::Measured o = OpenFooter(file);
  ASSERT_STATUS_HAS(o.status, code, needle);
  EXPECT_LT(o.millis, 10.0);
  EXPECT_LT(o.allocated, file.size() + kMessageBudget) << o.status.ToString();
}

TEST(HostileFooterTest, ForgedStringLength2To31) {
  // FileMetaData: version (i32, id 1) = 1, then created_by (binary, id 6) with
  // a length of 2^31 and only a few bytes behind it.
  std::string footer = "\x15\x02";
  footer += "\x58" + Uleb(uint64_t{1} << 31) + "abc";
  ExpectFastCleanFailure(FileWithFooter(footer), StatusCode::kLimitExceeded,
                         "binary length 2147483648 exceeds the limit");
  // Under the limit but beyond the bytes present: corrupt, still no allocation.
  std::string within = "\x15\x02";
  within += "\x58" + Uleb(50'000'000) + "abc";
  ExpectFastCleanFailure(FileWithFooter(within), StatusCode::kCorrupt, "binary length 50000000");
}

TEST(HostileFooterTest, ForgedListSize2To31) {
  // schema (list<struct>, id 2): long-form header 0xFC, size 2^31.
  std::string footer = "\x15\x02";
  footer += "\x19\xFC" + Uleb(uint64_t{1} << 31) + std::string(8, '\0');
  testing::Measured o = OpenFooter(FileWithFooter(footer));
  ASSERT_NOT_OK(o.status);
  EXPECT_TRUE(o.status.code() == StatusCode::kCorrupt ||
              o.status.code() == StatusCode::kLimitExceeded)
      << o.status.ToString();
  EXPECT_LT(o.millis, 10.0);
  EXPECT_LT(o.allocated, 64 + kMessageBudget);
}

TEST(HostileFooterTest, ListSizeWithinLimitButBeyondTheBytes) {
  std::string footer = "\x15\x02";
  footer += "\x19\xFC" + Uleb(1000) + std::string(20, '\0');
  ExpectFastCleanFailure(FileWithFooter(footer), StatusCode::kCorrupt, "");
}

TEST(HostileFooterTest, DeepNesting10000Levels) {
  // Unknown field 20 of type struct, nested 10,000 deep: skipping it must stop
  // at the depth limit, not recurse 10,000 frames.
  std::string footer = "\x15\x02";
  for (int i = 0; i < 10000; ++i) footer += (i == 0 ? std::string("\x0C\x28", 2) : "\x1C");
  ExpectFastCleanFailure(FileWithFooter(footer), StatusCode::kLimitExceeded, "depth");
}

TEST(HostileFooterTest, FooterLengthLargerThanTheFile) {
  std::string file = "PAR1" + std::string(20, 'x');
  uint32_t len = 1u << 30;
  file.append(reinterpret_cast<const char*>(&len), 4);
  file += "PAR1";
  ExpectFastCleanFailure(file, StatusCode::kCorrupt, "footer length 1073741824");
}

TEST(HostileFooterTest, BadMagic) {
  std::string good = FileWithFooter("\x15\x02");
  std::string bad_tail = good.substr(0, good.size() - 1) + "X";
  ExpectFastCleanFailure(bad_tail, StatusCode::kCorrupt, "does not end with the Parquet magic");
  std::string bad_head = "XAR1" + good.substr(4);
  ExpectFastCleanFailure(bad_head, StatusCode::kCorrupt, "does not start with the Parquet magic");
  ExpectFastCleanFailure("PAR1PAR1", StatusCode::kCorrupt, "too small");
}

TEST(HostileFooterTest, MissingRequiredFieldIsNamed) {
  // Only version: schema, num_rows and row_groups are missing.
  ExpectFastCleanFailure(FileWithFooter(std::string("\x15\x02\x00", 3)), StatusCode::kCorrupt,
                         "required field");
}

TEST(HostileFooterTest, TruncatedAtEveryByte) {
  // A real footer cut short at every position fails cleanly.
  const std::string path = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_plain.parquet";
  auto file = OpenFile(path);
  ASSERT_OK(file);
  auto footer = format::ReadFooter(**file, ReaderOptions());
  ASSERT_OK(footer);
  std::string bytes((*file)->size(), '\0');
  ASSERT_OK((*file)->ReadAt(0, bytes.size(), reinterpret_cast<uint8_t*>(bytes.data())));
  const std::string meta = bytes.substr(footer->offset, footer->length);
  for (size_t cut = 0; cut < meta.size(); ++cut) {
    auto r = format::DecodeFileMetaData(reinterpret_cast<const uint8_t*>(meta.data()), cut,
                                        ReaderOptions());
    EXPECT_NOT_OK(r) << "cut at " << cut;
  }
}

}  // namespace
}  // namespace parq
