#!/bin/sh
# engine_level_dump: every level fixture, loaded by the level module on the
# SuperH CPU (jo_level_load from the "CD", and jo_level_create_in_place),
# prints byte for byte what `retromesh level dump --json --full` prints:
# examples/level.json, tests/fixtures/jol/*.json, fuzz/corpus/jol/*.jol,
# and levels written here: headers and records shorter than this engine's
# layout (older files: the missing fields at their defaults, an element cut
# in the middle too) and longer (newer files: the extra bytes skipped),
# game sections (one flagged REQUIRED: still read), unknown sections, and
# an unknown REQUIRED section (refused by both, the message naming it).
. "$SRC/tests/engine_level/common.sh"
scratch dump
levels=$work/levels
mkdir -p "$levels"

n=0
# add NAME.JOL JSON: a level built by the CLI (the build must work).
add_json() {
    "$RETROMESH" level build "$2" "$levels/$1" >/dev/null 2>"$work/build.err" ||
        fail "level build $2: $(cat "$work/build.err")"
}
add_json EXAMPLE.JOL "$SRC/examples/level.json"
for j in "$SRC"/tests/fixtures/jol/*.json; do
    n=$((n + 1))
    # unknown_field.json is a build error by design
    "$RETROMESH" level build "$j" "$levels/FIX$n.JOL" >/dev/null 2>&1 || rm -f "$levels/FIX$n.JOL"
done
[ -f "$levels/FIX1.JOL" ] || [ -f "$levels/FIX2.JOL" ] || fail "no fixture of tests/fixtures/jol builds"
n=0
for c in "$SRC"/fuzz/corpus/jol/*.jol; do
    [ -f "$c" ] || continue
    n=$((n + 1))
    cp "$c" "$levels/CORPUS$n.JOL"
    case $(basename "$c") in required*) cp "$c" "$levels/REQ$n.JOL" ;; esac
done

cat >"$work/sizes.json" <<'JSON'
{"name": "Sizes \"quoted\" \\ back",
 "sections": [
  {"id": "TERR", "header_size": 32, "header": {"n": 2, "cell": 64, "origin_x": -5, "origin_z": 7, "hole_count": 1},
   "arrays": {"heights": [1, -2, 3, -4], "colors": [32768, 65535, 1, 2], "holes": [3]}},
  {"id": "ENTI", "record_size": 48, "records": [{"name": "a", "cls": "relay", "x": -100, "yaw": -90, "health": 5},
                                                {"name": "b", "cls": "spawn", "model": "B.JOM", "z": 2147483647}]},
  {"id": "LINK", "record_size": 8, "records": [{"event": 1, "action": 2, "target": 0, "delay": 9}]},
  {"id": "PRTL", "record_size": 10, "records": [{"cell": 1, "kind": 1, "points": [1,2,3,4,5,6,7,8,9,10,11,12]}]},
  {"id": "WEAP", "record_size": 31, "records": [{"name": "gun", "x": 65536, "y": -32768}]},
  {"id": "CELL", "version": 1, "record_size": 34, "records": [{"model": "R.JOM", "x0": -1, "slope": 2}]},
  {"id": "MODL", "record_size": 14, "records": [{"file": "M.JOM", "floor": [1, 2, 3, 4, 5]}]},
  {"id": "abcd", "flags": 1, "arrays": {"bytes": [9, 8, 7]}},
  {"id": "YYYY", "version": 3, "arrays": {"bytes": []}}
 ]}
JSON
add_json SIZES.JOL "$work/sizes.json"
# Headers and records of 0 bytes (every field at its default), and a TERR
# header cut before its array offsets (the arrays read as empty).
cat >"$work/empty.json" <<'JSON'
{"name": "Defaults",
 "sections": [
  {"id": "INST", "record_size": 0, "records": []},
  {"id": "TERR", "header_size": 12, "header": {"n": 3, "cell": 16, "origin_x": 1},
   "arrays": {"heights": [1, 2, 3, 4, 5, 6, 7, 8, 9], "colors": [0, 0, 0, 0, 0, 0, 0, 0, 0], "holes": []}},
  {"id": "PLNT", "record_size": 12, "records": [{"x": 1, "y": 2, "z": 3}, {"x": -1, "y": -2, "z": -3}]},
  {"id": "Game", "version": 7, "arrays": {"bytes": [0, 255, 34, 92]}}
 ]}
JSON
add_json EMPTY.JOL "$work/empty.json"
cat >"$work/req.json" <<'JSON'
{"name": "Needs a newer engine", "sections": [{"id": "ZZZZ", "version": 1, "flags": 1, "arrays": {"bytes": [1, 2, 3, 4]}}]}
JSON
add_json REQ.JOL "$work/req.json"

count=0
for f in "$levels"/*.JOL; do
    for mode in "" --in-place; do
        same "$f" $mode
        count=$((count + 1))
        case $(basename "$f") in
        REQ*.JOL)
            [ "$verdict" = refused ] || fail "$(basename "$f") $mode: an unknown REQUIRED section was not refused"
            grep -q "required but unknown" "$work/eng.err" || fail "$(basename "$f") $mode: $(cat "$work/eng.err")"
            [ "$(head -n 1 "$work/eng.err" | wc -c)" -le 64 ] || fail "$(basename "$f"): message longer than 63 characters"
            if [ "$(basename "$f")" = REQ.JOL ] && ! grep -q "section ZZZZ at 0x" "$work/eng.err"; then
                fail "REQ.JOL $mode: the message does not name ZZZZ: $(cat "$work/eng.err")"
            fi
            ;;
        CORPUS*) ;;     # read or refused (required.jol): both agree
        *)
            [ "$verdict" = read ] || fail "$(basename "$f") $mode: not read ($verdict)"
            ;;
        esac
    done
done
[ $count -ge 16 ] || fail "only $count runs"
finish "$count runs of the level module agree with level dump --json --full"
