// `parq convert`'s checks of its input as a user meets them: a DECIMAL of
// more digits than its precision, invalid UTF-8 and lone surrogate escapes in
// a STRING column (refused naming the line and the field, or replaced with
// --replace-invalid-utf8), a key given twice, a schema with two fields of one
// name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;

using parq::testing::CliRun;
using parq::testing::RunParq;
using parq::testing::Stderr;
std::string Q(const std::string& s) { return parq::testing::Quote(s); }

class ConvertInputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-convert-input-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    Put(P("schema.txt"), "message m {\n  optional int64 d (DECIMAL(10,2));\n  optional binary s (STRING);\n}\n");
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string P(const std::string& name) const { return (dir_ / name).string(); }
  static void Put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  // convert rows.jsonl (holding `rows`) with `flags`.
  CliRun Convert(const std::string& rows, const std::string& flags = "", const std::string& schema = "schema.txt") {
    Put(P("rows.jsonl"), rows);
    return RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " + Q(P(schema)) +
                   (flags.empty() ? "" : " " + flags));
  }
  std::string Cat() { return RunParq("cat " + Q(P("out.parquet")), Stderr::kShown).out; }
  fs::path dir_;
};

TEST_F(ConvertInputTest, DecimalOfMoreDigitsThanThePrecisionIsRefused) {
  CliRun r = Convert("{\"d\":\"12345678.91\"}\n{\"d\":\"123456789012.34\"}\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("rows.jsonl:2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("field 'd': expected a decimal of at most 10 digits (DECIMAL(10,2))"), std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(P("out.parquet")));
  r = Convert("{\"d\":\"-99999999.99\"}\n");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(Cat(), "{\"d\":\"-99999999.99\",\"s\":null}\n");
}

TEST_F(ConvertInputTest, InvalidUtf8AndLoneSurrogatesAreRefusedNamingLineAndField) {
  CliRun r = Convert("{\"s\":\"ok\"}\n{\"s\":\"a\xFF\xFE\"}\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("rows.jsonl:2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("field 's': invalid UTF-8 at byte 1 (ff fe) of the string"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(P("out.parquet")));
  r = Convert("{\"s\":\"ok\"}\n\n{\"s\":\"\\ud800\"}\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("rows.jsonl:3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("field 's': a lone surrogate \\ud800 at byte 0 of the string"), std::string::npos) << r.out;
}

TEST_F(ConvertInputTest, ReplaceInvalidUtf8WritesUFFFD) {
  CliRun r = Convert("{\"s\":\"a\xFF\xFE\"}\n{\"s\":\"\\ud800x\"}\n", "--replace-invalid-utf8 --codec zstd");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(Cat(), "{\"d\":null,\"s\":\"a\xEF\xBF\xBD\xEF\xBF\xBD\"}\n{\"d\":null,\"s\":\"\xEF\xBF\xBDx\"}\n");
  EXPECT_EQ(Convert("{}\n", "--replace-invalid-utf8=yes").exit_code, 2);
}

TEST_F(ConvertInputTest, DuplicateKeysAndDuplicateSchemaFields) {
  CliRun r = Convert("{\"s\":\"a\",\"s\":\"b\"}\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("rows.jsonl:1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("duplicate field 's'"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("unknown field"), std::string::npos) << r.out;
  Put(P("dup.txt"), "message m {\n  optional group g {\n    optional int32 i;\n    optional int64 i;\n  }\n}\n");
  r = Convert("{}\n", "", "dup.txt");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("group 'g': duplicate field 'i'"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(P("out.parquet")));
}

}  // namespace
