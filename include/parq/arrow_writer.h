// parq/arrow_writer.h — writing an Arrow C Stream (ArrowArrayStream of
// record batches, parq/arrow_c.h) as a Parquet file.
//
//   struct ArrowArrayStream stream = ...;             // from DuckDB, Polars, Arrow C++, ...
//   PARQ_RETURN_IF_ERROR(parq::WriteArrowStream(&stream, "out.parquet", options));
//
// The stream's schema (a struct, one field per column) maps to a Parquet
// schema by the table of docs/arrow.md ("Writing from Arrow"); every batch is
// handed to a ColumnarWriter (parq/columnar_writer.h) without copying the
// values, except where the types differ (int8/int16 widened, date64 to days,
// seconds to milliseconds, decimals to their Parquet width, intervals,
// dictionary arrays and string views gathered).  Row groups end by the
// WriterOptions (row_group_size, max_rows_per_row_group), not by batches.
//
// Hostile input is checked like a hostile Parquet file: every length, offset,
// child count, buffer count and dictionary index before it is used.  The
// Arrow C interface gives no buffer sizes, so a buffer is trusted to be as
// long as its array's offset + length (and its offsets) say.
//
// Errors: kUnsupported for an Arrow type with no Parquet form (unions,
// run-end encoded, list views, ...), kInvalidArgument for a NULL or released
// stream and for malformed arrays (naming the field), kIOError when the
// stream's get_schema / get_next fails (with its errno and get_last_error
// text), and the writer's own errors.
//
// Ownership: WriteArrowStream releases `in` (when it is not already released)
// before it returns, success or not; each batch is released once written.
// Thread-safety: the functions are reentrant; one stream per call.
#ifndef PARQ_ARROW_WRITER_H_
#define PARQ_ARROW_WRITER_H_

#include <memory>
#include <string>

#include "parq/arrow_c.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

// The Parquet schema an Arrow schema (a struct: one field per column) maps to.
Result<Schema> SchemaFromArrow(const struct ArrowSchema& schema);

// Writes every batch of `in` to a Parquet file at `path` with `options`, then
// releases `in`.  On any error nothing is left at `path` (an existing file
// there is left as it was: the bytes go to a temporary sibling renamed onto
// `path` only once the file is complete).
Status WriteArrowStream(struct ArrowArrayStream* in, const std::string& path, const WriterOptions& options);
// The same into `out` (closed on success; on error it holds a partial file).
Status WriteArrowStream(struct ArrowArrayStream* in, std::unique_ptr<OutputStream> out, const WriterOptions& options);

}  // namespace parq

#endif  // PARQ_ARROW_WRITER_H_
