#!/usr/bin/env bash
# Installs the interop peers (DuckDB, hyparquet, Polars: ../shared/peers/package.json)
# from the npm registry into WORK_DIR/peers unless they are there already.
# usage: install_peers.sh SHARED_DIR WORK_DIR   (fails, never skips, when npm cannot)
set -uo pipefail
mkdir -p "$2"
shared=$(cd "$1" && pwd) work=$(cd "$2" && pwd)
peers=$work/peers
if [ ! -d "$peers/node_modules/@duckdb/node-api" ] || [ ! -d "$peers/node_modules/hyparquet" ] ||
   [ ! -d "$peers/node_modules/nodejs-polars" ]; then
  mkdir -p "$peers" && cp -r "$shared/peers/." "$peers/"
  if ! (cd "$peers" && npm install --no-audit --no-fund >"$work/npm-install.log" 2>&1); then
    echo "interop: cannot install the peers from the npm registry (see $work/npm-install.log)"
    exit 1
  fi
fi
