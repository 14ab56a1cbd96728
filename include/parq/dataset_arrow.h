// parq/dataset_arrow.h — a Dataset (parq/dataset.h) as Arrow record batches,
// through the Arrow C Data Interface (parq/arrow_c.h), as
// parq/arrow_reader.h gives one file's.
//
//   PARQ_ASSIGN_OR_RETURN(std::shared_ptr<parq::Dataset> ds, parq::Dataset::Open("sales/"));
//   parq::DatasetArrowOptions options;
//   options.scan.columns = {"id", "amount", "year"};              // year: a partition column
//   PARQ_ASSIGN_OR_RETURN(options.scan.filter, parq::ParseFilter("year = 2024", ds->schema()));
//   struct ArrowArrayStream stream;
//   PARQ_RETURN_IF_ERROR(parq::ExportArrowStream(ds, options, &stream));
//   ... stream.get_next(&stream, &batch) until batch.release == NULL, as for a file ...
//
// The schema is the unified schema's (projected), mapped by the table of
// docs/arrow.md: a widened column has its unified type (an INT32 file column
// widened to INT64 is "l" in every batch), a partition column is typed as
// the Dataset typed it (int64 "l", double "g", date32 "tdD", timestamp
// "tsu:", utf8 "u"), nullable, its file's value in every row; a column a
// file lacks is null in that file's rows.  Binary, string and list fields
// are utf8 / binary / list with int32 offsets (no footer bounds the whole
// dataset): a row group whose column holds more than 2 GiB of bytes or
// 2^31 list elements ends the stream with kLimitExceeded.
//
// Rows come as DatasetColumnarReader reads them (files in Dataset::files()
// order, each row group in file order, the filter's pruning and
// mixed-operand folding included); a record batch never spans two row
// groups: a row group of R rows left after the filter gives
// ceil(R / batch_rows) batches.
//
// Ownership: the stream keeps the Dataset alive (a shared_ptr); batches
// follow the C Data Interface's rules as parq/arrow_reader.h says, and may
// outlive the stream and the Dataset.  Thread-safety: one thread at a time
// per stream; batches may be released on any thread.
#ifndef PARQ_DATASET_ARROW_H_
#define PARQ_DATASET_ARROW_H_

#include <cstdint>
#include <memory>

#include "parq/arrow_c.h"
#include "parq/dataset.h"
#include "parq/status.h"

namespace parq {

struct DatasetArrowOptions {
  // The projection and the filter (DatasetScanOptions).
  DatasetScanOptions scan;
  // Rows per record batch; a batch never spans row groups.
  int64_t batch_rows = 65536;
  // Top-level BYTE_ARRAY columns (but those of an extension type) as Arrow
  // dictionary arrays (ArrowReadOptions::dictionary_arrays): a row group's
  // batches share a dictionary of the distinct values it holds.
  bool dictionary_arrays = false;
};

// The schema of the batches: a struct ("+s"), one child per projected
// top-level field of the unified schema.  kInvalidArgument for an unknown
// column.  REQUIRES: out != nullptr; on success *out is the caller's.
Status ExportArrowSchema(const Dataset& dataset, const DatasetArrowOptions& options, struct ArrowSchema* out);

// The dataset as a stream of record batches.  A Status here for bad options
// (an unknown column, a filter that does not bind, batch_rows < 1); an
// error met while reading (a file that no longer opens, a corrupt page)
// makes get_next return EIO with get_last_error naming the file, and ends
// the stream.  REQUIRES: dataset != nullptr, out != nullptr.
Status ExportArrowStream(std::shared_ptr<const Dataset> dataset, const DatasetArrowOptions& options,
                         struct ArrowArrayStream* out);

}  // namespace parq

#endif  // PARQ_DATASET_ARROW_H_
