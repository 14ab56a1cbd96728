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
// (JsonRowParserOptions::replace_invalid_utf8).
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"
#include "key_flags.h"
#include "line_reader.h"
#include "parq/file_writer.h"
#include "parq/json.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "writer_flags.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq convert IN.jsonl OUT.parquet --schema SCHEMA.txt [--max-line-bytes N]\n"
                          "       [--replace-invalid-utf8] " PARQ_WRITER_FLAGS_USAGE "\n"
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
               const WriterOptions& wopts, const JsonRowParserOptions& popts, int64_t max_line_bytes) {
  PARQ_ASSIGN_OR_RETURN(auto parser, JsonRowParser::Make(schema, popts));
  PARQ_ASSIGN_OR_RETURN(auto lines, LineReader::Open(in_path, max_line_bytes));
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(out_path, schema, wopts, /*atomic_rename=*/true));
  PARQ_ASSIGN_OR_RETURN(auto rows, RowWriter::Open(*writer));
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
    if (st.ok()) st = long_line ? rows->Write(std::move(row)) : rows->Write(row);
    if (!st.ok()) return std::move(st).AddContext(in_path + ":" + std::to_string(lines->line_number()));
    progress.Update(std::to_string(rows->rows_written()) + " rows");
  }
  PARQ_RETURN_IF_ERROR(rows->Close());
  return writer->Close();
}

}  // namespace

int RunConvert(int argc, char** argv) {
  Args args;
  std::string error;
  std::vector<std::string> valued = kWriterFlags;
  valued.push_back("schema");
  valued.push_back("max-line-bytes");
  valued.insert(valued.end(), kEncryptFlags.begin(), kEncryptFlags.end());
  std::vector<std::string> bare = kWriterBareFlags;
  bare.insert(bare.end(), kEncryptBareFlags.begin(), kEncryptBareFlags.end());
  bare.push_back("replace-invalid-utf8");
  if (!args.Parse(argc, argv, bare, valued, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 2) return ReportUsage("expected IN.jsonl and OUT.parquet", kUsage);
  auto schema_path = args.Get("schema");
  if (!schema_path) return ReportUsage("--schema SCHEMA.txt is required", kUsage);
  int64_t max_line_bytes = kDefaultMaxLineBytes;
  if (auto m = args.Get("max-line-bytes")) {
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(m->c_str(), &end, 10);
    if (m->empty() || *end != '\0' || errno != 0 || v <= 0) {
      return ReportUsage("--max-line-bytes wants a byte count > 0, not '" + *m + "'", kUsage);
    }
    max_line_bytes = v;
  }
  WriterOptions wopts;
  if (Status st = ParseWriterFlags(args, &wopts); !st.ok()) return ReportUsage(st.message(), kUsage);
  if (Status st = ApplyEncryptFlags(args, &wopts); !st.ok()) return ReportUsage(st.message(), kUsage);
  auto schema = ReadSchema(*schema_path);
  if (!schema.ok()) return ReportError(schema.status());
  // The flags against the schema (an --encoding column, its type).
  if (Status st = FileWriter::ValidateOptions(wopts, *schema); !st.ok()) return ReportUsage(st.message(), kUsage);
  JsonRowParserOptions popts;
  popts.replace_invalid_utf8 = args.Has("replace-invalid-utf8");
  Status st = Convert(args.positional()[0], args.positional()[1], *schema, wopts, popts, max_line_bytes);
  if (!st.ok()) return ReportError(st);
  return kExitOk;
}

}  // namespace parq::cli
