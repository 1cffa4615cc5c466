#!/bin/sh
# retromesh oni list|hash|export on folders written by the test generator
# (tests/oni/oni_make, built beside this test's folder).
. "$(dirname "$0")/lib.sh"
make=$TMPROOT/../oni/oni_make
if [ ! -x "$make" ]; then echo "skip: $make not built"; exit 77; fi

# 1. The spec's worked example alone. The expected lines were computed
#    independently with Python's zlib.crc32 over struct.pack('<...') of the
#    values the generator writes (the unit square; docs/oni.md shows how).
mkdir "$work/quad"
"$make" quad "$work/quad/level1_Final.dat"
expect_status 0 "$RETROMESH" oni hash "$work/quad"
cat >"$work/want" <<'END'
level1 0 M3GMquad points=4 triangles=2 points_crc=220a4a05 uvs_crc=61772483 normals_crc=67a0b678 triangles_crc=8a3330f9 face_normals_crc=6522df69
level1: geometries=1 hash=f2fd377b
all: hash=65a546db
END
if ! cmp -s "$work/out" "$work/want"; then
  echo "FAIL: oni hash of the worked example:" >&2; diff "$work/want" "$work/out" >&2; fail=1
fi
# Not a terminal: no progress bar on stderr.
if [ -s "$work/err" ]; then echo "FAIL: oni hash wrote to stderr:" >&2; cat "$work/err" >&2; fail=1; fi

# 2. A small game: two levels, named and unnamed geometries, placeholders.
mkdir "$work/game"
"$make" game "$work/game"
expect_status 0 "$RETROMESH" oni list "$work/game" --tag M3GM
expect_grep "$work/out" "level1_Final.dat 0 M3GM M3GMquad 56 points=1 vertex_normals=2 face_normals=3 uvs=4 strips=5 face_normal_indexes=6 texture=7(external:TXMPquad_tex)"
expect_grep "$work/out" "level1_Final.dat 24 M3GM M3GMlamp placeholder"
expect_grep "$work/out" "level0_Final.dat 15 M3GM - 56"
expect_status 0 "$RETROMESH" oni list "$work/game/level0_Final.dat"
expect_grep "$work/out" "level0_Final.dat 0 TXMP TXMPrl_1 184"
expect_status 0 "$RETROMESH" oni hash "$work/game"
# level0 before level1; the door (wiki strips: 12 triangles) and the geometry
# sharing its arrays hash alike; 6 geometries with data.
expect_grep "$work/out" "level1 15 M3GMdoor_1_0 points=16 triangles=12 "
[ "$(grep -c '^level' "$work/out")" = 8 ] || { echo "FAIL: want 6 geometry lines + 2 level lines" >&2; fail=1; }
[ "$(head -1 "$work/out" | cut -c1-7)" = "level0 " ] || { echo "FAIL: level0 first" >&2; fail=1; }
d1=$(grep ' M3GMdoor_1_0 ' "$work/out" | cut -d' ' -f4-)
d2=$(grep ' M3GMdoor_shared ' "$work/out" | cut -d' ' -f4-)
[ "$d1" = "$d2" ] || { echo "FAIL: shared arrays hash differently" >&2; fail=1; }
expect_grep "$work/out" "all: hash="

# 3. Export: all as OBJ, some as JOM (names with and without the tag, wildcards).
expect_status 0 "$RETROMESH" oni export "$work/game" --obj "$work/obj"
for f in quad door_1_0 door_shared lamp level0_15 level1_22; do
  [ -s "$work/obj/$f.obj" ] && [ -s "$work/obj/$f.mtl" ] || { echo "FAIL: $f.obj/.mtl missing" >&2; fail=1; }
done
expect_grep "$work/obj/quad.obj" "f 2/2/2 4/4/4 3/3/3"
expect_grep "$work/obj/quad.mtl" "newmtl quad_tex"
expect_grep "$work/obj/level1_22.mtl" "# texture: none (link 0)"
# The OBJ reads back through the project's own reader and converts.
expect_status 0 "$RETROMESH" convert -q "$work/obj/door_1_0.obj" "$work/door.jom"
expect_status 0 "$RETROMESH" oni export "$work/game" --jom "$work/jom" 'M3GMdoor_1*' lamp
[ -s "$work/jom/door_1_0.jom" ] && [ -s "$work/jom/lamp.jom" ] && [ ! -e "$work/jom/quad.jom" ] \
  || { echo "FAIL: --jom with names" >&2; ls "$work/jom" >&2; fail=1; }
expect_status 0 "$RETROMESH" check "$work/jom/door_1_0.jom"
expect_status 1 "$RETROMESH" oni export "$work/game" --obj "$work/obj2" nothing_like_this
expect_grep "$work/err" "no geometry matches"

# Flat-shaded previews through the preview renderer.
expect_status 0 "$RETROMESH" oni export "$work/game" --png "$work/png" door_1_0 quad
[ "$(head -c 4 "$work/png/door_1_0.png" | od -An -c | tr -d ' ')" = "211PNG" ] && [ -s "$work/png/quad.png" ] \
  && [ ! -e "$work/png/lamp.png" ] || { echo "FAIL: --png" >&2; ls "$work/png" >&2; fail=1; }
expect_status 2 "$RETROMESH" oni export "$work/game" --png "$work/png" --obj "$work/obj"

# 4. Errors: a broken file, usage.
printf 'not an oni file at all, but longer than the sixty-four byte header of one........' >"$work/bad.dat"
expect_status 1 "$RETROMESH" oni list "$work/bad.dat"
expect_grep "$work/err" "bad.dat: instance file header at 0x8: version"
expect_status 2 "$RETROMESH" oni hash "$work/game/level1_Final.dat"
# A geometry that does not decode: reported, left out of the hash, exit 1.
# The worked example's strip values start at 0x320 = 800 (oni-dat.md 1.14:
# IDXA record at 0x300, 8-byte header, 20 bytes of fill, the count).
mkdir "$work/broken"
cp "$work/quad/level1_Final.dat" "$work/broken/"
printf '\000\000\000\000' | dd of="$work/broken/level1_Final.dat" bs=1 seek=800 conv=notrunc 2>/dev/null
expect_status 1 "$RETROMESH" oni hash "$work/broken"
expect_grep "$work/err" "level1_Final.dat: instance 5 (IDXA) at 0x320: the strip array does not start with a strip start"
expect_grep "$work/out" "level1: geometries=0 hash=00000000"
expect_status 2 "$RETROMESH" oni
expect_status 2 "$RETROMESH" oni frobnicate x
expect_status 2 "$RETROMESH" oni export "$work/game"
expect_status 0 "$RETROMESH" oni --help
expect_grep "$work/out" "retromesh oni hash GAME_DIR"
finish
