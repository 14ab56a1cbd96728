// parq/row_writer.h — writing rows of nested values.
//
//   PARQ_ASSIGN_OR_RETURN(auto file, parq::FileWriter::Open("out.parquet", schema));
//   PARQ_ASSIGN_OR_RETURN(auto rows, parq::RowWriter::Open(*file));
//   PARQ_RETURN_IF_ERROR(rows->Write(row));          // a kStruct Value, as RowReader::Next gives
//   PARQ_RETURN_IF_ERROR(rows->Close());             // flushes the rows; then file->Close()
//
// A RowWriter shreds each row into definition and repetition levels per leaf
// (Dremel striping, the inverse of RowReader's assembly, with the same LIST /
// MAP shapes, legacy 2-level lists and maps without values included), buffers
// them per leaf and hands them to the typed column writers a batch of rows at
// a time.  Between batches it asks the file to end the row group when it is
// full (FileWriter::MaybeEndRowGroup), and it never lets a row group hold more
// than WriterOptions::max_rows_per_row_group rows.
//
// A row is a kStruct whose fields are the top-level fields in schema order
// (names checked, duplicates positional); leaves hold physical values (the
// kind of RowReader's output: kInt32 for INT32, kBytes for BYTE_ARRAY and
// FIXED_LEN_BYTE_ARRAY of exactly type_length bytes, ...); a list is kList, a
// map kMap of kStruct {key[, value]}; a VARIANT group is a kStruct of its raw
// fields.  A row that does not fit (null where the schema says required, a
// wrong kind, a missing, extra or misnamed field, bytes that are not
// well-formed UTF-8 in a STRING / ENUM / JSON column, malformed WKB in a
// GEOMETRY / GEOGRAPHY column, an unscaled DECIMAL(p, s) value of more than p
// digits, as a kInt32 / kInt64 or as bytes; parq::ToValue of
// parq/logical_value_access.h refuses a Decimal that does not fit the column
// the same way) is kInvalidArgument naming the row number
// (0-based, counting rows written by this RowWriter) and the field's path;
// nothing of that row is written and the writer stays usable.
//
// JsonRowParser (parq/json.h) makes such rows from the canonical JSON that
// `parq cat` prints.
//
// Rows wait in the RowWriter until a batch is full or Flush() / Close(); a
// FileWriter's Close() refuses (kInvalidArgument, not sticky) while a
// RowWriter on it holds rows, so that none are silently left out: close the
// RowWriter first.  A RowWriter destroyed holding rows loses them, and the
// file can then not be closed (it is removed when the FileWriter is destroyed).
// Rows after the FileWriter's Close() are refused by the file.
//
// Ownership: the RowWriter borrows the FileWriter (it must outlive the
// RowWriter); rows are copied.  Thread-safety: one thread per RowWriter.
#ifndef PARQ_ROW_WRITER_H_
#define PARQ_ROW_WRITER_H_

#include <cstdint>
#include <functional>
#include <memory>

#include "parq/column_writer.h"
#include "parq/file_writer.h"
#include "parq/record.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

struct RowWriterOptions {
  // Rows buffered before they are handed to the column writers.
  int64_t batch_rows = 1024;
  // ... or earlier, once the buffered values take this many bytes.
  int64_t batch_bytes = int64_t{8} << 20;
};

// Where a RowWriter puts its data: the schema, the column writers of the open
// row group, and the row-group policy.  RowWriter::Open(FileWriter) builds one.
struct RowDestination {
  const Schema* schema = nullptr;
  std::function<Result<ColumnWriter*>(int column)> column;
  // Called between rows, after every buffered row went to the column writers.
  std::function<Status()> maybe_end_row_group;
  std::function<Status()> end_row_group;
  std::function<int()> num_row_groups;
  int64_t max_rows_per_row_group = 0;  // 0: no limit of our own
  // Optional: told true when the RowWriter starts holding rows not yet given
  // to `column`, false once it has given them all.
  std::function<void(bool holding)> holding_rows;
  // Optional: runs write(s) for every leaf slot s, which writes its batch to
  // column columns[s]: on the destination's thread pool when it has one
  // (docs/threads.md), and returns the first error in slot order (as one
  // thread stopping there would).  Null: one slot after the other, stopping
  // at the first error.
  std::function<Status(const std::vector<int>& columns, const std::function<Status(size_t slot)>& write)>
      write_leaves;
};

class RowWriter {
 public:
  // REQUIRES: `file` outlives the RowWriter.
  static Result<std::unique_ptr<RowWriter>> Open(FileWriter& file, const RowWriterOptions& options = {}) {
    return Open(Destination(file), options);
  }
  // `file` as a RowDestination (ColumnarWriter::Open(FileWriter&) uses it too).
  static RowDestination Destination(FileWriter& file) {
    RowDestination d;
    FileWriter* f = &file;
    d.schema = &file.schema();
    d.column = [f](int i) { return f->column(i); };
    d.maybe_end_row_group = [f] { return f->MaybeEndRowGroup(); };
    d.end_row_group = [f] { return f->EndRowGroup(); };
    d.num_row_groups = [f] { return f->num_row_groups(); };
    d.max_rows_per_row_group = file.options().max_rows_per_row_group;
    d.holding_rows = [f](bool holding) { f->RowsHeldElsewhere(holding); };
    d.write_leaves = [f](const std::vector<int>& columns, const std::function<Status(size_t)>& write) {
      return f->WriteLeaves(columns, write);
    };
    return d;
  }
  static Result<std::unique_ptr<RowWriter>> Open(RowDestination destination, const RowWriterOptions& options = {});

  ~RowWriter();

  // Shreds one row into the buffers (see the header comment for its shape).
  Status Write(const Value& row);
  // The same, and the row is released (left null) once shredded, before the
  // buffered rows may be handed on: a row of one huge value is then not held
  // beside the buffers' and the encoders' copies.
  Status Write(Value&& row);
  // Hands every buffered row to the column writers (a row-group boundary may
  // follow).  Close() does it; call it before the FileWriter's own Close().
  Status Flush();
  Status Close() { return Flush(); }

  // Rows accepted so far.
  int64_t rows_written() const;

  struct Impl;

 private:
  explicit RowWriter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_ROW_WRITER_H_
