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
if [ ! -d "$peers/node_modules/@duckdb/node-api" ] || [ ! -d "$peers/node_modules/hyparquet" ] ||
   [ ! -d "$peers/node_modules/nodejs-polars" ]; then
  mkdir -p "$peers" && cp -r "$shared/peers/." "$peers/"
  if ! (cd "$peers" && npm install --no-audit --no-fund >"$work/npm-install.log" 2>&1); then
    echo "interop: cannot install the peers from the npm registry (see $work/npm-install.log)"
    exit 1
  fi
fi
# polars_dump.mjs imports the peers' lib/ and packages: it runs from there.
cp "$here/polars_dump.mjs" "$peers/polars_dump.mjs"
export POLARS_MAX_THREADS=1 RUST_BACKTRACE=0

# Known limits of the peers: an error matching one is an expected skip.
# Each line: engine|pattern (grep -E)|reason
known_limits='duckdb|BYTE_STREAM_SPLIT encoding is only supported for FLOAT or DOUBLE|DuckDB decodes BYTE_STREAM_SPLIT only for FLOAT/DOUBLE
duckdb|Unsupported converted type \(20\)|DuckDB does not read BSON columns
duckdb|MAP_KEY_VALUE requires two children|DuckDB does not read a MAP without a value field
duckdb|Delta Length Byte Array encoding is only supported for string/blob|DuckDB decodes DELTA_(LENGTH_)BYTE_ARRAY only for strings/blobs
polars|Not yet supported: Decoding FixedLenByteArray|Polars does not decode this encoding of optional FIXED_LEN_BYTE_ARRAY pages
polars|children must have the given number of values|Polars cannot read unannotated repeated groups
polars|expected DataType is Interval|Polars cannot read INTERVAL inside a list'

passed=0 failed=0 skipped=0
# check FILE: parq cat, then every engine's rows compared with parq's.
check() {
  local out=$1
  if ! "$bin/parq" cat "$out" > "$out.parq.jsonl" 2> "$out.parq.err"; then
    echo "FAIL parq cat $out: $(head -c 300 "$out.parq.err")"; failed=$((failed + 1)); return
  fi
  local engine
  for engine in duckdb polars hyparquet; do
    local cmd=(node "$peers/dump.mjs" "$out" --engine "$engine")
    [ "$engine" = polars ] && cmd=(node "$peers/polars_dump.mjs" "$out")
    if ! "${cmd[@]}" > "$out.$engine.jsonl" 2> "$out.$engine.err"; then
      local reason=""
      while IFS='|' read -r e pattern why; do
        if [ "$e" = "$engine" ] && grep -qE "$pattern" "$out.$engine.err"; then reason=$why; break; fi
      done <<< "$known_limits"
      if [ -n "$reason" ]; then
        echo "SKIP $engine $(basename "$out"): $reason"; skipped=$((skipped + 1))
      else
        echo "FAIL $engine cannot read $out: $(grep -v '^$' "$out.$engine.err" | grep -v '^thread\|^note:\|^stack' | head -2 | head -c 300)"
        failed=$((failed + 1))
      fi
      continue
    fi
    if node "$peers/compare.mjs" "$out.$engine.jsonl" "$out.parq.jsonl" --schema "$out" > "$out.$engine.diff" 2>&1; then
      passed=$((passed + 1))
    else
      echo "FAIL $engine rows differ for $out:"; head -5 "$out.$engine.diff"; failed=$((failed + 1))
    fi
  done
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
    check "$out"
  done
done

# 2. What the writer tests write, made afresh here (they keep their files in
# PARQ_BIN_DIR/writer_samples; copied, as the checks leave files beside them).
samples=$bin/writer_samples
mkdir -p "$samples"
if ! "$bin/parq_writer_tests" --gtest_brief=1 \
     --gtest_filter='Writer/RoundTrip.*:Sweep/WriterProperty.*:WriterEdges.*' > "$work/writer-tests.log" 2>&1; then
  echo "FAIL the writer tests that make the samples failed (see $work/writer-tests.log)"; failed=$((failed + 1))
elif ! ls "$samples"/*.parquet > /dev/null 2>&1; then
  echo "FAIL the writer tests left no files in $samples"; failed=$((failed + 1))
else
  rm -rf "$work/samples" && mkdir -p "$work/samples" && cp "$samples"/*.parquet "$work/samples/"
  for out in "$work/samples"/*.parquet; do check "$out"; done
fi

echo "interop: $passed passed, $failed failed, $skipped expected skips (known peer limits)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
