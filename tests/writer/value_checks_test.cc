// The writers' checks of values against their column's annotation: unscaled
// DECIMAL values of more digits than the precision, and STRING / ENUM / JSON
// bytes that are not well-formed UTF-8, refused by the typed column writers
// (sticky, naming the column and the value) and by RowWriter (naming the row
// and field, the row rolled back); ToValue of a typed Decimal refuses the
// same.  Well-formed input at the limits is written and read back.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/logical_value_access.h"
#include "parq/logical_values.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

constexpr char kSchema[] = R"(message m {
  optional int64 d64 (DECIMAL(10,2));
  optional int32 d32 (DECIMAL(4,0));
  optional fixed_len_byte_array(5) fixed (DECIMAL(11,0));
  optional binary bin (DECIMAL(3,1));
  optional binary s (STRING);
  optional binary e (ENUM);
  optional binary j (JSON);
  optional binary raw;
})";

class ValueChecksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(schema_, ParseMessageType(kSchema));
    ASSERT_OK_AND_ASSIGN(file_, FileWriter::Open(std::make_unique<MemoryOutputStream>(), schema_));
  }
  Schema schema_;
  std::unique_ptr<FileWriter> file_;
};

ByteArray Bytes(const std::string& s) {
  return ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
}

using TypedColumnWriterTest = ValueChecksTest;

TEST_F(TypedColumnWriterTest, Int64DecimalOfMoreDigitsIsRefusedAndSticky) {
  ASSERT_OK_AND_ASSIGN(auto* col, file_->typed_column<int64_t>(0));
  const int64_t ok[] = {9999999999, -9999999999, 0};
  const int16_t def[] = {1, 0, 1, 1};
  ASSERT_OK(col->WriteBatch(4, def, nullptr, ok));
  const int64_t bad[] = {5, 12345678901234};  // 123456789012.34
  EXPECT_STATUS_HAS(col->WriteBatch(3, def, nullptr, bad), StatusCode::kInvalidArgument,
                    "non-null value 1 of the batch: the unscaled value 12345678901234 has more than the 10 digits "
                    "of DECIMAL(10,2)");
  EXPECT_STATUS_HAS(col->WriteBatch(4, def, nullptr, ok), StatusCode::kInvalidArgument, "column d64");
}

TEST_F(TypedColumnWriterTest, Int32DecimalOfMoreDigitsIsRefused) {
  ASSERT_OK_AND_ASSIGN(auto* col, file_->typed_column<int32_t>(1));
  const int16_t def[] = {1};
  const int32_t bad[] = {-10000};
  EXPECT_STATUS_HAS(col->WriteBatch(1, def, nullptr, bad), StatusCode::kInvalidArgument,
                    "the unscaled value -10000 has more than the 4 digits of DECIMAL(4,0)");
}

TEST_F(TypedColumnWriterTest, FixedLenDecimalOfMoreDigitsIsRefused) {
  ASSERT_OK_AND_ASSIGN(auto* col, file_->typed_column<FixedLenByteArray>(2));
  // 99999999999 (11 digits) fits; 5 bytes also hold 100000000000 (0x174876E800).
  const uint8_t ok[] = {0x17, 0x48, 0x76, 0xE7, 0xFF};
  const uint8_t bad[] = {0x17, 0x48, 0x76, 0xE8, 0x00};
  const FixedLenByteArray good_value{ok}, bad_value{bad};
  const int16_t def[] = {1};
  ASSERT_OK(col->WriteBatch(1, def, nullptr, &good_value));
  EXPECT_STATUS_HAS(col->WriteBatch(1, def, nullptr, &bad_value), StatusCode::kInvalidArgument,
                    "the unscaled value 100000000000 has more than the 11 digits of DECIMAL(11,0)");
}

TEST_F(TypedColumnWriterTest, ByteArrayDecimalOfMoreDigitsIsRefused) {
  ASSERT_OK_AND_ASSIGN(auto* col, file_->typed_column<ByteArray>(3));
  const std::string ok("\xFC\x19", 2), bad("\x00\x03\xE8", 3);  // -999 and 1000
  const ByteArray values[] = {Bytes(ok), Bytes(std::string()), Bytes(bad)};
  const int16_t def[] = {1, 1, 1};
  ASSERT_OK(col->WriteBatch(2, def, nullptr, values));
  EXPECT_STATUS_HAS(col->WriteBatch(3, def, nullptr, values), StatusCode::kInvalidArgument,
                    "non-null value 2 of the batch: the unscaled value 1000 has more than the 3 digits");
}

TEST_F(TypedColumnWriterTest, InvalidUtf8InStringEnumAndJsonColumnsIsRefused) {
  const std::string good = "caf\xC3\xA9", ff_fe = "ab\xFF\xFE", surrogate = "\xED\xA0\x80";
  const ByteArray values[] = {Bytes(good), Bytes(ff_fe), Bytes(surrogate)};
  const int16_t def[] = {1, 1, 1};
  // The unannotated column takes any bytes.
  ASSERT_OK_AND_ASSIGN(auto* raw, file_->typed_column<ByteArray>(7));
  ASSERT_OK(raw->WriteBatch(3, def, nullptr, values));
  ASSERT_OK_AND_ASSIGN(auto* s, file_->typed_column<ByteArray>(4));
  ASSERT_OK(s->WriteBatch(1, def, nullptr, values));
  EXPECT_STATUS_HAS(s->WriteBatch(3, def, nullptr, values), StatusCode::kInvalidArgument,
                    "non-null value 1 of the batch: invalid UTF-8 at byte 2 (ff fe)");
}

TEST_F(TypedColumnWriterTest, ValuesBackToBackInOneBufferAreEachUtf8) {
  // "ab\xE2\x82" then "\xAC": one buffer holds a well-formed euro sign
  // across the two values, neither of which is UTF-8 alone.
  const std::string arena = "plain ascii" "ab\xE2\x82" "\xAC" "z";
  const auto* p = reinterpret_cast<const uint8_t*>(arena.data());
  const ByteArray ascii[] = {{p, 5}, {p + 5, 6}};
  const ByteArray split[] = {{p, 11}, {p + 11, 4}, {p + 15, 1}, {p + 16, 1}};
  const int16_t def[] = {1, 1, 1, 1};
  ASSERT_OK_AND_ASSIGN(auto* s, file_->typed_column<ByteArray>(4));
  ASSERT_OK(s->WriteBatch(2, def, nullptr, ascii));
  EXPECT_STATUS_HAS(s->WriteBatch(4, def, nullptr, split), StatusCode::kInvalidArgument,
                    "non-null value 1 of the batch: invalid UTF-8 at byte 2 (e2 82)");
}

TEST_F(TypedColumnWriterTest, SurrogatesAreNotUtf8) {
  const std::string surrogate = "x\xED\xA0\x80";
  const ByteArray value = Bytes(surrogate);
  const int16_t def[] = {1};
  ASSERT_OK_AND_ASSIGN(auto* e, file_->typed_column<ByteArray>(5));
  EXPECT_STATUS_HAS(e->WriteBatch(1, def, nullptr, &value), StatusCode::kInvalidArgument,
                    "non-null value 0 of the batch: a lone surrogate \\ud800 at byte 1 (column e)");
}

TEST_F(TypedColumnWriterTest, JsonColumnChecksUtf8) {
  const std::string overlong = "{\"a\":\"\xC0\xAF\"}";
  const ByteArray value = Bytes(overlong);
  const int16_t def[] = {1};
  ASSERT_OK_AND_ASSIGN(auto* j, file_->typed_column<ByteArray>(6));
  EXPECT_STATUS_HAS(j->WriteBatch(1, def, nullptr, &value), StatusCode::kInvalidArgument, "invalid UTF-8 at byte 6");
}

// A row of every column null but `name`.
Value Row(const Schema& schema, const std::string& name, Value v) {
  Value row = Value::Struct();
  for (int i = 0; i < schema.root().num_children(); ++i) {
    const std::string& field = schema.root().child(i).name();
    row.AddField(field, field == name ? v : Value::Null());
  }
  return row;
}

using RowWriterTest = ValueChecksTest;

TEST_F(RowWriterTest, DecimalsOfMoreDigitsAreRefusedByRowAndField) {
  ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file_));
  ASSERT_OK(rows->Write(Row(schema_, "d64", Value::Int64(-9999999999))));
  EXPECT_STATUS_HAS(rows->Write(Row(schema_, "d64", Value::Int64(12345678901234))), StatusCode::kInvalidArgument,
                    "row 1: field 'd64': the unscaled value 12345678901234 has more than the 10 digits of "
                    "DECIMAL(10,2)");
  EXPECT_STATUS_HAS(rows->Write(Row(schema_, "d32", Value::Int32(10000))), StatusCode::kInvalidArgument,
                    "field 'd32': the unscaled value 10000");
  EXPECT_STATUS_HAS(rows->Write(Row(schema_, "fixed", Value::Bytes(std::string("\x17\x48\x76\xE8\x00", 5)))),
                    StatusCode::kInvalidArgument, "field 'fixed': the unscaled value 100000000000");
  EXPECT_STATUS_HAS(rows->Write(Row(schema_, "bin", Value::Bytes(std::string("\xFC\x18", 2)))),
                    StatusCode::kInvalidArgument, "field 'bin': the unscaled value -1000");
  ASSERT_OK(rows->Write(Row(schema_, "bin", Value::Bytes(std::string("\xFC\x19", 2)))));
  EXPECT_EQ(rows->rows_written(), 2);
  ASSERT_OK(rows->Close());
  ASSERT_OK(file_->Close());
}

TEST_F(RowWriterTest, TypedDecimalsAreRescaledOrRefusedByToValue) {
  const SchemaNode& d64 = *schema_.FindNode("d64");
  ASSERT_OK_AND_ASSIGN(Decimal too_wide, Decimal::FromString("123456789012.34", 14, 2));
  EXPECT_STATUS_HAS(ToValue(too_wide, d64), StatusCode::kInvalidArgument, "does not fit DECIMAL(10,2)");
  ASSERT_OK_AND_ASSIGN(Decimal fits, Decimal::FromString("-99999999.99", 14, 2));
  ASSERT_OK_AND_ASSIGN(Value v, ToValue(fits, d64));
  ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file_));
  ASSERT_OK(rows->Write(Row(schema_, "d64", v)));
}

TEST_F(RowWriterTest, InvalidUtf8IsRefusedByRowAndFieldAndRolledBack) {
  ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file_));
  ASSERT_OK(rows->Write(Row(schema_, "s", Value::Bytes("caf\xC3\xA9"))));
  EXPECT_STATUS_HAS(rows->Write(Row(schema_, "s", Value::Bytes("ab\xFF\xFE"))), StatusCode::kInvalidArgument,
                    "row 1: field 's': invalid UTF-8 at byte 2 (ff fe)");
  EXPECT_STATUS_HAS(rows->Write(Row(schema_, "e", Value::Bytes("\xED\xB0\x80"))), StatusCode::kInvalidArgument,
                    "row 1: field 'e': a lone surrogate \\udc00 at byte 0");
  EXPECT_STATUS_HAS(rows->Write(Row(schema_, "j", Value::Bytes("\"\xF8\""))), StatusCode::kInvalidArgument,
                    "row 1: field 'j': invalid UTF-8 at byte 1");
  ASSERT_OK(rows->Write(Row(schema_, "raw", Value::Bytes("\xFF\xFE"))));
  EXPECT_EQ(rows->rows_written(), 2);
  ASSERT_OK(rows->Close());
  ASSERT_OK(file_->Close());
}

}  // namespace
}  // namespace parq
