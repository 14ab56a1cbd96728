#include "parq/version.h"

namespace parq {

// Compiled into the library, so a program sees the version of the libparq it
// loaded, not that of the headers it was built with.
const char* Version() { return kVersion; }

}  // namespace parq
