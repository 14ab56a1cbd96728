// parq convert IN.jsonl OUT.parquet --schema SCHEMA.txt [writer options]:
// rows in the canonical JSON of docs/rows-as-json.md (one object per line,
// the form `parq cat` prints), schema in message-type text (the form `parq
// schema` prints).  Streams: one line at a time through JsonRowParser and a
// RowWriter, so memory is bounded by a batch of rows and the open row group,
// never by the input.  A line longer than --max-line-bytes (64 MiB unless
// given) is an error naming it; the memory of a long line and of its row is
// given back once they are written, so a file of one 50 MB line takes about
// three times that.  Errors name the input line; OUT appears only once
// complete (FileOutputOptions::atomic_rename, parq/io.h).  Text that is not
// UTF-8 where UTF-8 is due is an error, or U+FFFD with --replace-invalid-utf8
// (JsonRowParserOptions::replace_invalid_utf8).  With --partition-by OUT is
// a directory of Hive partitions (parq/partitioned_writer.h), which appears
// only once complete too; SIGINT or SIGTERM removes its temporary tree
// (interrupt.h).
//
// parq convert IN.csv OUT.parquet [--schema SCHEMA.txt | --infer-rows N]: CSV
// (RFC 4180) instead, when IN ends in .csv or .tsv or --format csv says so
// (csv_input.h): the schema given, or inferred from the first N records
// (1000); --partition-by as for JSON lines.
#include <cerrno>
#include <cstdlib>
#include <optional>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"
#include "csv_input.h"
#include "key_flags.h"
#include "interrupt.h"
#include "io/line_reader.h"
#include "partition_flags.h"
#include "parq/file_writer.h"
#include "parq/json.h"
#include "parq/partitioned_writer.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "writer_flags.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq convert IN.jsonl OUT.parquet --schema SCHEMA.txt [--max-line-bytes N]\n"
                          "       [--replace-invalid-utf8] " PARQ_WRITER_FLAGS_USAGE "\n"
                          "       [--partition-by COL,... [--max-rows-per-file N] [--target-file-size BYTES]\n"
                          "       [--max-open-files N]]\n"
                          "       parq convert IN.csv OUT.parquet [--schema SCHEMA.txt | --infer-rows N] [--format csv]\n"
                          "       [--delimiter C] [--no-header] [--null-string TEXT] [--max-line-bytes N] [writer flags]\n"
                          "       [--partition-by COL,... ...]\n"
                          "       " PARQ_ENCRYPT_FLAGS_USAGE;

constexpr int64_t kDefaultMaxLineBytes = int64_t{64} << 20;
// A row whose line was longer than this gives its memory back once written.
constexpr size_t kLongLine = size_t{1} << 20;

Result<Schema> ReadSchema(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IOError("cannot open schema file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) return Status::IOError("cannot read schema file '" + path + "'");
  auto schema = ParseMessageType(text.str());
  if (!schema.ok()) return Status(schema.status()).AddContext("schema file '" + path + "'");
  return schema;
}

bool Blank(std::string_view line) {
  for (char c : line) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

Status Convert(const std::string& in_path, const std::string& out_path, const Schema& schema,
               const WriterOptions& wopts, const JsonRowParserOptions& popts, int64_t max_line_bytes,
               const PartitionedWriterOptions* partitioned) {
  PARQ_ASSIGN_OR_RETURN(auto parser, JsonRowParser::Make(schema, popts));
  PARQ_ASSIGN_OR_RETURN(auto lines, LineReader::Open(in_path, max_line_bytes));
  std::unique_ptr<FileWriter> writer;
  std::unique_ptr<RowWriter> rows;
  std::unique_ptr<PartitionedWriter> parts;
  if (partitioned != nullptr) {
    PARQ_ASSIGN_OR_RETURN(parts, PartitionedWriter::Open(out_path, schema, *partitioned));
  } else {
    PARQ_ASSIGN_OR_RETURN(writer, FileWriter::Open(out_path, schema, wopts, /*atomic_rename=*/true));
    PARQ_ASSIGN_OR_RETURN(rows, RowWriter::Open(*writer));
  }
  Progress progress("convert");
  Value row;
  while (true) {
    std::string_view line;
    Result<bool> more = lines->Next(&line);
    if (!more.ok()) return std::move(more).status().AddContext(in_path + ":" + std::to_string(lines->line_number() + 1));
    if (!*more) break;
    if (Blank(line)) continue;
    const bool long_line = line.size() > kLongLine;
    Status st = parser->Parse(line, &row);
    // A long line and its row are not kept beside the copies the writer makes.
    if (long_line) lines->Release();
    if (st.ok()) st = parts ? parts->Write(row) : long_line ? rows->Write(std::move(row)) : rows->Write(row);
    if (!st.ok()) return std::move(st).AddContext(in_path + ":" + std::to_string(lines->line_number()));
    progress.Update(std::to_string(parts ? parts->rows_written() : rows->rows_written()) + " rows");
    PARQ_RETURN_IF_ERROR(CheckInterrupted());
  }
  if (parts) return parts->Close();
  PARQ_RETURN_IF_ERROR(rows->Close());
  return writer->Close();
}

}  // namespace

const VerbHelp& ConvertHelp() {
  static const VerbHelp h = [] {
    VerbHelp v{kUsage,
               {{"schema", "SCHEMA.txt", "the schema in message-type text (required for JSON lines)"},
                {"max-line-bytes", "N", "refuse an input line (a CSV record) longer than N bytes (64 MiB)"},
                {"replace-invalid-utf8", nullptr, "U+FFFD for ill-formed UTF-8 instead of an error"},
                {"format", "jsonl|csv", "the input form (csv for a name ending in .csv or .tsv, else jsonl)"},
                {"infer-rows", "N", "csv without --schema: infer the schema from the first N records (1000)"},
                {"delimiter", "C", "csv: the cell separator (one character; ',', a tab for .tsv)"},
                {"no-header", nullptr, "csv: no header row (columns column1, column2, ... or the schema's order)"},
                {"null-string", "TEXT", "csv: an unquoted cell of this text is null (an empty one always is)"}}};
    for (Flag& f : WriterFlagTable()) v.flags.push_back(f);
    for (Flag& f : PartitionFlagTable()) v.flags.push_back(f);
    v.flags = WithEncryptFlags(std::move(v.flags));
    return v;
  }();
  return h;
}

int RunConvert(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, ConvertHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 2) return ReportUsage("expected IN.jsonl and OUT.parquet (or OUT_DIR)", kUsage);
  const std::string& in = args.positional()[0];
  const bool tsv = in.ends_with(".tsv");
  const std::string format = args.Get("format").value_or(in.ends_with(".csv") || tsv ? "csv" : "jsonl");
  if (format != "jsonl" && format != "csv") return ReportUsage("unknown --format '" + format + "' (jsonl or csv)", kUsage);
  const bool csv = format == "csv";
  if (!csv && (args.Has("infer-rows") || args.Has("delimiter") || args.Has("no-header") || args.Has("null-string"))) {
    return ReportUsage("--infer-rows, --delimiter, --no-header and --null-string go with CSV input", kUsage);
  }
  auto schema_path = args.Get("schema");
  if (!schema_path && !csv) return ReportUsage("--schema SCHEMA.txt is required", kUsage);
  if (schema_path && args.Has("infer-rows")) return ReportUsage("--schema or --infer-rows, not both", kUsage);
  CsvInputOptions copts;
  copts.csv.delimiter = tsv ? '\t' : ',';
  if (!ParseCsvFlags(args, &copts.csv, &error)) return ReportUsage(error, kUsage);
  if (auto n = args.Get("infer-rows")) {
    const std::optional<int64_t> v = ParseCount(*n, 1);
    if (!v) return ReportUsage("--infer-rows wants a count > 0, not '" + *n + "'", kUsage);
    copts.infer_rows = *v;
  }
  int64_t max_line_bytes = kDefaultMaxLineBytes;
  if (auto m = args.Get("max-line-bytes")) {
    const std::optional<int64_t> v = ParseCount(*m, 1);
    if (!v) return ReportUsage("--max-line-bytes wants a byte count > 0, not '" + *m + "'", kUsage);
    max_line_bytes = *v;
  }
  WriterOptions wopts;
  if (Status st = ParseWriterFlags(args, &wopts); !st.ok()) return ReportUsage(st.message(), kUsage);
  PartitionedWriterOptions partitioned;
  const bool partition = ParsePartitionFlags(args, wopts, &partitioned, &error);
  if (!error.empty()) return ReportUsage(error, kUsage);
  if (Status st = ApplyEncryptFlags(args, &wopts); !st.ok()) return ReportUsage(st.message(), kUsage);
  if (csv) {
    copts.max_record_bytes = max_line_bytes;
    Schema given;
    if (schema_path) {
      auto s = ReadSchema(*schema_path);
      if (!s.ok()) return ReportError(s.status());
      if (Status st = FileWriter::ValidateOptions(wopts, *s); !st.ok()) return ReportUsage(st.message(), kUsage);
      given = std::move(*s);
    }
    Status st = ConvertCsv(in, args.positional()[1], schema_path ? &given : nullptr, wopts, copts,
                           partition ? &partitioned : nullptr);
    return st.ok() ? kExitOk : ReportError(st);
  }
  auto schema = ReadSchema(*schema_path);
  if (!schema.ok()) return ReportError(schema.status());
  // The flags against the schema (an --encoding column, its type).
  if (Status st = FileWriter::ValidateOptions(wopts, *schema); !st.ok()) return ReportUsage(st.message(), kUsage);
  JsonRowParserOptions popts;
  popts.replace_invalid_utf8 = args.Has("replace-invalid-utf8");
  // SIGINT / SIGTERM during a partitioned write remove its temporary tree.
  std::optional<InterruptGuard> guard;
  if (partition) guard.emplace();
  Status st = Convert(args.positional()[0], args.positional()[1], *schema, wopts, popts, max_line_bytes,
                      partition ? &partitioned : nullptr);
  if (!st.ok()) return ReportError(st);
  return kExitOk;
}

}  // namespace parq::cli
