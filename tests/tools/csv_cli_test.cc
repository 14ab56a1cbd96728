// `parq cat --format csv` and `parq convert IN.csv` as a user runs them: the
// CSV text of typed and nested rows, a round trip back to the same rows (the
// schema given, and inferred), and malformed CSV refused with IN:LINE:COLUMN.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
using parq::testing::CliRun;
using parq::testing::Quote;
using parq::testing::RunParq;
using parq::testing::Stderr;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

class CsvCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-csv-cli-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string P(const std::string& name) const { return (dir_ / name).string(); }
  std::string Write(const std::string& name, const std::string& text) const {
    std::ofstream(P(name), std::ios::binary) << text;
    return P(name);
  }
  fs::path dir_;
};

TEST_F(CsvCliTest, CatPrintsTypedAndNestedCells) {
  CliRun r = RunParq("cat --format csv --head 2 " + Quote(kData + "nested_lists.snappy.parquet"), Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "a,b\r\n\"[[[\"\"a\"\",\"\"b\"\"],[\"\"c\"\"]],[null,[\"\"d\"\"]]]\",1\r\n"
                   "\"[[[\"\"a\"\",\"\"b\"\"],[\"\"c\"\",\"\"d\"\"]],[null,[\"\"e\"\"]]]\",1\r\n");
  r = RunParq("cat --format csv --head 1 --columns id,timestamp_col,float_col --no-header --delimiter ';' " +
                  Quote(kData + "alltypes_plain.parquet"),
              Stderr::kShown);
  EXPECT_EQ(r.out, "4;0;2009-03-01T00:00:00.000000000\r\n");
  EXPECT_EQ(RunParq("cat --delimiter ';' " + Quote(kData + "alltypes_plain.parquet")).exit_code, 2);
  EXPECT_EQ(RunParq("cat --format csv --delimiter ab " + Quote(kData + "alltypes_plain.parquet")).exit_code, 2);
}

TEST_F(CsvCliTest, RecordsEndInCrlfAsRfc4180UnlessLfIsAsked) {
  const std::string f = Quote(kData + "alltypes_plain.parquet");
  // CRLF by default, the header's too.
  CliRun r = RunParq("cat --format csv --head 2 --columns id,bool_col,string_col " + f, Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "id,bool_col,string_col\r\n4,true,MA==\r\n5,false,MQ==\r\n");
  EXPECT_EQ(RunParq("cat --format csv --csv-line-ending crlf --head 2 --columns id,bool_col,string_col " + f).out,
            r.out);
  // Through a filter (records from Value rows).
  r = RunParq("cat --format csv --columns id,bool_col --where \"id = 5\" " + f, Stderr::kShown);
  EXPECT_EQ(r.out, "id,bool_col\r\n5,false\r\n");
  // LF when asked.
  EXPECT_EQ(RunParq("cat --format csv --csv-line-ending lf --columns id --head 1 " + f).out, "id\n4\n");
  EXPECT_EQ(RunParq("cat --format csv --csv-line-ending lf --columns id,bool_col --where \"id = 5\" " + f).out,
            "id,bool_col\n5,false\n");
  // Only with --format csv, and only lf or crlf.
  EXPECT_EQ(RunParq("cat --csv-line-ending lf " + f).exit_code, 2);
  r = RunParq("cat --format csv --csv-line-ending cr " + f);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("--csv-line-ending wants lf or crlf, not 'cr'"), std::string::npos) << r.out;
  // convert reads CRLF records as it reads LF ones, and both give the same file.
  ASSERT_EQ(RunParq("cat --format csv " + f + " > " + Quote(P("crlf.csv"))).exit_code, 0);
  ASSERT_EQ(RunParq("cat --format csv --csv-line-ending lf " + f + " > " + Quote(P("lf.csv"))).exit_code, 0);
  ASSERT_EQ(RunParq("convert " + Quote(P("crlf.csv")) + " " + Quote(P("crlf.parquet"))).exit_code, 0);
  ASSERT_EQ(RunParq("convert " + Quote(P("lf.csv")) + " " + Quote(P("lf.parquet"))).exit_code, 0);
  EXPECT_EQ(RunParq("cat --format csv " + Quote(P("crlf.parquet")) + " --columns id,bool_col,string_col").out,
            RunParq("cat --format csv " + f + " --columns id,bool_col,string_col").out);
  EXPECT_EQ(RunParq("cat " + Quote(P("crlf.parquet"))).out, RunParq("cat " + Quote(P("lf.parquet"))).out);
  EXPECT_EQ(RunParq("schema " + Quote(P("crlf.parquet"))).out, RunParq("schema " + Quote(P("lf.parquet"))).out);
}

TEST_F(CsvCliTest, CrlfRecordsKeepTheLineBreaksOfQuotedCells) {
  // A cell holding LF and one holding CRLF: quoted, their breaks as they are;
  // the records end in CRLF.
  const std::string schema = Write("s.txt", "message m { required int32 id; optional binary s (STRING); }\n");
  const std::string rows = "{\"id\":1,\"s\":\"a\\nb\"}\n{\"id\":2,\"s\":\"c\\r\\nd\"}\n{\"id\":3,\"s\":\"e\"}\n";
  ASSERT_EQ(RunParq("convert " + Quote(Write("rows.jsonl", rows)) + " " + Quote(P("a.parquet")) + " --schema " +
                    Quote(schema))
                .exit_code,
            0);
  CliRun r = RunParq("cat --format csv " + Quote(P("a.parquet")), Stderr::kShown);
  EXPECT_EQ(r.out, "id,s\r\n1,\"a\nb\"\r\n2,\"c\r\nd\"\r\n3,e\r\n");
  std::ofstream(P("a.csv"), std::ios::binary) << r.out;
  ASSERT_EQ(RunParq("convert " + Quote(P("a.csv")) + " " + Quote(P("b.parquet")) + " --schema " + Quote(schema)).exit_code,
            0);
  EXPECT_EQ(RunParq("cat " + Quote(P("b.parquet"))).out, rows);
  // Inferred from CRLF text as well.
  ASSERT_EQ(RunParq("convert " + Quote(P("a.csv")) + " " + Quote(P("c.parquet"))).exit_code, 0);
  EXPECT_EQ(RunParq("cat --format csv " + Quote(P("c.parquet"))).out, r.out);
}

TEST_F(CsvCliTest, RoundTripsWithTheSchemaGivenAndInferred) {
  const std::string schema = Write("s.txt",
                                   "message m {\n  required int32 id;\n  optional binary s (STRING);\n"
                                   "  optional int32 day (DATE);\n  optional int64 ts (TIMESTAMP(MILLIS,true));\n"
                                   "  optional int64 dec (DECIMAL(12,3));\n  optional double d;\n"
                                   "  optional group l (LIST) { repeated group list { optional int32 element; } }\n}\n");
  const std::string rows =
      "{\"id\":1,\"s\":\"a,\\\"b\\\"\\nc\",\"day\":\"2024-02-29\",\"ts\":\"2024-01-02T03:04:05.006Z\",\"dec\":\"-1.250\","
      "\"d\":\"NaN\",\"l\":[1,null,3]}\n"
      "{\"id\":2,\"s\":\"\",\"day\":null,\"ts\":null,\"dec\":null,\"d\":-0.5,\"l\":[]}\n"
      "{\"id\":3,\"s\":null,\"day\":\"1970-01-01\",\"ts\":\"1970-01-01T00:00:00.000Z\",\"dec\":\"0.000\",\"d\":1e-300,"
      "\"l\":null}\n";
  ASSERT_EQ(RunParq("convert " + Quote(Write("rows.jsonl", rows)) + " " + Quote(P("a.parquet")) + " --schema " +
                    Quote(schema))
                .exit_code,
            0);
  ASSERT_EQ(RunParq("cat --format csv " + Quote(P("a.parquet")) + " > " + Quote(P("a.csv"))).exit_code, 0);
  CliRun r = RunParq("convert " + Quote(P("a.csv")) + " " + Quote(P("b.parquet")) + " --schema " + Quote(schema));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(RunParq("cat " + Quote(P("b.parquet"))).out, rows);
  // Inferred: the list column is text, the rest reads as the same values.
  r = RunParq("convert " + Quote(P("a.csv")) + " " + Quote(P("c.parquet")));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(RunParq("schema " + Quote(P("c.parquet"))).out,
            "message schema {\n  required int64 id;\n  optional binary s (STRING);\n  optional int32 day (DATE);\n"
            "  optional int64 ts (TIMESTAMP(MICROS,true));\n  optional int64 dec (DECIMAL(18,3));\n"
            "  required double d;\n  optional binary l (STRING);\n}\n");
  EXPECT_EQ(RunParq("cat --format csv " + Quote(P("c.parquet")) + " --columns id,s,day,dec,d").out,
            RunParq("cat --format csv " + Quote(P("a.parquet")) + " --columns id,s,day,dec,d").out);
}

TEST_F(CsvCliTest, BadCsvSaysLineAndColumn) {
  const std::string schema = Write("s.txt", "message m { required int64 a; optional binary b (STRING); }\n");
  auto convert = [&](const std::string& text, const std::string& flags = "") {
    return RunParq("convert " + Quote(Write("in.csv", text)) + " " + Quote(P("o.parquet")) + " " + flags);
  };
  CliRun r = convert("a,b\n1,x\n2,\"open\nstill open\n", "--schema " + Quote(schema));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("in.csv:3:3: unterminated quote"), std::string::npos) << r.out;
  r = convert("a,b\n1,x\n2,y,z\n", "--schema " + Quote(schema));
  EXPECT_NE(r.out.find("in.csv:3:5: column 3: the record has 3 cells, the header 2"), std::string::npos) << r.out;
  r = convert("a,b\n1,x\n2\n", "--schema " + Quote(schema));
  EXPECT_NE(r.out.find("in.csv:3:2: column 2: the record has 1 cells, the header 2"), std::string::npos) << r.out;
  r = convert("a,b\n1,x\n\"2\",\"y\"\n12x,z\n", "--schema " + Quote(schema));
  EXPECT_NE(r.out.find("in.csv:4:1: column 1 ('a'): field 'a': expected an integer"), std::string::npos) << r.out;
  r = convert("a,b\n1,x\"y\n", "--schema " + Quote(schema));
  EXPECT_NE(r.out.find("in.csv:2:4: a quote inside an unquoted cell"), std::string::npos) << r.out;
  // Inferred from the first record: a later one that does not fit is named.
  r = convert("a,b\n1,x\n2.5,y\n", "--infer-rows 1");
  EXPECT_NE(r.out.find("in.csv:3:1: column 1 ('a')"), std::string::npos) << r.out;
  r = convert("a,b\n1,\"" + std::string(200, 'x') + "\n" + std::string(200, 'y') + "\"\n", "--max-line-bytes 300");
  EXPECT_NE(r.out.find("in.csv:2:1: a record longer than 300 bytes"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(P("o.parquet")));
  EXPECT_EQ(convert("a,b\n1,x\n", "--schema " + Quote(schema) + " --infer-rows 5").exit_code, 2);
  EXPECT_EQ(RunParq("convert " + Quote(Write("in.jsonl", "{}\n")) + " " + Quote(P("o.parquet"))).exit_code, 2);
}

// --partition-by takes CSV as it takes JSON lines: a Hive tree whose rows
// are the CSV's, the schema inferred or given.
TEST_F(CsvCliTest, ConvertPartitionsCsvRows) {
  const std::string csv = Write("p.csv",
                                "id,region,day,amount\n1,north,2024-01-01,1.50\n2,south,2024-01-02,2.25\n"
                                "3,north,2024-01-01,\n4,,2024-01-03,4.00\n5,\"we st\",2024-01-02,5.5\n");
  CliRun r = RunParq("convert " + Quote(csv) + " " + Quote(P("inferred")) + " --partition-by region,day");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (const char* dir : {"region=north/day=2024-01-01", "region=south/day=2024-01-02", "region=we st/day=2024-01-02",
                          "region=__HIVE_DEFAULT_PARTITION__/day=2024-01-03"}) {
    EXPECT_TRUE(fs::is_directory(dir_ / "inferred" / dir)) << dir;
  }
  EXPECT_EQ(RunParq("cat " + Quote(P("inferred")) + " --where \"id <= 2\"").out,
            "{\"id\":1,\"amount\":\"1.50\",\"region\":\"north\",\"day\":\"2024-01-01\"}\n"
            "{\"id\":2,\"amount\":\"2.25\",\"region\":\"south\",\"day\":\"2024-01-02\"}\n");
  EXPECT_NE(RunParq("cat " + Quote(P("inferred"))).out.find("{\"id\":4,\"amount\":\"4.00\",\"region\":null,"),
            std::string::npos);
  // The tree as CSV (a dataset's rows: records from Value rows).
  EXPECT_EQ(RunParq("cat --format csv " + Quote(P("inferred")) + " --where \"id <= 2\"").out,
            "id,amount,region,day\r\n1,1.50,north,2024-01-01\r\n2,2.25,south,2024-01-02\r\n");
  // The schema given; one file per row at most.
  const std::string schema = Write("s.txt",
                                   "message m { required int32 id; optional binary region (STRING); "
                                   "required int32 day (DATE); optional double amount; }\n");
  r = RunParq("convert " + Quote(csv) + " " + Quote(P("given")) + " --schema " + Quote(schema) +
              " --partition-by region --max-rows-per-file 1");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir_ / "given")) files += e.is_regular_file();
  EXPECT_EQ(files, 5);
  EXPECT_EQ(RunParq("cat " + Quote(P("given")) + " --columns id,amount --where \"region = 'we st'\"").out,
            "{\"id\":5,\"amount\":5.5}\n");
  // A column the CSV lacks: an error, and no tree left.
  r = RunParq("convert " + Quote(csv) + " " + Quote(P("bad")) + " --partition-by nosuch");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_FALSE(fs::exists(P("bad")));
}

TEST_F(CsvCliTest, NoHeaderAndNullString) {
  CliRun r = RunParq("convert " + Quote(Write("t.tsv", "1\tNA\n2\tb\n")) + " " + Quote(P("o.parquet")) +
                     " --no-header --null-string NA");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(RunParq("cat " + Quote(P("o.parquet"))).out, "{\"column1\":1,\"column2\":null}\n{\"column1\":2,\"column2\":\"b\"}\n");
}

}  // namespace
