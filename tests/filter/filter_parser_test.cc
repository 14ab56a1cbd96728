// ParseFilter (parq/filter.h): every operator, every literal type (typed by
// its column), quoted names, precedence, and each error with its position.
#include <gtest/gtest.h>

#include <string>

#include "parq/filter.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const Schema& TestSchema() {
  static const Schema* schema = [] {
    auto s = ParseMessageType(R"(
      message m {
        optional boolean b;
        optional int32 q;
        optional int64 u (INTEGER(64,false));
        optional int64 price (DECIMAL(12,2));
        optional double x;
        optional float f;
        optional fixed_len_byte_array(2) h (FLOAT16);
        optional int32 l_shipdate (DATE);
        optional int32 tm (TIME(MILLIS,false));
        optional int64 ts (TIMESTAMP(MICROS,true));
        optional int64 local_ts (TIMESTAMP(NANOS,false));
        optional int96 old_ts;
        optional binary name (STRING);
        optional binary raw;
        optional fixed_len_byte_array(16) id (UUID);
        optional binary "a.b" (STRING);
        optional group a {
          optional int32 b;
        }
      })");
    EXPECT_OK(s.status());
    return new Schema(std::move(s).value());
  }();
  return *schema;
}

std::string Round(std::string_view text) {
  auto f = ParseFilter(text, TestSchema());
  EXPECT_OK(f.status()) << text;
  return f.ok() ? f->ToString() : "";
}

TEST(FilterParserTest, EveryOperator) {
  EXPECT_EQ(Round("q = 1"), "q = 1");
  EXPECT_EQ(Round("q == 1"), "q = 1");
  EXPECT_EQ(Round("q != 1"), "q != 1");
  EXPECT_EQ(Round("q <> 1"), "q != 1");
  EXPECT_EQ(Round("q < 1"), "q < 1");
  EXPECT_EQ(Round("q<=1"), "q <= 1");
  EXPECT_EQ(Round("q > -1"), "q > -1");
  EXPECT_EQ(Round("q >= 1"), "q >= 1");
  EXPECT_EQ(Round("q in (1, 2,3)"), "q IN (1, 2, 3)");
  EXPECT_EQ(Round("q NOT IN (1)"), "NOT (q IN (1))");
  EXPECT_EQ(Round("q IS NULL"), "q IS NULL");
  EXPECT_EQ(Round("q is not null"), "q IS NOT NULL");
  EXPECT_EQ(Round("q BETWEEN 1 AND 5"), "q BETWEEN 1 AND 5");
  EXPECT_EQ(Round("q NOT BETWEEN 1 AND 5"), "NOT (q BETWEEN 1 AND 5)");
  EXPECT_EQ(Round("NOT q = 1"), "NOT (q = 1)");
}

TEST(FilterParserTest, PrecedenceIsNotThenAndThenOr) {
  EXPECT_EQ(Round("q = 1 OR q = 2 AND NOT q = 3"), "(q = 1) OR ((q = 2) AND (NOT (q = 3)))");
  EXPECT_EQ(Round("(q = 1 OR q = 2) AND q BETWEEN 0 AND 9 OR b"  " = TRUE"),
            "(((q = 1) OR (q = 2)) AND (q BETWEEN 0 AND 9)) OR (b = TRUE)");
  EXPECT_EQ(Round("l_shipdate >= DATE '1995-01-01' AND q < 10"), "(l_shipdate >= DATE '1995-01-01') AND (q < 10)");
}

TEST(FilterParserTest, NumbersTakeTheirColumnsType) {
  ASSERT_OK_AND_ASSIGN(Filter f, ParseFilter("x = 10", TestSchema()));
  EXPECT_EQ(f.values()[0].kind(), Literal::Kind::kDouble);
  EXPECT_EQ(Round("x < 1e3"), "x < 1000.0");
  EXPECT_EQ(Round("x > -.5"), "x > -0.5");
  EXPECT_EQ(Round("f = 0.25"), "f = 0.25");
  EXPECT_EQ(Round("x = DOUBLE 'NaN'"), "x = DOUBLE 'NaN'");
  EXPECT_EQ(Round("x < DOUBLE '-Infinity'"), "x < DOUBLE '-Infinity'");
  EXPECT_EQ(Round("h = 0.5"), "h = 0.5");
  EXPECT_EQ(Round("h = FLOAT16 '0.5'"), "h = FLOAT16 '0.5'");
  EXPECT_EQ(Round("price = 1.5"), "price = DECIMAL '1.5'");
  EXPECT_EQ(Round("price < 12"), "price < 12");
  EXPECT_EQ(Round("price = DECIMAL '-0.05'"), "price = DECIMAL '-0.05'");
  EXPECT_EQ(Round("u = 18446744073709551615"), "u = 18446744073709551615");
  EXPECT_EQ(Round("q = 9223372036854775807"), "q = 9223372036854775807");
  ASSERT_OK_AND_ASSIGN(Filter d, ParseFilter("price > 0.125", TestSchema()));
  EXPECT_EQ(d.values()[0].TypeName(), "DECIMAL(4,3)");
}

TEST(FilterParserTest, EveryLiteralType) {
  EXPECT_EQ(Round("b = true OR b != FALSE"), "(b = TRUE) OR (b != FALSE)");
  EXPECT_EQ(Round("name IN ('a','b', 'it''s')"), "name IN ('a', 'b', 'it''s')");
  EXPECT_EQ(Round("raw = X'00Ff'"), "raw = X'00ff'");
  EXPECT_EQ(Round("raw = 'text'"), "raw = 'text'");
  EXPECT_EQ(Round("l_shipdate = '1995-01-01'"), "l_shipdate = DATE '1995-01-01'");
  EXPECT_EQ(Round("tm < TIME '12:00:00'"), "tm < TIME '12:00:00.000'");
  EXPECT_EQ(Round("tm < '12:00:00.5'"), "tm < TIME '12:00:00.500'");
  EXPECT_EQ(Round("ts BETWEEN TIMESTAMP '2020-01-01 00:00:00' AND TIMESTAMP '2021-01-01T00:00:00.000001Z'"),
            "ts BETWEEN TIMESTAMP '2020-01-01T00:00:00.000Z' AND TIMESTAMP '2021-01-01T00:00:00.000001Z'");
  EXPECT_EQ(Round("local_ts >= '1969-12-31 23:59:59.123456789'"),
            "local_ts >= TIMESTAMP '1969-12-31T23:59:59.123456789'");
  EXPECT_EQ(Round("local_ts >= TIMESTAMP '2000-01-01'"), "local_ts >= TIMESTAMP '2000-01-01T00:00:00.000'");
  EXPECT_EQ(Round("old_ts < '2000-01-01 00:00:00Z'"), "old_ts < TIMESTAMP '2000-01-01T00:00:00.000Z'");
  EXPECT_EQ(Round("id = UUID '00112233-4455-6677-8899-AABBCCDDEEFF'"),
            "id = UUID '00112233-4455-6677-8899-aabbccddeeff'");
  EXPECT_EQ(Round("id = '00112233-4455-6677-8899-aabbccddeeff'"), "id = UUID '00112233-4455-6677-8899-aabbccddeeff'");
}

TEST(FilterParserTest, QuotedNamesAreOneField) {
  ASSERT_OK_AND_ASSIGN(Filter quoted, ParseFilter("\"a.b\" = 'x'", TestSchema()));
  EXPECT_EQ(quoted.column(), (std::vector<std::string>{"a.b"}));
  ASSERT_OK_AND_ASSIGN(Filter path, ParseFilter("a.b = 1", TestSchema()));
  EXPECT_EQ(path.column(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(Round("\"a\".\"b\" > 1"), "a.b > 1");
  EXPECT_EQ(Round("\"a.b\" IS NULL"), "\"a.b\" IS NULL");
}

TEST(FilterParserTest, ToStringParsesBackToTheSameFilter) {
  for (const char* text :
       {"(q = 1) OR ((NOT (name IN ('a', 'b'))) AND (x BETWEEN -1.5 AND DOUBLE 'Infinity'))",
        "(ts >= TIMESTAMP '2020-01-01T00:00:00.000000Z') AND (\"a.b\" != 'x')",
        "(price <= DECIMAL '12.34') OR (id IS NOT NULL)"}) {
    EXPECT_EQ(Round(Round(text)), Round(text));
    EXPECT_EQ(Round(text), text);
  }
}

// Each error names the place: "at column N", the text, and a caret under it.
void ExpectError(std::string_view text, size_t column, std::string_view what) {
  auto f = ParseFilter(text, TestSchema());
  ASSERT_FALSE(f.ok()) << text;
  EXPECT_EQ(f.status().code(), StatusCode::kInvalidArgument);
  const std::string& msg = f.status().message();
  EXPECT_NE(msg.find(what), std::string::npos) << msg;
  EXPECT_NE(msg.find("at column " + std::to_string(column) + "\n  " + std::string(text) + "\n  " +
                     std::string(column - 1, ' ') + "^"),
            std::string::npos)
      << msg;
}

TEST(FilterParserTest, ErrorsPointAtThePlace) {
  ExpectError("qq = 1", 1, "no leaf column 'qq'");
  ExpectError("q = 1 AND nme = 'a'", 11, "no leaf column 'nme'");
  ExpectError("q = 1 AND nme = 'a'", 11, "name");  // the near name
  ExpectError("a = 1", 1, "it is a group");
  ExpectError("q = 'x'", 1, "column 'q' is INT32; the STRING literal 'x' does not fit it");
  ExpectError("l_shipdate = DATE '1995-13-01'", 19, "DATE '1995-13-01'");
  ExpectError("ts < '2020-01-01 25:00:00'", 6, "HH:MM:SS");
  ExpectError("local_ts < TIMESTAMP '2020-01-01Z'", 1, "the column is local time");
  ExpectError("id = UUID 'nope'", 11, "UUID 'nope'");
  ExpectError("q = ", 5, "expected a value, found the end");
  ExpectError("q = NULL", 5, "use IS NULL");
  ExpectError("q 1", 3, "expected an operator, IN, IS or BETWEEN after 'q', found '1'");
  ExpectError("q IS 1", 6, "expected NULL after IS");
  ExpectError("q IN 1", 6, "expected '(' after IN");
  ExpectError("q IN (1 2)", 9, "expected ',' or ')'");
  ExpectError("q BETWEEN 1 OR 2", 13, "expected AND in BETWEEN");
  ExpectError("(q = 1", 7, "expected ')' to close the '(' at column 1");
  ExpectError("q = 1 q = 2", 7, "expected AND, OR or the end");
  ExpectError("q = 1 AND", 10, "expected a column name, found the end");
  ExpectError("AND q = 1", 1, "expected a column name, found 'AND'");
  ExpectError("name = 'abc", 8, "unterminated string");
  ExpectError("\"abc = 1", 1, "unterminated quoted name");
  ExpectError("q ! 1", 3, "'!' must be '!='");
  ExpectError("q = 1 ; x", 7, "unexpected character ';'");
  ExpectError("raw = X'0g'", 9, "'0g' is not a hex byte");
  ExpectError("raw = X'0'", 7, "even number of hex digits");
  ExpectError("q = 1e3", 5, "has an exponent");
  ExpectError("x = 1.2.3", 5, "is not a number");
  ExpectError("q = 1.2.3", 5, "is not a number");
  ExpectError("q = -", 5, "expected a number after '-'");
  ExpectError("q = DATE 5", 10, "expected a quoted text after DATE");
  ExpectError("q = 123456789012345678901234567890123456789.5", 5, "more than 38 digits");
}

}  // namespace
}  // namespace parq
