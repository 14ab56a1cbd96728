// `parq verify` and `parq diff` through the C API (parq/c_api.h,
// "Inspection"): the reports' JSON is the CLI's (VerifyReportJson,
// DiffReportJson) with the finding / difference count; diff options as
// text; NULL arguments and bad options are errors.
#include <gtest/gtest.h>

#include <string>

#include "capi/c_api_test_util.h"
#include "parq/c_api.h"
#include "parq/diff.h"
#include "parq/file_reader.h"
#include "parq/verify.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using capi_test::Reader;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";
const std::string kAllTypes = kData + "alltypes_plain.parquet";
const std::string kDictionary = kData + "alltypes_dictionary.parquet";
const std::string kBad = std::string(PARQ_SHARED_DIR) + "/parquet-testing/bad_data/PARQUET-1481.parquet";

// Owns a parq_report.
struct Report {
  explicit Report(parq_report* r) : r(r) {}
  ~Report() { parq_report_free(r); }
  Report(const Report&) = delete;
  Report& operator=(const Report&) = delete;
  std::string json() const { return parq_report_json(r, nullptr); }
  parq_report* r;
};

TEST(CApiInspectTest, VerifyGivesTheCliJsonAndTheFindings) {
  char error[256];
  Report good(parq_verify_file(kAllTypes.c_str(), 0, error, sizeof error));
  ASSERT_NE(good.r, nullptr) << error;
  EXPECT_EQ(parq_report_count(good.r), 0);
  ASSERT_OK_AND_ASSIGN(VerifyReport expected, VerifyFile(kAllTypes));
  EXPECT_EQ(good.json(), VerifyReportJson(kAllTypes, expected));
  EXPECT_EQ(good.json().rfind("{\"file\":", 0), 0u) << good.json();
  EXPECT_NE(good.json().find("\"ok\":true"), std::string::npos) << good.json();
  size_t len = 0;
  EXPECT_EQ(parq_report_json(good.r, &len), parq_report_json(good.r, nullptr));  // one string, kept
  EXPECT_EQ(len, good.json().size());

  Report bad(parq_verify_file(kBad.c_str(), 1, error, sizeof error));
  ASSERT_NE(bad.r, nullptr) << error;
  VerifyOptions one_per_rule;
  one_per_rule.max_findings_per_rule = 1;
  ASSERT_OK_AND_ASSIGN(VerifyReport findings, VerifyFile(kBad, one_per_rule));
  EXPECT_GT(parq_report_count(bad.r), 0);
  EXPECT_EQ(parq_report_count(bad.r), static_cast<int64_t>(findings.findings.size()));
  EXPECT_EQ(bad.json(), VerifyReportJson(kBad, findings));
  EXPECT_NE(bad.json().find("\"ok\":false"), std::string::npos) << bad.json();
}

TEST(CApiInspectTest, VerifyErrors) {
  char error[256];
  EXPECT_EQ(parq_verify_file(nullptr, 0, error, sizeof error), nullptr);
  EXPECT_STREQ(error, "Invalid argument: parq_verify_file: path is NULL");
  EXPECT_EQ(parq_verify_file("/nonexistent/x.parquet", 0, error, sizeof error), nullptr);
  EXPECT_EQ(std::string(error).rfind("IO error: ", 0), 0u) << error;
  EXPECT_EQ(parq_report_count(nullptr), -1);
  size_t len = 7;
  EXPECT_STREQ(parq_report_json(nullptr, &len), "");
  EXPECT_EQ(len, 0u);
  parq_report_free(nullptr);
}

TEST(CApiInspectTest, DiffGivesTheCliJsonAndTheDifferences) {
  Reader a(kAllTypes), a2(kAllTypes), b(kDictionary);
  ASSERT_NE(a.r, nullptr);
  ASSERT_NE(b.r, nullptr);
  char error[256];
  Report same(parq_diff_readers(a.r, a2.r, nullptr, error, sizeof error));
  ASSERT_NE(same.r, nullptr) << error;
  EXPECT_EQ(parq_report_count(same.r), 0);
  EXPECT_EQ(same.json().rfind("{\"equal\":true,\"rows_a\":8,\"rows_b\":8,", 0), 0u) << same.json();

  ASSERT_OK_AND_ASSIGN(auto fa, FileReader::Open(kAllTypes));
  ASSERT_OK_AND_ASSIGN(auto fb, FileReader::Open(kDictionary));
  DiffOptions options;
  options.max_differences = 2;
  options.float_tolerance = 0.5;
  ASSERT_OK_AND_ASSIGN(DiffReport expected, DiffFiles(*fa, *fb, options));
  Report differ(parq_diff_readers(a.r, b.r, " max-diffs = 2 ;float_tolerance=0.5;", error, sizeof error));
  ASSERT_NE(differ.r, nullptr) << error;
  EXPECT_EQ(differ.json(), DiffReportJson(expected));
  EXPECT_EQ(parq_report_count(differ.r),
            expected.schema_differences + expected.metadata_differences + expected.row_differences);
  EXPECT_GT(parq_report_count(differ.r), 2);  // all counted, two listed
  EXPECT_NE(differ.json().find("\"equal\":false"), std::string::npos);

  options = DiffOptions();
  options.values_only = true;
  options.key = "id";
  ASSERT_OK_AND_ASSIGN(DiffReport keyed, DiffFiles(*fa, *fb, options));
  Report by_key(parq_diff_readers(a.r, b.r, "values_only;key=id", error, sizeof error));
  ASSERT_NE(by_key.r, nullptr) << error;
  EXPECT_EQ(by_key.json(), DiffReportJson(keyed));
}

TEST(CApiInspectTest, DiffErrors) {
  Reader a(kAllTypes);
  ASSERT_NE(a.r, nullptr);
  char error[256];
  EXPECT_EQ(parq_diff_readers(nullptr, a.r, nullptr, error, sizeof error), nullptr);
  EXPECT_STREQ(error, "Invalid argument: parq_diff_readers: a is NULL");
  EXPECT_EQ(parq_diff_readers(a.r, nullptr, nullptr, error, sizeof error), nullptr);
  EXPECT_STREQ(error, "Invalid argument: parq_diff_readers: b is NULL");
  EXPECT_EQ(parq_diff_readers(a.r, a.r, "colour=blue", error, sizeof error), nullptr);
  EXPECT_NE(std::string(error).find("unknown diff option 'colour'"), std::string::npos) << error;
  EXPECT_EQ(parq_diff_readers(a.r, a.r, "max_diffs=-1", error, sizeof error), nullptr);
  EXPECT_NE(std::string(error).find("'max_diffs': takes an integer >= 0, not '-1'"), std::string::npos) << error;
  EXPECT_EQ(parq_diff_readers(a.r, a.r, "float_tolerance=x", error, sizeof error), nullptr);
  EXPECT_EQ(parq_diff_readers(a.r, a.r, "values_only=maybe", error, sizeof error), nullptr);
  EXPECT_EQ(parq_diff_readers(a.r, a.r, "key=no_such", error, sizeof error), nullptr);
  EXPECT_EQ(std::string(error).rfind("Invalid argument: ", 0), 0u) << error;
  EXPECT_STREQ(parq_reader_last_error(a.r), "");  // the readers are not touched
}

}  // namespace
}  // namespace parq
