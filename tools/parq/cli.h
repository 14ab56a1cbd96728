// Shared pieces of the parq command-line tool: argument parsing and the
// exit-status conventions (0 ok, 1 bad or unsupported file, 2 usage error).
#ifndef PARQ_TOOLS_CLI_H_
#define PARQ_TOOLS_CLI_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "parq/metadata.h"
#include "parq/status.h"

namespace parq::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadFile = 1;
inline constexpr int kExitUsage = 2;

// One option of a verb, as its flag table declares it: the table both parses
// (Args::Parse) and prints the verb's --help (PrintVerbHelp).
struct Flag {
  const char* name;   // without the dashes: "columns"
  const char* value;  // the value's placeholder in help ("a,b.c"); nullptr: a bare flag
  const char* help;   // one line
  char short_name = 0;  // a one-letter alias (`-n 5`), or 0
};

// A verb's usage line (the one usage errors print) and its flag table.
struct VerbHelp {
  const char* usage;
  std::vector<Flag> flags;
};

// Arguments after the verb: positionals, and options `--name value`,
// `--name=value` or bare `--flag`.  Which options take a value is declared
// up front so that `--json FILE` is not misread.
class Args {
 public:
  // Returns false (and fills `error`) on an unknown option or a missing value.
  bool Parse(int argc, char** argv, const std::vector<std::string>& flags,
             const std::vector<std::string>& valued, std::string* error);
  // The same from a flag table; a table's one-letter aliases are read too
  // (`-n 5`, as `--name 5`); any other single-dash word stays positional.
  bool Parse(int argc, char** argv, const std::vector<Flag>& table, std::string* error);

  const std::vector<std::string>& positional() const { return positional_; }
  bool Has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> Get(const std::string& name) const;
  // Every value given for a repeatable option, in order.
  std::vector<std::string> GetAll(const std::string& name) const;

 private:
  std::vector<std::string> positional_;
  std::multimap<std::string, std::string> values_;
};

// Prints the verb's help to stdout: usage, summary, one line per flag, and
// the flags every verb takes.  Returns kExitOk.
int PrintVerbHelp(const char* verb, const char* summary, const VerbHelp& help);
// The flags every verb takes (main.cc reads them before the verb's own).
extern const std::vector<Flag> kCommonFlags;

// --quiet: no warnings and no progress line on stderr (errors still print).
void SetQuiet(bool quiet);
bool Quiet();

// Prints "parq: error: ..." to stderr and returns kExitBadFile.
int ReportError(const Status& status);
// Prints "parq: warning: ..." to stderr for each of the file's
// FileMetaData::Warnings (what was read despite it); stdout is untouched.
// Nothing under --quiet.
void ReportWarnings(const FileMetaData& metadata);
// Prints "parq: usage error: ...", the verb's usage line and where its help
// is; returns kExitUsage.
int ReportUsage(const std::string& message, const char* usage);
// A flag's count: the whole text a decimal integer of at least `min` (and
// in range); nullopt otherwise.
std::optional<int64_t> ParseCount(const std::string& text, int64_t min);

int RunMeta(int argc, char** argv);
int RunSchema(int argc, char** argv);
int RunCat(int argc, char** argv);
int RunRewrite(int argc, char** argv);
int RunConvert(int argc, char** argv);
int RunScan(int argc, char** argv);
int RunPages(int argc, char** argv);
int RunDictionary(int argc, char** argv);
int RunColumnIndex(int argc, char** argv);
int RunOffsetIndex(int argc, char** argv);
int RunBloom(int argc, char** argv);
int RunSizeStats(int argc, char** argv);
int RunGeospatialStats(int argc, char** argv);
int RunFooter(int argc, char** argv);
int RunHead(int argc, char** argv);
int RunSplits(int argc, char** argv);
int RunVerify(int argc, char** argv);
int RunDiff(int argc, char** argv);
int RunMerge(int argc, char** argv);
int RunPrune(int argc, char** argv);

// Each verb's usage line and flag table (for --help and its own parsing).
const VerbHelp& MetaHelp();
const VerbHelp& SchemaHelp();
const VerbHelp& CatHelp();
const VerbHelp& RewriteHelp();
const VerbHelp& ConvertHelp();
const VerbHelp& PagesHelp();
const VerbHelp& DictionaryHelp();
const VerbHelp& ColumnIndexHelp();
const VerbHelp& OffsetIndexHelp();
const VerbHelp& BloomHelp();
const VerbHelp& SizeStatsHelp();
const VerbHelp& GeospatialStatsHelp();
const VerbHelp& FooterHelp();
const VerbHelp& HeadHelp();
const VerbHelp& ScanHelp();
const VerbHelp& SplitsHelp();
const VerbHelp& VerifyHelp();
const VerbHelp& DiffHelp();
const VerbHelp& MergeHelp();
const VerbHelp& PruneHelp();

}  // namespace parq::cli

#endif  // PARQ_TOOLS_CLI_H_
