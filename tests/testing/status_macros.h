// testing/status_macros.h — GoogleTest assertions over parq::Status and
// parq::Result<T> that print the error they meet.
//
//   ASSERT_OK(writer->Close());                    // Status or Result<T>
//   EXPECT_OK(reader->Skip(10));
//   ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
//   EXPECT_STATUS(FileReader::Open(bad), StatusCode::kCorrupt);
//   EXPECT_STATUS_HAS(r, StatusCode::kCorrupt, "page header");
//   EXPECT_NOT_OK(DecodeStrings(truncated));      // any error: the code is free
//
// A failure prints the expression and the whole status ("Corrupt: … (page 3,
// column 'a')"), so that no test spells out `<< st.ToString()` by hand.
// ASSERT_OK_AND_ASSIGN returns from the test on error, so the value is never
// read from a failed Result.
#ifndef PARQ_TESTS_TESTING_STATUS_MACROS_H_
#define PARQ_TESTS_TESTING_STATUS_MACROS_H_

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>

#include "parq/result.h"
#include "parq/status.h"

namespace parq::testing {

inline Status StatusOf(const Status& s) { return s; }
template <typename T>
Status StatusOf(const Result<T>& r) {
  return r.ok() ? Status::OK() : r.status();
}

inline ::testing::AssertionResult IsOk(const char* expr, const Status& s) {
  if (s.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << " failed: " << s.ToString();
}

inline ::testing::AssertionResult IsError(const char* expr, const Status& s) {
  if (!s.ok()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << ": expected an error, got OK";
}

inline ::testing::AssertionResult HasStatus(const char* expr, const Status& s, StatusCode code) {
  if (!s.ok() && s.code() == code) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << expr << ": expected " << StatusCodeName(code) << ", got "
         << (s.ok() ? std::string("OK") : s.ToString());
}

inline ::testing::AssertionResult HasStatusWith(const char* expr, const Status& s, StatusCode code,
                                                std::string_view text) {
  if (!s.ok() && s.code() == code && s.ToString().find(text) != std::string::npos) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << expr << ": expected " << StatusCodeName(code) << " containing \"" << text
         << "\", got " << (s.ok() ? std::string("OK") : s.ToString());
}

}  // namespace parq::testing

// GTEST_ASSERT_ is GoogleTest's own building block for EXPECT_ and ASSERT_;
// it lets the message name the caller's expression rather than ours.
#define PARQ_TEST_ASSERT_(result, on_failure) GTEST_ASSERT_(result, on_failure)

#define EXPECT_OK(expr) \
  PARQ_TEST_ASSERT_(::parq::testing::IsOk(#expr, ::parq::testing::StatusOf(expr)), GTEST_NONFATAL_FAILURE_)
#define ASSERT_OK(expr) \
  PARQ_TEST_ASSERT_(::parq::testing::IsOk(#expr, ::parq::testing::StatusOf(expr)), GTEST_FATAL_FAILURE_)

// Any error, for a test that does not pin the code (prefer EXPECT_STATUS).
#define EXPECT_NOT_OK(expr) \
  PARQ_TEST_ASSERT_(::parq::testing::IsError(#expr, ::parq::testing::StatusOf(expr)), GTEST_NONFATAL_FAILURE_)
#define ASSERT_NOT_OK(expr) \
  PARQ_TEST_ASSERT_(::parq::testing::IsError(#expr, ::parq::testing::StatusOf(expr)), GTEST_FATAL_FAILURE_)

// The error code of a Status or Result, and optionally a piece of its text
// (message or context).
#define EXPECT_STATUS(expr, code)                                                            \
  PARQ_TEST_ASSERT_(::parq::testing::HasStatus(#expr, ::parq::testing::StatusOf(expr), code), \
                    GTEST_NONFATAL_FAILURE_)
#define ASSERT_STATUS(expr, code)                                                            \
  PARQ_TEST_ASSERT_(::parq::testing::HasStatus(#expr, ::parq::testing::StatusOf(expr), code), \
                    GTEST_FATAL_FAILURE_)
#define EXPECT_STATUS_HAS(expr, code, text)                                                 \
  PARQ_TEST_ASSERT_(                                                                        \
      ::parq::testing::HasStatusWith(#expr, ::parq::testing::StatusOf(expr), code, text),   \
      GTEST_NONFATAL_FAILURE_)
#define ASSERT_STATUS_HAS(expr, code, text)                                                 \
  PARQ_TEST_ASSERT_(                                                                        \
      ::parq::testing::HasStatusWith(#expr, ::parq::testing::StatusOf(expr), code, text),   \
      GTEST_FATAL_FAILURE_)

#define PARQ_TEST_CONCAT_INNER_(a, b) a##b
#define PARQ_TEST_CONCAT_(a, b) PARQ_TEST_CONCAT_INNER_(a, b)
#define ASSERT_OK_AND_ASSIGN_IMPL_(tmp, lhs, rexpr)                                  \
  auto tmp = (rexpr);                                                                \
  PARQ_TEST_ASSERT_(::parq::testing::IsOk(#rexpr, ::parq::testing::StatusOf(tmp)),    \
                    GTEST_FATAL_FAILURE_);                                           \
  lhs = std::move(tmp).value()

// Evaluates `rexpr` (a Result<T>); on error fails the test and returns from
// it, else assigns the value to `lhs` (which may declare a variable).
#define ASSERT_OK_AND_ASSIGN(lhs, rexpr) \
  ASSERT_OK_AND_ASSIGN_IMPL_(PARQ_TEST_CONCAT_(_parq_test_result_, __LINE__), lhs, rexpr)

#endif  // PARQ_TESTS_TESTING_STATUS_MACROS_H_
