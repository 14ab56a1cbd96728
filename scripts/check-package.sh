#!/usr/bin/env bash
# Checks parq as a library another C++ (or C) project takes in, from a built tree:
#   scripts/check-package.sh [BUILD_DIR]        (default build/; ctest -L packaging runs it)
#  1. the in-tree examples link libparq.so and compile without src/ or the
#     generated folder on their include path;
#  2. `cmake --install` into a fresh prefix: headers, libparq.a, libparq.so
#     (SONAME libparq.so.<major>), the CLI, the CMake package and parq.pc;
#  3. examples/ built out of tree against that prefix with find_package(parq),
#     once linking parq::parq (shared) and once parq::parq_static, then with
#     `pkg-config --cflags --libs parq` on a plain compiler line; each consumer
#     runs (write_file: 1M rows written and checked; read_file reads them back;
#     read_dataset reads them as a dataset's Arrow stream and as rows on a
#     ThreadPool of 2, so parq/thread_pool.h and parq/dataset_arrow.h are
#     proven self-contained and linkable),
#     the shared ones load the prefix's libparq.so.0 (ldd), and no compile line
#     names parq's src/, its generated folder, or another include directory
#     of the source or build tree than the prefix's;
#     then the C API: libparq.so exports every function of parq/c_api.h
#     (nm -D), and tests/capi/c_consumer.c builds with `cc -std=c99 -Wall
#     -Wextra -Werror -pedantic ... -lparq` against the prefix and runs;
#  4. add_subdirectory(parq) from a tiny project: only thriftgen (the host tool
#     that generates the format structs) and libparq.so are built for it.
# Work files go to BUILD_DIR/package-check/ (stable paths, so that ccache, when
# on PATH, serves the subproject's second build; the consumers of the installed
# package compile without it, so their timings are real).  Prints the
# timings; exits 1 at the first failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$build/package-check
prefix=$work/prefix
jobs=$(nproc)
rm -rf "$work"
mkdir -p "$work"

fail() { echo "check-package: FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi

# (No `grep -q` after a pipe: it would stop reading, and pipefail would see
# the writer's SIGPIPE.)
# Fails when a compile line ($2, what: $1) names parq's src/ or generated
# folder; with $3 = installed, also the source tree's include/ or the build's
# configured headers (the consumer must use the prefix's).
check_private_dirs() {
  local what=$1 line=$2 dir
  local private=("$root/src" "$build/generated")
  [ "${3:-}" = installed ] && private+=("$root/include" "$build/include")
  for dir in "${private[@]}"; do
    case "$line" in *"$dir"*) fail "$what: compile line names $dir: $line" ;; esac
  done
}

# The compile lines of a compile_commands.json for files under examples/
# (CMake writes each entry's "command" on one line).
example_commands() {
  grep '"command": .* -c [^ ]*/examples/[a-z_]*\.cc"' "$1" || true
}

# Runs the three examples of directory $2 (what: $1).
run_examples() {
  local what=$1 dir=$2 out=$work/$1.parquet
  "$dir/write_file" "$out" >/dev/null || fail "$what: write_file"
  "$dir/read_file" "$out" name 3 | grep -x '  null' >/dev/null || fail "$what: read_file printed no null of column name"
  "$dir/read_dataset" "$out" 2 | grep -x 'arrow: 1000000 rows of [0-9]* fields in [0-9]* batches on 2 threads' >/dev/null ||
    fail "$what: read_dataset did not stream the 1M rows on 2 threads"
  echo "   $what: write_file wrote and checked 1M rows; read_file read them; read_dataset streamed them on a pool"
}

echo "== 1. in-tree examples ($build)"
cmake --build "$build" -j "$jobs" --target parq_shared parq_static parq_cli read_file write_file read_dataset >/dev/null
n=0
while IFS= read -r line; do
  check_private_dirs in-tree "$line"
  n=$((n + 1))
done < <(example_commands "$build/compile_commands.json")
[ "$n" -eq 3 ] || fail "in-tree: expected 3 example compile lines in compile_commands.json, found $n"
ldd "$build/bin/write_file" | grep -F "libparq.so.0 => $build/" >/dev/null || fail "in-tree: write_file does not load $build/libparq.so.0"
run_examples in-tree "$build/bin"

echo "== 2. cmake --install to $prefix"
t=$(now)
cmake --install "$build" --prefix "$prefix" >/dev/null
echo "   installed in $(since "$t") s"
for f in include/parq/file_reader.h include/parq/version.h lib/libparq.a lib/libparq.so lib/libparq.so.0 \
         bin/parq lib/cmake/parq/parqConfig.cmake lib/cmake/parq/parqConfigVersion.cmake lib/pkgconfig/parq.pc; do
  [ -e "$prefix/$f" ] || fail "install: $f is missing"
done
readelf -d "$prefix/lib/libparq.so" | grep 'SONAME.*\[libparq\.so\.0\]' >/dev/null || fail "install: libparq.so's SONAME is not libparq.so.0"
extra=$(find "$prefix/include" -type f ! -path "$prefix/include/parq/*.h")
[ -z "$extra" ] || fail "install: headers outside include/parq/: $extra"
"$prefix/bin/parq" --version | grep -x "parq version [0-9.]*" >/dev/null || fail "install: bin/parq --version"

echo "== 3. consumers of the installed package"
for link in parq::parq parq::parq_static; do
  what=cmake-${link#parq::}
  dir=$work/$what
  t=$(now)
  cmake -S "$root/examples" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
    -DPARQ_EXAMPLES_LINK="$link" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$dir.log" 2>&1 ||
    { cat "$dir.log"; fail "$what: configure"; }
  ninja -C "$dir" >>"$dir.log" 2>&1 || { cat "$dir.log"; fail "$what: build"; }
  compiled=$(grep -c 'Building CXX object' "$dir.log" || true)
  echo "   $what: configured and built in $(since "$t") s ($compiled files compiled: the three examples)"
  [ "$compiled" -eq 3 ] || fail "$what: $compiled files compiled, expected the 3 examples only"
  while IFS= read -r line; do check_private_dirs "$what" "$line" installed; done < <(example_commands "$dir/compile_commands.json")
  if [ "$link" = parq::parq ]; then
    ldd "$dir/write_file" | grep -F "libparq.so.0 => $prefix/lib/libparq.so.0" >/dev/null ||
      fail "$what: write_file does not load $prefix/lib/libparq.so.0: $(ldd "$dir/write_file")"
  else
    ! ldd "$dir/write_file" | grep libparq >/dev/null || fail "$what: write_file loads a libparq.so"
  fi
  run_examples "$what" "$dir"
done

dir=$work/pkg-config
mkdir -p "$dir"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
flags=$(pkg-config --cflags --libs parq) || fail "pkg-config --cflags --libs parq"
check_private_dirs pkg-config "$flags" installed
t=$(now)
for name in read_file write_file read_dataset; do
  ${CXX:-c++} -std=c++20 -O2 "$root/examples/$name.cc" $flags -Wl,-rpath,"$prefix/lib" -o "$dir/$name"
done
echo "   pkg-config: c++ -std=c++20 -O2 FILE.cc $flags: built in $(since "$t") s"
ldd "$dir/write_file" | grep -F "libparq.so.0 => $prefix/lib/libparq.so.0" >/dev/null || fail "pkg-config: write_file does not load libparq.so.0"
run_examples pkg-config "$dir"

# The C API: every function parq/c_api.h declares is exported by libparq.so,
# and a C99 program (tests/capi/c_consumer.c) builds against the installed
# header with warnings as errors, links with -lparq and runs.
dir=$work/c-consumer
mkdir -p "$dir"
nm -D --defined-only "$prefix/lib/libparq.so" | awk '{print $NF}' | grep '^parq_' | sort -u >"$dir/exported" || true
grep -o 'parq_[a-z_]*(' "$prefix/include/parq/c_api.h" | tr -d '(' | sort -u >"$dir/declared"
[ "$(wc -l <"$dir/declared")" -ge 10 ] || fail "c: found only $(wc -l <"$dir/declared") functions in c_api.h"
missing=$(comm -23 "$dir/declared" "$dir/exported" | tr '\n' ' ')
[ -z "$missing" ] || fail "c: libparq.so does not export: $missing"
t=$(now)
${CC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic "$root/tests/capi/c_consumer.c" -I"$prefix/include" \
  -L"$prefix/lib" -lparq -Wl,-rpath,"$prefix/lib" -o "$dir/c_consumer" || fail "c: cc -std=c99 -pedantic c_consumer.c -lparq"
echo "   c: libparq.so exports the $(wc -l <"$dir/declared") functions of c_api.h; cc -std=c99 -Wall -Wextra -Werror -pedantic c_consumer.c -lparq: built in $(since "$t") s"
ldd "$dir/c_consumer" | grep -F "libparq.so.0 => $prefix/lib/libparq.so.0" >/dev/null || fail "c: c_consumer does not load libparq.so.0"
"$dir/c_consumer" "$work/pkg-config.parquet" >"$dir/out.txt" || fail "c: c_consumer failed on pkg-config.parquet"
grep -x 'rows: 1000000, row groups: [0-9]*, columns: [0-9]*' "$dir/out.txt" >/dev/null || fail "c: c_consumer printed no row count of 1000000"
echo "   c: c_consumer read the metadata and $(grep -c '^{' "$dir/out.txt") rows through the C API"

echo "== 4. add_subdirectory(parq) from a tiny project"
src=$work/subdir-src
dir=$work/subdir
mkdir -p "$src"
cat >"$src/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.21)
project(parq_subdir_consumer LANGUAGES CXX)
add_subdirectory("$root" parq)
add_executable(write_file "$root/examples/write_file.cc")
target_link_libraries(write_file PRIVATE parq::parq)
EOF
# -O0: what this checks is what gets built, not how fast it runs.
t=$(now)
cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${launcher[@]}" >"$dir.log" 2>&1 || { cat "$dir.log"; fail "subdir: configure"; }
ninja -C "$dir" -j "$jobs" >>"$dir.log" 2>&1 || { tail -n 40 "$dir.log"; fail "subdir: build"; }
edges=$(grep -o '^\[[0-9]*/[0-9]*\]' "$dir.log" | tail -n 1 | tr -d '[]' | cut -d/ -f2)
linked=$(grep -o 'Linking CXX [a-z ]* [^ ]*' "$dir.log" | awk '{print $NF}' | xargs -n1 basename | sort | tr '\n' ' ')
compiled=$(grep -c 'Building CXX object' "$dir.log" || true)
echo "   subdir: $edges build steps, $compiled files compiled, linked: $linked($(since "$t") s, -O0)"
[[ "$linked" =~ ^libparq\.so\.[0-9.]+\ thriftgen\ write_file\ $ ]] || fail "subdir: linked $linked, expected thriftgen, libparq.so and write_file"
# The static library's objects (parq_<layer>_objects) are not needed for it.
static_objects=$(grep 'Building CXX object .*_objects\.dir' "$dir.log" | grep -vc '_pic_objects\.dir' || true)
[ "$static_objects" -eq 0 ] || fail "subdir: $static_objects objects of libparq.a compiled, which nothing links"
while IFS= read -r line; do
  case "$line" in *"$root/src"*|*"$dir/parq/generated"*) fail "subdir: consumer compile line names parq's private dirs: $line" ;; esac
done < <(example_commands "$dir/compile_commands.json")
ldd "$dir/write_file" | grep -F "libparq.so.0 => $dir/parq/libparq.so.0" >/dev/null || fail "subdir: write_file does not load the subproject's libparq.so.0"
"$dir/write_file" "$work/subdir.parquet" 100000 >/dev/null || fail "subdir: write_file"
echo "check-package: ok"
