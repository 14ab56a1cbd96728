#!/usr/bin/env bash
# Interoperability: files parq writes must read back in DuckDB, Polars and
# hyparquet to the rows `parq cat` prints.  Two sets of files:
#   * corpus files rewritten by `parq rewrite` with each codec and page version;
#   * every file the writer tests left in PARQ_BIN_DIR/writer_samples (the
#     round-trip test's type/encoding/codec grid, the property tests' random
#     nested schemas, edge cases).
# usage: interop.sh PARQ_BIN_DIR SHARED_DIR WORK_DIR
# Installs the peers from the npm registry into WORK_DIR/peers when missing;
# if that fails the test fails (it is never skipped).  A file outside what a
# peer supports (the limits below, also listed in ../shared/peers/README.md)
# is an expected skip, printed with its reason; any other read error or any
# row difference is a failure.
set -uo pipefail
mkdir -p "$3"
bin=$(cd "$1" && pwd) shared=$(cd "$2" && pwd) work=$(cd "$3" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
peers=$work/peers
"$here/install_peers.sh" "$shared" "$work" || exit 1
# The checker imports the peers' lib/ and packages: it runs from there.
cp "$here/polars_dump.mjs" "$here/check_peers.mjs" "$peers/"
export POLARS_MAX_THREADS=1 RUST_BACKTRACE=0

passed=0 failed=0 skipped=0
list=$work/files.tsv
: > "$list"
# add FILE: parq cat it; the peers read it later (check_peers.mjs, one process).
add() {
  if ! "$bin/parq" cat "$1" > "$1.parq.jsonl" 2> "$1.parq.err"; then
    echo "FAIL parq cat $1: $(head -c 300 "$1.parq.err")"; failed=$((failed + 1)); return
  fi
  printf '%s\t%s\n' "$1" "$1.parq.jsonl" >> "$list"
}

# 1. Corpus files rewritten: every file with three codec/page-version pairs;
# the first two files with all the others too, so every codec and both page
# versions are covered.
data=$shared/parquet-testing/data
files=(alltypes_plain alltypes_dictionary nested_lists.snappy nested_maps.snappy nullable.impala
       nonnullable.impala list_columns byte_array_decimal int32_decimal int64_decimal
       datapage_v2.snappy null_list fixed_length_decimal delta_encoding_optional_column)
configs_all=("snappy 1" "zstd 2" "lz4_raw 1" "gzip 2" "brotli 1" "none 2" "snappy 2" "zstd 1")
configs_some=("snappy 1" "zstd 2" "lz4_raw 1")
mkdir -p "$work/rewritten"
i=0
for f in "${files[@]}"; do
  if [ $i -lt 2 ]; then configs=("${configs_all[@]}"); else configs=("${configs_some[@]}"); fi
  i=$((i + 1))
  for config in "${configs[@]}"; do
    read -r codec pv <<< "$config"
    out=$work/rewritten/$f.$codec.v$pv.parquet
    if ! "$bin/parq" rewrite "$data/$f.parquet" "$out" --codec "$codec" --page-version "$pv"; then
      echo "FAIL rewrite $f $codec v$pv"; failed=$((failed + 1)); continue
    fi
    add "$out"
  done
done

# 2. What the writer tests write, made afresh here (they keep their files in
# PARQ_BIN_DIR/writer_samples; copied, as the checks leave files beside them).
samples=$bin/writer_samples
mkdir -p "$samples"
if ! "$bin/parq_writer_tests" --gtest_brief=1 \
     --gtest_filter='Writer/RoundTripTest.*:Sweep/WriterPropertyTest.*:WriterEdgesTest.*' > "$work/writer-tests.log" 2>&1; then
  echo "FAIL the writer tests that make the samples failed (see $work/writer-tests.log)"; failed=$((failed + 1))
elif ! ls "$samples"/*.parquet > /dev/null 2>&1; then
  echo "FAIL the writer tests left no files in $samples"; failed=$((failed + 1))
else
  rm -rf "$work/samples" && mkdir -p "$work/samples" && cp "$samples"/*.parquet "$work/samples/"
  for out in "$work/samples"/*.parquet; do add "$out"; done
fi

# DuckDB, Polars and hyparquet read every file; PASS lines are counted, the
# others printed (a SKIP names the known peer limit).
node "$peers/check_peers.mjs" "$list" > "$work/check.log" 2>"$work/check.err"
rc=$?
grep -v '^PASS ' "$work/check.log"
passed=$((passed + $(grep -c '^PASS ' "$work/check.log")))
failed=$((failed + $(grep -c '^FAIL ' "$work/check.log")))
skipped=$((skipped + $(grep -c '^SKIP ' "$work/check.log")))
checked=$(grep -c . "$list")
if [ "$rc" -ne 0 ] && ! grep -q '^FAIL ' "$work/check.log"; then
  echo "FAIL check_peers.mjs exited with $rc: $(grep -v '^thread\|^note:\|^stack' "$work/check.err" | head -3)"
  failed=$((failed + 1))
elif [ $((passed + $(grep -c '^FAIL \|^SKIP ' "$work/check.log"))) -lt $((checked * 3)) ]; then
  echo "FAIL check_peers.mjs reported on fewer than the $checked files x 3 engines"; failed=$((failed + 1))
fi

echo "interop: $passed passed, $failed failed, $skipped expected skips (known peer limits)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
