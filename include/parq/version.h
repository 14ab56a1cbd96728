// parq/version.h — the library version, and the created_by string it writes.
#ifndef PARQ_VERSION_H_
#define PARQ_VERSION_H_

namespace parq {

inline constexpr const char kVersion[] = "0.1.0";
// Written into FileMetaData.created_by; readers parse "<app> version <semver>".
inline constexpr const char kCreatedBy[] = "parq version 0.1.0";

}  // namespace parq

#endif  // PARQ_VERSION_H_
