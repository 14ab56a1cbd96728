// The WKB reader (stats/wkb_reader.h) and GeospatialStatisticsBuilder: type
// codes, planar and spherical boxes, NaN and empty geometries, and hostile
// WKB ending in clear errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "stats/geospatial_builder.h"
#include "stats/wkb_reader.h"
#include "stats/wkb_test_util.h"
#include "testing/status_macros.h"

namespace parq::stats {
namespace {

using parq::testing::WkbPoint;
using parq::testing::WkbWriter;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

format::GeospatialStatistics Compute(const std::vector<std::string>& values, bool geography = false) {
  GeospatialStatisticsBuilder b(geography);
  for (const auto& v : values) EXPECT_OK(b.Update(v));
  return b.ToFormat();
}

std::vector<int32_t> Types(const format::GeospatialStatistics& s) {
  return s.geospatial_types ? thrift::ToStdVector(*s.geospatial_types) : std::vector<int32_t>{};
}

TEST(GeospatialStatisticsBuilderTest, PointsGiveTheirBoxAndType) {
  auto s = Compute({WkbPoint(30, 10), WkbPoint(-5, 40)});
  EXPECT_EQ(Types(s), (std::vector<int32_t>{1}));
  ASSERT_TRUE(s.bbox);
  EXPECT_EQ(s.bbox->xmin, -5);
  EXPECT_EQ(s.bbox->xmax, 30);
  EXPECT_EQ(s.bbox->ymin, 10);
  EXPECT_EQ(s.bbox->ymax, 40);
  EXPECT_FALSE(s.bbox->zmin);
  EXPECT_FALSE(s.bbox->mmin);
}

TEST(GeospatialStatisticsBuilderTest, EveryDimensionAndByteOrder) {
  const std::string line_z_big = WkbWriter(true).LineString(1002, 3, {1, 2, 3, 4, 5, 6}).str();
  const std::string point_m = WkbWriter().Point(2001, {7, 8, 900}).str();
  const std::string point_zm_big = WkbWriter(true).Point(3001, {-1, -2, -3, -4}).str();
  auto s = Compute({line_z_big, point_m, point_zm_big});
  EXPECT_EQ(Types(s), (std::vector<int32_t>{1002, 2001, 3001}));
  ASSERT_TRUE(s.bbox);
  EXPECT_EQ(s.bbox->xmin, -1);
  EXPECT_EQ(s.bbox->xmax, 7);
  EXPECT_EQ(s.bbox->ymin, -2);
  EXPECT_EQ(s.bbox->ymax, 8);
  EXPECT_EQ(s.bbox->zmin, -3);
  EXPECT_EQ(s.bbox->zmax, 6);
  EXPECT_EQ(s.bbox->mmin, -4);
  EXPECT_EQ(s.bbox->mmax, 900);
}

TEST(GeospatialStatisticsBuilderTest, PolygonsMultiGeometriesAndCollectionsAddOnlyTheirOwnCode) {
  WkbWriter polygon;
  polygon.Header(3).U32(2).U32(4).Coords({0, 0, 10, 0, 10, 10, 0, 0}).U32(3).Coords({1, 1, 2, 1, 1, 1});
  WkbWriter multi;
  multi.Header(4).U32(2).Point(1, {-3, 4}).Point(1, {5, 6});
  WkbWriter collection(true);
  collection.Header(7).U32(2).Raw(multi.str()).Header(7).U32(1).Raw(polygon.str());
  auto s = Compute({collection.str()});
  EXPECT_EQ(Types(s), (std::vector<int32_t>{7}));
  ASSERT_TRUE(s.bbox);
  EXPECT_EQ(s.bbox->xmin, -3);
  EXPECT_EQ(s.bbox->xmax, 10);
  EXPECT_EQ(s.bbox->ymin, 0);
  EXPECT_EQ(s.bbox->ymax, 10);
  s = Compute({polygon.str(), multi.str()});
  EXPECT_EQ(Types(s), (std::vector<int32_t>{3, 4}));
}

TEST(GeospatialStatisticsBuilderTest, NaNAndEmptyGeometriesAddTheirTypeButNoCoordinates) {
  // POINT EMPTY, LINESTRING EMPTY, POLYGON EMPTY, POINT Z (1 NaN NaN).
  const std::string point_empty = WkbPoint(kNaN, kNaN);
  const std::string line_empty = WkbWriter().Header(2).U32(0).str();
  const std::string polygon_empty = WkbWriter().Header(3).U32(0).str();
  auto s = Compute({point_empty, line_empty, polygon_empty});
  EXPECT_EQ(Types(s), (std::vector<int32_t>{1, 2, 3}));
  EXPECT_FALSE(s.bbox);  // no x and no y

  // x alone is not a box; with another value's y it is, and z comes only
  // from non-NaN z values.
  const std::string x_only = WkbWriter().Point(1001, {1, kNaN, kNaN}).str();
  s = Compute({x_only});
  EXPECT_FALSE(s.bbox);
  s = Compute({x_only, WkbWriter().Point(1001, {kNaN, 5, 7}).str()});
  ASSERT_TRUE(s.bbox);
  EXPECT_EQ(s.bbox->xmin, 1);
  EXPECT_EQ(s.bbox->xmax, 1);
  EXPECT_EQ(s.bbox->ymin, 5);
  EXPECT_EQ(s.bbox->zmin, 7);
  EXPECT_EQ(Types(s), (std::vector<int32_t>{1001}));
}

TEST(GeospatialStatisticsBuilderTest, NoValuesGiveAnEmptyTypeListAndNoBox) {
  auto s = GeospatialStatisticsBuilder(false).ToFormat();
  ASSERT_TRUE(s.geospatial_types);
  EXPECT_TRUE(s.geospatial_types->empty());
  EXPECT_FALSE(s.bbox);
}

// Hostile WKB: each ends in kInvalidArgument naming what is wrong, and the
// builder stays as it was.
TEST(GeospatialStatisticsBuilderTest, MalformedWkbIsRefusedAndLeavesTheBuilderAsItWas) {
  GeospatialStatisticsBuilder b(false);
  ASSERT_OK(b.Update(WkbPoint(1, 2)));
  const std::string point = WkbPoint(3, 4);
  struct Case {
    std::string wkb;
    const char* text;
  };
  WkbWriter deep;
  for (int i = 0; i <= kMaxWkbDepth; ++i) deep.Header(7).U32(1);
  deep.Raw(point);
  const std::vector<Case> cases = {
      {"", "truncated geometry header"},
      {point.substr(0, 12), "1 points of 2 coordinates need 16 bytes, 7 left"},
      {std::string("\x02") + point.substr(1), "byte order 2"},
      {WkbWriter().Header(0x20000001).Coords({1, 2}).str(), "EWKB type flags 0x20000001"},
      {WkbWriter().Header(8).str(), "unknown geometry type code 8"},
      {WkbWriter().Header(4001).str(), "unknown geometry type code 4001"},
      {WkbWriter().Header(2).U32(0xFFFFFFFFu).str(), "4294967295 points of 2 coordinates need"},
      {WkbWriter().Header(3).U32(0x40000000u).str(), "1073741824 rings cannot fit"},
      {WkbWriter().Header(7).U32(0xFFFFFFFFu).Raw(point).str(), "4294967295 geometries cannot fit"},
      {WkbWriter().Header(2).str(), "truncated count of points"},
      {WkbWriter().Header(4).U32(1).Header(2).U32(0).str(), "a child of type 2 in a multi geometry of type 4"},
      {deep.str(), "nested deeper than 64 levels"},
      {point + "x", "1 trailing bytes after the geometry"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_STATUS_HAS(b.Update(c.wkb), StatusCode::kInvalidArgument, c.text);
  }
  EXPECT_EQ(b.values(), 1);
  auto s = b.ToFormat();
  ASSERT_TRUE(s.bbox);
  EXPECT_EQ(s.bbox->xmax, 1);
  EXPECT_EQ(Types(s), (std::vector<int32_t>{1}));

  // Nesting up to the limit is fine.
  WkbWriter ok;
  for (int i = 0; i < kMaxWkbDepth; ++i) ok.Header(7).U32(1);
  ok.Raw(point);
  EXPECT_OK(b.Update(ok.str()));
}

TEST(GeospatialStatisticsBuilderTest, ErrorsSayAtWhichByte) {
  const std::string wkb = WkbWriter().Header(1).str();
  GeospatialStatisticsBuilder b(false);
  EXPECT_STATUS_HAS(b.Update(wkb), StatusCode::kInvalidArgument, "malformed WKB at byte 5:");
}

// GEOGRAPHY: longitudes on a circle, geodesic edges.
TEST(GeospatialStatisticsBuilderTest, GeographyBoxCrossesTheAntimeridianWhenShorter) {
  auto s = Compute({WkbPoint(170, 1), WkbPoint(-175, 2)}, /*geography=*/true);
  ASSERT_TRUE(s.bbox);
  EXPECT_EQ(s.bbox->xmin, 170);
  EXPECT_EQ(s.bbox->xmax, -175);
  // An edge from 170 to -170 spans the antimeridian, not the 340 degrees
  // the other way; planar GEOMETRY keeps the plain min and max.
  const std::string edge = WkbWriter().LineString(2, 2, {170, 0, -170, 0}).str();
  s = Compute({edge}, true);
  EXPECT_EQ(s.bbox->xmin, 170);
  EXPECT_EQ(s.bbox->xmax, -170);
  s = Compute({edge}, false);
  EXPECT_EQ(s.bbox->xmin, -170);
  EXPECT_EQ(s.bbox->xmax, 170);
  // Longitudes outside [-180, 180] are wrapped; infinite ones skipped.
  s = Compute({WkbPoint(190, 0)}, true);
  EXPECT_EQ(s.bbox->xmin, -170);
  const double inf = std::numeric_limits<double>::infinity();
  s = Compute({WkbPoint(inf, 1), WkbPoint(5, -inf), WkbPoint(2, 3)}, true);
  ASSERT_TRUE(s.bbox);
  EXPECT_EQ(s.bbox->xmin, 2);
  EXPECT_EQ(s.bbox->xmax, 5);
  EXPECT_EQ(s.bbox->ymin, 1);
  EXPECT_EQ(s.bbox->ymax, 3);
}

TEST(GeospatialStatisticsBuilderTest, GeographyEdgesBulgeTowardThePole) {
  // The geodesic from (0, 60) to (90, 60) peaks at asin(sqrt(6/7)).
  const std::string edge = WkbWriter().LineString(2, 2, {0, 60, 90, 60}).str();
  auto s = Compute({edge}, true);
  ASSERT_TRUE(s.bbox);
  EXPECT_NEAR(s.bbox->ymax, std::asin(std::sqrt(6.0 / 7.0)) * 180 / std::numbers::pi, 1e-12);
  EXPECT_EQ(s.bbox->ymin, 60);
  EXPECT_EQ(s.bbox->xmin, 0);
  EXPECT_EQ(s.bbox->xmax, 90);
  // Its mirror in the south bulges south.
  s = Compute({WkbWriter().LineString(2, 2, {0, -60, 90, -60}).str()}, true);
  EXPECT_NEAR(s.bbox->ymin, -std::asin(std::sqrt(6.0 / 7.0)) * 180 / std::numbers::pi, 1e-12);
  EXPECT_EQ(s.bbox->ymax, -60);
  // Ends on opposite meridians: the edge runs over the pole.
  s = Compute({WkbWriter().LineString(2, 2, {0, 10, 180, 20}).str()}, true);
  EXPECT_EQ(s.bbox->ymax, 90);
  EXPECT_EQ(s.bbox->xmin, -180);
  EXPECT_EQ(s.bbox->xmax, 180);
}

TEST(GeospatialStatisticsBuilderTest, GeographyRingAroundAPoleEnclosesIt) {
  WkbWriter cap;
  cap.Header(3).U32(1).U32(5).Coords({0, 80, 90, 80, 180, 80, -90, 80, 0, 80});
  auto s = Compute({cap.str()}, true);
  ASSERT_TRUE(s.bbox);
  EXPECT_EQ(s.bbox->xmin, -180);
  EXPECT_EQ(s.bbox->xmax, 180);
  EXPECT_EQ(s.bbox->ymax, 90);
  EXPECT_EQ(s.bbox->ymin, 80);
  // The same ring as a linestring encloses nothing.
  s = Compute({WkbWriter().LineString(2, 2, {0, 80, 90, 80, 180, 80, -90, 80, 0, 80}).str()}, true);
  EXPECT_LT(s.bbox->ymax, 90);
}

TEST(LongitudeArcTest, MergeKeepsTheShortestCover) {
  LongitudeArc a;
  a.Add(10);
  a.Add(20);
  EXPECT_EQ(a.lo, 10);
  EXPECT_EQ(a.len, 10);
  a.Add(15);
  EXPECT_EQ(a.len, 10);
  a.Add(-170);  // 180 east of 10 or 170 west of 20... west side: [-170, 20] = 190; east: [10, 190] = 180
  EXPECT_EQ(a.lo, 10);
  EXPECT_EQ(a.len, 180);
  a.Merge(LongitudeArc{150, 230});
  EXPECT_TRUE(a.full());
  EXPECT_EQ(a.lo, -180);
}

}  // namespace
}  // namespace parq::stats
