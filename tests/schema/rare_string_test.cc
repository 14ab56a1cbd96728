// RareString (parq/rare_string.h): a std::string's value semantics in one
// pointer, with nothing allocated for the empty text.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "parq/logical_type.h"
#include "parq/rare_string.h"

namespace parq {
namespace {

TEST(RareStringTest, ReadsAsTheTextItHolds) {
  RareString none;
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.str(), "");
  RareString crs(std::string("OGC:CRS84"));
  EXPECT_FALSE(crs.empty());
  EXPECT_EQ(crs.str(), "OGC:CRS84");
  crs.assign("");
  EXPECT_TRUE(crs.empty());
  EXPECT_EQ(sizeof(RareString), sizeof(void*));
}

TEST(RareStringTest, CopiesAreIndependentAndCompareByText) {
  RareString a(std::string("EPSG:4326"));
  RareString b = a;
  EXPECT_EQ(a, b);
  EXPECT_NE(&a.str(), &b.str());
  b.assign("EPSG:3857");
  EXPECT_EQ(a.str(), "EPSG:4326");
  EXPECT_FALSE(a == b);
  RareString c = std::move(b);
  EXPECT_EQ(c.str(), "EPSG:3857");
  a = c;
  EXPECT_EQ(a, c);
  EXPECT_EQ(RareString(), RareString(std::string()));
}

// LogicalType keeps its CRS in one: equal types compare equal, copies keep
// the text.
TEST(RareStringTest, LogicalTypeCrs) {
  const LogicalType g = LogicalType::Geography("EPSG:4326", EdgeAlgorithm::kKarney);
  const LogicalType copy = g;
  EXPECT_EQ(copy, g);
  EXPECT_EQ(copy.crs(), "EPSG:4326");
  EXPECT_NE(LogicalType::Geometry("EPSG:4326"), LogicalType::Geometry("OGC:CRS84"));
  EXPECT_EQ(LogicalType::Geometry().crs(), "");
  EXPECT_EQ(g.ToString(), "GEOGRAPHY(EPSG:4326,KARNEY)");
}

}  // namespace
}  // namespace parq
