# Files that are not models are not empty models (issue 13, item 6), and
# inputs that never end do not hang or fill memory: every command reads
# through the format table and the size limit (--max-input).
. "$(dirname "$0")/lib.sh"
R="$RETROMESH"
tex="$FIXTURES/textures"
cd "$work" || exit 1
cp "$tex/quad.obj" "$tex/quad.mtl" "$tex/wall.png" .

# not_model FILE WHAT: convert, render and info refuse it (exit 1) naming
# what it is, and write nothing.
not_model() {
    expect_status 1 "$R" convert "$1" "$work/out.jom"
    expect_grep "$work/err" "$2"
    expect_no_file "$work/out.jom"
    expect_status 1 "$R" render "$1" -o "$work/out.png" --size 8x8
    expect_grep "$work/err" "$2"
    expect_no_file "$work/out.png"
}
: >empty.obj
not_model empty.obj "empty.obj: error: this is an empty file, not a model"
expect_status 1 "$R" info empty.obj
printf 'v 0 0 0\nv 1 0 0\nv 0 1 0\n' >verts.obj
not_model verts.obj "verts.obj: error: no polygon to convert"
printf 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n' >lines.obj
not_model lines.obj "no polygon to convert"
not_model wall.png "wall.png: error: this is a PNG image, not a model (retromesh reads OBJ"
expect_status 1 "$R" info wall.png
expect_grep "$work/err" "this is a PNG image"
expect_status 0 "$R" level build "$SRC/examples/level.json" level.jol
not_model level.jol "level.jol: error: this is a Jo Engine level (JOL)"
printf '{"asset": {"version": "2.0"}, "meshes": []}' >model.gltf
# A glTF is read now: one with no mesh has nothing to convert.
not_model model.gltf "model.gltf: error: no polygon to convert"
printf 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid x\n' >model.stl
not_model model.stl "model.stl: error: this is an STL"
printf 'ply\nformat ascii 1.0\nelement vertex 0\nend_header\n' >model.ply
not_model model.ply "model.ply: error: this is a PLY"
# A JOM or NIFF named .obj is read as what it is, not as text.
expect_status 0 "$R" convert -q --embed-textures quad.obj q.jom
cp q.jom jom.obj
expect_status 0 "$R" info jom.obj
expect_grep "$work/out" "JOM version 1"
expect_status 1 "$R" check quad.obj
expect_grep "$work/err" "this is a Wavefront OBJ"

# Pipes: "-" is standard input; an empty pipe is no model.
cat quad.obj | "$R" convert -q --embed-textures - piped.jom >"$work/out" 2>"$work/err" ||
    { echo "FAIL: cat x.obj | convert - o.jom" >&2; cat "$work/err" >&2; fail=1; }
cmp -s piped.jom q.jom || { echo "FAIL: the piped conversion differs" >&2; fail=1; }
: | "$R" convert - empty.jom >"$work/out" 2>"$work/err"
[ $? = 1 ] || { echo "FAIL: an empty pipe is not exit 1" >&2; fail=1; }
expect_grep "$work/err" "this is an empty file"
expect_no_file empty.jom
"$R" info - <q.jom >"$work/out" 2>"$work/err" || { echo "FAIL: info -" >&2; fail=1; }
expect_grep "$work/out" "JOM version 1"
"$R" check - <q.jom >"$work/out" 2>"$work/err" || { echo "FAIL: check -" >&2; fail=1; }
"$R" render - -o "$work/stdin.png" --size 8x8 <q.jom >/dev/null 2>"$work/err" ||
    { echo "FAIL: render -" >&2; cat "$work/err" >&2; fail=1; }
[ -s "$work/stdin.png" ] || { echo "FAIL: render - wrote nothing" >&2; fail=1; }
expect_status 2 "$R" convert -
expect_grep "$work/err" "give OUT"

# A FIFO as the input, or named by mtllib: never a wait (a pipe is "-").
mkfifo fifo.obj
expect_status 1 timeout 5 "$R" convert fifo.obj f.jom
expect_grep "$work/err" "fifo.obj: error: this is a FIFO"
expect_grep "$work/err" "give it as standard input"
expect_no_file f.jom
expect_status 1 timeout 5 "$R" info fifo.obj
expect_status 1 timeout 5 "$R" check fifo.obj
expect_status 1 timeout 5 "$R" render fifo.obj -o f.png
mkdir m
mkfifo m/fifo.mtl
printf 'mtllib fifo.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n' >m/m.obj
expect_status 0 timeout 5 "$R" convert m/m.obj m/m.jom
expect_grep "$work/err" "fifo.mtl"
# /dev/zero never ends: stopped at the limit, with the option that raises it.
expect_status 1 timeout 20 "$R" convert /dev/zero z.jom --max-input 1M
expect_grep "$work/err" "/dev/zero: error: more than the limit of 1048576 bytes (--max-input raises it)"
expect_status 1 timeout 20 "$R" info /dev/zero --max-input 64K
expect_grep "$work/err" "limit of 65536 bytes"
printf 'mtllib /dev/zero\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n' >zero.obj
expect_status 0 timeout 5 "$R" convert -q zero.obj zero.jom
# --max-input: a file over it is refused before it is read, on every command.
expect_status 1 "$R" convert quad.obj --max-input 100 small.jom
expect_grep "$work/err" "quad.obj: error: 214 bytes, more than the limit of 100 bytes (--max-input raises it)"
expect_no_file small.jom
expect_status 0 "$R" convert -q quad.obj --max-input 1K small.jom
expect_status 1 "$R" check --max-input 100 q.jom
expect_grep "$work/err" "more than the limit of 100 bytes"
expect_status 1 "$R" info --max-input=100 q.jom
expect_status 1 "$R" render --max-input 100 q.jom -o r.png
expect_status 1 "$R" pose --max-input 100 q.jom
expect_status 1 "$R" level check --max-input 100 level.jol
# The limit of one run is not the next one's.
expect_status 0 "$R" check q.jom
finish
