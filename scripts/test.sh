#!/usr/bin/env bash
# Builds and runs every test with ctest.  Usage: scripts/test.sh [--sanitize]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
dir=$root/build
[ "${1:-}" = --sanitize ] && dir=$root/build-asan
"$root/scripts/build.sh" "$@"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$dir"
# The interop test (node peers) runs once, in the release build.
label_args=()
[ "${1:-}" = --sanitize ] && label_args=(-LE interop)
ctest --output-on-failure -j "$(nproc)" --timeout 900 "${label_args[@]}"
# The Python package over the C API (the release build: the sanitizer build has no libparq.so).
[ "${1:-}" = --sanitize ] || "$root/scripts/test-python.sh" "$dir"
