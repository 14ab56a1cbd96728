// parq cat FILE|DIR|GLOB [--format jsonl|csv] [--columns a,b.c] [--where EXPR] [--head N]:
// the rows as canonical JSON (docs/rows-as-json.md), one per line, streamed;
// with --where only the rows the filter (docs/filter.md) makes true.  A
// directory or glob is read as one dataset (docs/dataset.md).  With
// --format csv the same rows as RFC 4180 CSV (parq::CsvRowWriter,
// parq/csv.h): a header row (unless --no-header), each top-level field a
// cell with its JSON text (strings unquoted; groups as JSON), made straight
// from the row's values; records end in CRLF as RFC 4180 has them, or in LF
// with --csv-line-ending lf.  --threads N
// decodes column chunks on N threads (docs/threads.md); the output is the
// same.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "csv_input.h"
#include "dataset_input.h"
#include "filter_flags.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/csv.h"
#include "parq/dataset.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/thread_pool.h"
#include "progress.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq cat FILE|DIR|GLOB [--format jsonl|csv] [--columns a,b.c] [--where EXPR] [--head N] [--no-verify-checksums]\n"
    "       [--skip-invalid] [--delimiter C] [--no-header] [--null-string TEXT]\n"
    "       [--csv-line-ending lf|crlf] [--threads N]\n"
    "       " PARQ_KEY_FLAGS_USAGE;

// Rows as JSON lines, from a file or a dataset.
class JsonRows {
 public:
  virtual ~JsonRows() = default;
  virtual Result<bool> Next(std::string* out) = 0;
  // The next row as a CSV record (`csv` made with field_names()).
  virtual Result<bool> NextCsv(const CsvRowWriter& csv, std::string* out) = 0;
  // The top-level field names of the rows (CSV's header).
  virtual const std::vector<std::string>& field_names() const = 0;
};

class FileRows : public JsonRows {
 public:
  FileRows(std::unique_ptr<FileReader> file, std::unique_ptr<JsonRowReader> rows)
      : file_(std::move(file)), rows_(std::move(rows)) {}
  Result<bool> Next(std::string* out) override { return rows_->Next(out); }
  Result<bool> NextCsv(const CsvRowWriter& csv, std::string* out) override { return csv.AppendNext(*rows_, out); }
  const std::vector<std::string>& field_names() const override { return rows_->field_names(); }

 private:
  std::unique_ptr<FileReader> file_;
  std::unique_ptr<JsonRowReader> rows_;
};

// A dataset's rows, printed by a JsonRowReader of the unified schema that
// reads nothing itself (no row groups): its ToJson.
class DatasetRows : public JsonRows {
 public:
  static Result<std::unique_ptr<JsonRows>> Open(std::unique_ptr<Dataset> ds, const RowReaderOptions& options) {
    auto out = std::unique_ptr<DatasetRows>(new DatasetRows);
    out->ds_ = std::move(ds);
    DatasetScanOptions scan;
    scan.columns = options.columns;
    scan.filter = options.filter;
    scan.thread_pool = options.thread_pool;
    PARQ_ASSIGN_OR_RETURN(out->rows_, DatasetRowReader::Open(*out->ds_, scan));
    RowSource shape;
    shape.schema = &out->ds_->schema();
    shape.open_column = [](int, int) -> Result<std::unique_ptr<ColumnReader>> {
      return Status::Internal("the dataset printer reads no column");
    };
    RowReaderOptions shape_options;
    shape_options.columns = options.columns;
    PARQ_ASSIGN_OR_RETURN(out->printer_, JsonRowReader::Open(std::move(shape), shape_options));
    return std::unique_ptr<JsonRows>(std::move(out));
  }
  Result<bool> Next(std::string* out) override {
    PARQ_ASSIGN_OR_RETURN(bool more, rows_->Next(&row_));
    if (!more) return false;
    PARQ_RETURN_IF_ERROR(printer_->ToJson(row_, out));
    return true;
  }
  Result<bool> NextCsv(const CsvRowWriter& csv, std::string* out) override {
    PARQ_ASSIGN_OR_RETURN(bool more, rows_->Next(&row_));
    if (!more) return false;
    PARQ_RETURN_IF_ERROR(csv.AppendRow(*printer_, row_, out));
    return true;
  }
  const std::vector<std::string>& field_names() const override { return printer_->field_names(); }

 private:
  DatasetRows() = default;
  std::unique_ptr<Dataset> ds_;
  std::unique_ptr<DatasetRowReader> rows_;
  std::unique_ptr<JsonRowReader> printer_;
  Value row_;
};

}  // namespace

const VerbHelp& CatHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"format", "jsonl|csv", "one canonical JSON row a line (jsonl), or RFC 4180 CSV (csv)"},
                           {"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                           {"where", "EXPR", "only the rows the filter makes true (docs/filter.md)"},
                           {"head", "N", "stop after N rows"},
                           {"verify-checksums", nullptr, "verify page CRCs (the default)"},
                           {"no-verify-checksums", nullptr, "do not verify page CRCs"},
                           SkipInvalidFlag(),
                           {"delimiter", "C", "csv: the cell separator (one character; ',')"},
                           {"no-header", nullptr, "csv: no header row"},
                           {"null-string", "TEXT", "csv: the text of a null (an empty cell)"},
                           {"csv-line-ending", "lf|crlf", "csv: how records end: crlf, as RFC 4180 has them (the default), or lf"},
                           {"threads", "N", "decode column chunks on N threads (1); the same output"}})};
  return h;
}

int RunCat(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, CatHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE, DIR or GLOB", kUsage);
  const std::string format = args.Get("format").value_or("jsonl");
  if (format != "jsonl" && format != "csv") {
    return ReportUsage("unknown --format '" + format + "' (jsonl or csv)", kUsage);
  }
  CsvOptions csv;
  if (!ParseCsvFlags(args, &csv, &error)) return ReportUsage(error, kUsage);
  if (format != "csv" && (args.Has("delimiter") || args.Has("no-header") || args.Has("null-string") ||
                          args.Has("csv-line-ending"))) {
    return ReportUsage("--delimiter, --no-header, --null-string and --csv-line-ending go with --format csv", kUsage);
  }
  // RFC 4180's CRLF unless --csv-line-ending lf.
  const std::string line_ending = args.Get("csv-line-ending").value_or("crlf");
  if (line_ending != "crlf" && line_ending != "lf") {
    return ReportUsage("--csv-line-ending wants lf or crlf, not '" + line_ending + "'", kUsage);
  }
  csv.crlf = line_ending == "crlf";
  int64_t head = -1;
  if (auto h = args.Get("head")) {
    const std::optional<int64_t> v = ParseCount(*h, 0);
    if (!v) return ReportUsage("--head wants a count >= 0, not '" + *h + "'", kUsage);
    head = *v;
  }
  int threads = 1;
  if (auto t = args.Get("threads")) {
    const std::optional<int64_t> v = ParseCount(*t, 1);
    if (!v || *v > ThreadPool::kMaxThreads) {
      return ReportUsage("--threads wants a count from 1 to " + std::to_string(ThreadPool::kMaxThreads) + ", not '" +
                             *t + "'",
                         kUsage);
    }
    threads = static_cast<int>(*v);
  }
  // Page CRCs are verified unless --no-verify-checksums.
  ReaderOptions reader_options;
  reader_options.verify_checksums = !args.Has("no-verify-checksums");
  if (Status st = ApplyKeyFlags(args, &reader_options); !st.ok()) return ReportUsage(st.ToString(), kUsage);
  const std::string& input = args.positional()[0];
  std::unique_ptr<JsonRows> rows;
  RowReaderOptions options;
  // One pool for the whole run, shared by the file's or dataset's readers.
  if (threads > 1) {
    auto pool = ThreadPool::Make(threads);
    if (!pool.ok()) return ReportError(pool.status());
    options.thread_pool = *pool;
  }
  if (IsDatasetPath(input)) {
    auto ds = OpenDatasetInput(input, args);
    if (!ds.ok()) return ReportError(ds.status());
    if (!ApplyRowFlags(args, (*ds)->schema(), &options, &error)) return ReportUsage(error, kUsage);
    auto opened = DatasetRows::Open(std::move(*ds), options);
    if (!opened.ok()) return ReportError(opened.status());
    rows = std::move(*opened);
  } else {
    auto file = FileReader::Open(input, reader_options);
    if (!file.ok()) return ReportError(file.status());
    ReportWarnings((*file)->metadata());
    if (!ApplyRowFlags(args, (*file)->schema(), &options, &error)) return ReportUsage(error, kUsage);
    auto opened = JsonRowReader::Open(**file, options);
    if (!opened.ok()) return ReportError(opened.status());
    rows = std::make_unique<FileRows>(std::move(*file), std::move(*opened));
  }

  // Writing to a file, the rows counted on stderr (a terminal) for long runs.
  struct stat st_out {};
  const bool to_file = fstat(STDOUT_FILENO, &st_out) == 0 && S_ISREG(st_out.st_mode);
  Progress progress("cat", to_file);
  std::string out;
  int64_t n = 0;
  std::optional<CsvRowWriter> csv_writer;
  if (format == "csv") {
    csv_writer.emplace(rows->field_names(), csv);
    if (csv.header) csv_writer->Header(&out);
  }
  while (head < 0 || n < head) {
    const size_t mark = out.size();
    auto more = csv_writer ? rows->NextCsv(*csv_writer, &out) : rows->Next(&out);
    const Status& st = more.status();
    if (!st.ok()) {
      out.resize(mark);
      std::fwrite(out.data(), 1, out.size(), stdout);  // the complete rows before it
      std::fflush(stdout);
      return ReportError(st);
    }
    if (!*more) break;
    if (!csv_writer) out.push_back('\n');
    ++n;
    if (progress.Due()) progress.Show(std::to_string(n) + " rows");
    if (out.size() >= (1u << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitOk : ReportError(Status::IOError("cannot write to stdout"));
}

}  // namespace parq::cli
