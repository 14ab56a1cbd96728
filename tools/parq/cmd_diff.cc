// parq diff A B [--values-only] [--float-tolerance X] [--key COL]
// [--max-key-memory BYTES] [--max-diffs N] [--json]: what differs between two
// files (parq::DiffFiles, parq/diff.h) — schema, metadata and rows — as a
// summary, then the first N differences.  Exit 0 when equal, 1 when
// different (or a file cannot be read), 2 on a usage error.  Long runs show
// the rows read on stderr (progress.h).
#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "cli.h"
#include "inspect_util.h"
#include "parq/diff.h"
#include "parq/file_reader.h"
#include "partition_flags.h"
#include "progress.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq diff A B [--values-only] [--float-tolerance X] [--key COL] [--max-diffs N] [--json]\n"
    "       [--max-key-memory BYTES] [--no-verify-checksums]";

std::string Location(const Difference& d) {
  switch (d.kind) {
    case Difference::Kind::kSchema: return "schema field " + d.column;
    case Difference::Kind::kMetadata:
      return (d.column.empty() ? std::string("file") : "column " + d.column) +
             (d.row_group >= 0 ? ", row group " + std::to_string(d.row_group) : "");
    case Difference::Kind::kRow:
      return "row " + std::to_string(d.row) + (d.column.empty() ? "" : ", column " + d.column);
  }
  return "";
}

std::string Show(const std::string& s) {
  if (s.empty()) return "(absent)";
  return s.size() > 200 ? s.substr(0, 200) + "..." : s;
}

std::string Summary(const DiffReport& r) {
  return std::to_string(r.schema_differences) + " schema, " + std::to_string(r.metadata_differences) +
         " metadata, " + std::to_string(r.row_differences) + " row differences (rows: " +
         std::to_string(r.rows_a) + " and " + std::to_string(r.rows_b) + ")";
}

std::string Text(const std::string& a, const std::string& b, const DiffReport& r) {
  if (r.equal()) return a + " and " + b + ": equal (" + std::to_string(r.rows_a) + " rows)\n";
  std::string out = a + " and " + b + ": different: " + Summary(r) + "\n";
  for (const Difference& d : r.differences) {
    out += Location(d) + ": " + d.what + ": " + Show(d.a) + " vs " + Show(d.b) + "\n";
  }
  const int64_t total = r.schema_differences + r.metadata_differences + r.row_differences;
  const int64_t rest = total - static_cast<int64_t>(r.differences.size());
  if (rest > 0) out += "(and " + std::to_string(rest) + " more; --max-diffs N lists more)\n";
  return out;
}

}  // namespace

const VerbHelp& DiffHelp() {
  static const VerbHelp h{
      kUsage,
      {{"values-only", nullptr, "rows only, by value: a DECIMAL equals the same number stored otherwise"},
       {"float-tolerance", "X", "FLOAT / DOUBLE values within X of each other are equal"},
       {"key", "COL", "match rows by this top-level column instead of by position"},
       {"max-key-memory", "BYTES", "--key on files not both sorted by it: memory for B's rows (2GiB)"},
       {"max-diffs", "N", "differences listed after the summary (10 by default)"},
       {"json", nullptr, "one JSON object: the counts and the differences listed"},
       {"no-verify-checksums", nullptr, "do not verify the page CRCs of either file"}}};
  return h;
}

int RunDiff(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, DiffHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 2) return ReportUsage("expected two files, A and B", kUsage);
  DiffOptions options;
  options.values_only = args.Has("values-only");
  if (auto t = args.Get("float-tolerance")) {
    char* end = nullptr;
    errno = 0;
    options.float_tolerance = std::strtod(t->c_str(), &end);
    if (t->empty() || *end != '\0' || errno != 0 || !(options.float_tolerance >= 0)) {
      return ReportUsage("--float-tolerance wants a number >= 0", kUsage);
    }
  }
  if (auto n = args.Get("max-diffs")) {
    const std::optional<int64_t> v = ParseCount(*n, 0);
    if (!v) return ReportUsage("--max-diffs wants a number >= 0", kUsage);
    options.max_differences = *v;
  }
  if (auto k = args.Get("key")) {
    if (k->empty()) return ReportUsage("--key wants a column", kUsage);
    options.key = *k;
  }
  if (auto m = args.Get("max-key-memory")) {
    const std::optional<int64_t> v = ParseByteSize(*m);
    if (!v) return ReportUsage("--max-key-memory wants a byte count (1GiB, 512MB, ...), not '" + *m + "'", kUsage);
    if (options.key.empty()) return ReportUsage("--max-key-memory goes with --key", kUsage);
    options.max_key_memory = *v;
  }
  const std::string& pa = args.positional()[0];
  const std::string& pb = args.positional()[1];
  ReaderOptions reader_options;
  reader_options.verify_checksums = !args.Has("no-verify-checksums");
  auto a = FileReader::Open(pa, reader_options);
  if (!a.ok()) return ReportError(a.status());
  auto b = FileReader::Open(pb, reader_options);
  if (!b.ok()) return ReportError(b.status());
  ReportWarnings((*a)->metadata());
  ReportWarnings((*b)->metadata());
  if (!options.key.empty() && ((*a)->schema().root().FindChild(options.key) == nullptr ||
                               (*b)->schema().root().FindChild(options.key) == nullptr)) {
    return ReportUsage("--key " + options.key + ": no such top-level column in both files", kUsage);
  }
  Progress progress("diff");
  if (progress.enabled()) options.progress = [&](const DiffProgress& p) {
    progress.Show("rows " + std::to_string(p.rows_a) + " / " + std::to_string(p.total_a) + " of A, " +
                  std::to_string(p.rows_b) + " / " + std::to_string(p.total_b) + " of B");
  };
  Result<DiffReport> report = DiffFiles(**a, **b, options);
  progress.Done();
  if (!report.ok()) {
    if (report.status().code() == StatusCode::kInvalidArgument && !options.key.empty()) {
      return ReportUsage(report.status().message(), kUsage);
    }
    return ReportError(report.status());
  }
  const int written = WriteStdout(args.Has("json") ? DiffReportJson(*report) + "\n" : Text(pa, pb, *report));
  if (written != kExitOk) return written;
  return report->equal() ? kExitOk : kExitBadFile;
}

}  // namespace parq::cli
