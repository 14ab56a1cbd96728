// The first page of real files from parquet-testing decompresses to exactly
// the size its header states (LZ4 in its three historical forms, concatenated
// gzip members, ...).  The page header is read with a tiny Thrift compact
// scanner here so that this test depends on nothing above the codec layer.
#include <gtest/gtest.h>

#include <fstream>
#include <cctype>
#include <iterator>
#include <stdexcept>
#include <string>

#include "compression/codec.h"
#include "compression/codec_test_util.h"
#include "testing/status_macros.h"

namespace parq::compression {
namespace {

using testing::Bytes;

struct PageInfo {
  int32_t type = -1, uncompressed = -1, compressed = -1;
  int32_t v2_levels = 0;  // def + rep level bytes of a DataPageV2 (stored uncompressed)
  bool v2_compressed = true;
  size_t data_offset = 0;
};

class Scanner {
 public:
  explicit Scanner(const Bytes& b, size_t pos) : b_(b), pos_(pos) {}
  size_t pos() const { return pos_; }
  uint64_t Varint() {
    uint64_t r = 0;
    for (int s = 0; s < 64; s += 7) {
      if (pos_ >= b_.size()) throw std::out_of_range("varint");
      uint8_t x = b_[pos_++];
      r |= uint64_t{x & 0x7fu} << s;
      if (x < 0x80) return r;
    }
    throw std::out_of_range("varint too long");
  }
  int64_t ZigZag() {
    uint64_t v = Varint();
    return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
  }
  // Calls on_field(id, type) for each field; it returns true if it consumed the value.
  template <typename F>
  void Struct(F on_field) {
    int16_t id = 0;
    for (;;) {
      uint8_t h = b_.at(pos_++);
      if (h == 0) return;
      uint8_t type = h & 15;
      id = (h >> 4) ? static_cast<int16_t>(id + (h >> 4)) : static_cast<int16_t>(ZigZag());
      if (!on_field(id, type)) Skip(type);
    }
  }
  void Skip(uint8_t type) {
    switch (type) {
      case 1: case 2: return;
      case 3: pos_ += 1; return;
      case 4: case 5: case 6: Varint(); return;
      case 7: pos_ += 8; return;
      case 8: pos_ += Varint(); return;
      case 9: case 10: {
        uint8_t h = b_.at(pos_++);
        uint64_t n = h >> 4;
        if (n == 15) n = Varint();
        for (uint64_t i = 0; i < n; ++i) Skip(h & 15);
        return;
      }
      case 11: {
        uint64_t n = Varint();
        if (n == 0) return;
        uint8_t kv = b_.at(pos_++);
        for (uint64_t i = 0; i < n; ++i) { Skip(kv >> 4); Skip(kv & 15); }
        return;
      }
      case 12: Struct([](int16_t, uint8_t) { return false; }); return;
      default: throw std::runtime_error("bad compact type");
    }
  }

 private:
  const Bytes& b_;
  size_t pos_;
};

PageInfo ReadPageHeader(const Bytes& file, size_t offset) {
  PageInfo info;
  Scanner s(file, offset);
  s.Struct([&](int16_t id, uint8_t type) {
    if (type == 5 && id >= 1 && id <= 3) {
      int32_t v = static_cast<int32_t>(s.ZigZag());
      (id == 1 ? info.type : id == 2 ? info.uncompressed : info.compressed) = v;
      return true;
    }
    if (type == 12 && id == 8) {  // DataPageHeaderV2
      s.Struct([&](int16_t id2, uint8_t type2) {
        if (type2 == 5 && (id2 == 5 || id2 == 6)) {
          info.v2_levels += static_cast<int32_t>(s.ZigZag());
          return true;
        }
        if (id2 == 7 && (type2 == 1 || type2 == 2)) {
          info.v2_compressed = type2 == 1;
          return true;
        }
        return false;
      });
      return true;
    }
    return false;
  });
  info.data_offset = s.pos();
  return info;
}

struct CorpusCase {
  const char* file;
  Compression codec;
};

class CorpusPageTest : public ::testing::TestWithParam<CorpusCase> {};

TEST_P(CorpusPageTest, FirstPageDecompressesToItsStatedSize) {
  const std::string path = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/" + GetParam().file;
  std::ifstream in(path, std::ios::binary);
  if (!in) GTEST_SKIP() << "missing " << path;
  Bytes file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(file.size(), 12u);
  PageInfo page = ReadPageHeader(file, 4);
  ASSERT_GE(page.compressed, page.v2_levels);
  ASSERT_GE(page.uncompressed, page.v2_levels);
  ASSERT_LE(page.data_offset + static_cast<size_t>(page.compressed), file.size());
  ASSERT_TRUE(page.v2_compressed);
  const size_t start = page.data_offset + static_cast<size_t>(page.v2_levels);
  Bytes body(file.begin() + static_cast<ptrdiff_t>(start),
             file.begin() + static_cast<ptrdiff_t>(page.data_offset + static_cast<size_t>(page.compressed)));
  ASSERT_OK_AND_ASSIGN(auto codec, MakeCodec(GetParam().codec));
  auto d = testing::DecompressGuarded(*codec, body, static_cast<size_t>(page.uncompressed - page.v2_levels));
  EXPECT_OK(d.status);
  EXPECT_TRUE(d.guard_intact);
  // And one byte off in either direction is refused.
  EXPECT_STATUS(testing::DecompressGuarded(*codec, body, d.bytes.size() + 1).status, StatusCode::kCorrupt);
  if (!d.bytes.empty()) {
    EXPECT_STATUS(testing::DecompressGuarded(*codec, body, d.bytes.size() - 1).status, StatusCode::kCorrupt);
  }
}

INSTANTIATE_TEST_SUITE_P(
    ParquetTesting, CorpusPageTest,
    ::testing::Values(CorpusCase{"hadoop_lz4_compressed.parquet", Compression::kLz4},
                      CorpusCase{"hadoop_lz4_compressed_larger.parquet", Compression::kLz4},
                      CorpusCase{"non_hadoop_lz4_compressed.parquet", Compression::kLz4},
                      CorpusCase{"lz4_raw_compressed.parquet", Compression::kLz4Raw},
                      CorpusCase{"lz4_raw_compressed_larger.parquet", Compression::kLz4Raw},
                      CorpusCase{"concatenated_gzip_members.parquet", Compression::kGzip},
                      CorpusCase{"byte_stream_split_extended.gzip.parquet", Compression::kGzip},
                      CorpusCase{"byte_stream_split.zstd.parquet", Compression::kZstd},
                      CorpusCase{"alltypes_plain.snappy.parquet", Compression::kSnappy},
                      CorpusCase{"datapage_v1-snappy-compressed-checksum.parquet", Compression::kSnappy}),
    [](const ::testing::TestParamInfo<CorpusCase>& info) {
      std::string name = info.param.file;
      name = name.substr(0, name.find(".parquet"));
      for (char& c : name) {
        if (!isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

// A dictionary page that claims 1 GiB: decoding into a small buffer must fail
// fast and without allocating the claimed size.
TEST(CorpusBombTest, BrotliPageClaimingOneGiBIntoOneMiB) {
  const std::string path = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/large_string_map.brotli.parquet";
  std::ifstream in(path, std::ios::binary);
  if (!in) GTEST_SKIP() << "missing " << path;
  Bytes file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  PageInfo page = ReadPageHeader(file, 4);
  ASSERT_GT(page.uncompressed, 1 << 29);
  Bytes body(file.begin() + static_cast<ptrdiff_t>(page.data_offset),
             file.begin() + static_cast<ptrdiff_t>(page.data_offset + static_cast<size_t>(page.compressed)));
  ASSERT_OK_AND_ASSIGN(auto codec, MakeCodec(Compression::kBrotli));
  auto d = testing::DecompressGuarded(*codec, body, 1 << 20);
  EXPECT_STATUS(d.status, StatusCode::kCorrupt);
  EXPECT_TRUE(d.guard_intact);
}

}  // namespace
}  // namespace parq::compression
