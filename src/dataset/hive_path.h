// Hive partition paths: `key=value` directory names, percent-encoded as Hive
// (and Spark, DuckDB, Arrow) write them, and the null marker.  Pure
// functions; thread-safe.
#ifndef PARQ_DATASET_HIVE_PATH_H_
#define PARQ_DATASET_HIVE_PATH_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace parq::dataset {

inline constexpr std::string_view kHiveNull = "__HIVE_DEFAULT_PARTITION__";

// `text` with every byte a directory name cannot hold safely written %XX
// (upper-case hex): the bytes of Hive's FileUtils.escapePathName — control
// bytes 0x00-0x1F, '"', '#', '%', '\'', '*', '/', ':', '=', '?', '\\', '{',
// '[', ']', '^', DEL.  Other bytes stay (UTF-8 names stay readable).
std::string PercentEncode(std::string_view text);
// %XX sequences (either case) back to their bytes; a '%' not followed by two
// hex digits stays as is.
std::string PercentDecode(std::string_view text);

// The directory name for key=value, nullopt value as __HIVE_DEFAULT_PARTITION__.
std::string PartitionSegment(std::string_view key, const std::optional<std::string>& value);
// A directory name split into key and decoded value (nullopt for the null
// marker); nullopt when it has no '=' or an empty key.
std::optional<std::pair<std::string, std::optional<std::string>>> ParsePartitionSegment(std::string_view segment);

}  // namespace parq::dataset

#endif  // PARQ_DATASET_HIVE_PATH_H_
