#!/bin/sh
# Every command of README.md and docs/cli.md runs as written: the lines that
# start with "retromesh " in their ```sh blocks (a line ending in '\' goes on
# on the next one) run in order, each with sh -c, from a copy of the
# repository root as `make demo` leaves it (examples/ and build/demo/, made
# here by scripts/demo.sh), with the tool on PATH; each must exit 0. Each
# document gets its own copy.
. "$(dirname "$0")/lib.sh"
oni_make=$TMPROOT/../oni/oni_make
if [ ! -x "$oni_make" ]; then echo "skip: $oni_make not built (make demo's Oni folder)"; exit 77; fi

mkdir "$work/bin" "$work/demo"
ln -s "$RETROMESH" "$work/bin/retromesh"
cp -R "$SRC/examples" "$work/demo/examples"
if ! (cd "$work/demo" && sh "$SRC/scripts/demo.sh" "$RETROMESH" build/demo "$oni_make") >"$work/demo.log" 2>&1; then
  echo "FAIL: scripts/demo.sh failed:" >&2; tail -20 "$work/demo.log" >&2; exit 1
fi

# commands FILE: the command lines of FILE's ```sh blocks, one a line.
commands() {
  awk '
    /^```sh[ \t]*$/ { block = 1; next }
    /^```/ { block = 0; next }
    !block { next }
    cont != "" { cont = cont " " $0; if (cont !~ /\\$/) { print cont; cont = "" } else sub(/\\$/, "", cont); next }
    /^retromesh / { if ($0 ~ /\\$/) { cont = $0; sub(/\\$/, "", cont) } else print }
  ' "$1"
}

for doc in README.md docs/cli.md; do
  [ -f "$SRC/$doc" ] || { echo "FAIL: $doc not found" >&2; fail=1; continue; }
  root="$work/root_$(basename "$doc" .md)"
  cp -R "$work/demo" "$root"
  commands "$SRC/$doc" >"$work/cmds"
  n=0
  while IFS= read -r cmd; do
    n=$((n + 1))
    st=0
    (cd "$root" && PATH="$work/bin:$PATH" sh -c "$cmd") >"$work/out" 2>"$work/err" </dev/null || st=$?
    if [ "$st" != 0 ]; then
      echo "FAIL: $doc: exit $st: $cmd" >&2
      sed 's/^/  stderr: /' "$work/err" | head -10 >&2
      fail=1
    fi
  done <"$work/cmds"
  echo "$doc: $n commands"
done
# The README's block is not empty: the extraction found its commands.
[ "$(commands "$SRC/README.md" | wc -l)" -ge 15 ] || { echo "FAIL: fewer than 15 commands found in README.md" >&2; fail=1; }
finish
