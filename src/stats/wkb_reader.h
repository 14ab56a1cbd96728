// stats/wkb_reader.h — a checking walk over one ISO WKB geometry (the value
// of a GEOMETRY / GEOGRAPHY column, Geospatial.md): its type code and every
// coordinate sequence it holds, handed to a sink.
//
// Accepted: the OGC Simple Features WKB of points, linestrings, polygons,
// multipoints, multilinestrings, multipolygons and geometry collections, in
// XY, XYZ, XYM and XYZM by the ISO type codes (base + 1000 Z, 2000 M, 3000
// ZM), each geometry with its own byte order (0 big, 1 little endian).
// Refused with kInvalidArgument and a sentence saying what and at which byte:
// an unknown byte order or type code, EWKB (the 0x80000000 / 0x40000000 /
// 0x20000000 flag bits of PostGIS), a count whose items cannot fit in the
// bytes left (checked before any loop, so a huge count costs nothing), a
// child of a multi geometry of another type, nesting deeper than
// kMaxWkbDepth, a truncated value and trailing bytes.
//
// An empty geometry is a count of 0, or for a point all coordinates NaN
// (POINT EMPTY); the sink sees its (empty or NaN) sequence all the same.
//
// Thread-safety: stateless functions; a sink is the caller's.
#ifndef PARQ_STATS_WKB_READER_H_
#define PARQ_STATS_WKB_READER_H_

#include <cstdint>
#include <cstring>
#include <string_view>

#include "parq/result.h"

namespace parq::stats {

// Geometry collections nested deeper than this are refused (each level costs
// a stack frame of the walk).
inline constexpr int kMaxWkbDepth = 64;

enum class WkbGeometry : uint8_t {
  kPoint = 1,
  kLineString = 2,
  kPolygon = 3,
  kMultiPoint = 4,
  kMultiLineString = 5,
  kMultiPolygon = 6,
  kGeometryCollection = 7,
};

// A run of `count` coordinates of `dims` doubles each (x, y, then z and/or
// m), in the byte order of the geometry holding them.
struct WkbSequence {
  enum class Kind : uint8_t { kPoint, kLineString, kExteriorRing, kInteriorRing };
  const uint8_t* data;
  uint32_t count;
  uint8_t dims;  // 2, 3 or 4
  bool has_z;
  bool has_m;
  bool big_endian;
  Kind kind;

  // REQUIRES: i < count, d < dims.
  double at(uint32_t i, int d) const {
    const uint8_t* p = data + (static_cast<size_t>(i) * dims + static_cast<size_t>(d)) * 8;
    uint64_t bits;
    std::memcpy(&bits, p, 8);
    if (big_endian) bits = __builtin_bswap64(bits);
    double v;
    std::memcpy(&v, &bits, 8);
    return v;
  }
  double x(uint32_t i) const { return at(i, 0); }
  double y(uint32_t i) const { return at(i, 1); }
  // REQUIRES: has_z / has_m.
  double z(uint32_t i) const { return at(i, 2); }
  double m(uint32_t i) const { return at(i, has_z ? 3 : 2); }
};

class WkbSink {
 public:
  virtual ~WkbSink() = default;
  virtual void Sequence(const WkbSequence& s) = 0;
};

// Walks `wkb`, calling sink->Sequence for each coordinate run in order, and
// returns the top-level geometry's ISO type code (1..7 plus 1000, 2000 or
// 3000).  On an error the sink may have seen part of the value.
Result<int32_t> ReadWkb(std::string_view wkb, WkbSink* sink);

}  // namespace parq::stats

#endif  // PARQ_STATS_WKB_READER_H_
