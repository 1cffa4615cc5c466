# retromesh render MODEL.JOM --cd DIR: the model loaded from a CD folder as
# the engine loads it (include/retromesh/cd.h), its textures the .BIN files
# of that folder. The library's rules are tested in tests/runtime/test_cd*.c;
# here, what the command draws and says.
. "$(dirname "$0")/lib.sh"
tex="$FIXTURES/textures"
mkdir "$work/cd" "$work/bare"

# quad.obj: one quad textured with wall.png -> quad.jom and WALL.BIN (8x2) beside it.
expect_status 0 "$RETROMESH" convert -q "$tex/quad.obj" "$work/cd/quad.jom"
[ -s "$work/cd/WALL.BIN" ] || { echo "FAIL: WALL.BIN not written" >&2; fail=1; }
cp "$work/cd/quad.jom" "$work/bare/quad.jom"

# Any case finds quad.jom (the CD's names are case-insensitive); WALL.BIN comes from the folder.
expect_status 0 "$RETROMESH" render QUAD.JOM --cd "$work/cd" --size 64x48 -o "$work/cd.png"
[ -s "$work/cd.png" ] || { echo "FAIL: no PNG written" >&2; fail=1; }
[ -s "$work/err" ] && { echo "FAIL: warnings for a complete folder:" >&2; cat "$work/err" >&2; fail=1; }
# The same pixels as the ordinary render of the file, whose loader finds WALL.BIN beside it too.
expect_status 0 "$RETROMESH" render "$work/cd/quad.jom" --size 64x48 -o "$work/plain.png"
cmp -s "$work/cd.png" "$work/plain.png" || { echo "FAIL: --cd and the plain render differ" >&2; fail=1; }
# Without WALL.BIN in the folder: drawn in the material color, with a warning: another picture.
expect_status 0 "$RETROMESH" render quad.JOM --cd "$work/bare" --size 64x48 -o "$work/bare.png"
expect_grep "$work/err" "quad.jom: texture WALL.BIN: warning: not found in"
cmp -s "$work/cd.png" "$work/bare.png" && { echo "FAIL: the textured and untextured renders are the same" >&2; fail=1; }
# The for-lights variant draws the same (no gouraud material: its tables are neutral).
expect_status 0 "$RETROMESH" render quad.jom --cd "$work/cd" --for-lights --size 64x48 -o "$work/lights.png"
cmp -s "$work/cd.png" "$work/lights.png" || { echo "FAIL: --for-lights changed a model without gouraud" >&2; fail=1; }

# Errors: a model not in the folder (I/O, 3), not a name of the folder (usage, 2),
# --for-lights alone (usage), a folder that is not there (I/O).
expect_status 3 "$RETROMESH" render GONE.JOM --cd "$work/cd" -o "$work/x.png"
expect_grep "$work/err" "GONE.JOM: error: not found in"
expect_status 2 "$RETROMESH" render "$work/cd/quad.jom" --cd "$work/cd" -o "$work/x.png"
expect_grep "$work/err" "not a file name of the CD folder"
expect_status 2 "$RETROMESH" render "$work/cd/quad.jom" --for-lights -o "$work/x.png"
expect_grep "$work/err" "--for-lights goes with --cd DIR"
expect_status 3 "$RETROMESH" render quad.jom --cd "$work/nowhere" -o "$work/x.png"
expect_grep "$work/err" "cannot open the folder"
expect_no_file "$work/x.png"
expect_status 0 "$RETROMESH" render --help
expect_grep "$work/out" "--cd DIR"
finish
