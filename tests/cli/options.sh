# The command-line conventions, the same in every command (tools/opts.c):
# "--" ends the options, "-qv" bundles, "-oFILE", "--opt=VALUE" and
# "--opt VALUE", an unknown option suggests the nearest known one, an option
# is never read as a file name, a missing value is a usage error, "-" is
# standard input or output, check --json.
. "$(dirname "$0")/lib.sh"
R="$RETROMESH"
cube="$SRC/examples/cube.obj"
cp "$cube" "$SRC/examples/cube.mtl" "$work/"

# --opt=VALUE, --opt VALUE, -oFILE, -o FILE: the same output.
expect_status 0 "$R" convert -q --scale=2 "$work/cube.obj" -o "$work/a.jom"
expect_status 0 "$R" convert -q --scale 2 "$work/cube.obj" "-o$work/b.jom"
expect_status 0 "$R" convert -q "$work/cube.obj" --output="$work/c.jom" --scale 2
cmp -s "$work/a.jom" "$work/b.jom" && cmp -s "$work/a.jom" "$work/c.jom" ||
    { echo "FAIL: the spellings of -o and --scale gave different files" >&2; fail=1; }
# Bundles: -qv is -q -v (the summary of -v, the budget line not, with -q);
# -qo FILE and -qoFILE take the value of the last letter.
expect_status 0 "$R" convert -qv "$work/cube.obj" "$work/d.jom"
expect_grep "$work/err" "8 points"
grep -q "budget:" "$work/err" && { echo "FAIL: -qv printed the budget line" >&2; fail=1; }
expect_status 0 "$R" convert -qo "$work/e.jom" "$work/cube.obj"
[ -s "$work/e.jom" ] || { echo "FAIL: -qo FILE wrote nothing" >&2; fail=1; }
expect_status 0 "$R" convert "-qo$work/f.jom" "$work/cube.obj"
[ -s "$work/f.jom" ] || { echo "FAIL: -qoFILE wrote nothing" >&2; fail=1; }
expect_status 0 "$R" check -q "$work/e.jom"
[ -s "$work/out" ] && { echo "FAIL: check -q printed" >&2; fail=1; }

# "--" ends the options: a file whose name starts with '-'.
(cd "$work" && cp cube.obj ./-cube.obj && "$R" convert -q -- -cube.obj -out.jom) >"$work/out" 2>"$work/err" ||
    { echo "FAIL: convert -- -cube.obj -out.jom" >&2; cat "$work/err" >&2; fail=1; }
[ -s "$work/-out.jom" ] || { echo "FAIL: -- -cube.obj: no -out.jom" >&2; fail=1; }
(cd "$work" && "$R" check -- -out.jom) >"$work/out" 2>&1
expect_grep "$work/out" "-out.jom: ok"

# An unknown option: exit 2, the nearest known one suggested, on every command.
expect_status 2 "$R" convert --scal 2 "$work/cube.obj" "$work/x.jom"
expect_grep "$work/err" "unknown option '--scal'; did you mean '--scale'?"
expect_status 2 "$R" info --jsn "$work/a.jom"
expect_grep "$work/err" "unknown option '--jsn'; did you mean '--json'?"
expect_status 2 "$R" render --gf "$work/x.gif" "$work/a.jom"
expect_grep "$work/err" "did you mean '--gif'?"
expect_status 2 "$R" budget --stirct "$work/a.jom"
expect_grep "$work/err" "did you mean '--strict'?"
expect_status 2 "$R" pose --tim 3 "$work/a.jom"
expect_grep "$work/err" "did you mean '--time'?"
expect_status 2 "$R" convert --extract "$work/cube.obj"
grep -q "did you mean" "$work/err" && { echo "FAIL: convert suggested an option for --extract" >&2; fail=1; }
expect_status 2 "$R" convert -Z "$work/cube.obj"
expect_grep "$work/err" "unknown option '-Z'"
# Long names are taken whole, not by a prefix.
expect_status 2 "$R" convert --sca 2 "$work/cube.obj" "$work/x.jom"
expect_grep "$work/err" "did you mean '--scale'?"
expect_no_file "$work/x.jom"
# Commands and subcommands too.
expect_status 2 "$R" convrt "$work/cube.obj"
expect_grep "$work/err" "unknown command 'convrt'; did you mean 'convert'?"
expect_status 2 "$R" level chek "$work/a.jom"
expect_grep "$work/err" "did you mean 'check'?"
expect_status 2 "$R" oni exprt x
expect_grep "$work/err" "did you mean 'export'?"

# An option is never read as a file name.
expect_status 2 "$R" level check --bogus
expect_grep "$work/err" "unknown option '--bogus'"
expect_status 2 "$R" level dump --bogus
expect_status 2 "$R" level build --bogus "$work/l.json" "$work/l.jol"
expect_status 2 "$R" check --bogus "$work/a.jom"
expect_status 2 "$R" oni hash --bogus
expect_status 2 "$R" oni list --tag M3GM --bogus
expect_status 2 "$R" info "$work/a.jom" --bogus
[ -s "$work/out" ] && { echo "FAIL: info printed before the usage error" >&2; fail=1; }
expect_no_file "$work/--bogus"

# A missing value: a usage error naming the option; an option is not a value.
expect_status 2 "$R" convert "$work/cube.obj" -o
expect_grep "$work/err" "option '-o' needs a value"
expect_status 2 "$R" convert "$work/cube.obj" -o --verbose
expect_grep "$work/err" "option '-o' needs a value, not the option '--verbose'"
expect_no_file "$work/--verbose"
expect_status 2 "$R" render "$work/a.jom" --size
expect_grep "$work/err" "option '--size' needs a value"
expect_status 2 "$R" info --extract-textures
expect_grep "$work/err" "option '--extract-textures' needs a value"
expect_status 2 "$R" oni list --tag
expect_status 2 "$R" info --json=yes "$work/a.jom"
expect_grep "$work/err" "option '--json' takes no value"
# Negative numbers are values.
expect_status 0 "$R" render "$work/a.jom" --size 32x24 --yaw -30 --pitch=-10 -o "$work/n.png"
[ -s "$work/n.png" ] || { echo "FAIL: --yaw -30: no picture" >&2; fail=1; }

# --max-input takes a size with K, M or G, on every command that reads.
for c in convert info check render pose budget; do
    expect_status 2 "$R" $c --max-input 12Q "$work/a.jom"
    expect_grep "$work/err" "--max-input takes a size"
done
expect_status 2 "$R" level check --max-input 0 "$work/a.jom"
expect_status 2 "$R" oni hash --max-input=-1 "$work"
expect_status 0 "$R" check --max-input 1M "$work/a.jom"
expect_status 0 "$R" check --max-input=64k "$work/a.jom"

# --help on every command and subcommand, wherever it is.
for c in convert info check render pose budget level oni; do
    expect_status 0 "$R" $c --help
    expect_grep "$work/out" "usage: retromesh $c"
done
expect_status 0 "$R" level check --help
expect_status 0 "$R" oni export x -h
expect_grep "$work/out" "usage: retromesh oni"

# check --json: one JSON array, an object per file, the messages in it.
head -c 100 "$work/a.jom" >"$work/cut.jom"
expect_status 1 "$R" check --json "$work/a.jom" "$work/cut.jom"
[ -s "$work/err" ] && { echo "FAIL: check --json wrote to stderr" >&2; cat "$work/err" >&2; fail=1; }
python3 - "$work/out" "$work/a.jom" "$work/cut.jom" <<'EOF' || fail=1
import json, sys
doc = json.load(open(sys.argv[1]))
assert isinstance(doc, list) and len(doc) == 2, doc
a, b = doc
assert a["file"] == sys.argv[2] and a["valid"] is True and a["status"] == "ok", a
assert a["format"] == "JOM" and a["points"] == 8 and a["polygons"] == 6 and a["errors"] == [], a
assert b["file"] == sys.argv[3] and b["valid"] is False and b["status"] == "invalid", b
assert b["errors"] and "cut.jom: " in b["errors"][0] and " at 0x" in b["errors"][0], b
EOF
expect_status 0 "$R" check --json "$work/a.jom"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d) == 1 and d[0]["valid"]' "$work/out" ||
    { echo "FAIL: check --json of one file" >&2; fail=1; }
finish
