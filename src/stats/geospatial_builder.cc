// stats/geospatial_builder.cc — planar and spherical bounds of WKB values.
#include "stats/geospatial_builder.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "stats/wkb_reader.h"

namespace parq::stats {
namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;
constexpr double kRadians = std::numbers::pi / 180.0;

// `a` modulo 360 into [0, 360).
double Mod360(double a) {
  double r = std::fmod(a, 360.0);
  if (r < 0) r += 360.0;
  return r >= 360.0 ? 0.0 : r;
}

// A longitude into [-180, 180] (180 stays 180; 540 becomes 180).
double WrapLongitude(double lng) {
  if (lng >= -180.0 && lng <= 180.0) return lng;
  const double r = Mod360(lng + 180.0) - 180.0;
  return r == -180.0 && lng > 0 ? 180.0 : r;
}

// The signed shortest turn from longitude a to b, in (-180, 180].
double LongitudeDelta(double a, double b) {
  double d = std::fmod(b - a, 360.0);
  if (d > 180.0) d -= 360.0;
  if (d <= -180.0) d += 360.0;
  return d;
}

struct Vec3 {
  double x, y, z;
};
Vec3 Cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
double Dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec3 UnitVector(double lng, double lat) {
  const double phi = lat * kRadians, lambda = lng * kRadians;
  return {std::cos(phi) * std::cos(lambda), std::cos(phi) * std::sin(lambda), std::sin(phi)};
}

// GEOMETRY: the vertices.
class PlanarSink final : public WkbSink {
 public:
  explicit PlanarSink(GeoBounds* b) : b_(b) {}
  void Sequence(const WkbSequence& s) override {
    for (uint32_t i = 0; i < s.count; ++i) {
      b_->x.Add(s.x(i));
      b_->y.Add(s.y(i));
      if (s.has_z) b_->z.Add(s.z(i));
      if (s.has_m) b_->m.Add(s.m(i));
    }
  }

 private:
  GeoBounds* b_;
};

// GEOGRAPHY: vertices, geodesic edges and enclosed poles.
class SphericalSink final : public WkbSink {
 public:
  explicit SphericalSink(GeoBounds* b) : b_(b) {}
  void Sequence(const WkbSequence& s) override {
    const bool edges = s.kind != WkbSequence::Kind::kPoint;
    bool have_prev = false;
    double plng = 0, plat = 0;
    double winding = 0, lat_sum = 0;
    uint32_t ring_points = 0;
    for (uint32_t i = 0; i < s.count; ++i) {
      const double x = s.x(i), y = s.y(i);
      if (s.has_z) b_->z.Add(s.z(i));
      if (s.has_m) b_->m.Add(s.m(i));
      // An infinite longitude or latitude names no place: skipped as NaN.
      constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
      const double lng = std::isfinite(x) ? WrapLongitude(x) : kNaN;
      const double lat = std::isfinite(y) ? std::clamp(y, -90.0, 90.0) : kNaN;
      if (!std::isnan(lng)) b_->lng.Add(lng);
      b_->y.Add(lat);
      if (std::isnan(lng) || std::isnan(lat)) {
        have_prev = false;  // no edge to or from a vertex without a place
        continue;
      }
      if (edges && have_prev) {
        Edge(plng, plat, lng, lat);
        winding += LongitudeDelta(plng, lng);
      }
      lat_sum += lat;
      ++ring_points;
      have_prev = true;
      plng = lng;
      plat = lat;
    }
    // A ring winding once around the pole on its side encloses it.
    if (s.kind == WkbSequence::Kind::kExteriorRing && std::fabs(winding) > 180.0) {
      b_->lng.Merge(LongitudeArc{-180.0, 360.0});
      b_->y.Add(lat_sum / ring_points >= 0 ? 90.0 : -90.0);
    }
    // A line or ring that reaches a pole takes every longitude there (S2's
    // polar closure, as DataFusion writes it); a point at a pole keeps its own.
    if (edges && (b_->y.hi >= 90.0 || b_->y.lo <= -90.0)) b_->lng.Merge(LongitudeArc{-180.0, 360.0});
  }

 private:
  // The bounds of the geodesic from (lng1, lat1) to (lng2, lat2).
  void Edge(double lng1, double lat1, double lng2, double lat2) {
    const double d = LongitudeDelta(lng1, lng2);
    if (d == 180.0 && std::fabs(lat1) != 90.0 && std::fabs(lat2) != 90.0) {
      // Ends on opposite meridians: the shorter arc runs over the pole on
      // the side of the ends (both poles when they are antipodal).
      b_->lng.Merge(LongitudeArc{-180.0, 360.0});
      if (lat1 + lat2 >= 0) b_->y.Add(90.0);
      if (lat1 + lat2 <= 0) b_->y.Add(-90.0);
      return;
    }
    if (d >= 0) {
      b_->lng.Merge(LongitudeArc{lng1, d});
    } else {
      b_->lng.Merge(LongitudeArc{lng2, -d});
    }
    const Vec3 a = UnitVector(lng1, lat1), b = UnitVector(lng2, lat2);
    const Vec3 n = Cross(a, b);
    const double horizontal = n.x * n.x + n.y * n.y;
    const double norm2 = horizontal + n.z * n.z;
    if (norm2 < 1e-30 || horizontal == 0) return;  // one point, antipodes or the equator
    // The great circle's northernmost point (z minus its component along n).
    const Vec3 top{-n.x * n.z, -n.y * n.z, horizontal};
    const double top_lat = std::asin(std::min(1.0, std::sqrt(horizontal / norm2))) * kDegrees;
    if (Dot(Cross(a, top), n) > 0 && Dot(Cross(top, b), n) > 0) b_->y.Add(top_lat);
    const Vec3 bottom{-top.x, -top.y, -top.z};
    if (Dot(Cross(a, bottom), n) > 0 && Dot(Cross(bottom, b), n) > 0) b_->y.Add(-top_lat);
  }

  GeoBounds* b_;
};

}  // namespace

void LongitudeArc::Merge(const LongitudeArc& o) {
  if (o.empty() || full()) return;
  if (empty() || o.full()) {
    *this = o;
    if (!full()) lo = lo >= 180.0 ? lo - 360.0 : lo;
    return;
  }
  const double d = Mod360(o.lo - lo);  // where o starts, east of lo
  if (d <= len) {  // o starts inside this arc
    len = std::max(len, d + o.len);
  } else {
    const double e = 360.0 - d;  // where this arc starts, east of o.lo
    if (e <= o.len) {  // this arc starts inside o
      const double l = std::max(o.len, e + len);
      lo = o.lo;
      len = l;
    } else if (d - len <= e - o.len) {  // join over the smaller gap
      len = d + o.len;
    } else {
      const double l = e + len;
      lo = o.lo;
      len = l;
    }
  }
  if (len >= 360.0) {
    lo = -180.0;
    len = 360.0;
  }
  if (lo >= 180.0) lo -= 360.0;
}

GeospatialStatistics ToPublic(const format::GeospatialStatistics& g) {
  GeospatialStatistics out;
  if (g.bbox) {
    const format::BoundingBox& b = *g.bbox;
    out.bbox = BoundingBox{b.xmin, b.xmax, b.ymin, b.ymax, b.zmin, b.zmax, b.mmin, b.mmax};
  }
  if (g.geospatial_types) out.geospatial_types = thrift::ToStdVector(*g.geospatial_types);
  return out;
}

bool GeospatialStatisticsBuilder::AppliesTo(const ColumnDescriptor& d) {
  const LogicalType::Kind k = d.logical_type.kind();
  return d.physical_type == PhysicalType::kByteArray &&
         (k == LogicalType::Kind::kGeometry || k == LogicalType::Kind::kGeography);
}

Status GeospatialStatisticsBuilder::Update(std::string_view wkb) {
  GeoBounds value;
  PlanarSink planar(&value);
  SphericalSink spherical(&value);
  WkbSink* sink = geography_ ? static_cast<WkbSink*>(&spherical) : &planar;
  Result<int32_t> code = ReadWkb(wkb, sink);
  if (!code.ok()) return code.status();
  value.types = 1u << ((*code / 1000) * 7 + *code % 1000 - 1);
  bounds_.Merge(value);
  ++values_;
  return Status::OK();
}

format::GeospatialStatistics GeospatialStatisticsBuilder::ToFormat() const {
  format::GeospatialStatistics out;
  std::vector<int32_t> codes;
  for (int bit = 0; bit < 28; ++bit) {
    if (bounds_.types & (1u << bit)) codes.push_back((bit / 7) * 1000 + bit % 7 + 1);
  }
  out.geospatial_types = thrift::ToVector(codes);
  const bool has_x = geography_ ? !bounds_.lng.empty() : !bounds_.x.empty();
  if (has_x && !bounds_.y.empty()) {
    format::BoundingBox box;
    if (geography_) {
      const LongitudeArc& a = bounds_.lng;
      if (a.full()) {
        box.xmin = -180.0;
        box.xmax = 180.0;
      } else {
        box.xmin = a.lo;
        box.xmax = a.lo + a.len > 180.0 ? a.lo + a.len - 360.0 : a.lo + a.len;
      }
    } else {
      box.xmin = bounds_.x.lo;
      box.xmax = bounds_.x.hi;
    }
    box.ymin = bounds_.y.lo;
    box.ymax = bounds_.y.hi;
    if (!bounds_.z.empty()) {
      box.zmin = bounds_.z.lo;
      box.zmax = bounds_.z.hi;
    }
    if (!bounds_.m.empty()) {
      box.mmin = bounds_.m.lo;
      box.mmax = bounds_.m.hi;
    }
    out.bbox = box;
  }
  return out;
}

}  // namespace parq::stats
