// CheckWkb: whether bytes are one well-formed well-known-binary geometry
// (OGC Simple Features / ISO 13249-3, as Geospatial.md has GEOMETRY and
// GEOGRAPHY values): a byte order (0 or 1), a geometry type (1..7, with ISO
// Z / M / ZM offsets 1000 / 2000 / 3000, or the EWKB Z / M flags), then the
// coordinates, counts and nested geometries that type has, ending exactly at
// the end of the bytes.  Only the structure is checked, not the geometry
// (a ring need not close).
//
// Thread-safety: a pure function.
#ifndef PARQ_INSPECT_WKB_H_
#define PARQ_INSPECT_WKB_H_

#include <cstdint>
#include <span>

#include "parq/status.h"

namespace parq::verify_internal {

// OK, or kCorrupt saying what is wrong and at which byte.
Status CheckWkb(std::span<const uint8_t> bytes);

}  // namespace parq::verify_internal

#endif  // PARQ_INSPECT_WKB_H_
