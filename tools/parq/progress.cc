#include "progress.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "cli.h"

namespace parq::cli {
namespace {

std::chrono::milliseconds ShowAfter() {
  const char* env = std::getenv("PARQ_PROGRESS_AFTER_MS");
  if (env != nullptr && *env != '\0') {
    char* end = nullptr;
    const long long ms = std::strtoll(env, &end, 10);
    if (*end == '\0' && ms >= 0) return std::chrono::milliseconds(ms);
  }
  return std::chrono::milliseconds(1000);
}

}  // namespace

Progress::Progress(const char* verb, bool wanted)
    : verb_(verb),
      enabled_(wanted && isatty(STDERR_FILENO) == 1 && !Quiet()),
      start_(std::chrono::steady_clock::now()),
      after_(enabled_ ? ShowAfter() : std::chrono::milliseconds(0)) {}

void Progress::Show(const std::string& what) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (!shown_ && now - start_ < after_) return;
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  shown_ = true;
  std::fprintf(stderr, "\rparq %s: %s\033[K", verb_, what.c_str());
  std::fflush(stderr);
}

void Progress::Done() {
  if (!shown_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace parq::cli
