#!/usr/bin/env bash
# Configures and builds parq.  Usage: scripts/build.sh [--sanitize | --tsan] [BUILD_DIR]
#   --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build (default dir build-asan)
#   --tsan       ThreadSanitizer build of the tests labelled `threads` only
#                (target parq_threads_tests; default dir build-tsan)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sanitize=OFF
tsan=OFF
dir=
for a in "$@"; do
  case "$a" in
    --sanitize) sanitize=ON ;;
    --tsan) tsan=ON ;;
    *) dir=$a ;;
  esac
done
if [ -z "$dir" ]; then
  if [ "$sanitize" = ON ]; then dir=$root/build-asan; elif [ "$tsan" = ON ]; then dir=$root/build-tsan; else dir=$root/build; fi
fi
target=()
extra=()
if [ "$tsan" = ON ]; then
  # Clang, as the ASan build; only the test executables of the `threads`
  # label (tests/CMakeLists.txt), none of the CLI, benchmarks or examples.
  extra+=(-DCMAKE_CXX_COMPILER=clang++ -DPARQ_SANITIZE_THREAD=ON -DPARQ_BUILD_BENCHMARKS=OFF -DPARQ_BUILD_SHARED=OFF)
  extra+=(-DPARQ_BUILD_EXAMPLES=OFF -DPARQ_BUILD_ORACLE_TESTS=OFF -DPARQ_INSTALL=OFF)
  extra+=(-DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g")
  target=(--target parq_threads_tests)
fi
if [ "$sanitize" = ON ]; then
  # Clang builds the sanitizer configuration, so both compilers are exercised.
  # No libparq.so: its PIC objects would compile the library a second time;
  # the release build checks the package.
  extra+=(-DCMAKE_CXX_COMPILER=clang++ -DPARQ_BUILD_BENCHMARKS=OFF -DPARQ_BUILD_SHARED=OFF -DCMAKE_BUILD_TYPE=Debug)
  extra+=(-DCMAKE_CXX_FLAGS_DEBUG="-O1 -g")
fi
cmake -S "$root" -B "$dir" -G Ninja -DPARQ_SANITIZE=$sanitize -DPARQ_WERROR=ON "${extra[@]}" >/dev/null
cmake --build "$dir" -j "$(nproc)" "${target[@]}"
