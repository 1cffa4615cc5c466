# The project's fixtures on the SuperH CPU against the host: the valid JOM
# fixtures (tests/fixtures/jom: cube with its WALL.BIN made here, triangle,
# the two embedded textures of textured.jom (RGB and 16-color LUT), the
# 3-bone chain of skeleton.jom, unknown_chunk.jom), the skeleton fixture
# rig.obj + rig.json converted, and the texture fixtures lut.obj (jo_lut:
# 16-color textures when embedded) and atlas.obj, as .BIN and embedded.
. "$(dirname "$0")/lib.sh"
jom="$FIXTURES/jom"
one() {   # NAME SOURCE: $work/NAME/NAME.JOM copied from SOURCE, then compared
  mkdir -p "$work/$1"
  cp "$2" "$work/$1/$1.JOM"
  model_cases "$work/$1" "$1.JOM"
}
# WALL.BIN, the texture cube.jom names: 8 x 2 RGB555 texels, little endian
# (saturn-notes 3.1: u16 width, u16 height, then the texels): 0x8000 |
# i for texel i.
mkdir -p "$work/CUBE"
{
  printf '\010\000\002\000'
  i=0
  while [ "$i" -lt 16 ]; do printf "\\$(printf %o "$i")\\200"; i=$((i + 1)); done
} >"$work/CUBE/WALL.BIN"
one CUBE "$jom/cube.jom"
one TRIANGLE "$jom/triangle.jom"
one TEXTURED "$jom/textured.jom"
one SKELETON "$jom/skeleton.jom"
one UNKNOWN "$jom/unknown_chunk.jom"
conv() {   # NAME OBJ [options]
  n=$1; obj=$2; shift 2
  mkdir -p "$work/$n"
  if "$RETROMESH" convert -q "$@" "$obj" "$work/$n/$n.JOM" 2>"$work/conv.err"; then
    model_cases "$work/$n" "$n.JOM"
  else
    echo "FAIL: convert $obj $*" >&2; sed 's/^/  /' "$work/conv.err" >&2; fail=1
  fi
}
conv RIG "$FIXTURES/skeleton/rig.obj" --skeleton "$FIXTURES/skeleton/rig.json"
conv LUT "$FIXTURES/textures/lut.obj" --embed-textures
conv LUTBIN "$FIXTURES/textures/lut.obj"
conv ATLAS "$FIXTURES/textures/atlas.obj"
conv ATLASE "$FIXTURES/textures/atlas.obj" --embed-textures
conv ATLASS "$FIXTURES/textures/atlas.obj" --embed-textures --slice-textures
finish
