// schema/physical_type_visit.h — the one dispatch from a column's physical
// type to the C++ type its values decode to, for code templated on that type
// (column readers' callers, record assembly, tests).
//
// Thread-safety: a pure function.
#ifndef PARQ_SCHEMA_PHYSICAL_TYPE_VISIT_H_
#define PARQ_SCHEMA_PHYSICAL_TYPE_VISIT_H_

#include <cstdint>

#include "parq/types.h"

namespace parq {

// Calls f.template operator()<T>() with T the value type of `type` (bool,
// int32_t, int64_t, Int96, float, double, ByteArray, FixedLenByteArray) and
// returns what it returns.  Write f as [&]<typename T>() { ... }.
template <typename F>
decltype(auto) VisitPhysicalType(PhysicalType type, F&& f) {
  switch (type) {
    case PhysicalType::kBoolean: return f.template operator()<bool>();
    case PhysicalType::kInt32: return f.template operator()<int32_t>();
    case PhysicalType::kInt64: return f.template operator()<int64_t>();
    case PhysicalType::kInt96: return f.template operator()<Int96>();
    case PhysicalType::kFloat: return f.template operator()<float>();
    case PhysicalType::kDouble: return f.template operator()<double>();
    case PhysicalType::kByteArray: return f.template operator()<ByteArray>();
    case PhysicalType::kFixedLenByteArray: break;
  }
  return f.template operator()<FixedLenByteArray>();
}

}  // namespace parq

#endif  // PARQ_SCHEMA_PHYSICAL_TYPE_VISIT_H_
