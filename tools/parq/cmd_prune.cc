// parq prune IN OUT --drop-columns a,b.c: IN without those fields (dotted
// paths; a group drops every leaf below it), the schema rewritten and the
// kept column chunks copied as stored, without decoding (parq::DropColumns,
// parq/file_copy.h).  Dropping every column is refused.  The footer keeps
// IN's metadata as rewrite does.  OUT appears only once complete.
#include <string>
#include <vector>

#include "cli.h"
#include "inspect_util.h"
#include "parq/file_copy.h"
#include "parq/file_reader.h"
#include "parq/version.h"
#include "progress.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq prune IN OUT --drop-columns a,b.c";

}  // namespace

const VerbHelp& PruneHelp() {
  static const VerbHelp h{kUsage,
                          {{"drop-columns", "a,b.c", "the fields to drop (dotted paths; a group drops its leaves; repeatable)"}}};
  return h;
}

int RunPrune(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, PruneHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 2) return ReportUsage("expected IN and OUT", kUsage);
  std::vector<std::string> drop;
  for (const std::string& list : args.GetAll("drop-columns")) {
    for (std::string& path : SplitList(list)) drop.push_back(std::move(path));
  }
  if (drop.empty()) return ReportUsage("--drop-columns a,b.c is required", kUsage);
  // The paths against IN's schema first: a path naming nothing is a usage error.
  auto reader = FileReader::Open(args.positional()[0]);
  if (!reader.ok()) return ReportError(reader.status());
  ReportWarnings((*reader)->metadata());
  if (auto kept = ColumnsWithout((*reader)->schema(), drop); !kept.ok()) {
    return ReportUsage(kept.status().message(), kUsage);
  }
  reader->reset();
  WriterOptions options;
  options.created_by = kCreatedBy;
  Progress progress("prune");
  Status st = DropColumns(args.positional()[0], args.positional()[1], drop, options, ReaderOptions(),
                          [&](const CopyProgress& p) {
                            progress.Show("row group " + std::to_string(p.row_group) + " / " +
                                          std::to_string(p.row_groups));
                          });
  progress.Done();
  if (!st.ok()) return ReportError(st);
  return kExitOk;
}

}  // namespace parq::cli
