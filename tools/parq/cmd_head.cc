// parq head FILE [-n N] [--columns a,b.c]: the first N rows (10 unless
// given) as `parq cat` prints them: it is `parq cat FILE --head N`, which
// stops reading once N rows are out.
#include <string>
#include <vector>

#include "cli.h"
#include "key_flags.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq head FILE [-n N] [--columns a,b.c] [--no-verify-checksums]";

}  // namespace

const VerbHelp& HeadHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"rows", "N", "how many rows (10)", 'n'},
                                        {"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                                        {"verify-checksums", nullptr, "verify page CRCs (the default)"},
                                        {"no-verify-checksums", nullptr, "do not verify page CRCs"}})};
  return h;
}

int RunHead(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, HeadHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE", kUsage);
  // The same as cat's arguments; cat checks the count.
  std::vector<std::string> cat = {args.positional()[0], "--head", args.Get("rows").value_or("10")};
  for (const std::string& c : args.GetAll("columns")) {
    cat.push_back("--columns");
    cat.push_back(c);
  }
  if (args.Has("no-verify-checksums")) cat.push_back("--no-verify-checksums");
  ForwardKeyFlags(args, &cat);
  std::vector<char*> argv_cat;
  for (std::string& a : cat) argv_cat.push_back(a.data());
  return RunCat(static_cast<int>(argv_cat.size()), argv_cat.data());
}

}  // namespace parq::cli
