// parq cat FILE [--format jsonl|csv] [--columns a,b.c] [--where EXPR] [--head N]:
// the rows as canonical JSON (docs/rows-as-json.md), one per line, streamed;
// with --where only the rows the filter (docs/filter.md) makes true.  With
// --format csv the same rows as RFC 4180 CSV (parq::CsvRowWriter,
// parq/csv.h): a header row (unless --no-header), each top-level field a
// cell with its JSON text (strings unquoted; groups as JSON).
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
#include "filter_flags.h"
#include "inspect_util.h"
#include "parq/csv.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "progress.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq cat FILE [--format jsonl|csv] [--columns a,b.c] [--where EXPR] [--head N] [--no-verify-checksums]\n"
    "       [--delimiter C] [--no-header] [--null-string TEXT]";

}  // namespace

const VerbHelp& CatHelp() {
  static const VerbHelp h{kUsage,
                          {{"format", "jsonl|csv", "one canonical JSON row a line (jsonl), or RFC 4180 CSV (csv)"},
                           {"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                           {"where", "EXPR", "only the rows the filter makes true (docs/filter.md)"},
                           {"head", "N", "stop after N rows"},
                           {"verify-checksums", nullptr, "verify page CRCs (the default)"},
                           {"no-verify-checksums", nullptr, "do not verify page CRCs"},
                           {"delimiter", "C", "csv: the cell separator (one character; ',')"},
                           {"no-header", nullptr, "csv: no header row"},
                           {"null-string", "TEXT", "csv: the text of a null (an empty cell)"}}};
  return h;
}

int RunCat(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, CatHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE", kUsage);
  const std::string format = args.Get("format").value_or("jsonl");
  if (format != "jsonl" && format != "csv") {
    return ReportUsage("unknown --format '" + format + "' (jsonl or csv)", kUsage);
  }
  CsvOptions csv;
  if (!ParseCsvFlags(args, &csv, &error)) return ReportUsage(error, kUsage);
  if (format != "csv" && (args.Has("delimiter") || args.Has("no-header") || args.Has("null-string"))) {
    return ReportUsage("--delimiter, --no-header and --null-string go with --format csv", kUsage);
  }
  int64_t head = -1;
  if (auto h = args.Get("head")) {
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(h->c_str(), &end, 10);
    if (h->empty() || *end != '\0' || errno != 0 || v < 0) {
      return ReportUsage("--head wants a count >= 0, not '" + *h + "'", kUsage);
    }
    head = v;
  }
  // Page CRCs are verified unless --no-verify-checksums.
  ReaderOptions reader_options;
  reader_options.verify_checksums = !args.Has("no-verify-checksums");
  auto file = FileReader::Open(args.positional()[0], reader_options);
  if (!file.ok()) return ReportError(file.status());
  ReportWarnings((*file)->metadata());
  RowReaderOptions options;
  if (!ApplyRowFlags(args, (*file)->schema(), &options, &error)) return ReportUsage(error, kUsage);
  auto rows = JsonRowReader::Open(**file, options);
  if (!rows.ok()) return ReportError(rows.status());

  // Writing to a file, the rows counted on stderr (a terminal) for long runs.
  struct stat st_out {};
  const bool to_file = fstat(STDOUT_FILENO, &st_out) == 0 && S_ISREG(st_out.st_mode);
  Progress progress("cat", to_file);
  std::string out;
  int64_t n = 0;
  std::optional<CsvRowWriter> csv_writer;
  std::string json;
  if (format == "csv") {
    csv_writer.emplace((*rows)->field_names(), csv);
    if (csv.header) csv_writer->Header(&out);
  }
  while (head < 0 || n < head) {
    const size_t mark = out.size();
    json.clear();
    auto more = (*rows)->Next(csv_writer ? &json : &out);
    Status st = more.status();
    if (st.ok() && *more && csv_writer) st = csv_writer->Append(json, &out);
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
