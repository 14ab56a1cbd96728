// parq offset-index FILE [COL] [--json]: each chunk's OffsetIndex (per page:
// file offset, compressed size, first row, unencoded byte-array bytes), as
// `meta --page-index` shows it.
#include "cli.h"
#include "key_flags.h"
#include "meta_index.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq offset-index FILE [COLUMN] [--json]";

}  // namespace

const VerbHelp& OffsetIndexHelp() {
  static const VerbHelp h{kUsage, WithKeyFlags({{"json", nullptr, "one JSON array of chunks"}})};
  return h;
}

int RunOffsetIndex(int argc, char** argv) {
  return RunPageIndexVerb(argc, argv, IndexParts::kOffsetIndex, OffsetIndexHelp());
}

}  // namespace parq::cli
