// Starting the built `parq` as a child process the test controls: its
// arguments as given (no shell), its output to files, and its end observed
// with wait4, which reports that child's own peak resident set (which counts
// what the test process held when it forked: keep it small then, and
// compare with a run that does nothing, forked in the same state).  For the
// tests that measure the tool's memory or kill it midway.
#ifndef PARQ_TESTS_TOOLS_SPAWN_UTIL_H_
#define PARQ_TESTS_TOOLS_SPAWN_UTIL_H_

#include <sys/types.h>

#include <string>
#include <vector>

namespace parq::testing {

// Under AddressSanitizer a child's resident set is mostly the sanitizer's
// (shadow memory, the freed-block quarantine), not parq's: memory bounds on
// it hold in the release build, where they are checked.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kRssIsParqs = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kRssIsParqs = false;
#else
inline constexpr bool kRssIsParqs = true;
#endif
#else
inline constexpr bool kRssIsParqs = true;
#endif

// Starts PARQ_BIN_DIR/parq with `args`; stdout and stderr go to the files
// (created or truncated; "" is /dev/null); `env` entries ("NAME=value") are
// added to the environment.  Returns the pid, or -1 when it cannot start.
pid_t SpawnParq(const std::vector<std::string>& args, const std::string& out_path = "",
                const std::string& err_path = "", const std::vector<std::string>& env = {});

struct ChildEnd {
  int exit_code = -1;   // -1 when killed by a signal
  int signal = 0;       // the signal that ended it, if any
  long max_rss_kb = 0;  // the child's peak resident set
};

// Waits for `pid` to end.
ChildEnd WaitChild(pid_t pid);

// Spawns and waits.
ChildEnd RunParqMeasured(const std::vector<std::string>& args, const std::string& err_path = "");

// The whole of a small file ("" when it cannot be read).
std::string ReadFileText(const std::string& path);

}  // namespace parq::testing

#endif  // PARQ_TESTS_TOOLS_SPAWN_UTIL_H_
