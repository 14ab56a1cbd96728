// `parq completion bash`: a bash completion script made from the verb table
// and each verb's flag table, so it offers exactly the verbs and flags parq
// takes, and after a flag whose values are a list (`--csv-line-ending
// lf|crlf`, `--format jsonl|csv`) those values.  Install: `parq completion bash > /etc/bash_completion.d/parq`, or
// `source <(parq completion bash)` in ~/.bashrc.
#ifndef PARQ_TOOLS_COMPLETION_H_
#define PARQ_TOOLS_COMPLETION_H_

#include <string>
#include <vector>

#include "cli.h"

namespace parq::cli {

struct VerbFlags {
  std::string verb;
  const VerbHelp* help;  // nullptr: a verb without a flag table
};

std::string BashCompletion(const std::vector<VerbFlags>& verbs);

// `parq completion SHELL`: the script on stdout; only bash is known.
int RunCompletion(int argc, char** argv, const std::vector<VerbFlags>& verbs);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_COMPLETION_H_
