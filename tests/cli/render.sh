# retromesh render: PNG stills, sizes, --scale-up, --views 4, --gif, the
# options' errors. The drawing rules themselves are tested pixel by pixel
# in tests/render/test_render.c; here, what the command writes.
. "$(dirname "$0")/lib.sh"
jom="$FIXTURES/jom"

# png_size FILE: "W H" from the IHDR chunk (bytes 16..23, big endian).
png_size() {
  od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}
expect_size() {
  got=$(png_size "$1")
  if [ "$got" != "$2" ]; then echo "FAIL: $1 is $got, want $2" >&2; fail=1; fi
}

expect_status 0 "$RETROMESH" render "$jom/textured.jom" -o "$work/a.png"
expect_size "$work/a.png" "320 240"
expect_status 0 "$RETROMESH" render "$jom/textured.jom" -o "$work/b.png"
cmp -s "$work/a.png" "$work/b.png" || { echo "FAIL: two renders differ" >&2; fail=1; }
expect_status 0 "$RETROMESH" render "$jom/cube.jom" --size 64x48 --scale-up 3 --yaw 30 --pitch=20 \
  --distance 5 --light 0,1,1 --background ff8000 --wire -o "$work/c.png"
expect_size "$work/c.png" "192 144"
# cube.jom names WALL.BIN, which is not beside it: drawn in the material color.
expect_grep "$work/err" "texture WALL.BIN not found"
expect_status 0 "$RETROMESH" render "$jom/cube.jom" --views 4 --size 80x60 -o "$work/v.png"
expect_size "$work/v.png" "160 120"
# A pose, a blend, hidden bones (cube.jom: bones ROOT and LID, animation OPEN).
expect_status 0 "$RETROMESH" render "$jom/cube.jom" --anim open --time 30 --blend OPEN:0.5 --hide-bones LID -o "$work/p.png"
expect_size "$work/p.png" "320 240"
# An OBJ goes through the same path (converted in memory), with its textures.
expect_status 0 "$RETROMESH" render "$FIXTURES/textures/quad.obj" -o "$work/q.png"
expect_size "$work/q.png" "320 240"

# GIFs: the animation (OPEN lasts 60 ticks: 10 frames at 10 fps) or a
# turntable; no progress bar when stderr is not a terminal.
expect_status 0 "$RETROMESH" render "$jom/cube.jom" --gif "$work/a.gif" --fps 10 --size 64x48
[ "$(head -c 6 "$work/a.gif")" = "GIF89a" ] || { echo "FAIL: not a GIF89a" >&2; fail=1; }
grep -q NETSCAPE2.0 "$work/a.gif" || { echo "FAIL: the GIF does not loop" >&2; fail=1; }
grep -q "rendering \[" "$work/err" && { echo "FAIL: a progress bar on a non-terminal" >&2; fail=1; }
expect_status 0 "$RETROMESH" render "$jom/textured.jom" --gif "$work/t.gif" --fps 5 --size 32x24
[ "$(head -c 6 "$work/t.gif")" = "GIF89a" ] || { echo "FAIL: turntable not a GIF" >&2; fail=1; }

# Errors.
expect_status 2 "$RETROMESH" render "$jom/cube.jom"
expect_grep "$work/err" "no output"
expect_status 2 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --size 0x10
expect_status 2 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --size 5000x10
expect_status 2 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --views 3
expect_status 2 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --scale-up 0
expect_status 2 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --background red
expect_status 2 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --light 0,0,0
expect_status 2 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --bogus
expect_status 2 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --yaw
expect_status 1 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --anim nope
expect_grep "$work/err" "no animation 'nope'"
expect_status 1 "$RETROMESH" render "$jom/cube.jom" -o "$work/x.png" --hide-bones LID,nope
expect_grep "$work/err" "no bone 'nope'"
expect_status 1 "$RETROMESH" render "$jom/bad_index.jom" -o "$work/x.png"
expect_status 3 "$RETROMESH" render "$work/missing.jom" -o "$work/x.png"
expect_no_file "$work/x.png"
expect_status 0 "$RETROMESH" render --help
expect_grep "$work/out" "--gif OUT.gif"
finish
