// CSV input of `parq convert IN.csv OUT.parquet` (docs/cli.md, "CSV"):
// the rows of a parq::CsvFileReader (parq/csv.h: records, header, a schema
// given or inferred from the first --infer-rows records) written through a
// RowWriter (or a PartitionedWriter), with progress.  Errors say
// "IN.csv:LINE:COLUMN: ...", the column counted in characters from 1.
#ifndef PARQ_TOOLS_CSV_INPUT_H_
#define PARQ_TOOLS_CSV_INPUT_H_

#include <cstdint>
#include <optional>
#include <string>

#include "cli.h"
#include "parq/csv.h"
#include "parq/options.h"
#include "parq/partitioned_writer.h"
#include "parq/schema.h"

namespace parq::cli {

using CsvInputOptions = CsvFileOptions;

// --delimiter C, --no-header and --null-string TEXT into *csv (the
// delimiter kept when not given); false with *error for a delimiter that is
// not one character, or is a quote or a line end.
bool ParseCsvFlags(const Args& args, CsvOptions* csv, std::string* error);

// Writes OUT from IN.csv; `schema` null: inferred.  `partitioned` set: OUT
// is a directory of Hive partitions (parq/partitioned_writer.h), the rows
// going through a PartitionedWriter as JSON lines' rows do.
Status ConvertCsv(const std::string& in_path, const std::string& out_path, const Schema* schema,
                  const WriterOptions& wopts, const CsvInputOptions& options,
                  const PartitionedWriterOptions* partitioned = nullptr);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_CSV_INPUT_H_
