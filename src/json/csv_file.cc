// json/csv_file.cc — CsvFileReader (parq/csv.h): a CSV file's records read
// through LineReader, the header, the schema given or inferred from a
// sample, and each record a Value row through CsvRowParser.
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "io/line_reader.h"
#include "parq/csv.h"

namespace parq {
namespace {

// Records of a CSV file, one at a time.
class CsvRecords {
 public:
  static Result<CsvRecords> Open(const std::string& path, const CsvFileOptions& o) {
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
  CsvRecords(std::unique_ptr<LineReader> lines, std::string path, const CsvFileOptions& o)
      : lines_(std::move(lines)), path_(std::move(path)), o_(o) {}
  std::unique_ptr<LineReader> lines_;
  std::string path_;
  CsvFileOptions o_;
  std::string text_;
  int64_t first_line_ = 0;
};

}  // namespace

struct CsvFileReader::Impl {
  explicit Impl(CsvRecords r) : records(std::move(r)) {}
  CsvRecords records;
  Schema inferred;
  const Schema* schema = nullptr;
  std::unique_ptr<CsvRowParser> parser;
  // The inference sample, read as rows first, with the lines they began on.
  std::deque<std::pair<CsvRecord, int64_t>> sample;
  CsvRecord record;
  bool more = true;
};

CsvFileReader::CsvFileReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CsvFileReader::~CsvFileReader() = default;

const Schema& CsvFileReader::schema() const { return *impl_->schema; }

Result<std::unique_ptr<CsvFileReader>> CsvFileReader::Open(const std::string& path, const Schema* given,
                                                          const CsvFileOptions& o) {
  PARQ_ASSIGN_OR_RETURN(CsvRecords records, CsvRecords::Open(path, o));
  auto impl = std::make_unique<Impl>(std::move(records));
  std::vector<std::string> names;
  if (o.csv.header) {
    PARQ_ASSIGN_OR_RETURN(impl->more, impl->records.Next(&impl->record));
    if (!impl->more) return Status::InvalidArgument(path + ": no header row");
    names = impl->record.cells;
  }
  impl->schema = given;
  if (given == nullptr) {
    std::vector<CsvRecord> sample;
    std::vector<int64_t> lines;
    while (static_cast<int64_t>(sample.size()) < o.infer_rows) {
      PARQ_ASSIGN_OR_RETURN(impl->more, impl->records.Next(&impl->record));
      if (!impl->more) break;
      sample.push_back(impl->record);
      lines.push_back(impl->records.first_line());
    }
    if (names.empty()) {
      const size_t n = sample.empty() ? 0 : sample[0].cells.size();
      for (size_t i = 0; i < n; ++i) names.push_back("column" + std::to_string(i + 1));
    }
    if (names.empty()) return Status::InvalidArgument(path + ": no records to infer a schema from (give --schema)");
    auto s = InferCsvSchema(names, sample, o.csv);
    if (!s.ok()) return std::move(s).status().AddContext(path);
    impl->inferred = std::move(*s);
    impl->schema = &impl->inferred;
    for (size_t i = 0; i < sample.size(); ++i) impl->sample.emplace_back(std::move(sample[i]), lines[i]);
  }
  PARQ_ASSIGN_OR_RETURN(impl->parser, CsvRowParser::Make(*impl->schema, names, o.csv));
  return std::unique_ptr<CsvFileReader>(new CsvFileReader(std::move(impl)));
}

Result<bool> CsvFileReader::Next(Value* row) {
  Impl& m = *impl_;
  const CsvRecord* r = nullptr;
  int64_t first_line = 0;
  if (!m.sample.empty()) {
    m.record = std::move(m.sample.front().first);
    first_line = m.sample.front().second;
    m.sample.pop_front();
    r = &m.record;
  } else {
    if (!m.more) return false;
    PARQ_ASSIGN_OR_RETURN(m.more, m.records.Next(&m.record));
    if (!m.more) return false;
    r = &m.record;
    first_line = m.records.first_line();
  }
  int cell = -1;
  if (Status st = m.parser->Parse(*r, row, &cell); !st.ok()) {
    return Status::InvalidArgument(m.records.AtCell(*r, first_line, cell) + ": " + st.message());
  }
  return true;
}

}  // namespace parq
