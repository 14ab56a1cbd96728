#include "filter_flags.h"

namespace parq::cli {

std::vector<std::string> SplitColumns(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    if (comma == std::string::npos) comma = s.size();
    if (comma > start) out.push_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

bool ApplyRowFlags(const Args& args, const Schema& schema, RowReaderOptions* options, std::string* error) {
  for (const std::string& c : args.GetAll("columns")) {
    for (std::string& p : SplitColumns(c)) options->columns.push_back(std::move(p));
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
