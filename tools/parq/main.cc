// parq — the command-line tool.  One verb per file (cmd_<verb>.cc).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli.h"
#include "completion.h"
#include "parq/version.h"

namespace {

struct Verb {
  const char* name;
  int (*run)(int argc, char** argv);
  const char* summary;
  // The verb's usage and flag table, for `parq VERB --help`; a verb without
  // one gets its --help itself.
  const parq::cli::VerbHelp& (*help)() = nullptr;
};

constexpr Verb kVerbs[] = {
    {"meta", parq::cli::RunMeta, "footer: rows, row groups, column chunks, statistics, offsets", parq::cli::MetaHelp},
    {"schema", parq::cli::RunSchema, "the schema as message-type text", parq::cli::SchemaHelp},
    {"cat", parq::cli::RunCat, "the rows as JSON lines (--columns a,b.c, --head N)", parq::cli::CatHelp},
    {"head", parq::cli::RunHead, "the first N rows as JSON lines (-n N, 10 by default)", parq::cli::HeadHelp},
    {"rewrite", parq::cli::RunRewrite, "the same rows re-encoded (--codec, --page-version, --encoding ...)", parq::cli::RewriteHelp},
    {"merge", parq::cli::RunMerge, "files of one schema in one, row groups copied without decoding", parq::cli::MergeHelp},
    {"prune", parq::cli::RunPrune, "a file without some columns (--drop-columns a,b), the rest copied without decoding", parq::cli::PruneHelp},
    {"convert", parq::cli::RunConvert, "JSON lines + a message-type schema to a Parquet file", parq::cli::ConvertHelp},
    {"scan", parq::cli::RunScan, "the rows a filter selects, counted (--where EXPR, --explain: what was pruned, bytes read)", parq::cli::ScanHelp},
    {"pages", parq::cli::RunPages, "every page header: type, encodings, sizes, counts, statistics, CRC, offset", parq::cli::PagesHelp},
    {"dictionary", parq::cli::RunDictionary, "a column's dictionary values, per row group", parq::cli::DictionaryHelp},
    {"column-index", parq::cli::RunColumnIndex, "the ColumnIndex of each chunk: per-page min, max, nulls", parq::cli::ColumnIndexHelp},
    {"offset-index", parq::cli::RunOffsetIndex, "the OffsetIndex of each chunk: per-page offset, size, first row", parq::cli::OffsetIndexHelp},
    {"bloom", parq::cli::RunBloom, "probe values in a column's Bloom filters, per row group", parq::cli::BloomHelp},
    {"size-stats", parq::cli::RunSizeStats, "SizeStatistics: unencoded bytes, level histograms per chunk and page", parq::cli::SizeStatsHelp},
    {"geospatial-stats", parq::cli::RunGeospatialStats, "GeospatialStatistics: bbox, type codes per chunk (--compute: from the values)", parq::cli::GeospatialStatsHelp},
    {"footer", parq::cli::RunFooter, "the raw Thrift FileMetaData as JSON (--json)", parq::cli::FooterHelp},
    {"splits", parq::cli::RunSplits, "byte ranges aligned to row groups for distributed workers, as JSON (--size 128MB)", parq::cli::SplitsHelp},
    {"verify", parq::cli::RunVerify, "a deep conformance check: every finding, where it is and the rule it breaks", parq::cli::VerifyHelp},
    {"diff", parq::cli::RunDiff, "what differs between two files: schema, metadata, rows by value", parq::cli::DiffHelp},
};

void PrintHelp(FILE* out) {
  std::fprintf(out, "usage: parq [--quiet] VERB [options] FILE...\n       parq VERB --help\n\nverbs:\n");
  for (const Verb& v : kVerbs) std::fprintf(out, "  %-16s %s\n", v.name, v.summary);
  std::fprintf(out, "\ncommon options:\n");
  for (const parq::cli::Flag& f : parq::cli::kCommonFlags) {
    std::fprintf(out, "  -%c, --%-8s %s\n", f.short_name, f.name, f.help);
  }
  std::fprintf(out, "  --version      parq's version\n");
  std::fprintf(out, "\nparq help VERB: the verb's options; parq completion bash: a bash completion script\n");
  std::fprintf(out, "\nexit status: 0 ok, 1 bad or unsupported file, 2 usage error\n");
  std::fprintf(out, "parq prints no colour (NO_COLOR holds trivially); the progress line of\n"
                    "rewrite, convert, merge, prune, verify, diff and cat to a file shows only\n"
                    "when stderr is a terminal\n");
}

bool IsQuiet(const char* a) { return std::strcmp(a, "--quiet") == 0 || std::strcmp(a, "-q") == 0; }
bool IsHelp(const char* a) { return std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0; }

}  // namespace

int main(int argc, char** argv) {
  // The common flags, before the verb or anywhere before "--" after it: the
  // verb gets the arguments without --quiet.
  std::vector<char*> args;
  bool help = false, dashdash = false;
  for (int i = 1; i < argc; ++i) {
    if (!dashdash && IsQuiet(argv[i])) {
      parq::cli::SetQuiet(true);
      continue;
    }
    if (!dashdash && !args.empty() && IsHelp(argv[i])) help = true;
    if (!args.empty() && std::strcmp(argv[i], "--") == 0) dashdash = true;
    args.push_back(argv[i]);
  }
  if (args.empty()) {
    PrintHelp(stderr);
    return parq::cli::kExitUsage;
  }
  std::string verb = args[0];
  if (verb == "help" && args.size() == 2) {  // parq help VERB
    verb = args[1];
    help = true;
  } else if (verb == "--help" || verb == "-h" || verb == "help") {
    PrintHelp(stdout);
    return parq::cli::kExitOk;
  }
  if (verb == "completion") {
    std::vector<parq::cli::VerbFlags> verbs;
    for (const Verb& v : kVerbs) verbs.push_back({v.name, v.help ? &v.help() : nullptr});
    return parq::cli::RunCompletion(static_cast<int>(args.size()) - 1, args.data() + 1, verbs);
  }
  if (verb == "--version" || verb == "version") {
    // The linked library's version (parq::Version), as the files it writes name it.
    std::printf("parq version %s\n", parq::Version());
    return parq::cli::kExitOk;
  }
  for (const Verb& v : kVerbs) {
    if (verb != v.name) continue;
    if (help && v.help) return parq::cli::PrintVerbHelp(v.name, v.summary, v.help());
    return v.run(static_cast<int>(args.size()) - 1, args.data() + 1);
  }
  std::fprintf(stderr, "parq: usage error: unknown verb '%s' (parq --help lists the verbs)\n", verb.c_str());
  PrintHelp(stderr);
  return parq::cli::kExitUsage;
}
