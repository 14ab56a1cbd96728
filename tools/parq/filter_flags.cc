#include "filter_flags.h"

#include "inspect_util.h"

namespace parq::cli {

bool ApplyRowFlags(const Args& args, const Schema& schema, RowReaderOptions* options, std::string* error) {
  for (const std::string& c : args.GetAll("columns")) {
    for (std::string& p : SplitList(c)) options->columns.push_back(std::move(p));
  }
  if (auto where = args.Get("where")) {
    Result<Filter> filter = ParseFilter(*where, schema);
    if (!filter.ok()) {
      *error = filter.status().message();
      return false;
    }
    options->filter = std::move(*filter);
  }
  return true;
}

}  // namespace parq::cli
