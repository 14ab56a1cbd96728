// capi/capi_handles.h — what the C API's opaque handles hold.
//
// A parq_reader shares its FileReader (shared_ptr) with the parq_rows made
// from it, so that rows may outlive the reader handle; a parq_dataset
// shares its Dataset the same way with its rows and Arrow streams.  Both
// keep the read threads (ReadThreads) that the rows and streams they open
// get; a parq_thread_pool shares its ThreadPool with every reader given it,
// so the workers live until the last of them is gone.  A parq_filter holds
// a parsed parq::Filter (a value: readers opened with it copy it).  The strings the
// metadata functions return are built on first request and kept in the
// reader until parq_reader_close, as parq/c_api.h promises.
//
// Thread-safety: one thread at a time per handle; the FileReader's const
// methods are safe from several threads (parq/file_reader.h).
#ifndef PARQ_CAPI_CAPI_HANDLES_H_
#define PARQ_CAPI_CAPI_HANDLES_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "capi/capi_error.h"
#include "parq/csv.h"
#include "parq/dataset.h"
#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/json.h"
#include "parq/metadata.h"
#include "parq/options.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "parq/splits.h"
#include "parq/thread_pool.h"

namespace parq::capi {

// The thread_pool / threads pair of every reader's options (docs/threads.md)
// that a parq_reader or parq_dataset hands to what it opens: the pool when
// set, else a pool of `threads` workers per read (1: none).
struct ReadThreads {
  std::shared_ptr<ThreadPool> pool;
  int threads = 1;

  // Sets options.thread_pool and options.threads.
  template <typename Options>
  void ApplyTo(Options* options) const {
    options->thread_pool = pool;
    options->threads = threads;
  }
};

}  // namespace parq::capi

struct parq_thread_pool {
  std::shared_ptr<parq::ThreadPool> pool;
};

struct parq_reader {
  std::shared_ptr<parq::FileReader> file;
  parq::capi::ErrorSlot error;
  // Returned strings, built on first request.
  std::optional<std::string> schema_text;
  std::optional<std::optional<std::string>> created_by;
  std::optional<std::vector<parq::KeyValue>> key_values;
  std::vector<parq::Split> splits;  // the latest parq_reader_splits
  parq::capi::ReadThreads threads;   // for the rows and streams opened from now on
};

struct parq_dataset {
  std::shared_ptr<const parq::Dataset> dataset;
  parq::capi::ErrorSlot error;
  std::optional<std::string> schema_text;  // built on first request
  parq::capi::ReadThreads threads;         // for the rows and streams opened from now on
};

struct parq_filter {
  parq::Filter filter;
  std::string text;  // filter.ToString(), for parq_filter_text
};

struct parq_rows {
  std::shared_ptr<parq::FileReader> file;  // kept open for `rows`
  std::shared_ptr<const parq::Dataset> dataset;  // or this, for `dataset_rows` and `rows`
  std::unique_ptr<parq::JsonRowReader> rows;
  // With a filter: the rows come from `filtered` (a RowReader with the
  // filter and the same projection) and `rows`, never advanced, writes
  // their JSON (JsonRowReader::ToJson).
  std::unique_ptr<parq::RowReader> filtered;
  // A dataset's rows (parq_dataset_rows_open): they come from
  // `dataset_rows` and `rows`, a JsonRowReader of the unified schema that
  // reads nothing, writes them.
  std::unique_ptr<parq::DatasetRowReader> dataset_rows;
  parq::Value row;
  std::string line;  // the latest row's text
  // As CSV (parq_rows_open_csv): each row written into `line` as a record
  // made from its values; the header first while csv_header_pending.
  std::optional<parq::CsvRowWriter> csv;
  bool csv_header_pending = false;
  parq::capi::ErrorSlot error;
  // 0 while rows remain, 1 after the last, the error's code after an error.
  int state = 0;
};

namespace parq::capi {

// parq_rows_open_filtered's rows of `reader`'s file (JSON); the error in
// reader->error.  REQUIRES: reader is not NULL.
Result<std::unique_ptr<parq_rows>> OpenRows(parq_reader* reader, const char* columns, const parq_filter* filter);

// Opens `path` with `options` as parq_reader_open does (the message copied
// into error[0..error_len) on failure: "" on success); `function` names the
// C function in the NULL-path message.
parq_reader* OpenReader(const char* function, const char* path, const ReaderOptions& options, char* error,
                        size_t error_len) noexcept;

// parq_write_arrow's body: `options` text (may be NULL) parsed, `encryption`
// (may be null) set, `in` written and always released; the message copied
// into error[0..error_len) on failure.
int WriteArrow(const char* function, const char* path, struct ArrowArrayStream* in, const char* options,
               std::shared_ptr<const EncryptionProperties> encryption, char* error, size_t error_len) noexcept;

// "a,b.c" -> {"a", "b.c"}: comma-separated dotted paths, as `parq cat
// --columns` takes them (empty items skipped, nothing trimmed); NULL -> {}.
std::vector<std::string> SplitColumns(const char* columns);

// Copies of the settings of `keys` / `encryption` for reader / writer
// options (NULL: null); throw std::bad_alloc (run them inside Run).
std::shared_ptr<const DecryptionProperties> DecryptionOf(const parq_decryption* keys);
std::shared_ptr<const EncryptionProperties> EncryptionOf(const parq_encryption* encryption);

// A new parq_filter of `text` parsed against `schema` (a NULL text:
// kInvalidArgument naming `function`), the caller's to free.
Result<parq_filter*> NewFilter(const char* function, const char* text, const Schema& schema);

}  // namespace parq::capi

#endif  // PARQ_CAPI_CAPI_HANDLES_H_
