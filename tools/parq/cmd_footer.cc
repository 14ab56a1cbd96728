// parq footer FILE [--json]: the raw Thrift FileMetaData as one JSON object
// (parq::FooterToJson, parq/footer_json.h): every field the footer holds,
// under its parquet.thrift name; binary fields as base64, enums by name.
// JSON is the only form; --json is accepted for parquet-cli's spelling.
#include "cli.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/file_reader.h"
#include "parq/footer_json.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq footer FILE [--json]";

}  // namespace

const VerbHelp& FooterHelp() {
  static const VerbHelp h{kUsage, WithKeyFlags({{"json", nullptr, "JSON (the default and only form)"}})};
  return h;
}

int RunFooter(int argc, char** argv) {
  Args args;
  int exit_code = kExitOk;
  auto reader = OpenForVerb(argc, argv, FooterHelp(), 1, 1, "expected one FILE", &args, &exit_code);
  if (!reader) return exit_code;
  return WriteStdout(FooterToJson(reader->metadata()) + "\n");
}

}  // namespace parq::cli
