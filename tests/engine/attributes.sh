# The ATTR of each polygon (docs/engine.md, the MATL -> ATTR table), worked
# out by hand for a model made here with one quad per material case, and for
# the cube fixture; checked on the SuperH CPU (run_model) and on host_model,
# which takes the library's rm_sgl_attr_of (retromesh/sgl.h; the other tests
# compare it with the engine on every model).
. "$(dirname "$0")/lib.sh"
d="$work/cd"
mkdir -p "$d"
cp "$SRC/examples/crate.png" "$FIXTURES/textures/lut.png" "$work/"
cat >"$work/att.mtl" <<'MTL'
newmtl tex
Kd 1 1 1
map_Kd crate.png
newmtl dual
Kd 1 0 0
jo_dual 1
newmtl min
Kd 0 1 0
jo_sort min
newmtl max
Kd 0 0 1
jo_sort max
newmtl prev
Kd 1 1 1
jo_sort previous
newmtl half
Kd 0 0 0
jo_half_transparent 1
newmtl doors
Kd 0 0 0
jo_screen_doors 1
newmtl gourhalf
Kd 1 1 1
jo_gouraud 1
jo_half_transparent 1
newmtl texflip
Kd 1 1 1
map_Kd crate.png
jo_flip hv
jo_end_codes 1
jo_light 1
newmtl lut
Kd 1 1 1
map_Kd lut.png
jo_lut 1
newmtl gour
Kd 1 1 1
jo_gouraud 1
MTL
# One quad per material, in this order (polygon i = material i); every
# point the same vertex color, so that both gouraud quads have the same 4
# GOUR words.
{
  echo "mtllib att.mtl"
  echo "vt 0 0"; echo "vt 1 0"; echo "vt 1 1"; echo "vt 0 1"
  i=0
  for m in tex dual min max prev half doors gourhalf texflip lut gour; do
    x=$((i * 2)); b=$((i * 4))
    echo "v $x 0 0 0.5 0.25 1"; echo "v $((x + 1)) 0 0 0.5 0.25 1"
    echo "v $((x + 1)) 1 0 0.5 0.25 1"; echo "v $x 1 0 0.5 0.25 1"
    echo "usemtl $m"
    echo "f $((b + 1))/1 $((b + 2))/2 $((b + 3))/3 $((b + 4))/4"
    i=$((i + 1))
  done
} >"$work/att.obj"
"$RETROMESH" convert -q --embed-textures "$work/att.obj" "$d/ATT.JOM" || { echo "FAIL: convert att.obj" >&2; exit 1; }

# check LABEL FILE EXPECTED...: attributes.i of FILE is the i-th EXPECTED
# ("flag sort texno atrb colno gstb dir").
check() {
  label=$1; f=$2; shift 2
  i=0
  for want in "$@"; do
    set -- $want
    expect_value "$f" "attributes.$i" "{\"flag\":$1,\"sort\":$2,\"texno\":$3,\"atrb\":$4,\"colno\":$5,\"gstb\":$6,\"dir\":$7}"
    i=$((i + 1))
  done
  n=$("$JSON_TOOL" get "$f" attributes | grep -o '"flag"' | wc -l)
  [ "$n" = "$i" ] || { echo "FAIL: $label: $n attributes, want $i" >&2; fail=1; }
}
# VRAM (docs/cd.md): texture 0 = crate.png, 32 x 32 RGB555 = 2048 bytes at
# 0x10000, sprite 0; texture 1 = lut.png 8 x 2, 16 colors: its 32-byte table
# then 8 bytes of texels at 0x10800 (2048 rounded to 32), sprite 1, colno =
# 0x10800 / 8 = 8448. The gouraud tables come after the textures: the first
# at 0x10800 + 40 rounded up to 32 = 0x10840, gstb 0x10840 / 8 = 8456; the
# next ones 32 bytes (gstb + 4) further.
# Untextured colno = 0x8000 | (b >> 3) << 10 | (g >> 3) << 5 | (r >> 3):
# red 0x8000 | 31 = 32799, green 0x8000 | 31 << 5 = 33760, blue 0x8000 |
# 31 << 10 = 64512, white 65535, black 32768.
# atrb untextured = CL32KRGB 40 | ECdis 128 | SPdis 64 = 232, + CL_Trans 3,
# CL_Gouraud 4, MESHon 256; textured RGB 40 | ECdis 128 = 168 (40 with
# end codes), 16-color CL16Look 8 | ECdis 128 = 136.
# sort: SORT_CEN 3, SORT_MIN 1, SORT_MAX 2, SORT_BFR 0 (previous),
# + UseTexture 4, + UseLight 8. dir: FUNC_Polygon 4, FUNC_Texture 2, + 0x10
# flip h, + 0x20 flip v.
# jo_3d_load_model: the two gouraud quads (7 and 10) have the same GOUR
# words: one table, 8456, for both.
load='0 7 0 168 0 0 2|1 3 0 232 32799 0 4|0 1 0 232 33760 0 4|0 2 0 232 64512 0 4|0 0 0 232 65535 0 4|0 3 0 235 32768 0 4|0 3 0 488 32768 0 4|0 3 0 239 65535 8456 4|0 15 0 40 0 0 50|0 7 1 136 8448 0 2|0 3 0 236 65535 8456 4'
# __jo_3d_load_model_for_lights: CL_Gouraud on every polygon, and polygon i
# its own table, gstb 8456 + 4 i.
lights='0 7 0 172 0 8456 2|1 3 0 236 32799 8460 4|0 1 0 236 33760 8464 4|0 2 0 236 64512 8468 4|0 0 0 236 65535 8472 4|0 3 0 239 32768 8476 4|0 3 0 492 32768 8480 4|0 3 0 239 65535 8484 4|0 15 0 44 0 8488 50|0 7 1 140 8448 8492 2|0 3 0 236 65535 8496 4'
run_check() {   # LABEL EXPECTED ARGS...
  label=$1; want=$2; shift 2
  cases=$((cases + 1))
  "$QEMU" "$ELF" "$@" --sprites >"$work/sh.json" 2>"$work/sh.err" ||
    { echo "FAIL: $label: run_model exit $?" >&2; head -5 "$work/sh.err" >&2; fail=1; return; }
  "$HOST_MODEL" "$@" --sprites >"$work/host.json" 2>"$work/host.err" ||
    { echo "FAIL: $label: host_model exit $?" >&2; head -5 "$work/host.err" >&2; fail=1; return; }
  oldifs=$IFS; IFS='|'
  # shellcheck disable=SC2086
  set -- $want
  IFS=$oldifs
  check "$label (SuperH)" "$work/sh.json" "$@"
  check "$label (host)" "$work/host.json" "$@"
  for f in "$work/sh.json" "$work/host.json"; do
    expect_value "$f" textures "[0,1]"
  done
}
run_check "in place" "$load" "$d/ATT.JOM"
expect_value "$work/sh.json" gouraud_tables 1
run_check "jo_3d_load_model" "$load" --cd "$d" ATT.JOM
expect_value "$work/sh.json" gouraud_tables 1
run_check "for lights" "$lights" --cd "$d" --for-lights ATT.JOM
expect_value "$work/sh.json" gouraud_tables 11

# The cube fixture: RED (dual plane, sort min, gouraud; 255 0 0) on polygons
# 0, 1, 4 and WALL (light, texture 0 = WALL.BIN 8 x 2: 32 bytes at 0x10000,
# sprite 0; 128 128 128) on 2, 3, 5. The first gouraud table follows the
# texture: 0x10020, gstb 8196 (polygon 0's).
mkdir -p "$work/cube"
cp "$FIXTURES/jom/cube.jom" "$work/cube/CUBE.JOM"
{
  printf '\010\000\002\000'
  i=0
  while [ "$i" -lt 16 ]; do printf '\000\200'; i=$((i + 1)); done
} >"$work/cube/WALL.BIN"
cases=$((cases + 1))
"$QEMU" "$ELF" --cd "$work/cube" CUBE.JOM --sprites >"$work/sh.json" 2>"$work/sh.err" ||
  { echo "FAIL: cube: exit $?" >&2; head -3 "$work/sh.err" >&2; fail=1; }
expect_value "$work/sh.json" attributes.0 '{"flag":1,"sort":1,"texno":0,"atrb":236,"colno":32799,"gstb":8196,"dir":4}'
expect_value "$work/sh.json" attributes.2 '{"flag":0,"sort":15,"texno":0,"atrb":168,"colno":0,"gstb":0,"dir":2}'
expect_value "$work/sh.json" attributes.5 '{"flag":0,"sort":15,"texno":0,"atrb":168,"colno":0,"gstb":0,"dir":2}'
expect_value "$work/sh.json" sprites.0.address 65536
expect_value "$work/sh.json" sprites.1.address 65568
finish
