// parq verify FILE [--json] [key flags]: a deep conformance check (parq::VerifyFile,
// parq/verify.h): every finding with where it is (row group, column, page,
// file offset), the rule it breaks and, when created_by explains it, the
// known writer bug.  Exit 0 when there is none, 1 when there is one (or the
// file cannot be read), 2 on a usage error.  Long runs show where the check
// is on stderr (progress.h).
#include <cstdio>
#include <cstdlib>

#include "cli.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/verify.h"
#include "progress.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq verify FILE [--json] [--max-per-rule N] " PARQ_KEY_FLAGS_USAGE;

std::string Location(const VerifyFinding& f) {
  std::string s;
  auto part = [&](const std::string& p) { s += (s.empty() ? "" : ", ") + p; };
  if (f.row_group >= 0) part("row group " + std::to_string(f.row_group));
  if (!f.column.empty()) part("column " + f.column);
  if (f.page >= 0) part("page " + std::to_string(f.page));
  if (f.file_offset >= 0) part("offset " + std::to_string(f.file_offset));
  return s.empty() ? "file" : s;
}

std::string Text(const std::string& path, const VerifyReport& r) {
  const std::string checked = std::to_string(r.row_groups) + " row groups, " + std::to_string(r.column_chunks) +
                              " column chunks, " + std::to_string(r.pages) + " pages, " +
                              std::to_string(r.values) + " values checked";
  if (r.findings.empty()) return path + ": ok, no findings (" + checked + ")\n";
  std::string out = path + ": " + std::to_string(r.findings.size()) +
                    (r.findings.size() == 1 ? " finding" : " findings") + " (" + checked + ")\n";
  for (const VerifyFinding& f : r.findings) {
    out += Location(f) + ": [" + f.rule + "] " + f.message + "\n";
    out += "    rule: " + f.spec + "\n";
    if (!f.writer_bug.empty()) out += "    known writer bug " + f.writer_bug + "\n";
  }
  return out;
}

}  // namespace

const VerbHelp& VerifyHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"json", nullptr, "one JSON object: what was checked and every finding"},
                                        {"max-per-rule", "N", "findings listed per rule and column chunk (5 by default)"}})};
  return h;
}

int RunVerify(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, VerifyHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE", kUsage);
  VerifyOptions options;
  if (auto n = args.Get("max-per-rule")) {
    const std::optional<int64_t> v = ParseCount(*n, 1);
    if (!v || *v > 1000000) return ReportUsage("--max-per-rule wants a number from 1", kUsage);
    options.max_findings_per_rule = static_cast<int>(*v);
  }
  // An encrypted file is checked with its keys; a column whose key is not
  // given is a finding naming it.
  ReaderOptions keys;
  if (Status st = ApplyKeyFlags(args, &keys); !st.ok()) return ReportUsage(st.message(), kUsage);
  options.decryption = keys.decryption;
  const std::string& path = args.positional()[0];
  Progress progress("verify");
  if (progress.enabled()) options.progress = [&](const VerifyProgress& p) {
    progress.Show("row group " + std::to_string(p.row_group) + " / " + std::to_string(p.row_groups) + ", column " +
                  std::to_string(p.column) + " / " + std::to_string(p.columns) + ", " + std::to_string(p.values) +
                  " values");
  };
  Result<VerifyReport> report = VerifyFile(path, options);
  progress.Done();
  if (!report.ok()) return ReportError(report.status());
  const int written = WriteStdout(args.Has("json") ? VerifyReportJson(path, *report) + "\n" : Text(path, *report));
  if (written != kExitOk) return written;
  return report->findings.empty() ? kExitOk : kExitBadFile;
}

}  // namespace parq::cli
