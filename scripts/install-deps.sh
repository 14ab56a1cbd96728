#!/usr/bin/env bash
# Installs the Debian packages parq builds and tests with (needs root).
# Idempotent: does nothing when everything is already there.
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config clang
      libzstd-dev libsnappy-dev liblz4-dev zlib1g-dev libbrotli-dev libdeflate-dev liblzo2-dev libssl-dev
      libgtest-dev libgmock-dev libbenchmark-dev
      thrift-compiler libthrift-dev libboost-dev
      libcurl4-openssl-dev nginx-light   # libcurl: HTTP(S) files; nginx: their tests
      python3 python3-pip python3-setuptools python3-wheel python3-pytest  # the Python package (python/)
      python3-numpy python3-pandas python3-dask python3-distributed)
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
