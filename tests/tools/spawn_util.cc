#include "spawn_util.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>

extern char** environ;

namespace parq::testing {

pid_t SpawnParq(const std::vector<std::string>& args, const std::string& out_path, const std::string& err_path,
                const std::vector<std::string>& env) {
  const std::string binary = std::string(PARQ_BIN_DIR) + "/parq";
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(binary.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;
  for (char** e = environ; *e != nullptr; ++e) envp.push_back(*e);
  for (const std::string& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  // fork, not posix_spawn: a child's peak resident set (ru_maxrss) includes
  // the memory it had before exec, and posix_spawn's child shares the test's
  // whole address space (so its historical peak) until then; a forked one
  // starts from what the test holds now.  Only async-signal-safe calls
  // between fork and exec.
  const char* out = out_path.empty() ? "/dev/null" : out_path.c_str();
  const char* err = err_path.empty() ? "/dev/null" : err_path.c_str();
  const pid_t pid = ::fork();
  if (pid != 0) return pid;  // the parent (or -1)
  const int flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC;
  const int out_fd = ::open(out, flags, 0644);
  const int err_fd = ::open(err, flags, 0644);
  if (out_fd < 0 || err_fd < 0 || ::dup2(out_fd, 1) < 0 || ::dup2(err_fd, 2) < 0) ::_exit(127);
  ::execve(binary.c_str(), argv.data(), envp.data());
  ::_exit(127);
}

ChildEnd WaitChild(pid_t pid) {
  ChildEnd end;
  int status = 0;
  struct rusage usage {};
  pid_t got;
  do {
    got = ::wait4(pid, &status, 0, &usage);
  } while (got < 0 && errno == EINTR);
  if (got != pid) return end;
  if (WIFEXITED(status)) end.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) end.signal = WTERMSIG(status);
  end.max_rss_kb = usage.ru_maxrss;
  return end;
}

ChildEnd RunParqMeasured(const std::vector<std::string>& args, const std::string& err_path) {
  const pid_t pid = SpawnParq(args, "", err_path);
  if (pid < 0) return ChildEnd{};
  return WaitChild(pid);
}

std::string ReadFileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace parq::testing
