// Tests for the typed Variant (parq/variant.h): building and inspecting
// values, encoding every primitive to the spec's bytes, round trips of random
// values with sorted and unsorted dictionaries, and decoding hostile bytes
// (bad offsets, field ids, duplicate keys, depth and size limits) to errors.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "parq/variant.h"
#include "testing/status_macros.h"
#include "variant/variant_bytes_util.h"
#include "variant/variant_random_util.h"

namespace parq {
namespace {

using variant_test::Bytes;

std::string Str(const Bytes& b) { return std::string(b.begin(), b.end()); }

Result<Variant> Decode(const Bytes& md, const Bytes& v, const VariantLimits& limits = {}) {
  return DecodeVariant(std::span<const uint8_t>(md), std::span<const uint8_t>(v), limits);
}

TEST(VariantTest, ObjectsKeepUniqueKeysInByteOrder) {
  Variant o = Variant::Object();
  o.Set("b", Variant::Int8(1));
  o.Set("a", Variant::String("x"));
  o.Set("\xC3\xA9", Variant::Null());  // bytes above ASCII sort last (unsigned)
  o.Set("b", Variant::Int16(2));       // replaces
  ASSERT_EQ(o.size(), 3u);
  EXPECT_EQ(o.key(0), "a");
  EXPECT_EQ(o.key(1), "b");
  EXPECT_EQ(o.key(2), "\xC3\xA9");
  ASSERT_NE(o.Find("b"), nullptr);
  EXPECT_EQ(*o.Find("b"), Variant::Int16(2));
  EXPECT_EQ(o.Find("c"), nullptr);
  EXPECT_TRUE(o.Erase("a"));
  EXPECT_FALSE(o.Erase("a"));
  EXPECT_EQ(o.ToString(), "{\"b\": int16 2, \"\xC3\xA9\": null}");
  EXPECT_STATUS_HAS(Variant::ObjectOf({{"k", Variant()}, {"k", Variant()}}), StatusCode::kInvalidArgument,
                    "'k' twice");
}

TEST(VariantTest, TypesAreExact) {
  EXPECT_NE(Variant::Int8(1), Variant::Int64(1));
  EXPECT_NE(Variant::Date(1), Variant::Int32(1));
  EXPECT_NE(Variant::TimestampMicros(1), Variant::TimestampNtzMicros(1));
  EXPECT_NE(Variant::Decimal4(150, 2).value(), Variant::Decimal4(15, 1).value());
  EXPECT_NE(Variant::String("a"), Variant::Binary("a"));
  EXPECT_EQ(Variant::Double(std::numeric_limits<double>::quiet_NaN()),
            Variant::Double(std::numeric_limits<double>::quiet_NaN()));
  EXPECT_STATUS(Variant::Decimal8(1, 39), StatusCode::kInvalidArgument);
  __int128 big = 1;
  for (int i = 0; i < 38; ++i) big *= 10;
  EXPECT_STATUS_HAS(Variant::Decimal16(big, 0), StatusCode::kInvalidArgument, "more than 38 digits");
  EXPECT_OK(Variant::Decimal16(big - 1, 38));
  EXPECT_EQ(Variant::Decimal8(-150, 2).value().ToString(), "decimal8 -150e-2");
}

// Each primitive encodes to the bytes of VariantEncoding.md's table.
TEST(VariantTest, PrimitivesEncodeToTheSpecBytes) {
  using variant_test::LE;
  using variant_test::Prim;
  const std::array<uint8_t, 16> uuid = {0xf2, 0x4f, 0x9b, 0x64, 0x81, 0xfa, 0x49, 0xd1,
                                        0xb7, 0x4e, 0x8c, 0x09, 0xa6, 0xe3, 0x1c, 0x56};
  const struct {
    Variant v;
    Bytes bytes;
  } cases[] = {
      {Variant::Null(), Prim(0)},
      {Variant::Bool(true), Prim(1)},
      {Variant::Bool(false), Prim(2)},
      {Variant::Int8(-2), Prim(3, LE(0xFE, 1))},
      {Variant::Int16(-2), Prim(4, LE(0xFFFE, 2))},
      {Variant::Int32(7), Prim(5, LE(7, 4))},
      {Variant::Int64(7), Prim(6, LE(7, 8))},
      {Variant::Double(1.5), Prim(7, LE(0x3FF8000000000000ULL, 8))},
      {Variant::Decimal4(-1, 2).value(), Prim(8, variant_test::Cat({{2}, LE(0xFFFFFFFF, 4)}))},
      {Variant::Decimal8(12345, 3).value(), Prim(9, variant_test::Cat({{3}, LE(12345, 8)}))},
      {Variant::Decimal16(-1, 38).value(), Prim(10, variant_test::Cat({{38}, Bytes(16, 0xFF)}))},
      {Variant::Date(19724), Prim(11, LE(19724, 4))},
      {Variant::TimestampMicros(5), Prim(12, LE(5, 8))},
      {Variant::TimestampNtzMicros(5), Prim(13, LE(5, 8))},
      {Variant::Float(1.5f), Prim(14, LE(0x3FC00000, 4))},
      {Variant::Binary("ab"), Prim(15, variant_test::Cat({LE(2, 4), {'a', 'b'}}))},
      {Variant::String(std::string(64, 'x')), Prim(16, variant_test::Cat({LE(64, 4), Bytes(64, 'x')}))},
      {Variant::String("hi"), variant_test::ShortStr("hi")},
      {Variant::Time(86399999999), Prim(17, LE(86399999999ULL, 8))},
      {Variant::TimestampNanos(-1), Prim(18, LE(~0ULL, 8))},
      {Variant::TimestampNtzNanos(9), Prim(19, LE(9, 8))},
      {Variant::Uuid(uuid), Prim(20, Bytes(uuid.begin(), uuid.end()))},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.v.ToString());
    std::string md, value;
    ASSERT_OK(EncodeVariant(c.v, &md, &value));
    EXPECT_EQ(value, Str(c.bytes));
    EXPECT_EQ(md, std::string("\x11\x00\x00", 3));  // an empty dictionary, marked sorted
    ASSERT_OK_AND_ASSIGN(Variant back, DecodeVariant(md, value));
    EXPECT_EQ(back, c.v) << back.ToString();
    EXPECT_EQ(back.type(), c.v.type());
  }
}

TEST(VariantTest, DictionarySortedOrInFirstSeenOrder) {
  Variant inner = Variant::Object();
  inner.Set("a", Variant::Int8(1));
  Variant o = Variant::Object();
  o.Set("zz", std::move(inner));
  o.Set("m", Variant::Array({Variant::Int8(2)}));
  std::string md, value;
  ASSERT_OK(EncodeVariant(o, &md, &value));
  // sorted_strings set, keys a, m, zz.
  EXPECT_EQ(md, std::string("\x11\x03\x00\x01\x02\x04" "amzz", 10));
  ASSERT_OK_AND_ASSIGN(Variant back, DecodeVariant(md, value));
  EXPECT_EQ(back, o);

  VariantEncodeOptions unsorted;
  unsorted.sort_dictionary = false;
  ASSERT_OK(EncodeVariant(o, &md, &value, unsorted));
  // Depth first from the top object's fields in key order: m, zz, then a.
  EXPECT_EQ(md, std::string("\x01\x03\x00\x01\x03\x04" "mzza", 10));
  ASSERT_OK_AND_ASSIGN(back, DecodeVariant(md, value));
  EXPECT_EQ(back, o);
}

TEST(VariantTest, RandomValuesRoundTripWithEveryType) {
  variant_test::RandomVariants rnd(20261126);
  for (int i = 0; i < 2000; ++i) {
    const Variant v = rnd.Any(4);
    for (bool sorted : {true, false}) {
      std::string md, value;
      VariantEncodeOptions options;
      options.sort_dictionary = sorted;
      ASSERT_OK(EncodeVariant(v, &md, &value, options));
      ASSERT_OK_AND_ASSIGN(Variant back, DecodeVariant(md, value));
      ASSERT_EQ(back, v) << "seed 20261126 value " << i << ": " << v.ToString() << "\nread " << back.ToString();
    }
  }
}

// Every truncation and single-byte change of encoded random values decodes
// or fails with a Status (run under ASan/UBSan in CI).
TEST(VariantTest, DamagedBytesFailCleanly) {
  variant_test::RandomVariants rnd(7);
  int failed = 0;
  for (int i = 0; i < 60; ++i) {
    std::string md, value;
    ASSERT_OK(EncodeVariant(rnd.Any(3), &md, &value));
    for (size_t n = 0; n < value.size(); ++n) {
      if (!DecodeVariant(md, std::string_view(value).substr(0, n)).ok()) ++failed;
      std::string bad = value;
      bad[n] = static_cast<char>(bad[n] ^ 0x5A);
      (void)DecodeVariant(md, bad);
    }
    for (size_t n = 0; n < md.size(); ++n) {
      std::string bad = md;
      bad[n] = static_cast<char>(bad[n] ^ 0xA5);
      (void)DecodeVariant(bad, value);
    }
  }
  EXPECT_GT(failed, 0);
}

TEST(VariantTest, HostileBytesAreErrors) {
  using namespace variant_test;
  const Bytes md = Meta({"a", "b"});
  // A field id outside the dictionary.
  EXPECT_STATUS_HAS(Decode(md, Object({{5, Prim(0)}})), StatusCode::kCorrupt, "outside the dictionary");
  // The same key twice in one object.
  EXPECT_STATUS_HAS(Decode(md, Object({{0, Prim(0)}, {0, Prim(1)}})), StatusCode::kCorrupt, "'a' twice");
  // An array whose offsets point past its bytes.
  Bytes arr = Array({Prim(0)});
  arr[3] = 9;
  EXPECT_STATUS(Decode(md, arr), StatusCode::kCorrupt);
  // An object claiming more fields than bytes.
  EXPECT_STATUS_HAS(Decode(md, {0x02, 200, 0}), StatusCode::kCorrupt, "needs a");
  // Unknown primitive id, bad decimal scale, wrong metadata version.
  EXPECT_STATUS(Decode(md, Prim(30)), StatusCode::kUnsupported);
  EXPECT_STATUS_HAS(Decode(md, Prim(8, Cat({{39}, LE(1, 4)}))), StatusCode::kCorrupt, "scale 39");
  EXPECT_STATUS(Decode({0x02, 0, 0}, Prim(0)), StatusCode::kUnsupported);
  EXPECT_STATUS(Decode(md, {}), StatusCode::kCorrupt);
  // A decimal16 of more than 38 digits.
  EXPECT_STATUS_HAS(Decode(md, Prim(10, Cat({{0}, Bytes(15, 0xFF), {0x7F}}))), StatusCode::kCorrupt,
                    "more than 38 digits");
  // Depth: arrays nested deeper than the limit.
  Bytes deep = Prim(0);
  for (int i = 0; i < 10; ++i) deep = Array({deep});
  VariantLimits limits;
  limits.max_depth = 5;
  EXPECT_STATUS_HAS(Decode(md, deep, limits), StatusCode::kLimitExceeded, "deeper than 5");
  EXPECT_OK(Decode(md, deep));
  // Values sharing bytes: an array whose 200 offsets all point at one
  // 100-byte string decodes to 20000 bytes.
  Bytes shared = {0x03, 200};
  for (int i = 0; i < 200; ++i) shared.push_back(0);
  shared.push_back(105);
  Bytes s = Prim(16, Cat({LE(100, 4), Bytes(100, 'x')}));
  shared.insert(shared.end(), s.begin(), s.end());
  ASSERT_OK_AND_ASSIGN(Variant all, Decode(md, shared));
  EXPECT_EQ(all.size(), 200u);
  limits = {};
  limits.max_bytes = 10000;
  EXPECT_STATUS(Decode(md, shared, limits), StatusCode::kLimitExceeded);
  limits = {};
  limits.max_values = 100;
  EXPECT_STATUS_HAS(Decode(md, shared, limits), StatusCode::kLimitExceeded, "more than 100 values");
}

}  // namespace
}  // namespace parq
