// JsonRowParser's input checks: DECIMAL precision, UTF-8 in STRING / ENUM /
// JSON columns and variants (refused naming the field, or replaced by U+FFFD
// when JsonRowParserOptions::replace_invalid_utf8 asks), lone surrogate
// escapes, and keys given twice in one object.
#include <gtest/gtest.h>

#include <string>

#include "parq/json.h"
#include "parq/record.h"
#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// Parses one row with a fresh parser of `schema_text`.
Status ParseOne(const char* schema_text, std::string_view json, Value* row, JsonRowParserOptions options = {}) {
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(schema_text));
  PARQ_ASSIGN_OR_RETURN(auto parser, JsonRowParser::Make(schema, options));
  return parser->Parse(json, row);
}

constexpr char kDecimals[] = R"(message m {
  optional int64 d (DECIMAL(10,2));
  optional int32 small (DECIMAL(9,2));
  optional fixed_len_byte_array(9) f (DECIMAL(20,0));
  optional binary big (DECIMAL(40,0));
})";

TEST(JsonRowParserTest, DecimalsOfMoreDigitsThanThePrecisionAreRefused) {
  Value row;
  EXPECT_STATUS_HAS(ParseOne(kDecimals, R"({"d":"123456789012.34"})", &row), StatusCode::kInvalidArgument,
                    "field 'd': expected a decimal of at most 10 digits (DECIMAL(10,2)), got \"123456789012.34\"");
  EXPECT_STATUS_HAS(ParseOne(kDecimals, R"({"d":123456789012.34})", &row), StatusCode::kInvalidArgument,
                    "at most 10 digits");
  // 11 digits once the fraction is padded to the scale.
  EXPECT_STATUS(ParseOne(kDecimals, R"({"d":"123456789.5"})", &row), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ParseOne(kDecimals, R"({"small":"-10000000.00"})", &row), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ParseOne(kDecimals, R"({"f":"100000000000000000000"})", &row), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ParseOne(kDecimals, ("{\"big\":\"1" + std::string(40, '0') + "\"}"), &row),
                StatusCode::kInvalidArgument);
  // At the precision: accepted, leading zeros and the sign not counted.
  ASSERT_OK(ParseOne(kDecimals, R"({"d":"-99999999.99","small":"0009999999.99","f":"-99999999999999999999"})",
                     &row));
  EXPECT_EQ(row.Find("d")->int64_value(), -9999999999);
  EXPECT_EQ(row.Find("small")->int32_value(), 999999999);
  ASSERT_OK(ParseOne(kDecimals, ("{\"big\":\"-" + std::string(40, '9') + "\",\"d\":\"0.00\"}"), &row));
  EXPECT_EQ(row.Find("d")->int64_value(), 0);
}

constexpr char kStrings[] = R"(message m {
  optional binary s (STRING);
  optional binary e (ENUM);
  optional binary j (JSON);
  optional binary raw;
  optional group l (LIST) {
    repeated group list {
      optional binary element (STRING);
    }
  }
  optional group v (VARIANT(1)) {
    required binary metadata;
    optional binary value;
    optional binary typed_value (STRING);
  }
})";

TEST(JsonRowParserTest, InvalidUtf8IsRefusedNamingTheField) {
  Value row;
  EXPECT_STATUS_HAS(ParseOne(kStrings, "{\"s\":\"a\xFF\xFE" "b\"}", &row), StatusCode::kInvalidArgument,
                    "field 's': invalid UTF-8 at byte 1 (ff fe) of the string");
  EXPECT_STATUS_HAS(ParseOne(kStrings, "{\"e\":\"\xC0\x80\"}", &row), StatusCode::kInvalidArgument,
                    "field 'e': invalid UTF-8 at byte 0");
  EXPECT_STATUS_HAS(ParseOne(kStrings, "{\"j\":\"{}\xE2\x82\"}", &row), StatusCode::kInvalidArgument,
                    "field 'j': invalid UTF-8 at byte 2 (e2 82)");
  EXPECT_STATUS_HAS(ParseOne(kStrings, "{\"l\":[\"ok\",\"\xF5\"]}", &row), StatusCode::kInvalidArgument,
                    "field 'l.list.element': invalid UTF-8 at byte 0 (f5)");
  EXPECT_STATUS_HAS(ParseOne(kStrings, "{\"v\":{\"k\":[\"\xFF\"]}}", &row), StatusCode::kInvalidArgument,
                    "field 'v': invalid UTF-8 at byte 0 (ff) of a string");
  EXPECT_STATUS_HAS(ParseOne(kStrings, "{\"v\":{\"k\xFF\":1}}", &row), StatusCode::kInvalidArgument,
                    "field 'v': invalid UTF-8 at byte 1 (ff) of an object key");
  // Well-formed text, and bytes of an unannotated column (base64), pass.
  EXPECT_OK(ParseOne(kStrings, "{\"s\":\"caf\xC3\xA9 \xF0\x9F\x98\x80\",\"raw\":\"//4=\"}", &row));
}

TEST(JsonRowParserTest, LoneSurrogateEscapesAreRefusedNamingTheField) {
  Value row;
  EXPECT_STATUS_HAS(ParseOne(kStrings, R"({"s":"\ud800"})", &row), StatusCode::kInvalidArgument,
                    "field 's': a lone surrogate \\ud800 at byte 0 of the string");
  EXPECT_STATUS_HAS(ParseOne(kStrings, R"({"s":"ab\udc00"})", &row), StatusCode::kInvalidArgument,
                    "a lone surrogate \\udc00 at byte 2");
  EXPECT_STATUS_HAS(ParseOne(kStrings, R"({"s":"\ud800\u0041"})", &row), StatusCode::kInvalidArgument,
                    "a lone surrogate \\ud800");
  EXPECT_STATUS_HAS(ParseOne(kStrings, R"({"v":"\udbff"})", &row), StatusCode::kInvalidArgument,
                    "field 'v': a lone surrogate \\udbff");
  // A pair is one character.
  ASSERT_OK(ParseOne(kStrings, R"({"s":"\ud83d\ude00"})", &row));
  EXPECT_EQ(row.Find("s")->bytes(), "\xF0\x9F\x98\x80");
}

TEST(JsonRowParserTest, ReplaceInvalidUtf8GivesUFFFD) {
  JsonRowParserOptions replace;
  replace.replace_invalid_utf8 = true;
  Value row;
  ASSERT_OK(ParseOne(kStrings, "{\"s\":\"a\xFF\xFE" "b\",\"e\":\"\\ud800\",\"l\":[\"\xE2\x82\"]}", &row, replace));
  EXPECT_EQ(row.Find("s")->bytes(), "a\xEF\xBF\xBD\xEF\xBF\xBD" "b");
  EXPECT_EQ(row.Find("e")->bytes(), "\xEF\xBF\xBD");  // one U+FFFD for the escape
  EXPECT_EQ((*row.Find("l"))[0].bytes(), "\xEF\xBF\xBD");
  // A variant's string goes to its STRING typed_value once replaced.
  ASSERT_OK(ParseOne(kStrings, "{\"v\":\"x\xFF\"}", &row, replace));
  EXPECT_EQ(row.Find("v")->Find("typed_value")->bytes(), "x\xEF\xBF\xBD");
}

TEST(JsonRowParserTest, AKeyGivenTwiceIsADuplicateNotAnUnknownField) {
  constexpr char kSchema[] = R"(message m {
  optional int32 i;
  optional group s {
    optional int32 a;
    optional int32 b;
  }
  optional group m (MAP) {
    repeated group key_value {
      required binary key (STRING);
      optional int32 value;
    }
  }
})";
  Value row;
  Status st = ParseOne(kSchema, R"({"i":1,"i":2})", &row);
  EXPECT_STATUS(st, StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(), "duplicate field 'i'");
  st = ParseOne(kSchema, R"({"s":{"b":1,"a":2,"b":3}})", &row);
  EXPECT_STATUS(st, StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(), "field 's': duplicate field 'b'");
  EXPECT_STATUS_HAS(ParseOne(kSchema, R"({"m":[{"key":"k","key":"l"}]})", &row), StatusCode::kInvalidArgument,
                    "field 'm': duplicate field 'key'");
  // A key the schema lacks is still unknown, even when given twice.
  EXPECT_STATUS_HAS(ParseOne(kSchema, R"({"s":{"zz":1,"zz":2}})", &row), StatusCode::kInvalidArgument,
                    "field 's': unknown field 'zz'");
}

}  // namespace
}  // namespace parq
