// Shared helpers of the tests/capi suites.
#ifndef PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_
#define PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

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

// A fresh path in the test's temporary directory, removed (recursively) at the
// end. ctest runs each test in its own process, several at once, and fixtures
// shared by tests use one name: the process id keeps their paths apart.
struct TempPath {
  explicit TempPath(const std::string& name)
      : path((std::filesystem::path(::testing::TempDir()) / (std::to_string(::getpid()) + "-" + name)).string()) {
    std::filesystem::remove_all(path);
  }
  ~TempPath() { std::filesystem::remove_all(path); }
  std::string path;
};

// Every row of `rows` (canonical JSON), then closes it; a NULL `rows` fails
// the test with `open_error`.
inline std::vector<std::string> Lines(parq_rows* rows, const char* open_error = "") {
  std::vector<std::string> out;
  EXPECT_NE(rows, nullptr) << open_error;
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
  return Lines(rows, parq_reader_last_error(reader.r));
}

// The batch lengths of a stream (each batch released), then the stream
// released; *children: the schema's.
inline std::vector<int64_t> Drain(ArrowArrayStream* stream, int64_t* children) {
  std::vector<int64_t> lengths;
  ArrowSchema schema;
  EXPECT_EQ(stream->get_schema(stream, &schema), 0);
  *children = schema.n_children;
  schema.release(&schema);
  ArrowArray batch;
  while (stream->get_next(stream, &batch) == 0 && batch.release != nullptr) {
    lengths.push_back(batch.length);
    batch.release(&batch);
  }
  stream->release(stream);
  return lengths;
}

}  // namespace parq::capi_test

#endif  // PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_
