// parq convert IN.jsonl OUT.parquet --schema SCHEMA.txt [writer options]:
// rows in the canonical JSON of docs/rows-as-json.md (one object per line,
// the form `parq cat` prints), schema in message-type text (the form `parq
// schema` prints).  Streams: one line at a time through JsonRowParser and a
// RowWriter, so memory is bounded by a batch of rows and the open row group,
// never by the input.  Errors name the input line; the output is written to a
// temporary sibling and renamed only on success.  Text that is not UTF-8
// where UTF-8 is due is an error, or U+FFFD with --replace-invalid-utf8
// (JsonRowParserOptions::replace_invalid_utf8).
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"
#include "parq/file_writer.h"
#include "parq/json.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "writer_flags.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq convert IN.jsonl OUT.parquet --schema SCHEMA.txt [--replace-invalid-utf8] " PARQ_WRITER_FLAGS_USAGE;

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

bool Blank(const std::string& line) {
  for (char c : line) {
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

Status Convert(const std::string& in_path, const std::string& out_path, const std::string& schema_path,
               const WriterOptions& wopts, const JsonRowParserOptions& popts) {
  PARQ_ASSIGN_OR_RETURN(Schema schema, ReadSchema(schema_path));
  PARQ_ASSIGN_OR_RETURN(auto parser, JsonRowParser::Make(schema, popts));
  std::ifstream in(in_path, std::ios::binary);
  if (!in) return Status::IOError("cannot open '" + in_path + "'");
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(out_path, schema, wopts, /*atomic_rename=*/true));
  PARQ_ASSIGN_OR_RETURN(auto rows, RowWriter::Open(*writer));
  Progress progress("convert");
  std::string line;
  Value row;
  int64_t line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (Blank(line)) continue;
    Status st = parser->Parse(line, &row);
    if (st.ok()) st = rows->Write(row);
    if (!st.ok()) return std::move(st).AddContext(in_path + ":" + std::to_string(line_no));
    progress.Update(std::to_string(rows->rows_written()) + " rows");
  }
  if (in.bad()) return Status::IOError("cannot read '" + in_path + "'");
  PARQ_RETURN_IF_ERROR(rows->Close());
  return writer->Close();
}

}  // namespace

int RunConvert(int argc, char** argv) {
  Args args;
  std::string error;
  std::vector<std::string> valued = kWriterFlags;
  valued.push_back("schema");
  std::vector<std::string> bare = kWriterBareFlags;
  bare.push_back("replace-invalid-utf8");
  if (!args.Parse(argc, argv, bare, valued, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 2) return ReportUsage("expected IN.jsonl and OUT.parquet", kUsage);
  auto schema = args.Get("schema");
  if (!schema) return ReportUsage("--schema SCHEMA.txt is required", kUsage);
  WriterOptions wopts;
  if (!ParseWriterFlags(args, &wopts, &error)) return ReportUsage(error, kUsage);
  JsonRowParserOptions popts;
  popts.replace_invalid_utf8 = args.Has("replace-invalid-utf8");
  Status st = Convert(args.positional()[0], args.positional()[1], *schema, wopts, popts);
  if (!st.ok()) return ReportError(st);
  return kExitOk;
}

}  // namespace parq::cli
