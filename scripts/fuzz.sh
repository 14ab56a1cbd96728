#!/usr/bin/env bash
# Builds the libFuzzer targets in build-fuzz/ (clang, ASan + UBSan) and runs
# each for SECONDS (default 60) with -rss_limit_mb=2048 -timeout=1.
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (targets: thrift decoder codec file_reader roundtrip)
# Each target's corpus lives in build-fuzz/corpus/<target>/, seeded from
# testdata/fuzz/<target>/ (the regression reproducers) and, for file_reader,
# from ../shared/parquet-testing (copied at run time, never into the repo).
# Crashes land in build-fuzz/crashes/<target>/; minimize them with
#   build-fuzz/bin/<target>_fuzzer -minimize_crash=1 -runs=10000 <crash>
# and keep the result in testdata/fuzz/<target>/ with a test in tests/hostile/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${ROOT}/build-fuzz"
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then TARGETS=(thrift decoder codec file_reader roundtrip); fi
SHARED="${PARQ_SHARED_DIR:-${ROOT}/../shared}/parquet-testing"

if [ ! -f "${BUILD}/build.ninja" ]; then
  CXX=clang++ CC=clang cmake -S "${ROOT}" -B "${BUILD}" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPARQ_BUILD_FUZZERS=ON -DPARQ_BUILD_TESTS=OFF -DPARQ_BUILD_BENCHMARKS=OFF \
    -DPARQ_BUILD_ORACLE_TESTS=OFF \
    "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
fi
ninja -C "${BUILD}" -j2 $(printf '%s_fuzzer ' "${TARGETS[@]}")

for t in "${TARGETS[@]}"; do
  corpus="${BUILD}/corpus/${t}"
  crashes="${BUILD}/crashes/${t}"
  mkdir -p "${corpus}" "${crashes}"
  if [ -d "${ROOT}/testdata/fuzz/${t}" ]; then cp -n "${ROOT}/testdata/fuzz/${t}"/* "${corpus}/" 2>/dev/null || true; fi
  if [ "${t}" = file_reader ] && [ -d "${SHARED}" ]; then
    find "${SHARED}/data" "${SHARED}/bad_data" -maxdepth 1 -name '*.parquet' -size -256k \
      -exec cp -n {} "${corpus}/" \; 2>/dev/null || true
  fi
  echo "=== ${t}_fuzzer for ${SECONDS_PER_TARGET}s"
  "${BUILD}/bin/${t}_fuzzer" "${corpus}" -max_total_time="${SECONDS_PER_TARGET}" \
    -rss_limit_mb=2048 -timeout=1 -max_len=262144 -print_final_stats=1 \
    -artifact_prefix="${crashes}/" 2>&1 | tail -n 25
done
