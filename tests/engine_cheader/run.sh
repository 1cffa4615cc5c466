#!/bin/sh
# tests/engine_cheader/run.sh CASE: a C header made by the host CLI from an
# example (convert IN model.h --c-name model OPTIONS), compiled for the
# big-endian SuperH against the test double (engine/test/build.sh) with
# check.c, run under qemu-sh4eb against the JOM converted with the same
# OPTIONS (check.c says what is compared). Exit 77 ("skipped: why") without
# the SuperH tools. Environment: RETROMESH, SRC, FIXTURES, TMPROOT.
set -u
case=${1:?usage: run.sh CASE}
ex=$SRC/examples
tex=$FIXTURES/textures
case $case in
robot) in=$ex/robot.obj; set -- ;;
robot_merge) in=$ex/robot.obj; set -- --merge-triangles --scale 2 ;;
crate) in=$ex/crate.obj; set -- ;;
crate_embed) in=$ex/crate.obj; set -- --embed-textures ;;
colors) in=$ex/colors.obj; set -- ;;
lut) in=$tex/lut.obj; set -- --embed-textures ;;
*) echo "unknown case $case" >&2; exit 64 ;;
esac
for tool in qemu-sh4eb sh4-linux-gnu-gcc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "skipped: $tool not installed"
    exit 77
  fi
done
work=${TMPROOT:-${TMPDIR:-/tmp}}/engine_cheader_$case
rm -rf "$work"
mkdir -p "$work/jom" || exit 1
"$RETROMESH" convert -q "$in" "$work/model.h" --c-name model "$@" || { echo "FAIL: convert to model.h" >&2; exit 1; }
"$RETROMESH" convert -q "$in" "$work/jom/MODEL.JOM" "$@" || { echo "FAIL: convert to MODEL.JOM" >&2; exit 1; }
flags="-I $work"
grep -q 'model_vertex_normals\[' "$work/model.h" && flags="$flags -DHAS_NORMALS"
grep -q 'model_gouraud\[' "$work/model.h" && flags="$flags -DHAS_GOURAUD"
EXTRA_CFLAGS=$flags sh "$SRC/engine/test/build.sh" "$work/sh" check "$SRC/tests/engine_cheader/check.c" >"$work/build.log" 2>&1
st=$?
if [ $st = 2 ]; then
  grep skipped "$work/build.log"
  exit 77
fi
if [ $st != 0 ]; then
  echo "FAIL: the SuperH build of the header failed:" >&2
  head -40 "$work/build.log" >&2
  exit 1
fi
qemu-sh4eb "$work/sh/check.elf" "$work/jom/MODEL.JOM" "$work/jom"
