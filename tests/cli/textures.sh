# Textures through `retromesh convert` (docs/textures.md): .BIN files beside
# the output or in --texture-out, never over an input; --embed-textures;
# the budget line; option errors; --strict.
. "$(dirname "$0")/lib.sh"
tex="$FIXTURES/textures"
mkdir "$work/o"

# .BIN beside the output; TEXT names it; the budget line on stderr.
expect_status 0 "$RETROMESH" convert "$tex/quad.obj" "$work/o/quad.jom"
[ -s "$work/o/WALL.BIN" ] || { echo "FAIL: WALL.BIN not written beside the output" >&2; fail=1; }
# 8 x 2: u16 8, u16 2 little endian, 32 bytes of pixels.
[ "$(wc -c <"$work/o/WALL.BIN" | tr -d ' ')" = 36 ] || { echo "FAIL: WALL.BIN size" >&2; fail=1; }
[ "$(od -An -tx1 -N4 "$work/o/WALL.BIN" | tr -d ' ')" = 08000200 ] || { echo "FAIL: WALL.BIN header" >&2; fail=1; }
expect_grep "$work/err" "$work/o/quad.jom: budget: 1 of 255 textures (16 texels), VDP1 VRAM 32 of 393216 bytes (0%), 1 of 1761 polygons, 4 of 2500 points"
expect_status 0 "$RETROMESH" check "$work/o/quad.jom"
expect_status 0 "$RETROMESH" info "$work/o/quad.jom"
expect_grep "$work/out" "WALL.BIN"
ls "$work/o" | grep -q '^\.' && { echo "FAIL: temporary file left" >&2; fail=1; }

# --quiet: nothing at all on success (no budget line).
expect_status 0 "$RETROMESH" convert -q "$tex/quad.obj" "$work/o/quad.jom"
[ -s "$work/err" ] && { echo "FAIL: --quiet printed something" >&2; fail=1; }

# Determinism: the same bytes again, from another folder.
cp "$work/o/quad.jom" "$work/q1.jom"
cp "$work/o/WALL.BIN" "$work/w1.bin"
(cd "$work" && "$RETROMESH" convert -q "$tex/quad.obj" "$work/o/quad.jom") || { echo "FAIL: second convert" >&2; fail=1; }
cmp -s "$work/q1.jom" "$work/o/quad.jom" || { echo "FAIL: two conversions differ" >&2; fail=1; }
cmp -s "$work/w1.bin" "$work/o/WALL.BIN" || { echo "FAIL: two WALL.BIN differ" >&2; fail=1; }

# --texture-out DIR (made when missing): the .BIN go there.
expect_status 0 "$RETROMESH" convert --texture-out "$work/cd" "$tex/two.obj" "$work/o/two.jom"
[ -s "$work/cd/WALL.BIN" ] && [ -s "$work/cd/BRICK.BIN" ] || { echo "FAIL: --texture-out" >&2; fail=1; }
expect_no_file "$work/o/BRICK.BIN"
expect_grep "$work/err" "jo_lut 1"

# --embed-textures: a TIMG, no .BIN; names with the pixel hash.
mkdir "$work/emb"
expect_status 0 "$RETROMESH" convert --embed-textures "$tex/two.obj" "$work/emb/two.jom"
[ "$(ls "$work/emb")" = two.jom ] || { echo "FAIL: --embed-textures wrote other files" >&2; fail=1; }
expect_status 0 "$RETROMESH" info "$work/emb/two.jom"
expect_grep "$work/out" "TIMG"
expect_grep "$work/out" "WALL_10A6AD.BIN"
expect_status 0 "$RETROMESH" check "$work/emb/two.jom"

# --slice-textures, --dither, --max-texture.
expect_status 0 "$RETROMESH" convert --slice-textures --embed-textures --dither --max-texture 8x8 \
  "$tex/atlas.obj" "$work/emb/atlas.jom"
expect_grep "$work/err" "budget: 5 of 255 textures (320 texels)"
expect_status 0 "$RETROMESH" check "$work/emb/atlas.jom"
expect_status 0 "$RETROMESH" convert --slice-textures "$tex/atlas.obj" "$work/o/atlas.jom"
expect_status 0 "$RETROMESH" check "$work/o/atlas.jom"
[ "$(ls "$work/o" | grep -c 'ATLAS.BIN\|ATL_....\.BIN')" = 5 ] || { echo "FAIL: 5 slices as .BIN" >&2; ls "$work/o" >&2; fail=1; }

# --texture-dir finds what the MTL's folder does not have.
expect_status 1 "$RETROMESH" convert "$tex/stone.obj" "$work/o/stone.jom"
expect_grep "$work/err" "stone.mtl:2:1: error: texture \"C:/Users/artist/textures/stone.png\""
expect_grep "$work/err" "--texture-dir DIR says where else to look"
expect_no_file "$work/o/stone.jom"
expect_status 0 "$RETROMESH" convert --texture-dir "$tex/dir" "$tex/stone.obj" "$work/o/stone.jom"
[ -s "$work/o/STONE.BIN" ] || { echo "FAIL: STONE.BIN" >&2; fail=1; }

# A missing image: the MTL line and the paths tried; nothing written.
expect_status 1 "$RETROMESH" convert "$tex/missing.obj" "$work/o/missing.jom"
expect_grep "$work/err" "missing.mtl:4:1: error: texture \"textures/none.png\" of material \"gone\" is not found; tried \"$tex/textures/none.png\""
expect_no_file "$work/o/missing.jom"
expect_status 1 "$RETROMESH" convert "$tex/broken.obj" "$work/o/broken.jom"
expect_grep "$work/err" "broken.mtl:2:1: error: texture \"broken.png\" of material \"bad\" cannot be read"

# Never over an input: an image named like its .BIN, beside the output.
mkdir "$work/in"
cp "$tex/wall.png" "$work/in/WALL.BIN"
printf 'newmtl wall\nmap_Kd WALL.BIN\n' >"$work/in/quad.mtl"
cp "$tex/quad.obj" "$work/in/quad.obj"
sum=$(cksum <"$work/in/WALL.BIN")
expect_status 2 "$RETROMESH" convert "$work/in/quad.obj"
expect_grep "$work/err" "this is $work/in/WALL.BIN, which the command reads"
expect_grep "$work/err" "nothing written"
[ "$(cksum <"$work/in/WALL.BIN")" = "$sum" ] || { echo "FAIL: an input image was written over" >&2; fail=1; }
expect_no_file "$work/in/quad.jom"
# ... elsewhere it is fine.
expect_status 0 "$RETROMESH" convert --texture-out "$work/cd2" "$work/in/quad.obj"
[ -s "$work/in/quad.jom" ] && [ -s "$work/cd2/WALL.BIN" ] || { echo "FAIL: --texture-out elsewhere" >&2; fail=1; }
# The output named like a texture.
expect_status 2 "$RETROMESH" convert "$tex/quad.obj" "$work/o/WALL.BIN"
expect_grep "$work/err" "the model's texture WALL.BIN"

# Option errors.
expect_status 2 "$RETROMESH" convert --max-texture 4x4 "$tex/quad.obj" "$work/x.jom"
expect_grep "$work/err" "--max-texture takes WxH"
expect_status 2 "$RETROMESH" convert --max-texture 64 "$tex/quad.obj" "$work/x.jom"
expect_status 2 "$RETROMESH" convert --max-texture=64x300 "$tex/quad.obj" "$work/x.jom"
expect_status 2 "$RETROMESH" convert --texture-dir "$tex/quad.obj"
expect_status 2 "$RETROMESH" convert --embed-textures --texture-out "$work/cd" "$tex/quad.obj" "$work/x.jom"
expect_grep "$work/err" "--texture-out is for .BIN files"
expect_no_file "$work/x.jom"
expect_status 0 "$RETROMESH" convert --help
expect_grep "$work/out" "--slice-textures"

# Over the budget: a warning; with --strict an error and nothing written.
awk 'BEGIN { for (i = 0; i < 1801; i++) { printf "v %d 0 0\nv %d.5 0 0\nv %d 1 0\nf %d %d %d\n", i, i, i, 3*i+1, 3*i+2, 3*i+3 } }' >"$work/many.obj"
expect_status 0 "$RETROMESH" convert "$work/many.obj" "$work/many.jom"
expect_grep "$work/err" "warning: the model is over the Saturn's budget: 1801 polygons"
expect_grep "$work/err" "1801 of 1761 polygons, 5403 of 2500 points, over budget"
rm -f "$work/many.jom"
expect_status 1 "$RETROMESH" convert --strict "$work/many.obj" "$work/many.jom"
expect_grep "$work/err" "error: the model is over the Saturn's budget"
expect_no_file "$work/many.jom"

# --no-textures: no image is read (a missing one is no error), no .BIN, no
# TEXT; the material keeps its color. Not with the options that need images.
mkdir "$work/nt"
expect_status 1 "$RETROMESH" convert "$tex/missing.obj" "$work/nt/m.jom"
expect_status 0 "$RETROMESH" convert --no-textures "$tex/missing.obj" "$work/nt/m.jom"
expect_status 0 "$RETROMESH" info "$work/nt/m.jom"
expect_grep "$work/out" "texture -1 (none)"
grep -q "^textures" "$work/out" && { echo "FAIL: TEXT written with --no-textures" >&2; fail=1; }
expect_status 0 "$RETROMESH" convert --no-textures "$tex/quad.obj" "$work/nt/q.jom"
[ -e "$work/nt/WALL.BIN" ] && { echo "FAIL: .BIN written with --no-textures" >&2; fail=1; }
expect_status 2 "$RETROMESH" convert --no-textures --embed-textures "$tex/quad.obj" "$work/nt/q2.jom"
expect_grep "$work/err" "--no-textures reads no image"
finish
