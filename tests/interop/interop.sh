#!/usr/bin/env bash
# Interoperability: files parq writes (corpus files rewritten with each codec
# and page version) must read back in DuckDB and hyparquet to the rows parq
# reads.  usage: interop.sh PARQ_BIN_DIR SHARED_DIR WORK_DIR
# Installs the peers from the npm registry into WORK_DIR/peers when missing;
# if that fails the test fails (it is never skipped).
set -uo pipefail
mkdir -p "$3"
bin=$(cd "$1" && pwd) shared=$(cd "$2" && pwd) work=$(cd "$3" && pwd)
peers=$work/peers
mkdir -p "$work"
if [ ! -d "$peers/node_modules/@duckdb/node-api" ] || [ ! -d "$peers/node_modules/hyparquet" ]; then
  mkdir -p "$peers" && cp -r "$shared/peers/." "$peers/"
  if ! (cd "$peers" && npm install --no-audit --no-fund >"$work/npm-install.log" 2>&1); then
    echo "interop: cannot install the peers from the npm registry (see $work/npm-install.log)"
    exit 1
  fi
fi
data=$shared/parquet-testing/data
files=(alltypes_plain alltypes_dictionary nested_lists.snappy nested_maps.snappy nullable.impala
       nonnullable.impala list_columns byte_array_decimal int32_decimal int64_decimal
       datapage_v2.snappy null_list fixed_length_decimal delta_encoding_optional_column)
passed=0 failed=0
# Every file with three codec/page-version pairs; the first two files with all
# the others too, so every codec and both page versions are covered.
configs_all=("snappy 1" "zstd 2" "lz4_raw 1" "gzip 2" "brotli 1" "none 2" "snappy 2" "zstd 1")
configs_some=("snappy 1" "zstd 2" "lz4_raw 1")
i=0
for f in "${files[@]}"; do
  if [ $i -lt 2 ]; then configs=("${configs_all[@]}"); else configs=("${configs_some[@]}"); fi
  i=$((i + 1))
  for config in "${configs[@]}"; do
    read -r codec pv <<< "$config"
    out=$work/$f.$codec.v$pv.parquet
    if ! "$bin/parq" rewrite "$data/$f.parquet" "$out" --codec "$codec" --page-version "$pv"; then
      echo "FAIL rewrite $f $codec v$pv"; failed=$((failed + 1)); continue
    fi
    "$bin/parq" cat "$out" > "$out.parq.jsonl" || { echo "FAIL parq cat $out"; failed=$((failed + 1)); continue; }
    for engine in duckdb hyparquet; do
      if ! node "$peers/dump.mjs" "$out" --engine "$engine" > "$out.$engine.jsonl" 2> "$out.$engine.err"; then
        echo "FAIL $engine cannot read $out: $(head -c 300 "$out.$engine.err")"; failed=$((failed + 1)); continue
      fi
      if node "$peers/compare.mjs" "$out.$engine.jsonl" "$out.parq.jsonl" --schema "$out" > "$out.$engine.diff" 2>&1; then
        passed=$((passed + 1))
      else
        echo "FAIL $engine rows differ for $out:"; head -5 "$out.$engine.diff"; failed=$((failed + 1))
      fi
    done
  done
done
echo "interop: $passed passed, $failed failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
