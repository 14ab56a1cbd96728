// DuckDB reads what `parq merge`, `parq prune` and the raw path of `parq
// rewrite` write (row groups copied without decoding) as the rows of their
// inputs; and CSV both ways: `parq cat --format csv` read by DuckDB's
// read_csv equals DuckDB's read_parquet of the file, and a CSV DuckDB wrote
// (COPY ... TO 'x.csv') converted by `parq convert` (schema inferred, and
// given) reads back equal, into one file or Hive partitions.  (That the copied pages are byte for byte the
// source's is tests/tools/raw_copy_test.cc's business.)
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "testing/duckdb_capi.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::Quote;
using testing::RunParq;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

std::string Sql(const std::string& s) { return "'" + s + "'"; }

class CopyCsvDuckDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-copy-csv-duckdb-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    auto db = testing::DuckDb::Open(PARQ_DUCKDB_LIB);
    ASSERT_OK(db.status());
    db_ = std::move(*db);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string P(const std::string& name) const { return (dir_ / name).string(); }

  // Both queries give the same rows (as multisets), checked by DuckDB.
  void ExpectSameRows(const std::string& a, const std::string& b) {
    const std::string sql = "SELECT (SELECT count(*) FROM (" + a + ")) = (SELECT count(*) FROM (" + b +
                            ")) AND NOT EXISTS ((" + a + ") EXCEPT ALL (" + b + ")) AND NOT EXISTS ((" + b +
                            ") EXCEPT ALL (" + a + "))";
    ASSERT_OK_AND_ASSIGN(std::string same, db_->Scalar(sql));
    EXPECT_EQ(same, "true") << a << "\nvs\n" << b;
    ASSERT_OK_AND_ASSIGN(std::string n, db_->Scalar("SELECT count(*) FROM (" + a + ")"));
    EXPECT_NE(n, "0") << a;
  }
  void Parq(const std::string& args) {
    testing::CliRun r = RunParq(args);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.out;
  }

  fs::path dir_;
  std::unique_ptr<testing::DuckDb> db_;
};

TEST_F(CopyCsvDuckDbTest, MergePruneAndRawRewriteReadAsTheirInputs) {
  const std::string indexed = P("indexed.parquet");
  Parq("rewrite " + Quote(kData + "alltypes_tiny_pages_plain.parquet") + " " + Quote(indexed) +
       " --bloom-filter --row-group-rows 2000 --page-size 4096 --codec zstd");
  const std::string src = "SELECT * FROM read_parquet(" + Sql(indexed) + ")";
  Parq("merge " + Quote(P("merged.parquet")) + " " + Quote(indexed) + " " + Quote(indexed));
  ExpectSameRows("SELECT * FROM read_parquet(" + Sql(P("merged.parquet")) + ")", src + " UNION ALL " + src);
  Parq("rewrite " + Quote(indexed) + " " + Quote(P("raw.parquet")));
  ExpectSameRows("SELECT * FROM read_parquet(" + Sql(P("raw.parquet")) + ")", src);
  // A filter DuckDB evaluates with the copied statistics and page index.
  ExpectSameRows("SELECT id FROM read_parquet(" + Sql(P("merged.parquet")) + ") WHERE id BETWEEN 100 AND 300",
                 "SELECT id FROM (" + src + " UNION ALL " + src + ") WHERE id BETWEEN 100 AND 300");

  const std::string nested = kData + "nested_structs.rust.parquet";
  Parq("prune " + Quote(nested) + " " + Quote(P("pruned.parquet")) + " --drop-columns roll_num,PC_CUR,CVA_2012");
  ExpectSameRows("SELECT * FROM read_parquet(" + Sql(P("pruned.parquet")) + ")",
                 "SELECT * EXCLUDE (roll_num, PC_CUR, CVA_2012) FROM read_parquet(" + Sql(nested) + ")");
  Parq("merge " + Quote(P("merged2.parquet")) + " " + Quote(kData + "alltypes_plain.parquet") + " " +
       Quote(kData + "alltypes_plain.snappy.parquet"));
  ExpectSameRows("SELECT * FROM read_parquet(" + Sql(P("merged2.parquet")) + ")",
                 "SELECT * FROM read_parquet([" + Sql(kData + "alltypes_plain.parquet") + ", " +
                     Sql(kData + "alltypes_plain.snappy.parquet") + "])");
}

// A file of the types CSV carries as text: integers, doubles, booleans,
// strings that need quoting, dates, timestamps (UTC and local), decimals,
// nulls.
void WriteTypedFile(const std::string& dir, const std::string& out) {
  std::ofstream(dir + "/s.txt") << "message m {\n"
                                   "  required int32 id;\n"
                                   "  optional int64 big;\n"
                                   "  optional double d;\n"
                                   "  optional boolean b;\n"
                                   "  optional binary s (STRING);\n"
                                   "  optional int32 day (DATE);\n"
                                   "  optional int64 ts (TIMESTAMP(MICROS,true));\n"
                                   "  optional int64 lts (TIMESTAMP(MICROS,false));\n"
                                   "  optional int64 dec (DECIMAL(12,2));\n"
                                   "}\n";
  std::ofstream(dir + "/rows.jsonl")
      << R"({"id":1,"big":9007199254740993,"d":0.1,"b":true,"s":"plain","day":"2024-01-02","ts":"2024-01-02T03:04:05.123456Z","lts":"1999-12-31T23:59:59.000001","dec":"-0.05"})"
         "\n"
      << R"({"id":2,"big":-5,"d":-2.5e-10,"b":false,"s":"a, b","day":"1970-01-01","ts":"1970-01-01T00:00:00.000000Z","lts":"2024-02-29T12:00:00.000000","dec":"1234567890.12"})"
         "\n"
      << R"({"id":3,"big":null,"d":1e300,"b":null,"s":"he said \"hi\"\nthen left","day":null,"ts":null,"lts":null,"dec":null})"
         "\n"
      << R"({"id":4,"big":0,"d":3,"b":true,"s":"","day":"2000-02-29","ts":"2038-01-19T03:14:08.000000Z","lts":"1900-01-01T00:00:00.000000","dec":"0.00"})"
         "\n"
      << R"({"id":5,"big":7,"d":-0.75,"b":false,"s":null,"day":"2024-12-31","ts":"2024-06-01T12:30:00.500000Z","lts":"2024-06-01T12:30:00.500000","dec":"99.99"})"
         "\n";
  testing::CliRun r = RunParq("convert " + Quote(dir + "/rows.jsonl") + " " + Quote(out) + " --schema " + Quote(dir + "/s.txt"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
}

TEST_F(CopyCsvDuckDbTest, CatCsvReadsInDuckDbAsTheParquetFile) {
  ASSERT_OK(db_->Run("SET TimeZone='UTC'"));
  const std::string file = P("typed.parquet");
  ASSERT_NO_FATAL_FAILURE(WriteTypedFile(dir_.string(), file));
  testing::CliRun r = RunParq("cat " + Quote(file) + " --format csv > " + Quote(P("typed.csv")));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  {
    // RFC 4180's CRLF line ends (the header and the 5 records; row 3's
    // quoted cell keeps its LF).
    std::ifstream in(P("typed.csv"), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t crlf = 0;
    for (size_t at = text.find("\r\n"); at != std::string::npos; at = text.find("\r\n", at + 2)) ++crlf;
    EXPECT_EQ(crlf, 6u) << text;
    EXPECT_NE(text.find("\"he said \"\"hi\"\"\nthen left\""), std::string::npos) << text;
  }
  const std::string parquet = "SELECT * FROM read_parquet(" + Sql(file) + ")";
  // allow_quoted_nulls = false: "" is an empty string (DuckDB reads it as
  // null by default), as parq writes and reads it.
  ExpectSameRows("SELECT * FROM read_csv(" + Sql(P("typed.csv")) + ", header = true, allow_quoted_nulls = false)",
                 parquet);
  // Read with the Parquet file's own types, exactly.
  ASSERT_OK(db_->Run("CREATE TABLE t AS " + parquet + " LIMIT 0"));
  ASSERT_OK(db_->Run("COPY t FROM " + Sql(P("typed.csv")) + " (HEADER, ALLOW_QUOTED_NULLS false)"));
  ExpectSameRows("SELECT * FROM t", parquet);
  // Another delimiter, no header, a null text.
  r = RunParq("cat " + Quote(file) + " --format csv --delimiter ';' --no-header --null-string NULL > " + Quote(P("semi.csv")));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_OK(db_->Run("CREATE TABLE u AS " + parquet + " LIMIT 0"));
  ASSERT_OK(db_->Run("COPY u FROM " + Sql(P("semi.csv")) + " (DELIMITER ';', HEADER false, NULLSTR 'NULL', ALLOW_QUOTED_NULLS false)"));
  ExpectSameRows("SELECT * FROM u", parquet);
  // LF line ends (--csv-line-ending lf).
  r = RunParq("cat " + Quote(file) + " --format csv --csv-line-ending lf > " + Quote(P("lf.csv")));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_OK(db_->Run("CREATE TABLE v AS " + parquet + " LIMIT 0"));
  ASSERT_OK(db_->Run("COPY v FROM " + Sql(P("lf.csv")) + " (HEADER, ALLOW_QUOTED_NULLS false)"));
  ExpectSameRows("SELECT * FROM v", parquet);
}

TEST_F(CopyCsvDuckDbTest, ConvertReadsTheCsvDuckDbWrote) {
  ASSERT_OK(db_->Run("SET TimeZone='UTC'"));
  const std::string file = P("typed.parquet");
  ASSERT_NO_FATAL_FAILURE(WriteTypedFile(dir_.string(), file));
  const std::string parquet = "SELECT * FROM read_parquet(" + Sql(file) + ")";
  ASSERT_OK(db_->Run("COPY (" + parquet + ") TO " + Sql(P("duck.csv")) + " (HEADER)"));
  // The schema inferred from the text.
  Parq("convert " + Quote(P("duck.csv")) + " " + Quote(P("inferred.parquet")));
  ExpectSameRows("SELECT * FROM read_parquet(" + Sql(P("inferred.parquet")) + ")", parquet);
  // The schema given.
  Parq("convert " + Quote(P("duck.csv")) + " " + Quote(P("given.parquet")) + " --schema " + Quote(P("s.txt")));
  ExpectSameRows("SELECT * FROM read_parquet(" + Sql(P("given.parquet")) + ")", parquet);
  // A wider table of DuckDB's own making, more rows than the inference sample.
  ASSERT_OK(db_->Run("COPY (SELECT i, i * 0.5 AS half, 'v' || i AS name, DATE '2020-01-01' + i::INTEGER AS day, "
                     "CASE WHEN i % 7 = 0 THEN NULL ELSE i % 3 = 0 END AS flag FROM range(5000) t(i)) TO " +
                     Sql(P("range.csv")) + " (HEADER)"));
  Parq("convert " + Quote(P("range.csv")) + " " + Quote(P("range.parquet")) + " --infer-rows 100");
  ExpectSameRows("SELECT * FROM read_parquet(" + Sql(P("range.parquet")) + ")",
                 "SELECT * FROM read_csv(" + Sql(P("range.csv")) + ", header = true)");
}

// `parq convert IN.csv DIR --partition-by`: DuckDB reads the Hive tree
// (hive_partitioning) as the rows of the CSV it wrote.
TEST_F(CopyCsvDuckDbTest, CsvConvertedIntoPartitionsReadsAsTheCsv) {
  ASSERT_OK(db_->Run("COPY (SELECT i, 'v' || i AS name, i % 4 AS grp, DATE '2020-01-01' + (i % 3)::INTEGER AS day, "
                     "CASE WHEN i % 5 = 0 THEN NULL ELSE i * 0.25 END AS x FROM range(3000) t(i)) TO " +
                     Sql(P("parts.csv")) + " (HEADER)"));
  Parq("convert " + Quote(P("parts.csv")) + " " + Quote(P("parts")) + " --partition-by grp,day --max-rows-per-file 400");
  const std::string cols = "i, name, grp, day, x";
  ExpectSameRows("SELECT " + cols + " FROM read_parquet(" + Sql(P("parts") + "/**/*.parquet") +
                     ", hive_partitioning = true)",
                 "SELECT " + cols + " FROM read_csv(" + Sql(P("parts.csv")) + ", header = true)");
}

}  // namespace
}  // namespace parq
