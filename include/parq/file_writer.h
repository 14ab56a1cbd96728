// parq/file_writer.h — writing a Parquet file.
//
//   PARQ_ASSIGN_OR_RETURN(auto writer, parq::FileWriter::Open("out.parquet", schema, options));
//   PARQ_ASSIGN_OR_RETURN(auto* ids, writer->typed_column<int64_t>(0));
//   PARQ_RETURN_IF_ERROR(ids->WriteBatch(n, nullptr, nullptr, values));
//   ... every other leaf column, the same number of rows ...
//   PARQ_RETURN_IF_ERROR(writer->MaybeEndRowGroup());   // or EndRowGroup()
//   PARQ_RETURN_IF_ERROR(writer->Close());
//
// A row group is open from the first column() call until EndRowGroup() (or
// Close()).  Every leaf of the schema has a writer (column_writer.h) in the
// open row group; all must hold the same number of rows when it ends.  Chunks
// are buffered in memory and written, in schema order, when the row group ends.
//
// Close() writes FileMetaData: the schema (LogicalType and ConvertedType per
// the forward tables), the row groups, num_rows, the key-value metadata,
// created_by, and column_orders (TYPE_ORDER for every leaf); then the footer.
//
// Sticky status: the first error of any call (including a column writer's
// WriteBatch) is kept; from then on every call returns it, and Close() does
// not finish the file (a file opened by path with the default atomic rename
// leaves nothing under the real name).
//
// Thread-safety: none; one thread writes a file.
#ifndef PARQ_FILE_WRITER_H_
#define PARQ_FILE_WRITER_H_

#include <memory>
#include <string>

#include "parq/column_writer.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

class FileWriter {
 public:
  // Writes to `out` (the writer owns it and Closes it in Close()).  The schema
  // is copied.  Errors (kInvalidArgument): an options entry for a path that is
  // not a leaf, LZ4 (write LZ4_RAW), an encoding that does not fit a column.
  static Result<std::unique_ptr<FileWriter>> Open(std::unique_ptr<OutputStream> out, const Schema& schema,
                                                  const WriterOptions& options = {});
  // Creates `path`; with `atomic_rename` the bytes go to a temporary sibling
  // renamed onto `path` only by a successful Close().
  static Result<std::unique_ptr<FileWriter>> Open(const std::string& path, const Schema& schema,
                                                  const WriterOptions& options = {},
                                                  bool atomic_rename = true);
  ~FileWriter();
  FileWriter(const FileWriter&) = delete;
  FileWriter& operator=(const FileWriter&) = delete;

  const Schema& schema() const;
  const WriterOptions& options() const;

  // The writer of leaf `i` in the open row group (opening one if needed).
  // kInvalidArgument when i is out of range.
  Result<ColumnWriter*> column(int i);
  // As column(i), typed; kInvalidArgument when T is not the column's type.
  template <typename T>
  Result<TypedColumnWriter<T>*> typed_column(int i) {
    PARQ_ASSIGN_OR_RETURN(ColumnWriter * w, column(i));
    TypedColumnWriter<T>* t = w->As<T>();
    if (t == nullptr) return TypeMismatch(i);
    return t;
  }

  // Ends the open row group (no-op when none is open or it holds no rows).
  // kInvalidArgument when its columns hold different numbers of rows.
  Status EndRowGroup();
  // Ends the open row group when its buffered bytes reach
  // WriterOptions::row_group_size or its rows max_rows_per_row_group.
  // Call it between whole rows (every column at the same row count).
  Status MaybeEndRowGroup();

  // Row groups written so far, and their rows.
  int num_row_groups() const;
  int64_t num_rows() const;

  // Ends the open row group and writes the footer; closes the stream.
  // Idempotent after success.
  Status Close();
  // The sticky status (OK while no call has failed).
  const Status& status() const;

  struct Impl;  // private to src/file

 private:
  explicit FileWriter(std::unique_ptr<Impl> impl);
  Status TypeMismatch(int i);
  Status WritePageIndexes();
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_FILE_WRITER_H_
