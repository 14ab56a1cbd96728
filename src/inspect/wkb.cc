#include "inspect/wkb.h"

#include <string>

namespace parq::verify_internal {
namespace {

constexpr int kMaxDepth = 64;

class WkbReader {
 public:
  explicit WkbReader(std::span<const uint8_t> b) : b_(b) {}

  Status Geometry(int depth, int expect_type = 0) {
    if (depth > kMaxDepth) return Fail("geometries nested deeper than " + std::to_string(kMaxDepth));
    const size_t start = pos_;
    if (pos_ >= b_.size()) return Fail("no byte order");
    const uint8_t order = b_[pos_++];
    if (order > 1) return Fail("byte order " + std::to_string(order) + " (want 0 or 1)", start);
    little_ = order == 1;
    uint32_t raw = 0;
    PARQ_RETURN_IF_ERROR(U32(&raw));
    // EWKB flags: Z 0x80000000, M 0x40000000, SRID 0x20000000 (then a 4-byte SRID).
    int dims = 2;
    if (raw & 0x80000000u) ++dims;
    if (raw & 0x40000000u) ++dims;
    if (raw & 0x20000000u) {
      uint32_t srid;
      PARQ_RETURN_IF_ERROR(U32(&srid));
    }
    uint32_t type = raw & 0x0FFFFFFFu;
    if (type >= 1000 && type < 4000) {
      dims += type / 1000 == 3 ? 2 : 1;
      type %= 1000;
    }
    if (type < 1 || type > 7) return Fail("geometry type " + std::to_string(raw), start + 1);
    if (expect_type != 0 && static_cast<int>(type) != expect_type) {
      return Fail("a geometry of type " + std::to_string(type) + " inside a collection of type " +
                  std::to_string(expect_type + 3), start + 1);
    }
    switch (type) {
      case 1: return Points(1, dims);
      case 2: return PointList(dims);
      case 3: {
        uint32_t rings;
        PARQ_RETURN_IF_ERROR(Count(&rings, 4));
        for (uint32_t i = 0; i < rings; ++i) PARQ_RETURN_IF_ERROR(PointList(dims));
        return Status::OK();
      }
      default: {  // 4..6: multi of type - 3; 7: any
        uint32_t n;
        PARQ_RETURN_IF_ERROR(Count(&n, 5));
        for (uint32_t i = 0; i < n; ++i) {
          PARQ_RETURN_IF_ERROR(Geometry(depth + 1, type == 7 ? 0 : static_cast<int>(type) - 3));
        }
        return Status::OK();
      }
    }
  }

  size_t pos() const { return pos_; }
  size_t size() const { return b_.size(); }

 private:
  Status Fail(const std::string& what, size_t at = SIZE_MAX) const {
    return Status::Corrupt("WKB: " + what + " at byte " + std::to_string(at == SIZE_MAX ? pos_ : at));
  }
  Status U32(uint32_t* out) {
    if (b_.size() - pos_ < 4) return Fail("truncated");
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const uint32_t byte = b_[pos_ + static_cast<size_t>(little_ ? i : 3 - i)];
      v |= byte << (8 * i);
    }
    pos_ += 4;
    *out = v;
    return Status::OK();
  }
  // A count of items at least `min_item_bytes` long each, bounded by what is left.
  Status Count(uint32_t* n, size_t min_item_bytes) {
    PARQ_RETURN_IF_ERROR(U32(n));
    if (uint64_t{*n} * min_item_bytes > b_.size() - pos_) {
      return Fail("a count of " + std::to_string(*n) + " past the end of the value");
    }
    return Status::OK();
  }
  Status Points(uint64_t n, int dims) {
    const uint64_t bytes = n * static_cast<uint64_t>(dims) * 8;
    if (bytes > b_.size() - pos_) return Fail("truncated coordinates");
    pos_ += bytes;
    return Status::OK();
  }
  Status PointList(int dims) {
    uint32_t n;
    PARQ_RETURN_IF_ERROR(Count(&n, static_cast<size_t>(dims) * 8));
    return Points(n, dims);
  }

  std::span<const uint8_t> b_;
  size_t pos_ = 0;
  bool little_ = true;
};

}  // namespace

Status CheckWkb(std::span<const uint8_t> bytes) {
  WkbReader r(bytes);
  PARQ_RETURN_IF_ERROR(r.Geometry(0));
  if (r.pos() != r.size()) {
    return Status::Corrupt("WKB: " + std::to_string(r.size() - r.pos()) + " bytes after the geometry (it ends at byte " +
                           std::to_string(r.pos()) + ")");
  }
  return Status::OK();
}

}  // namespace parq::verify_internal
