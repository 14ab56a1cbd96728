// CSV through the C API (parq/c_api.h, "CSV"): parq_rows_open_csv gives
// `parq cat --format csv`'s records one at a time (header, delimiter, null
// text, projection, filter); parq_csv_to_parquet writes a CSV file as
// Parquet with a schema given or inferred, errors naming the line and
// column; NULLs and bad settings are errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "capi/c_api_test_util.h"
#include "parq/c_api.h"
#include "parq/csv.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using capi_test::Lines;
using capi_test::Reader;
using capi_test::RowsOf;
using capi_test::TempPath;

const std::string kAllTypes = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_plain.parquet";

TEST(CApiCsvTest, RowsAsCsvRecords) {
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  const std::vector<std::string> csv = Lines(parq_rows_open_csv(reader.r, "id,string_col,float_col", nullptr, nullptr));
  ASSERT_EQ(csv.size(), 9u);
  EXPECT_EQ(csv[0], "id,float_col,string_col");  // schema order, as parq_rows_open projects
  // Each record is CsvRowWriter's of the row's JSON, without the line end.
  const std::vector<std::string> json = RowsOf(kAllTypes, "id,string_col,float_col");
  ASSERT_EQ(json.size(), 8u);
  CsvRowWriter writer({"id", "float_col", "string_col"});
  for (size_t i = 0; i < json.size(); ++i) {
    std::string record;
    ASSERT_TRUE(writer.Append(json[i], &record).ok());
    EXPECT_EQ(csv[i + 1] + "\n", record);
  }
  EXPECT_EQ(csv[1], "4,0,MA==");  // alltypes_plain's first row: id 4, 0.0, unannotated binary "0" in base64

  // No header, another delimiter, a filter.
  parq_filter* filter = parq_filter_parse(reader.r, "id >= 6");
  ASSERT_NE(filter, nullptr) << parq_reader_last_error(reader.r);
  const parq_csv_options options = {';', 0, "NULL"};
  const std::vector<std::string> some = Lines(parq_rows_open_csv(reader.r, "id,bool_col", filter, &options));
  parq_filter_free(filter);
  EXPECT_EQ(some, (std::vector<std::string>{"6;true", "7;false"}));
}

TEST(CApiCsvTest, RowsAsCsvErrors) {
  EXPECT_EQ(parq_rows_open_csv(nullptr, nullptr, nullptr, nullptr), nullptr);
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr);
  for (char bad : {'"', '\n', '\r'}) {
    const parq_csv_options options = {bad, 1, nullptr};
    EXPECT_EQ(parq_rows_open_csv(reader.r, nullptr, nullptr, &options), nullptr);
    EXPECT_NE(std::string(parq_reader_last_error(reader.r)).find("other than a quote or a line end"),
              std::string::npos);
  }
  EXPECT_EQ(parq_rows_open_csv(reader.r, "no_such", nullptr, nullptr), nullptr);
  EXPECT_NE(std::string(parq_reader_last_error(reader.r)).find("no_such"), std::string::npos);
}

class CApiCsvFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(csv_.path) << "id,name,price,day\n"
                                "1,apple,1.50,2024-01-02\n"
                                "2,\"pear, green\",,2024-01-03\n"
                                "\n"
                                "3,\"multi\nline\",10.25,2024-01-04\n";
  }
  // Named after the test: ctest runs the tests of this fixture at once.
  static std::string Name(const char* suffix) {
    return std::string("capi_csv_") + ::testing::UnitTest::GetInstance()->current_test_info()->name() + suffix;
  }
  TempPath csv_{Name(".csv")};
  TempPath out_{Name(".parquet")};
  char error_[512] = "";
};

TEST_F(CApiCsvFileTest, ConvertsWithAnInferredSchema) {
  ASSERT_EQ(parq_csv_to_parquet(csv_.path.c_str(), out_.path.c_str(), nullptr, nullptr, 0, "codec=zstd", error_,
                                sizeof error_),
            PARQ_OK)
      << error_;
  Reader reader(out_.path);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  const char* schema = nullptr;
  ASSERT_EQ(parq_reader_schema(reader.r, &schema), PARQ_OK);
  EXPECT_EQ(std::string(schema),
            "message schema {\n  required int64 id;\n  required binary name (STRING);\n"
            "  optional int64 price (DECIMAL(18,2));\n  required int32 day (DATE);\n}\n");
  EXPECT_EQ(RowsOf(out_.path),
            (std::vector<std::string>{R"({"id":1,"name":"apple","price":"1.50","day":"2024-01-02"})",
                                      R"({"id":2,"name":"pear, green","price":null,"day":"2024-01-03"})",
                                      R"({"id":3,"name":"multi\nline","price":"10.25","day":"2024-01-04"})"}));
}

TEST_F(CApiCsvFileTest, ConvertsWithAGivenSchemaAndSettings) {
  std::ofstream(csv_.path) << "x|label\n7|-\n8|b\n";
  const parq_csv_options options = {'|', 1, "-"};
  ASSERT_EQ(parq_csv_to_parquet(csv_.path.c_str(), out_.path.c_str(),
                                "message m { optional binary label (STRING); required int32 x; }", &options, 0,
                                nullptr, error_, sizeof error_),
            PARQ_OK)
      << error_;
  EXPECT_EQ(RowsOf(out_.path), (std::vector<std::string>{R"({"label":null,"x":7})", R"({"label":"b","x":8})"}));
}

TEST_F(CApiCsvFileTest, ErrorsSayWhere) {
  std::ofstream(csv_.path) << "id\n1\n2\nthree\n";
  const char* schema = "message m { required int32 id; }";
  EXPECT_EQ(parq_csv_to_parquet(csv_.path.c_str(), out_.path.c_str(), schema, nullptr, 0, nullptr, error_,
                                sizeof error_),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(error_).find(csv_.path + ":4:1: "), std::string::npos) << error_;
  EXPECT_FALSE(fs::exists(out_.path));  // nothing left of a failed conversion
  EXPECT_EQ(parq_csv_to_parquet(csv_.path.c_str(), out_.path.c_str(), "message m {", nullptr, 0, nullptr, error_,
                                sizeof error_),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(error_).find("schema_text"), std::string::npos) << error_;
  EXPECT_EQ(parq_csv_to_parquet("/nonexistent/in.csv", out_.path.c_str(), nullptr, nullptr, 0, nullptr, error_,
                                sizeof error_),
            PARQ_ERROR_IO);
  EXPECT_EQ(parq_csv_to_parquet(nullptr, out_.path.c_str(), nullptr, nullptr, 0, nullptr, error_, sizeof error_),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(error_, "Invalid argument: parq_csv_to_parquet: csv_path is NULL");
  EXPECT_EQ(parq_csv_to_parquet(csv_.path.c_str(), nullptr, nullptr, nullptr, 0, nullptr, error_, sizeof error_),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_csv_to_parquet(csv_.path.c_str(), out_.path.c_str(), nullptr, nullptr, 0, "codec=nope", error_,
                                sizeof error_),
            PARQ_ERROR_INVALID_ARGUMENT);
  const parq_csv_options quote = {'"', 1, nullptr};
  EXPECT_EQ(parq_csv_to_parquet(csv_.path.c_str(), out_.path.c_str(), nullptr, &quote, 0, nullptr, error_,
                                sizeof error_),
            PARQ_ERROR_INVALID_ARGUMENT);
  std::ofstream(csv_.path) << "";
  EXPECT_EQ(parq_csv_to_parquet(csv_.path.c_str(), out_.path.c_str(), nullptr, nullptr, 0, nullptr, error_,
                                sizeof error_),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(error_).find("no header row"), std::string::npos) << error_;
  EXPECT_FALSE(fs::exists(out_.path));
}

}  // namespace
}  // namespace parq
