// Bloom filters: the corpus files' filters contain every value of their
// column; written filters read back bit for bit and contain every value;
// false-positive rates stay near the requested fpp; hostile headers fail
// cleanly.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "format/footer.h"
#include "index/bloom_filter_reader.h"
#include "parq/bloom_filter.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "../tools/parq/counting_file.h"  // the CountingFile of `parq scan --explain`
#include "testing/footer_edit.h"
#include "testing/status_macros.h"
#include "thrift/compact_writer.h"

namespace parq {
namespace {

using parq::testing::EditFooter;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

// The values of one BYTE_ARRAY column chunk.
Result<std::vector<std::string>> ReadStrings(const FileReader& reader, int rg, int col) {
  std::vector<std::string> out;
  PARQ_ASSIGN_OR_RETURN(auto cr, reader.OpenColumn(rg, col));
  auto* r = cr->As<ByteArray>();
  if (r == nullptr) return Status::InvalidArgument("not a BYTE_ARRAY column");
  std::vector<int16_t> def(1024), rep(1024);
  std::vector<ByteArray> v(1024);
  while (true) {
    int64_t read = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t n, r->ReadBatch(1024, def.data(), rep.data(), v.data(), &read));
    if (n == 0) return out;
    for (int64_t i = 0; i < read; ++i) out.emplace_back(v[size_t(i)].view());
  }
}

class BloomCorpusTest : public ::testing::TestWithParam<std::string> {};

TEST_P(BloomCorpusTest, EveryValueMightBeContainedAndAbsentOnesRarely) {
  auto reader = FileReader::Open(kData + GetParam());
  ASSERT_OK(reader);
  auto bf = (*reader)->ReadBloomFilter(0, 0);
  ASSERT_OK(bf);
  ASSERT_TRUE(*bf);
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> values, ReadStrings(**reader, 0, 0));
  ASSERT_FALSE(values.empty());
  for (const auto& v : values) EXPECT_TRUE((*bf)->MightContain(std::string_view(v))) << v;
  std::set<std::string> present(values.begin(), values.end());
  int probes = 0, positives = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string s = "absent-" + std::to_string(i);
    if (present.count(s)) continue;
    ++probes;
    positives += (*bf)->MightContain(std::string_view(s));
  }
  // 14 distinct values in a 1-2 KiB filter: false positives are very rare.
  EXPECT_LT(positives, probes / 100) << positives << " of " << probes;
  // A column without a filter.
  auto none = (*reader)->ReadBloomFilter(0, 0);
  EXPECT_OK(none);
}

INSTANTIATE_TEST_SUITE_P(Corpus, BloomCorpusTest,
                         ::testing::Values("data_index_bloom_encoding_stats.parquet",
                                           "data_index_bloom_encoding_with_length.parquet"),
                         [](const auto& info) {
                           return info.param.find("length") != std::string::npos ? "with_length"
                                                                                 : "stats";
                         });

TEST(BloomFilterSizingTest, OptimalNumBytes) {
  // c = -8 / ln(1 - 0.01^(1/8)) = 9.68 bits per value.
  EXPECT_EQ(BloomFilter::OptimalNumBytes(1000, 0.01), 2048);  // 1210 bytes -> 2048
  EXPECT_EQ(BloomFilter::OptimalNumBytes(1, 0.01), 32);
  EXPECT_EQ(BloomFilter::OptimalNumBytes(0, 0.01), 32);
  EXPECT_EQ(BloomFilter::OptimalNumBytes(1'000'000'000, 0.01, 1 << 20), 1 << 20);
  EXPECT_EQ(BloomFilter::OptimalNumBytes(1'000'000'000, 0.01, (1 << 20) + 5), 1 << 20);
  EXPECT_EQ(BloomFilter::OptimalNumBytes(100, 2.0), BloomFilter::OptimalNumBytes(100, 0.01));
  // The spec's example: 1% and one million values fit in about 1.2 MB.
  EXPECT_EQ(BloomFilter::OptimalNumBytes(1'000'000, 0.01, 1 << 24), 2 << 20);
}

TEST(BloomFilterRateTest, FalsePositivesNearFpp) {
  // ndv chosen so that the power-of-two rounding adds under 1%: the filter
  // then has the spec's bits per value for fpp, and the measured rate must be
  // close to fpp.
  for (auto [fpp, ndv] : {std::pair{0.01, int64_t{27000}}, std::pair{0.05, int64_t{38000}}}) {
    BloomFilter f(BloomFilter::OptimalNumBytes(ndv, fpp));
    for (int64_t i = 0; i < ndv; ++i) f.Insert(i * 2);  // even numbers
    for (int64_t i = 0; i < ndv; ++i) ASSERT_TRUE(f.MightContain(i * 2));
    int64_t positives = 0, probes = 200000;
    for (int64_t i = 0; i < probes; ++i) positives += f.MightContain(i * 2 + 1);  // odd: absent
    double rate = double(positives) / double(probes);
    EXPECT_EQ(f.num_bytes(), 32768);
    EXPECT_LE(rate, fpp * 1.5) << "fpp " << fpp;
    EXPECT_GE(rate, fpp / 1.5) << "fpp " << fpp;
    std::printf("fpp %.2f: %lld bytes, false-positive rate %.4f over %lld probes\n", fpp,
                static_cast<long long>(f.num_bytes()), rate, static_cast<long long>(probes));
  }
}

// --- written filters ---

TEST(BloomFilterWriteTest, RoundTripEveryType) {
  ASSERT_OK_AND_ASSIGN(
      Schema s,
      ParseMessageType("message m { required int32 i; optional int64 l; required float f; required double d;"
                       " optional binary s (STRING); required fixed_len_byte_array(3) x; required int96 t;"
                       " required boolean b; }"));
  WriterOptions o;
  o.column_defaults.bloom_filter = true;
  o.column_defaults.bloom_filter_ndv = 500;
  o.max_rows_per_row_group = 600;
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), s, o);
  ASSERT_OK(w);
  const int64_t n = 1000;
  std::vector<int32_t> i32;
  std::vector<int64_t> i64;
  std::vector<float> f32;
  std::vector<double> f64;
  std::vector<std::string> strs, fixed;
  std::vector<Int96> t96;
  std::vector<int16_t> def;
  for (int64_t r = 0; r < n; ++r) {
    i32.push_back(int32_t(r * 7));
    i64.push_back(r * 1'000'000'007LL);
    f32.push_back(float(r) / 4);
    f64.push_back(-double(r) / 3);
    strs.push_back("value " + std::to_string(r));
    fixed.push_back({char(r), char(r >> 8), 'z'});
    t96.push_back(Int96{{uint32_t(r), 0, 2440588}});
    def.push_back(r % 5 == 0 ? 0 : 1);
  }
  for (int64_t b = 0; b < n; b += 100) {
    auto& fw = **w;
    ASSERT_OK((*fw.typed_column<int32_t>(0))->WriteBatch(100, nullptr, nullptr, &i32[b]));
    std::vector<int64_t> l;
    std::vector<ByteArray> sv;
    for (int64_t r = b; r < b + 100; ++r) {
      if (def[r]) {
        l.push_back(i64[r]);
        sv.push_back(ByteArray{reinterpret_cast<const uint8_t*>(strs[r].data()), uint32_t(strs[r].size())});
      }
    }
    ASSERT_OK((*fw.typed_column<int64_t>(1))->WriteBatch(100, &def[b], nullptr, l.data()));
    ASSERT_OK((*fw.typed_column<float>(2))->WriteBatch(100, nullptr, nullptr, &f32[b]));
    ASSERT_OK((*fw.typed_column<double>(3))->WriteBatch(100, nullptr, nullptr, &f64[b]));
    ASSERT_OK((*fw.typed_column<ByteArray>(4))->WriteBatch(100, &def[b], nullptr, sv.data()));
    std::vector<FixedLenByteArray> fx;
    for (int64_t r = b; r < b + 100; ++r) fx.push_back({reinterpret_cast<const uint8_t*>(fixed[r].data())});
    ASSERT_OK((*fw.typed_column<FixedLenByteArray>(5))->WriteBatch(100, nullptr, nullptr, fx.data()));
    ASSERT_OK((*fw.typed_column<Int96>(6))->WriteBatch(100, nullptr, nullptr, &t96[b]));
    std::unique_ptr<bool[]> bools(new bool[100]());
    ASSERT_OK((*fw.typed_column<bool>(7))->WriteBatch(100, nullptr, nullptr, bools.get()));
    ASSERT_OK(fw.MaybeEndRowGroup());
  }
  ASSERT_OK((*w)->Close());
  auto reader = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(sink->bytes())));
  ASSERT_OK(reader);
  ASSERT_EQ((*reader)->metadata().num_row_groups(), 2);
  for (int rg = 0; rg < 2; ++rg) {
    const int64_t lo = rg == 0 ? 0 : 600, hi = rg == 0 ? 600 : n;
    std::vector<std::optional<BloomFilter>> got;
    for (int c = 0; c < 8; ++c) {
      auto bf = (*reader)->ReadBloomFilter(rg, c);
      ASSERT_OK(bf);
      got.push_back(*bf);
    }
    ASSERT_FALSE(got[7]) << "no filter for BOOLEAN";
    // Rebuild each filter independently: the bits must match exactly.
    std::vector<BloomFilter> want(7, BloomFilter(BloomFilter::OptimalNumBytes(500, 0.01)));
    for (int64_t r = lo; r < hi; ++r) {
      want[0].Insert(i32[r]);
      if (def[r]) want[1].Insert(i64[r]);
      want[2].Insert(f32[r]);
      want[3].Insert(f64[r]);
      if (def[r]) want[4].Insert(std::string_view(strs[r]));
      want[5].Insert(std::string_view(fixed[r]));
      want[6].Insert(t96[r]);
    }
    for (int c = 0; c < 7; ++c) {
      ASSERT_TRUE(got[size_t(c)]) << c;
      EXPECT_EQ(got[size_t(c)]->num_bytes(), 1024) << c;  // 500 x 9.68 bits -> 605 -> 1024 bytes
      EXPECT_TRUE(*got[size_t(c)] == want[size_t(c)]) << "column " << c << " row group " << rg;
    }
    for (int64_t r = lo; r < hi; ++r) {
      EXPECT_TRUE(got[0]->MightContain(i32[r]));
      EXPECT_TRUE(got[4]->MightContain(std::string_view(strs[r])) || !def[r]);
      EXPECT_TRUE(got[6]->MightContain(t96[r]));
    }
    // Values of the other row group are mostly absent.
    int positives = 0;
    for (int64_t r = (rg == 0 ? 600 : 0); r < (rg == 0 ? n : 400); ++r) {
      positives += got[0]->MightContain(i32[r]);
    }
    EXPECT_LT(positives, 40);
  }
  // bloom_filter_length is set and covers header + bitset.
  auto c0 = (*reader)->metadata().row_group(0).column(0);
  ASSERT_TRUE(c0.bloom_filter_offset() && c0.bloom_filter_length());
  EXPECT_GT(*c0.bloom_filter_length(), 1024);
  EXPECT_LT(*c0.bloom_filter_length(), 1024 + 32);
}

// --- hostile ---

std::string Header(int32_t num_bytes, bool block = true, bool xxhash = true, bool plain = true) {
  format::BloomFilterHeader h = index::MakeBloomFilterHeader(num_bytes);
  if (!block) h.algorithm.BLOCK.reset();
  if (!xxhash) h.hash.XXHASH.reset();
  if (!plain) h.compression.UNCOMPRESSED.reset();
  thrift::CompactWriter w;
  format::Write(w, h);
  return std::string(reinterpret_cast<const char*>(w.data()), w.size());
}

Status Decode(const std::string& bytes, bool exact, ReaderOptions options = {}) {
  return index::DecodeBloomFilter(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(),
                                  exact, options, 500)
      .status();
}

TEST(BloomFilterHostileTest, HeadersFailCleanly) {
  const std::string bits(64, '\x5A');
  EXPECT_OK(Decode(Header(64) + bits, true));
  EXPECT_OK(Decode(Header(64) + bits + "trailing", false));
  Status st = Decode(Header(64) + bits + "x", true);
  EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "bloom_filter_length");
  for (int32_t bad : {0, -32, 33, 48 + 1}) {
    st = Decode(Header(bad) + bits, false);
    EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "numBytes") << bad;
  }
  st = Decode(Header(128) + bits, false);  // bitset longer than the bytes
  EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "does not fit");
  st = Decode(Header(0x7FFFFFE0) + bits, false);
  EXPECT_STATUS(st, StatusCode::kLimitExceeded);
  ReaderOptions small;
  small.max_bloom_filter_size = 32;
  EXPECT_STATUS(Decode(Header(64) + bits, true, small), StatusCode::kLimitExceeded);
  EXPECT_STATUS(Decode(Header(64, false) + bits, true), StatusCode::kUnsupported);
  EXPECT_STATUS(Decode(Header(64, true, false) + bits, true), StatusCode::kUnsupported);
  EXPECT_STATUS(Decode(Header(64, true, true, false) + bits, true), StatusCode::kUnsupported);
  const std::string good = Header(64) + bits;
  for (size_t n = 0; n < Header(64).size(); ++n) {
    EXPECT_NOT_OK(Decode(good.substr(0, n), false)) << n;
  }
}

// `edit` applied to the metadata of the first column chunk.
std::function<void(format::FileMetaData&)> OnFirstChunk(
    const std::function<void(format::ColumnMetaData&)>& edit) {
  return [edit](format::FileMetaData& md) { edit(*md.row_groups[0].columns[0].meta_data); };
}

Status ReadFilter(const std::string& bytes) {
  auto reader = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)));
  if (!reader.ok()) return reader.status();
  return (*reader)->ReadBloomFilter(0, 0).status();
}

// Without bloom_filter_length the header is read in a window and only the
// bitset's part beyond it after: the filter the header and bitset decode to
// when read whole, with no byte read twice.
TEST(BloomFilterReadTest, WithoutLengthReadsEachByteOnce) {
  const std::string path = kData + "data_index_bloom_encoding_stats.parquet";
  ASSERT_OK_AND_ASSIGN(auto base, OpenFile(path));
  auto file = std::make_shared<cli::CountingFile>(std::move(base));
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(file));
  const auto chunk = reader->metadata().row_group(0).column(0);
  ASSERT_FALSE(chunk.bloom_filter_length());
  ASSERT_TRUE(chunk.bloom_filter_offset());
  const uint64_t reads = file->reads(), read = file->bytes_read(), distinct = file->distinct_bytes_read();
  ASSERT_OK_AND_ASSIGN(std::optional<BloomFilter> got, reader->ReadBloomFilter(0, 0));
  ASSERT_TRUE(got);
  EXPECT_EQ(file->reads() - reads, 2u);  // the window, then the rest of the bitset
  // Nothing read twice, the filter's bytes included.
  EXPECT_EQ(file->bytes_read() - read, file->distinct_bytes_read() - distinct);

  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto off = static_cast<size_t>(*chunk.bloom_filter_offset());
  ASSERT_OK_AND_ASSIGN(BloomFilter whole,
                       index::DecodeBloomFilter(reinterpret_cast<const uint8_t*>(bytes.data()) + off,
                                                bytes.size() - off, /*exact=*/false, ReaderOptions{}, off));
  EXPECT_EQ(got->Bitset(), whole.Bitset());
  EXPECT_TRUE(got->MightContain(std::string_view("Hello")));
}

TEST(BloomFilterHostileTest, ForgedOffsetsAndLengths) {
  const std::string with_length = kData + "data_index_bloom_encoding_with_length.parquet";
  const std::string without = kData + "data_index_bloom_encoding_stats.parquet";
  std::string edited;
  ASSERT_OK_AND_ASSIGN(edited, EditFooter(with_length, OnFirstChunk([](auto&) {})));
  EXPECT_OK(ReadFilter(edited));
  ASSERT_OK_AND_ASSIGN(edited,
                       EditFooter(with_length, OnFirstChunk([](auto& md) { *md.bloom_filter_length -= 1; })));
  Status st = ReadFilter(edited);
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  std::string msg = st.ToString();
  EXPECT_NE(msg.find("column 'String'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("row group 0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("file offset"), std::string::npos) << msg;
  ASSERT_OK_AND_ASSIGN(edited, EditFooter(with_length, OnFirstChunk([](auto& md) {
                         md.bloom_filter_length = 1 << 30;
                       })));
  st = ReadFilter(edited);
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  ASSERT_OK_AND_ASSIGN(edited,
                       EditFooter(with_length, OnFirstChunk([](auto& md) { md.bloom_filter_length = -5; })));
  st = ReadFilter(edited);
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  ASSERT_OK_AND_ASSIGN(edited,
                       EditFooter(without, OnFirstChunk([](auto& md) { md.bloom_filter_offset = 1 << 30; })));
  st = ReadFilter(edited);
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  ASSERT_OK_AND_ASSIGN(edited,
                       EditFooter(without, OnFirstChunk([](auto& md) { md.bloom_filter_offset = -1; })));
  st = ReadFilter(edited);
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  // Pointing at the column data: not a header, or a header whose bitset runs away.
  ASSERT_OK_AND_ASSIGN(edited,
                       EditFooter(without, OnFirstChunk([](auto& md) { md.bloom_filter_offset = 4; })));
  st = ReadFilter(edited);
  EXPECT_NOT_OK(st);
  // Near the end of the file: the header window is cut short.
  ASSERT_OK_AND_ASSIGN(edited,
                       EditFooter(without, OnFirstChunk([](auto& md) { *md.bloom_filter_offset += 1; })));
  st = ReadFilter(edited);
  EXPECT_NOT_OK(st);
}

}  // namespace
}  // namespace parq
