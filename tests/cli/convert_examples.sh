# Every example converts, the output passes check, info prints it, and the
# same input gives the same bytes twice (also from another folder).
. "$(dirname "$0")/lib.sh"
for obj in "$SRC"/examples/*.obj; do
  name=$(basename "$obj" .obj)
  expect_status 0 "$RETROMESH" convert "$obj" "$work/$name.jom"
  [ -s "$work/$name.jom" ] || { echo "FAIL: $name.jom not written" >&2; fail=1; }
  expect_status 0 "$RETROMESH" check "$work/$name.jom"
  expect_grep "$work/out" "$work/$name.jom: ok"
  expect_status 0 "$RETROMESH" info "$work/$name.jom"
  expect_grep "$work/out" "PNTS"
  expect_status 0 "$RETROMESH" info --json "$work/$name.jom"
  expect_grep "$work/out" "{"
  expect_status 0 "$RETROMESH" info "$obj"
  expect_grep "$work/out" "As a JOM"
  # Determinism: a second conversion, with -o, from another working folder.
  (cd "$work" && "$RETROMESH" convert -q -o "$work/$name.2.jom" "$obj") || { echo "FAIL: second convert" >&2; fail=1; }
  cmp -s "$work/$name.jom" "$work/$name.2.jom" || { echo "FAIL: $name: two conversions differ" >&2; fail=1; }
done
# Without an output name, the output is the input with .jom, beside it.
cp "$SRC/examples/colors.obj" "$SRC/examples/colors.mtl" "$work/"
expect_status 0 "$RETROMESH" convert "$work/colors.obj"
[ -s "$work/colors.jom" ] || { echo "FAIL: default output name" >&2; fail=1; }
# --verbose prints a summary; --quiet prints nothing on success.
expect_status 0 "$RETROMESH" convert --verbose "$SRC/examples/robot.obj" "$work/r.jom"
expect_grep "$work/err" "polygons"
expect_status 0 "$RETROMESH" convert --quiet "$SRC/examples/robot.obj" "$work/r.jom"
[ -s "$work/err" ] && { echo "FAIL: --quiet printed something" >&2; fail=1; }
# Options change the output.
expect_status 0 "$RETROMESH" convert --scale 2 "$SRC/examples/cube.obj" "$work/cube2.jom"
cmp -s "$work/cube.jom" "$work/cube2.jom" && { echo "FAIL: --scale changed nothing" >&2; fail=1; }
expect_status 0 "$RETROMESH" convert --saturn-axes "$SRC/examples/cube.obj" "$work/cube3.jom"
cmp -s "$work/cube.jom" "$work/cube3.jom" && { echo "FAIL: --saturn-axes changed nothing" >&2; fail=1; }
expect_status 0 "$RETROMESH" convert --no-weld --keep-triangles "$SRC/examples/robot.obj" "$work/r2.jom"
expect_status 0 "$RETROMESH" check "$work/r2.jom"
finish
