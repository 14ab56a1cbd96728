// The range checks of parq/types.h: IsKnownPhysicalType and IsKnownRepetition
// accept every enumerator and nothing around them.
#include "parq/types.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace parq {
namespace {

TEST(TypesTest, IsKnownPhysicalTypeAcceptsEveryEnumeratorOnly) {
  for (PhysicalType t : {PhysicalType::kBoolean, PhysicalType::kInt32, PhysicalType::kInt64, PhysicalType::kInt96,
                         PhysicalType::kFloat, PhysicalType::kDouble, PhysicalType::kByteArray,
                         PhysicalType::kFixedLenByteArray}) {
    EXPECT_TRUE(IsKnownPhysicalType(t)) << PhysicalTypeName(t);
  }
  for (int32_t v : {-1, 8, 9, INT32_MIN, INT32_MAX}) {
    EXPECT_FALSE(IsKnownPhysicalType(static_cast<PhysicalType>(v))) << v;
  }
}

TEST(TypesTest, IsKnownRepetitionAcceptsEveryEnumeratorOnly) {
  for (Repetition r : {Repetition::kRequired, Repetition::kOptional, Repetition::kRepeated}) {
    EXPECT_TRUE(IsKnownRepetition(r)) << RepetitionName(r);
  }
  for (int32_t v : {-1, 3, INT32_MIN, INT32_MAX}) {
    EXPECT_FALSE(IsKnownRepetition(static_cast<Repetition>(v))) << v;
  }
}

}  // namespace
}  // namespace parq
