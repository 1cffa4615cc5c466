# retromesh info --extract-textures: the textures of a JOM as PNG files,
# embedded (TIMG) or as the .BIN files beside the JOM.
. "$(dirname "$0")/lib.sh"
tex="$FIXTURES/textures"
png_sig=89504e470d0a1a0a
# Embedded: one PNG per TIMG entry, named after its TEXT name.
expect_status 0 "$RETROMESH" convert -q --embed-textures "$tex/quad.obj" "$work/quad.jom"
expect_status 0 "$RETROMESH" info --extract-textures "$work/png" "$work/quad.jom"
name=$(grep -o "extracted [A-Z0-9_]*\.BIN" "$work/out" | head -1 | cut -d' ' -f2)
[ -n "$name" ] || { echo "FAIL: no 'extracted' line" >&2; cat "$work/out" >&2; fail=1; }
png="$work/png/${name%.BIN}.png"
[ -s "$png" ] || { echo "FAIL: $png not written" >&2; fail=1; }
[ "$(od -An -tx1 -N8 "$png" | tr -d ' ')" = "$png_sig" ] || { echo "FAIL: not a PNG" >&2; fail=1; }
expect_grep "$work/out" "(8x2, RGB555)"
# A 16-color texture (jo_lut 1) extracts too.
expect_status 0 "$RETROMESH" convert -q --embed-textures "$tex/lut.obj" "$work/lut.jom"
expect_status 0 "$RETROMESH" info --extract-textures "$work/png2" "$work/lut.jom"
expect_grep "$work/out" "16 colors"
# Not embedded: the .BIN beside the JOM; a missing one is listed.
mkdir "$work/cd"
expect_status 0 "$RETROMESH" convert -q "$tex/quad.obj" "$work/cd/quad.jom"
expect_status 0 "$RETROMESH" info --extract-textures "$work/png3" "$work/cd/quad.jom"
expect_grep "$work/out" "extracted $work/cd/WALL.BIN (8x2, RGB555) -> $work/png3/WALL.png"
[ "$(od -An -tx1 -N8 "$work/png3/WALL.png" | tr -d ' ')" = "$png_sig" ] || { echo "FAIL: WALL.png" >&2; fail=1; }
rm "$work/cd/WALL.BIN"
expect_status 0 "$RETROMESH" info --extract-textures "$work/png3" "$work/cd/quad.jom"
expect_grep "$work/out" "not found: $work/cd/WALL.BIN"
# Usage: a missing value, and not with --json.
expect_status 2 "$RETROMESH" info --extract-textures
expect_status 2 "$RETROMESH" info --json --extract-textures "$work/x" "$work/quad.jom"
finish
