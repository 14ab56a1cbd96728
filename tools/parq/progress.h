// Progress: the progress line of long runs (rewrite, convert, merge, prune,
// verify, diff, cat to a file): "\rparq VERB: <what>" on stderr, redrawn at
// most every 200 ms, first drawn once the run has taken a second
// (PARQ_PROGRESS_AFTER_MS, in milliseconds, changes that), only when stderr
// is a terminal and never under --quiet.  Done() (or the destructor) clears
// it.  One per run; not thread-safe.
#ifndef PARQ_TOOLS_PROGRESS_H_
#define PARQ_TOOLS_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <string>

namespace parq::cli {

class Progress {
 public:
  // wanted = false: never shown (a run that may not show one).
  explicit Progress(const char* verb, bool wanted = true);
  ~Progress() { Done(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Cheap when called often: checks the clock every 1024th call.
  void Update(const std::string& what) {
    if (Due()) Show(what);
  }
  // Whether an Update now would look at the clock: for callers that build
  // the text only then.
  bool Due() { return enabled_ && (++calls_ & 1023) == 1; }
  void Show(const std::string& what);
  void Done();
  // Whether it may ever be shown: callers that report through a library
  // callback leave the callback unset otherwise.
  bool enabled() const { return enabled_; }

 private:
  const char* verb_;
  bool enabled_;
  bool shown_ = false;
  uint64_t calls_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::chrono::milliseconds after_;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace parq::cli

#endif  // PARQ_TOOLS_PROGRESS_H_
