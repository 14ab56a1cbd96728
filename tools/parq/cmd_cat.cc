// parq cat FILE [--format jsonl] [--columns a,b.c] [--where EXPR] [--head N]:
// the rows as canonical JSON (docs/rows-as-json.md), one per line, streamed;
// with --where only the rows the filter (docs/filter.md) makes true.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli.h"
#include "filter_flags.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "progress.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq cat FILE [--format jsonl] [--columns a,b.c] [--where EXPR] [--head N] [--no-verify-checksums]\n"
    "       " PARQ_KEY_FLAGS_USAGE;

}  // namespace

const VerbHelp& CatHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"format", "jsonl", "the output form (only jsonl: one canonical JSON row a line)"},
                                        {"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                                        {"where", "EXPR", "only the rows the filter makes true (docs/filter.md)"},
                                        {"head", "N", "stop after N rows"},
                                        {"verify-checksums", nullptr, "verify page CRCs (the default)"},
                                        {"no-verify-checksums", nullptr, "do not verify page CRCs"}})};
  return h;
}

int RunCat(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, CatHelp().flags, &error)) return ReportUsage(error, kUsage);
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
  // Page CRCs are verified unless --no-verify-checksums.
  ReaderOptions reader_options;
  reader_options.verify_checksums = !args.Has("no-verify-checksums");
  if (Status st = ApplyKeyFlags(args, &reader_options); !st.ok()) return ReportUsage(st.ToString(), kUsage);
  auto file = FileReader::Open(args.positional()[0], reader_options);
  if (!file.ok()) return ReportError(file.status());
  ReportWarnings((*file)->metadata());
  RowReaderOptions options;
  if (!ApplyRowFlags(args, (*file)->schema(), &options, &error)) return ReportUsage(error, kUsage);
  auto rows = JsonRowReader::Open(**file, options);
  if (!rows.ok()) return ReportError(rows.status());

  // Writing to a file, the rows counted on stderr (a terminal) for long runs.
  struct stat st_out {};
  const bool to_file = fstat(STDOUT_FILENO, &st_out) == 0 && S_ISREG(st_out.st_mode);
  Progress progress("cat", to_file);
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
    if (progress.Due()) progress.Show(std::to_string(n) + " rows");
    if (out.size() >= (1u << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitOk : ReportError(Status::IOError("cannot write to stdout"));
}

}  // namespace parq::cli
