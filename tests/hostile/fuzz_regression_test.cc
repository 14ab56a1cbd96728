// Regression tests for what the fuzz targets in fuzz/ found.  The minimized
// inputs live in testdata/fuzz/<target>/; each is replayed here the way its
// target runs it, and must end in success or a clean error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "encoding/decoder.h"
#include "encoding/encoder.h"
#include "hostile/read_all_util.h"
#include "parq/file_reader.h"
#include "testing/status_macros.h"

namespace parq::hostile {
namespace {

std::string ReadBytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// decoder_fuzzer found: BYTE_STREAM_SPLIT over FIXED_LEN_BYTE_ARRAY with 0
// values and an empty (null) page did pointer arithmetic on null (UBSan).
// Reproducer: testdata/fuzz/decoder/bss_flba_empty_null_page.
TEST(FuzzRegressionTest, ByteStreamSplitFlbaEmptyNullPage) {
  auto d = encoding::MakeDecoder<FixedLenByteArray>(Encoding::kByteStreamSplit,
                                                    PhysicalType::kFixedLenByteArray, 5);
  ASSERT_OK(d);
  EXPECT_OK((*d)->SetData(0, nullptr, 0));
  EXPECT_EQ((*d)->values_left(), 0);
  FixedLenByteArray out[1];
  auto n = (*d)->Decode(out, 1);
  ASSERT_OK(n);
  EXPECT_EQ(*n, 0);
}

// Every file_reader reproducer opens and reads without kInternal.
TEST(FuzzRegressionTest, FileReaderReproducers) {
  const std::filesystem::path dir = std::filesystem::path(PARQ_TESTDATA_DIR) / "fuzz" / "file_reader";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no file_reader reproducers yet";
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string bytes = ReadBytes(e.path());
    std::shared_ptr<RandomAccessFile> file(OpenMemory(bytes));
    ReaderOptions unverified;  // replayed as they always were, past the CRCs to the decoders
    unverified.verify_checksums = false;
    auto reader = FileReader::Open(file, unverified);
    Status s = reader.ok() ? ReadEverything(**reader, 7) : reader.status();
    EXPECT_NE(s.code(), StatusCode::kInternal) << e.path() << ": " << s.ToString();
    ++n;
  }
  EXPECT_GT(n, 0);
}

}  // namespace
}  // namespace parq::hostile

namespace parq::hostile {
namespace {

// roundtrip_fuzzer found: a PLAIN encoder flushing 0 values memcpy'd 0 bytes
// to an empty vector's null data() (UBSan).  Reproducer:
// testdata/fuzz/roundtrip/plain_encode_zero_values (byte 0 0x21 % 11 = PLAIN, byte 1 0xa3 % 8 = INT96).
TEST(FuzzRegressionTest, PlainEncodeZeroValues) {
  auto e = encoding::MakeEncoder<Int96>(Encoding::kPlain, PhysicalType::kInt96);
  ASSERT_OK(e);
  Int96 v{};
  ASSERT_OK((*e)->Put(&v, 0));
  std::vector<uint8_t> page;
  ASSERT_OK((*e)->FlushValues(&page));
  EXPECT_TRUE(page.empty());
  auto d = encoding::MakeDecoder<Int96>(Encoding::kPlain, PhysicalType::kInt96);
  ASSERT_OK(d);
  EXPECT_OK((*d)->SetData(0, page.data(), page.size()));
  EXPECT_EQ((*d)->values_left(), 0);
}

}  // namespace
}  // namespace parq::hostile
