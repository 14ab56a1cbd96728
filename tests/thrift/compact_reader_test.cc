// CompactReader: every wire form, every limit, error text and offsets.
#include "thrift/compact_reader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "testing/status_macros.h"
#include "thrift/compact_writer.h"
#include "thrift/value_tree.h"

namespace parq::thrift {
namespace {

using Bytes = std::vector<uint8_t>;

// Reads with the bytes exactly sized on the heap (so a sanitizer build sees
// any read past the end) and, separately, with trailing padding (so the
// inline fast paths run too).
struct Both {
  Bytes exact;
  Bytes padded;
  explicit Both(Bytes b) : exact(b), padded(std::move(b)) { padded.resize(padded.size() + 16, 0xEE); }
};

TEST(CompactReaderVarintTest, I32OneToFiveBytes) {
  struct Case {
    Bytes bytes;
    int32_t value;
  } cases[] = {
      {{0x00}, 0},
      {{0x01}, -1},
      {{0x02}, 1},
      {{0x7F}, -64},
      {{0x80, 0x01}, 64},
      {{0xFE, 0xFF, 0xFF, 0xFF, 0x0F}, std::numeric_limits<int32_t>::max()},
      {{0xFF, 0xFF, 0xFF, 0xFF, 0x0F}, std::numeric_limits<int32_t>::min()},
      {{0x81, 0x80, 0x00}, -1},  // redundant padding inside 5 bytes is accepted
  };
  for (const Case& c : cases) {
    Both b(c.bytes);
    for (const Bytes* in : {&b.exact, &b.padded}) {
      CompactReader r(in->data(), in->size());
      EXPECT_EQ(r.ReadI32(), c.value);
      EXPECT_OK(r.status());
      EXPECT_EQ(r.position(), c.bytes.size());
    }
  }
}

TEST(CompactReaderVarintTest, I64ExtremesTakeTenBytes) {
  Both mn(Bytes{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01});
  Both mx(Bytes{0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01});
  for (const Bytes* in : {&mn.exact, &mn.padded}) {
    CompactReader r(in->data(), in->size());
    EXPECT_EQ(r.ReadI64(), std::numeric_limits<int64_t>::min());
    EXPECT_OK(r.status());
    EXPECT_EQ(r.position(), 10u);
  }
  for (const Bytes* in : {&mx.exact, &mx.padded}) {
    CompactReader r(in->data(), in->size());
    EXPECT_EQ(r.ReadI64(), std::numeric_limits<int64_t>::max());
    EXPECT_OK(r.status());
  }
}

TEST(CompactReaderVarintTest, EveryLengthAgreesWithTheByteLoop) {
  // Values of every varint length 1..10, read where at least 8 bytes follow
  // (the word-at-a-time path) and where the input ends right after them (the
  // byte-by-byte path); both must give the value and the length.
  std::vector<uint64_t> values;
  for (int bits = 0; bits <= 64; ++bits) {
    const uint64_t top = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    values.push_back(top);
    values.push_back(top + 1);
    values.push_back(top / 3);
  }
  for (uint64_t v : values) {
    Bytes enc;
    uint64_t x = v;
    while (x >= 0x80) {
      enc.push_back(static_cast<uint8_t>(x | 0x80));
      x >>= 7;
    }
    enc.push_back(static_cast<uint8_t>(x));
    const int64_t as_i64 = static_cast<int64_t>((v >> 1) ^ (0 - (v & 1)));
    Both b(enc);
    for (const Bytes* in : {&b.exact, &b.padded}) {
      CompactReader r(in->data(), in->size());
      EXPECT_EQ(r.ReadI64(), as_i64) << v;
      EXPECT_OK(r.status()) << v;
      EXPECT_EQ(r.position(), enc.size()) << v;
      CompactReader r32(in->data(), in->size());
      const int32_t got = r32.ReadI32();
      if (v <= 0xFFFFFFFFu) {
        EXPECT_EQ(got, static_cast<int32_t>((static_cast<uint32_t>(v) >> 1) ^ (0u - (v & 1)))) << v;
        EXPECT_OK(r32.status()) << v;
        EXPECT_EQ(r32.position(), enc.size()) << v;
      } else {
        EXPECT_STATUS(r32.status(), StatusCode::kCorrupt) << v;
      }
    }
  }
}

TEST(CompactReaderVarintTest, I16Extremes) {
  Bytes mn{0xFF, 0xFF, 0x03};  // zigzag 65535
  Bytes mx{0xFE, 0xFF, 0x03};  // zigzag 65534
  CompactReader r1(mn.data(), mn.size());
  EXPECT_EQ(r1.ReadI16(), std::numeric_limits<int16_t>::min());
  CompactReader r2(mx.data(), mx.size());
  EXPECT_EQ(r2.ReadI16(), std::numeric_limits<int16_t>::max());
  EXPECT_OK(r1.status());
  EXPECT_OK(r2.status());
}

struct BadVarint {
  const char* name;
  Bytes bytes;
  int width;  // 16, 32, 64
  const char* message;
};

TEST(CompactReaderVarintTest, RejectsOverlongAndOverflowing) {
  const BadVarint cases[] = {
      {"i64 eleven bytes", {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 64,
       "varint longer than 10 bytes at offset 0"},
      {"i64 tenth byte overflows", {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02}, 64,
       "varint overflows 64 bits at offset 0"},
      {"i32 six bytes", {0x80, 0x80, 0x80, 0x80, 0x80, 0x00}, 32, "varint longer than 5 bytes at offset 0"},
      {"i32 fifth byte overflows", {0xFF, 0xFF, 0xFF, 0xFF, 0x10}, 32, "varint overflows 32 bits at offset 0"},
      {"i16 overflows", {0x80, 0x80, 0x04}, 16, "i16 varint 65536 overflows 16 bits at offset 3"},
  };
  for (const BadVarint& c : cases) {
    Both b(c.bytes);
    for (const Bytes* in : {&b.exact, &b.padded}) {
      CompactReader r(in->data(), in->size());
      int64_t v = c.width == 64 ? r.ReadI64() : c.width == 32 ? r.ReadI32() : r.ReadI16();
      EXPECT_EQ(v, 0) << c.name;
      EXPECT_STATUS(r.status(), StatusCode::kCorrupt) << c.name;
      EXPECT_EQ(r.status().message(), c.message) << c.name;
    }
  }
}

TEST(CompactReaderVarintTest, TruncatedAtEveryByte) {
  Bytes full{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01};
  for (size_t n = 0; n < full.size(); ++n) {
    Bytes in(full.begin(), full.begin() + static_cast<ptrdiff_t>(n));
    CompactReader r(in.data(), in.size(), {}, 100);
    EXPECT_EQ(r.ReadI64(), 0);
    EXPECT_STATUS(r.status(), StatusCode::kCorrupt);
    EXPECT_EQ(r.status().message(), "truncated varint (" + std::to_string(n) + (n == 1 ? " byte" : " bytes") +
                                        " left) at offset 100");
  }
}

TEST(CompactReaderValuesTest, DoubleIsLittleEndian) {
  Bytes in{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF8, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x7F};
  CompactReader r(in.data(), in.size());
  EXPECT_EQ(r.ReadDouble(), 1.5);
  EXPECT_TRUE(std::isinf(r.ReadDouble()));
  EXPECT_EQ(r.ReadDouble(), 0.0);
  EXPECT_EQ(r.status().message(), "truncated input: double needs 8 bytes but 0 left at offset 16");
}

TEST(CompactReaderValuesTest, ByteAndBinary) {
  Bytes in{0xFF, 0x03, 'a', 'b', 'c', 0x00, 0x01};
  CompactReader r(in.data(), in.size());
  EXPECT_EQ(r.ReadByte(), -1);
  std::string s = "junk";
  r.ReadBinary(&s);
  EXPECT_EQ(s, "abc");
  r.ReadBinary(&s);
  EXPECT_EQ(s, "");
  EXPECT_EQ(r.ReadByte(), 1);
  EXPECT_OK(r.status());
  EXPECT_EQ(r.ReadByte(), 0);
  EXPECT_EQ(r.status().message(), "truncated input: byte needs 1 byte but 0 left at offset 7");
}

TEST(CompactReaderFieldsTest, ShortAndLongHeaders) {
  // Struct: field 1 i32 = 5 (short), field 16 i64 = -1 (delta 15: short),
  // field 40 binary (delta 24: long form, id zigzag 80), field -3 byte
  // (long form, negative), STOP.
  Bytes in{0x15, 0x0A, 0xF6, 0x01, 0x08, 0x50, 0x01, 'x', 0x03, 0x05, 0x7F, 0x00};
  CompactReader r(in.data(), in.size());
  ASSERT_TRUE(r.StructBegin());
  CType t;
  int16_t id;
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(t, CType::kI32);
  EXPECT_EQ(id, 1);
  EXPECT_EQ(r.ReadI32(), 5);
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(t, CType::kI64);
  EXPECT_EQ(id, 16);
  EXPECT_EQ(r.ReadI64(), -1);
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(t, CType::kBinary);
  EXPECT_EQ(id, 40);
  std::string s;
  r.ReadBinary(&s);
  EXPECT_EQ(s, "x");
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(t, CType::kByte);
  EXPECT_EQ(id, -3);
  EXPECT_EQ(r.ReadByte(), 127);
  EXPECT_FALSE(r.FieldBegin(&t, &id));
  EXPECT_OK(r.status());
  r.StructEnd();
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(CompactReaderFieldsTest, DeltasContinueAfterANestedStruct) {
  // field 2 struct { field 7 i32 }, then field 3 (delta 1 from 2, not from 7).
  Bytes in{0x2C, 0x75, 0x02, 0x00, 0x15, 0x04, 0x00};
  CompactReader r(in.data(), in.size());
  ASSERT_TRUE(r.StructBegin());
  CType t;
  int16_t id;
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(id, 2);
  ASSERT_TRUE(r.StructBegin());
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(id, 7);
  EXPECT_EQ(r.ReadI32(), 1);
  EXPECT_FALSE(r.FieldBegin(&t, &id));
  r.StructEnd();
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(id, 3);
  EXPECT_EQ(r.ReadI32(), 2);
  EXPECT_FALSE(r.FieldBegin(&t, &id));
  EXPECT_OK(r.status());
}

TEST(CompactReaderFieldsTest, BoolFieldsCarryTheValueInTheHeader) {
  Bytes in{0x11, 0x12, 0x02, 0x08, 0x00};  // id 1 true, id 2 false, id 4 (long form) false, STOP
  CompactReader r(in.data(), in.size());
  ASSERT_TRUE(r.StructBegin());
  CType t;
  int16_t id;
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(t, CType::kBoolTrue);
  EXPECT_TRUE(IsBool(t));
  EXPECT_TRUE(r.ReadBool());
  size_t pos = r.position();
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(id, 2);
  EXPECT_EQ(t, CType::kBoolFalse);
  EXPECT_FALSE(r.ReadBool());
  EXPECT_EQ(r.position(), pos + 1);  // no value bytes
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(id, 4);
  r.Skip(t);  // skipping a bool field consumes nothing
  EXPECT_FALSE(r.FieldBegin(&t, &id));
  EXPECT_OK(r.status());
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(CompactReaderFieldsTest, InvalidTypeCode) {
  for (uint8_t t = 13; t < 16; ++t) {
    Bytes in{static_cast<uint8_t>(0x10 | t), 0x00};
    CompactReader r(in.data(), in.size(), {}, 7);
    ASSERT_TRUE(r.StructBegin());
    CType ct;
    int16_t id;
    EXPECT_FALSE(r.FieldBegin(&ct, &id));
    EXPECT_STATUS(r.status(), StatusCode::kCorrupt);
    EXPECT_EQ(r.status().message(), "invalid field type code " + std::to_string(t) + " at offset 7");
  }
}

TEST(CompactReaderContainersTest, BoolElements) {
  // Tagged 1 (as Apache writes) and tagged 2 (as some writers do); elements
  // 1 = true, 0 and 2 = false.
  for (uint8_t tag : {0x01, 0x02}) {
    Bytes in{static_cast<uint8_t>(0x40 | tag), 0x01, 0x00, 0x02, 0x01};
    CompactReader r(in.data(), in.size());
    CType et;
    uint32_t n;
    ASSERT_TRUE(r.ListBegin(&et, &n));
    EXPECT_TRUE(IsBool(et));
    EXPECT_EQ(n, 4u);
    EXPECT_TRUE(r.ReadBool());
    EXPECT_FALSE(r.ReadBool());
    EXPECT_FALSE(r.ReadBool());
    EXPECT_TRUE(r.ReadBool());
    r.ContainerEnd();
    EXPECT_OK(r.status());
    EXPECT_EQ(r.remaining(), 0u);
  }
  Bytes bad{0x11, 0x03};
  CompactReader r(bad.data(), bad.size());
  CType et;
  uint32_t n;
  ASSERT_TRUE(r.ListBegin(&et, &n));
  EXPECT_FALSE(r.ReadBool());
  EXPECT_EQ(r.status().message(), "invalid bool byte 3 (expected 0, 1 or 2) at offset 1");
}

TEST(CompactReaderContainersTest, ShortAndLongListHeaders) {
  Bytes in{0xE5};  // 14 i32s in the short form
  for (int k = 0; k < 14; ++k) in.push_back(static_cast<uint8_t>(2 * k));
  in.push_back(0xF5);  // 20 i32s in the long form
  in.push_back(20);
  for (int k = 0; k < 20; ++k) in.push_back(static_cast<uint8_t>(2 * k));
  in.push_back(0xF8);  // a long-form header with a small size is still valid
  in.push_back(1);
  in.push_back(0);
  CompactReader r(in.data(), in.size());
  CType et;
  uint32_t n;
  ASSERT_TRUE(r.ListBegin(&et, &n));
  EXPECT_EQ(et, CType::kI32);
  EXPECT_EQ(n, 14u);
  for (int k = 0; k < 14; ++k) EXPECT_EQ(r.ReadI32(), k);
  r.ContainerEnd();
  ASSERT_TRUE(r.SetBegin(&et, &n));
  EXPECT_EQ(n, 20u);
  for (int k = 0; k < 20; ++k) EXPECT_EQ(r.ReadI32(), k);
  r.ContainerEnd();
  ASSERT_TRUE(r.ListBegin(&et, &n));
  EXPECT_EQ(et, CType::kBinary);
  EXPECT_EQ(n, 1u);
  std::string s = "x";
  r.ReadBinary(&s);
  EXPECT_EQ(s, "");
  r.ContainerEnd();
  EXPECT_OK(r.status());
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(CompactReaderContainersTest, ListElementTypes) {
  Bytes empty_untyped{0x00};  // an empty list with type 0: accepted
  CompactReader r(empty_untyped.data(), empty_untyped.size());
  CType et;
  uint32_t n;
  EXPECT_TRUE(r.ListBegin(&et, &n));
  EXPECT_EQ(n, 0u);
  Bytes stop_elems{0x10, 0x00};
  CompactReader r2(stop_elems.data(), stop_elems.size());
  EXPECT_FALSE(r2.ListBegin(&et, &n));
  EXPECT_EQ(r2.status().message(), "invalid list element type code 0 at offset 1");
  Bytes bad{0x1D, 0x00};
  CompactReader r3(bad.data(), bad.size());
  EXPECT_FALSE(r3.ListBegin(&et, &n));
  EXPECT_EQ(r3.status().message(), "invalid list element type code 13 at offset 1");
}

TEST(CompactReaderContainersTest, MapHeaders) {
  // empty map (no type byte), then map<i32, binary> {1: "a", -1: ""}
  Bytes in{0x00, 0x02, 0x58, 0x02, 0x01, 'a', 0x01, 0x00};
  CompactReader r(in.data(), in.size());
  CType kt, vt;
  uint32_t n;
  ASSERT_TRUE(r.MapBegin(&kt, &vt, &n));
  EXPECT_EQ(n, 0u);
  r.ContainerEnd();
  ASSERT_TRUE(r.MapBegin(&kt, &vt, &n));
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(kt, CType::kI32);
  EXPECT_EQ(vt, CType::kBinary);
  std::string s;
  EXPECT_EQ(r.ReadI32(), 1);
  r.ReadBinary(&s);
  EXPECT_EQ(s, "a");
  EXPECT_EQ(r.ReadI32(), -1);
  r.ReadBinary(&s);
  EXPECT_EQ(s, "");
  r.ContainerEnd();
  EXPECT_OK(r.status());
  EXPECT_EQ(r.remaining(), 0u);

  Bytes bad_types{0x01, 0xD5, 0x00, 0x00};
  CompactReader r2(bad_types.data(), bad_types.size());
  EXPECT_FALSE(r2.MapBegin(&kt, &vt, &n));
  EXPECT_EQ(r2.status().message(), "invalid map key/value type codes 13/5 at offset 1");
  Bytes doubles{0x02, 0x77, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // 2 pairs need 32 bytes
  CompactReader r3(doubles.data(), doubles.size());
  EXPECT_FALSE(r3.MapBegin(&kt, &vt, &n));
  EXPECT_STATUS(r3.status(), StatusCode::kCorrupt);
  EXPECT_EQ(r3.status().message(), "map size 2 (at least 16 bytes each) exceeds the 18 bytes left at offset 2");
}

// --- Limits ---------------------------------------------------------------

TEST(CompactReaderLimitsTest, StringLimitAndBytesLeft) {
  Bytes in{0x0A, 'a', 'b', 'c'};
  ThriftLimits small;
  small.max_string_size = 5;
  CompactReader r(in.data(), in.size(), small, 1000);
  std::string s = "keep";
  r.ReadBinary(&s);
  EXPECT_EQ(s, "");
  EXPECT_STATUS(r.status(), StatusCode::kLimitExceeded);
  EXPECT_EQ(r.status().message(), "binary length 10 exceeds the limit 5 at offset 1001");

  CompactReader r2(in.data(), in.size(), {}, 1000);
  r2.ReadBinary(&s);
  EXPECT_STATUS(r2.status(), StatusCode::kCorrupt);
  EXPECT_EQ(r2.status().message(), "binary length 10 exceeds the 3 bytes left at offset 1001");

  CompactReader r3(in.data(), in.size());
  r3.Skip(CType::kBinary);
  EXPECT_EQ(r3.status().message(), "binary length 10 exceeds the 3 bytes left at offset 1");
}

TEST(CompactReaderLimitsTest, ContainerLimitAndBytesLeft) {
  Bytes in{0xF3, 0x14, 1, 2, 3};  // 20 bytes claimed, 3 there
  ThriftLimits small;
  small.max_container_size = 10;
  CType et;
  uint32_t n = 99;
  CompactReader r(in.data(), in.size(), small);
  EXPECT_FALSE(r.ListBegin(&et, &n));
  EXPECT_STATUS(r.status(), StatusCode::kLimitExceeded);
  EXPECT_EQ(r.status().message(), "list size 20 exceeds the limit 10 at offset 2");
  CompactReader r2(in.data(), in.size());
  EXPECT_FALSE(r2.ListBegin(&et, &n));
  EXPECT_STATUS(r2.status(), StatusCode::kCorrupt);
  EXPECT_EQ(r2.status().message(), "list size 20 exceeds the 3 bytes left at offset 2");
  // The limit applies to the short form too.
  Bytes shortform{0x53, 1, 2, 3, 4, 5};
  small.max_container_size = 4;
  CompactReader r3(shortform.data(), shortform.size(), small);
  EXPECT_FALSE(r3.ListBegin(&et, &n));
  EXPECT_EQ(r3.status().message(), "list size 5 exceeds the limit 4 at offset 1");
  // Doubles take 8 bytes each.
  Bytes dbl{0x27, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  CompactReader r4(dbl.data(), dbl.size());
  EXPECT_FALSE(r4.ListBegin(&et, &n));
  EXPECT_EQ(r4.status().message(), "list size 2 (at least 8 bytes each) exceeds the 9 bytes left at offset 1");
  // Maps: limit and bytes left.
  Bytes map{0x14, 0x55, 0, 0};
  small.max_container_size = 4;
  CType kt, vt;
  CompactReader r5(map.data(), map.size(), small);
  EXPECT_FALSE(r5.MapBegin(&kt, &vt, &n));
  EXPECT_EQ(r5.status().message(), "map size 20 exceeds the limit 4 at offset 2");
  CompactReader r6(map.data(), map.size());
  EXPECT_FALSE(r6.MapBegin(&kt, &vt, &n));
  EXPECT_EQ(r6.status().message(), "map size 20 (at least 2 bytes each) exceeds the 2 bytes left at offset 2");
}

// Nested `levels` deep: struct{1: struct{1: ... struct{}}} or list<list<...>>.
Bytes NestedStructs(int levels) {
  Bytes b;
  for (int k = 1; k < levels; ++k) b.push_back(0x1C);
  for (int k = 0; k < levels; ++k) b.push_back(0x00);
  return b;
}
Bytes NestedLists(int levels) {
  Bytes b;
  for (int k = 1; k < levels; ++k) b.push_back(0x19);  // one element of type list
  b.push_back(0x05);  // innermost: empty list<i32>
  return b;
}

TEST(CompactReaderLimitsTest, SkipDepthExactlyAtTheLimitAndOnePast) {
  ThriftLimits lim;
  lim.max_depth = 10;
  for (auto make : {NestedStructs, NestedLists}) {
    CType top = make == NestedStructs ? CType::kStruct : CType::kList;
    Bytes at = make(10);
    CompactReader ok_reader(at.data(), at.size(), lim);
    ok_reader.Skip(top);
    EXPECT_OK(ok_reader.status());
    EXPECT_EQ(ok_reader.remaining(), 0u);

    Bytes past = make(11);
    CompactReader bad(past.data(), past.size(), lim);
    bad.Skip(top);
    EXPECT_STATUS(bad.status(), StatusCode::kLimitExceeded);
    EXPECT_EQ(bad.status().message().rfind("nesting depth exceeds the limit 10 at offset ", 0), 0u)
        << bad.status().message();
  }
}

TEST(CompactReaderLimitsTest, DefaultDepthStopsDeepSkip) {
  Bytes deep = NestedLists(100000);  // would overflow the stack without the cap
  CompactReader r(deep.data(), deep.size());
  r.Skip(CType::kList);
  EXPECT_STATUS(r.status(), StatusCode::kLimitExceeded);
  EXPECT_EQ(r.status().message(), "nesting depth exceeds the limit 64 at offset 65");
}

TEST(CompactReaderLimitsTest, StructAndContainerDepthShareOneCount) {
  ThriftLimits lim;
  lim.max_depth = 2;
  Bytes in{0x19, 0x1C, 0x00, 0x00};  // struct { 1: list<struct> [ {} ] }
  CompactReader r(in.data(), in.size(), lim);
  r.Skip(CType::kStruct);
  EXPECT_STATUS(r.status(), StatusCode::kLimitExceeded);
  lim.max_depth = 3;
  CompactReader r2(in.data(), in.size(), lim);
  r2.Skip(CType::kStruct);
  EXPECT_OK(r2.status());
  EXPECT_EQ(r2.remaining(), 0u);
}

TEST(CompactReaderLimitsTest, DeepNestingBeyondTheInlineStackKeepsFieldIds) {
  // 100 levels of struct { 3: struct {...}, 4: i32 level }: the delta of
  // field 4 must come from field 3 of the same level at every depth.
  const int kLevels = 100;
  CompactWriter w;
  for (int k = 0; k < kLevels; ++k) {
    w.StructBegin();
    if (k + 1 < kLevels) w.FieldBegin(CType::kStruct, 3);
  }
  for (int k = kLevels - 1; k >= 0; --k) {
    w.FieldBegin(CType::kI32, 4);
    w.WriteI32(k);
    w.StructEnd();
  }
  ThriftLimits lim;
  lim.max_depth = kLevels;
  CompactReader r(w.data(), w.size(), lim);
  CType t;
  int16_t id;
  for (int k = 0; k < kLevels; ++k) {
    ASSERT_TRUE(r.StructBegin()) << k;
    if (k + 1 < kLevels) {
      ASSERT_TRUE(r.FieldBegin(&t, &id));
      ASSERT_EQ(id, 3);
    }
  }
  for (int k = kLevels - 1; k >= 0; --k) {
    ASSERT_TRUE(r.FieldBegin(&t, &id));
    ASSERT_EQ(id, 4) << "level " << k;
    ASSERT_EQ(r.ReadI32(), k);
    ASSERT_FALSE(r.FieldBegin(&t, &id));
    r.StructEnd();
  }
  EXPECT_OK(r.status());
  EXPECT_EQ(r.remaining(), 0u);
  CompactReader s(w.data(), w.size(), lim);
  s.Skip(CType::kStruct);
  EXPECT_OK(s.status());
  lim.max_depth = kLevels - 1;
  CompactReader s2(w.data(), w.size(), lim);
  s2.Skip(CType::kStruct);
  EXPECT_STATUS(s2.status(), StatusCode::kLimitExceeded);
}

// --- Sticky errors ---------------------------------------------------------

// PeekField/TakeField: the in-order fast path of generated readers.
TEST(CompactReaderFieldsTest, TakeStopConsumesOnlyAStop) {
  // STOP is any byte with a zero type nibble; anything else, and the end of
  // input, leave the position where it was.
  const uint8_t bytes[] = {0x00, 0xF0, 0x15, 0x02};
  CompactReader r(bytes, sizeof(bytes));
  ASSERT_TRUE(r.StructBegin());
  EXPECT_TRUE(r.TakeStop());
  EXPECT_EQ(r.position(), 1u);
  EXPECT_TRUE(r.TakeStop());
  EXPECT_EQ(r.position(), 2u);
  EXPECT_FALSE(r.TakeStop());
  EXPECT_EQ(r.position(), 2u);
  CType t;
  int16_t id;
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(id, 1);
  EXPECT_EQ(r.ReadI32(), 1);
  EXPECT_FALSE(r.TakeStop());  // the end of input
  EXPECT_EQ(r.position(), sizeof(bytes));
  EXPECT_OK(r.status());
}

TEST(CompactReaderFieldsTest, PeekFieldKeysOnlyShortForms) {
  // field 1 i32 = 5 (short), field 3 bool true (short), field 2 i64 (long
  // form: type byte then zigzag id), STOP with a high nibble.
  Bytes b = {0x15, 0x0A, 0x21, 0x06, 0x04, 0x02, 0xF0};
  CompactReader r(b.data(), b.size());
  ASSERT_TRUE(r.StructBegin());
  uint32_t key = r.PeekField();
  ASSERT_EQ(key, FieldKey(1, CType::kI32));
  EXPECT_EQ(r.position(), 0u);  // peeking reads nothing
  r.TakeField(1);
  EXPECT_EQ(r.ReadI32(), 5);
  key = r.PeekField();
  ASSERT_TRUE(IsBoolKey(key, 3));
  EXPECT_FALSE(IsBoolKey(key, 2));
  r.TakeBoolField(3, key);
  EXPECT_TRUE(r.ReadBool());
  // The long form matches no field after 3: the general path reads it.
  key = r.PeekField();
  for (int16_t id = 4; id < 20; ++id) {
    for (uint8_t t = 1; t <= 12; ++t) EXPECT_NE(key, FieldKey(id, static_cast<CType>(t)));
  }
  CType t;
  int16_t id;
  ASSERT_TRUE(r.FieldBegin(&t, &id));
  EXPECT_EQ(id, 2);
  EXPECT_EQ(r.ReadI64(), 1);
  // STOP carries type code 0, which is no field's wire type.
  EXPECT_EQ(r.PeekField() & 0x0F, 0u);
  EXPECT_FALSE(r.FieldBegin(&t, &id));
  r.StructEnd();
  EXPECT_OK(r.status());
  EXPECT_EQ(r.PeekField(), 0u);  // end of input
  // A failed reader peeks 0.
  Bytes c = {0x15, 0x80};
  CompactReader f(c.data(), c.size());
  ASSERT_TRUE(f.StructBegin());
  f.TakeField(1);
  (void)f.ReadI32();
  EXPECT_NOT_OK(f.status());
  EXPECT_EQ(f.PeekField(), 0u);
}

TEST(CompactReaderErrorsTest, FirstFailureWinsAndLaterCallsAreNoOps) {
  Bytes in{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
  CompactReader r(in.data(), in.size(), {}, 50);
  EXPECT_EQ(r.ReadI32(), 0);
  ASSERT_NOT_OK(r.status());
  std::string first = r.status().message();
  EXPECT_EQ(first, "varint longer than 5 bytes at offset 50");
  size_t pos = r.position();
  EXPECT_EQ(r.remaining(), 0u);
  EXPECT_EQ(r.ReadI64(), 0);
  EXPECT_EQ(r.ReadByte(), 0);
  EXPECT_EQ(r.ReadDouble(), 0.0);
  EXPECT_FALSE(r.ReadBool());
  std::string s = "x";
  r.ReadBinary(&s);
  EXPECT_EQ(s, "");
  CType t;
  int16_t id;
  uint32_t n;
  EXPECT_FALSE(r.StructBegin());
  EXPECT_FALSE(r.FieldBegin(&t, &id));
  EXPECT_FALSE(r.ListBegin(&t, &n));
  EXPECT_FALSE(r.MapBegin(&t, &t, &n));
  r.Skip(CType::kStruct);
  r.Fail(StatusCode::kInternal, "second");
  EXPECT_EQ(r.status().message(), first);
  EXPECT_STATUS(r.status(), StatusCode::kCorrupt);
  EXPECT_EQ(r.position(), pos);
}

TEST(CompactReaderErrorsTest, FailAppendsTheOffset) {
  Bytes in{0x15, 0x02, 0x00};
  CompactReader r(in.data(), in.size(), {}, 4096);
  (void)r.ReadByte();
  (void)r.ReadByte();
  r.Fail(StatusCode::kCorrupt, "Foo: required field 'a' (id 1) missing");
  EXPECT_EQ(r.status().message(), "Foo: required field 'a' (id 1) missing at offset 4098");
}

TEST(CompactReaderErrorsTest, SkipRejectsStop) {
  Bytes in{0x00};
  CompactReader r(in.data(), in.size());
  r.Skip(CType::kStop);
  EXPECT_EQ(r.status().message(), "cannot skip a value of type code 0 at offset 0");
}

// --- Generated-style reading ------------------------------------------------

struct Foo {
  int32_t a = 0;
  bool b = false;
  std::vector<int64_t> c;
  std::string d;
};

// The shape tools/thriftgen emits.
bool ReadFoo(CompactReader& r, Foo* out) {
  if (!r.StructBegin()) return false;
  uint32_t isset = 0;
  CType t;
  int16_t id;
  while (r.FieldBegin(&t, &id)) {
    switch (id) {
      case 1:
        if (t == CType::kI32) {
          out->a = r.ReadI32();
          isset |= 1;
        } else {
          r.Skip(t);
        }
        break;
      case 2:
        if (IsBool(t)) {
          out->b = r.ReadBool();
        } else {
          r.Skip(t);
        }
        break;
      case 3: {
        CType et;
        uint32_t n;
        if (t == CType::kList && r.ListBegin(&et, &n)) {
          out->c.clear();
          for (uint32_t k = 0; k < n; ++k) out->c.push_back(r.ReadI64());
          r.ContainerEnd();
        } else {
          r.Skip(t);
        }
        break;
      }
      case 5:
        if (t == CType::kBinary) {
          r.ReadBinary(&out->d);
        } else {
          r.Skip(t);
        }
        break;
      default:
        r.Skip(t);
    }
    if (!r.ok()) return false;
  }
  if (!r.ok()) return false;
  r.StructEnd();
  if (!(isset & 1)) {
    r.Fail(StatusCode::kCorrupt, "Foo: required field 'a' (id 1) missing");
    return false;
  }
  return true;
}

TEST(CompactReaderGeneratedTest, UnknownFieldsAreSkipped) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBool(-7, true);  // unknown bool field, long form
  w.FieldBegin(CType::kI32, 1);
  w.WriteI32(-42);
  w.FieldBegin(CType::kStruct, 2);  // field 2 with the wrong type: skipped
  {
    w.StructBegin();
    w.FieldBegin(CType::kMap, 1);
    w.MapBegin(CType::kBinary, CType::kList, 1);
    w.WriteBinary("k");
    w.ListBegin(CType::kBoolTrue, 3);
    w.WriteBool(true);
    w.WriteBool(false);
    w.WriteBool(true);
    w.FieldBool(2, false);
    w.FieldBegin(CType::kDouble, 30);
    w.WriteDouble(2.5);
    w.StructEnd();
  }
  w.FieldBegin(CType::kList, 3);
  w.ListBegin(CType::kI64, 3);
  w.WriteI64(std::numeric_limits<int64_t>::min());
  w.WriteI64(0);
  w.WriteI64(std::numeric_limits<int64_t>::max());
  w.FieldBegin(CType::kSet, 4);  // unknown set of structs
  w.SetBegin(CType::kStruct, 2);
  w.StructBegin();
  w.StructEnd();
  w.StructBegin();
  w.FieldBegin(CType::kI16, 9);
  w.WriteI16(-300);
  w.StructEnd();
  w.FieldBegin(CType::kBinary, 5);
  w.WriteBinary("hello");
  w.FieldBool(2, true);  // field 2 again, now a bool: read (delta from 5 is negative: long form)
  w.FieldBegin(CType::kByte, 1000);  // unknown byte far away
  w.WriteByte(-1);
  w.StructEnd();

  Foo foo;
  CompactReader r(w.data(), w.size());
  ASSERT_TRUE(ReadFoo(r, &foo)) << r.status().ToString();
  EXPECT_EQ(foo.a, -42);
  EXPECT_TRUE(foo.b);
  EXPECT_EQ(foo.c, (std::vector<int64_t>{std::numeric_limits<int64_t>::min(), 0,
                                          std::numeric_limits<int64_t>::max()}));
  EXPECT_EQ(foo.d, "hello");
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(CompactReaderGeneratedTest, MissingRequiredFieldIsNamed) {
  Bytes in{0x11, 0x00};  // only field 1 as a bool (wrong type): skipped, then missing
  Foo foo;
  CompactReader r(in.data(), in.size(), {}, 10);
  EXPECT_FALSE(ReadFoo(r, &foo));
  EXPECT_EQ(r.status().message(), "Foo: required field 'a' (id 1) missing at offset 12");
}

}  // namespace
}  // namespace parq::thrift
