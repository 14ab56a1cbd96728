// TempCleanup: the named temporaries an atomic FileOutput has on disk, removed
// when SIGINT or SIGTERM would end the process.
//
// An output written under a temporary name (where the file system has no
// O_TMPFILE, and for the instant between linking an unnamed file to its
// temporary name and renaming it over the destination) would otherwise stay
// behind when the user presses ^C or the process is told to stop.  While at
// least one path has been registered, SIGINT and SIGTERM go to a handler
// that, when the disposition before it was the default (ending the process),
// unlinks every registered path, restores the default and raises the signal
// again, so the process ends as it would have.  When the program had its
// own handler, that handler is called instead and nothing is removed (the
// program decides whether to stop; an unclosed FileOutput still removes its
// temporary when destroyed).  A signal the program ignores is left ignored.
// SIGKILL cannot be caught: only the unnamed file (O_TMPFILE) survives it.
//
// The handler only reads the registry (lock-free atomics and fixed buffers)
// and calls unlink, sigaction and raise, which are async-signal-safe.
//
// Thread-safety: Register and Unregister may be called from any thread.
#ifndef PARQ_IO_TEMP_CLEANUP_H_
#define PARQ_IO_TEMP_CLEANUP_H_

#include <string>

namespace parq::io {

// Records `path` for removal on SIGINT / SIGTERM and installs the handlers on
// first use.  Returns a slot for Unregister, or -1 when the path is too long
// or all slots are taken (then it is not removed on a signal).
int RegisterTempPath(const std::string& path);
// Forgets the path of `slot` (-1 is ignored).
void UnregisterTempPath(int slot);

}  // namespace parq::io

#endif  // PARQ_IO_TEMP_CLEANUP_H_
