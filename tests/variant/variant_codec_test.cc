// Tests for the Variant binary codec (src/variant): metadata read and
// written, primitives read by type, object and array views, and values built
// with VariantValueBuilder read back through the views.
#include <gtest/gtest.h>

#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "testing/status_macros.h"
#include "variant/builder.h"
#include "variant/metadata.h"
#include "variant/value.h"
#include "variant/variant_bytes_util.h"

namespace parq {
namespace {

using namespace variant_test;  // Bytes, Meta, Prim, LE, Cat, ShortStr, Array, Object

std::span<const uint8_t> Span(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

TEST(VariantMetadataTest, ParsesKeysAndRefusesBadHeaders) {
  const Bytes md = Meta({"b", "a", "key"});
  ASSERT_OK_AND_ASSIGN(VariantMetadata m, VariantMetadata::Parse(md));
  EXPECT_EQ(m.dictionary_size(), 3u);
  EXPECT_FALSE(m.sorted_strings());
  EXPECT_EQ(m.encoded_size(), md.size());
  ASSERT_OK_AND_ASSIGN(std::string_view k, m.Key(2));
  EXPECT_EQ(k, "key");
  EXPECT_STATUS_HAS(m.Key(3), StatusCode::kCorrupt, "field id 3 is outside the dictionary of 3");
  EXPECT_STATUS_HAS(VariantMetadata::Parse({}), StatusCode::kCorrupt, "metadata is empty");
  EXPECT_STATUS_HAS(VariantMetadata::Parse(Bytes{0x02, 0, 0}), StatusCode::kUnsupported, "version 2");
  EXPECT_STATUS_HAS(VariantMetadata::Parse(Bytes{0x01, 200, 0, 1}), StatusCode::kCorrupt, "200 strings");
}

TEST(VariantMetadataTest, BuildsASortedDictionary) {
  VariantKeyIds keys{{"zeta", 7}, {"alpha", 7}, {"mid", 7}};
  std::string md;
  BuildVariantMetadata(&keys, &md);
  EXPECT_EQ(keys.at("alpha"), 0u);
  EXPECT_EQ(keys.at("mid"), 1u);
  EXPECT_EQ(keys.at("zeta"), 2u);
  // header (version 1, sorted, 1-byte offsets), size, offsets, strings.
  EXPECT_EQ(Bytes(md.begin(), md.end()), Cat({{0x11, 3, 0, 5, 8, 12}, ToBytes("alphamidzeta")}));
  ASSERT_OK_AND_ASSIGN(VariantMetadata m, VariantMetadata::Parse(Span(md)));
  EXPECT_TRUE(m.sorted_strings());
  ASSERT_OK_AND_ASSIGN(std::string_view k, m.Key(1));
  EXPECT_EQ(k, "mid");

  // 300 bytes of keys need 2-byte offsets.
  VariantKeyIds wide;
  for (int i = 0; i < 30; ++i) wide.emplace("key-" + std::to_string(100000 + i), 0);
  BuildVariantMetadata(&wide, &md);
  EXPECT_EQ(static_cast<uint8_t>(md[0]), 0x11 | (1 << 6));
  ASSERT_OK_AND_ASSIGN(VariantMetadata w, VariantMetadata::Parse(Span(md)));
  EXPECT_EQ(w.dictionary_size(), 30u);
  ASSERT_OK_AND_ASSIGN(std::string_view last, w.Key(29));
  EXPECT_EQ(last, "key-100029");
}

TEST(VariantValueTest, ReadsPrimitivesByType) {
  // Each value is kept while its reading is used: `bytes` points into it.
  Bytes v = Prim(3, {0xFE});
  VariantPrimitiveValue p;
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.type, VariantPrimitive::kInt8);
  EXPECT_EQ(p.int_value, -2);
  v = Prim(6, LE(0x8000000000000000ULL, 8));
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.int_value, INT64_MIN);
  v = Prim(7, LE(0x3FF8000000000000ULL, 8));
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.double_value, 1.5);
  v = Prim(14, LE(0x3FC00000, 4));
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.float_value, 1.5f);
  v = Prim(1);
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_TRUE(p.bool_value());
  v = Prim(11, LE(static_cast<uint32_t>(-1), 4));
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.type, VariantPrimitive::kDate);
  EXPECT_EQ(p.int_value, -1);
  v = Prim(8, Cat({{2}, LE(1234, 4)}));
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.type, VariantPrimitive::kDecimal4);
  EXPECT_EQ(p.scale, 2);
  EXPECT_EQ(Bytes(p.bytes.begin(), p.bytes.end()), LE(1234, 4));
  v = Prim(16, Cat({LE(3, 4), ToBytes("abc")}));
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.type, VariantPrimitive::kString);
  EXPECT_EQ(p.string_value(), "abc");
  v = ShortStr("hi");
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.type, VariantPrimitive::kString);
  EXPECT_EQ(p.string_value(), "hi");
  v = Prim(20, Bytes(16, 0xAB));
  ASSERT_OK(ReadVariantPrimitive(v, &p));
  EXPECT_EQ(p.type, VariantPrimitive::kUuid);
  EXPECT_EQ(Bytes(p.bytes.begin(), p.bytes.end()), Bytes(16, 0xAB));

  EXPECT_STATUS_HAS(ReadVariantPrimitive(Bytes{}, &p), StatusCode::kCorrupt, "value needs 1 bytes");
  EXPECT_STATUS_HAS(ReadVariantPrimitive(Prim(6, {1, 2, 3}), &p, 10), StatusCode::kCorrupt,
                    "primitive needs 8 bytes but only 3 remain at value byte 11");
  EXPECT_STATUS_HAS(ReadVariantPrimitive(Prim(21), &p), StatusCode::kUnsupported, "primitive type id 21");
  EXPECT_STATUS_HAS(ReadVariantPrimitive(Prim(8, Cat({{39}, LE(1, 4)})), &p), StatusCode::kCorrupt, "scale 39");
  EXPECT_STATUS(ReadVariantPrimitive(Array({}), &p), StatusCode::kCorrupt);
}

TEST(VariantValueTest, ObjectAndArrayViews) {
  // Field ids 1 0 2, offsets 2 0 3 4: values stored in another order.
  const Bytes obj = Cat({{0x02, 3, 1, 0, 2, 2, 0, 3, 4}, Prim(3, {9}), Prim(1), Prim(0)});
  ASSERT_OK_AND_ASSIGN(VariantObjectView ov, VariantObjectView::Parse(obj));
  EXPECT_EQ(ov.size(), 3u);
  EXPECT_EQ(ov.field_id(0), 1u);
  ASSERT_OK_AND_ASSIGN(std::span<const uint8_t> f0, ov.field_value(0));
  EXPECT_EQ(f0[0], Prim(1)[0]);
  EXPECT_EQ(ov.field_value_offset(1), 9u);

  const Bytes arr = Array({Prim(3, {1}), Array({}), ShortStr("x")});
  ASSERT_OK_AND_ASSIGN(VariantArrayView av, VariantArrayView::Parse(arr));
  EXPECT_EQ(av.size(), 3u);
  ASSERT_OK_AND_ASSIGN(std::span<const uint8_t> e1, av.element(1));
  ASSERT_OK_AND_ASSIGN(VariantArrayView inner, VariantArrayView::Parse(e1));
  EXPECT_EQ(inner.size(), 0u);
  EXPECT_EQ(av.element_offset(2), 6u + 2u + 3u);
  ASSERT_OK_AND_ASSIGN(size_t size, VariantValueSize(arr));
  EXPECT_EQ(size, arr.size());
  EXPECT_STATUS(VariantObjectView::Parse(arr), StatusCode::kInvalidArgument);
  EXPECT_STATUS(VariantArrayView::Parse(obj), StatusCode::kInvalidArgument);
  // Errors count bytes from the given base.
  EXPECT_STATUS_HAS(VariantArrayView::Parse(Bytes{0x03, 1, 0, 5, 0}, 100), StatusCode::kCorrupt,
                    "fields size 5 exceeds the 1 bytes after its header at value byte 100");
}

TEST(VariantBuilderTest, ScalarsTakeTheSimplestEncoding) {
  std::string v;
  VariantValueBuilder b(&v);
  b.Null();
  b.Bool(true);
  b.Bool(false);
  b.Int(-2);
  b.Int(300);
  b.Int(70000);
  b.Int(int64_t{1} << 40);
  b.Double(1.5);
  ASSERT_OK(b.String("hi"));
  ASSERT_OK(b.String(std::string(64, 'x')));
  EXPECT_EQ(Bytes(v.begin(), v.end()),
            Cat({Prim(0), Prim(1), Prim(2), Prim(3, {0xFE}), Prim(4, LE(300, 2)), Prim(5, LE(70000, 4)),
                 Prim(6, LE(uint64_t{1} << 40, 8)), Prim(7, LE(0x3FF8000000000000ULL, 8)), ShortStr("hi"),
                 Prim(16, Cat({LE(64, 4), Bytes(64, 'x')}))}));
}

TEST(VariantBuilderTest, ContainersMatchTheHandBuiltEncoding) {
  std::string v;
  VariantValueBuilder b(&v);
  b.BeginArray();
  b.Int(1);
  b.BeginArray();
  ASSERT_OK(b.EndArray());
  b.BeginObject();
  b.Key("b", 0);
  b.Bool(false);
  ASSERT_OK(b.EndObject());
  ASSERT_OK(b.EndArray());
  EXPECT_EQ(b.depth(), 0u);
  EXPECT_EQ(Bytes(v.begin(), v.end()), Array({Prim(3, {1}), Array({}), Object({{0, Prim(2)}})}));
}

TEST(VariantBuilderTest, ObjectFieldsGoInKeyOrder) {
  const std::string keys[] = {"z", "a", "m"};
  std::string v;
  VariantValueBuilder b(&v);
  b.BeginObject();
  b.Key(keys[0], 2);
  ASSERT_OK(b.String("last"));
  b.Key(keys[1], 0);
  b.BeginArray();
  b.Null();
  ASSERT_OK(b.EndArray());
  b.Key(keys[2], 1);
  b.Int(5);
  ASSERT_OK(b.EndObject());
  EXPECT_EQ(Bytes(v.begin(), v.end()),
            Object({{0, Array({Prim(0)})}, {1, Prim(3, {5})}, {2, ShortStr("last")}}));

  std::string dup;
  VariantValueBuilder d(&dup);
  d.BeginObject();
  d.Key(keys[0], 0);
  d.Null();
  d.Key(keys[0], 0);
  d.Null();
  EXPECT_STATUS_HAS(d.EndObject(), StatusCode::kInvalidArgument, "duplicate key 'z'");
}

// 300 elements: a 4-byte count; 600 bytes of them: 2-byte offsets; ids over
// 255: 2-byte field ids.  Read back through the views.
TEST(VariantBuilderTest, WideContainersReadBack) {
  std::vector<std::string> keys;
  for (int i = 0; i < 300; ++i) keys.push_back("k" + std::to_string(1000 + i));
  std::string v;
  VariantValueBuilder b(&v);
  b.BeginObject();
  for (uint32_t i = 0; i < keys.size(); ++i) {
    b.Key(keys[i], i);
    b.Int(int64_t{1000} + i);
  }
  ASSERT_OK(b.EndObject());
  const Bytes bytes(v.begin(), v.end());
  EXPECT_EQ(bytes[0] >> 2, (1 << 4) | (1 << 2) | 1);  // is_large, 2-byte ids, 2-byte offsets
  ASSERT_OK_AND_ASSIGN(VariantObjectView ov, VariantObjectView::Parse(bytes));
  ASSERT_EQ(ov.size(), 300u);
  for (uint32_t i = 0; i < ov.size(); ++i) {
    EXPECT_EQ(ov.field_id(i), i);
    ASSERT_OK_AND_ASSIGN(std::span<const uint8_t> f, ov.field_value(i));
    VariantPrimitiveValue p;
    ASSERT_OK(ReadVariantPrimitive(f, &p));
    EXPECT_EQ(p.int_value, 1000 + static_cast<int64_t>(i));
  }
  ASSERT_OK_AND_ASSIGN(size_t size, VariantValueSize(bytes));
  EXPECT_EQ(size, bytes.size());
}

}  // namespace
}  // namespace parq
