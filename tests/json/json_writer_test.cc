// Tests for json/json_writer.h and json/json_value.h (reader + the doc's equality).
#include <gtest/gtest.h>

#include <string>

#include "json/json_format.h"
#include "json/json_value.h"
#include "json/json_writer.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

TEST(JsonWriterTest, ObjectsArraysAndScalars) {
  std::string out;
  JsonWriter w(&out);
  w.BeginObject();
  w.Key("a");
  w.Int64(-1);
  w.Key("b\n");
  w.BeginArray();
  w.Null();
  w.Bool(true);
  w.Bool(false);
  w.UInt64(18446744073709551615ULL);
  w.Double(0.5);
  w.RawNumber("1e3");
  w.String("x\"y");
  w.BeginArray();
  w.EndArray();
  w.BeginObject();
  w.EndObject();
  w.EndArray();
  w.Key("ts");
  AppendJsonTimestamp(w.BeginValue(), -1, JsonTimeUnit::kMillis, true);
  w.Key("i");
  AppendJsonInterval(w.BeginValue(), reinterpret_cast<const uint8_t*>("\x01\0\0\0\x02\0\0\0\x03\0\0\0"));
  w.EndObject();
  EXPECT_EQ(out,
            R"({"a":-1,"b\n":[null,true,false,18446744073709551615,0.5,1e3,"x\"y",[],{}],)"
            R"("ts":"1969-12-31T23:59:59.999Z","i":{"months":1,"days":2,"milliseconds":3}})");
  EXPECT_OK(ParseJson(out));
}

TEST(JsonWriterTest, EmptyContainersAndRowsInSequence) {
  std::string out;
  for (int row = 0; row < 2; ++row) {
    JsonWriter w(&out);  // one writer per row: cheap, no heap state
    w.BeginObject();
    w.Key("id");
    w.Int64(row);
    w.Key("list");
    w.BeginArray();
    w.EndArray();
    w.EndObject();
    out.push_back('\n');
  }
  EXPECT_EQ(out, "{\"id\":0,\"list\":[]}\n{\"id\":1,\"list\":[]}\n");
}

// The doc's equality of two texts; a text that does not parse is an error.
Result<bool> Eq(std::string_view a, std::string_view b, bool binary32 = false) {
  PARQ_ASSIGN_OR_RETURN(JsonValue x, ParseJson(a));
  PARQ_ASSIGN_OR_RETURN(JsonValue y, ParseJson(b));
  JsonCompareOptions o;
  o.numbers_as_binary32 = binary32;
  return JsonEquivalent(x, y, o);
}

void ExpectEq(std::string_view a, std::string_view b, bool want, bool binary32 = false) {
  ASSERT_OK_AND_ASSIGN(bool eq, Eq(a, b, binary32));
  EXPECT_EQ(eq, want) << a << " vs " << b;
}

TEST(JsonValueTest, DocEqualityRules) {
  ExpectEq("1", "1.0", true);
  ExpectEq("1", "1e0", true);
  ExpectEq("-0", "0", true);
  ExpectEq("[1, 2]", "[1,2]", true);
  ExpectEq("[1,2]", "[2,1]", false);  // array order matters
  ExpectEq(R"({"a":1,"b":[true,null]})", R"({"b":[true,null],"a":1.0})", true);  // key order does not
  ExpectEq(R"({"a":1})", R"({"a":1,"b":2})", false);
  ExpectEq("18446744073709551615", "18446744073709551614", false);  // integers compare exactly
  ExpectEq("\"1\"", "1", false);
  ExpectEq("0.1", "0.10000000149011612", false);
  ExpectEq("0.1", "0.10000000149011612", true, true);  // FLOAT tolerance
  ExpectEq("1234567936", "1234567940", true, true);
  ExpectEq(R"({"a":1,"a":2})", R"({"a":1,"a":2})", true);  // duplicate keys, in order
  ExpectEq(R"({"a":1,"a":2})", R"({"a":2,"a":1})", false);
  ASSERT_OK_AND_ASSIGN(JsonValue a, ParseJson(R"({"x":[1,{"y":2}]})"));
  ASSERT_OK_AND_ASSIGN(JsonValue b, ParseJson(R"({"x":[1,{"y":3}]})"));
  std::string where;
  EXPECT_FALSE(JsonEquivalent(a, b, {}, &where));
  EXPECT_EQ(where, "$.x[1].y: 2 vs 3");
}

TEST(JsonValueTest, ParsesStringsAndRejectsGarbage) {
  ASSERT_OK_AND_ASSIGN(auto v, ParseJson(R"("a\u00e9\ud83d\udc22\ud800x\/\"")"));
  EXPECT_EQ(v.text, "a\xC3\xA9\xF0\x9F\x90\xA2\xEF\xBF\xBDx/\"");
  ASSERT_OK_AND_ASSIGN(auto o, ParseJson(R"( {"k": [1, -2.5e-3, "s"]} )"));
  EXPECT_EQ(JsonToString(o), R"({"k":[1,-2.5e-3,"s"]})");
  for (const char* bad : {"", "{", "[1,]", "{\"a\"}", "01x", "\"\\q\"", "tru", "[1] 2", "-", "1.", "\"\x01\""}) {
    EXPECT_STATUS(ParseJson(bad), StatusCode::kInvalidArgument) << bad;
  }
  std::string deep(1000, '[');
  EXPECT_STATUS(ParseJson(deep, 100), StatusCode::kInvalidArgument);
}

// Round trip: every string our formatter emits parses back to the same UTF-8
// (for valid input) — the escaper and the reader agree.
TEST(JsonValueTest, EscaperRoundTripsThroughReader) {
  std::string all;
  for (int c = 1; c < 128; ++c) all.push_back(static_cast<char>(c));
  all += "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  all.push_back('\0');
  std::string out;
  AppendJsonString(out, all);
  ASSERT_OK_AND_ASSIGN(auto v, ParseJson(out));
  EXPECT_EQ(v.text, all);
}

}  // namespace
}  // namespace parq
