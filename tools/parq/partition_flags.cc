#include "partition_flags.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>

#include "inspect_util.h"

namespace parq::cli {
namespace {

}  // namespace

std::optional<int64_t> ParseByteSize(const std::string& text) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (end == text.c_str() || errno != 0 || v < 1) return std::nullopt;
  std::string unit(end);
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  int shift = 0;
  if (unit.empty() || unit == "B") {
    shift = 0;
  } else if (unit == "KB" || unit == "KIB" || unit == "K") {
    shift = 10;
  } else if (unit == "MB" || unit == "MIB" || unit == "M") {
    shift = 20;
  } else if (unit == "GB" || unit == "GIB" || unit == "G") {
    shift = 30;
  } else {
    return std::nullopt;
  }
  if (v > (LLONG_MAX >> shift)) return std::nullopt;
  return static_cast<int64_t>(v) << shift;
}

std::vector<Flag> PartitionFlagTable() {
  return {{"partition-by", "COL,...", "write OUT as a directory, one key=value directory per value of these columns"},
          {"max-rows-per-file", "N", "with --partition-by: a new file after N rows"},
          {"target-file-size", "BYTES", "with --partition-by: a new file after about BYTES (128MB, 64KB, ...)"},
          {"max-open-files", "N", "with --partition-by: files open at once (64)"}};
}

bool ParsePartitionFlags(const Args& args, const WriterOptions& wopts, PartitionedWriterOptions* options,
                         std::string* error) {
  if (!args.Has("partition-by")) {
    for (const char* f : {"max-rows-per-file", "target-file-size", "max-open-files"}) {
      if (args.Has(f)) *error = std::string("--") + f + " needs --partition-by";
    }
    return false;
  }
  for (const std::string& c : args.GetAll("partition-by")) {
    for (std::string& p : SplitList(c)) options->partition_by.push_back(std::move(p));
  }
  if (options->partition_by.empty()) {
    *error = "--partition-by wants column names";
    return false;
  }
  options->writer_options = wopts;
  if (auto n = args.Get("max-rows-per-file")) {
    auto v = ParseCount(*n, 1);
    if (!v) *error = "--max-rows-per-file wants a count >= 1, not '" + *n + "'";
    options->max_rows_per_file = v.value_or(0);
  }
  if (auto n = args.Get("target-file-size")) {
    auto v = ParseByteSize(*n);
    if (!v) *error = "--target-file-size wants a size such as 128MB or 4096, not '" + *n + "'";
    options->target_file_bytes = v.value_or(0);
  }
  if (auto n = args.Get("max-open-files")) {
    auto v = ParseCount(*n, 1);
    if (!v || *v > INT_MAX) *error = "--max-open-files wants a count >= 1, not '" + *n + "'";
    options->max_open_files = static_cast<int>(std::min<int64_t>(v.value_or(1), INT_MAX));
  }
  return error->empty();
}

}  // namespace parq::cli
