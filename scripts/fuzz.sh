#!/usr/bin/env bash
# Builds the libFuzzer targets in build-fuzz/ (clang, ASan + UBSan) and runs
# each for SECONDS (default 60) with -rss_limit_mb=2048 and a unit timeout of
# PARQ_FUZZ_TIMEOUT seconds of wall time (default 5: filtered_read reads a
# 6,000-row seed of build/bin/writer_samples/ some 13 times, about 2 s under
# ASan + UBSan, which a 1 s timeout reported as a hang).
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (targets: thrift decoder codec file_reader roundtrip cli_options json_row schema_text filtered_read wkb decrypt)
# The targets run as many at a time as there are cores (PARQ_FUZZ_JOBS),
# each on one core.
# Each target's corpus lives in build-fuzz/corpus/<target>/, seeded from
# testdata/fuzz/<target>/ (the regression reproducers) and from
# ../shared/parquet-testing at run time (never copied into the repo):
# whole small files for file_reader and filtered_read (and the files the release tests
# wrote with parq's writer, in build/bin/writer_samples/), their footers and first page headers
# for thrift, the encrypted files for decrypt.  Every target runs even when an earlier one fails; the script
# exits 1 if any target found a crash, a timeout or an OOM (> 2 GB).
# With PARQ_FUZZ_CPU_SECONDS=N each target runs instead until its process has
# used N seconds of CPU (user + system), however long that takes on a shared
# machine, and is then stopped with SIGINT (libFuzzer prints its final stats);
# the unit timeout is the same PARQ_FUZZ_TIMEOUT, which a loaded machine may
# need raised.  The long campaigns of issue 31
# (30 CPU-minutes a target) run this way, not in CI.
# Crashes land in build-fuzz/crashes/<target>/; minimize them with
#   build-fuzz/bin/<target>_fuzzer -minimize_crash=1 -runs=10000 <crash>
# and keep the result in testdata/fuzz/<target>/ with a test in tests/hostile/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${ROOT}/build-fuzz"
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then TARGETS=(thrift decoder codec file_reader roundtrip cli_options json_row schema_text filtered_read wkb decrypt); fi
SHARED="${PARQ_SHARED_DIR:-${ROOT}/../shared}/parquet-testing"

if [ ! -f "${BUILD}/build.ninja" ]; then
  CXX=clang++ CC=clang cmake -S "${ROOT}" -B "${BUILD}" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPARQ_BUILD_FUZZERS=ON -DPARQ_BUILD_TESTS=OFF -DPARQ_BUILD_BENCHMARKS=OFF \
    -DPARQ_BUILD_ORACLE_TESTS=OFF -DPARQ_BUILD_SHARED=OFF -DPARQ_BUILD_EXAMPLES=OFF \
    "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
    "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >/dev/null
fi
ninja -C "${BUILD}" -j "$(nproc)" $(printf '%s_fuzzer ' "${TARGETS[@]}") >/dev/null

# The little-endian uint32 at byte offset $2 of file $1.
u32le() { od -An -tu4 -j "$2" -N4 "$1" | tr -d ' '; }

# $3 bytes of file $1 from byte offset $2.
slice() { dd if="$1" iflag=skip_bytes,count_bytes skip="$2" count="$3" bs=64K status=none; }

# Seeds for the thrift target: 0x00 + a corpus file's footer (FileMetaData)
# and 0x01 + the bytes after its leading magic (the first PageHeader).
seed_thrift() {
  local corpus=$1 f size len name
  for f in "${SHARED}"/data/*.parquet; do
    size=$(stat -c %s "$f")
    [ "$size" -ge 12 ] || continue
    [ "$(tail -c 4 "$f")" = PAR1 ] || continue
    len=$(u32le "$f" $((size - 8)))
    [ "$len" -gt 0 ] && [ "$len" -le $((size - 12)) ] && [ "$len" -le 262143 ] || continue
    name=$(basename "$f" .parquet)
    { printf '\x00'; slice "$f" $((size - 8 - len)) "$len"; } > "${corpus}/footer_${name}"
    { printf '\x01'; slice "$f" 4 4096; } > "${corpus}/page_${name}"
  done
}

CPU_BUDGET="${PARQ_FUZZ_CPU_SECONDS:-}"
TIMEOUT="${PARQ_FUZZ_TIMEOUT:-5}"

# CPU seconds (user + system) the process $1 has used so far.
cpu_seconds() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || { echo -1; return; }
  stat=${stat##*) }  # the fields after the command name
  set -- ${stat}
  echo $(( (${12} + ${13}) / $(getconf CLK_TCK) ))
}

# Runs target $1 on corpus $2 until it has used CPU_BUDGET CPU seconds, then
# interrupts it (libFuzzer exits 72 on SIGINT, after its final stats).
run_cpu_budget() {
  local t=$1 corpus=$2 crashes=$3 log=$4 pid rc used=0
  "${BUILD}/bin/${t}_fuzzer" "${corpus}" -max_total_time=$(( CPU_BUDGET * 20 )) \
    -rss_limit_mb=2048 -timeout="${TIMEOUT}" -max_len=262144 -print_final_stats=1 \
    -artifact_prefix="${crashes}/" >"${log}" 2>&1 &
  pid=$!
  while kill -0 "${pid}" 2>/dev/null; do
    used=$(cpu_seconds "${pid}")
    if [ "${used}" -ge "${CPU_BUDGET}" ]; then kill -INT "${pid}"; break; fi
    sleep 5
  done
  rc=0
  wait "${pid}" || rc=$?
  echo "cpu_seconds: ${used}" >>"${log}"
  [ "${rc}" -eq 0 ] || [ "${rc}" -eq 72 ]
}

# Seeds target $1's corpus, runs it, and writes what it found to
# ${BUILD}/${1}.result: its final stats on success, else FAIL and the log's
# tail.  Its exit status says which.
run_target() {
  local t=$1 corpus crashes log ok=true
  corpus="${BUILD}/corpus/${t}"
  crashes="${BUILD}/crashes/${t}"
  mkdir -p "${corpus}" "${crashes}"
  if [ -d "${ROOT}/testdata/fuzz/${t}" ]; then cp -n "${ROOT}/testdata/fuzz/${t}"/* "${corpus}/" 2>/dev/null || true; fi
  if [ -d "${SHARED}" ]; then
    case "${t}" in
      file_reader|filtered_read)
        find "${SHARED}/data" "${SHARED}/bad_data" -maxdepth 1 -name '*.parquet' -size -256k \
          -exec cp -n {} "${corpus}/" \; 2>/dev/null || true
        # Files our own writer made in the release test run, when there is one.
        if [ -d "${ROOT}/build/bin/writer_samples" ]; then
          find "${ROOT}/build/bin/writer_samples" -name '*.parquet' -size -256k \
            -exec cp -n {} "${corpus}/" \; 2>/dev/null || true
        fi ;;
      thrift) seed_thrift "${corpus}" ;;
      decrypt)
        # The encrypted files (keys built into the target), but not the
        # 35 KB Bloom filter file, which makes each run slow.
        find "${SHARED}/data" "${SHARED}/data/aes256" -maxdepth 1 -name '*.parquet.encrypted' -size -16k \
          -exec sh -c 'for f; do cp -n "$f" "$1/$(basename "$(dirname "$f")")_$(basename "$f")"; done' _ "${corpus}" {} + \
          2>/dev/null || true ;;
    esac
  fi
  log="${BUILD}/${t}.log"
  ok=true
  if [ -n "${CPU_BUDGET}" ]; then
    echo "=== ${t}_fuzzer for ${CPU_BUDGET} CPU seconds ($(ls "${corpus}" | wc -l) seeds)" >"${BUILD}/${t}.result"
    run_cpu_budget "${t}" "${corpus}" "${crashes}" "${log}" || ok=false
  else
    echo "=== ${t}_fuzzer for ${SECONDS_PER_TARGET}s ($(ls "${corpus}" | wc -l) seeds)" >"${BUILD}/${t}.result"
    "${BUILD}/bin/${t}_fuzzer" "${corpus}" -max_total_time="${SECONDS_PER_TARGET}" \
      -rss_limit_mb=2048 -timeout="${TIMEOUT}" -max_len=262144 -print_final_stats=1 \
      -artifact_prefix="${crashes}/" >"${log}" 2>&1 || ok=false
  fi
  if ${ok}; then
    {
      # Final stats: executions, edge coverage, features.
      grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "${log}" | tr '\n' ' ' || true
      grep -E '^#[0-9]+.*(DONE|pulse).*cov:' "${log}" | tail -n 1 || true
      grep -E '^cpu_seconds' "${log}" || true
    } >>"${BUILD}/${t}.result"
  else
    {
      echo "FAIL ${t}_fuzzer (artifacts in ${crashes}/):"
      tail -n 40 "${log}"
    } >>"${BUILD}/${t}.result"
    return 1
  fi
}

# The targets run JOBS at a time (PARQ_FUZZ_JOBS, default: the cores), each
# on one core for its whole time: the same fuzzing as one after the other,
# in a fraction of the wall time.  Their reports print in the targets' order.
JOBS="${PARQ_FUZZ_JOBS:-$(nproc)}"
[ "${JOBS}" -ge 1 ] || JOBS=1
declare -A pid_of=()
running=()
failed=()
# Waits for the oldest running target and prints its report.
reap() {
  local t=${running[0]}
  running=("${running[@]:1}")
  if ! wait "${pid_of[${t}]}"; then failed+=("${t}"); fi
  cat "${BUILD}/${t}.result"
}
for t in "${TARGETS[@]}"; do
  while [ ${#running[@]} -ge "${JOBS}" ]; do reap; done
  run_target "${t}" &
  pid_of[${t}]=$!
  running+=("${t}")
done
while [ ${#running[@]} -gt 0 ]; do reap; done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed targets: ${failed[*]}"
  exit 1
fi
if [ -n "${CPU_BUDGET}" ]; then
  echo "fuzz: ${#TARGETS[@]} targets ran ${CPU_BUDGET} CPU seconds each, no crash"
else
  echo "fuzz: ${#TARGETS[@]} targets ran ${SECONDS_PER_TARGET}s each, no crash"
fi
