#include "csv_input.h"

#include <memory>
#include <string>
#include <vector>

#include "line_reader.h"
#include "parq/file_writer.h"
#include "parq/partitioned_writer.h"
#include "parq/row_writer.h"
#include "progress.h"

namespace parq::cli {
namespace {

// Records of a CSV file, one at a time.
class CsvRecords {
 public:
  static Result<CsvRecords> Open(const std::string& path, const CsvInputOptions& o) {
    PARQ_ASSIGN_OR_RETURN(auto lines, LineReader::Open(path, o.max_record_bytes));
    return CsvRecords(std::move(lines), path, o);
  }

  // The next record (blank lines between records skipped); false at the end.
  Result<bool> Next(CsvRecord* record) {
    std::string_view line;
    while (true) {
      Result<bool> more = lines_->Next(&line);
      if (!more.ok()) return std::move(more).status().AddContext(At(lines_->line_number() + 1, 1));
      if (!*more) return false;
      if (!line.empty() && line != "\r") break;
    }
    first_line_ = lines_->line_number();
    text_.assign(line);
    while (CsvRecordOpen(text_, o_.csv.delimiter)) {
      Result<bool> more = lines_->Next(&line);
      if (!more.ok()) return std::move(more).status().AddContext(At(lines_->line_number() + 1, 1));
      if (!*more) break;  // the split below reports the unterminated quote
      if (static_cast<int64_t>(text_.size() + 1 + line.size()) > o_.max_record_bytes) {
        return Status::LimitExceeded(At(first_line_, 1) + ": a record longer than " +
                                     std::to_string(o_.max_record_bytes) + " bytes (--max-line-bytes)");
      }
      text_.push_back('\n');
      text_.append(line);
    }
    if (Status st = SplitCsvRecord(text_, o_.csv.delimiter, record); !st.ok()) {
      return Status::InvalidArgument(At(first_line_ + record->error_line, record->error_column) + ": " + st.message());
    }
    return true;
  }

  // "IN.csv:LINE:COLUMN"
  std::string At(int64_t line, int64_t column) const {
    return path_ + ":" + std::to_string(line) + ":" + std::to_string(column);
  }
  // The line the last record began on.
  int64_t first_line() const { return first_line_; }
  // Where cell `i` of record `r`, begun on line `first`, starts (past its
  // last cell: the record's end).
  std::string AtCell(const CsvRecord& r, int64_t first, int i) const {
    if (i < 0 || static_cast<size_t>(i) >= r.cells.size()) {
      const size_t last = r.cells.size() - 1;
      return At(first + r.lines[last], r.columns[last] + static_cast<int64_t>(r.cells[last].size()) +
                                            (r.quoted[last] ? 2 : 0));
    }
    return At(first + r.lines[static_cast<size_t>(i)], r.columns[static_cast<size_t>(i)]);
  }

 private:
  CsvRecords(std::unique_ptr<LineReader> lines, std::string path, const CsvInputOptions& o)
      : lines_(std::move(lines)), path_(std::move(path)), o_(o) {}
  std::unique_ptr<LineReader> lines_;
  std::string path_;
  CsvInputOptions o_;
  std::string text_;
  int64_t first_line_ = 0;
};

}  // namespace

bool ParseCsvFlags(const Args& args, CsvOptions* csv, std::string* error) {
  if (auto d = args.Get("delimiter")) {
    if (d->size() != 1 || *d == "\"" || *d == "\n" || *d == "\r") {
      *error = "--delimiter wants one character other than a quote or a line end, not '" + *d + "'";
      return false;
    }
    csv->delimiter = (*d)[0];
  }
  csv->header = !args.Has("no-header");
  csv->null_string = args.Get("null-string").value_or("");
  return true;
}

Status ConvertCsv(const std::string& in_path, const std::string& out_path, const Schema* given,
                  const WriterOptions& wopts, const CsvInputOptions& o, const PartitionedWriterOptions* partitioned) {
  PARQ_ASSIGN_OR_RETURN(CsvRecords records, CsvRecords::Open(in_path, o));
  CsvRecord record;
  std::vector<std::string> names;
  std::vector<CsvRecord> sample;
  std::vector<int64_t> sample_lines;
  bool more = true;
  if (o.csv.header) {
    PARQ_ASSIGN_OR_RETURN(more, records.Next(&record));
    if (!more) return Status::InvalidArgument(in_path + ": no header row");
    names = record.cells;
  }
  Schema inferred;
  const Schema* schema = given;
  if (schema == nullptr) {
    while (static_cast<int64_t>(sample.size()) < o.infer_rows) {
      PARQ_ASSIGN_OR_RETURN(more, records.Next(&record));
      if (!more) break;
      sample.push_back(record);
      sample_lines.push_back(records.first_line());
    }
    if (names.empty()) {
      const size_t n = sample.empty() ? 0 : sample[0].cells.size();
      for (size_t i = 0; i < n; ++i) names.push_back("column" + std::to_string(i + 1));
    }
    if (names.empty()) return Status::InvalidArgument(in_path + ": no records to infer a schema from (give --schema)");
    auto s = InferCsvSchema(names, sample, o.csv);
    if (!s.ok()) return std::move(s).status().AddContext(in_path);
    inferred = std::move(*s);
    schema = &inferred;
  }
  PARQ_ASSIGN_OR_RETURN(auto parser, CsvRowParser::Make(*schema, names, o.csv));
  std::unique_ptr<FileWriter> writer;
  std::unique_ptr<RowWriter> rows;
  std::unique_ptr<PartitionedWriter> parts;
  if (partitioned != nullptr) {
    PARQ_ASSIGN_OR_RETURN(parts, PartitionedWriter::Open(out_path, *schema, *partitioned));
  } else {
    PARQ_ASSIGN_OR_RETURN(writer, FileWriter::Open(out_path, *schema, wopts, /*atomic_rename=*/true));
    PARQ_ASSIGN_OR_RETURN(rows, RowWriter::Open(*writer));
  }
  Progress progress("convert");
  Value row;
  auto write = [&](const CsvRecord& r, int64_t first_line) -> Status {
    int cell = -1;
    if (Status st = parser->Parse(r, &row, &cell); !st.ok()) {
      return Status::InvalidArgument(records.AtCell(r, first_line, cell) + ": " + st.message());
    }
    PARQ_RETURN_IF_ERROR(parts ? parts->Write(row) : rows->Write(row));
    progress.Update(std::to_string(parts ? parts->rows_written() : rows->rows_written()) + " rows");
    return Status::OK();
  };
  for (size_t i = 0; i < sample.size(); ++i) PARQ_RETURN_IF_ERROR(write(sample[i], sample_lines[i]));
  sample.clear();
  while (more) {
    PARQ_ASSIGN_OR_RETURN(more, records.Next(&record));
    if (!more) break;
    PARQ_RETURN_IF_ERROR(write(record, records.first_line()));
  }
  if (parts) return parts->Close();
  PARQ_RETURN_IF_ERROR(rows->Close());
  return writer->Close();
}

}  // namespace parq::cli
