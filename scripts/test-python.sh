#!/usr/bin/env bash
# Runs the Python package's tests (python/tests, pytest) against a build's
# libparq.so, with Debian's interpreter.  Usage: scripts/test-python.sh [BUILD_DIR]
# (after scripts/build.sh; scripts/test.sh runs it after the C++ tests).
#
# The package is installed as users install it (pip, offline, into
# BUILD_DIR/python-site) and tested there.  /usr/bin/python3 by name: its
# numpy, pandas, dask and pytest are Debian's (scripts/install-deps.sh), and
# a python3 earlier on PATH (pyenv, a venv) may lack them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
py=/usr/bin/python3
lib=$build/libparq.so
[ -e "$lib" ] || { echo "test-python: no $lib (scripts/build.sh builds it)"; exit 2; }
shared=$(sed -n 's/^PARQ_SHARED_DIR:PATH=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
shared=$(cd "${PARQ_SHARED_DIR:-${shared:-$root/../shared}}" && pwd)

# DuckDB, the Dask tests' oracle: the interop peers' libduckdb.so, installed
# as `ctest -L interop` installs them (npm); without npm the tests say they
# compare with pandas instead.
if command -v npm >/dev/null; then
  "$root/tests/interop/install_peers.sh" "$shared" "$build/interop"
  export PARQ_DUCKDB_LIB=$build/interop/peers/node_modules/@duckdb/node-bindings-linux-x64/libduckdb.so
else
  echo "test-python: no npm: the Dask tests compare with pandas, not DuckDB"
fi

site=$build/python-site
rm -rf "$site"
$py -m pip install --quiet --root-user-action=ignore --no-build-isolation --no-index --no-deps \
  --target "$site" "$root/python"
rm -rf "$root/python/build" "$root/python/parq.egg-info"

cd "$root"
start=$(date +%s)
PARQ_TEST_INSTALLED=1 PYTHONPATH="$site:$root/python/tests" PARQ_LIBRARY="$lib" PARQ_SHARED_DIR="$shared" \
  $py -m pytest -q -p no:cacheprovider python/tests
echo "== python tests done in $(( $(date +%s) - start )) s"
