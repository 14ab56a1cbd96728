#!/usr/bin/env bash
# benchmarks/write_vs_duckdb.sh [BUILD_DIR] — parq's writer against DuckDB's,
# one thread each, on the same 5,000,000 rows (see benchmarks/write_table_driver.cc
# for the table: int64 sequence, int32 0..999, double, a 100-value string,
# a random 10-30 byte string, an int64 with 10% nulls).
#
# parq: build/bin/parq_write_table generates the rows into memory and times
# FileWriter writing them (open, every column, close).  DuckDB: the same rows
# (read from parq's uncompressed file) are materialised into an in-memory
# table, then only `COPY t TO … (FORMAT parquet, COMPRESSION c)` is timed
# (benchmarks/peers/write-duckdb.mjs, SET threads=1).  For each codec
# (none, snappy, zstd) the two alternate, ROUNDS times each, one timed write
# per process; the table shows the medians, parq/DuckDB and the file sizes.
# Both use their default writer settings (dictionary, page and row-group sizes).
#
# Environment: ROUNDS (default 5), ROWS (default 5000000).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" 2>/dev/null && pwd) || { echo "write_vs_duckdb: no build directory (scripts/build.sh first)"; exit 2; }
rounds=${ROUNDS:-5} rows=${ROWS:-5000000}

cmake --build "$build" --target parq_write_table >/dev/null
driver=$build/bin/parq_write_table

# DuckDB from the npm registry, installed into the build tree (as tests/interop does).
peers=$build/peers
if [ ! -d "$peers/node_modules/@duckdb/node-api" ]; then
  mkdir -p "$peers" && cp -r "$root/../shared/peers/." "$peers/"
  (cd "$peers" && npm install --no-audit --no-fund >"$build/peers-npm-install.log" 2>&1) ||
    { echo "write_vs_duckdb: cannot install the peers (see $build/peers-npm-install.log)"; exit 1; }
fi
cp "$root/benchmarks/peers/write-duckdb.mjs" "$peers/"

work=$build/write-vs-duckdb
mkdir -p "$work"
src=$work/source.parquet
"$driver" "$src" --codec none --rows "$rows" >/dev/null

json() { node -e 'const o = JSON.parse(process.argv[1]); console.log(o[process.argv[2]])' "$1" "$2"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

printf '%-7s %12s %12s %13s %14s %14s\n' codec "parq s" "DuckDB s" "parq/DuckDB" "parq bytes" "DuckDB bytes"
for codec in none snappy zstd; do
  parq_t=() duck_t=() parq_b=0 duck_b=0
  for ((r = 0; r < rounds; r++)); do
    # Alternate which one goes first.
    for who in $([ $((r % 2)) -eq 0 ] && echo "parq duckdb" || echo "duckdb parq"); do
      if [ "$who" = parq ]; then
        out=$("$driver" "$work/parq.$codec.parquet" --codec "$codec" --rows "$rows")
        parq_t+=("$(json "$out" median)") parq_b=$(json "$out" bytes)
      else
        out=$(node "$peers/write-duckdb.mjs" "$work/duckdb.$codec.parquet" --like "$src" --codec "$codec" --runs 1)
        duck_t+=("$(json "$out" seconds)") duck_b=$(json "$out" bytes)
      fi
    done
  done
  p=$(median "${parq_t[@]}") d=$(median "${duck_t[@]}")
  printf '%-7s %12.3f %12.3f %13.2f %14s %14s\n' "$codec" "$p" "$d" "$(awk -v p="$p" -v d="$d" 'BEGIN {print p / d}')" "$parq_b" "$duck_b"
done
