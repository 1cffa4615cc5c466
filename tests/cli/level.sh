# retromesh level: build from JSON, dump (text and --json), check, gen.
. "$(dirname "$0")/lib.sh"
F="$FIXTURES/jol"
expect_status 0 "$RETROMESH" level build "$SRC/examples/level.json" "$work/L.JOL"
expect_status 0 "$RETROMESH" level check "$work/L.JOL"
expect_grep "$work/out" "L.JOL: ok"
# dump: text, then JSON that builds back to the same bytes.
expect_status 0 "$RETROMESH" level dump "$work/L.JOL"
expect_grep "$work/out" 'level "My level"'
expect_grep "$work/out" "link on DEATH -> fuse: TRIGGER after 400 ms"
expect_status 0 "$RETROMESH" level dump --json "$work/L.JOL"
cp "$work/out" "$work/L.json"
expect_grep "$work/L.json" '"sections":['
expect_status 0 "$RETROMESH" level build "$work/L.json" "$work/L2.JOL"
cmp -s "$work/L.JOL" "$work/L2.JOL" || { echo "FAIL: build -> dump --json -> build differs" >&2; fail=1; }
# A field the schema does not know: named, with its line; no output file.
expect_status 1 "$RETROMESH" level build "$F/unknown_field.json" "$work/typo.JOL"
expect_grep "$work/err" "unknown_field.json:6:8: error: section PLNT has no record field 'sacle'"
expect_no_file "$work/typo.JOL"
# check: one problem a line, with section, record and field; exit 1.
expect_status 0 "$RETROMESH" level build "$F/bad_refs.json" "$work/bad.JOL"
expect_status 1 "$RETROMESH" level check "$work/bad.JOL"
expect_grep "$work/err" "bad.JOL: section INST at 0x"
expect_grep "$work/err" ": record 0 field near_model: index 3 is not a record of MODL"
expect_grep "$work/err" ": record 0 field first_portal: first_portal 0 + portal_count 2 is past the 0 records of PRTL"
expect_grep "$work/err" ": record 0 field model: \"room.jom\" is not an 8.3 uppercase .JOM file name"
expect_grep "$work/err" ": record 0 field flags: 16 is not a combination of the flags of ENTITY_FLAG"
[ "$(wc -l <"$work/err")" -eq 4 ] || { echo "FAIL: want 4 problems" >&2; cat "$work/err" >&2; fail=1; }
# Unknown and game sections, an older CELL: kept, read, valid.
expect_status 0 "$RETROMESH" level build "$F/game_section.json" "$work/game.JOL"
expect_status 0 "$RETROMESH" level check "$work/game.JOL"
expect_status 0 "$RETROMESH" level dump "$work/game.JOL"
expect_grep "$work/out" "qust v1 at 0x"
expect_grep "$work/out" "the game's section, not read"
expect_grep "$work/out" "reflection=none"
expect_grep "$work/out" "prop speed = 1.5000 (fixed)"
# A cut file: a clear error, exit 1.
head -c 100 "$work/L.JOL" >"$work/cut.JOL"
expect_status 1 "$RETROMESH" level dump "$work/cut.JOL"
expect_grep "$work/err" "cut.JOL: header JOLV at 0x8: size field"
# gen --text: the documentation; gen into a folder.
expect_status 0 "$RETROMESH" level gen --text
expect_grep "$work/out" "Size: 44 bytes."
expect_status 0 "$RETROMESH" level gen --docs "$work/f.md" --header "$work/f.h" --engine-header "$work/e.h"
cmp -s "$work/f.md" "$SRC/docs/level_format.md" || { echo "FAIL: gen docs differ from the committed file" >&2; fail=1; }
cmp -s "$work/f.h" "$SRC/include/retromesh/level_format.h" || { echo "FAIL: gen header differs" >&2; fail=1; }
cmp -s "$work/e.h" "$SRC/engine/jo/level_format.h" || { echo "FAIL: gen engine header differs" >&2; fail=1; }
# Usage errors.
expect_status 2 "$RETROMESH" level
expect_status 2 "$RETROMESH" level frob
expect_status 2 "$RETROMESH" level build "$F/bad_refs.json"
expect_status 3 "$RETROMESH" level dump "$work/missing.JOL"
finish
