// parq merge OUT IN...: the row groups of the inputs, in order, in one file,
// their column chunks copied as stored, without decoding (parq::MergeFiles,
// parq/file_copy.h).  The inputs must have the same schema; the first
// difference is named.  The footer keeps the first input's key-value
// metadata (and its created_by under parq.source_created_by); the other
// inputs' key-value metadata is not kept.  OUT appears only once complete.
#include <string>
#include <vector>

#include "cli.h"
#include "parq/file_copy.h"
#include "parq/version.h"
#include "progress.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq merge OUT IN...";

}  // namespace

const VerbHelp& MergeHelp() {
  static const VerbHelp h{kUsage, {}};
  return h;
}

int RunMerge(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, MergeHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() < 2) return ReportUsage("expected OUT and at least one IN", kUsage);
  const std::vector<std::string> inputs(args.positional().begin() + 1, args.positional().end());
  WriterOptions options;
  options.created_by = kCreatedBy;
  Progress progress("merge");
  Status st = MergeFiles(inputs, args.positional()[0], options, ReaderOptions(), [&](const CopyProgress& p) {
    progress.Show("file " + std::to_string(p.input) + " / " + std::to_string(p.inputs) + ", row group " +
                  std::to_string(p.row_group) + " / " + std::to_string(p.row_groups));
  });
  progress.Done();
  if (!st.ok()) return ReportError(st);
  return kExitOk;
}

}  // namespace parq::cli
