// The WKB reader (stats/wkb_reader.h) through GeospatialStatisticsBuilder,
// planar and spherical, on arbitrary bytes: every count and length is
// checked, so no input reads out of bounds or loops long; an accepted value
// gives a box whose planar bounds are ordered and whose spherical bounds lie
// in [-180, 180] x [-90, 90], and one type code; a refused one leaves the
// builder as it was.  Errors are kInvalidArgument; anything else is a bug.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_util.h"
#include "stats/geospatial_builder.h"

namespace {

using parq::fuzz::Die;

void Check(bool ok, const char* what) {
  if (!ok) Die(what);
}

void Run(std::string_view wkb, bool geography) {
  parq::stats::GeospatialStatisticsBuilder b(geography);
  const parq::Status st = b.Update(wkb);
  const parq::format::GeospatialStatistics s = b.ToFormat();
  if (!st.ok()) {
    Check(st.code() == parq::StatusCode::kInvalidArgument, "WKB error not kInvalidArgument");
    Check(b.values() == 0 && !s.bbox && s.geospatial_types->empty(), "a refused value changed the builder");
    return;
  }
  Check(b.values() == 1 && s.geospatial_types->size() == 1, "an accepted value without its one type code");
  if (!s.bbox) return;
  const auto& box = *s.bbox;
  Check(box.ymin <= box.ymax, "ymin > ymax");
  if (geography) {
    Check(box.xmin >= -180 && box.xmax <= 180 && box.xmax >= -180 && box.xmin <= 180, "longitude out of range");
    Check(box.ymin >= -90 && box.ymax <= 90, "latitude out of range");
  } else {
    Check(box.xmin <= box.xmax, "xmin > xmax");
  }
  if (box.zmin) Check(*box.zmin <= *box.zmax, "zmin > zmax");
  if (box.mmin) Check(*box.mmin <= *box.mmax, "mmin > mmax");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view wkb(reinterpret_cast<const char*>(data), size);
  Run(wkb, false);
  Run(wkb, true);
  return 0;
}
