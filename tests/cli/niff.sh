#!/bin/sh
# retromesh info/check/convert/render on NIFF files. The NIFF files are made
# here from the examples and the texture fixtures with `retromesh convert
# X.obj X.niff` (the writer), then read back by every command.
. "$(dirname "$0")/lib.sh"
tex=$FIXTURES/textures
ex=$SRC/examples

mkdir -p "$work/o"

# 1. OBJ -> NIFF.
for m in robot colors cube; do
  expect_status 0 "$RETROMESH" convert "$ex/$m.obj" "$work/$m.niff"
  [ -s "$work/$m.niff" ] || { echo "FAIL: $m.niff not written" >&2; fail=1; }
done
expect_status 0 "$RETROMESH" convert "$tex/quad.obj" "$work/quad.nif"
# A JOM-only option with a NIFF output is a usage error; nothing is written.
expect_status 2 "$RETROMESH" convert "$ex/cube.obj" "$work/no.niff" --embed-textures
expect_grep "$work/err" "--embed-textures is for a .jom output"
expect_no_file "$work/no.niff"
# The map_Kd image must be found (as for a JOM), or left out with --no-textures.
expect_status 1 "$RETROMESH" convert "$tex/missing.obj" "$work/missing.niff"
expect_no_file "$work/missing.niff"
expect_status 0 "$RETROMESH" convert "$tex/missing.obj" "$work/missing.niff" --no-textures

# 2. info: the version, the lists, the Obj tree, the mesh; --json parses.
expect_status 0 "$RETROMESH" info "$work/cube.niff"
expect_grep "$work/out" "NIFF 2.0 file: version 0xff000200"
expect_grep "$work/out" "ObjList"
expect_grep "$work/out" "ExternalNameList"
expect_grep "$work/out" "obj 0 \"cube\": 3D, active, render NIFF OPA_SURF (1-cycle), shape 0"
expect_grep "$work/out" "shape 0 \"cube\": TriGroup 0, 12 triangles, 8 vertices"
expect_grep "$work/out" "As a mesh (convert, render): 1 groups, 8 vertices, 12 triangles"
expect_status 0 "$RETROMESH" info "$work/quad.nif"
expect_grep "$work/out" "tex 0 \"wall.png\": RGBA 16-bit, 8x2"
expect_status 0 "$RETROMESH" info --extract-textures "$work/x" "$work/quad.nif"
expect_grep "$work/out" "extracted wall.png (8x2, RGBA) -> $work/x/wall.png"
[ -s "$work/x/wall.png" ] || { echo "FAIL: info --extract-textures wrote no wall.png" >&2; fail=1; }
expect_status 0 "$RETROMESH" info --json "$work/robot.niff"
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["format"]=="NIFF" and d["version"]["major"]==2 and len(d["objects"])>0' "$work/out" \
    || { echo "FAIL: info --json is not the expected JSON" >&2; fail=1; }
else
  expect_grep "$work/out" '"format": "NIFF"'
fi
# Told by content, not by name.
cp "$work/cube.niff" "$work/cube.dat"
expect_status 0 "$RETROMESH" info "$work/cube.dat"
expect_grep "$work/out" "NIFF 2.0 file"

# The hand-made tree (tests/fixtures/niff/make_tree.c says what it holds):
# LOD levels under their Obj, the cleared Obj, and the converted positions
# (near: scale 2 under base's translate (0,10,0); arm: 90 degrees about Z).
expect_status 0 "$RETROMESH" check "$FIXTURES/niff/tree.nif"
expect_status 0 "$RETROMESH" info "$FIXTURES/niff/tree.nif"
expect_grep "$work/out" "      LODs: 25.5 -> obj 2, MAX -> obj 3"
expect_grep "$work/out" "      LOD 0: obj 2 \"near\": 3D, active"
expect_grep "$work/out" "      LOD 1: obj 3 \"far\": 3D, active"
expect_grep "$work/out" "    obj 5 \"arm\": 3D, active, render NIFF OPA_SURF (1-cycle), shape 0, mat none, anim 2"
expect_grep "$work/out" "  obj 4 \"off\": 3D, clear,"
expect_grep "$work/out" "As a mesh (convert, render): 2 groups, 6 vertices, 2 triangles"
expect_status 0 "$RETROMESH" convert "$FIXTURES/niff/tree.nif" "$work/o/tree.obj"
expect_grep "$work/o/tree.obj" "g near"
expect_grep "$work/o/tree.obj" "v 2 10 0"
expect_grep "$work/o/tree.obj" "v 0 12 0"
expect_grep "$work/o/tree.obj" "g arm"
expect_grep "$work/o/tree.obj" "v -1 9.9999"
[ "$(grep -c '^g ' "$work/o/tree.obj")" = 2 ] || { echo "FAIL: tree.obj: want the groups near and arm only" >&2; fail=1; }
expect_status 0 "$RETROMESH" info --json "$FIXTURES/niff/tree.nif"
expect_grep "$work/out" '"distance": "MAX"'

# 3. check: ok; a damaged copy is invalid (exit 1) and says where.
expect_status 0 "$RETROMESH" check "$work/robot.niff"
expect_grep "$work/out" "robot.niff: ok (NIFF 2.0"
size=$(wc -c <"$work/robot.niff")
head -c $((size - 40)) "$work/robot.niff" >"$work/short.niff"
expect_status 1 "$RETROMESH" check "$work/short.niff"
expect_grep "$work/err" "short.niff: "
# file_size (bytes 4-7) set to 0x00010000: it disagrees with the lists.
cp "$work/robot.niff" "$work/size.niff"
printf '\000\001\000\000' | dd of="$work/size.niff" bs=1 seek=4 conv=notrunc 2>/dev/null
expect_status 1 "$RETROMESH" check "$work/size.niff"
expect_grep "$work/err" "size.niff: "
expect_status 1 "$RETROMESH" info "$work/size.niff"
expect_status 1 "$RETROMESH" convert "$work/size.niff" "$work/size.obj"
expect_no_file "$work/size.obj"

# 4. NIFF -> OBJ: OBJ, MTL and the texture as PNG beside it.
expect_status 0 "$RETROMESH" convert "$work/quad.nif" "$work/o/quad.obj"
expect_grep "$work/o/quad.obj" "mtllib quad.mtl"
expect_grep "$work/o/quad.obj" "g quad"
expect_grep "$work/o/quad.mtl" "map_Kd wall.png"
[ "$(head -c 4 "$work/o/wall.png" | od -An -c | tr -d ' ')" = "211PNG" ] \
  || { echo "FAIL: wall.png is not a PNG" >&2; fail=1; }
# The PNG holds the fixture's pixels: converting both to a JOM with embedded
# textures gives the same TIMG entry (same size, same fnv1a of the pixels; the
# image module reads both PNGs).
expect_status 0 "$RETROMESH" convert "$tex/quad.obj" "$work/a.jom" --embed-textures -q
expect_status 0 "$RETROMESH" convert "$work/o/quad.obj" "$work/b.jom" --embed-textures -q
"$RETROMESH" info "$work/a.jom" | grep "bytes of pixels" >"$work/a.tex"
"$RETROMESH" info "$work/b.jom" | grep "bytes of pixels" >"$work/b.tex"
[ -s "$work/a.tex" ] && cmp -s "$work/a.tex" "$work/b.tex" \
  || { echo "FAIL: the texture of quad -> NIFF -> OBJ differs from quad's" >&2; fail=1; }
# Vertex colors and groups come back: colors.obj has 8 colored vertices.
expect_status 0 "$RETROMESH" convert "$work/colors.niff" "$work/o/colors.obj"
[ "$(grep -c '^v .* .* .* .* .* .*$' "$work/o/colors.obj")" -ge 1 ] \
  || { echo "FAIL: no vertex colors in colors.obj" >&2; fail=1; }
# robot: every group of the OBJ is an Obj, and comes back as a g line.
ngroups=$(grep -c '^[og] ' "$ex/robot.obj")
[ "$ngroups" -ge 2 ] || { echo "FAIL: robot.obj has $ngroups groups?" >&2; fail=1; }
expect_status 0 "$RETROMESH" convert "$work/robot.niff" "$work/o/robot.obj"
got=$(grep -c '^g ' "$work/o/robot.obj")
[ "$got" = "$ngroups" ] || { echo "FAIL: robot groups: $got g lines, OBJ has $ngroups o/g" >&2; fail=1; }
# Never over the input.
expect_status 2 "$RETROMESH" convert "$work/quad.nif" "$work/quad.nif"

# 5. NIFF -> JOM (textures from the file: no image is read) and NIFF -> NIFF.
expect_status 0 "$RETROMESH" convert "$work/quad.nif" "$work/q.jom" --embed-textures -q
expect_status 0 "$RETROMESH" check "$work/q.jom"
# Every JOM option applies: the .BIN texture goes to --texture-out.
expect_status 0 "$RETROMESH" convert "$work/quad.nif" "$work/q2.jom" --texture-out "$work/bins" -q
[ -s "$work/bins/WALL.BIN" ] || { echo "FAIL: WALL.BIN not in --texture-out" >&2; fail=1; }
expect_status 0 "$RETROMESH" convert "$work/robot.niff" "$work/robot.jom"
expect_status 0 "$RETROMESH" check "$work/robot.jom"
# NIFF holds triangles only: 76 for robot.obj's 40 polygons (its 36 quads
# cut in two: 36 * 2 + 4 triangles = 76). --merge-triangles joins the flat
# pairs back: 40 polygons again, as the OBJ converted directly.
"$RETROMESH" info "$work/robot.jom" >"$work/plain.txt"
expect_grep "$work/plain.txt" "polygons (76):"
expect_status 0 "$RETROMESH" convert --merge-triangles "$work/robot.niff" "$work/robot_merged.jom"
"$RETROMESH" info "$work/robot_merged.jom" >"$work/merged.txt"
expect_grep "$work/merged.txt" "polygons (40):"
expect_status 0 "$RETROMESH" convert "$ex/robot.obj" "$work/robot_direct.jom"
"$RETROMESH" info "$work/robot_direct.jom" >"$work/direct.txt"
expect_grep "$work/direct.txt" "polygons (40):"
# NIFF -> NIFF keeps the bytes (the file model written back); --rebuild goes
# through the mesh, which for a file the writer made gives the same file.
cp "$work/robot.niff" "$work/robot.bin"
expect_status 0 "$RETROMESH" convert "$work/robot.bin" "$work/robot2.niff"
cmp -s "$work/robot.niff" "$work/robot2.niff" || { echo "FAIL: NIFF -> NIFF changed the bytes" >&2; fail=1; }
for m in cube robot colors; do
  expect_status 0 "$RETROMESH" convert "$work/$m.niff" "$work/${m}2.niff" --rebuild
  expect_status 0 "$RETROMESH" check "$work/${m}2.niff"
  cmp -s "$work/$m.niff" "$work/${m}2.niff" || { echo "FAIL: $m NIFF -> mesh -> NIFF changed the bytes" >&2; fail=1; }
done
expect_status 2 "$RETROMESH" convert "$ex/cube.obj" "$work/c.niff" --rebuild

# 6. render, also from a file named .dat (content decides).
expect_status 0 "$RETROMESH" render "$work/robot.niff" -o "$work/robot.png"
[ -s "$work/robot.png" ] || { echo "FAIL: robot.png not written" >&2; fail=1; }
expect_status 0 "$RETROMESH" render "$work/cube.dat" -o "$work/cube.png"
[ -s "$work/cube.png" ] || { echo "FAIL: cube.png not written" >&2; fail=1; }
# A damaged .niff is reported by the NIFF reader, not read as an OBJ.
expect_status 1 "$RETROMESH" render "$work/short.niff" -o "$work/short.png"
expect_grep "$work/err" "short.niff: "
expect_no_file "$work/short.png"
finish
