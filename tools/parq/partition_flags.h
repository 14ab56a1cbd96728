// The options of `parq convert` and `parq rewrite` that write a
// Hive-partitioned directory instead of one file (parq/partitioned_writer.h):
// --partition-by COL,... --max-rows-per-file N --target-file-size BYTES
// --max-open-files N; and byte sizes as users type them (also `parq splits --size`).
#ifndef PARQ_TOOLS_PARTITION_FLAGS_H_
#define PARQ_TOOLS_PARTITION_FLAGS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "parq/partitioned_writer.h"

namespace parq::cli {

// "134217728", "128MB", "128MiB", "64KB", "1GB" (KB, MB, GB are powers of
// 1024, as Spark and Hadoop mean them); nullopt when not a size >= 1.
std::optional<int64_t> ParseByteSize(const std::string& text);

// The flag table entries.
std::vector<Flag> PartitionFlagTable();

// With --partition-by: fills *options (writer_options from `wopts`) and
// returns true; an error (a usage error) in *error.  Without it: false and
// no error; the other partition flags alone are an error.
bool ParsePartitionFlags(const Args& args, const WriterOptions& wopts, PartitionedWriterOptions* options,
                         std::string* error);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_PARTITION_FLAGS_H_
