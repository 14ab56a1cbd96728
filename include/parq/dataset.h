// parq/dataset.h — many Parquet files read as one table: a list of files, a
// directory tree or a glob, with Hive partitioning and schemas unified by
// name (docs/dataset.md).
//
//   PARQ_ASSIGN_OR_RETURN(auto ds, parq::Dataset::Open("sales/"));   // or "sales/**/*.parquet"
//   std::printf("%s\n", ds->schema().ToString().c_str());            // the unified schema
//   parq::DatasetScanOptions scan;
//   PARQ_ASSIGN_OR_RETURN(scan.filter, parq::ParseFilter("year = 2024 AND amount > 10", ds->schema()));
//   PARQ_ASSIGN_OR_RETURN(auto rows, parq::DatasetRowReader::Open(*ds, scan));
//   parq::Value row;
//   while (true) {
//     PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
//     if (!more) break;
//     ...                                     // a kStruct of the unified schema's fields
//   }
//
// Files.  A directory is walked recursively (symbolic links followed, a loop
// of them is an error), every regular file whose name does not start with
// '.' or '_' (Hive's and Spark's _SUCCESS, _metadata, .crc files) taken, in
// byte order of their paths.  A glob matches whole paths: `*` and `?` within
// one path segment, `[...]` classes, and `**` any number of segments
// (including none); its directory part before the first wildcard is where
// the walk starts.  A list of files is taken as given.  An http(s):// URL
// (alone or in a list) is one file read with range requests
// (parq/http_file.h, DatasetOptions::http), its URL path giving its Hive
// partitions; there is no glob nor directory over HTTP (no listing): a URL
// with '*' or '[' in its path or ending in '/' is kInvalidArgument.  The
// readers pre-buffer a URL's chunks (FileReader::PreBuffer: a coalesced
// request per run of adjacent chunks), the columnar reader a row group at a
// time, the row reader the whole file's when they total at most 256 MiB.
// A glob that matches
// nothing, a directory with no file, a missing path: kInvalidArgument.
//
// Hive partitioning (DatasetOptions::hive_partitioning): every directory of
// a file's path below the root (the directory, or the glob's fixed part; a
// listed file's whole path) named `key=value` gives the file a partition
// column `key` with that value, percent-decoded (%2F is '/');
// `__HIVE_DEFAULT_PARTITION__`, an empty value and NULL (any case) are null.
// A key a file's path lacks is null for that file.  Partition columns come
// after the file columns, in the order they first appear, as optional
// leaves typed as declared (DatasetOptions::partition_types) or inferred as
// DuckDB infers them (docs/dataset.md): each value is DATE (Y-M-D), else
// TIMESTAMP (Y-M-D HH:MM[:SS[.f]], MICROS, not UTC), else INT64 (a decimal
// integer without a leading zero, or 0x / 0b digits), else STRING, and a
// key whose values disagree is STRING ('1.5' is a STRING; declare kDouble).
// A name both a partition key and a top-level column of a file is
// kInvalidArgument.
//
// A declared schema (DatasetOptions::schema) replaces unification: its
// top-level fields are the file columns, in its order; each file's field of
// the same name must widen to the declared type by the rules below (a file
// whose `price` is a STRING where DOUBLE is declared is kInvalidArgument
// naming both), a field the file lacks reads null (kInvalidArgument if it
// is declared required), a file's field the declared schema lacks is not
// read.
//
// Schema unification, by top-level field name, in the order names first
// appear (files in path order): a leaf takes the widest type of its files —
// integers of INT32 and INT64 (plain, or INTEGER but unsigned 64-bit) are
// INT64 when one is 64-bit or unsigned 32-bit, else INT32; FLOAT with DOUBLE is DOUBLE, an integer with a DECIMAL is the
// decimal if it holds every value of the integer (DECIMAL(p, s) holds INT32
// when p - s >= 10, INT64 when p - s >= 19), decimals of several precisions
// and scales the smallest that holds them all (at most 38 digits); every
// other leaf type must be the same in all files (its logical type included).
// A group must have the same shape in every file.  The field is optional
// when it is in any file, or missing from any; files without it read nulls.
// A conflict is kInvalidArgument naming the column and both files and types:
//   "dataset: column 'price' is double in a/1.parquet but binary (STRING) in b/2.parquet"
//
// Bad input: a file that is not Parquet (or is damaged, or unreadable) is an
// error naming it, unless DatasetOptions::skip_invalid, which leaves it out
// (Dataset::skipped() says which and why).  A file of 0 bytes and a file
// with no row groups give no rows (the latter's columns still count).
//
// Ownership: a Dataset owns its file list and schema; readers borrow the
// Dataset (it must outlive them) and open each file when they reach it.
// Thread-safety: a Dataset's const methods may be called from many threads;
// one DatasetRowReader per thread.
#ifndef PARQ_DATASET_H_
#define PARQ_DATASET_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/filter.h"
#include "parq/http_file.h"
#include "parq/options.h"
#include "parq/record.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "parq/thread_pool.h"

namespace parq {

// kTimestamp: TIMESTAMP(MICROS, not adjusted to UTC).
enum class PartitionType : uint8_t { kInt64, kDouble, kDate, kString, kTimestamp };
std::string_view PartitionTypeName(PartitionType t);  // "int64", "double", "date", "string", "timestamp"

struct PartitionField {
  std::string name;
  PartitionType type = PartitionType::kString;
};

struct DatasetOptions {
  // `key=value` directories become columns (see the header comment).
  bool hive_partitioning = true;
  // Types of partition keys, instead of inferred ones; a value that does not
  // parse as its declared type is kInvalidArgument naming the file.
  std::vector<PartitionField> partition_types;
  // The file columns' schema instead of the unified one (see the header
  // comment); null: unify the files' schemas.
  std::shared_ptr<const Schema> schema;
  // Files that are not Parquet, damaged or unreadable are left out (and
  // listed in Dataset::skipped()) instead of failing Open.
  bool skip_invalid = false;
  // How each file is opened.
  ReaderOptions reader_options;
  // How http(s):// URLs are read (parq/http_file.h): retries, timeouts, a CA
  // file to trust.
  HttpOptions http;
};

// One file of a dataset, as Open found it.
struct DatasetFile {
  std::string path;
  // The partition key/value pairs of its path, in path order, decoded
  // (nullopt: __HIVE_DEFAULT_PARTITION__).
  std::vector<std::pair<std::string, std::optional<std::string>>> partition;
  int64_t num_rows = 0;
  int num_row_groups = 0;
  int64_t file_size = 0;
  // The file's top-level fields that differ from the unified schema, each
  // "name: what" ("id: int32, widened to int64", "note: absent", "id: required");
  // empty when the file has exactly the unified schema.
  std::vector<std::string> differences;
};

class Dataset {
 public:
  // A directory, a glob or a single file (see the header comment).
  static Result<std::unique_ptr<Dataset>> Open(const std::string& path_or_glob, const DatasetOptions& options = {});
  // These files, in this order (partitions parsed from each whole path).
  static Result<std::unique_ptr<Dataset>> Open(const std::vector<std::string>& files,
                                               const DatasetOptions& options = {});
  ~Dataset();

  // The unified schema: the file columns, then the partition columns.
  const Schema& schema() const;
  // The partition columns (the last top-level fields of schema()).
  const std::vector<PartitionField>& partition_fields() const;
  const std::vector<DatasetFile>& files() const;
  // With skip_invalid: "path: why" for each file left out.
  const std::vector<std::string>& skipped() const;
  const DatasetOptions& options() const;
  int64_t num_rows() const;  // over all files

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  explicit Dataset(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

struct DatasetScanOptions {
  // Dotted paths of the fields to read (as RowReaderOptions::columns, on the
  // unified schema; partition columns too).  Empty: all.
  std::vector<std::string> columns;
  // Only the rows for which the filter, bound to the unified schema, is true
  // (docs/filter.md).  Its parts (the operands of its top-level ANDs) that
  // name only partition columns and columns a file lacks are decided per
  // file from its path before the file is opened: a file they make false or
  // unknown is not opened.  Parts on columns of a file are handed to its
  // RowReader (row-group, page and Bloom-filter pruning), parts mixing both
  // with the path's values bound as constants (a file they cannot make true
  // is not opened either); the whole filter is then evaluated on each
  // unified row.
  std::optional<Filter> filter;
  // Level entries read per column per batch (RowReaderOptions::batch_levels).
  int64_t batch_levels = 4096;
  // Parallel reads (docs/threads.md): the pool shared with other readers
  // and writers; when null, a pool of `threads` workers made for the
  // reader's lifetime (1: none).  With a pool, the next file is opened (its
  // footer read) while the current one is read, and each file is read by
  // its RowReader / ColumnarReader on the pool (RowReaderOptions::thread_pool,
  // ColumnarReaderOptions::thread_pool).  Files, rows and errors come in the
  // same order whatever the pool.
  std::shared_ptr<ThreadPool> thread_pool = nullptr;
  int threads = 1;
};

// The rows of a Dataset, file after file in the order of Dataset::files(),
// each file's rows in file order.  A row is a kStruct of the projected
// top-level fields of the unified schema, in its order; values are of the
// unified types (an INT32 file column widened to INT64 reads kInt64).
class DatasetRowReader {
 public:
  // REQUIRES: `dataset` outlives the reader.  kInvalidArgument for an
  // unknown column or a filter that does not bind to the unified schema.
  static Result<std::unique_ptr<DatasetRowReader>> Open(const Dataset& dataset,
                                                        const DatasetScanOptions& options = {});
  ~DatasetRowReader();

  // The next row into *row; false at the end.  An error names the file.
  Result<bool> Next(Value* row);

  // The top-level field names rows hold, in order.
  const std::vector<std::string>& field_names() const;
  int64_t rows_read() const;
  // Files left out by their partition values (or missing columns) without
  // being opened, and files opened so far.
  int64_t files_pruned() const;
  int64_t files_opened() const;

  struct Impl;

 private:
  explicit DatasetRowReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The columns of a Dataset in ColumnarReader's layout (parq/columnar.h):
// one batch per row group read, files in the order of Dataset::files().  A
// batch's leaves are the projected leaves of the unified schema, in its
// order (ColumnarLeaf::column and descriptor are the unified schema's),
// their values of the unified types (an INT32 file column widened to INT64
// holds 8-byte values); a field a file lacks is all null, a partition column
// its file's value in every slot.  Row groups (and files) with no row left
// give no batch.
//
// Filters: as DatasetRowReader's.  Each file's ColumnarReader applies the
// operands of the filter's top-level AND that its path does not decide; an
// operand mixing partition columns (or columns the file lacks) with the
// file's columns (`region IS NULL OR amount > 2`, region a partition
// column) is evaluated per file with the path's values bound as constants
// (for a file of region=eu it is `amount > 2`; for a file it cannot make
// true, the file is pruned unopened).
class DatasetColumnarReader {
 public:
  // REQUIRES: `dataset` outlives the reader.
  static Result<std::unique_ptr<DatasetColumnarReader>> Open(const Dataset& dataset,
                                                             const DatasetScanOptions& options = {});
  ~DatasetColumnarReader();

  // Replaces *batch with the next row group's columns; false at the end.
  Result<bool> Next(ColumnarBatch* batch);

  int64_t files_pruned() const;
  int64_t files_opened() const;

  struct Impl;

 private:
  explicit DatasetColumnarReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_DATASET_H_
