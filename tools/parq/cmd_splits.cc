// parq splits FILE [--size BYTES]: the file's splits for distributed workers
// (parq/splits.h, docs/dataset.md) as one JSON object: byte ranges aligned
// to row groups, each with the row groups whose midpoint it holds.
#include <cstdint>
#include <string>

#include "cli.h"
#include "inspect_util.h"
#include "parq/file_reader.h"
#include "parq/splits.h"
#include "json/json_writer.h"
#include "partition_flags.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq splits FILE [--size BYTES]";

}  // namespace

const VerbHelp& SplitsHelp() {
  static const VerbHelp h{kUsage, {{"size", "BYTES", "the target split size: 128MB (the default), 64KB, 1GB, bytes"}}};
  return h;
}

int RunSplits(int argc, char** argv) {
  Args args;
  int exit_code = kExitOk;
  auto reader = OpenForVerb(argc, argv, SplitsHelp(), 1, 1, "expected one FILE", &args, &exit_code);
  if (!reader) return exit_code;
  int64_t target = int64_t{128} << 20;
  if (auto s = args.Get("size")) {
    auto v = ParseByteSize(*s);
    if (!v) return ReportUsage("--size wants a size such as 128MB or 4096, not '" + *s + "'", kUsage);
    target = *v;
  }
  auto splits = Splits(*reader, target);
  if (!splits.ok()) return ReportError(splits.status());
  std::string out;
  JsonWriter w(&out);
  w.BeginObject();
  w.Key("file");
  w.String(args.positional()[0]);
  w.Key("file_size");
  w.Int64(static_cast<int64_t>(reader->file().size()));
  w.Key("target_bytes");
  w.Int64(target);
  w.Key("splits");
  w.BeginArray();
  for (const Split& s : *splits) {
    w.BeginObject();
    w.Key("offset");
    w.Int64(s.range.offset);
    w.Key("length");
    w.Int64(s.range.length);
    w.Key("row_groups");
    w.BeginArray();
    for (int rg : s.row_groups) w.Int64(rg);
    w.EndArray();
    w.Key("rows");
    w.Int64(s.num_rows);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return WriteStdout(out + "\n");
}

}  // namespace parq::cli
