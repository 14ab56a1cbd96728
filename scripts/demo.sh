#!/usr/bin/env bash
# The main job: install, build, then read a real file, write it again with
# another codec and page version, and read the new file back.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
parq=$root/build/bin/parq
file=${1:-$root/../shared/parquet-testing/data/nested_lists.snappy.parquet}
out=$(mktemp -d)/rewritten.parquet
echo "== parq schema $file"
"$parq" schema "$file"
echo "== parq meta $file"
"$parq" meta "$file"
echo "== parq rewrite $file $out --codec zstd --page-version 2"
"$parq" rewrite "$file" "$out" --codec zstd --page-version 2
echo "== parq meta $out"
"$parq" meta "$out"
echo "== parq cat $file"
"$parq" cat "$file" | tee "$out.before.jsonl"
echo "== parq cat $out"
"$parq" cat "$out" | tee "$out.after.jsonl"
if cmp -s "$out.before.jsonl" "$out.after.jsonl"; then
  echo "== the rewritten file reads back to the same rows"
else
  echo "== MISMATCH between the original and the rewritten rows" >&2
  exit 1
fi
