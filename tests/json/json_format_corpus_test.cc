// The expected outputs in parquet-testing/expected/data/*.jsonl were written by
// independent implementations in the canonical form of docs/rows-as-json.md.
// Every date-time and decimal string there must be a fixed point of our
// formatters: parse it back (with an independent inverse, days_from_civil)
// into the stored value, format it, and get the same text.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "json/json_format.h"
#include "json/json_value.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

// Hinnant's days_from_civil: proleptic Gregorian date → days since 1970-01-01.
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

struct Counts {
  int timestamps = 0, decimals = 0;
};

void CheckString(const std::string& s, Counts* counts) {
  static const std::regex kDateTime(R"((-?)(\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3}|\d{6}|\d{9})(Z?))");
  static const std::regex kDecimal(R"(-?\d+(\.\d+)?)");
  std::smatch m;
  if (std::regex_match(s, m, kDateTime)) {
    int64_t year = std::stoll(m[2]) * (m[1].length() ? -1 : 1);
    const int64_t days = DaysFromCivil(year, static_cast<unsigned>(std::stoi(m[3])), static_cast<unsigned>(std::stoi(m[4])));
    const int64_t secs = std::stoll(m[5]) * 3600 + std::stoll(m[6]) * 60 + std::stoll(m[7]);
    const std::string frac = m[8];
    const bool utc = m[9].length() > 0;
    std::string out;
    if (frac.size() == 9 && !utc) {
      // The INT96 form: Julian day and nanoseconds of the day.
      AppendJsonInt96(out, secs * 1000000000 + std::stoll(frac), static_cast<int32_t>(days + 2440588));
    } else {
      const JsonTimeUnit unit = frac.size() == 3 ? JsonTimeUnit::kMillis
                                : frac.size() == 6 ? JsonTimeUnit::kMicros : JsonTimeUnit::kNanos;
      const int64_t ups = frac.size() == 3 ? 1000 : frac.size() == 6 ? 1000000 : 1000000000;
      AppendJsonTimestamp(out, (days * 86400 + secs) * ups + std::stoll(frac), unit, utc);
    }
    EXPECT_EQ(out, "\"" + s + "\"");
    ++counts->timestamps;
  } else if (std::regex_match(s, m, kDecimal) && s.size() < 19) {
    const size_t dot = s.find('.');
    const int32_t scale = dot == std::string::npos ? 0 : static_cast<int32_t>(s.size() - dot - 1);
    std::string digits = s;
    if (dot != std::string::npos) digits.erase(dot, 1);
    std::string out;
    ASSERT_OK(AppendJsonDecimal(out, static_cast<int64_t>(std::stoll(digits)), scale));
    EXPECT_EQ(out, "\"" + s + "\"");
    ++counts->decimals;
  }
}

void Walk(const JsonValue& v, Counts* counts) {
  switch (v.kind) {
    case JsonValue::Kind::kString: CheckString(v.text, counts); break;
    case JsonValue::Kind::kArray:
    case JsonValue::Kind::kObject:
      for (const auto& i : v.items) Walk(i, counts);
      break;
    default: break;
  }
}

TEST(JsonFormatTest, CorpusExpectedDateTimesAndDecimalsAreFixedPoints) {
  const fs::path dir = fs::path(PARQ_SHARED_DIR) / "parquet-testing" / "expected" / "data";
  ASSERT_TRUE(fs::is_directory(dir)) << dir;
  Counts counts;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".jsonl") continue;
    SCOPED_TRACE(e.path().filename().string());
    std::ifstream f(e.path());
    std::string line;
    while (std::getline(f, line)) {
      if (line.empty()) continue;
      ASSERT_OK_AND_ASSIGN(auto row, ParseJson(line));
      Walk(row, &counts);
      if (HasFatalFailure()) return;
    }
  }
  // alltypes_* and int96_from_spark timestamps, nested_structs.rust's micros, the decimal files.
  EXPECT_GT(counts.timestamps, 10000);
  EXPECT_GT(counts.decimals, 300);
}

TEST(JsonFormatTest, CorpusVectorsFromExpectedFiles) {
  std::string s;
  // nested_structs.rust: a TIMESTAMP(MICROS, UTC) far beyond year 9999.
  AppendJsonTimestamp(s, 1608822900000000000, JsonTimeUnit::kMicros, true);
  EXPECT_EQ(s, "\"52951-07-27T10:00:00.000000Z\"");
  s.clear();
  // alltypes_plain: INT96 2009-03-01T00:01:00 (Julian day 2454892, 60 s).
  AppendJsonInt96(s, 60000000000, 2454892);
  EXPECT_EQ(s, "\"2009-03-01T00:01:00.000000000\"");
}

}  // namespace
}  // namespace parq
