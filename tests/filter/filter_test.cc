// Filter, Literal and BoundFilter (parq/filter.h): the text form, binding
// errors, and evaluation semantics on hand-made rows (NULLs, NaN, ±0,
// unsigned integers, decimals across scales, units, bytes, nested leaves).
#include "parq/filter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "parq/record.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using T = BoundFilter::Truth;

Schema TestSchema() {
  auto s = ParseMessageType(R"(
    message m {
      optional boolean b;
      optional int32 i32;
      optional int64 i64;
      optional int32 u32 (INTEGER(32,false));
      optional int64 u64 (INTEGER(64,false));
      optional int32 i8 (INTEGER(8,true));
      optional int64 dec (DECIMAL(18,2));
      optional fixed_len_byte_array(9) fdec (DECIMAL(20,4));
      optional binary bdec (DECIMAL(30,0));
      optional int32 d (DATE);
      optional int32 t_ms (TIME(MILLIS,true));
      optional int64 ts_us (TIMESTAMP(MICROS,true));
      optional int64 ts_ms_local (TIMESTAMP(MILLIS,false));
      optional int96 i96;
      optional float f;
      optional double x;
      optional fixed_len_byte_array(2) h (FLOAT16);
      optional binary s (STRING);
      optional binary raw;
      optional fixed_len_byte_array(16) id (UUID);
      optional fixed_len_byte_array(12) iv (INTERVAL);
      optional group st {
        optional group inner {
          optional int32 leaf;
        }
      }
      optional binary "a.b" (STRING);
      optional group a {
        optional binary b (STRING);
      }
      optional group tags (LIST) {
        repeated group list {
          optional binary element (STRING);
        }
      }
    })");
  EXPECT_OK(s.status());
  return std::move(s).value();
}

// A row holding one field (others absent, so null).
Value Row(const std::string& name, Value v) {
  Value row = Value::Struct();
  row.AddField(name, std::move(v));
  return row;
}

T Eval(const Filter& f, const Value& row) {
  static const Schema schema = TestSchema();
  auto b = BoundFilter::Bind(f, schema);
  EXPECT_OK(b.status()) << f.ToString();
  if (!b.ok()) return T::kUnknown;
  return b->Evaluate(row);
}

Status BindStatus(const Filter& f) {
  static const Schema schema = TestSchema();
  return BoundFilter::Bind(f, schema).status();
}

Decimal Dec(const char* text, int p, int s) {
  auto d = Decimal::FromString(text, p, s);
  EXPECT_OK(d.status());
  return d.ok() ? *d : Decimal();
}

std::string Bytes(std::initializer_list<int> b) {
  std::string s;
  for (int c : b) s.push_back(static_cast<char>(c));
  return s;
}

TEST(FilterTest, ToStringReadsAsTheSyntax) {
  EXPECT_EQ(Filter::Ge("l_shipdate", Literal::Of(Date(9131))).ToString(), "l_shipdate >= DATE '1995-01-01'");
  EXPECT_EQ(Filter::And(Filter::Lt("q", Literal::Int(10)), Filter::Not(Filter::IsNull("x"))).ToString(),
            "(q < 10) AND (NOT (x IS NULL))");
  EXPECT_EQ(Filter::In("name", {Literal::String("a"), Literal::String("it's")}).ToString(),
            "name IN ('a', 'it''s')");
  EXPECT_EQ(Filter::Between(Filter::Column{"a.b", "c"}, Literal::Double(1), Literal::Double(2.5)).ToString(),
            "\"a.b\".c BETWEEN 1.0 AND 2.5");
  EXPECT_EQ(Filter::Or(Filter::IsNotNull("a.b"), Filter::Ne("z", Literal::Bool(false))).ToString(),
            "(a.b IS NOT NULL) OR (z != FALSE)");
  EXPECT_EQ(Literal::UInt(18446744073709551615ull).ToString(), "18446744073709551615");
  EXPECT_EQ(Literal::Int(-5).ToString(), "-5");
  EXPECT_EQ(Literal::Binary(Bytes({0, 0xff})).ToString(), "X'00ff'");
  EXPECT_EQ(Literal::Of(Dec("-1.50", 5, 2)).ToString(), "DECIMAL '-1.50'");
  EXPECT_EQ(Literal::Of(Time(1500, TimeUnit::kMillis, true)).ToString(), "TIME '00:00:01.500'");
  EXPECT_EQ(Literal::Of(Timestamp(0, TimeUnit::kMicros, true)).ToString(),
            "TIMESTAMP '1970-01-01T00:00:00.000000Z'");
  EXPECT_EQ(Literal::Double(std::nan("")).ToString(), "DOUBLE 'NaN'");
  EXPECT_EQ(Literal::Double(-INFINITY).ToString(), "DOUBLE '-Infinity'");
  EXPECT_EQ(Literal::Of(Float16::FromFloat(0.5f)).ToString(), "FLOAT16 '0.5'");
  ASSERT_OK_AND_ASSIGN(Uuid u, Uuid::FromString("00112233-4455-6677-8899-aabbccddeeff"));
  EXPECT_EQ(Literal::Of(u).ToString(), "UUID '00112233-4455-6677-8899-aabbccddeeff'");
  EXPECT_EQ(Literal::Of(Dec("1.5", 9, 3)).TypeName(), "DECIMAL(9,3)");
  EXPECT_EQ(Literal::Of(Timestamp(0, TimeUnit::kNanos, false)).TypeName(), "TIMESTAMP(NANOS,false)");
}

TEST(FilterTest, ColumnPathsSplitAtDotsUnlessGivenAsNames) {
  EXPECT_EQ(Filter::IsNull("a.b").column(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(Filter::IsNull(Filter::Column{"a.b"}).column(), (std::vector<std::string>{"a.b"}));
  Value row = Value::Struct();
  row.AddField("a.b", Value::Bytes("top"));
  Value a = Value::Struct();
  a.AddField("b", Value::Bytes("nested"));
  row.AddField("a", std::move(a));
  EXPECT_EQ(Eval(Filter::Eq(Filter::Column{"a.b"}, Literal::String("top")), row), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("a.b", Literal::String("nested")), row), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("a.b", Literal::String("top")), row), T::kFalse);
}

TEST(BoundFilterTest, BindingErrorsNameTheColumnAndTypes) {
  EXPECT_STATUS_HAS(BindStatus(Filter::IsNull("i33")), StatusCode::kInvalidArgument, "no leaf column 'i33'");
  EXPECT_STATUS_HAS(BindStatus(Filter::IsNull("i33")), StatusCode::kInvalidArgument, "i32");
  EXPECT_STATUS_HAS(BindStatus(Filter::IsNull("st")), StatusCode::kInvalidArgument, "st.inner.leaf");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("tags.list.element", Literal::String("x"))),
                    StatusCode::kInvalidArgument, "'tags.list.element' is inside a list or map");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("i32", Literal::String("1"))), StatusCode::kInvalidArgument,
                    "column 'i32' is INT32; the STRING literal '1' does not fit it (want an integer or a decimal)");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("d", Literal::Int(3))), StatusCode::kInvalidArgument,
                    "'d' is INT32 (DATE); the INTEGER literal 3 does not fit it (want DATE '...')");
  EXPECT_STATUS_HAS(BindStatus(Filter::Lt("ts_us", Literal::Of(Timestamp(0, TimeUnit::kMicros, false)))),
                    StatusCode::kInvalidArgument, "the column is UTC-adjusted");
  EXPECT_STATUS_HAS(BindStatus(Filter::Lt("ts_ms_local", Literal::Of(Timestamp(0, TimeUnit::kMicros, true)))),
                    StatusCode::kInvalidArgument, "the column is local time");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("b", Literal::Int(1))), StatusCode::kInvalidArgument,
                    "want TRUE or FALSE");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("id", Literal::String("x"))), StatusCode::kInvalidArgument,
                    "want UUID");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("s", Literal::Int(1))), StatusCode::kInvalidArgument,
                    "want a string");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("x", Literal::String("1"))), StatusCode::kInvalidArgument,
                    "want a number");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("x", Literal::Int((int64_t{1} << 53) + 1))),
                    StatusCode::kInvalidArgument, "not exact as a double");
  EXPECT_STATUS_HAS(BindStatus(Filter::Eq("iv", Literal::Binary("x"))), StatusCode::kInvalidArgument,
                    "only IS NULL and IS NOT NULL apply to it");
  EXPECT_OK(BindStatus(Filter::IsNull("iv")));
  EXPECT_STATUS_HAS(BindStatus(Filter::In("i32", {})), StatusCode::kInvalidArgument, "lists no values");
  // Errors inside AND / OR / NOT are found too.
  EXPECT_STATUS(BindStatus(Filter::Or(Filter::IsNull("i32"), Filter::Not(Filter::IsNull("nope")))),
                StatusCode::kInvalidArgument);
}

TEST(BoundFilterTest, ColumnsAreTheLeavesRead) {
  ASSERT_OK_AND_ASSIGN(BoundFilter b,
                       BoundFilter::Bind(Filter::And(Filter::Gt("x", Literal::Int(1)),
                                                     Filter::Or(Filter::IsNull("b"), Filter::Lt("x", Literal::Int(5)))),
                                         TestSchema()));
  const Schema schema = TestSchema();
  EXPECT_EQ(b.columns(), (std::vector<int>{schema.FindColumnIndex("b"), schema.FindColumnIndex("x")}));
}

TEST(BoundFilterTest, NullsAreUnknownAndOnlyTruePasses) {
  const Value null_row = Row("i32", Value::Null());
  const Value absent = Value::Struct();
  const Filter lt = Filter::Lt("i32", Literal::Int(5));
  for (const Value* row : {&null_row, &absent}) {
    EXPECT_EQ(Eval(lt, *row), T::kUnknown);
    EXPECT_EQ(Eval(Filter::Not(lt), *row), T::kUnknown);
    EXPECT_EQ(Eval(Filter::Ne("i32", Literal::Int(5)), *row), T::kUnknown);
    EXPECT_EQ(Eval(Filter::In("i32", {Literal::Int(5)}), *row), T::kUnknown);
    EXPECT_EQ(Eval(Filter::Between("i32", Literal::Int(1), Literal::Int(9)), *row), T::kUnknown);
    EXPECT_EQ(Eval(Filter::IsNull("i32"), *row), T::kTrue);
    EXPECT_EQ(Eval(Filter::IsNotNull("i32"), *row), T::kFalse);
    // Kleene logic.
    EXPECT_EQ(Eval(Filter::Or(lt, Filter::IsNull("i32")), *row), T::kTrue);
    EXPECT_EQ(Eval(Filter::And(lt, Filter::IsNull("i32")), *row), T::kUnknown);
    EXPECT_EQ(Eval(Filter::And(lt, Filter::IsNotNull("i32")), *row), T::kFalse);
    EXPECT_EQ(Eval(Filter::Or(lt, Filter::IsNotNull("i32")), *row), T::kUnknown);
  }
  ASSERT_OK_AND_ASSIGN(BoundFilter b, BoundFilter::Bind(lt, TestSchema()));
  EXPECT_FALSE(b.Matches(null_row));
  EXPECT_TRUE(b.Matches(Row("i32", Value::Int32(4))));
  EXPECT_FALSE(b.Matches(Row("i32", Value::Int32(5))));
}

TEST(BoundFilterTest, EveryOperatorOnIntegers) {
  const Value r = Row("i64", Value::Int64(7));
  EXPECT_EQ(Eval(Filter::Eq("i64", Literal::Int(7)), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Ne("i64", Literal::Int(7)), r), T::kFalse);
  EXPECT_EQ(Eval(Filter::Lt("i64", Literal::Int(8)), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Le("i64", Literal::Int(7)), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("i64", Literal::Int(7)), r), T::kFalse);
  EXPECT_EQ(Eval(Filter::Ge("i64", Literal::Int(7)), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::In("i64", {Literal::Int(1), Literal::Int(7)}), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::In("i64", {Literal::Int(1), Literal::Int(8)}), r), T::kFalse);
  EXPECT_EQ(Eval(Filter::Between("i64", Literal::Int(7), Literal::Int(7)), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Between("i64", Literal::Int(8), Literal::Int(6)), r), T::kFalse);
  EXPECT_EQ(Eval(Filter::Not(Filter::Between("i64", Literal::Int(0), Literal::Int(6))), r), T::kTrue);
  // A literal outside the column's range compares by value.
  EXPECT_EQ(Eval(Filter::Lt("i8", Literal::Int(1000)), Row("i8", Value::Int32(127))), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("i32", Literal::UInt(18446744073709551615ull)), Row("i32", Value::Int32(-1))),
            T::kFalse);
  // A decimal literal on an integer column: 7 > 6.5, 7 = 7.00.
  EXPECT_EQ(Eval(Filter::Gt("i64", Literal::Of(Dec("6.5", 3, 1))), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("i64", Literal::Of(Dec("7.00", 3, 2))), r), T::kTrue);
}

TEST(BoundFilterTest, UnsignedColumnsCompareUnsigned) {
  const Value u32 = Row("u32", Value::Int32(-1));  // 4294967295
  EXPECT_EQ(Eval(Filter::Gt("u32", Literal::Int(0)), u32), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("u32", Literal::UInt(4294967295u)), u32), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("u32", Literal::Int(-1)), u32), T::kFalse);
  const Value u64 = Row("u64", Value::Int64(-2));  // 2^64 - 2
  EXPECT_EQ(Eval(Filter::Gt("u64", Literal::Int(std::numeric_limits<int64_t>::max())), u64), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("u64", Literal::UInt(18446744073709551614ull)), u64), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("i64", Literal::Int(0)), Row("i64", Value::Int64(-2))), T::kTrue);
}

TEST(BoundFilterTest, DecimalsCompareByValueAcrossScales) {
  const Value r = Row("dec", Value::Int64(150));  // 1.50 at scale 2
  EXPECT_EQ(Eval(Filter::Eq("dec", Literal::Of(Dec("1.5", 2, 1))), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("dec", Literal::Of(Dec("1.5000", 9, 4))), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("dec", Literal::Int(1)), r), T::kFalse);
  EXPECT_EQ(Eval(Filter::Gt("dec", Literal::Int(1)), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("dec", Literal::Int(2)), r), T::kTrue);
  // A literal finer than the column: 1.50 < 1.505, 1.50 > 1.495, never equal.
  EXPECT_EQ(Eval(Filter::Lt("dec", Literal::Of(Dec("1.505", 4, 3))), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("dec", Literal::Of(Dec("1.495", 4, 3))), r), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("dec", Literal::Of(Dec("1.501", 4, 3))), r), T::kFalse);
  // Negative values round toward zero in the division; the order stays exact.
  const Value neg = Row("dec", Value::Int64(-150));
  EXPECT_EQ(Eval(Filter::Lt("dec", Literal::Of(Dec("-1.495", 4, 3))), neg), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("dec", Literal::Of(Dec("-1.505", 4, 3))), neg), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("dec", Literal::Of(Dec("-1.505", 4, 3))), neg), T::kFalse);
  // Big-endian decimals: FIXED_LEN_BYTE_ARRAY(9) -1.0000 and BYTE_ARRAY of 30 digits.
  const Value f = Row("fdec", Value::Bytes(Bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xd8, 0xf0})));
  EXPECT_EQ(Eval(Filter::Eq("fdec", Literal::Int(-1)), f), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("fdec", Literal::Of(Dec("-0.99999", 5, 5))), f), T::kTrue);
  ASSERT_OK_AND_ASSIGN(Decimal big, Decimal::FromString("123456789012345678901234567890", 30, 0));
  ASSERT_OK_AND_ASSIGN(std::string be, big.ToBigEndian());
  EXPECT_EQ(Eval(Filter::Eq("bdec", Literal::Of(big)), Row("bdec", Value::Bytes(be))), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("bdec", Literal::Int(std::numeric_limits<int64_t>::max())), Row("bdec", Value::Bytes(be))),
            T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("bdec", Literal::Int(0)), Row("bdec", Value::Bytes(""))), T::kTrue);
}

TEST(BoundFilterTest, DatesTimesAndTimestampsCompareAcrossUnits) {
  EXPECT_EQ(Eval(Filter::Ge("d", Literal::Of(Date(9131))), Row("d", Value::Int32(9131))), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("d", Literal::Of(Date(9131))), Row("d", Value::Int32(9131))), T::kFalse);
  // TIME(MILLIS): 1 ms against 500 us and 1000 us.
  const Value t = Row("t_ms", Value::Int32(1));
  EXPECT_EQ(Eval(Filter::Gt("t_ms", Literal::Of(Time(500, TimeUnit::kMicros, true))), t), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("t_ms", Literal::Of(Time(1000000, TimeUnit::kNanos, true))), t), T::kTrue);
  // TIMESTAMP(MICROS): 1 s after the epoch against a MILLIS and a NANOS literal.
  const Value ts = Row("ts_us", Value::Int64(1000000));
  EXPECT_EQ(Eval(Filter::Eq("ts_us", Literal::Of(Timestamp(1000, TimeUnit::kMillis, true))), ts), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("ts_us", Literal::Of(Timestamp(1000000001, TimeUnit::kNanos, true))), ts), T::kTrue);
  EXPECT_EQ(Eval(Filter::Le("ts_ms_local", Literal::Of(Timestamp(-1, TimeUnit::kMillis, false))),
                 Row("ts_ms_local", Value::Int64(-1))),
            T::kTrue);
  // INT96 takes timestamps of either flag: 2000-01-01T00:00:00.000000001.
  parq::Int96 i96{};
  ASSERT_OK_AND_ASSIGN(Timestamp y2k, Timestamp::FromInt96(1, 2451545));
  ASSERT_OK_AND_ASSIGN(i96, y2k.ToInt96());
  const Value r96 = Row("i96", Value::MakeInt96(i96));
  EXPECT_EQ(Eval(Filter::Eq("i96", Literal::Of(y2k)), r96), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("i96", Literal::Of(Timestamp(946684800000000, TimeUnit::kMicros, true))), r96),
            T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("i96", Literal::Of(Timestamp(946684800000000, TimeUnit::kMicros, false))), r96),
            T::kFalse);
}

TEST(BoundFilterTest, FloatingPointOrdersAsDuckDb) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const Value rnan = Row("x", Value::Double(nan));
  EXPECT_EQ(Eval(Filter::Eq("x", Literal::Double(nan)), rnan), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("x", Literal::Double(inf)), rnan), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("x", Literal::Int(1)), rnan), T::kFalse);
  EXPECT_EQ(Eval(Filter::Ne("x", Literal::Int(1)), rnan), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("x", Literal::Double(nan)), Row("x", Value::Double(inf))), T::kTrue);
  // -0 = +0, also on FLOAT.
  EXPECT_EQ(Eval(Filter::Eq("x", Literal::Double(0.0)), Row("x", Value::Double(-0.0))), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("x", Literal::Double(0.0)), Row("x", Value::Double(-0.0))), T::kFalse);
  EXPECT_EQ(Eval(Filter::Eq("f", Literal::Double(-0.0)), Row("f", Value::Float(0.0f))), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("f", Literal::Double(0.1f)), Row("f", Value::Float(0.1f))), T::kTrue);
  // A decimal literal is the nearest double; an integer must be exact.
  EXPECT_EQ(Eval(Filter::Eq("x", Literal::Of(Dec("0.1", 1, 1))), Row("x", Value::Double(0.1))), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("x", Literal::Int(int64_t{1} << 53)), Row("x", Value::Double(0x1p53))), T::kTrue);
  // FLOAT16: 0x3800 is 0.5; 0x7e00 a NaN.
  const Value half = Row("h", Value::Bytes(Bytes({0x00, 0x38})));
  EXPECT_EQ(Eval(Filter::Eq("h", Literal::Of(Float16::FromFloat(0.5f))), half), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("h", Literal::Double(0.5)), half), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("h", Literal::Double(inf)), Row("h", Value::Bytes(Bytes({0x00, 0x7e})))), T::kTrue);
}

TEST(BoundFilterTest, BytesCompareUnsigned) {
  const Value hi = Row("s", Value::Bytes("\xc3\xa9"));  // é: lead byte 0xc3
  EXPECT_EQ(Eval(Filter::Gt("s", Literal::String("z")), hi), T::kTrue);
  EXPECT_EQ(Eval(Filter::Lt("s", Literal::String("ab")), Row("s", Value::Bytes("a"))), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("s", Literal::String("")), Row("s", Value::Bytes(""))), T::kTrue);
  EXPECT_EQ(Eval(Filter::In("s", {Literal::String("x"), Literal::String("a")}), Row("s", Value::Bytes("a"))),
            T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("raw", Literal::Binary(Bytes({0x7f}))), Row("raw", Value::Bytes(Bytes({0x80})))),
            T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("raw", Literal::String("ab")), Row("raw", Value::Bytes("ab"))), T::kTrue);
  ASSERT_OK_AND_ASSIGN(Uuid u, Uuid::FromString("ff112233-4455-6677-8899-aabbccddeeff"));
  const Value id = Row("id", Value::Bytes(u.view()));
  EXPECT_EQ(Eval(Filter::Eq("id", Literal::Of(u)), id), T::kTrue);
  EXPECT_EQ(Eval(Filter::Gt("id", Literal::Of(Uuid())), id), T::kTrue);
}

TEST(BoundFilterTest, BooleansAndNestedLeaves) {
  EXPECT_EQ(Eval(Filter::Gt("b", Literal::Bool(false)), Row("b", Value::Bool(true))), T::kTrue);
  EXPECT_EQ(Eval(Filter::Eq("b", Literal::Bool(false)), Row("b", Value::Bool(true))), T::kFalse);
  Value inner = Value::Struct();
  inner.AddField("leaf", Value::Int32(3));
  Value st = Value::Struct();
  st.AddField("inner", std::move(inner));
  EXPECT_EQ(Eval(Filter::Eq("st.inner.leaf", Literal::Int(3)), Row("st", st)), T::kTrue);
  // A null struct above the leaf makes the leaf null.
  EXPECT_EQ(Eval(Filter::Eq("st.inner.leaf", Literal::Int(3)), Row("st", Value::Null())), T::kUnknown);
  EXPECT_EQ(Eval(Filter::IsNull("st.inner.leaf"), Row("st", Value::Null())), T::kTrue);
}

}  // namespace
}  // namespace parq
