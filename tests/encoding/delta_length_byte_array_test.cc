// DELTA_LENGTH_BYTE_ARRAY: the spec example, round trips, bad lengths, truncation.
#include "encoding/delta_length_byte_array.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace parq::encoding {
namespace {

ByteArray BA(const std::string& s) {
  return ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
}

std::string EncodeStrings(const std::vector<std::string>& values) {
  DeltaLengthByteArrayEncoder enc;
  for (const auto& s : values) {
    ByteArray b = BA(s);
    EXPECT_TRUE(enc.Put(&b, 1).ok());
  }
  std::string out;
  enc.FlushTo(&out);
  return out;
}

std::string EncodeLengths(const std::vector<int32_t>& lengths) {
  DeltaBinaryPackedEncoder<int32_t> enc;
  enc.Put(lengths.data(), static_cast<int64_t>(lengths.size()));
  std::string out;
  enc.FlushTo(&out);
  return out;
}

// Decodes all values in batches of `batch`; returns an error status if any.
Result<std::vector<std::string>> DecodeStrings(const std::string& data, int64_t batch = 1000) {
  DeltaLengthByteArrayDecoder dec;
  PARQ_RETURN_IF_ERROR(dec.Init(reinterpret_cast<const uint8_t*>(data.data()), data.size()));
  std::vector<std::string> out;
  std::vector<ByteArray> buf(static_cast<size_t>(batch));
  while (dec.values_left() > 0) {
    PARQ_ASSIGN_OR_RETURN(int64_t got, dec.Decode(buf.data(), batch));
    for (int64_t i = 0; i < got; ++i) out.emplace_back(buf[i].view());
  }
  if (dec.bytes_consumed() > data.size()) return Status::Internal("consumed past the end");
  return out;
}

TEST(DeltaLengthByteArray, SpecExample) {
  std::vector<std::string> v = {"Hello", "World", "Foobar", "ABCDEF"};
  std::string enc = EncodeStrings(v);
  EXPECT_EQ(enc, EncodeLengths({5, 5, 6, 6}) + "HelloWorldFoobarABCDEF");
  auto r = DecodeStrings(enc);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(*r, v);
  DeltaLengthByteArrayDecoder dec;
  ASSERT_TRUE(dec.Init(reinterpret_cast<const uint8_t*>(enc.data()), enc.size()).ok());
  ByteArray out[4];
  ASSERT_EQ(*dec.Decode(out, 4), 4);
  EXPECT_EQ(dec.bytes_consumed(), enc.size());
  // Views point into the input.
  EXPECT_EQ(reinterpret_cast<const char*>(out[3].ptr), enc.data() + enc.size() - 6);
}

TEST(DeltaLengthByteArray, RoundTrips) {
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
      ASSERT_TRUE(r.ok()) << r.status().ToString();
      EXPECT_EQ(*r, v);
    }
    // Skip, then decode the rest.
    DeltaLengthByteArrayDecoder dec;
    ASSERT_TRUE(dec.Init(reinterpret_cast<const uint8_t*>(enc.data()), enc.size()).ok());
    ASSERT_TRUE(dec.Skip(static_cast<int64_t>(n / 2)).ok());
    std::vector<ByteArray> rest(n);
    auto r = dec.Decode(rest.data(), static_cast<int64_t>(n));
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(*r, static_cast<int64_t>(n - n / 2));
    for (size_t i = 0; i < n - n / 2; ++i) EXPECT_EQ(rest[i].view(), v[n / 2 + i]);
    EXPECT_EQ(dec.Skip(1).code(), StatusCode::kInvalidArgument);
  }
}

// A million empty strings: width-0 blocks, O(1) decoder memory.
TEST(DeltaLengthByteArray, ManyEmptyStrings) {
  std::string enc = EncodeLengths(std::vector<int32_t>(1'000'000, 0));
  EXPECT_LT(enc.size(), 40'000u);  // 5 bytes per 128-value block
  DeltaLengthByteArrayDecoder dec;
  ASSERT_TRUE(dec.Init(reinterpret_cast<const uint8_t*>(enc.data()), enc.size()).ok());
  EXPECT_EQ(dec.total_values(), 1'000'000);
  ASSERT_TRUE(dec.Skip(999'999).ok());
  ByteArray b;
  ASSERT_EQ(*dec.Decode(&b, 1), 1);
  EXPECT_EQ(b.len, 0u);
}

TEST(DeltaLengthByteArray, NegativeLengthIsCorrupt) {
  std::string enc = EncodeLengths({3, -1, 2}) + "abcde";
  auto r = DecodeStrings(enc);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCorrupt);
  EXPECT_NE(r.status().message().find("value 1 has length -1"), std::string::npos)
      << r.status().message();
}

TEST(DeltaLengthByteArray, LengthsPastTheDataAreCorrupt) {
  std::string enc = EncodeLengths({3, 2, 1}) + "abcde";  // 6 bytes claimed, 5 present
  auto r = DecodeStrings(enc);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCorrupt);
  EXPECT_NE(r.status().message().find("value 2 has length 1 but 0 bytes are left"),
            std::string::npos)
      << r.status().message();
  // A huge length that would overflow a naive sum.
  enc = EncodeLengths({2, INT32_MAX, INT32_MAX}) + "ab";
  EXPECT_EQ(DecodeStrings(enc).status().code(), StatusCode::kCorrupt);
}

TEST(DeltaLengthByteArray, BadLengthStreamHasContext) {
  std::string enc = "\x80\x01\x03\x01\x00";  // 3 miniblocks
  DeltaLengthByteArrayDecoder dec;
  Status st = dec.Init(reinterpret_cast<const uint8_t*>(enc.data()), enc.size());
  EXPECT_EQ(st.code(), StatusCode::kCorrupt);
  EXPECT_NE(st.ToString().find("DELTA_LENGTH_BYTE_ARRAY lengths"), std::string::npos)
      << st.ToString();
}

TEST(DeltaLengthByteArray, TruncationAtEveryPosition) {
  std::vector<std::string> v;
  for (int i = 0; i < 200; ++i) v.push_back(std::string(static_cast<size_t>(i % 13), 'a' + i % 26));
  std::string enc = EncodeStrings(v);
  for (size_t len = 0; len < enc.size(); ++len) {
    std::string cut = enc.substr(0, len);
    auto r = DecodeStrings(cut);
    if (r.ok()) {
      // Only possible when the cut removed nothing any value needs.
      EXPECT_EQ(*r, v) << "len " << len;
    } else {
      EXPECT_EQ(r.status().code(), StatusCode::kCorrupt) << r.status().ToString();
    }
  }
  // Cutting the last byte of the data always fails (the last value is non-empty).
  EXPECT_FALSE(DecodeStrings(enc.substr(0, enc.size() - 1)).ok());
}

}  // namespace
}  // namespace parq::encoding
