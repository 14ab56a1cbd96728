// parq column-index FILE [COL] [--json]: each chunk's ColumnIndex (per page:
// null page, min and max by the column's type, null and NaN counts, level
// histograms), as `meta --page-index` shows it.
#include "cli.h"
#include "key_flags.h"
#include "meta_index.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq column-index FILE [COLUMN] [--json]";

}  // namespace

const VerbHelp& ColumnIndexHelp() {
  static const VerbHelp h{kUsage, WithKeyFlags({{"json", nullptr, "one JSON array of chunks"}})};
  return h;
}

int RunColumnIndex(int argc, char** argv) {
  return RunPageIndexVerb(argc, argv, IndexParts::kColumnIndex, ColumnIndexHelp());
}

}  // namespace parq::cli
