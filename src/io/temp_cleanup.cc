#include "io/temp_cleanup.h"

#include <limits.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace parq::io {
namespace {

constexpr int kSlots = 64;
enum SlotState : int { kFree = 0, kFilling = 1, kReady = 2 };

struct Slot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX];
};

Slot g_slots[kSlots];
constexpr int kSignals[] = {SIGINT, SIGTERM};
struct sigaction g_previous[2];
std::atomic<bool> g_installed{false};
std::mutex g_install_mu;

void OnSignal(int sig, siginfo_t* info, void* context) {
  const int which = sig == SIGINT ? 0 : 1;
  const struct sigaction& previous = g_previous[which];
  if (previous.sa_flags & SA_SIGINFO) {
    previous.sa_sigaction(sig, info, context);
    return;
  }
  if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
    return;
  }
  for (Slot& s : g_slots) {
    if (s.state.load(std::memory_order_acquire) == kReady) ::unlink(s.path);
  }
  ::sigaction(sig, &previous, nullptr);
  ::raise(sig);  // delivered with the default disposition once this returns
}

void InstallOnce() {
  if (g_installed.load(std::memory_order_acquire)) return;
  std::lock_guard<std::mutex> lock(g_install_mu);
  if (g_installed.load(std::memory_order_relaxed)) return;
  for (int i = 0; i < 2; ++i) {
    struct sigaction current;
    if (::sigaction(kSignals[i], nullptr, &current) != 0) continue;
    if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) continue;  // left ignored
    g_previous[i] = current;
    struct sigaction ours;
    std::memset(&ours, 0, sizeof ours);
    ours.sa_sigaction = &OnSignal;
    ours.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&ours.sa_mask);
    ::sigaction(kSignals[i], &ours, nullptr);
  }
  g_installed.store(true, std::memory_order_release);
}

}  // namespace

int RegisterTempPath(const std::string& path) {
  if (path.size() >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_slots[i].state.compare_exchange_strong(expected, kFilling, std::memory_order_acquire)) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].state.store(kReady, std::memory_order_release);
    InstallOnce();
    return i;
  }
  return -1;
}

void UnregisterTempPath(int slot) {
  if (slot >= 0 && slot < kSlots) g_slots[slot].state.store(kFree, std::memory_order_release);
}

}  // namespace parq::io
