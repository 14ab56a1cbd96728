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

// Arguments after the verb: positionals, and options `--name value`,
// `--name=value` or bare `--flag`.  Which options take a value is declared
// up front so that `--json FILE` is not misread.
class Args {
 public:
  // Returns false (and fills `error`) on an unknown option or a missing value.
  bool Parse(int argc, char** argv, const std::vector<std::string>& flags,
             const std::vector<std::string>& valued, std::string* error);

  const std::vector<std::string>& positional() const { return positional_; }
  bool Has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> Get(const std::string& name) const;
  // Every value given for a repeatable option, in order.
  std::vector<std::string> GetAll(const std::string& name) const;

 private:
  std::vector<std::string> positional_;
  std::multimap<std::string, std::string> values_;
};

// Prints "parq: error: ..." to stderr and returns kExitBadFile.
int ReportError(const Status& status);
// Prints "parq: warning: ..." to stderr for each of the file's
// FileMetaData::Warnings (what was read despite it); stdout is untouched.
void ReportWarnings(const FileMetaData& metadata);
// Prints "parq: usage error: ..." and the verb's usage line; returns kExitUsage.
int ReportUsage(const std::string& message, const char* usage);

int RunMeta(int argc, char** argv);
int RunSchema(int argc, char** argv);
int RunCat(int argc, char** argv);
int RunRewrite(int argc, char** argv);
int RunConvert(int argc, char** argv);
int RunScan(int argc, char** argv);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_CLI_H_
