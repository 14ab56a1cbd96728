// RunParq: the built `parq` command-line tool (PARQ_BIN_DIR/parq) run through
// the shell as a user runs it, with its exit status and output, for the tests
// of the CLI.  Each call starts a process; nothing is shared between calls.
#ifndef PARQ_TESTS_TESTING_RUN_PARQ_H_
#define PARQ_TESTS_TESTING_RUN_PARQ_H_

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace parq::testing {

inline const std::string kParqBinary = std::string(PARQ_BIN_DIR) + "/parq";

struct CliRun {
  int exit_code = -1;     // -1 when the process did not exit normally
  bool signaled = false;  // killed by a signal (a crash)
  std::string out;        // stdout, with stderr when merged
};

// Where the tool's stderr goes: into `out`, away, or to the test's stderr.
enum class Stderr { kMerged, kDropped, kShown };

// Runs shell text `cmd`, with its stdout (and what it redirects there).
inline CliRun RunShell(const std::string& cmd) {
  CliRun r;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 65536> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = ::pclose(p);
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.signaled = WIFSIGNALED(status);
  return r;
}

// Runs `parq <args>`; `args` is shell text (quote paths with Quote).
inline CliRun RunParq(const std::string& args, Stderr err = Stderr::kMerged) {
  std::string cmd = kParqBinary + " " + args;
  if (err == Stderr::kMerged) cmd += " 2>&1";
  if (err == Stderr::kDropped) cmd += " 2>/dev/null";
  return RunShell(cmd);
}

// `s` in single quotes, for a path in shell text.
inline std::string Quote(const std::string& s) { return "'" + s + "'"; }

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_RUN_PARQ_H_
