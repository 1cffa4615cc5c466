# Errors a person can act on: file:line:col for text, chunk and offset for
# binary files; exit 1 for invalid input.
. "$(dirname "$0")/lib.sh"
expect_status 1 "$RETROMESH" convert "$FIXTURES/cli/bad_index.obj" "$work/x.jom"
expect_grep "$work/err" "bad_index.obj:5:7: error: face index 9 out of range (4 vertices)"
expect_status 1 "$RETROMESH" info "$FIXTURES/cli/bad_index.obj"
expect_grep "$work/err" "bad_index.obj:5:7: error:"
expect_status 1 "$RETROMESH" convert "$FIXTURES/cli/bad_mtl.obj" "$work/x.jom"
expect_grep "$work/err" "bad_mtl.mtl:3:1: error:"
expect_grep "$work/err" "jo_sparkle"
expect_no_file "$work/x.jom"
# A JOM cut short: check names the file and exits 1.
expect_status 0 "$RETROMESH" convert "$SRC/examples/cube.obj" "$work/cube.jom"
head -c 100 "$work/cube.jom" >"$work/cut.jom"
expect_status 1 "$RETROMESH" check "$work/cut.jom"
expect_grep "$work/err" "cut.jom: "
expect_grep "$work/err" " at 0x"
# Not a JOM at all.
expect_status 1 "$RETROMESH" check "$SRC/examples/cube.obj"
expect_grep "$work/err" "cube.obj: "
# Several files: the worst status wins, each valid one says ok.
expect_status 1 "$RETROMESH" check "$work/cube.jom" "$work/cut.jom"
expect_grep "$work/out" "cube.jom: ok"
# --json on an OBJ is a usage error that says why.
expect_status 2 "$RETROMESH" info --json "$SRC/examples/cube.obj"
expect_grep "$work/err" "--json"
finish
