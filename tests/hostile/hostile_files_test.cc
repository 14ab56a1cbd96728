// Hand-made hostile files.  Each must fail cleanly (a Status, not a crash),
// in under 100 ms, allocating under 64 MB: operator new is replaced in this
// executable to count every heap byte, and getrusage bounds the peak RSS
// growth (which also sees the codec libraries' malloc).
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <string>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/rle_bit_packed.h"
#include "hostile/hostile_file_util.h"
#include "hostile/read_all_util.h"
#include "parq/file_reader.h"
#include "testing/counting_new.h"
#include "testing/status_macros.h"

namespace parq::hostile {
namespace {

constexpr uint64_t kMaxBytes = 64ull << 20;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr double kMaxMillis = 1000.0;  // sanitizers are ~10x slower
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr double kMaxMillis = 1000.0;
#else
constexpr double kMaxMillis = 100.0;
#endif
#else
constexpr double kMaxMillis = 100.0;
#endif

long PeakRssKb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

// The cost of reading a file, with the growth of the peak RSS (which also
// sees the codec libraries' malloc).
struct Outcome : testing::Measured {
  long rss_growth_kb = 0;
};

// Opens `bytes` and reads every column, measuring the whole thing.
Outcome OpenAndRead(const std::string& bytes) {
  std::shared_ptr<RandomAccessFile> file(
      OpenMemoryView(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  const long rss0 = PeakRssKb();
  testing::Measured m = testing::Measure([&] {
    auto reader = FileReader::Open(file);
    return reader.ok() ? ReadEverything(**reader, 1024) : reader.status();
  });
  return Outcome{std::move(m), PeakRssKb() - rss0};
}

void ExpectCleanFailure(const std::string& bytes, const std::string& needle,
                        std::vector<StatusCode> codes = {StatusCode::kCorrupt}) {
  Outcome o = OpenAndRead(bytes);
  ASSERT_NOT_OK(o.status) << "the hostile file was read without error";
  bool code_ok = false;
  for (StatusCode c : codes) code_ok |= o.status.code() == c;
  EXPECT_TRUE(code_ok) << o.status.ToString();
  if (!needle.empty()) {
    EXPECT_NE(o.status.ToString().find(needle), std::string::npos) << o.status.ToString();
  }
  EXPECT_LT(o.millis, kMaxMillis) << o.status.ToString();
  EXPECT_LT(o.allocated, kMaxBytes) << o.status.ToString();
  EXPECT_LT(static_cast<uint64_t>(o.rss_growth_kb) * 1024, kMaxBytes) << o.status.ToString();
}

// A valid file to start from: REQUIRED INT32 x, values 1..n, PLAIN.
std::string PlainInt32File(int n) {
  std::string body;
  for (int i = 1; i <= n; ++i) body += U32Le(static_cast<uint32_t>(i));
  ColumnSpec spec;
  spec.num_values = n;
  spec.num_rows = n;
  return BuildFile(spec, {{DataPageV1(n, format::Encoding::PLAIN, body.size()), body}});
}

TEST(HostileFilesTest, TheBaselineFileIsValid) {
  const std::string f = PlainInt32File(5);
  Outcome o = OpenAndRead(f);
  EXPECT_OK(o.status);
  std::shared_ptr<RandomAccessFile> file(OpenMemory(f));
  auto reader = FileReader::Open(file);
  ASSERT_OK(reader);
  auto col = (*reader)->OpenColumn(0, 0);
  ASSERT_OK(col);
  int32_t v[8];
  int64_t values_read = 0;
  auto n = (*col)->As<int32_t>()->ReadBatch(8, nullptr, nullptr, v, &values_read);
  ASSERT_OK(n);
  EXPECT_EQ(*n, 5);
  EXPECT_EQ(values_read, 5);
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[4], 5);
}

TEST(HostileFilesTest, FooterLengthLargerThanTheFile) {
  std::string f = PlainInt32File(5);
  const std::string forged = U32Le(0x7FFFFFF0u);
  f.replace(f.size() - 8, 4, forged);
  ExpectCleanFailure(f, "footer");
  f.replace(f.size() - 8, 4, U32Le(0xFFFFFFFFu));
  ExpectCleanFailure(f, "footer");
}

// A snappy page header claiming 4 GiB (0xFFFFFFFF: -1 as an i32) and 2 GiB
// - 1 uncompressed from 16 bytes of body.
TEST(HostileFilesTest, PageHeaderClaimingHugeUncompressedSize) {
  for (int32_t claimed : {-1, 0x7FFFFFFF, 0x40000000}) {
    SCOPED_TRACE(claimed);
    std::string body = Uleb(0xFFFFFFFFu) + std::string(11, '\x01');
    format::PageHeader h = DataPageV1(1000, format::Encoding::PLAIN, body.size());
    h.uncompressed_page_size = claimed;
    ColumnSpec spec;
    spec.codec = format::CompressionCodec::SNAPPY;
    spec.num_values = 1000;
    spec.num_rows = 1000;
    ExpectCleanFailure(BuildFile(spec, {{h, body}}), "",
                       {StatusCode::kCorrupt, StatusCode::kLimitExceeded});
  }
}

TEST(HostileFilesTest, PageHeaderClaimingHugeCompressedSize) {
  std::string body = "abcd";
  format::PageHeader h = DataPageV1(1, format::Encoding::PLAIN, body.size());
  h.compressed_page_size = 0x7FFFFFFF;
  ColumnSpec spec;
  spec.num_values = 1;
  spec.num_rows = 1;
  ExpectCleanFailure(BuildFile(spec, {{h, body}}), "", {StatusCode::kCorrupt, StatusCode::kLimitExceeded});
}

// DELTA_BINARY_PACKED: <block size 128> <4 miniblocks> <total 2^31> <first value>.
std::string DeltaHeader(uint64_t total) {
  return Uleb(128) + Uleb(4) + Uleb(total) + Zigzag(7);
}

TEST(HostileFilesTest, DeltaBlockWithValueCount2To31) {
  const std::string body = DeltaHeader(uint64_t{1} << 31) + std::string(8, '\0');
  for (int32_t page_values : {0x7FFFFFFF, 10}) {
    SCOPED_TRACE(page_values);
    ColumnSpec spec;
    spec.num_values = page_values;
    spec.num_rows = page_values;
    ExpectCleanFailure(
        BuildFile(spec, {{DataPageV1(page_values, format::Encoding::DELTA_BINARY_PACKED, body.size()), body}}),
        "", {StatusCode::kCorrupt, StatusCode::kLimitExceeded});
  }
}

TEST(HostileFilesTest, DeltaDecoderRefusesACountTheBytesCannotHold) {
  const std::string body = DeltaHeader(uint64_t{1} << 31) + std::string(8, '\0');
  auto d = encoding::MakeDecoder<int32_t>(Encoding::kDeltaBinaryPacked, PhysicalType::kInt32);
  ASSERT_OK(d);
  testing::Measured m = testing::Measure([&] {
    return (*d)->SetData(int64_t{1} << 31, reinterpret_cast<const uint8_t*>(body.data()), body.size());
  });
  EXPECT_STATUS(m.status, StatusCode::kCorrupt);
  EXPECT_LT(m.allocated, 4096u);
}

// Dictionary of 2 INT32 entries; data page indices 0, 1, 3 (bit width 2).
TEST(HostileFilesTest, DictionaryIndexOutOfRange) {
  const std::string dict = U32Le(10) + U32Le(20);
  // Bit-packed run of 8 values (header (1 << 1) | 1), width 2: 0,1,3,0,0,0,0,0.
  std::string data = std::string(1, '\x02') + Uleb((1 << 1) | 1);
  data.push_back(static_cast<char>(0 | (1 << 2) | (3 << 4)));
  data.push_back('\0');
  ColumnSpec spec;
  spec.num_values = 3;
  spec.num_rows = 3;
  ExpectCleanFailure(BuildFile(spec, {{DictionaryPage(2, dict.size()), dict},
                                      {DataPageV1(3, format::Encoding::RLE_DICTIONARY, data.size()), data}}),
                     "out of range");
}

TEST(HostileFilesTest, DictionaryPageWithMoreEntriesThanBytes) {
  const std::string dict = U32Le(10) + U32Le(20);
  const std::string data = std::string(1, '\x01') + RleRun(3, 0, 1);
  ColumnSpec spec;
  spec.num_values = 3;
  spec.num_rows = 3;
  ExpectCleanFailure(
      BuildFile(spec, {{DictionaryPage(0x7FFFFFFF, dict.size()), dict},
                       {DataPageV1(3, format::Encoding::RLE_DICTIONARY, data.size()), data}}),
      "", {StatusCode::kCorrupt, StatusCode::kLimitExceeded});
}

TEST(HostileFilesTest, RleBitWidth33) {
  const std::string dict = U32Le(10) + U32Le(20);
  const std::string data = std::string(1, '\x21') + RleRun(3, 0, 5);
  ColumnSpec spec;
  spec.num_values = 3;
  spec.num_rows = 3;
  ExpectCleanFailure(BuildFile(spec, {{DictionaryPage(2, dict.size()), dict},
                                      {DataPageV1(3, format::Encoding::RLE_DICTIONARY, data.size()), data}}),
                     "width");
  // And the hybrid decoder itself.
  encoding::RleBitPackedDecoder d;
  const uint8_t bytes[4] = {2, 0, 0, 0};
  EXPECT_STATUS(d.Init(bytes, sizeof bytes, 33), StatusCode::kCorrupt);
}

// REPEATED INT32 x (max rep 1, max def 1): the first repetition level is 1.
TEST(HostileFilesTest, RepetitionLevelsStartingAt1) {
  const std::string rep = V1Levels(RleRun(3, 1, 1));
  const std::string def = V1Levels(RleRun(3, 1, 1));
  const std::string body = rep + def + U32Le(1) + U32Le(2) + U32Le(3);
  ColumnSpec spec;
  spec.repetition = format::FieldRepetitionType::REPEATED;
  spec.num_values = 3;
  spec.num_rows = 1;
  ExpectCleanFailure(BuildFile(spec, {{DataPageV1(3, format::Encoding::PLAIN, body.size()), body}}),
                     "repetition");
}

// OPTIONAL INT32 x (max def 1): an RLE run of definition level 2.
TEST(HostileFilesTest, DefinitionLevelAboveMax) {
  const std::string def = V1Levels(RleRun(3, 2, 1));
  const std::string body = def + U32Le(1) + U32Le(2) + U32Le(3);
  ColumnSpec spec;
  spec.repetition = format::FieldRepetitionType::OPTIONAL;
  spec.num_values = 3;
  spec.num_rows = 3;
  ExpectCleanFailure(BuildFile(spec, {{DataPageV1(3, format::Encoding::PLAIN, body.size()), body}}),
                     "wider than bit width");
}

TEST(HostileFilesTest, PageClaimingMoreLevelsThanItHolds) {
  const std::string def = V1Levels(RleRun(3, 1, 1));
  const std::string body = def + U32Le(1) + U32Le(2) + U32Le(3);
  ColumnSpec spec;
  spec.repetition = format::FieldRepetitionType::OPTIONAL;
  spec.num_values = 0x7FFFFFFF;
  spec.num_rows = 0x7FFFFFFF;
  ExpectCleanFailure(
      BuildFile(spec, {{DataPageV1(0x7FFFFFFF, format::Encoding::PLAIN, body.size()), body}}), "",
      {StatusCode::kCorrupt, StatusCode::kLimitExceeded});
}

TEST(HostileFilesTest, ByteArrayLengthPastThePage) {
  const std::string body = U32Le(0xFFFFFFF0u) + "abc";
  ColumnSpec spec;
  spec.type = format::Type::BYTE_ARRAY;
  spec.num_values = 1;
  spec.num_rows = 1;
  ExpectCleanFailure(BuildFile(spec, {{DataPageV1(1, format::Encoding::PLAIN, body.size()), body}}), "");
}

}  // namespace
}  // namespace parq::hostile
