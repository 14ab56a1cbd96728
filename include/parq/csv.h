// parq/csv.h — rows as CSV (RFC 4180), both ways: `parq cat --format csv`
// and `parq convert IN.csv OUT.parquet`.
//
// Out: CsvRowWriter writes a row of a JsonRowReader (parq/json.h,
// docs/rows-as-json.md) as one CSV record: each top-level field a cell, in
// order, its text that of the field's canonical JSON, made from the row's
// values by the same formatters (AppendNext, AppendRow; Append takes the
// row's JSON text instead and gives the same record).  A value whose JSON is a string is its text (a DATE "2024-01-02", a
// TIMESTAMP "2024-01-02T03:04:05.000000Z", a DECIMAL "1.50" exactly,
// unannotated binary in base64, "NaN"); numbers and booleans as JSON prints
// them; a null an empty cell (or CsvOptions::null_string); a group (struct,
// list, map), an INTERVAL or a VARIANT its JSON text in the cell.  A cell
// holding the delimiter, a quote, CR or LF, or (when a null prints as an
// empty cell) an empty string, is quoted, quotes doubled.  Records end with
// LF, or CRLF (CsvOptions::crlf) as RFC 4180 writes them; a line break inside
// a quoted cell is the value's own either way.  `parq cat --format csv` sets
// crlf (RFC 4180) unless given `--csv-line-ending lf`; CsvOptions' default
// stays LF for the library's callers (the C API hands records out without
// their line end).
//
// In: SplitCsvRecord cuts one record's text into cells (quoted or not);
// InferCsvSchema guesses a schema from sample records; CsvRowParser turns a
// record into a Value row of a schema (through its canonical JSON and
// JsonRowParser, so each cell reads as that JSON's text does), errors naming
// the cell's column.
//
// Files: CsvFileReader reads a CSV file's records (header, schema given or
// inferred) as Value rows, for `parq convert IN.csv` and the C API's
// parq_csv_to_parquet.
//
// Thread-safety: the functions are reentrant; a CsvRowParser's Parse is const
// and reentrant; a CsvRowWriter and a CsvFileReader are for one thread.
#ifndef PARQ_CSV_H_
#define PARQ_CSV_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parq/json.h"
#include "parq/record.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

struct CsvOptions {
  char delimiter = ',';
  // Out: a header row of the top-level field names first.  In: the first
  // record names the columns.
  bool header = true;
  // Out: the text of a null (empty by default).  In: a cell of this text,
  // unquoted, is null; an unquoted empty cell is always null, a quoted one
  // ("") an empty string.
  std::string null_string;
  // Out: records end in CRLF, as RFC 4180 has them (LF when false).  In:
  // either is read.
  bool crlf = false;
};

// One record's cells, and which were quoted.
struct CsvRecord {
  std::vector<std::string> cells;
  std::vector<bool> quoted;
  // Where each cell starts: its column (from 1) in its line, and the line
  // within the record (from 0; a quoted cell may hold line breaks).
  std::vector<int64_t> columns;
  std::vector<int64_t> lines;
  // Where SplitCsvRecord found the record malformed (as `lines` and `columns`).
  int64_t error_line = 0;
  int64_t error_column = 0;
};

// Whether `text` (lines joined by '\n') ends inside a quoted cell: then the
// record goes on on the next line.
bool CsvRecordOpen(std::string_view text, char delimiter);
// Cuts a complete record (without its line end; a final '\r' is dropped) into
// cells.  kInvalidArgument for a quote inside an unquoted cell, text after a
// closing quote, or a quote never closed ("unterminated quote"), with
// out->error_line / error_column saying where.
Status SplitCsvRecord(std::string_view text, char delimiter, CsvRecord* out);

// A schema (message "schema") for CSV columns `names` from sample records:
// per column the first that every non-null cell fits of BOOLEAN
// (true/false), INT64, DECIMAL(p, s) (plain decimal notation with a point,
// s the most fraction digits seen; p 18, or 38 when the sample needs more
// than 18 digits, so that larger values later in the file fit), DOUBLE, DATE (YYYY-MM-DD), TIMESTAMP (YYYY-MM-DD
// HH:MM:SS[.fraction], 'T' or ' ' between; UTC when every cell ends in Z or
// +00[:00], else local; MICROS, NANOS beyond 6 fraction digits), and STRING
// otherwise.  A column with a null cell (or no cell) is optional, else
// required; a column of only nulls is an optional STRING.
// kInvalidArgument for names that are empty or repeated.
Result<Schema> InferCsvSchema(const std::vector<std::string>& names, const std::vector<CsvRecord>& sample,
                              const CsvOptions& options = {});

class CsvRowParser {
 public:
  // `names`: the CSV's columns (its header), each a top-level field of
  // `schema`; empty: the top-level fields in order.  kInvalidArgument for a
  // name that is no field ("CSV column 'x' is not a field of the schema").
  // REQUIRES: `schema` outlives the parser.
  static Result<std::unique_ptr<CsvRowParser>> Make(const Schema& schema, const std::vector<std::string>& names,
                                                    const CsvOptions& options = {});
  ~CsvRowParser();

  // One record into *row (fields the CSV lacks are null).  kInvalidArgument
  // "column C: ..." (C the 1-based cell) for a cell that does not read as
  // its field's type, and for a record of another number of cells.
  // On error, *cell (when given) is the index of the cell at fault.
  Status Parse(const CsvRecord& record, Value* row, int* cell = nullptr) const;

  struct Impl;

 private:
  explicit CsvRowParser(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

class CsvRowWriter {
 public:
  // `names`: the top-level field names (JsonRowReader::field_names()).
  CsvRowWriter(std::vector<std::string> names, const CsvOptions& options = {});
  // The header record (CsvOptions::header), appended to *out.
  void Header(std::string* out) const;
  // One row's canonical JSON (a JsonRowReader line) as a record, appended
  // to *out.  kInvalidArgument when `json` is not an object of these fields.
  Status Append(std::string_view json, std::string* out) const;
  // The next row of `rows` as a record appended to *out (the same record
  // Append makes of that row's JSON, without the JSON text parsed again);
  // false at the end.  Errors: those of JsonRowReader::Next, and
  // kInvalidArgument when the rows have another number of fields than this
  // writer's names.  REQUIRES: the names were rows.field_names().
  Result<bool> AppendNext(JsonRowReader& rows, std::string* out) const;
  // A Value row of `rows`'s shape (as JsonRowReader::ToJson takes it) as a
  // record; kInvalidArgument when it has another shape.
  Status AppendRow(const JsonRowReader& rows, const Value& row, std::string* out) const;

 private:
  class Sink;
  // One field's canonical JSON text as its cell.
  void AppendJsonCell(std::string_view json, std::string* out) const;
  void EndRecord(std::string* out) const;

  std::vector<std::string> names_;
  CsvOptions options_;
  mutable std::string scratch_;  // a cell's JSON text
};

struct CsvFileOptions {
  CsvOptions csv;
  // A record (the lines it spans together) longer than this is kLimitExceeded.
  int64_t max_record_bytes = int64_t{64} << 20;
  // Without a schema: the records the schema is inferred from (they are
  // kept, then read as rows too).
  int64_t infer_rows = 1000;
};

// A CSV file's rows: records read a line at a time (a quoted cell may span
// lines; blank lines between records are skipped), cut by SplitCsvRecord,
// the first naming the columns (CsvOptions::header; else column1,
// column2, ... or the schema's fields in order), the schema given or
// inferred from the first infer_rows records (InferCsvSchema), each record
// a row through CsvRowParser.  Errors say "IN.csv:LINE:COLUMN: ...", the
// column counted in characters from 1.  Memory: about the longest record
// and the inference sample.
class CsvFileReader {
 public:
  // `schema` null: inferred; else it must outlive the reader.  kIOError: the
  // file cannot be opened; kInvalidArgument: no header row, no records to
  // infer a schema from, a header naming no field of `schema`, a malformed
  // record in the sample.
  static Result<std::unique_ptr<CsvFileReader>> Open(const std::string& path, const Schema* schema,
                                                     const CsvFileOptions& options = {});
  ~CsvFileReader();

  // The schema given, or inferred.
  const Schema& schema() const;
  // The next row into *row; false after the last.  kInvalidArgument for a
  // record that does not split or a cell that does not parse (where it is),
  // kLimitExceeded for a record too long, kIOError for a failing read.
  Result<bool> Next(Value* row);

  struct Impl;

 private:
  explicit CsvFileReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_CSV_H_
