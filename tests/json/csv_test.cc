// parq/csv.h: records cut into cells (RFC 4180 quoting, where a malformed
// one goes wrong), schemas inferred from sample cells, records read into rows
// (and which cell is at fault), and rows written as records.
#include "parq/csv.h"

#include <gtest/gtest.h>

#include "testing/status_macros.h"

namespace parq {
namespace {

CsvRecord Split(std::string_view text) {
  CsvRecord r;
  EXPECT_OK(SplitCsvRecord(text, ',', &r));
  return r;
}

TEST(CsvRecordTest, QuotedCellsHoldDelimitersQuotesAndLineBreaks) {
  CsvRecord r = Split("a,\"b,c\",\"say \"\"hi\"\"\",\"two\nlines\",,\"\"\r");
  EXPECT_EQ(r.cells, (std::vector<std::string>{"a", "b,c", "say \"hi\"", "two\nlines", "", ""}));
  EXPECT_EQ(r.quoted, (std::vector<bool>{false, true, true, true, false, true}));
  EXPECT_EQ(r.columns, (std::vector<int64_t>{1, 3, 9, 22, 8, 9}));
  EXPECT_EQ(r.lines, (std::vector<int64_t>{0, 0, 0, 0, 1, 1}));
  EXPECT_TRUE(CsvRecordOpen("a,\"b\nc", ','));
  EXPECT_FALSE(CsvRecordOpen("a,\"b\nc\"", ','));
}

TEST(CsvRecordTest, MalformedRecordsSayWhere) {
  CsvRecord r;
  EXPECT_STATUS_HAS(SplitCsvRecord("a,\"open\nstill", ',', &r), StatusCode::kInvalidArgument, "unterminated quote");
  EXPECT_EQ(r.error_line, 0);
  EXPECT_EQ(r.error_column, 3);
  EXPECT_STATUS_HAS(SplitCsvRecord("ab,c\"d", ',', &r), StatusCode::kInvalidArgument, "a quote inside an unquoted cell");
  EXPECT_EQ(r.error_column, 5);
  EXPECT_STATUS_HAS(SplitCsvRecord("\"a\"b", ',', &r), StatusCode::kInvalidArgument, "after the closing quote");
  EXPECT_EQ(r.error_column, 4);
}

TEST(CsvSchemaTest, InfersTypesAndNullability) {
  std::vector<CsvRecord> sample = {Split("true,1,1.5,1e3,2024-01-02,2024-01-02 03:04:05,2024-01-02T03:04:05.5Z,x,"),
                                   Split("FALSE,-20,-0.25,2,2024-12-31,2024-01-02T03:04:05.123,2024-01-02 03:04:05+00,,")};
  ASSERT_OK_AND_ASSIGN(Schema s, InferCsvSchema({"b", "i", "dec", "d", "day", "ts", "utc", "s", "none"}, sample));
  EXPECT_EQ(s.ToString(),
            "message schema {\n"
            "  required boolean b;\n"
            "  required int64 i;\n"
            "  required int64 dec (DECIMAL(18,2));\n"
            "  required double d;\n"
            "  required int32 day (DATE);\n"
            "  required int64 ts (TIMESTAMP(MICROS,false));\n"
            "  required int64 utc (TIMESTAMP(MICROS,true));\n"
            "  optional binary s (STRING);\n"
            "  optional binary none (STRING);\n"
            "}\n");
  EXPECT_STATUS_HAS(InferCsvSchema({"a", "a"}, sample), StatusCode::kInvalidArgument, "'a' is repeated");
}

TEST(CsvRowParserTest, ReadsCellsAsTheirFieldsTypesAndNamesTheBadCell) {
  std::vector<CsvRecord> sample = {Split("1,2.50,x,2024-01-02 03:04:05+00")};
  ASSERT_OK_AND_ASSIGN(Schema s, InferCsvSchema({"i", "dec", "s", "ts"}, sample));
  ASSERT_OK_AND_ASSIGN(auto parser, CsvRowParser::Make(s, {"ts", "s", "dec", "i"}));
  Value row;
  ASSERT_OK(parser->Parse(Split("2024-01-02 03:04:05Z,\"\",-0.5,7"), &row));
  ASSERT_EQ(row.items().size(), 4u);
  EXPECT_EQ(row.items()[0].int64_value(), 7);
  EXPECT_EQ(row.items()[2].bytes(), "");
  int cell = -1;
  EXPECT_STATUS_HAS(parser->Parse(Split("2024-01-02 03:04:05Z,a,x,7"), &row, &cell), StatusCode::kInvalidArgument,
                    "column 3 ('dec')");
  EXPECT_EQ(cell, 2);
  EXPECT_STATUS_HAS(parser->Parse(Split("2024-01-02 03:04:05Z,a"), &row, &cell), StatusCode::kInvalidArgument,
                    "the record has 2 cells, the header 4");
  EXPECT_EQ(cell, 2);
  EXPECT_STATUS_HAS(CsvRowParser::Make(s, {"nosuch"}), StatusCode::kInvalidArgument, "'nosuch' is not a field");
}

TEST(CsvRowWriterTest, QuotesWhatNeedsIt) {
  CsvRowWriter w({"a", "b", "c", "d"});
  std::string out;
  w.Header(&out);
  ASSERT_OK(w.Append(R"({"a":"x,y","b":null,"c":"","d":{"k":[1,"q\"r"]}})", &out));
  ASSERT_OK(w.Append(R"({"a":"line\nbreak","b":1.5,"c":true,"d":null})", &out));
  EXPECT_EQ(out, "a,b,c,d\n\"x,y\",,\"\",\"{\"\"k\"\":[1,\"\"q\\\"\"r\"\"]}\"\n\"line\nbreak\",1.5,true,\n");
  CsvOptions o;
  o.delimiter = ';';
  o.null_string = "NULL";
  CsvRowWriter v({"a", "b"}, o);
  out.clear();
  ASSERT_OK(v.Append(R"({"a":"NULL","b":null})", &out));
  EXPECT_EQ(out, "\"NULL\";NULL\n");
}

TEST(CsvRowWriterTest, CrlfEndsEveryRecordWithCrLf) {
  CsvOptions o;
  o.crlf = true;
  CsvRowWriter w({"a", "b"}, o);
  std::string out;
  w.Header(&out);
  ASSERT_OK(w.Append(R"({"a":"two\nlines","b":1})", &out));
  ASSERT_OK(w.Append(R"({"a":null,"b":[1,2]})", &out));
  // A line break inside a quoted cell stays as it is.
  EXPECT_EQ(out, "a,b\r\n\"two\nlines\",1\r\n,\"[1,2]\"\r\n");
}

}  // namespace
}  // namespace parq
