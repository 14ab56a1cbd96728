#!/usr/bin/env bash
# Configures and builds parq.  Usage: scripts/build.sh [--sanitize] [BUILD_DIR]
#   --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build (default dir build-asan)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sanitize=OFF
dir=
for a in "$@"; do
  case "$a" in
    --sanitize) sanitize=ON ;;
    *) dir=$a ;;
  esac
done
if [ -z "$dir" ]; then
  if [ "$sanitize" = ON ]; then dir=$root/build-asan; else dir=$root/build; fi
fi
extra=()
if [ "$sanitize" = ON ]; then
  # Clang builds the sanitizer configuration, so both compilers are exercised.
  # No libparq.so: its PIC objects would compile the library a second time;
  # the release build checks the package.
  extra+=(-DCMAKE_CXX_COMPILER=clang++ -DPARQ_BUILD_BENCHMARKS=OFF -DPARQ_BUILD_SHARED=OFF -DCMAKE_BUILD_TYPE=Debug)
  extra+=(-DCMAKE_CXX_FLAGS_DEBUG="-O1 -g")
fi
cmake -S "$root" -B "$dir" -G Ninja -DPARQ_SANITIZE=$sanitize -DPARQ_WERROR=ON "${extra[@]}" >/dev/null
cmake --build "$dir" -j "$(nproc)"
