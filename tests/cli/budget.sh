# retromesh budget: a level built with `retromesh level build`, its models
# built by `retromesh convert` here, and the report against a hand count.
. "$(dirname "$0")/lib.sh"
cd_dir="$work/cd"
src="$work/src"
mkdir "$cd_dir" "$src"

# Two textures as TGA (uncompressed 24-bit, top-left origin: an 18-byte
# header, then B G R per texel): SIGN 8 x 3 and BRICK 8 x 5, all grey.
tga() { # tga FILE WIDTH HEIGHT
  printf '\000\000\002\000\000\000\000\000\000\000\000\000\'"$(printf '%03o' "$2")"'\000\'"$(printf '%03o' "$3")"'\000\030\040' >"$1"
  head -c $(($2 * $3 * 3)) /dev/zero | tr '\000' '\200' >>"$1"
}
tga "$src/sign.tga" 8 3
tga "$src/brick.tga" 8 5
# SIGN: one textured quad (4 points). PANEL: two quads sharing an edge
# (6 points), one with SIGN's texture, one with BRICK's.
cat >"$src/sign.mtl" <<'EOF'
newmtl sign
Kd 1 1 1
map_Kd sign.tga
newmtl brick
Kd 1 1 1
map_Kd brick.tga
EOF
cat >"$src/sign.obj" <<'EOF'
mtllib sign.mtl
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
vt 0 0
vt 1 0
vt 1 1
vt 0 1
usemtl sign
f 1/1 2/2 3/3 4/4
EOF
cat >"$src/panel.obj" <<'EOF'
mtllib sign.mtl
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 2 0 0
v 2 1 0
vt 0 0
vt 1 0
vt 1 1
vt 0 1
usemtl sign
f 1/1 2/2 3/3 4/4
usemtl brick
f 2/1 5/2 6/3 3/4
EOF
expect_status 0 "$RETROMESH" convert -q "$src/sign.obj" "$cd_dir/SIGN.JOM"
expect_status 0 "$RETROMESH" convert -q "$src/panel.obj" "$cd_dir/PANEL.JOM"
expect_status 0 "$RETROMESH" convert -q "$SRC/examples/colors.obj" "$cd_dir/COLORS.JOM"
expect_status 0 "$RETROMESH" convert -q "$SRC/examples/cube.obj" "$cd_dir/CUBE.JOM"
[ -s "$cd_dir/SIGN.BIN" ] && [ -s "$cd_dir/BRICK.BIN" ] || { echo "FAIL: textures not written as .BIN" >&2; ls "$cd_dir" >&2; fail=1; }

# The level: MODL names SIGN.JOM; a cell CUBE.JOM (-100..100); entities
# standing in it: panel (PANEL.JOM, far model SIGN.JOM again), gem
# (COLORS.JOM), ghost (GONE.JOM: not in the folder).
cat >"$src/level.json" <<'EOF'
{"name": "Budget",
 "sections": [
   {"id": "MODL", "records": [{"file": "SIGN.JOM"}]},
   {"id": "CELL", "records": [{"model": "CUBE.JOM", "x0": -100, "z0": -100, "x1": 100, "z1": 100}]}],
 "entities": [
   {"name": "panel", "cls": "entity", "model": "PANEL.JOM", "props": {"far_model": "SIGN.JOM"}},
   {"name": "gem", "cls": "entity", "model": "COLORS.JOM", "x": 50, "z": 50},
   {"name": "ghost", "cls": "entity", "model": "GONE.JOM", "x": -50}]}
EOF
expect_status 0 "$RETROMESH" level build "$src/level.json" "$cd_dir/LEVEL.JOL"

# The hand count. Load order = the directory order of the level (MODL,
# CELL, ENTI): SIGN.JOM, CUBE.JOM (a cell: for lights), PANEL.JOM,
# COLORS.JOM, GONE.JOM (missing); SIGN.JOM named again by panel's far_model.
#   polygons: SIGN 1 + CUBE 6 (cube.obj: 6 quads) + PANEL 2 + COLORS 8
#             (colors.obj: 8 triangles) = 17
#   points:   4 + 8 + 6 + 6 (octahedron) = 24
#   textures: SIGN.BIN (new in SIGN.JOM), BRICK.BIN (new in PANEL.JOM, whose
#             SIGN.BIN is shared) = 2 texture sprites
#   gouraud:  CUBE for lights: one table per polygon = 6; COLORS: one per
#             distinct 4 corner colors, its 8 faces each have 3 different
#             vertex colors = 8; 14 tables
#   sprites:  2 textures + 14 tables = 16
#   VRAM:     SIGN 8*3*2 = 48 -> 64; BRICK 8*5*2 = 80 -> 96; each table 8 -> 32:
#             14 * 32 = 448; 64 + 96 + 448 = 608
#   file bytes: wc -c of the four .JOM
#   heap:     each model file + 1, and the level file + 1 (it stays loaded);
#             the passing .BIN blocks (4 + 2*w*h + 1: 53 and 85) are smaller
#             than the models loaded after them, so the peak is the sum.
size() { wc -c <"$1" | tr -d ' '; }
S=$(size "$cd_dir/SIGN.JOM"); P=$(size "$cd_dir/PANEL.JOM"); C=$(size "$cd_dir/COLORS.JOM")
K=$(size "$cd_dir/CUBE.JOM"); L=$(size "$cd_dir/LEVEL.JOL")
bytes=$((S + P + C + K))
heap=$((L + 1 + S + 1 + P + 1 + C + 1 + K + 1))
[ "$(size "$cd_dir/SIGN.BIN")" = 52 ] && [ "$(size "$cd_dir/BRICK.BIN")" = 84 ] || { echo "FAIL: .BIN sizes" >&2; fail=1; }

expect_status 0 "$RETROMESH" budget "$cd_dir/LEVEL.JOL" --cd "$cd_dir"
cp "$work/out" "$work/text"
# Rows: # file polygons points bytes textures new shared VRAM gouraud sprites.
row() { # row N FILE ...: the row of model N has these columns
  n=$1; shift
  got=$(awk -v n="$n" '$1 == n { $1 = ""; sub(/^ /, ""); print; exit }' "$work/text")
  [ "$got" = "$*" ] || { echo "FAIL: row $n: '$got', want '$*'" >&2; fail=1; }
}
row 1 "SIGN.JOM 1 4 $S 1 1 0 64 0 1"
row 2 "CUBE.JOM L 6 8 $K 0 0 0 192 6 6"
row 3 "PANEL.JOM 2 6 $P 2 1 1 96 0 1"
row 4 "COLORS.JOM 8 6 $C 0 0 0 256 8 8"
row 5 "GONE.JOM missing: not in the folder"
got=$(awk '$1 == "total" { print; exit }' "$work/text" | tr -s ' ' | sed 's/^ //')
[ "$got" = "total 17 24 $bytes 2 608 14 16" ] || { echo "FAIL: totals '$got'" >&2; fail=1; }
expect_grep "$work/text" "VDP1 VRAM      608 of 393216 bytes (0%)"
pct=$(((heap * 100 + 196608) / 393216))     # rounded to the nearest
expect_grep "$work/text" "work RAM heap  peak $heap of 393216 bytes ($pct%), $heap in use after loading (the level file $((L + 1)))"
expect_grep "$work/text" "sprites        16 of 255 (2 textures, 14 gouraud tables, 0 tiles and copies)"
# Per frame: the cell CUBE 6/8 + panel PANEL 2/6 + gem COLORS 8/6 = 16 polygons, 20 points;
# the ghost's model is missing: incomplete.
expect_grep "$work/text" "per frame      16 of 1761 polygons (cell 0), 20 of 2500 points (cell 0)"
expect_grep "$work/text" "incomplete: a model is missing"
expect_grep "$work/text" "GONE.JOM: not in the folder, named by ENTI 2 'ghost' field model"
expect_grep "$work/text" "ENTI 0 'panel' property far_model (PROP 0)"
expect_grep "$work/text" "within every limit, but 1 model file missing: what they would take is not counted"

# --json: the same figures, the same bytes twice.
expect_status 0 "$RETROMESH" budget "$cd_dir/LEVEL.JOL" --cd "$cd_dir" --json
cp "$work/out" "$work/j1"
expect_grep "$work/j1" '"vram_bytes": 608,'
expect_grep "$work/j1" "\"heap_peak\": $heap"
expect_grep "$work/j1" "\"file_bytes\": $bytes,"
expect_grep "$work/j1" '"sprites": 16,'
expect_grep "$work/j1" '"status": "missing"'
expect_status 0 "$RETROMESH" budget "$cd_dir/LEVEL.JOL" --cd "$cd_dir" --json
cmp -s "$work/j1" "$work/out" || { echo "FAIL: --json differs from run to run" >&2; fail=1; }

# --strict: a missing model fails the level.
expect_status 1 "$RETROMESH" budget "$cd_dir/LEVEL.JOL" --cd "$cd_dir" --strict

# Models instead of a level; --cd defaults to their folder. A small heap:
# here the peak is while BRICK.BIN (8 x 5: 4 + 80 bytes + 1) is read for
# PANEL.JOM, whose block is already taken: (S + 1) + (P + 1) + 85; SIGN.JOM
# alone: (S + 1) + SIGN.BIN's 4 + 48 + 1 = 53.
expect_status 0 "$RETROMESH" budget "$cd_dir/SIGN.JOM" "$cd_dir/PANEL.JOM" --strict
expect_grep "$work/out" "within every limit"
expect_status 0 "$RETROMESH" budget "$cd_dir/SIGN.JOM" "$cd_dir/PANEL.JOM" --heap 100
need=$((S + 1 + P + 1 + 85))
expect_grep "$work/out" "over budget: work RAM heap: peak $need of 100 bytes, $((need - 100)) bytes over"
expect_status 1 "$RETROMESH" budget "$cd_dir/SIGN.JOM" "$cd_dir/PANEL.JOM" --heap 100 --strict
expect_status 1 "$RETROMESH" budget "$cd_dir/SIGN.JOM" --cd "$cd_dir" --heap 0x40 --json --strict
expect_grep "$work/err" "over budget: work RAM heap: peak $((S + 1 + 53)) of 64 bytes, $((S + 1 + 53 - 64)) bytes over"

# An invalid level: exit 1 with the place; usage and I/O errors.
head -c 40 "$cd_dir/LEVEL.JOL" >"$work/cut.JOL"
expect_status 1 "$RETROMESH" budget "$work/cut.JOL" --cd "$cd_dir"
expect_grep "$work/err" "cut.JOL"
expect_status 2 "$RETROMESH" budget
expect_status 2 "$RETROMESH" budget "$cd_dir/LEVEL.JOL" --heap lots
expect_status 2 "$RETROMESH" budget "$cd_dir/LEVEL.JOL" "$cd_dir/SIGN.JOM"
expect_status 2 "$RETROMESH" budget "$cd_dir/LEVEL.JOL" --frob
expect_status 3 "$RETROMESH" budget "$work/none.JOL" --cd "$cd_dir"
expect_status 3 "$RETROMESH" budget "$cd_dir/LEVEL.JOL" --cd "$work/nowhere"
finish
