// stats/geospatial_builder.h — GeospatialStatistics (Geospatial.md) of the
// WKB values of a GEOMETRY or GEOGRAPHY column chunk: the bounding box and
// the set of geospatial type codes.
//
// The rules kept (Geospatial.md, "Statistics"):
//   * Every non-null value adds its top-level ISO WKB type code (1..7 plus
//     1000 Z, 2000 M, 3000 ZM), empty geometries included; the list is
//     written sorted and without repeats.  Children of multi geometries and
//     collections add no codes of their own (as parquet-cpp writes them).
//   * The box takes each coordinate dimension apart: NaN coordinates (POINT
//     EMPTY is a point of NaNs) add nothing to their dimension; z and m are
//     written only when some value has a non-NaN z / m; no box at all when x
//     or y has no value.  A chunk of no values (all null) has an empty type
//     list and no box.
//   * GEOMETRY: min and max of the vertices (edges are straight lines in the
//     plane, so the vertices bound them).
//   * GEOGRAPHY: x is longitude and y latitude in degrees, on the sphere
//     (edges are geodesics; the spherical bound is also the one used for the
//     other edge algorithms, whose geodesics stay within floating-point
//     noise of it at the precision of a box).  y covers each edge's highest
//     and lowest latitude, which a great-circle arc reaches between its
//     vertices; x is the shortest arc of longitudes covering every vertex
//     and every edge (each edge spans the shorter way between its ends), so
//     it may cross the antimeridian: then xmin > xmax, as the spec allows.
//     An exterior ring whose longitudes wind once around a pole encloses it
//     (the smaller of the two regions the ring bounds, on the side of its
//     mean latitude): x is then [-180, 180] and y reaches ±90.  Longitudes
//     are wrapped into [-180, 180] and latitudes clamped to [-90, 90]; an
//     infinite one is skipped as NaN is.
//
// Update on a malformed value returns the WKB reader's error and leaves the
// builder as it was, so a caller may skip the value (a check of a file being
// read) or refuse it (a writer).
//
// Thread-safety: none; one builder per column chunk.
#ifndef PARQ_STATS_GEOSPATIAL_BUILDER_H_
#define PARQ_STATS_GEOSPATIAL_BUILDER_H_

#include <cstdint>
#include <limits>
#include <string_view>

#include "format/parquet_types.h"
#include "parq/metadata.h"
#include "parq/schema.h"
#include "parq/status.h"

namespace parq::stats {

// The bounds of one dimension (x or y of GEOMETRY, y of GEOGRAPHY, z, m).
struct Interval {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  bool empty() const { return lo > hi; }
  void Add(double v) {
    if (v < lo) lo = v;  // NaN adds nothing: both comparisons are false
    if (v > hi) hi = v;
  }
  void Merge(const Interval& o) {
    if (o.lo < lo) lo = o.lo;
    if (o.hi > hi) hi = o.hi;
  }
};

// An arc of longitudes in degrees, eastward from `lo` (in [-180, 180)) for
// `len` degrees (360: every longitude).
struct LongitudeArc {
  double lo = 0;
  double len = -1;  // < 0: empty
  bool empty() const { return len < 0; }
  bool full() const { return len >= 360; }
  // The shortest arc covering this one and `o`.
  void Merge(const LongitudeArc& o);
  void Add(double lng) { Merge(LongitudeArc{lng, 0}); }
};

struct GeoBounds {
  Interval x, y, z, m;
  LongitudeArc lng;  // GEOGRAPHY's x
  uint32_t types = 0;  // bit (code / 1000) * 7 + code % 1000 - 1 per type code seen

  void Merge(const GeoBounds& o) {
    x.Merge(o.x);
    y.Merge(o.y);
    z.Merge(o.z);
    m.Merge(o.m);
    lng.Merge(o.lng);
    types |= o.types;
  }
};

// The public form of the footer's struct (parq/metadata.h).
GeospatialStatistics ToPublic(const format::GeospatialStatistics& g);

class GeospatialStatisticsBuilder {
 public:
  // True for a BYTE_ARRAY column annotated GEOMETRY or GEOGRAPHY.
  static bool AppliesTo(const ColumnDescriptor& d);

  explicit GeospatialStatisticsBuilder(bool geography) : geography_(geography) {}
  explicit GeospatialStatisticsBuilder(const ColumnDescriptor& d)
      : GeospatialStatisticsBuilder(d.logical_type.kind() == LogicalType::Kind::kGeography) {}

  // Adds one WKB value; on malformed WKB returns kInvalidArgument and keeps
  // the builder as it was.
  Status Update(std::string_view wkb);
  void Merge(const GeospatialStatisticsBuilder& o) {
    bounds_.Merge(o.bounds_);
    values_ += o.values_;
  }
  void Reset() {
    bounds_ = GeoBounds{};
    values_ = 0;
  }
  bool geography() const { return geography_; }
  int64_t values() const { return values_; }

  format::GeospatialStatistics ToFormat() const;
  GeospatialStatistics ToPublic() const { return stats::ToPublic(ToFormat()); }

 private:
  bool geography_;
  GeoBounds bounds_;
  int64_t values_ = 0;
};

}  // namespace parq::stats

#endif  // PARQ_STATS_GEOSPATIAL_BUILDER_H_
