#!/usr/bin/env bash
# The main job: install, build, then show a real file's metadata and schema.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
parq=$root/build/bin/parq
file=${1:-$root/../shared/parquet-testing/data/alltypes_plain.parquet}
echo "== parq meta $file"
"$parq" meta "$file"
echo "== parq schema $file"
"$parq" schema "$file"
