// JsonRowParser and RowWriter: canonical JSON rows → Values → a file in
// memory → JsonRowReader → the same JSON text, for nested shapes (3- and 2-level
// lists, maps with and without values, nulls at every level, empty lists),
// every logical type's text form, and refused rows (named by row and path,
// rolled back).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// Writes `lines` through the parser and a RowWriter; returns the file bytes.
Result<std::string> WriteJson(const Schema& schema, const std::vector<std::string>& lines, WriterOptions wo = {},
                              RowWriterOptions ro = {}) {
  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* mem = out.get();
  PARQ_ASSIGN_OR_RETURN(auto fw, FileWriter::Open(std::move(out), schema, wo));
  PARQ_ASSIGN_OR_RETURN(auto rw, RowWriter::Open(*fw, ro));
  PARQ_ASSIGN_OR_RETURN(auto parser, JsonRowParser::Make(schema));
  Value row;
  for (const std::string& l : lines) {
    Status st = parser->Parse(l, &row);
    if (st.ok()) st = rw->Write(row);
    if (!st.ok()) return std::move(st).AddContext(l);
  }
  PARQ_RETURN_IF_ERROR(rw->Close());
  PARQ_RETURN_IF_ERROR(fw->Close());
  return mem->bytes();
}

// The rows of a file as text; *row_groups (if given) its row-group count.
Result<std::vector<std::string>> ReadJson(const std::string& bytes, int* row_groups = nullptr) {
  PARQ_ASSIGN_OR_RETURN(auto fr, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  if (row_groups != nullptr) *row_groups = fr->metadata().num_row_groups();
  PARQ_ASSIGN_OR_RETURN(auto rr, JsonRowReader::Open(*fr));
  std::vector<std::string> rows;
  while (true) {
    std::string s;
    PARQ_ASSIGN_OR_RETURN(bool more, rr->Next(&s));
    if (!more) return rows;
    rows.push_back(s);
  }
}

void ExpectRoundTrip(const char* schema_text, const std::vector<std::string>& lines) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(schema_text));
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteJson(schema, lines));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, ReadJson(bytes));
  EXPECT_EQ(rows, lines);
}

TEST(JsonRowParserTest, NestedListsMapsStructsAndNulls) {
  ExpectRoundTrip(R"(message m {
  required int64 id;
  optional group tags (LIST) {
    repeated group list {
      optional binary element (STRING);
    }
  }
  optional group m (MAP) {
    repeated group key_value {
      required binary key (STRING);
      optional group value (LIST) {
        repeated group list {
          required int32 element;
        }
      }
    }
  }
  optional group s {
    optional int32 a;
    required group inner {
      optional double x;
    }
  }
  repeated int32 r;
  repeated group rg {
    optional int32 v;
  }
})",
                  {
                      R"({"id":1,"tags":["a",null,"c"],"m":[{"key":"k","value":[1,2]},{"key":"z","value":null},{"key":"e","value":[]}],"s":{"a":5,"inner":{"x":1.5}},"r":[1,2,3],"rg":[{"v":1},{"v":null}]})",
                      R"({"id":2,"tags":null,"m":null,"s":null,"r":[],"rg":[]})",
                      R"({"id":3,"tags":[],"m":[],"s":{"a":null,"inner":{"x":null}},"r":[7],"rg":[{"v":null}]})",
                      R"({"id":4,"tags":[null],"m":[{"key":"","value":[3]}],"s":{"a":-1,"inner":{"x":"NaN"}},"r":[],"rg":[]})",
                  });
}

TEST(JsonRowParserTest, LegacyListsAndMapWithoutValue) {
  ExpectRoundTrip(R"(message m {
  optional group two (LIST) {
    repeated int32 element;
  }
  optional group twog (LIST) {
    repeated group array {
      optional int32 x;
      optional int32 y;
    }
  }
  optional group keys (MAP) {
    repeated group key_value {
      required int32 key;
    }
  }
  optional group nested (LIST) {
    repeated group list {
      optional group element (LIST) {
        repeated group list {
          optional int64 element;
        }
      }
    }
  }
})",
                  {
                      R"({"two":[1,2],"twog":[{"x":1,"y":null},{"x":null,"y":2}],"keys":[{"key":1},{"key":2}],"nested":[[1,null],[],null,[2]]})",
                      R"({"two":null,"twog":[],"keys":null,"nested":null})",
                      R"({"two":[],"twog":null,"keys":[],"nested":[]})",
                  });
}

TEST(JsonRowParserTest, EveryLeafForm) {
  ExpectRoundTrip(R"(message m {
  optional boolean b;
  optional int32 i8 (INTEGER(8,true));
  optional int32 u32 (INTEGER(32,false));
  optional int64 u64 (INTEGER(64,false));
  optional float f;
  optional double d;
  optional fixed_len_byte_array(2) h (FLOAT16);
  optional binary s (STRING);
  optional binary e (ENUM);
  optional binary j (JSON);
  optional binary raw;
  optional int32 dec32 (DECIMAL(9,2));
  optional int64 dec64 (DECIMAL(18,4));
  optional fixed_len_byte_array(16) decf (DECIMAL(38,10));
  optional binary decb (DECIMAL(50,3));
  optional int32 date (DATE);
  optional int32 tms (TIME(MILLIS,true));
  optional int64 tus (TIME(MICROS,false));
  optional int64 tns (TIME(NANOS,true));
  optional int64 tsms (TIMESTAMP(MILLIS,true));
  optional int64 tsus (TIMESTAMP(MICROS,false));
  optional int64 tsns (TIMESTAMP(NANOS,true));
  optional int96 i96;
  optional fixed_len_byte_array(16) uuid (UUID);
  optional fixed_len_byte_array(12) iv (INTERVAL);
  optional binary bson (BSON);
  optional int32 unk (UNKNOWN);
})",
                  {
                      R"({"b":true,"i8":300,"u32":4294967295,"u64":18446744073709551615,"f":1.5,"d":-0,"h":0.099975586,"s":"hé\"\n","e":"A","j":"{\"a\":1}","raw":"AAEC/w==","dec32":"-0.05","dec64":"123456789.0001","decf":"-1234567890123456789012345678.0123456789","decb":"123456789012345678901234567890123456789012345.678","date":"-0044-03-15","tms":"23:59:59.999","tus":"-03:51:39.000001","tns":"25:00:00.000000001","tsms":"1969-12-31T23:59:59.999Z","tsus":"2024-01-02T03:04:05.000006","tsns":"2262-04-11T23:47:16.854775807Z","i96":"-4713-11-24T00:00:00.000000001","uuid":"00112233-4455-6677-8899-aabbccddeeff","iv":{"months":1,"days":2,"milliseconds":4294967295},"bson":"","unk":null})",
                      R"({"b":false,"i8":-128,"u32":0,"u64":0,"f":"-Infinity","d":"Infinity","h":"NaN","s":"","e":null,"j":null,"raw":"","dec32":"0.00","dec64":"-0.0001","decf":"0.0000000000","decb":"-0.001","date":"1970-01-01","tms":"00:00:00.000","tus":"00:00:00.000000","tns":"00:00:00.000000000","tsms":"12345-06-07T08:09:10.011Z","tsus":"0000-01-01T00:00:00.000000","tsns":"1677-09-21T00:12:43.145224192Z","i96":"1970-01-01T00:00:00.000000000","uuid":null,"iv":null,"bson":"AQ==","unk":null})",
                      R"({"b":null,"i8":null,"u32":null,"u64":null,"f":null,"d":null,"h":-65504,"s":null,"e":null,"j":null,"raw":null,"dec32":null,"dec64":null,"decf":null,"decb":null,"date":null,"tms":null,"tus":null,"tns":null,"tsms":null,"tsus":null,"tsns":null,"i96":null,"uuid":null,"iv":null,"bson":null,"unk":null})",
                  });
}

TEST(JsonRowParserTest, ParserAcceptsAbsentMembersAndShortFractions) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
  optional int32 a;
  optional int64 ts (TIMESTAMP(MICROS,true));
  optional int32 d (DECIMAL(9,3));
})"));
  ASSERT_OK_AND_ASSIGN(std::string bytes,
                       WriteJson(schema, {R"({"ts":"2024-01-02T03:04:05.5Z","d":"1.5"})", R"({"d":7})"}));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, ReadJson(bytes));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], R"({"a":null,"ts":"2024-01-02T03:04:05.500000Z","d":"1.500"})");
  EXPECT_EQ(rows[1], R"({"a":null,"ts":null,"d":"7.000"})");
}

// Found by json_row_fuzzer (testdata/fuzz/json_row/absent_required_field):
// the parser leaves an absent member null even where the field is required;
// RowWriter refuses that row, naming the field, and writes the next.
TEST(JsonRowParserTest, AbsentRequiredFieldIsRefusedByTheWriter) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int32 i; optional int64 l; }"));
  ASSERT_OK_AND_ASSIGN(auto parser, JsonRowParser::Make(schema));
  auto out = std::make_unique<MemoryOutputStream>();
  ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(std::move(out), schema));
  ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
  Value row;
  ASSERT_OK(parser->Parse("{}", &row));
  EXPECT_STATUS_HAS(rw->Write(row), StatusCode::kInvalidArgument, "field 'i': null in a required field");
  ASSERT_OK(parser->Parse(R"({"i":7})", &row));
  EXPECT_OK(rw->Write(row));
  EXPECT_OK(rw->Close());
  EXPECT_OK(fw->Close());
}

TEST(JsonRowParserTest, ParserErrorsNameTheField) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
  optional group s {
    optional int32 a;
    optional int32 d (DECIMAL(9,1));
  }
})"));
  ASSERT_OK_AND_ASSIGN(auto parser, JsonRowParser::Make(schema));
  Value row;
  Status st = parser->Parse(R"({"s":{"a":"x"}})", &row);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "s.a");
  st = parser->Parse(R"({"s":{"d":"1.25"}})", &row);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "s.d");
  st = parser->Parse(R"({"s":{"zz":1}})", &row);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "unknown field 'zz'");
  st = parser->Parse(R"({"s":{"a":2147483648}})", &row);
  EXPECT_STATUS(st, StatusCode::kInvalidArgument);
  st = parser->Parse(R"([1])", &row);
  EXPECT_STATUS(st, StatusCode::kInvalidArgument);
  // Years and hours too long for any column are refused, not overflowed.
  ASSERT_OK_AND_ASSIGN(Schema times, ParseMessageType(R"(message m {
  optional int64 ts (TIMESTAMP(MILLIS,true));
  optional int64 t (TIME(NANOS,true));
  optional int32 d (DATE);
})"));
  ASSERT_OK_AND_ASSIGN(auto tp, JsonRowParser::Make(times));
  EXPECT_STATUS(tp->Parse(R"({"ts":"999999999999999999-01-01T00:00:00.000Z"})", &row), StatusCode::kInvalidArgument);
  EXPECT_STATUS(tp->Parse(R"({"t":"999999999999999999:00:00.000000000"})", &row), StatusCode::kInvalidArgument);
  EXPECT_STATUS(tp->Parse(R"({"d":"9999999-01-01"})", &row), StatusCode::kInvalidArgument);  // past int32 days
  EXPECT_STATUS(tp->Parse(R"({"d":"2024-13-01"})", &row), StatusCode::kInvalidArgument);
  EXPECT_OK(tp->Parse(R"({"ts":"2024-01-01T00:00:00.000Z","t":"-25:00:00.5","d":"-0001-12-31"})", &row));
}

TEST(JsonRowParserTest, BadRowsAreRefusedByRowAndPathAndRolledBack) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
  required int32 id;
  optional group l (LIST) {
    repeated group list {
      required binary element (STRING);
    }
  }
})"));
  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* mem = out.get();
  ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(std::move(out), schema));
  ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
  ASSERT_OK_AND_ASSIGN(auto parser, JsonRowParser::Make(schema));
  Value row;
  ASSERT_OK(parser->Parse(R"({"id":1,"l":["a"]})", &row));
  ASSERT_OK(rw->Write(row));
  // A null element in a required position, after a good one: nothing of it stays.
  ASSERT_OK(parser->Parse(R"({"id":2,"l":["b",null]})", &row));
  Status st = rw->Write(row);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "row 1");
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "l.list.element");
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "null in a required field");
  // Wrong kinds and shapes.
  Value bad = Value::Struct();
  bad.AddField("id", Value::Int64(3));
  bad.AddField("l", Value::Null());
  st = rw->Write(bad);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "int64 value in a INT32 column");
  Value missing = Value::Struct();
  missing.AddField("id", Value::Int32(3));
  st = rw->Write(missing);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "field 'l': missing");
  Value renamed = Value::Struct();
  renamed.AddField("id", Value::Int32(3));
  renamed.AddField("x", Value::Null());
  EXPECT_STATUS(rw->Write(renamed), StatusCode::kInvalidArgument);
  Value list_for_struct = Value::Struct();
  list_for_struct.AddField("id", Value::Int32(3));
  list_for_struct.AddField("l", Value::Map());
  EXPECT_STATUS(rw->Write(list_for_struct), StatusCode::kInvalidArgument);
  EXPECT_STATUS(rw->Write(Value::Int32(1)), StatusCode::kInvalidArgument);
  // The writer is still usable.
  ASSERT_OK(parser->Parse(R"({"id":3,"l":[]})", &row));
  ASSERT_OK(rw->Write(row));
  EXPECT_EQ(rw->rows_written(), 2);
  ASSERT_OK(rw->Close());
  ASSERT_OK(fw->Close());
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, ReadJson(mem->bytes()));
  EXPECT_EQ(rows, (std::vector<std::string>{R"({"id":1,"l":["a"]})", R"({"id":3,"l":[]})"}));
}

TEST(JsonRowParserTest, RowGroupRowLimitIsExact) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
  required int32 id;
  repeated int64 r;
})"));
  std::vector<std::string> lines;
  for (int i = 0; i < 2500; ++i) {
    lines.push_back("{\"id\":" + std::to_string(i) + ",\"r\":[" + (i % 3 ? "1,2" : "") + "]}");
  }
  WriterOptions wo;
  wo.max_rows_per_row_group = 1000;
  RowWriterOptions ro;
  ro.batch_rows = 300;  // not a divisor of the row-group size
  int groups = 0;
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteJson(schema, lines, wo, ro));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, ReadJson(bytes, &groups));
  EXPECT_EQ(rows, lines);
  EXPECT_EQ(groups, 3);
  ASSERT_OK_AND_ASSIGN(auto fr, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  EXPECT_EQ(fr->metadata().row_group(0).num_rows(), 1000);
  EXPECT_EQ(fr->metadata().row_group(1).num_rows(), 1000);
  EXPECT_EQ(fr->metadata().row_group(2).num_rows(), 500);
}

TEST(JsonRowParserTest, VariantsAreEncodedAgain) {
  ExpectRoundTrip(R"(message m {
  required int32 id;
  optional group v (VARIANT(1)) {
    required binary metadata;
    optional binary value;
    optional int64 typed_value;
  }
  optional group l (LIST) {
    repeated group list {
      required group element (VARIANT(1)) {
        required binary metadata;
        required binary value;
      }
    }
  }
})",
                  {
                      R"({"id":1,"v":{"a":1,"b":[true,false,null,-129,40000,3000000000,1.5,"x"],"c":{"a":"2024-01-01","z":"1.50"}},"l":[1,"s",null]})",
                      R"({"id":2,"v":null,"l":[]})",
                      R"({"id":3,"v":"a string longer than sixty-four bytes, so it takes the long string form","l":null})",
                      R"({"id":4,"v":[],"l":[{},[[]],-0.25,1e+300,-0,0]})",
                  });
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
  optional group v (VARIANT(1)) {
    required binary metadata;
    required binary value;
  }
})"));
  ASSERT_OK_AND_ASSIGN(auto parser, JsonRowParser::Make(schema));
  Value row;
  EXPECT_STATUS(parser->Parse(R"({"v":{"a":1,"a":2}})", &row), StatusCode::kInvalidArgument);
}

// Shredding (VariantShredding.md): values that fit typed_value go there,
// the rest to value; an object's fields not in typed_value stay in value as
// a partial object; an absent field leaves both of its columns null.
TEST(JsonRowParserTest, VariantsAreShreddedIntoTypedValue) {
  const char* text = R"(message m {
  required group v (VARIANT(1)) {
    required binary metadata;
    optional binary value;
    optional group typed_value {
      required group a {
        optional binary value;
        optional int32 typed_value;
      }
      required group b {
        optional binary value;
        optional group typed_value (LIST) {
          repeated group list {
            required group element {
              optional binary value;
              optional binary typed_value (STRING);
            }
          }
        }
      }
    }
  }
})";
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(text));
  ASSERT_OK_AND_ASSIGN(auto parser, JsonRowParser::Make(schema));
  Value row;
  ASSERT_OK(parser->Parse(R"({"v":{"a":7,"b":["x",1],"c":true}})", &row));
  const Value& v = *row.Find("v");
  EXPECT_EQ(v.names(), (std::vector<std::string>{"metadata", "value", "typed_value"}));
  const Value& typed = *v.Find("typed_value");
  ASSERT_EQ(typed.kind(), Value::Kind::kStruct);
  const Value& a = *typed.Find("a");
  EXPECT_TRUE(a.Find("value")->is_null());
  EXPECT_EQ(a.Find("typed_value")->int32_value(), 7);
  const Value& b = *typed.Find("b")->Find("typed_value");
  ASSERT_EQ(b.kind(), Value::Kind::kList);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].Find("typed_value")->bytes(), "x");  // a string fits the STRING leaf
  EXPECT_TRUE(b[0].Find("value")->is_null());
  EXPECT_TRUE(b[1].Find("typed_value")->is_null());   // 1 does not: it stays a variant
  EXPECT_EQ(b[1].Find("value")->bytes().size(), 2u);  // int8 header + 1
  // "c" is not shredded: the value column holds the object {"c": true}.
  EXPECT_FALSE(v.Find("value")->is_null());

  // An absent field: both of its columns null; a non-object: all in value.
  ASSERT_OK(parser->Parse(R"({"v":{"b":[]}})", &row));
  const Value& absent = *row.Find("v")->Find("typed_value")->Find("a");
  EXPECT_TRUE(absent.Find("value")->is_null());
  EXPECT_TRUE(absent.Find("typed_value")->is_null());
  EXPECT_TRUE(row.Find("v")->Find("value")->is_null());  // typed_value took every field
  ASSERT_OK(parser->Parse(R"({"v":[1,2]})", &row));
  EXPECT_TRUE(row.Find("v")->Find("typed_value")->is_null());
  EXPECT_FALSE(row.Find("v")->Find("value")->is_null());

  ExpectRoundTrip(text, {
                            R"({"v":{"a":7,"b":["x",1,null],"c":true}})",
                            R"({"v":{"b":[]}})",
                            R"({"v":{"a":null,"b":"not a list"}})",
                            R"({"v":[1,2]})",
                            R"({"v":null})",
                            R"({"v":3.5})",
                        });

  // Without a value column, what does not fit typed_value is refused.
  ASSERT_OK_AND_ASSIGN(Schema no_value, ParseMessageType(R"(message m {
  required group v (VARIANT(1)) {
    required binary metadata;
    optional int64 typed_value;
  }
})"));
  ASSERT_OK_AND_ASSIGN(auto typed_only, JsonRowParser::Make(no_value));
  EXPECT_OK(typed_only->Parse(R"({"v":12345678901})", &row));
  const Status st = typed_only->Parse(R"({"v":"x"})", &row);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "does not fit typed_value");
  ExpectRoundTrip(R"(message m {
  required group v (VARIANT(1)) {
    required binary metadata;
    optional int64 typed_value;
  }
})",
                  {R"({"v":1})", R"({"v":-9007199254740993})"});

  // A group that is neither: unsupported at Make.
  ASSERT_OK_AND_ASSIGN(Schema odd, ParseMessageType(R"(message m {
  required group v (VARIANT(1)) {
    required binary metadata;
    optional int32 other;
  }
})"));
  EXPECT_STATUS(JsonRowParser::Make(odd), StatusCode::kUnsupported);
}

}  // namespace
}  // namespace parq
