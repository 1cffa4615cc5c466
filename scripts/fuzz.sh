#!/bin/sh
# Builds the libFuzzer targets with clang and runs each for N seconds over
# its seed folder (fuzz/corpus/NAME, copied to a scratch folder so the
# repository is never written), with the dictionary fuzz/NAME.dict when
# there is one. Usage: scripts/fuzz.sh BUILD_DIR SECONDS
set -eu
build=${1:-build-fuzz}
secs=${2:-20}
if ! command -v clang >/dev/null 2>&1; then
  echo "fuzz: clang not found, fuzzers skipped" >&2
  exit 0
fi
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DRM_FUZZ=ON -DRM_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
for src in fuzz/fuzz_*.c; do
  name=$(basename "$src" .c)
  work="$build/work/$name"
  rm -rf "$work"; mkdir -p "$work"
  seeds="fuzz/corpus/${name#fuzz_}"
  [ -d "$seeds" ] && cp "$seeds"/* "$work"/ 2>/dev/null || true
  dict="fuzz/${name#fuzz_}.dict"
  set --
  [ -f "$dict" ] && set -- -dict="$dict"
  echo "fuzz: $name for ${secs}s"
  "$build/fuzz/$name" "$@" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$build/work/$name-" "$work" </dev/null >"$build/work/$name.log" 2>&1 || {
      tail -40 "$build/work/$name.log" >&2
      echo "fuzz: $name found a problem (artifact in $build/work)" >&2
      exit 1
    }
  tail -1 "$build/work/$name.log"
done
