# The examples converted at test time (walker with its skeleton, robot, crate
# with its texture as a .BIN and embedded, colors, cube): the model module on
# the SuperH CPU and the host runtime + CD context agree on everything
# (tests/engine/lib.sh model_cases).
. "$(dirname "$0")/lib.sh"
ex="$SRC/examples"
convert() {   # DIR NAME OBJ [options]: DIR/NAME from OBJ
  d=$1; n=$2; obj=$3; shift 3
  mkdir -p "$d"
  if ! "$RETROMESH" convert -q "$@" "$obj" "$d/$n" 2>"$work/conv.err"; then
    echo "FAIL: convert $obj $*" >&2; sed 's/^/  /' "$work/conv.err" >&2; fail=1; return 1
  fi
}
convert "$work/walker" WALKER.JOM "$ex/walker.obj" --skeleton "$ex/walker.json" && model_cases "$work/walker" WALKER.JOM
convert "$work/robot" ROBOT.JOM "$ex/robot.obj" && model_cases "$work/robot" ROBOT.JOM
convert "$work/crate" CRATE.JOM "$ex/crate.obj" && model_cases "$work/crate" CRATE.JOM
convert "$work/crate_e" CRATE.JOM "$ex/crate.obj" --embed-textures && model_cases "$work/crate_e" CRATE.JOM
convert "$work/colors" COLORS.JOM "$ex/colors.obj" && model_cases "$work/colors" COLORS.JOM
convert "$work/cube" CUBE.JOM "$ex/cube.obj" && model_cases "$work/cube" CUBE.JOM
# Two models on one CD: the second reuses the first's texture (no sprite).
# (one runner loads one model: the same CD twice gives the same figures)
finish
