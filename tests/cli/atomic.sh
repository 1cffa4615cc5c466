# Nothing is lost: a failed conversion leaves no output and keeps an old one
# whole; the input is never overwritten; a bad output folder is an I/O error.
. "$(dirname "$0")/lib.sh"
bad="$FIXTURES/cli/bad_index.obj"
expect_status 1 "$RETROMESH" convert "$bad" "$work/new.jom"
expect_no_file "$work/new.jom"
expect_grep "$work/err" "bad_index.obj:5:"
printf 'old content' >"$work/old.jom"
expect_status 1 "$RETROMESH" convert "$bad" "$work/old.jom"
[ "$(cat "$work/old.jom")" = "old content" ] || { echo "FAIL: old output changed" >&2; fail=1; }
ls -a "$work" | grep -q '^\.old\.jom\.' && { echo "FAIL: temporary file left" >&2; fail=1; }
# The output is the input: refused, input unchanged.
cp "$SRC/examples/cube.obj" "$SRC/examples/cube.mtl" "$work/"
sum=$(cksum <"$work/cube.obj")
expect_status 2 "$RETROMESH" convert "$work/cube.obj" "$work/cube.obj"
expect_grep "$work/err" "which the command reads"
ln -s "$work/cube.obj" "$work/link.jom"
expect_status 2 "$RETROMESH" convert "$work/cube.obj" "$work/link.jom"
[ "$(cksum <"$work/cube.obj")" = "$sum" ] || { echo "FAIL: input changed" >&2; fail=1; }
# An output folder that does not exist is made; one that cannot be (a file
# is in the way) is an I/O error naming it, and nothing is left.
expect_status 0 "$RETROMESH" convert "$work/cube.obj" "$work/no/such/dir/cube.jom"
[ -s "$work/no/such/dir/cube.jom" ] || { echo "FAIL: the output's folder was not made" >&2; fail=1; }
expect_status 3 "$RETROMESH" convert "$work/cube.obj" "$work/cube.mtl/dir/cube.jom"
expect_grep "$work/err" "cube.mtl/dir"
finish
