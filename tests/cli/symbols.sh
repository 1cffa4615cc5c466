#!/bin/sh
# The shared library exports exactly the API of the installed headers: every
# function and object include/retromesh/*.h declares is defined and exported
# (a declaration without a definition would fail a program's link), and
# nothing else is (no internal helper, whatever its prefix). The list of
# declarations comes from cmake/api_symbols.awk, the one the build's
# version script is made from; a second, independent look (a plain grep of
# the headers) checks that each exported name is declared there as a
# function or an object. $SO is the library (set by tests/cli/CMakeLists.txt).
. "$(dirname "$0")/lib.sh"
if ! command -v nm >/dev/null 2>&1; then echo "skip: nm (binutils) not found"; exit 77; fi
[ -f "$SO" ] || { echo "FAIL: $SO not built" >&2; exit 1; }

awk -f "$SRC/cmake/api_symbols.awk" "$SRC"/include/retromesh/*.h | LC_ALL=C sort -u >"$work/declared"
# Defined dynamic symbols (any type: functions, data, weak), by name.
nm -D --defined-only "$SO" | awk 'NF >= 3 { print $NF }' | sed 's/@.*//' | LC_ALL=C sort -u >"$work/exported"
[ -s "$work/declared" ] || { echo "FAIL: no declaration found in the headers" >&2; exit 1; }

LC_ALL=C comm -23 "$work/declared" "$work/exported" >"$work/missing"
LC_ALL=C comm -13 "$work/declared" "$work/exported" >"$work/extra"
if [ -s "$work/missing" ]; then
  echo "FAIL: declared in include/retromesh/*.h but not exported by $(basename "$SO") (no definition?):" >&2
  sed 's/^/  /' "$work/missing" >&2
  fail=1
fi
if [ -s "$work/extra" ]; then
  echo "FAIL: exported by $(basename "$SO") but declared in no installed header:" >&2
  sed 's/^/  /' "$work/extra" >&2
  fail=1
fi
# Independent of the awk scanner: each exported name is followed by '(' or
# '[' (or ends a declaration) somewhere in the headers.
cat "$SRC"/include/retromesh/*.h >"$work/headers"
while IFS= read -r name; do
  if ! grep -Eq "(^|[^A-Za-z0-9_])$name[[:space:]]*(\(|\[|;)" "$work/headers"; then
    echo "FAIL: $name is exported but no header declares it" >&2
    fail=1
  fi
done <"$work/exported"
echo "$(wc -l <"$work/exported") symbols exported, $(wc -l <"$work/declared") declared"
finish
