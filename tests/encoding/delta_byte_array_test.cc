// DELTA_BYTE_ARRAY: the spec example, round trips (BYTE_ARRAY and
// FIXED_LEN_BYTE_ARRAY), bad prefixes, the buffer cap, truncation.
#include "encoding/delta_byte_array.h"

#include <gtest/gtest.h>

#include <algorithm>
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
  return delta_test::EncodeStrings<DeltaByteArrayEncoder>(values);
}

// A DELTA_BINARY_PACKED stream of prefix or suffix lengths.
std::string Dbp(const std::vector<int32_t>& v) { return delta_test::DeltaBinaryPacked(v); }

// Decodes everything in batches of `batch`; views are read only at the end,
// which checks that they all stay valid until the next Init().
Result<std::vector<std::string>> DecodeStrings(const std::string& data, int64_t batch = 1000,
                                               int64_t cap = int64_t{1} << 30) {
  DeltaByteArrayDecoder dec(-1, cap);
  PARQ_RETURN_IF_ERROR(dec.Init(U8(data), data.size()));
  std::vector<ByteArray> views(static_cast<size_t>(dec.total_values()));
  int64_t done = 0;
  while (dec.values_left() > 0) {
    PARQ_ASSIGN_OR_RETURN(int64_t got, dec.Decode(views.data() + done, batch));
    done += got;
  }
  std::vector<std::string> out;
  for (const auto& b : views) out.emplace_back(b.view());
  return out;
}

TEST(DeltaByteArrayTest, SpecExample) {
  std::vector<std::string> v = {"axis", "axle", "babble", "babyhood"};
  std::string enc = EncodeStrings(v);
  EXPECT_EQ(enc, Dbp({0, 2, 0, 3}) + Dbp({4, 2, 6, 5}) + "axislebabbleyhood");
  auto r = DecodeStrings(enc);
  ASSERT_OK(r);
  EXPECT_EQ(*r, v);
}

TEST(DeltaByteArrayTest, RoundTrips) {
  std::mt19937_64 rng(11);
  for (size_t n : {0u, 1u, 2u, 127u, 128u, 129u, 3000u}) {
    std::vector<std::string> v(n);
    for (auto& s : v) {
      s.resize(rng() % 5 == 0 ? 0 : rng() % 30);
      for (auto& c : s) c = static_cast<char>('a' + rng() % 3);
    }
    std::sort(v.begin(), v.end());  // long shared prefixes
    std::string enc = EncodeStrings(v);
    for (int64_t batch : {1, 5, 1000}) {
      auto r = DecodeStrings(enc, batch);
      ASSERT_OK(r);
      EXPECT_EQ(*r, v);
    }
    DeltaByteArrayDecoder dec;
    ASSERT_NO_FATAL_FAILURE(delta_test::ExpectSkipThenRest(dec, enc, v, n / 3));
  }
}

TEST(DeltaByteArrayTest, EmptyStringsAndSingleValue) {
  for (const auto& v : std::vector<std::vector<std::string>>{
           {}, {""}, {"", "", ""}, {"x"}, {"abc", "", "abc", "abc"}}) {
    auto r = DecodeStrings(EncodeStrings(v));
    ASSERT_OK(r);
    EXPECT_EQ(*r, v);
  }
}

TEST(DeltaByteArrayTest, FixedLenRoundTrip) {
  constexpr int32_t kLen = 6;
  std::vector<std::string> v = {"abcdef", "abcxyz", "abcxyz", "zzzzzz", "zzzzza", "000000"};
  std::vector<FixedLenByteArray> in;
  for (const auto& s : v) in.push_back(FixedLenByteArray{U8(s)});
  DeltaByteArrayEncoder enc;
  ASSERT_OK(enc.Put(in.data(), static_cast<int64_t>(in.size()), kLen));
  std::string bytes;
  enc.FlushTo(&bytes);
  DeltaByteArrayDecoder dec(kLen);
  ASSERT_OK(dec.Init(U8(bytes), bytes.size()));
  std::vector<FixedLenByteArray> out(v.size());
  auto r = dec.Decode(out.data(), static_cast<int64_t>(out.size()));
  ASSERT_OK(r);
  ASSERT_EQ(*r, static_cast<int64_t>(v.size()));
  for (size_t i = 0; i < v.size(); ++i)
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(out[i].ptr), kLen), v[i]);

  // The same bytes read with a different type length are corrupt.
  DeltaByteArrayDecoder wrong(5);
  ASSERT_OK(wrong.Init(U8(bytes), bytes.size()));
  auto w = wrong.Decode(out.data(), 1);
  EXPECT_STATUS_HAS(w, StatusCode::kCorrupt, "length is 5");
  // A BYTE_ARRAY decoder refuses FIXED_LEN output.
  DeltaByteArrayDecoder ba;
  ASSERT_OK(ba.Init(U8(bytes), bytes.size()));
  EXPECT_STATUS(ba.Decode(out.data(), 1), StatusCode::kInvalidArgument);
}

TEST(DeltaByteArrayTest, PrefixLongerThanPreviousIsCorrupt) {
  std::string enc = Dbp({0, 3}) + Dbp({2, 1}) + "abc";  // "ab", then prefix 3 of "ab"
  auto r = DecodeStrings(enc);
  ASSERT_STATUS_HAS(r, StatusCode::kCorrupt, "value 1 has prefix length 3 but the previous value has 2");
  // First value with a prefix, and a negative prefix.
  EXPECT_STATUS(DecodeStrings(Dbp({1}) + Dbp({1}) + "a"), StatusCode::kCorrupt);
  EXPECT_STATUS(DecodeStrings(Dbp({0, -1}) + Dbp({1, 1}) + "ab"), StatusCode::kCorrupt);
}

// Prefix and suffix lengths of 2^32 + k were read as k before.
TEST(DeltaByteArrayTest, LengthsBeyond32BitsAreCorrupt) {
  auto one_value = [](int64_t v) {  // a DELTA_BINARY_PACKED stream of one value
    std::string s = "\x80\x01\x04\x01";
    for (uint64_t u = static_cast<uint64_t>(v) << 1; ; u >>= 7) {
      if (u < 0x80) return s + static_cast<char>(u);
      s.push_back(static_cast<char>((u & 0x7f) | 0x80));
    }
  };
  const int64_t k2to32 = int64_t{1} << 32;
  auto r = DecodeStrings(one_value(k2to32) + Dbp({1}) + "a");
  EXPECT_STATUS_HAS(r, StatusCode::kCorrupt, "DELTA_BYTE_ARRAY prefix lengths");
  EXPECT_STATUS_HAS(r, StatusCode::kCorrupt, "first value 4294967296 is outside INT32");
  r = DecodeStrings(Dbp({0}) + one_value(k2to32 + 1) + "a");
  EXPECT_STATUS_HAS(r, StatusCode::kCorrupt, "DELTA_BYTE_ARRAY suffixes");
  EXPECT_STATUS_HAS(r, StatusCode::kCorrupt, "first value 4294967297 is outside INT32");
}

TEST(DeltaByteArrayTest, CountMismatchIsCorrupt) {
  auto r = DecodeStrings(Dbp({0, 0}) + Dbp({1}) + "a");
  EXPECT_STATUS_HAS(r, StatusCode::kCorrupt, "2 prefix lengths but 1 suffixes");
}

TEST(DeltaByteArrayTest, BadSuffixLengthNamesOffset) {
  std::string prefixes = Dbp({0, 0});
  auto r = DecodeStrings(prefixes + Dbp({1, 5}) + "abc");
  ASSERT_STATUS_HAS(r, StatusCode::kCorrupt,
                    "suffixes starting at byte offset " + std::to_string(prefixes.size()));
}

// A 1000-byte value repeated 100k times by prefix alone: ~100 MB rebuilt from
// ~9 KB; the cap stops it.
TEST(DeltaByteArrayTest, RebuildBombHitsTheCap) {
  const int n = 100'000;
  std::vector<int32_t> prefixes(n, 1000), suffixes(n, 0);
  prefixes[0] = 0;
  suffixes[0] = 1000;
  std::string enc = Dbp(prefixes) + Dbp(suffixes) + std::string(1000, 'q');
  EXPECT_LT(enc.size(), 10'000u);
  auto r = DecodeStrings(enc, 1000, 1 << 20);
  EXPECT_STATUS_HAS(r, StatusCode::kLimitExceeded, "max_buffer_bytes");
  // Under a large enough cap it decodes.
  DeltaByteArrayDecoder dec(-1, int64_t{1} << 28);
  ASSERT_OK(dec.Init(U8(enc), enc.size()));
  ASSERT_OK(dec.Skip(n - 1));
  ByteArray last;
  ASSERT_EQ(*dec.Decode(&last, 1), 1);
  EXPECT_EQ(last.view(), std::string(1000, 'q'));
  EXPECT_EQ(dec.buffer_bytes(), int64_t{1000} * (n - 1));
}

TEST(DeltaByteArrayTest, TruncationAtEveryPosition) {
  std::vector<std::string> v;
  for (int i = 0; i < 300; ++i) v.push_back("key_" + std::to_string(i * 7919 % 1000));
  std::sort(v.begin(), v.end());
  std::string enc = EncodeStrings(v);
  delta_test::ExpectTruncationsCorruptOrExact(enc, v,
                                              [](const std::string& cut) { return DecodeStrings(cut, 64); });
  EXPECT_NOT_OK(DecodeStrings(enc.substr(0, enc.size() - 1)));
}

}  // namespace
}  // namespace parq::encoding
