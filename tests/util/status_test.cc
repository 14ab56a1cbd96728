#include "parq/result.h"
#include "parq/status.h"
#include "testing/status_macros.h"

#include <gtest/gtest.h>

namespace parq {
namespace {

TEST(StatusTest, OkIsEmpty) {
  Status s;
  EXPECT_OK(s);
  EXPECT_EQ(s.code(), StatusCode::kOk);
  EXPECT_EQ(s.ToString(), "OK");
  EXPECT_TRUE(s.message().empty());
  EXPECT_EQ(sizeof(Status), sizeof(void*));
}

TEST(StatusTest, ContextChainInnermostFirst) {
  Status s = Status::Corrupt("bad RLE run");
  s = std::move(s).WithPage(3).WithColumn("a.b").WithRowGroup(1).WithFileOffset(uint64_t{4096});
  EXPECT_STATUS(s, StatusCode::kCorrupt);
  EXPECT_EQ(s.ToString(),
            "Corrupt: bad RLE run (page 3, column 'a.b', row group 1, file offset 4096)");
  ASSERT_EQ(s.context().size(), 4u);
  // An offset a file stored negative prints negative, not as 2^64 - 10.
  EXPECT_EQ(Status::Corrupt("x").WithFileOffset(int64_t{-10}).ToString(), "Corrupt: x (file offset -10)");
}

TEST(StatusTest, CopyIsDeep) {
  Status a = Status::IOError("x");
  Status b = a;
  b.AddContext("more");
  EXPECT_EQ(a.context().size(), 0u);
  EXPECT_EQ(b.context().size(), 1u);
  Status ok;
  ok.AddContext("ignored");
  EXPECT_OK(ok);
}

Status FailsWith(StatusCode code) { return Status(code, "boom"); }
Status Propagates() {
  PARQ_RETURN_IF_ERROR_CTX(FailsWith(StatusCode::kLimitExceeded), "while testing");
  return Status::Internal("not reached");
}

TEST(StatusTest, ReturnIfErrorAddsContext) {
  Status s = Propagates();
  EXPECT_STATUS(s, StatusCode::kLimitExceeded);
  EXPECT_EQ(s.ToString(), "Limit exceeded: boom (while testing)");
}

Result<int> Half(int x) {
  if (x % 2) return Status::InvalidArgument("odd");
  return x / 2;
}
Result<int> Quarter(int x) {
  PARQ_ASSIGN_OR_RETURN(int h, Half(x));
  PARQ_ASSIGN_OR_RETURN(int q, Half(h));
  return q;
}

TEST(ResultTest, ValueAndError) {
  auto r = Quarter(8);
  ASSERT_OK(r);
  EXPECT_EQ(*r, 2);
  auto e = Quarter(6);
  ASSERT_NOT_OK(e);
  EXPECT_EQ(e.status().message(), "odd");
  EXPECT_EQ(std::move(e).ValueOr(-1), -1);
}

TEST(ResultTest, FromOkStatusIsInternalError) {
  Result<int> r{Status::OK()};
  EXPECT_STATUS(r, StatusCode::kInternal);
}

}  // namespace
}  // namespace parq
