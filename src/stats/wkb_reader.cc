// stats/wkb_reader.cc — the checking ISO WKB walk.
#include "stats/wkb_reader.h"

#include <string>

namespace parq::stats {
namespace {

class Walker {
 public:
  Walker(std::string_view wkb, WkbSink* sink)
      : begin_(reinterpret_cast<const uint8_t*>(wkb.data())), p_(begin_), end_(begin_ + wkb.size()), sink_(sink) {}

  size_t offset() const { return static_cast<size_t>(p_ - begin_); }
  size_t left() const { return static_cast<size_t>(end_ - p_); }

  Status Fail(const std::string& what) const {
    return Status::InvalidArgument("malformed WKB at byte " + std::to_string(offset()) + ": " + what);
  }

  // One geometry, its header included; `*code` gets its ISO type code.
  // `want` (when not 0) is the base type a multi geometry's child must have.
  Status Geometry(int depth, int want, int32_t* code) {
    if (depth > kMaxWkbDepth) {
      return Fail("geometries nested deeper than " + std::to_string(kMaxWkbDepth) + " levels");
    }
    if (left() < 5) return Fail("truncated geometry header (" + std::to_string(left()) + " bytes left of 5)");
    const uint8_t order = *p_;
    if (order > 1) return Fail("byte order " + std::to_string(order) + " (want 0 or 1)");
    const bool big = order == 0;
    ++p_;
    const uint32_t type = U32(big);
    if ((type & 0xE0000000u) != 0) {
      p_ -= 4;
      return Fail("EWKB type flags 0x" + Hex(type) + " (want ISO WKB type codes)");
    }
    const uint32_t base = type % 1000, dim = type / 1000;
    if (base < 1 || base > 7 || dim > 3) {
      p_ -= 4;
      return Fail("unknown geometry type code " + std::to_string(type));
    }
    if (want != 0 && static_cast<int>(base) != want) {
      p_ -= 4;
      return Fail("a child of type " + std::to_string(type) + " in a multi geometry of type " +
                  std::to_string(want + 3));
    }
    *code = static_cast<int32_t>(type);
    WkbSequence s{};
    s.has_z = dim == 1 || dim == 3;
    s.has_m = dim == 2 || dim == 3;
    s.dims = static_cast<uint8_t>(2 + s.has_z + s.has_m);
    s.big_endian = big;
    switch (static_cast<WkbGeometry>(base)) {
      case WkbGeometry::kPoint:
        s.kind = WkbSequence::Kind::kPoint;
        return Coordinates(s, 1);
      case WkbGeometry::kLineString:
        s.kind = WkbSequence::Kind::kLineString;
        return Run(s, "points");
      case WkbGeometry::kPolygon: {
        uint32_t rings;
        PARQ_RETURN_IF_ERROR(Count(big, "rings", 4, &rings));
        for (uint32_t r = 0; r < rings; ++r) {
          s.kind = r == 0 ? WkbSequence::Kind::kExteriorRing : WkbSequence::Kind::kInteriorRing;
          PARQ_RETURN_IF_ERROR(Run(s, "points"));
        }
        return Status::OK();
      }
      case WkbGeometry::kMultiPoint:
      case WkbGeometry::kMultiLineString:
      case WkbGeometry::kMultiPolygon:
      case WkbGeometry::kGeometryCollection: {
        uint32_t n;
        PARQ_RETURN_IF_ERROR(Count(big, "geometries", 5, &n));
        const int child = base == 7 ? 0 : static_cast<int>(base) - 3;
        for (uint32_t i = 0; i < n; ++i) {
          int32_t ignored;
          PARQ_RETURN_IF_ERROR(Geometry(depth + 1, child, &ignored));
        }
        return Status::OK();
      }
    }
    return Status::OK();
  }

  Status End() const {
    if (left() != 0) return Fail(std::to_string(left()) + " trailing bytes after the geometry");
    return Status::OK();
  }

 private:
  static std::string Hex(uint32_t v) {
    static const char* const kDigits = "0123456789abcdef";
    std::string out(8, '0');
    for (int i = 7; i >= 0; --i, v >>= 4) out[static_cast<size_t>(i)] = kDigits[v & 15];
    return out;
  }
  // REQUIRES: left() >= 4.
  uint32_t U32(bool big) {
    uint32_t v;
    std::memcpy(&v, p_, 4);
    p_ += 4;
    return big ? __builtin_bswap32(v) : v;
  }
  // A count of items of at least `min_item` bytes each, checked against the
  // bytes left.
  Status Count(bool big, const char* what, size_t min_item, uint32_t* n) {
    if (left() < 4) return Fail(std::string("truncated count of ") + what);
    *n = U32(big);
    if (static_cast<uint64_t>(*n) * min_item > left()) {
      p_ -= 4;
      return Fail(std::to_string(*n) + " " + what + " cannot fit in the " + std::to_string(left() - 4) +
                  " bytes left");
    }
    return Status::OK();
  }
  // A count of coordinates and then the coordinates.
  Status Run(WkbSequence s, const char* what) {
    if (left() < 4) return Fail(std::string("truncated count of ") + what);
    const uint32_t n = U32(s.big_endian);
    return Coordinates(s, n, what);
  }
  Status Coordinates(WkbSequence s, uint32_t n, const char* what = "points") {
    const uint64_t bytes = static_cast<uint64_t>(n) * s.dims * 8;
    if (bytes > left()) {
      return Fail(std::to_string(n) + " " + what + " of " + std::to_string(s.dims) +
                  " coordinates need " + std::to_string(bytes) + " bytes, " + std::to_string(left()) + " left");
    }
    s.data = p_;
    s.count = n;
    p_ += bytes;
    sink_->Sequence(s);
    return Status::OK();
  }

  const uint8_t* begin_;
  const uint8_t* p_;
  const uint8_t* end_;
  WkbSink* sink_;
};

}  // namespace

Result<int32_t> ReadWkb(std::string_view wkb, WkbSink* sink) {
  Walker w(wkb, sink);
  int32_t code = 0;
  PARQ_RETURN_IF_ERROR(w.Geometry(0, 0, &code));
  PARQ_RETURN_IF_ERROR(w.End());
  return code;
}

}  // namespace parq::stats
