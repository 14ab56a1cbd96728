// Shared helpers of the tests/capi suites.
#ifndef PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_
#define PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_

#include <string>

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

}  // namespace parq::capi_test

#endif  // PARQ_TESTS_CAPI_C_API_TEST_UTIL_H_
