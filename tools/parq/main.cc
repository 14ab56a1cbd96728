// parq — the command-line tool.  One verb per file (cmd_<verb>.cc).
#include <cstdio>
#include <cstring>
#include <string>

#include "cli.h"
#include "parq/version.h"

namespace {

struct Verb {
  const char* name;
  int (*run)(int argc, char** argv);
  const char* summary;
};

constexpr Verb kVerbs[] = {
    {"meta", parq::cli::RunMeta, "footer: rows, row groups, column chunks, statistics, offsets"},
    {"schema", parq::cli::RunSchema, "the schema as message-type text"},
    {"cat", parq::cli::RunCat, "the rows as JSON lines (--columns a,b.c, --head N)"},
    {"rewrite", parq::cli::RunRewrite, "the same rows re-encoded (--codec, --page-version, --encoding ...)"},
    {"convert", parq::cli::RunConvert, "JSON lines + a message-type schema to a Parquet file"},
    {"scan", parq::cli::RunScan, "the rows a filter selects, counted (--where EXPR, --explain: what was pruned, bytes read)"},
};

void PrintHelp(FILE* out) {
  std::fprintf(out, "usage: parq VERB [options] FILE...\n\nverbs:\n");
  for (const Verb& v : kVerbs) std::fprintf(out, "  %-10s %s\n", v.name, v.summary);
  std::fprintf(out, "\nexit status: 0 ok, 1 bad or unsupported file, 2 usage error\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    PrintHelp(stderr);
    return parq::cli::kExitUsage;
  }
  std::string verb = argv[1];
  if (verb == "--help" || verb == "-h" || verb == "help") {
    PrintHelp(stdout);
    return parq::cli::kExitOk;
  }
  if (verb == "--version" || verb == "version") {
    // The linked library's version (parq::Version), as the files it writes name it.
    std::printf("parq version %s\n", parq::Version());
    return parq::cli::kExitOk;
  }
  for (const Verb& v : kVerbs) {
    if (verb == v.name) return v.run(argc - 2, argv + 2);
  }
  std::fprintf(stderr, "parq: usage error: unknown verb '%s'\n", verb.c_str());
  PrintHelp(stderr);
  return parq::cli::kExitUsage;
}
