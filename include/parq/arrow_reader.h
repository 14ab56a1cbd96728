// parq/arrow_reader.h — a Parquet file as Arrow record batches, through the
// Arrow C Data Interface (parq/arrow_c.h).
//
//   PARQ_ASSIGN_OR_RETURN(std::shared_ptr<parq::FileReader> file, parq::FileReader::Open("data.parquet"));
//   struct ArrowArrayStream stream;
//   PARQ_RETURN_IF_ERROR(parq::ExportArrowStream(file, {.columns = {"id", "items"}}, &stream));
//   // hand `stream` to any Arrow consumer (DuckDB's arrow scan, pyarrow's
//   // RecordBatchReader._import_from_c, nanoarrow, ...), or read it:
//   struct ArrowArray batch;
//   while (stream.get_next(&stream, &batch) == 0 && batch.release != nullptr) {
//     ...                         // a struct array: one child per top-level field
//     batch.release(&batch);
//   }
//   stream.release(&stream);
//
// The type each Parquet type maps to is the table of docs/arrow.md (decimal128,
// date32, timestamp with "UTC" when adjusted to UTC, utf8, list, map, struct,
// extension types for JSON, UUID, geometry and variant, ...).  A record batch
// never spans two row groups: a row group of R rows gives ceil(R / batch_rows)
// batches, the last one shorter (with a filter, R is its selected rows); but
// with ArrowReadOptions::one_batch, where one batch holds them all.
//
// Ownership (the C Data Interface's rules): every ArrowSchema / ArrowArray /
// ArrowArrayStream handed out is the caller's, to release exactly once
// through its `release`, in any order: a batch may outlive the stream and the
// file, a child moved out of its parent (the struct copied, the parent's
// pointer's `release` set to NULL) may be released before or after its parent.
// An array's buffers are owned by its private_data; values decoded for it are
// handed over as decoded (the buffer the page was decoded into, not a copy).
//
// Thread-safety: a stream is used from one thread at a time (as the C Stream
// Interface requires); the arrays it returns may be used and released on any
// thread.  Exporting reads the FileReader, which is safe from several
// threads at once.
#ifndef PARQ_ARROW_READER_H_
#define PARQ_ARROW_READER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parq/arrow_c.h"
#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "parq/status.h"
#include "parq/thread_pool.h"

namespace parq {

struct ArrowReadOptions {
  // Dotted paths of fields (as RowReaderOptions::columns); empty: all.
  std::vector<std::string> columns;
  // Row groups to read, in this order; empty: all, in order.
  std::vector<int> row_groups;
  // Rows per record batch; a batch never spans row groups.
  int64_t batch_rows = 65536;
  // Top-level BYTE_ARRAY columns (but those of an extension type: JSON,
  // GEOMETRY, GEOGRAPHY) as Arrow dictionary arrays (int32 indices
  // into the chunk's dictionary) instead of expanded values: a batch of
  // dictionary-encoded pages shares its chunk's dictionary; a batch that
  // meets a page of plain values gets a dictionary of its own values.
  bool dictionary_arrays = false;
  // The whole read as ONE record batch (batch_rows does not apply), each
  // column's buffers spanning every row group read: a consumer wanting one
  // array per column wraps them as they are, without copying a batch per
  // row group.  Applies when every projected field is a top-level,
  // non-repeated leaf and there is no filter; otherwise the batches are as
  // without it.  String and binary columns whose value bytes the metadata
  // cannot bound are large_utf8 / large_binary (int64 offsets).  With
  // dictionary_arrays, a dictionary field's dictionary is its chunks'
  // dictionaries one after the other (the indices of each chunk's rows
  // shifted past the chunks before), until a page of plain values turns
  // the batch into its own values.
  bool one_batch = false;
  // Top-level DECIMALs stored as INT64 (precision at most 18) as Arrow
  // decimal64 ("d:P,S,64": the stored bytes shared, 8 a value) instead of
  // decimal128 (16 bytes made from each).
  bool decimal64 = false;
  // Only the rows for which the filter is true (parq/filter.h,
  // docs/filter.md), read as ColumnarReaderOptions::filter reads them: row
  // groups pruned as RowReader prunes them (statistics, dictionaries, Bloom
  // filters, page indexes), the filter's columns decoded first and the
  // other columns only for the selected rows.  A row group's batches hold
  // its selected rows (ceil(selected / batch_rows) batches; a row group with
  // none gives no batch).  The schema is that of the projection, whatever
  // the filter reads.  With dictionary_arrays, a dictionary field's batches
  // share a dictionary of the distinct values their row group selects (in
  // the order they first appear), not the chunk's.  A filter that does not
  // bind to the file's schema is kInvalidArgument.
  std::optional<Filter> filter = std::nullopt;
  // How much the filter prunes (RowReaderOptions::pruning).
  RowReaderOptions::Pruning pruning = RowReaderOptions::Pruning::kPages;
  // Parallel reads (docs/threads.md): the pool the stream decodes on, shared
  // with other readers and writers; when null, a pool of `threads` workers
  // made for the stream's lifetime (1: none, all on the thread calling
  // get_next).  A row group's flat columns are decoded in parallel (whole
  // row groups, or a batch of each column at a time), and its nested fields
  // through ColumnarReaderOptions::thread_pool (read ahead a row group).  The
  // batches and errors are the same whatever the pool.
  std::shared_ptr<ThreadPool> thread_pool = nullptr;
  int threads = 1;
};

// The schema the file maps to: a struct ("+s"), one child per projected
// top-level field.  kInvalidArgument for an unknown column path.
// REQUIRES: out != nullptr.  On success *out is the caller's to release.
Status ExportArrowSchema(const FileReader& file, const ArrowReadOptions& options, struct ArrowSchema* out);

// The file as a stream of record batches (struct arrays, one child per
// projected top-level field).  The stream keeps `file` alive; it may outlive
// every other reference to it.  Errors: a Status here for bad options (an
// unknown column, a row group out of range, batch_rows < 1); an error met
// while reading (a corrupt page, an I/O error) makes get_next return EIO,
// and get_last_error gives the Status text.  After an error the stream ends.
// REQUIRES: file != nullptr, out != nullptr.
Status ExportArrowStream(std::shared_ptr<const FileReader> file, const ArrowReadOptions& options,
                         struct ArrowArrayStream* out);

}  // namespace parq

#endif  // PARQ_ARROW_READER_H_
