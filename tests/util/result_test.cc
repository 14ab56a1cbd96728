// Result<T> misuse: value(), ValueOrDie(), * and -> on an error Result abort
// with the status (and, for value() and ValueOrDie(), the caller's file:line)
// instead of reading an empty optional.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>

#include "parq/result.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

struct Point {
  int x = 0;
};

Result<int> Bad() { return Status(Status::Corrupt("bad page").WithPage(3)); }
Result<Point> BadPoint() { return Status::IOError("disk gone"); }

// "threadsafe" death tests re-execute the binary for the statement, safe
// whatever threads other tests left behind.
void ThreadsafeDeathTests() { GTEST_FLAG_SET(death_test_style, "threadsafe"); }

// A regex for the abort message of `what` called at this file's `line`.
std::string AtLine(const std::string& what, int line) {
  return "parq: Result::" + what + " on an error at [^ ]*result_test\\.cc:" + std::to_string(line) +
         " \\(in .*\\): Corrupt: bad page \\(page 3\\)";
}

TEST(ResultTest, OkPathReturnsTheValue) {
  Result<int> r = 5;
  EXPECT_EQ(r.value(), 5);
  EXPECT_EQ(r.ValueOrDie(), 5);
  EXPECT_EQ(*r, 5);
  const Result<Point> p = Point{7};
  EXPECT_EQ(p->x, 7);
  EXPECT_EQ(p.value().x, 7);
  Result<std::unique_ptr<int>> owned = std::make_unique<int>(9);
  std::unique_ptr<int> moved = std::move(owned).ValueOrDie();
  ASSERT_NE(moved, nullptr);
  EXPECT_EQ(*moved, 9);
}

TEST(ResultTest, ValueOnErrorAbortsNamingTheCaller) {
  ThreadsafeDeathTests();
  Result<int> r = Bad();
  EXPECT_DEATH((void)r.value(), AtLine("value\\(\\)", __LINE__));
  const Result<int>& cr = r;
  EXPECT_DEATH((void)cr.value(), AtLine("value\\(\\)", __LINE__));
  EXPECT_DEATH((void)std::move(r).value(), AtLine("value\\(\\)", __LINE__));
}

TEST(ResultTest, ValueOrDieOnErrorAbortsNamingTheCaller) {
  ThreadsafeDeathTests();
  Result<int> r = Bad();
  EXPECT_DEATH((void)r.ValueOrDie(), AtLine("ValueOrDie\\(\\)", __LINE__));
  EXPECT_DEATH((void)std::move(r).ValueOrDie(), AtLine("ValueOrDie\\(\\)", __LINE__));
}

TEST(ResultTest, OperatorsOnErrorAbortWithTheStatus) {
  ThreadsafeDeathTests();
  Result<int> r = Bad();
  EXPECT_DEATH((void)*r, "parq: Result::operator\\* on an error: Corrupt: bad page \\(page 3\\)");
  Result<Point> p = BadPoint();
  EXPECT_DEATH((void)p->x, "parq: Result::operator-> on an error: IO error: disk gone");
  const Result<Point>& cp = p;
  EXPECT_DEATH((void)cp->x, "parq: Result::operator-> on an error: IO error: disk gone");
  EXPECT_DEATH((void)(*cp).x, "parq: Result::operator\\* on an error: IO error: disk gone");
}

// The error path keeps working as before: the status, ValueOr, and
// PARQ_ASSIGN_OR_RETURN never touch the missing value.
Result<int> PlusOne(Result<int> in) {
  PARQ_ASSIGN_OR_RETURN(int v, std::move(in));
  return v + 1;
}

TEST(ResultTest, ErrorPathNeverReadsTheValue) {
  EXPECT_STATUS_HAS(PlusOne(Bad()), StatusCode::kCorrupt, "bad page");
  ASSERT_OK_AND_ASSIGN(int two, PlusOne(1));
  EXPECT_EQ(two, 2);
  EXPECT_EQ(Bad().ValueOr(-1), -1);
}

}  // namespace
}  // namespace parq
