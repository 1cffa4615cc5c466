# Shared by the engine's differential tests. The environment (set by
# tests/engine/CMakeLists.txt): $RETROMESH the tool, $HOST_MODEL the host
# counterpart (host_model.c), $JSON_TOOL the comparer (json_tool.c), $SRC
# the source tree, $FIXTURES, $SHARED, $RETROMESH_ENGINE_BUILD.
#
# diff_case LABEL RUNNER-ARGS...: runs the model runner on the SuperH CPU
# (engine/test/run_model.c under qemu-sh4eb) and host_model with the same
# arguments; both must exit 0 and print the same document, or both refuse
# the model (exit 1; returns 2) (every key but
# "heap_blocks", checked by check_blocks, and "added", the shape of each
# sprite as given to Jo, which only the engine has).
set -u
fail=0
cases=0
refused_both=0
past_limits=0
work=$(mktemp -d "${TMPDIR:-/tmp}/rm_engine.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

QEMU=${QEMU_SH4EB:-qemu-sh4eb}
for tool in "$QEMU" "${SH_CC:-sh4-linux-gnu-gcc}"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "skipped: $tool not installed"
    exit 77
  fi
done
ELF=$(sh "$SRC/engine/run.sh" --elf model 2>"$work/build.err")
st=$?
if [ "$st" = 77 ]; then
  echo "$ELF"
  exit 77
fi
if [ "$st" != 0 ]; then
  echo "FAIL: engine/run.sh --elf: exit $st" >&2
  tail -20 "$work/build.err" >&2
  exit 1
fi

sh_run() { "$QEMU" "$ELF" "$@"; }

# The JSON of the last diff_case: $work/sh.json and $work/host.json.
diff_case() {
  label=$1; shift
  cases=$((cases + 1))
  "$QEMU" "$ELF" "$@" >"$work/sh.json" 2>"$work/sh.err"
  st_sh=$?
  "$HOST_MODEL" "$@" >"$work/host.json" 2>"$work/host.err"
  st_host=$?
  # Both refuse the load (a model past the VRAM, the sprite table, the
  # heap): they agree; the messages are each side's own.
  if [ "$st_sh" = 1 ] && [ "$st_host" = 1 ]; then
    refused_both=$((refused_both + 1))
    return 2
  fi
  if [ "$st_sh" != 0 ] || [ "$st_host" != 0 ]; then
    echo "FAIL: $label: exit $st_sh on the SuperH, $st_host on the host: $*" >&2
    sed 's/^/  sh: /' "$work/sh.err" | head -10 >&2
    sed 's/^/  host: /' "$work/host.err" | head -10 >&2
    fail=1
    return 1
  fi
  if ! "$JSON_TOOL" diff "$work/sh.json" "$work/host.json" --ignore heap_blocks --ignore added 2>"$work/diff.err"; then
    echo "FAIL: $label: the SuperH and the host differ: $*" >&2
    sed 's/^/  /' "$work/diff.err" >&2
    fail=1
    return 1
  fi
  return 0
}

# check_blocks WANT: the last diff_case's "heap_blocks" (live blocks of Jo's
# heap after the load: seed 002's one block of the model plus the file's).
check_blocks() {
  got=$("$JSON_TOOL" get "$work/sh.json" heap_blocks 2>/dev/null)
  if [ "$got" != "$1" ]; then
    echo "FAIL: $label: $got heap blocks after the load, want $1" >&2
    fail=1
  fi
}

# expect_value FILE PATH WANT: the compact JSON at PATH is WANT.
expect_value() {
  got=$("$JSON_TOOL" get "$1" "$2" 2>&1)
  if [ "$got" != "$3" ]; then
    echo "FAIL: $(basename "$1") $2 is $got, want $3" >&2
    fail=1
  fi
}

# Times: before the start, every tick of the first 2 s, far past the end.
TIMES=-3
t=0
while [ "$t" -le 120 ]; do TIMES="$TIMES,$t"; t=$((t + 1)); done
TIMES="$TIMES,997,4000,100000,2147483647"

# model_cases DIR FILE: every comparison for one model whose file is
# DIR/FILE (FILE an upper-case 8.3 name, its textures beside it).
# - in place: the pose of the OBJ and of every animation at $TIMES, blends
#   of each animation with the next at 4 weights, draws at 3 times (with a
#   view, hidden bones), the sprites;
# - jo_3d_load_model and __jo_3d_load_model_for_lights from DIR as the CD:
#   sprites, VRAM, heap (and its blocks: 2), gouraud tables, a draw.
model_cases() {
  dir=$1; file=$2
  m="$dir/$file"
  "$RETROMESH" info --json "$m" >"$work/info.json" 2>"$work/info.err" || {
    echo "FAIL: info $m" >&2; fail=1; return; }
  npoints=$("$JSON_TOOL" get "$work/info.json" counts.points)
  npolys=$("$JSON_TOOL" get "$work/info.json" counts.polygons)
  # Past SGL's limits (JO_3D_MODEL_MAX_POINTS 2500 points in a PDATA,
  # JO_3D_MODEL_MAX_POLYGONS 1761 polygons a frame) the module refuses the
  # model, which the host runtime loads (its budget only warns): the one
  # place where they differ by design. Checked, then nothing to compare.
  if [ "$npoints" -gt 2500 ] || [ "$npolys" -gt 1761 ]; then
    cases=$((cases + 1))
    "$QEMU" "$ELF" "$m" >"$work/sh.json" 2>"$work/sh.err"
    st_sh=$?
    if [ "$st_sh" != 1 ] || ! grep -q -e "points, SGL takes 2500" -e "polygons, SGL draws 1761" "$work/sh.err"; then
      echo "FAIL: $file: $npoints points, $npolys polygons: exit $st_sh, want 1 and SGL's limit named" >&2
      sed 's/^/  sh: /' "$work/sh.err" | head -5 >&2
      fail=1
    fi
    past_limits=$((past_limits + 1))
    return
  fi
  nanim=$("$JSON_TOOL" get "$work/info.json" counts.animations)
  nbones=$("$JSON_TOOL" get "$work/info.json" counts.bones)
  diff_case "$file OBJ pose" "$m" --times "$TIMES" --draw --sprites
  diff_case "$file viewed" "$m" --draw --view 65536,-131072,3000000,4096,-12000,30000
  i=0
  while [ "$i" -lt "$nanim" ]; do
    name=$("$JSON_TOOL" get "$work/info.json" "animations.$i.name" | sed 's/^"//; s/"$//')
    next=$(( (i + 1) % nanim ))
    other=$("$JSON_TOOL" get "$work/info.json" "animations.$next.name" | sed 's/^"//; s/"$//')
    diff_case "$file $name" "$m" --anim "$name" --time 7 --times "$TIMES"
    for w in 0 0.25 0.5 0.3 1; do
      diff_case "$file $name+$other:$w" "$m" --anim "$name" --time 13 --blend "$other:$w" --times "$TIMES"
    done
    for t in 0 5 23; do
      diff_case "$file $name draw $t" "$m" --anim "$name" --time "$t" --draw
      diff_case "$file $name draw $t viewed" "$m" --anim "$name" --time "$t" --draw \
        --view -70000,5000,400000,-20000,333,16384
    done
    i=$((i + 1))
  done
  if [ "$nbones" -gt 0 ]; then
    for mask in 1 2 4 0x15 0xfffffffe 0x80000000; do
      if [ "$nanim" -gt 0 ]; then
        a0=$("$JSON_TOOL" get "$work/info.json" animations.0.name | sed 's/^"//; s/"$//')
        diff_case "$file hide $mask" "$m" --anim "$a0" --time 9 --draw --hide "$mask"
      else
        diff_case "$file hide $mask" "$m" --draw --hide "$mask"
      fi
    done
  fi
  diff_case "$file load" --cd "$dir" "$file" --sprites --draw && check_blocks 2
  diff_case "$file load for lights" --cd "$dir" --for-lights "$file" --sprites --draw && check_blocks 2
}

finish() {
  if [ "$fail" = 0 ]; then echo "ok ($cases comparisons, $refused_both of them refused by both; $past_limits models past SGL's limits, refused by the engine)"; fi
  exit "$fail"
}
