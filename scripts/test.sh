#!/usr/bin/env bash
# Builds and runs every test with ctest.  Usage: scripts/test.sh [--sanitize | --tsan]
#   --tsan   only the tests labelled `threads` (tests/CMakeLists.txt), built
#            with ThreadSanitizer in build-tsan; any race fails them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
dir=$root/build
[ "${1:-}" = --sanitize ] && dir=$root/build-asan
[ "${1:-}" = --tsan ] && dir=$root/build-tsan
"$root/scripts/build.sh" "$@"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$dir"
if [ "${1:-}" = --tsan ]; then
  # No suppressions: a report anywhere fails the test (exit code 66).
  export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:exitcode=66}
  ctest --output-on-failure -j "$(nproc)" --timeout 900 -L threads
  exit
fi
# The interop test (node peers) runs once, in the release build.
label_args=()
[ "${1:-}" = --sanitize ] && label_args=(-LE interop)
ctest --output-on-failure -j "$(nproc)" --timeout 900 "${label_args[@]}"
# The Python package over the C API (the release build: the sanitizer build has no libparq.so).
[ "${1:-}" = --sanitize ] || "$root/scripts/test-python.sh" "$dir"
