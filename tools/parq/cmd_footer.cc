// parq footer FILE [--json]: the raw Thrift FileMetaData as one JSON object
// (parq::FooterToJson, parq/footer_json.h): every field the footer holds,
// under its parquet.thrift name; binary fields as base64, enums by name.
// JSON is the only form; --json is accepted for parquet-cli's spelling.
#include "cli.h"
#include "inspect_util.h"
#include "parq/file_reader.h"
#include "parq/footer_json.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq footer FILE [--json]";

}  // namespace

const VerbHelp& FooterHelp() {
  static const VerbHelp h{kUsage, {{"json", nullptr, "JSON (the default and only form)"}}};
  return h;
}

int RunFooter(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, FooterHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE", kUsage);
  auto reader = FileReader::Open(args.positional()[0]);
  if (!reader.ok()) return ReportError(reader.status());
  ReportWarnings((*reader)->metadata());
  return WriteStdout(FooterToJson((*reader)->metadata()) + "\n");
}

}  // namespace parq::cli
