// Tests of the code thriftgen generates, using the golden IDL: round trips
// of random values, exact compact bytes, defaults, the missing-required-field
// error, skipping of unknown and mistyped fields, unknown enum values and
// unknown union members.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "golden/golden_types.h"
#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace parq::golden {
namespace {

using ::parq::thrift::CompactReader;
using ::parq::thrift::CompactWriter;
using ::parq::thrift::CType;

template <class T>
std::string Encode(const T& v) {
  CompactWriter w;
  Write(w, v);
  return w.Take();
}

template <class T>
bool Decode(const std::string& bytes, T* out, Status* st = nullptr) {
  CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  bool ok = Read(r, out);
  EXPECT_EQ(ok, r.ok());
  if (st) *st = r.status();
  return ok;
}

std::vector<uint8_t> Bytes(const std::string& s) { return std::vector<uint8_t>(s.begin(), s.end()); }

template <class T>
void RoundTripMany(const char* name) {
  std::mt19937_64 rng(12345);
  for (int i = 0; i < 300; ++i) {
    T v;
    RandomFill(rng, &v);
    std::string bytes = Encode(v);
    T back;
    Status st;
    ASSERT_TRUE(Decode(bytes, &back, &st)) << name << " #" << i << ": " << st.ToString();
    ASSERT_TRUE(back == v) << name << " #" << i;
    ASSERT_EQ(Encode(back), bytes) << name << " #" << i;
  }
}

TEST(ThriftgenGolden, RandomValuesRoundTrip) {
#define PARQ_ROUND_TRIP(S) RoundTripMany<S>(#S);
  PARQ_GOLDEN_STRUCTS(PARQ_ROUND_TRIP)
#undef PARQ_ROUND_TRIP
}

TEST(ThriftgenGolden, RandomFillSetsUnionsAndOptionals) {
  std::mt19937_64 rng(7);
  int with_choice = 0;
  for (int i = 0; i < 200; ++i) {
    Choice c;
    RandomFill(rng, &c);
    int set = c.inner.has_value() + c.number.has_value() + c.text.has_value() + c.flag.has_value();
    EXPECT_EQ(set, 1);
    Outer o;
    RandomFill(rng, &o);
    with_choice += o.choice.has_value();
    for (Color col : o.colors) EXPECT_NE(EnumName(col), "");
    for (size_t k = 1; k < o.longs.size(); ++k) EXPECT_LT(o.longs[k - 1], o.longs[k]);  // a set
  }
  EXPECT_GT(with_choice, 50);
  EXPECT_LT(with_choice, 150);
}

TEST(ThriftgenGolden, Defaults) {
  Outer o;
  EXPECT_FALSE(o.req_bool);
  // Optional fields with an IDL default start out holding it (as in Apache
  // Thrift's C++); reset() makes them absent.
  ASSERT_TRUE(o.opt_bool.has_value());
  EXPECT_TRUE(*o.opt_bool);
  EXPECT_EQ(o.i64v, 1234567890123);
  EXPECT_EQ(o.is_default, true);
  EXPECT_FALSE(o.opt_color.has_value());
  EXPECT_EQ(o.i8v, -5);
  EXPECT_EQ(o.i16v, 300);
  EXPECT_EQ(o.d, 1.5);
  EXPECT_EQ(o.neg, -2.0);
  EXPECT_EQ(o.str, "hi \"there\"");
  EXPECT_EQ(o.color, Color::GREEN);
  EXPECT_EQ(o.counter, Counter::TEN);
  EXPECT_EQ(o.inner.plain, 42);
  EXPECT_EQ(Inner().a, 0);
}

TEST(ThriftgenGolden, EnumNames) {
  EXPECT_EQ(EnumName(Color::BLUE), "BLUE");
  EXPECT_EQ(EnumName(Counter::ELEVEN), "ELEVEN");
  EXPECT_EQ(static_cast<int>(Counter::ELEVEN), 11);
  EXPECT_EQ(EnumName(static_cast<Color>(3)), "");
}

TEST(ThriftgenGolden, ExactBytes) {
  Inner in;
  in.a = 1;
  // a: delta 1, i32 (5), zigzag 2; plain (default requiredness, always
  // written): delta 2, i64 (6), zigzag 84; STOP.
  EXPECT_EQ(Bytes(Encode(in)), (std::vector<uint8_t>{0x15, 0x02, 0x26, 0x54, 0x00}));
  in.s = "x";
  EXPECT_EQ(Bytes(Encode(in)), (std::vector<uint8_t>{0x15, 0x02, 0x18, 0x01, 'x', 0x16, 0x54, 0x00}));

  Choice c;
  c.flag = false;  // bool value in the field header: id 5, type 2
  EXPECT_EQ(Bytes(Encode(c)), (std::vector<uint8_t>{0x52, 0x00}));
  EXPECT_EQ(Bytes(Encode(Empty())), (std::vector<uint8_t>{0x00}));
}

TEST(ThriftgenGolden, WritesFieldsInIdOrder) {
  // i32v (id 6) is declared before i16v (id 5) in the IDL; the encoding must
  // still go 1, 3, 4, 5, 6, ...
  Outer o;
  o.opt_bool.reset();
  o.i32v = 9;
  std::string b = Encode(o);
  ASSERT_GE(b.size(), 8u);
  EXPECT_EQ(static_cast<uint8_t>(b[0]), 0x12);  // id 1 bool false
  EXPECT_EQ(static_cast<uint8_t>(b[1]), 0x23);  // id 3 byte (delta 2)
  EXPECT_EQ(static_cast<uint8_t>(b[3]), 0x13);  // id 4 byte
  EXPECT_EQ(static_cast<uint8_t>(b[5]), 0x14);  // id 5 i16
  EXPECT_EQ(static_cast<uint8_t>(b[8]), 0x15);  // id 6 i32 (300 takes two bytes)
  Outer back;
  ASSERT_TRUE(Decode(b, &back));
  EXPECT_TRUE(back.opt_bool.has_value());  // absent on the wire: reads as the default
  back.opt_bool.reset();
  EXPECT_EQ(back, o);
}

TEST(ThriftgenGolden, OptionalDefaultsAreWrittenUnlessReset) {
  Outer o;
  std::string b = Encode(o);
  EXPECT_EQ(static_cast<uint8_t>(b[1]), 0x11);  // id 2 bool true, written
  o.opt_bool = false;
  b = Encode(o);
  EXPECT_EQ(static_cast<uint8_t>(b[1]), 0x12);
}

TEST(ThriftgenGolden, MissingRequiredFieldIsNamed) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBool(1, true);
  w.FieldBegin(CType::kI32, 6);
  w.WriteI32(5);
  w.StructEnd();  // no 'inner' (id 19), no 'colors' (id 24)
  Outer o;
  Status st;
  std::string bytes = w.Take();
  ASSERT_FALSE(Decode(bytes, &o, &st));
  EXPECT_EQ(st.code(), StatusCode::kCorrupt);
  EXPECT_NE(st.message().find("Outer: required field 'inner' (id 19) missing"), std::string::npos)
      << st.message();

  CompactWriter w2;
  w2.StructBegin();
  w2.FieldBegin(CType::kBinary, 2);
  w2.WriteBinary("only s");
  w2.StructEnd();
  Inner in;
  bytes = w2.Take();
  ASSERT_FALSE(Decode(bytes, &in, &st));
  EXPECT_NE(st.message().find("Inner: required field 'a' (id 1) missing"), std::string::npos) << st.message();
}

TEST(ThriftgenGolden, SkipsUnknownAndMistypedFields) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBegin(CType::kI32, 1);
  w.WriteI32(77);
  w.FieldBegin(CType::kI32, 2);  // 's' is a string: wrong wire type, skipped
  w.WriteI32(5);
  w.FieldBegin(CType::kList, 40);  // unknown id with a nested value
  w.ListBegin(CType::kStruct, 2);
  for (int i = 0; i < 2; ++i) {
    w.StructBegin();
    w.FieldBegin(CType::kBinary, 1);
    w.WriteBinary("zz");
    w.StructEnd();
  }
  w.FieldBegin(CType::kI64, 3);
  w.WriteI64(-8);
  w.StructEnd();
  Inner in;
  std::string bytes = w.Take();
  ASSERT_TRUE(Decode(bytes, &in));
  EXPECT_EQ(in.a, 77);
  EXPECT_FALSE(in.s.has_value());
  EXPECT_EQ(in.plain, -8);
}

// Generated readers take fields in id order with one-byte headers on a fast
// path and everything else in a general loop; any mix must read the same.
TEST(ThriftgenGolden, FieldOrderAndHeaderFormDoNotMatter) {
  const std::vector<std::string> forms = {
      // in order, short headers: a=77, s="hi", plain=-8, STOP
      std::string("\x15\x9a\x01\x18\x02hi\x16\x0f\x00", 10),
      // reversed: plain first (short), then a (long form: absolute id 1), s
      std::string("\x36\x0f\x05\x02\x9a\x01\x18\x02hi\x00", 11),
      // a twice (the last wins), the second in long form
      std::string("\x15\x02\x05\x02\x9a\x01\x18\x02hi\x16\x0f\x00", 13),
      // s first, an unknown field 11, then a (long form) and plain
      std::string("\x28\x02hi\x95\x04\x05\x02\x9a\x01\x26\x0f\x00", 13),
      // a STOP byte with a non-zero high nibble
      std::string("\x15\x9a\x01\x18\x02hi\x16\x0f\xf0", 10),
  };
  for (size_t i = 0; i < forms.size(); ++i) {
    Inner in;
    Status st;
    ASSERT_TRUE(Decode(forms[i], &in, &st)) << i << ": " << st.ToString();
    EXPECT_EQ(in.a, 77) << i;
    EXPECT_EQ(in.s, "hi") << i;
    EXPECT_EQ(in.plain, -8) << i;
  }
  // A bool field: its value is in the header, short or long form.
  for (const auto& [bytes, want] : std::vector<std::pair<std::string, bool>>{
           {std::string("\x51\x00", 2), true},
           {std::string("\x52\x00", 2), false},
           {std::string("\x01\x0a\x00", 3), true},
           {std::string("\x02\x0a\x00", 3), false}}) {
    Choice c;
    ASSERT_TRUE(Decode(bytes, &c));
    ASSERT_TRUE(c.flag.has_value());
    EXPECT_EQ(*c.flag, want);
  }
}

TEST(ThriftgenGolden, UnknownEnumValuesArePreserved) {
  Outer o;
  o.color = static_cast<Color>(99);
  o.colors = {Color::RED, static_cast<Color>(-4)};
  o.opt_color = static_cast<Color>(1000);
  std::string bytes = Encode(o);
  Outer back;
  ASSERT_TRUE(Decode(bytes, &back));
  EXPECT_EQ(static_cast<int32_t>(back.color), 99);
  EXPECT_EQ(static_cast<int32_t>(back.colors[1]), -4);
  EXPECT_EQ(static_cast<int32_t>(*back.opt_color), 1000);
  EXPECT_EQ(EnumName(back.color), "");
  EXPECT_EQ(Encode(back), bytes);
}

TEST(ThriftgenGolden, UnknownUnionMemberLeavesNoneSet) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBegin(CType::kI32, 4);  // id 4 is not a member of Choice
  w.WriteI32(3);
  w.StructEnd();
  Choice c;
  c.number = 5;  // Read resets the output first
  std::string bytes = w.Take();
  ASSERT_TRUE(Decode(bytes, &c));
  EXPECT_EQ(c, Choice());
}

TEST(ThriftgenGolden, UnionWithTwoMembersKeepsBoth) {
  // Invalid but readable, as with Apache Thrift: the consumer decides.
  CompactWriter w;
  w.StructBegin();
  w.FieldBegin(CType::kI32, 2);
  w.WriteI32(3);
  w.FieldBegin(CType::kBinary, 3);
  w.WriteBinary("t");
  w.StructEnd();
  Choice c;
  std::string bytes = w.Take();
  ASSERT_TRUE(Decode(bytes, &c));
  EXPECT_EQ(c.number, 3);
  EXPECT_EQ(c.text, "t");
  EXPECT_EQ(Encode(c), bytes);
}

TEST(ThriftgenGolden, WrongContainerElementTypeIsCorrupt) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBool(1, false);
  w.FieldBegin(CType::kI32, 6);
  w.WriteI32(1);
  w.FieldBegin(CType::kList, 13);  // list<i32> sent with i64 elements
  w.ListBegin(CType::kI64, 1);
  w.WriteI64(1);
  w.StructEnd();
  Outer o;
  Status st;
  std::string bytes = w.Take();
  ASSERT_FALSE(Decode(bytes, &o, &st));
  EXPECT_EQ(st.code(), StatusCode::kCorrupt);
  EXPECT_NE(st.message().find("Outer: field 'ints' (id 13)"), std::string::npos) << st.message();
}

TEST(ThriftgenGolden, TruncatedInputFailsEverywhere) {
  std::mt19937_64 rng(99);
  for (int i = 0; i < 20; ++i) {
    Outer o;
    RandomFill(rng, &o);
    std::string bytes = Encode(o);
    for (size_t cut = 0; cut < bytes.size(); ++cut) {
      Outer back;
      Status st;
      EXPECT_FALSE(Decode(bytes.substr(0, cut), &back, &st)) << "cut at " << cut;
      EXPECT_FALSE(st.ok());
    }
  }
}

TEST(ThriftgenGolden, ReadResetsOutput) {
  Inner in;
  in.a = 3;
  std::string bytes = Encode(in);
  Inner target;
  target.s = "stale";
  ASSERT_TRUE(Decode(bytes, &target));
  EXPECT_EQ(target, in);
}

}  // namespace
}  // namespace parq::golden
