// The test assertions of testing/status_macros.h: they pass on OK, fail on an
// error, and print the status they met.
#include "testing/status_macros.h"

#include <gtest/gtest-spi.h>

namespace parq {
namespace {

Result<int> Good() { return 7; }
Result<int> Bad() { return Status::Corrupt("broken page"); }

TEST(StatusMacrosTest, PassOnOk) {
  EXPECT_OK(Status::OK());
  ASSERT_OK(Good());
  ASSERT_OK_AND_ASSIGN(int v, Good());
  EXPECT_EQ(v, 7);
  EXPECT_STATUS(Bad(), StatusCode::kCorrupt);
  EXPECT_STATUS_HAS(Bad(), StatusCode::kCorrupt, "broken");
  EXPECT_NOT_OK(Bad());
  ASSERT_NOT_OK(Status::IOError("gone"));
}

TEST(StatusMacrosTest, FailuresPrintTheStatus) {
  EXPECT_NONFATAL_FAILURE(EXPECT_OK(Bad()), "Corrupt: broken page");
  EXPECT_NONFATAL_FAILURE(EXPECT_STATUS(Good(), StatusCode::kCorrupt), "got OK");
  EXPECT_NONFATAL_FAILURE(EXPECT_STATUS(Bad(), StatusCode::kIOError), "expected IO error, got Corrupt");
  EXPECT_NONFATAL_FAILURE(EXPECT_STATUS_HAS(Bad(), StatusCode::kCorrupt, "footer"),
                          "containing \"footer\"");
  EXPECT_NONFATAL_FAILURE(EXPECT_NOT_OK(Good()), "Good(): expected an error, got OK");
}

bool reached_after_assign = false;

void AssignFromBad() {
  ASSERT_OK_AND_ASSIGN(int v, Bad());
  reached_after_assign = v >= 0;
}

TEST(StatusMacrosTest, AssignReturnsBeforeReadingAFailedResult) {
  EXPECT_FATAL_FAILURE(AssignFromBad(), "Bad() failed: Corrupt: broken page");
  EXPECT_FALSE(reached_after_assign);
}

}  // namespace
}  // namespace parq
