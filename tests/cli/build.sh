#!/bin/sh
# retromesh build and convert --out-dir (docs/build.md): one texture
# namespace for the CD, the same bytes twice and for any -j, only what
# changed rebuilt, stale files removed and users' files kept, every
# problem of a project reported, far models and simplification.
. "$(dirname "$0")/lib.sh"
T=$FIXTURES/textures
p=$work/p
mkdir -p "$p/a" "$p/b" "$p/c"
for d in a b c; do cp "$T/quad.obj" "$T/quad.mtl" "$p/$d/"; done
cp "$T/a/wall.png" "$p/a/wall.png"
cp "$T/b/wall.png" "$p/b/wall.png"
cp "$T/a/wall.png" "$p/c/wall.png"          # the same bytes as a's
cmp -s "$p/a/wall.png" "$p/b/wall.png" && { echo "FAIL: the fixtures' two wall.png are the same" >&2; exit 1; }
cat >"$p/retromesh.json" <<'JSON'
{"cd": "cd",
 "models": [{"source": "a/quad.obj", "name": "A.JOM"},
            {"source": "b/quad.obj", "name": "B.JOM"},
            {"source": "c/quad.obj", "name": "C.JOM"}]}
JSON
tex() { "$RETROMESH" info "$1" | sed -n "s/^  0: '\(.*\)'$/\1/p"; }

# three JOMs, two textures, the right names in each TEXT
expect_status 0 "$RETROMESH" build "$p/retromesh.json" -j 1
cd1=$p/cd
for m in A B C; do [ -f "$cd1/$m.JOM" ] || { echo "FAIL: no $m.JOM" >&2; fail=1; }; done
n=$(ls "$cd1" | grep -c '\.BIN$')
[ "$n" = 2 ] || { echo "FAIL: $n texture files, want 2: $(ls "$cd1")" >&2; fail=1; }
ta=$(tex "$cd1/A.JOM"); tb=$(tex "$cd1/B.JOM"); tc=$(tex "$cd1/C.JOM")
[ "$ta" = WALL.BIN ] || { echo "FAIL: A's texture is '$ta', want WALL.BIN" >&2; fail=1; }
[ "$tc" = "$ta" ] || { echo "FAIL: C (same image bytes as A) names '$tc', A '$ta'" >&2; fail=1; }
[ "$tb" != "$ta" ] && [ -n "$tb" ] || { echo "FAIL: B (another image) names '$tb', A '$ta'" >&2; fail=1; }
for t in "$ta" "$tb"; do [ -f "$cd1/$t" ] || { echo "FAIL: $t named but not in the folder" >&2; fail=1; }; done
# the .BIN bytes are the converter's: B's file is b/wall.png's texture
"$RETROMESH" convert "$p/b/quad.obj" "$work/bq.jom" -q
cmp -s "$work/WALL.BIN" "$cd1/$tb" || { echo "FAIL: $tb is not b/wall.png's texture" >&2; fail=1; }
[ -f "$cd1/RMBUILD.JSN" ] || { echo "FAIL: no manifest" >&2; fail=1; }

# twice: the same bytes, nothing written
cp -r "$cd1" "$work/first"
ls -li --time-style=full-iso "$cd1" >"$work/ls1"
expect_status 0 "$RETROMESH" build "$p/retromesh.json"
expect_grep "$work/out" "0 built, 3 unchanged; 0 files written, 0 removed"
ls -li --time-style=full-iso "$cd1" >"$work/ls2"
cmp -s "$work/ls1" "$work/ls2" || { echo "FAIL: the second build touched the folder" >&2; diff "$work/ls1" "$work/ls2" >&2; fail=1; }
diff -r "$work/first" "$cd1" >/dev/null || { echo "FAIL: the second build changed bytes" >&2; fail=1; }

# -j 1 and -j 8: the same bytes (and --force rebuilds everything)
expect_status 0 "$RETROMESH" build "$p/retromesh.json" -o "$work/j8" -j 8
diff -r "$cd1" "$work/j8" >/dev/null || { echo "FAIL: -j 8 gives other bytes than -j 1" >&2; diff -r "$cd1" "$work/j8" >&2; fail=1; }
expect_status 0 "$RETROMESH" build "$p/retromesh.json" -o "$work/j8" -j 8 --force
expect_grep "$work/out" "3 built, 0 unchanged"
diff -r "$cd1" "$work/j8" >/dev/null || { echo "FAIL: --force gives other bytes" >&2; fail=1; }

# a user's own file is kept; changing one model rebuilds only it
echo "my notes" >"$cd1/README.TXT"
sed 's/^v 1 1 0$/v 1 1.5 0/' "$T/quad.obj" >"$p/b/quad.obj"
cmp -s "$T/quad.obj" "$p/b/quad.obj" && { echo "FAIL: the test did not change b/quad.obj" >&2; fail=1; }
expect_status 0 "$RETROMESH" build "$p/retromesh.json"
expect_grep "$work/out" "1 built, 2 unchanged"
expect_grep "$work/out" "B.JOM        built"
cmp -s "$work/first/A.JOM" "$cd1/A.JOM" || { echo "FAIL: A.JOM changed" >&2; fail=1; }
cmp -s "$work/first/B.JOM" "$cd1/B.JOM" && { echo "FAIL: B.JOM did not change" >&2; fail=1; }
# a stale texture is removed: B now uses a's image
cp "$T/a/wall.png" "$p/b/wall.png"
expect_status 0 "$RETROMESH" build "$p/retromesh.json"
expect_grep "$work/out" "1 removed"
expect_no_file "$cd1/$tb"
[ "$(tex "$cd1/B.JOM")" = WALL.BIN ] || { echo "FAIL: B does not name WALL.BIN now" >&2; fail=1; }
[ "$(cat "$cd1/README.TXT")" = "my notes" ] || { echo "FAIL: the user's file was touched" >&2; fail=1; }
# a user's file with a texture's wanted name is never written over
rm -rf "$work/u" && mkdir "$work/u" && echo mine >"$work/u/WALL.BIN"
expect_status 0 "$RETROMESH" build "$p/retromesh.json" -o "$work/u"
[ "$(cat "$work/u/WALL.BIN")" = mine ] || { echo "FAIL: the user's WALL.BIN was written over" >&2; fail=1; }
[ "$(tex "$work/u/A.JOM")" != WALL.BIN ] || { echo "FAIL: A names the user's WALL.BIN" >&2; fail=1; }

# --json
expect_status 0 "$RETROMESH" build "$p/retromesh.json" --json
python3 -m json.tool "$work/out" >/dev/null || { echo "FAIL: --json is not JSON" >&2; fail=1; }
expect_grep "$work/out" '"unchanged": 3'

# every problem of a project, with its JSON pointer; nothing written
cat >"$p/bad.json" <<'JSON'
{"cd": "badcd",
 "models": [{"source": "a/quad.obj", "name": "A.JOM", "scale": "big"},
            {"source": "nothere.obj"},
            {"source": "c/quad.obj", "skeleton": "rig.json"}]}
JSON
expect_status 1 "$RETROMESH" build "$p/bad.json"
expect_grep "$work/err" "bad.json: /models/2/skeleton: no such file"
expect_grep "$work/err" "bad.json: /models/1/source: no such file"
expect_grep "$work/err" "bad.json: /models/0/scale:"
expect_no_file "$p/badcd"
# a model that fails to convert: the others still converted, nothing written
printf 'v 0 0 0\nf 1 2 3\n' >"$p/broken.obj"
cat >"$p/broken.json" <<'JSON'
{"cd": "brokencd", "models": [{"source": "a/quad.obj", "name": "A.JOM"}, {"source": "broken.obj"}]}
JSON
expect_status 1 "$RETROMESH" build "$p/broken.json"
expect_grep "$work/err" "broken.obj"
expect_no_file "$p/brokencd"
# no project file
(cd "$work" && "$RETROMESH" build >/dev/null 2>"$work/err"); rc=$?
[ "$rc" = 2 ] || { echo "FAIL: build without a project: exit $rc, want 2" >&2; fail=1; }
expect_grep "$work/err" "retromesh.json"

# convert A B --out-dir CD: the same namespace
cp "$p/b/quad.obj" "$p/b/other.obj"
cp "$T/b/wall.png" "$p/b/wall.png"
expect_status 0 "$RETROMESH" convert "$p/a/quad.obj" "$p/b/other.obj" --out-dir "$work/od"
[ -f "$work/od/QUAD.JOM" ] && [ -f "$work/od/OTHER.JOM" ] || { echo "FAIL: convert --out-dir: $(ls "$work/od")" >&2; fail=1; }
[ "$(tex "$work/od/QUAD.JOM")" != "$(tex "$work/od/OTHER.JOM")" ] || { echo "FAIL: two images share a name" >&2; fail=1; }
expect_status 2 "$RETROMESH" convert "$p/a/quad.obj" --out-dir "$work/od" --texture-out "$work/x"

# the example project: far models and simplification
cp -r "$SRC/examples/build" "$work/ex"
rm -rf "$work/ex/cd"
expect_status 0 "$RETROMESH" build "$work/ex/retromesh.json"
expect_grep "$work/out" "far models: ROBOT_F.JOM"
expect_grep "$work/out" "WALKER.JOM   built     30 polygons"
expect_grep "$work/out" "within every limit"
"$RETROMESH" level dump "$work/ex/cd/YARD.JOL" >"$work/dump"
expect_grep "$work/dump" 'far_model = "ROBOT_F.JOM"'
expect_grep "$work/dump" "far_distance = 1500"
expect_status 0 "$RETROMESH" check "$work/ex/cd/ROBOT_F.JOM" "$work/ex/cd/WALKER.JOM"
# two levels share one far model; taking one level out keeps it for the other
cp "$work/ex/levels/yard.json" "$work/ex/levels/yard2.json"
python3 - "$work/ex/retromesh.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["levels"].append({"source": "levels/yard2.json", "name": "YARD2.JOL"})
json.dump(p, open(sys.argv[1], "w"))
PY
expect_status 0 "$RETROMESH" build "$work/ex/retromesh.json"
expect_grep "$work/out" "1 built, 5 unchanged"
expect_grep "$work/out" "YARD2.JOL    built     far models: ROBOT_F.JOM"
[ "$(ls "$work/ex/cd" | grep -c _F)" = 1 ] || { echo "FAIL: $(ls "$work/ex/cd")" >&2; fail=1; }
python3 - "$work/ex/retromesh.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["levels"] = p["levels"][1:]
json.dump(p, open(sys.argv[1], "w"))
PY
expect_status 0 "$RETROMESH" build "$work/ex/retromesh.json"
expect_no_file "$work/ex/cd/YARD.JOL"
[ -f "$work/ex/cd/ROBOT_F.JOM" ] || { echo "FAIL: the far model YARD2.JOL names was removed" >&2; fail=1; }
"$RETROMESH" budget "$work/ex/cd/YARD2.JOL" --cd "$work/ex/cd" --strict >"$work/out" 2>&1 || { echo "FAIL: budget of YARD2.JOL" >&2; cat "$work/out" >&2; fail=1; }
# the project's level "far" default: every entity with a model, its own "far" first
cp -r "$SRC/examples/build" "$work/fd" && rm -rf "$work/fd/cd"
python3 - "$work/fd/retromesh.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["levels"][0]["far"] = {"max_polygons": 30, "distance": 900}
json.dump(p, open(sys.argv[1], "w"))
PY
expect_status 0 "$RETROMESH" build "$work/fd/retromesh.json"
expect_grep "$work/out" "far models: CRATE_F.JOM BOX_F.JOM ROBOT_F.JOM WALKER_F.JOM"
"$RETROMESH" level dump "$work/fd/cd/YARD.JOL" >"$work/dump"
expect_grep "$work/dump" 'far_model = "WALKER_F.JOM"'
[ "$(grep -c 'far_distance = 900' "$work/dump")" = 3 ] || { echo "FAIL: the default distance:" >&2; grep far_ "$work/dump" >&2; fail=1; }
expect_grep "$work/dump" "far_distance = 1500"
finish
