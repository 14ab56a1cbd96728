// CSV input of `parq convert IN.csv OUT.parquet` (docs/cli.md, "CSV"):
// records read through LineReader (a quoted cell may span lines), each cut
// into cells (parq::SplitCsvRecord), a schema given or inferred from the
// first --infer-rows records (parq::InferCsvSchema), and the rows written
// through parq::CsvRowParser and a RowWriter (or a PartitionedWriter).  Memory: a record is at most
// max_record_bytes (the lines it spans together), and the inference sample
// holds at most infer_rows records.  Errors say "IN.csv:LINE:COLUMN: ...",
// the column counted in characters from 1.
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

struct CsvInputOptions {
  CsvOptions csv;
  int64_t max_record_bytes = int64_t{64} << 20;
  int64_t infer_rows = 1000;
};

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
