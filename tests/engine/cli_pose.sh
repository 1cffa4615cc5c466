# The public command: `engine/run.sh WALKER.JOM --anim A --time T` prints the
# object `retromesh pose --json` prints (without "degrees") as "pose", at
# many times, for both animations, with blends and the pose of the OBJ;
# --help, usage errors; --level against `retromesh level dump --json --full`
# for the example level (when the level runner is there).
. "$(dirname "$0")/lib.sh"
run="$SRC/engine/run.sh"
mkdir -p "$work/w"
"$RETROMESH" convert -q --skeleton "$SRC/examples/walker.json" "$SRC/examples/walker.obj" "$work/w/WALKER.JOM" ||
  { echo "FAIL: convert walker" >&2; exit 1; }
# pose_case ARGS...: the same arguments to both.
pose_case() {
  cases=$((cases + 1))
  if ! sh "$run" "$work/w/WALKER.JOM" "$@" >"$work/run.json" 2>"$work/run.err"; then
    echo "FAIL: engine/run.sh WALKER.JOM $*: exit $?" >&2; sed 's/^/  /' "$work/run.err" | head -5 >&2; fail=1; return
  fi
  if ! "$RETROMESH" pose --json "$work/w/WALKER.JOM" "$@" >"$work/cli.json" 2>"$work/cli.err"; then
    echo "FAIL: retromesh pose $*" >&2; fail=1; return
  fi
  if ! "$JSON_TOOL" diff "$work/run.json" "$work/cli.json" --a-key pose --ignore degrees 2>"$work/diff.err"; then
    echo "FAIL: engine/run.sh and retromesh pose --json differ: $*" >&2; sed 's/^/  /' "$work/diff.err" >&2; fail=1
  fi
}
pose_case
pose_case --time 30
for t in -1 0 1 5 9 10 11 17 20 29 33 39 40 41 79 1000; do
  pose_case --anim walk --time "$t"
  pose_case --anim WAVE --time "$t"
done
pose_case --anim walk --time 13 --blend wave:0.25
pose_case --anim walk --time 21 --blend wave:0.5
pose_case --anim wave --time 3 --blend walk:1
pose_case --anim wave --time 30 --blend walk:0.3
# The document also has one attribute per polygon (36 polygons).
n=$("$JSON_TOOL" get "$work/run.json" attributes | tr ',' '\n' | grep -c '"flag"')
[ "$n" = 36 ] || { echo "FAIL: $n attributes, want 36" >&2; fail=1; }
# An unknown animation: exit 1, named.
sh "$run" "$work/w/WALKER.JOM" --anim run >"$work/out" 2>"$work/err"
st=$?
[ "$st" = 1 ] && grep -q "no animation 'run'" "$work/err" || { echo "FAIL: unknown animation: exit $st" >&2; fail=1; }
# Usage.
sh "$run" --help >"$work/out" 2>&1 || { echo "FAIL: --help exit $?" >&2; fail=1; }
grep -q "^usage: engine/run.sh MODEL.JOM" "$work/out" || { echo "FAIL: --help prints no usage" >&2; fail=1; }
sh "$run" >"$work/out" 2>&1
[ $? = 2 ] || { echo "FAIL: no argument: not exit 2" >&2; fail=1; }
sh "$run" "$work/w/WALKER.JOM" --bogus >"$work/out" 2>&1
[ $? = 2 ] || { echo "FAIL: an unknown option: not exit 2" >&2; fail=1; }
sh "$run" "$work/w/NOPE.JOM" >"$work/out" 2>"$work/err"
[ $? = 3 ] || { echo "FAIL: a missing file: not exit 3" >&2; fail=1; }
# A level: what `retromesh level dump --json --full` prints.
if [ -f "$SRC/engine/test/run_level.c" ]; then
  cases=$((cases + 1))
  if "$RETROMESH" level build "$SRC/examples/level.json" "$work/LEVEL.JOL" >"$work/out" 2>"$work/err"; then
    "$RETROMESH" level dump --json --full "$work/LEVEL.JOL" >"$work/cli.json" 2>"$work/err"
    if sh "$run" --level "$work/LEVEL.JOL" >"$work/run.json" 2>"$work/run.err"; then
      "$JSON_TOOL" diff "$work/run.json" "$work/cli.json" 2>"$work/diff.err" ||
        { echo "FAIL: engine/run.sh --level differs from level dump" >&2; sed 's/^/  /' "$work/diff.err" >&2; fail=1; }
    else
      echo "FAIL: engine/run.sh --level: exit $?" >&2; sed 's/^/  /' "$work/run.err" | head -5 >&2; fail=1
    fi
  else
    echo "FAIL: retromesh level build examples/level.json" >&2; sed 's/^/  /' "$work/err" | head -5 >&2; fail=1
  fi
fi
finish
