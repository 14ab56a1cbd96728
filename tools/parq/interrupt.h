// tools/parq/interrupt.h — SIGINT and SIGTERM during a partitioned write
// (`parq convert/rewrite --partition-by`): caught, so that the writer's
// temporary tree is removed and the destination stays as it was.
//
// An InterruptGuard installs handlers that only record the signal (a
// sig_atomic_t: all that is async-signal-safe); the write loops poll
// Interrupted() and stop with an error, the PartitionedWriter's destructor
// removes its temporary tree, and the guard, when it goes, restores the old
// handlers and raises the signal again, so that the process ends as the
// signal would have ended it (the shell sees 130 / 143).  A signal that comes
// once Close() has begun is let through Close (the tree appears whole) and
// then ends the process.  One guard at a time; main thread only.
#ifndef PARQ_TOOLS_PARQ_INTERRUPT_H_
#define PARQ_TOOLS_PARQ_INTERRUPT_H_

#include <csignal>
#include <string>

#include "parq/status.h"

namespace parq::cli {

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// The signal a guard caught (SIGINT, SIGTERM), or 0; always 0 without a guard.
int Interrupted();
// OK, or kIOError "interrupted by SIGINT" when a guard caught one.
Status CheckInterrupted();

}  // namespace parq::cli

#endif  // PARQ_TOOLS_PARQ_INTERRUPT_H_
