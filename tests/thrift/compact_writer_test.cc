// CompactWriter: exact bytes for every form Apache Thrift's TCompactProtocol
// writes (the oracle test in tests/thrift_oracle checks the same against
// libthrift itself).
#include "thrift/compact_writer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace parq::thrift {
namespace {

using Bytes = std::vector<uint8_t>;

Bytes Out(const CompactWriter& w) { return Bytes(w.data(), w.data() + w.size()); }

TEST(CompactWriterTest, ZigzagVarints) {
  CompactWriter w;
  w.WriteI32(0);
  w.WriteI32(-1);
  w.WriteI32(1);
  w.WriteI32(-64);
  w.WriteI32(64);
  EXPECT_EQ(Out(w), (Bytes{0x00, 0x01, 0x02, 0x7F, 0x80, 0x01}));
  w.Clear();
  w.WriteI32(std::numeric_limits<int32_t>::max());
  w.WriteI32(std::numeric_limits<int32_t>::min());
  EXPECT_EQ(Out(w), (Bytes{0xFE, 0xFF, 0xFF, 0xFF, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F}));
  w.Clear();
  w.WriteI64(std::numeric_limits<int64_t>::max());
  w.WriteI64(std::numeric_limits<int64_t>::min());
  EXPECT_EQ(Out(w), (Bytes{0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01,  //
                           0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}));
  w.Clear();
  w.WriteI16(std::numeric_limits<int16_t>::min());
  w.WriteI16(std::numeric_limits<int16_t>::max());
  EXPECT_EQ(Out(w), (Bytes{0xFF, 0xFF, 0x03, 0xFE, 0xFF, 0x03}));
}

TEST(CompactWriterTest, FixedWidthValues) {
  CompactWriter w;
  w.WriteByte(-1);
  w.WriteDouble(1.5);
  w.WriteBinary("ab");
  w.WriteBinary("");
  EXPECT_EQ(Out(w), (Bytes{0xFF, 0, 0, 0, 0, 0, 0, 0xF8, 0x3F, 0x02, 'a', 'b', 0x00}));
  std::string big(300, 'z');
  w.Clear();
  w.WriteBinary(big);
  ASSERT_EQ(w.size(), 302u);
  EXPECT_EQ(w.data()[0], 0xAC);  // 300 = 0b10_0101100
  EXPECT_EQ(w.data()[1], 0x02);
}

TEST(CompactWriterTest, FieldHeaderDeltas) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBegin(CType::kI32, 1);    // delta 1: short
  w.WriteI32(0);
  w.FieldBegin(CType::kI32, 16);   // delta 15: short
  w.WriteI32(0);
  w.FieldBegin(CType::kI32, 32);   // delta 16: long
  w.WriteI32(0);
  w.FieldBegin(CType::kI32, 32);   // delta 0: long
  w.WriteI32(0);
  w.FieldBegin(CType::kI32, 31);   // delta -1: long
  w.WriteI32(0);
  w.FieldBegin(CType::kI32, -2);   // negative id: long
  w.WriteI32(0);
  w.StructEnd();
  EXPECT_EQ(Out(w), (Bytes{0x15, 0x00, 0xF5, 0x00, 0x05, 0x40, 0x00, 0x05, 0x40, 0x00, 0x05, 0x3E, 0x00, 0x05,
                           0x03, 0x00, 0x00}));
}

TEST(CompactWriterTest, FirstFieldIdZeroUsesTheLongForm) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBegin(CType::kByte, 0);
  w.WriteByte(7);
  w.FieldBegin(CType::kByte, 15);
  w.WriteByte(8);
  w.StructEnd();
  EXPECT_EQ(Out(w), (Bytes{0x03, 0x00, 0x07, 0xF3, 0x08, 0x00}));
}

TEST(CompactWriterTest, BoolFieldsAndElements) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBool(1, true);
  w.FieldBool(2, false);
  w.FieldBool(20, true);
  w.FieldBegin(CType::kList, 21);
  w.ListBegin(CType::kBoolFalse, 2);  // tagged 1 whatever code is passed
  w.WriteBool(true);
  w.WriteBool(false);
  w.StructEnd();
  EXPECT_EQ(Out(w), (Bytes{0x11, 0x12, 0x01, 0x28, 0x19, 0x21, 0x01, 0x02, 0x00}));
}

TEST(CompactWriterTest, ListSetAndMapHeaders) {
  CompactWriter w;
  w.ListBegin(CType::kI32, 0);
  w.ListBegin(CType::kI32, 14);
  w.SetBegin(CType::kBinary, 15);
  w.ListBegin(CType::kStruct, 300);
  w.MapBegin(CType::kI32, CType::kBinary, 0);  // empty: one byte, no types
  w.MapBegin(CType::kBinary, CType::kBoolTrue, 2);
  w.MapBegin(CType::kBoolFalse, CType::kBoolFalse, 200);
  EXPECT_EQ(Out(w), (Bytes{0x05, 0xE5, 0xF8, 0x0F, 0xFC, 0xAC, 0x02, 0x00, 0x02, 0x81, 0xC8, 0x01, 0x11}));
}

TEST(CompactWriterTest, NestedStructRestoresTheFieldId) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBegin(CType::kStruct, 2);
  w.StructBegin();
  w.FieldBegin(CType::kI32, 10);
  w.WriteI32(1);
  w.StructEnd();
  w.FieldBegin(CType::kI32, 3);  // delta 1 from 2, not -7 from 10
  w.WriteI32(1);
  w.StructEnd();
  EXPECT_EQ(Out(w), (Bytes{0x2C, 0xA5, 0x02, 0x00, 0x15, 0x02, 0x00}));
}

TEST(CompactWriterTest, TakeAndClearReset) {
  CompactWriter w;
  w.StructBegin();
  w.FieldBegin(CType::kI32, 5);
  w.WriteI32(1);
  std::string taken = w.Take();
  EXPECT_EQ(taken, std::string("\x55\x02", 2));
  EXPECT_EQ(w.size(), 0u);
  // After Take the field-id state starts over too.
  w.StructBegin();
  w.FieldBegin(CType::kI32, 5);
  EXPECT_EQ(w.data()[0], 0x55);
  w.Clear();
  EXPECT_EQ(w.size(), 0u);
}

}  // namespace
}  // namespace parq::thrift
