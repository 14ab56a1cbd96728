#include "interrupt.h"

namespace parq::cli {
namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void OnSignal(int sig) {
  if (g_signal == 0) g_signal = sig;
}

}  // namespace

InterruptGuard::InterruptGuard() {
  g_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = OnSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // reads and writes go on; the loops poll the flag
  sigaction(SIGINT, &sa, &old_int_);
  sigaction(SIGTERM, &sa, &old_term_);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
  const int sig = g_signal;
  g_signal = 0;
  if (sig != 0) std::raise(sig);  // as the signal would have ended the process
}

int Interrupted() { return g_signal; }

Status CheckInterrupted() {
  const int sig = g_signal;
  if (sig == 0) return Status::OK();
  return Status::IOError(std::string("interrupted by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM") +
                         "; the destination is left as it was");
}

}  // namespace parq::cli
