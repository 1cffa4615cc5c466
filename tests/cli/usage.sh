# Exit statuses and usage messages of the tool.
. "$(dirname "$0")/lib.sh"
expect_status 2 "$RETROMESH"
expect_grep "$work/err" "usage: retromesh COMMAND"
expect_status 0 "$RETROMESH" --help
expect_grep "$work/out" "convert IN [OUT]"
# Every command is listed.
for c in info check pose level render oni budget; do
  expect_grep "$work/out" "  $c "
done
expect_status 0 "$RETROMESH" --version
expect_grep "$work/out" "retromesh 0."
expect_status 2 "$RETROMESH" frobnicate
expect_grep "$work/err" "unknown command 'frobnicate'"
expect_status 0 "$RETROMESH" convert --help
expect_grep "$work/out" "--saturn-axes"
expect_status 2 "$RETROMESH" convert
expect_grep "$work/err" "no input file"
expect_status 2 "$RETROMESH" convert --bogus "$SRC/examples/cube.obj" "$work/x.jom"
expect_grep "$work/err" "unknown option '--bogus'"
expect_status 2 "$RETROMESH" convert --scale
expect_grep "$work/err" "needs a value"
expect_status 2 "$RETROMESH" convert --scale=abc "$SRC/examples/cube.obj" "$work/x.jom"
expect_grep "$work/err" "--scale takes a number"
expect_status 2 "$RETROMESH" convert --scale -1 "$SRC/examples/cube.obj" "$work/x.jom"
expect_status 2 "$RETROMESH" convert a.obj b.jom c.jom
expect_grep "$work/err" "too many files"
expect_no_file "$work/x.jom"
expect_status 3 "$RETROMESH" convert "$work/missing.obj" "$work/x.jom"
expect_grep "$work/err" "missing.obj"
expect_no_file "$work/x.jom"
expect_status 2 "$RETROMESH" info
expect_status 2 "$RETROMESH" check
expect_status 3 "$RETROMESH" check "$work/missing.jom"
expect_status 3 "$RETROMESH" info "$work/missing.jom"
finish
