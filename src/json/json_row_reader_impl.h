// json/json_row_reader_impl.h — JsonRowReader's state (parq/json.h), shared
// by json_row_reader.cc and the CSV writer (csv_write.cc), which writes the
// same rows as CSV records through a sink of its own.
//
// NextRow drives one row through any Assembler sink, or, with a filter,
// hands the filtered RowReader's Value row to a callback.
// Thread-safety: as JsonRowReader's (one thread).
#ifndef PARQ_JSON_JSON_ROW_READER_IMPL_H_
#define PARQ_JSON_JSON_ROW_READER_IMPL_H_

#include <memory>
#include <string>
#include <vector>

#include "json/leaf_format.h"
#include "parq/json.h"
#include "parq/record.h"
#include "record/row_cursor.h"

namespace parq {

struct JsonRowReader::Impl {
  std::unique_ptr<RowCursor> cursor;      // without a filter: reads the rows; with one: the plan only
  std::vector<LeafFormatter> formatters;  // by plan slot
  std::unique_ptr<RowReader> filtered;    // with a filter
  Value row;                              // the filtered reader's last row

  // The next row: `sink` started on *out, given the row, ended; or, with a
  // filter, from_value(row).  Errors name the row.  False at the end.
  template <typename Sink, typename FromValue>
  Result<bool> NextRow(Sink& sink, std::string* out, FromValue&& from_value) {
    if (filtered) {
      PARQ_ASSIGN_OR_RETURN(bool more, filtered->Next(&row));
      if (!more) return false;
      Status st = from_value(row);
      if (!st.ok()) return std::move(st).AddContext("row " + std::to_string(filtered->rows_read() - 1));
      return true;
    }
    RowCursor& c = *cursor;
    PARQ_ASSIGN_OR_RETURN(bool more, c.Advance());
    if (!more) return false;
    sink.Start(out);
    c.assembler().AssembleRow(sink);
    sink.End();
    PARQ_RETURN_IF_ERROR(c.Finish());
    if (!sink.status().ok()) {
      return Status(sink.status()).AddContext("row " + std::to_string(c.rows_read() - 1));
    }
    return true;
  }
};

}  // namespace parq

#endif  // PARQ_JSON_JSON_ROW_READER_IMPL_H_
