# retromesh convert --skeleton RIG.json: BONE and ANIM written and checked,
# the same bytes twice, options that change them, errors with
# file:line:col (exit 1, nothing written), usage errors (exit 2), a missing
# file (exit 3).
. "$(dirname "$0")/lib.sh"
ex="$SRC/examples"
fx="$FIXTURES/skeleton"
has_tag() { LC_ALL=C grep -aq "$2" "$1"; }

# The example: converted, checked, with both chunks; none without --skeleton.
expect_status 0 "$RETROMESH" convert "$ex/walker.obj" "$work/walker.jom" --skeleton "$ex/walker.json"
expect_status 0 "$RETROMESH" check "$work/walker.jom"
expect_grep "$work/out" "$work/walker.jom: ok"
has_tag "$work/walker.jom" BONE || { echo "FAIL: no BONE chunk" >&2; fail=1; }
has_tag "$work/walker.jom" ANIM || { echo "FAIL: no ANIM chunk" >&2; fail=1; }
expect_status 0 "$RETROMESH" info "$work/walker.jom"
expect_status 0 "$RETROMESH" convert -q "$ex/walker.obj" "$work/plain.jom"
has_tag "$work/plain.jom" BONE && { echo "FAIL: BONE without --skeleton" >&2; fail=1; }

# --skeleton=FILE, -o, another folder: the same bytes.
(cd "$work" && "$RETROMESH" convert -q --skeleton="$ex/walker.json" -o "$work/walker2.jom" "$ex/walker.obj") ||
  { echo "FAIL: second convert" >&2; fail=1; }
cmp -s "$work/walker.jom" "$work/walker2.jom" || { echo "FAIL: two conversions differ" >&2; fail=1; }
# --verbose counts bones and animations.
expect_status 0 "$RETROMESH" convert -v "$ex/walker.obj" "$work/walker3.jom" --skeleton "$ex/walker.json"
expect_grep "$work/err" "6 groups, 7 bones, 2 animations"
# Pivots, roots and angles follow --scale and --saturn-axes.
expect_status 0 "$RETROMESH" convert -q --scale 2 "$ex/walker.obj" "$work/s.jom" --skeleton "$ex/walker.json"
expect_status 0 "$RETROMESH" check "$work/s.jom"
cmp -s "$work/walker.jom" "$work/s.jom" && { echo "FAIL: --scale changed nothing" >&2; fail=1; }
expect_status 0 "$RETROMESH" convert -q --saturn-axes "$ex/walker.obj" "$work/a.jom" --skeleton "$ex/walker.json"
expect_status 0 "$RETROMESH" check "$work/a.jom"

# The fixtures: the issue's example on its model.
expect_status 0 "$RETROMESH" convert -q "$fx/rig.obj" "$work/rig.jom" --skeleton "$fx/rig.json"
expect_status 0 "$RETROMESH" check "$work/rig.jom"

# Errors: file:line:col, exit 1, nothing written (positions counted in
# tests/fixtures/skeleton/README.md).
expect_status 1 "$RETROMESH" convert "$fx/rig.obj" "$work/x.jom" --skeleton "$fx/bad_parent.json"
expect_grep "$work/err" "bad_parent.json:5:16: error: bones[1] \"leg_l\": parent \"hip\" is not a bone"
expect_no_file "$work/x.jom"
expect_status 1 "$RETROMESH" convert "$fx/rig.obj" "$work/x.jom" --skeleton "$fx/bad_syntax.json"
expect_grep "$work/err" "bad_syntax.json:3:27: error: invalid JSON: '}' expected near '\"group\"'"
expect_no_file "$work/x.jom"
expect_status 1 "$RETROMESH" convert "$fx/rig.obj" "$work/x.jom" --skeleton "$fx/bad_group.json"
expect_grep "$work/err" "bad_group.json:3:31: error: bones[0] \"hips\": group \"torso\" is not a group of the model (its groups: body, leg_l)"
expect_no_file "$work/x.jom"
# A missing file is an I/O error.
expect_status 3 "$RETROMESH" convert "$fx/rig.obj" "$work/x.jom" --skeleton "$work/none.json"
expect_grep "$work/err" "none.json"
expect_no_file "$work/x.jom"

# Usage errors.
expect_status 2 "$RETROMESH" convert "$fx/rig.obj" "$work/x.jom" --skeleton
expect_grep "$work/err" "--skeleton"
expect_status 2 "$RETROMESH" convert "$fx/rig.obj" "$work/x.jom" --skeleton=
expect_status 2 "$RETROMESH" convert "$fx/rig.obj" "$work/x.jom" --skeleton "$fx/rig.json" --skeleton "$fx/rig.json"
expect_grep "$work/err" "given twice"
# The output is never the skeleton.
cp "$fx/rig.json" "$work/rig.json"
expect_status 2 "$RETROMESH" convert "$fx/rig.obj" "$work/rig.json" --skeleton "$work/rig.json"
expect_grep "$work/err" "this is $work/rig.json, which the command reads"
cmp -s "$fx/rig.json" "$work/rig.json" || { echo "FAIL: the skeleton was written over" >&2; fail=1; }
# The usage text names the option.
expect_status 0 "$RETROMESH" convert --help
expect_grep "$work/out" "--skeleton RIG.json"
finish
