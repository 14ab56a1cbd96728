// Hostile-input and exact-byte tests for PLAIN, dictionary, BYTE_STREAM_SPLIT
// and RLE booleans.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "encoding/byte_stream_split.h"
#include "encoding/decoder.h"
#include "encoding/encoder.h"
#include "encoding/rle_bit_packed.h"
#include "testing/status_macros.h"
#include "util/cpu.h"

namespace parq::encoding {
namespace {

template <typename T>
Result<std::unique_ptr<TypedDecoder<T>>> Dec(Encoding e, int tl = -1) {
  return MakeDecoder<T>(e, PhysicalTypeOf<T>::value, tl);
}

bool Contains(const Status& st, const std::string& s) {
  return st.message().find(s) != std::string::npos;
}

TEST(PlainTest, ForgedCountsFailFast) {
  const std::vector<uint8_t> ten(10, 0);
  const int64_t huge = int64_t{1} << 31;
  {
    ASSERT_OK_AND_ASSIGN(auto d, Dec<int32_t>(Encoding::kPlain));
    Status st = d->SetData(huge, ten.data(), ten.size());
    EXPECT_STATUS(st, StatusCode::kCorrupt);
    EXPECT_TRUE(Contains(st, "2147483648 values need at least 8589934592 bytes")) << st.ToString();
    EXPECT_STATUS_HAS(d->SetData(3, ten.data(), ten.size()), StatusCode::kCorrupt,
                      "PLAIN INT32: 3 values need at least 12 bytes, the page has 10");
    // More values than bytes: the need is still a number, not "more".
    EXPECT_STATUS_HAS(d->SetData(11, ten.data(), ten.size()), StatusCode::kCorrupt,
                      "PLAIN INT32: 11 values need at least 44 bytes, the page has 10");
    EXPECT_STATUS_HAS(d->SetData(INT64_MAX, ten.data(), ten.size()), StatusCode::kCorrupt,
                      "9223372036854775807 values need at least 36893488147419103228 bytes");
    EXPECT_OK(d->SetData(2, ten.data(), ten.size()));
  }
  ASSERT_OK_AND_ASSIGN(auto strings, Dec<ByteArray>(Encoding::kPlain));
  EXPECT_STATUS(strings->SetData(huge, ten.data(), 10), StatusCode::kCorrupt);
  ASSERT_OK_AND_ASSIGN(strings, Dec<ByteArray>(Encoding::kPlain));
  EXPECT_STATUS(strings->SetData(3, ten.data(), 10), StatusCode::kCorrupt);
  ASSERT_OK_AND_ASSIGN(auto bools, Dec<bool>(Encoding::kPlain));
  EXPECT_STATUS(bools->SetData(81, ten.data(), 10), StatusCode::kCorrupt);
  ASSERT_OK_AND_ASSIGN(bools, Dec<bool>(Encoding::kPlain));
  EXPECT_OK(bools->SetData(80, ten.data(), 10));
  ASSERT_OK_AND_ASSIGN(auto int96s, Dec<Int96>(Encoding::kPlain));
  EXPECT_STATUS(int96s->SetData(1, ten.data(), 10), StatusCode::kCorrupt);
  ASSERT_OK_AND_ASSIGN(auto fixed, Dec<FixedLenByteArray>(Encoding::kPlain, 3));
  EXPECT_STATUS(fixed->SetData(4, ten.data(), 10), StatusCode::kCorrupt);
  ASSERT_OK_AND_ASSIGN(auto ints, Dec<int32_t>(Encoding::kPlain));
  EXPECT_STATUS(ints->SetData(-1, ten.data(), 10), StatusCode::kInvalidArgument);
}

TEST(PlainTest, ByteArrayLengthsCheckedAtEveryTruncation) {
  std::vector<uint8_t> full;
  const std::vector<std::string> strs = {"hello", "", "parquet", "x"};
  for (const auto& s : strs) {
    const uint32_t len = static_cast<uint32_t>(s.size());
    for (int i = 0; i < 4; ++i) full.push_back(static_cast<uint8_t>(len >> (8 * i)));
    full.insert(full.end(), s.begin(), s.end());
  }
  {
    ASSERT_OK_AND_ASSIGN(auto d, Dec<ByteArray>(Encoding::kPlain));
    ASSERT_OK(d->SetData(4, full.data(), full.size()));
    ByteArray out[4];
    ASSERT_EQ(*d->Decode(out, 4), 4);
    for (size_t i = 0; i < 4; ++i) EXPECT_EQ(out[i].view(), strs[i]);
  }
  for (size_t len = 16; len < full.size(); ++len) {
    std::vector<uint8_t> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(len));
    ASSERT_OK_AND_ASSIGN(auto d, Dec<ByteArray>(Encoding::kPlain));
    ASSERT_OK(d->SetData(4, cut.data(), cut.size()));
    ByteArray out[4];
    auto r = d->Decode(out, 4);
    EXPECT_STATUS(r, StatusCode::kCorrupt) << "len " << len;
  }
  // A length claiming far more than is left.
  std::vector<uint8_t> bad = {0xff, 0xff, 0xff, 0x7f, 'a', 'b'};
  ASSERT_OK_AND_ASSIGN(auto d, Dec<ByteArray>(Encoding::kPlain));
  ASSERT_OK(d->SetData(1, bad.data(), bad.size()));
  ByteArray out[1];
  auto r = d->Decode(out, 1);
  EXPECT_EQ(r.status().message(),
            "PLAIN BYTE_ARRAY: length 2147483647 at byte 0 exceeds the 2 bytes left");
}

// FlushValues appends to what *out holds, and every flush starts over:
// strings of 0..40 bytes (the short-copy sizes) come out exactly.
TEST(PlainTest, ByteArrayFlushesAppendAndStartOver) {
  auto e = MakeEncoder<ByteArray>(Encoding::kPlain, PhysicalType::kByteArray);
  ASSERT_OK(e);
  std::vector<std::string> strings;
  for (size_t len = 0; len <= 40; ++len) {
    std::string v;
    for (size_t i = 0; i < len; ++i) v.push_back(static_cast<char>('a' + (i * 7 + len) % 26));
    strings.push_back(v);
  }
  std::vector<ByteArray> values;
  std::string want;
  for (const auto& v : strings) {
    values.push_back(ByteArray{reinterpret_cast<const uint8_t*>(v.data()), uint32_t(v.size())});
    const uint32_t len = static_cast<uint32_t>(v.size());
    want.append(reinterpret_cast<const char*>(&len), 4);
    want += v;
  }
  std::vector<uint8_t> out;
  for (int round = 0; round < 3; ++round) {
    ASSERT_OK((*e)->Put(values.data(), static_cast<int64_t>(values.size())));
    ASSERT_OK((*e)->FlushValues(&out));
    ASSERT_EQ(out.size(), want.size() * static_cast<size_t>(round + 1)) << round;
    for (int k = 0; k <= round; ++k) {
      EXPECT_EQ(std::string(reinterpret_cast<const char*>(out.data()) + want.size() * static_cast<size_t>(k), want.size()), want);
    }
  }
  std::vector<uint8_t> fresh;
  ASSERT_OK((*e)->FlushValues(&fresh));
  EXPECT_TRUE(fresh.empty());  // nothing Put since the last flush
  ASSERT_OK((*e)->Put(values.data() + 40, 1));
  ASSERT_OK((*e)->FlushValues(&fresh));
  EXPECT_EQ(fresh.size(), 44u);
}

TEST(PlainTest, BooleansUnalignedBatches) {
  const uint8_t bytes[] = {0b10110101, 0b00000011, 0xff};
  ASSERT_OK_AND_ASSIGN(auto d, Dec<bool>(Encoding::kPlain));
  ASSERT_OK(d->SetData(20, bytes, 3));
  bool out[20];
  ASSERT_EQ(*d->Decode(out, 3), 3);
  ASSERT_OK(d->Skip(2));
  ASSERT_EQ(*d->Decode(out + 5, 15), 15);
  const bool want[] = {1, 0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
  for (int i = 0; i < 20; ++i) {
    if (i == 3 || i == 4) continue;
    EXPECT_EQ(out[i], want[i]) << i;
  }
}

TEST(PlainTest, FixedWidthExactBytes) {
  auto e = MakeEncoder<int32_t>(Encoding::kPlain, PhysicalType::kInt32);
  ASSERT_OK(e);
  const int32_t v[] = {1, -2};
  ASSERT_OK((*e)->Put(v, 2));
  std::vector<uint8_t> out;
  ASSERT_OK((*e)->FlushValues(&out));
  EXPECT_EQ(out, (std::vector<uint8_t>{1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff}));
}

// A dictionary of three int64 entries and a page of indices.
// A decoder holding the dictionary {10, 20, 30}; call Init() under
// ASSERT_NO_FATAL_FAILURE before using it.
struct DictFixture {
  std::vector<uint8_t> dict_page;
  std::unique_ptr<DictionaryDecoder<int64_t>> dec;
  void Init() {
    const int64_t entries[] = {10, 20, 30};
    dict_page.resize(sizeof(entries));
    std::memcpy(dict_page.data(), entries, sizeof(entries));
    ASSERT_OK_AND_ASSIGN(dec, MakeDictionaryDecoder<int64_t>(PhysicalType::kInt64));
    ASSERT_OK(dec->SetDictionary(3, dict_page.data(), dict_page.size()));
  }
};

std::vector<uint8_t> IndexPage(const std::vector<uint32_t>& idx, int width) {
  std::vector<uint8_t> page = {static_cast<uint8_t>(width)};
  RleBitPackedEncoder enc(width);
  enc.PutBatch(idx.data(), static_cast<int64_t>(idx.size()));
  enc.Flush(&page);
  return page;
}

TEST(DictionaryTest, DecodeValuesAndIndices) {
  DictFixture f;
  ASSERT_NO_FATAL_FAILURE(f.Init());
  std::vector<uint32_t> idx;
  for (int i = 0; i < 3000; ++i) idx.push_back(static_cast<uint32_t>((i / 7) % 3));
  const auto page = IndexPage(idx, 2);
  ASSERT_OK(f.dec->SetData(3000, page.data(), page.size()));
  std::vector<int64_t> out(3000);
  ASSERT_EQ(*f.dec->Decode(out.data(), 1500), 1500);
  std::vector<int32_t> ind(1500);
  ASSERT_EQ(*f.dec->DecodeIndices(ind.data(), 1500), 1500);
  for (int i = 0; i < 1500; ++i) {
    ASSERT_EQ(out[static_cast<size_t>(i)], 10 * (idx[static_cast<size_t>(i)] + 1));
    ASSERT_EQ(ind[static_cast<size_t>(i)], static_cast<int32_t>(idx[1500 + static_cast<size_t>(i)]));
  }
  EXPECT_EQ(f.dec->values_left(), 0);
}

// Runs `check` with the kernels this CPU gets and with the portable ones
// (util::UseAvx2 picks the dictionary's range check).
template <typename F>
void ForBothKernels(F check) {
  for (bool portable : {false, true}) {
    SCOPED_TRACE(portable ? "portable kernels" : "this CPU's kernels");
    util::SetPortableKernels(portable);
    check();
  }
  util::SetPortableKernels(false);
}

TEST(DictionaryTest, IndexOutOfRange) {
  DictFixture f;
  ASSERT_NO_FATAL_FAILURE(f.Init());
  std::vector<uint32_t> idx(100, 1);
  idx[57] = 3;
  const auto page = IndexPage(idx, 2);
  ASSERT_OK(f.dec->SetData(100, page.data(), page.size()));
  std::vector<int64_t> out(100);
  auto r = f.dec->Decode(out.data(), 100);
  EXPECT_STATUS(r, StatusCode::kCorrupt);
  EXPECT_EQ(r.status().message(), "dictionary index 3 out of range (dictionary has 3 entries)");
  ASSERT_OK(f.dec->SetData(100, page.data(), page.size()));
  std::vector<int32_t> ind(100);
  EXPECT_STATUS(f.dec->DecodeIndices(ind.data(), 100), StatusCode::kCorrupt);
}

// The range check runs four (portable) or eight (AVX2) indices at a time
// plus a scalar tail: a bad index is found wherever it is, and the first one
// is named; by both kernels.
TEST(DictionaryTest, IndexOutOfRangeAnywhere) {
  ForBothKernels([] {
    for (size_t n : {size_t{1}, size_t{3}, size_t{4}, size_t{5}, size_t{8}, size_t{9}, size_t{103}, size_t{1030}}) {
      for (size_t at : {size_t{0}, n / 2, n - 1}) {
        DictFixture f;
        ASSERT_NO_FATAL_FAILURE(f.Init());
        std::vector<uint32_t> idx(n, 2);
        idx[at] = 3 + static_cast<uint32_t>(at % 4);
        if (at + 1 < n) idx[n - 1] = 7;  // a later bad index is not the one reported
        const auto page = IndexPage(idx, 3);
        ASSERT_OK(f.dec->SetData(static_cast<int64_t>(n), page.data(), page.size()));
        std::vector<int64_t> out(n);
        auto r = f.dec->Decode(out.data(), static_cast<int64_t>(n));
        ASSERT_STATUS(r, StatusCode::kCorrupt) << n << " " << at;
        EXPECT_EQ(r.status().message(), "dictionary index " + std::to_string(idx[at]) +
                                            " out of range (dictionary has 3 entries)")
            << n << " " << at;
      }
    }
  });
}

// Indices of 2^31 and up (bit width 32) are negative as int32: the vector
// check must still refuse them, in the vector part and in the tail.
TEST(DictionaryTest, HugeIndicesAreOutOfRange) {
  ForBothKernels([] {
    for (uint32_t huge : {0x80000000u, 0x80000002u, 0xfffffffdu, 0xffffffffu}) {
      for (size_t at : {size_t{0}, size_t{5}, size_t{37}, size_t{38}}) {
        DictFixture f;
        ASSERT_NO_FATAL_FAILURE(f.Init());
        std::vector<uint32_t> idx(39, 1);
        idx[at] = huge;
        const auto page = IndexPage(idx, 32);
        ASSERT_OK(f.dec->SetData(39, page.data(), page.size()));
        std::vector<int64_t> out(39);
        auto r = f.dec->Decode(out.data(), 39);
        ASSERT_STATUS(r, StatusCode::kCorrupt) << huge << " at " << at;
        EXPECT_EQ(r.status().message(),
                  "dictionary index " + std::to_string(huge) + " out of range (dictionary has 3 entries)");
      }
    }
  });
}

// A dictionary of 2^w entries with indices of bit width w (or less) needs no
// check; one entry fewer and the largest index is refused.
TEST(DictionaryTest, WidthThatCannotReachPastTheDictionary) {
  for (int width : {1, 2, 5}) {
    for (uint32_t entries : {(1u << width) - 1, 1u << width}) {
      std::vector<int64_t> dict(entries);
      for (uint32_t i = 0; i < entries; ++i) dict[i] = 100 + i;
      ASSERT_OK_AND_ASSIGN(auto dec, MakeDictionaryDecoder<int64_t>(PhysicalType::kInt64));
      ASSERT_OK(dec->SetDictionary(entries, reinterpret_cast<const uint8_t*>(dict.data()), dict.size() * 8));
      std::vector<uint32_t> idx(2000);
      for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<uint32_t>(i * 7 % (1u << width));
      const auto page = IndexPage(idx, width);
      ASSERT_OK(dec->SetData(2000, page.data(), page.size()));
      std::vector<int64_t> out(2000);
      auto r = dec->Decode(out.data(), 2000);
      if (entries == 1u << width) {
        ASSERT_OK(r);
        for (size_t i = 0; i < idx.size(); ++i) ASSERT_EQ(out[i], 100 + idx[i]) << i;
      } else {
        ASSERT_STATUS(r, StatusCode::kCorrupt) << width;
        EXPECT_EQ(r.status().message(), "dictionary index " + std::to_string(entries) +
                                            " out of range (dictionary has " +
                                            std::to_string(entries) + " entries)");
      }
    }
  }
}

TEST(DictionaryTest, BadHeadersAndShortStreams) {
  DictFixture f;
  ASSERT_NO_FATAL_FAILURE(f.Init());
  const uint8_t w33[] = {33, 0x02, 0x00};
  Status st = f.dec->SetData(1, w33, 3);
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  EXPECT_EQ(st.message(), "dictionary indices: bit width 33 at byte 0 is above 32");
  EXPECT_STATUS(f.dec->SetData(1, w33, 0), StatusCode::kCorrupt);
  EXPECT_OK(f.dec->SetData(0, w33, 0));
  // 8 indices present, 2^31 claimed: fails when the stream runs dry, without allocating.
  const auto page = IndexPage(std::vector<uint32_t>(8, 2), 2);
  ASSERT_OK(f.dec->SetData(int64_t{1} << 31, page.data(), page.size()));
  std::vector<int64_t> out(64);
  auto r = f.dec->Decode(out.data(), 64);
  EXPECT_STATUS(r, StatusCode::kCorrupt);
  EXPECT_STATUS(f.dec->Skip(100), StatusCode::kCorrupt);
}

TEST(DictionaryTest, DictionaryPageChecks) {
  auto d = MakeDictionaryDecoder<ByteArray>(PhysicalType::kByteArray);
  ASSERT_OK(d);
  const uint8_t ten[10] = {};
  EXPECT_STATUS((*d)->SetDictionary(int64_t{1} << 31, ten, 10), StatusCode::kCorrupt);
  EXPECT_STATUS((*d)->SetDictionary(3, ten, 10), StatusCode::kCorrupt);
  // Data before the dictionary.
  EXPECT_STATUS((*d)->SetData(1, ten, 10), StatusCode::kInvalidArgument);
  // Views point into the dictionary page bytes.
  const uint8_t page[] = {2, 0, 0, 0, 'h', 'i', 0, 0, 0, 0};
  ASSERT_OK((*d)->SetDictionary(2, page, sizeof(page)));
  EXPECT_EQ((*d)->dictionary()[0].view(), "hi");
  EXPECT_EQ((*d)->dictionary()[0].ptr, page + 4);
  EXPECT_EQ((*d)->dictionary()[1].len, 0u);
}

TEST(DictionaryTest, EncoderKeysFloatsByBits) {
  auto e = MakeDictionaryEncoder<double>(PhysicalType::kDouble);
  ASSERT_OK(e);
  const double v[] = {0.0, -0.0, 1.5, 0.0, 1.5};
  ASSERT_OK((*e)->Put(v, 5));
  EXPECT_EQ((*e)->num_entries(), 3);
  EXPECT_EQ((*e)->dictionary_byte_size(), 24);
  EXPECT_EQ((*e)->buffered_indices(), 5);
  std::vector<uint8_t> out;
  ASSERT_OK((*e)->FlushValues(&out));
  EXPECT_EQ(out[0], 2);  // bit width for max index 2
}

// The distinct values among those buffered since the last flush, each once:
// entries of earlier pages that the current one does not use are left out.
TEST(DictionaryTest, EncoderBufferedDistinct) {
  auto e = MakeDictionaryEncoder<ByteArray>(PhysicalType::kByteArray);
  ASSERT_OK(e);
  auto strings = [](std::vector<ByteArray> v) {
    std::vector<std::string> s;
    for (const ByteArray& b : v) s.emplace_back(b.view());
    std::sort(s.begin(), s.end());
    return s;
  };
  const std::string words[] = {"b", "a", "c", "a", "b", "", "a"};
  std::vector<ByteArray> v;
  for (const auto& w : words) v.push_back(ByteArray{reinterpret_cast<const uint8_t*>(w.data()), uint32_t(w.size())});
  ASSERT_OK((*e)->Put(v.data(), 7));
  std::vector<ByteArray> out;
  (*e)->AppendBufferedDistinct(&out);
  EXPECT_EQ(strings(out), (std::vector<std::string>{"", "a", "b", "c"}));
  out.clear();
  (*e)->AppendBufferedDistinct(&out);  // asked again: the same, each once
  EXPECT_EQ(strings(out), (std::vector<std::string>{"", "a", "b", "c"}));
  std::vector<uint8_t> page;
  ASSERT_OK((*e)->FlushValues(&page));
  out.clear();
  (*e)->AppendBufferedDistinct(&out);
  EXPECT_TRUE(out.empty());
  ASSERT_OK((*e)->Put(v.data() + 2, 2));  // "c", "a"
  (*e)->AppendBufferedDistinct(&out);
  EXPECT_EQ(strings(out), (std::vector<std::string>{"a", "c"}));
}

// Strings of every length 0..40 that differ from a base in exactly one byte
// (each position in turn, so every load of the hash and the comparison
// matters), each Put twice: every distinct string is one entry, in order of
// first appearance, and the indices decode back to the strings.  4,000+
// entries take the table past its sparse size and through several growths.
TEST(DictionaryTest, EncoderTellsNearStringsApart) {
  std::vector<std::string> distinct;
  for (size_t len = 0; len <= 40; ++len) {
    const std::string base(len, 'q');
    distinct.push_back(base);
    for (size_t at = 0; at < len; ++at) {
      for (char c : {'r', '\0', '\xFF'}) {
        std::string v = base;
        v[at] = c;
        distinct.push_back(v);
      }
    }
  }
  ASSERT_GT(distinct.size(), 2500u);
  std::vector<std::string> input;
  for (const auto& v : distinct) input.push_back(v), input.push_back(v);
  for (size_t i = 0; i < distinct.size(); i += 3) input.push_back(distinct[i]);
  std::vector<ByteArray> values;
  for (const auto& v : input) values.push_back(ByteArray{reinterpret_cast<const uint8_t*>(v.data()), uint32_t(v.size())});
  auto e = MakeDictionaryEncoder<ByteArray>(PhysicalType::kByteArray);
  ASSERT_OK(e);
  ASSERT_OK((*e)->Put(values.data(), static_cast<int64_t>(values.size())));
  ASSERT_EQ((*e)->num_entries(), static_cast<int64_t>(distinct.size()));
  std::vector<uint8_t> dict_page, data_page;
  (*e)->WriteDictionaryPage(&dict_page);
  ASSERT_OK((*e)->FlushValues(&data_page));
  auto d = MakeDictionaryDecoder<ByteArray>(PhysicalType::kByteArray);
  ASSERT_OK(d);
  ASSERT_OK((*d)->SetDictionary((*e)->num_entries(), dict_page.data(), dict_page.size()));
  ASSERT_OK((*d)->SetData(static_cast<int64_t>(values.size()), data_page.data(), data_page.size()));
  std::vector<int32_t> idx(values.size());
  ASSERT_EQ(*(*d)->DecodeIndices(idx.data(), static_cast<int64_t>(idx.size())), static_cast<int64_t>(idx.size()));
  for (size_t i = 0; i < 2 * distinct.size(); ++i) ASSERT_EQ(idx[i], static_cast<int32_t>(i / 2)) << i;
  ASSERT_OK((*d)->SetData(static_cast<int64_t>(values.size()), data_page.data(), data_page.size()));
  std::vector<ByteArray> out(values.size());
  ASSERT_EQ(*(*d)->Decode(out.data(), static_cast<int64_t>(out.size())), static_cast<int64_t>(out.size()));
  for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i].view(), input[i]) << i;
}

// 4-byte numbers are keyed by their bits: 100,000 int32s through many
// growths, each seen twice, keep first-appearance indices.
TEST(DictionaryTest, EncoderInt32ThroughGrowth) {
  std::vector<int32_t> v;
  for (int32_t i = 0; i < 100000; ++i) v.push_back(i * 7919 - 50000), v.push_back(i * 7919 - 50000);
  auto e = MakeDictionaryEncoder<int32_t>(PhysicalType::kInt32);
  ASSERT_OK(e);
  ASSERT_OK((*e)->Put(v.data(), static_cast<int64_t>(v.size())));
  EXPECT_EQ((*e)->num_entries(), 100000);
  std::vector<uint8_t> dict_page, data_page;
  (*e)->WriteDictionaryPage(&dict_page);
  ASSERT_OK((*e)->FlushValues(&data_page));
  auto d = MakeDictionaryDecoder<int32_t>(PhysicalType::kInt32);
  ASSERT_OK(d);
  ASSERT_OK((*d)->SetDictionary(100000, dict_page.data(), dict_page.size()));
  ASSERT_OK((*d)->SetData(static_cast<int64_t>(v.size()), data_page.data(), data_page.size()));
  std::vector<int32_t> out(v.size());
  ASSERT_EQ(*(*d)->Decode(out.data(), static_cast<int64_t>(out.size())), static_cast<int64_t>(out.size()));
  EXPECT_EQ(out, v);
}

TEST(ByteStreamSplitTest, ExactBytesAndChecks) {
  // Two floats 1.0f (0x3f800000) and -2.0f (0xc0000000): streams 00 00 | 00 00 | 80 00 | 3f c0.
  const uint8_t bytes[] = {0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x3f, 0xc0};
  ASSERT_OK_AND_ASSIGN(auto d, Dec<float>(Encoding::kByteStreamSplit));
  ASSERT_OK(d->SetData(2, bytes, 8));
  float out[2];
  ASSERT_EQ(*d->Decode(out, 2), 2);
  EXPECT_EQ(out[0], 1.0f);
  EXPECT_EQ(out[1], -2.0f);
  Status st = d->SetData(2, bytes, 7);
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  EXPECT_EQ(st.message(), "BYTE_STREAM_SPLIT: 7 bytes are not a multiple of the value width 4");
  EXPECT_STATUS(d->SetData(3, bytes, 8), StatusCode::kCorrupt);
  EXPECT_STATUS(d->SetData(int64_t{1} << 31, bytes, 8), StatusCode::kCorrupt);
  // Fewer values than the streams hold: the stride would be wrong.
  st = d->SetData(1, bytes, 8);
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  EXPECT_EQ(st.message(), "BYTE_STREAM_SPLIT: 1 values of 4 bytes need 4 bytes, the page has 8");
  ASSERT_OK_AND_ASSIGN(auto doubles, Dec<double>(Encoding::kByteStreamSplit));
  const std::vector<uint8_t> forty(40, 0);
  EXPECT_STATUS_HAS(doubles->SetData(4, forty.data(), forty.size()), StatusCode::kCorrupt,
                    "4 values of 8 bytes need 32 bytes, the page has 40");

  uint8_t enc[8];
  const float in[2] = {1.0f, -2.0f};
  ByteStreamSplitEncode(reinterpret_cast<const uint8_t*>(in), 4, 2, enc);
  EXPECT_EQ(std::memcmp(enc, bytes, 8), 0);
}

TEST(ByteStreamSplitTest, SimdKernelsMatchScalarAtAllOffsets) {
  for (int width : {4, 8, 3, 16}) {
    const int64_t n = 203;
    std::vector<uint8_t> plain(static_cast<size_t>(n * width));
    for (size_t i = 0; i < plain.size(); ++i) plain[i] = static_cast<uint8_t>(i * 131 + 7);
    std::vector<uint8_t> split(plain.size());
    ByteStreamSplitEncode(plain.data(), width, n, split.data());
    for (int64_t start : {0, 1, 15, 16, 17, 100}) {
      const int64_t k = n - start;
      std::vector<uint8_t> out(static_cast<size_t>(k * width));
      ByteStreamSplitDecode(split.data(), width, n, start, k, out.data());
      EXPECT_EQ(0, std::memcmp(out.data(), plain.data() + start * width, out.size()))
          << "width " << width << " start " << start;
    }
  }
}

TEST(RleBooleanTest, LengthPrefixAndShortStreams) {
  ASSERT_OK_AND_ASSIGN(auto d, Dec<bool>(Encoding::kRle));
  // length 2, RLE run 8 × true.
  const uint8_t ok[] = {2, 0, 0, 0, 0x10, 0x01};
  ASSERT_OK(d->SetData(8, ok, sizeof(ok)));
  bool out[16];
  ASSERT_EQ(*d->Decode(out, 16), 8);
  for (int i = 0; i < 8; ++i) EXPECT_TRUE(out[i]);
  // Claims 9 values, stream holds 8.
  ASSERT_OK(d->SetData(9, ok, sizeof(ok)));
  EXPECT_STATUS(d->Decode(out, 9), StatusCode::kCorrupt);
  // Value 2 in a width-1 run.
  const uint8_t two[] = {2, 0, 0, 0, 0x10, 0x02};
  ASSERT_OK(d->SetData(8, two, sizeof(two)));
  EXPECT_STATUS(d->Decode(out, 8), StatusCode::kCorrupt);
  // Length prefix beyond the data.
  const uint8_t bad[] = {200, 0, 0, 0, 0x10, 0x01};
  EXPECT_STATUS(d->SetData(8, bad, sizeof(bad)), StatusCode::kCorrupt);
}

}  // namespace
}  // namespace parq::encoding
