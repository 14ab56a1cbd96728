// DELTA_LENGTH_BYTE_ARRAY: the spec example, round trips, bad lengths, truncation.
#include "encoding/delta_length_byte_array.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "encoding/delta_test_util.h"
#include "testing/status_macros.h"

namespace parq::encoding {
namespace {

using delta_test::BA;
using delta_test::U8;

std::string EncodeStrings(const std::vector<std::string>& values) {
  return delta_test::EncodeStrings<DeltaLengthByteArrayEncoder>(values);
}

// The DELTA_BINARY_PACKED stream of the lengths.
std::string EncodeLengths(const std::vector<int32_t>& lengths) {
  return delta_test::DeltaBinaryPacked(lengths);
}

// Decodes all values in batches of `batch`; returns an error status if any.
Result<std::vector<std::string>> DecodeStrings(const std::string& data, int64_t batch = 1000) {
  DeltaLengthByteArrayDecoder dec;
  PARQ_RETURN_IF_ERROR(dec.Init(U8(data), data.size()));
  std::vector<std::string> out;
  std::vector<ByteArray> buf(static_cast<size_t>(batch));
  while (dec.values_left() > 0) {
    PARQ_ASSIGN_OR_RETURN(int64_t got, dec.Decode(buf.data(), batch));
    for (int64_t i = 0; i < got; ++i) out.emplace_back(buf[i].view());
  }
  if (dec.bytes_consumed() > data.size()) return Status::Internal("consumed past the end");
  return out;
}

TEST(DeltaLengthByteArrayTest, SpecExample) {
  std::vector<std::string> v = {"Hello", "World", "Foobar", "ABCDEF"};
  std::string enc = EncodeStrings(v);
  EXPECT_EQ(enc, EncodeLengths({5, 5, 6, 6}) + "HelloWorldFoobarABCDEF");
  auto r = DecodeStrings(enc);
  ASSERT_OK(r);
  EXPECT_EQ(*r, v);
  DeltaLengthByteArrayDecoder dec;
  ASSERT_OK(dec.Init(U8(enc), enc.size()));
  ByteArray out[4];
  ASSERT_EQ(*dec.Decode(out, 4), 4);
  EXPECT_EQ(dec.bytes_consumed(), enc.size());
  // Views point into the input.
  EXPECT_EQ(reinterpret_cast<const char*>(out[3].ptr), enc.data() + enc.size() - 6);
}

TEST(DeltaLengthByteArrayTest, RoundTrips) {
  std::mt19937_64 rng(3);
  for (size_t n : {0u, 1u, 2u, 127u, 128u, 129u, 1000u}) {
    std::vector<std::string> v(n);
    for (auto& s : v) {
      s.resize(rng() % 4 == 0 ? 0 : rng() % 40);
      for (auto& c : s) c = static_cast<char>(rng());
    }
    std::string enc = EncodeStrings(v);
    for (int64_t batch : {1, 3, 1000}) {
      auto r = DecodeStrings(enc, batch);
      ASSERT_OK(r);
      EXPECT_EQ(*r, v);
    }
    // Skip, then decode the rest.
    DeltaLengthByteArrayDecoder dec;
    ASSERT_NO_FATAL_FAILURE(delta_test::ExpectSkipThenRest(dec, enc, v, n / 2));
    EXPECT_STATUS(dec.Skip(1), StatusCode::kInvalidArgument);
  }
}

// A million empty strings: width-0 blocks, O(1) decoder memory.
TEST(DeltaLengthByteArrayTest, ManyEmptyStrings) {
  std::string enc = EncodeLengths(std::vector<int32_t>(1'000'000, 0));
  EXPECT_LT(enc.size(), 40'000u);  // 5 bytes per 128-value block
  DeltaLengthByteArrayDecoder dec;
  ASSERT_OK(dec.Init(U8(enc), enc.size()));
  EXPECT_EQ(dec.total_values(), 1'000'000);
  ASSERT_OK(dec.Skip(999'999));
  ByteArray b;
  ASSERT_EQ(*dec.Decode(&b, 1), 1);
  EXPECT_EQ(b.len, 0u);
}

TEST(DeltaLengthByteArrayTest, NegativeLengthIsCorrupt) {
  std::string enc = EncodeLengths({3, -1, 2}) + "abcde";
  auto r = DecodeStrings(enc);
  ASSERT_STATUS_HAS(r, StatusCode::kCorrupt, "value 1 has length -1");
}

TEST(DeltaLengthByteArrayTest, LengthsPastTheDataAreCorrupt) {
  std::string enc = EncodeLengths({3, 2, 1}) + "abcde";  // 6 bytes claimed, 5 present
  auto r = DecodeStrings(enc);
  ASSERT_STATUS_HAS(r, StatusCode::kCorrupt, "value 2 has length 1 but 0 bytes are left");
  // A huge length that would overflow a naive sum.
  enc = EncodeLengths({2, INT32_MAX, INT32_MAX}) + "ab";
  EXPECT_STATUS(DecodeStrings(enc), StatusCode::kCorrupt);
}

// A length of 2^32 + 2 in the header was read as 2 before.
TEST(DeltaLengthByteArrayTest, LengthBeyond32BitsIsCorrupt) {
  const int64_t big = (int64_t{1} << 32) + 2;
  std::string enc = "\x80\x01\x04\x01";  // block 128, 4 miniblocks, 1 value
  for (uint64_t v = static_cast<uint64_t>(big) << 1; ; v >>= 7) {
    if (v < 0x80) {
      enc.push_back(static_cast<char>(v));
      break;
    }
    enc.push_back(static_cast<char>((v & 0x7f) | 0x80));
  }
  auto r = DecodeStrings(enc + "ab");
  EXPECT_STATUS_HAS(r, StatusCode::kCorrupt, "first value 4294967298 is outside INT32");
  EXPECT_STATUS_HAS(r, StatusCode::kCorrupt, "DELTA_LENGTH_BYTE_ARRAY lengths");
}

TEST(DeltaLengthByteArrayTest, BadLengthStreamHasContext) {
  std::string enc = "\x80\x01\x03\x01\x00";  // 3 miniblocks
  DeltaLengthByteArrayDecoder dec;
  Status st = dec.Init(U8(enc), enc.size());
  EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "DELTA_LENGTH_BYTE_ARRAY lengths");
}

TEST(DeltaLengthByteArrayTest, TruncationAtEveryPosition) {
  std::vector<std::string> v;
  for (int i = 0; i < 200; ++i) v.push_back(std::string(static_cast<size_t>(i % 13), 'a' + i % 26));
  std::string enc = EncodeStrings(v);
  delta_test::ExpectTruncationsCorruptOrExact(enc, v,
                                              [](const std::string& cut) { return DecodeStrings(cut); });
  // Cutting the last byte of the data always fails (the last value is non-empty).
  EXPECT_NOT_OK(DecodeStrings(enc.substr(0, enc.size() - 1)));
}

}  // namespace
}  // namespace parq::encoding
