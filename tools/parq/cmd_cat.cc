// parq cat FILE [--format jsonl] [--columns a,b.c] [--head N]: the rows as
// canonical JSON (docs/rows-as-json.md), one per line, streamed.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli.h"
#include "key_flags.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq cat FILE [--format jsonl] [--columns a,b.c] [--head N] [--no-verify-checksums]\n"
    "       " PARQ_KEY_FLAGS_USAGE;

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

}  // namespace

int RunCat(int argc, char** argv) {
  Args args;
  std::string error;
  std::vector<std::string> valued = {"format", "columns", "head"};
  valued.insert(valued.end(), kKeyFlags.begin(), kKeyFlags.end());
  if (!args.Parse(argc, argv, {"verify-checksums", "no-verify-checksums"}, valued, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE", kUsage);
  if (auto fmt = args.Get("format"); fmt && *fmt != "jsonl") {
    return ReportUsage("unknown --format '" + *fmt + "' (only jsonl)", kUsage);
  }
  int64_t head = -1;
  if (auto h = args.Get("head")) {
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(h->c_str(), &end, 10);
    if (h->empty() || *end != '\0' || errno != 0 || v < 0) {
      return ReportUsage("--head wants a count >= 0, not '" + *h + "'", kUsage);
    }
    head = v;
  }
  RowReaderOptions options;
  for (const std::string& c : args.GetAll("columns")) {
    for (std::string& p : SplitColumns(c)) options.columns.push_back(std::move(p));
  }

  // Page CRCs are verified unless --no-verify-checksums.
  ReaderOptions reader_options;
  reader_options.verify_checksums = !args.Has("no-verify-checksums");
  if (Status st = ApplyKeyFlags(args, &reader_options); !st.ok()) return ReportUsage(st.ToString(), kUsage);
  auto file = FileReader::Open(args.positional()[0], reader_options);
  if (!file.ok()) return ReportError(file.status());
  ReportWarnings((*file)->metadata());
  auto rows = JsonRowReader::Open(**file, options);
  if (!rows.ok()) return ReportError(rows.status());

  std::string out;
  int64_t n = 0;
  while (head < 0 || n < head) {
    const size_t mark = out.size();
    auto more = (*rows)->Next(&out);
    if (!more.ok()) {
      out.resize(mark);
      std::fwrite(out.data(), 1, out.size(), stdout);  // the complete rows before it
      std::fflush(stdout);
      return ReportError(more.status());
    }
    if (!*more) break;
    out.push_back('\n');
    ++n;
    if (out.size() >= (1u << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitOk : ReportError(Status::IOError("cannot write to stdout"));
}

}  // namespace parq::cli
