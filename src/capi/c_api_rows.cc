// capi/c_api_rows.cc — parq_rows: a file's rows as canonical JSON, one at a
// time, through JsonRowReader (parq/c_api.h); with a filter, the rows of a
// filtering RowReader written as JSON by the JsonRowReader of the same
// projection; as CSV (parq_rows_open_csv), each row's JSON written as a
// record by a CsvRowWriter.
#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/c_api.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

namespace parq::capi {

std::vector<std::string> SplitColumns(const char* columns) {
  std::vector<std::string> out;
  if (columns == nullptr) return out;
  const std::string_view s(columns);
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    if (comma == std::string_view::npos) comma = s.size();
    if (comma > start) out.emplace_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

Result<std::unique_ptr<parq_rows>> OpenRows(parq_reader* reader, const char* columns, const parq_filter* filter) {
  RowReaderOptions options;
  options.columns = SplitColumns(columns);
  auto rows = std::make_unique<parq_rows>();
  rows->file = reader->file;
  // Only the reader whose rows are taken gets the threads: with a filter,
  // `rows` only writes JSON and must not read ahead.
  RowReaderOptions reading = options;
  reader->threads.ApplyTo(&reading);
  PARQ_ASSIGN_OR_RETURN(rows->rows, JsonRowReader::Open(*rows->file, filter == nullptr ? reading : options));
  if (filter != nullptr) {
    reading.filter = filter->filter;
    PARQ_ASSIGN_OR_RETURN(rows->filtered, RowReader::Open(*rows->file, reading));
  }
  return rows;
}

}  // namespace parq::capi

namespace {

// Drops the line end CsvRowWriter ends a record with.
void DropLineEnd(std::string* s) {
  if (!s->empty() && s->back() == '\n') s->pop_back();
}

}  // namespace

extern "C" {

parq_rows* parq_rows_open(parq_reader* reader, const char* columns) {
  return parq_rows_open_filtered(reader, columns, nullptr);
}

parq_rows* parq_rows_open_filtered(parq_reader* reader, const char* columns, const parq_filter* filter) {
  if (reader == nullptr) return nullptr;
  parq_rows* out = nullptr;
  Run(&reader->error, [&]() -> Status {
    PARQ_ASSIGN_OR_RETURN(auto rows, parq::capi::OpenRows(reader, columns, filter));
    out = rows.release();
    return Status::OK();
  });
  return out;
}

int parq_rows_next(parq_rows* rows, const char** line, size_t* len) {
  if (rows == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  if (line == nullptr) return Run(&rows->error, [] { return NotNull(nullptr, "parq_rows_next", "line"); });
  if (rows->state != 0) return rows->state < 0 ? rows->state : 0;
  bool more = false;
  const int rc = Run(&rows->error, [&]() -> Status {
    rows->line.clear();
    if (rows->dataset_rows != nullptr) {
      PARQ_ASSIGN_OR_RETURN(more, rows->dataset_rows->Next(&rows->row));
      return more ? rows->rows->ToJson(rows->row, &rows->line) : Status::OK();
    }
    if (rows->csv_header_pending) {
      rows->csv_header_pending = false;
      rows->csv->Header(&rows->line);
      DropLineEnd(&rows->line);
      more = true;
      return Status::OK();
    }
    // CSV records are made from the rows' values, as `parq cat --format csv`
    // makes them (no JSON text parsed again).
    if (rows->filtered == nullptr) {
      if (rows->csv) {
        PARQ_ASSIGN_OR_RETURN(more, rows->csv->AppendNext(*rows->rows, &rows->line));
      } else {
        PARQ_ASSIGN_OR_RETURN(more, rows->rows->Next(&rows->line));
      }
    } else {
      PARQ_ASSIGN_OR_RETURN(more, rows->filtered->Next(&rows->row));
      if (more) {
        PARQ_RETURN_IF_ERROR(rows->csv ? rows->csv->AppendRow(*rows->rows, rows->row, &rows->line)
                                       : rows->rows->ToJson(rows->row, &rows->line));
      }
    }
    if (more && rows->csv) DropLineEnd(&rows->line);
    return Status::OK();
  });
  if (rc != PARQ_OK) {
    rows->state = rc;  // the reader's place in the file is lost: every later call fails
    return rc;
  }
  if (!more) {
    rows->state = 1;
    return 0;
  }
  *line = rows->line.c_str();
  if (len != nullptr) *len = rows->line.size();
  return 1;
}

const char* parq_rows_last_error(const parq_rows* rows) {
  return rows == nullptr ? "parq_rows_last_error: rows is NULL" : rows->error.text();
}

void parq_rows_close(parq_rows* rows) { delete rows; }

}  // extern "C"
