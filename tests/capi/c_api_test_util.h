// Shared helpers of the tests/capi suites.
#ifndef PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_
#define PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "parq/c_api.h"

namespace parq::capi_test {

// Owns a parq_reader for a test: r is NULL when the open failed, with the
// message in error.
struct Reader {
  explicit Reader(const std::string& path) { r = parq_reader_open(path.c_str(), error, sizeof error); }
  ~Reader() { parq_reader_close(r); }
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;
  parq_reader* r;
  char error[512];
};

// A fresh path in the test's temporary directory, removed at the end.
struct TempPath {
  explicit TempPath(const std::string& name)
      : path((std::filesystem::path(::testing::TempDir()) / name).string()) {
    std::filesystem::remove(path);
  }
  ~TempPath() { std::filesystem::remove(path); }
  std::string path;
};

// Every line of `rows` (then closed), expecting the end without an error.
inline std::vector<std::string> Lines(parq_rows* rows) {
  std::vector<std::string> out;
  EXPECT_NE(rows, nullptr);
  if (rows == nullptr) return out;
  const char* line = nullptr;
  size_t len = 0;
  int got;
  while ((got = parq_rows_next(rows, &line, &len)) == 1) out.emplace_back(line, len);
  EXPECT_EQ(got, 0) << parq_rows_last_error(rows);
  parq_rows_close(rows);
  return out;
}

// Every row of `path` through parq_rows (canonical JSON), with its columns.
inline std::vector<std::string> RowsOf(const std::string& path, const char* columns = nullptr) {
  Reader reader(path);
  EXPECT_NE(reader.r, nullptr) << reader.error;
  if (reader.r == nullptr) return {};
  parq_rows* rows = parq_rows_open(reader.r, columns);
  EXPECT_NE(rows, nullptr) << parq_reader_last_error(reader.r);
  return Lines(rows);
}

}  // namespace parq::capi_test

#endif  // PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_
