#!/bin/sh
# cmake/version_script.sh OUT HEADER...: writes the linker version script of
# the shared library: the functions and objects the public headers declare
# (cmake/api_symbols.awk) are global, everything else is local, so the .so
# exports the documented API and nothing of the library's internals.
set -eu
out=$1; shift
here=$(dirname "$0")
tmp="$out.tmp"
{
  echo "/* Generated from include/retromesh/*.h by cmake/version_script.sh. */"
  echo "{"
  echo "  global:"
  awk -f "$here/api_symbols.awk" "$@" | LC_ALL=C sort -u | sed 's/^/    /; s/$/;/'
  echo "  local: *;"
  echo "};"
} >"$tmp"
mv "$tmp" "$out"
