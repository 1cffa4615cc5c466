# Nothing lost (issue 13, items 1, 2, 4, 5): no output is a file the command
# reads, whatever its spelling; links stay links and devices devices; a
# FIFO is streamed into; one command's outputs are all written or none; a
# failed write to stdout is exit 3; a signal leaves no temporary file.
. "$(dirname "$0")/lib.sh"
R="$RETROMESH"
tex="$FIXTURES/textures"
w="$work/w"
mkdir "$w"
cp "$tex/quad.obj" "$tex/quad.mtl" "$tex/wall.png" "$w/"
sums() { (cd "$w" && cksum quad.obj quad.mtl wall.png); }
before=$(sums)
# refused OUT...: exit 2, the message names OUT and the input, every input intact
refused() {
    expect_status 2 "$@"
    expect_grep "$work/err" "which the command reads"
    [ "$(sums)" = "$before" ] || { echo "FAIL: an input changed: $*" >&2; fail=1; before=$(sums); }
}

# 1. The texture, the MTL, the OBJ: in every spelling.
refused "$R" convert "$w/quad.obj" "$w/wall.png"
expect_grep "$work/err" "$w/wall.png: error: this is "
refused "$R" convert "$w/quad.obj" "$w/quad.mtl"
refused "$R" convert "$w/quad.obj" "$w/quad.obj"
(cd "$w" && "$R" convert quad.obj quad.mtl) >"$work/out" 2>"$work/err"
[ $? = 2 ] && grep -q "which the command reads" "$work/err" || { echo "FAIL: relative quad.mtl" >&2; fail=1; }
refused "$R" convert "$w/quad.obj" "$w/./quad.mtl"
mkdir "$w/sub"
refused "$R" convert "$w/quad.obj" "$w/sub/../quad.mtl"
(cd "$w/sub" && "$R" convert ../quad.obj ../wall.png) >"$work/out" 2>"$work/err"
[ $? = 2 ] || { echo "FAIL: ../wall.png from a subfolder" >&2; fail=1; }
ln -s quad.mtl "$w/link.mtl"
ln "$w/quad.mtl" "$w/hard.mtl"
refused "$R" convert "$w/quad.obj" "$w/link.mtl"
expect_grep "$work/err" "quad.mtl"
refused "$R" convert "$w/quad.obj" "$w/hard.mtl"
ln -s "$w" "$work/wlink"
refused "$R" convert "$w/quad.obj" "$work/wlink/wall.png"
[ -L "$w/link.mtl" ] || { echo "FAIL: link.mtl is no longer a link" >&2; fail=1; }
# The renderer: the model, its MTL, its texture, the .BIN beside a JOM.
expect_status 0 "$R" convert -q "$w/quad.obj" "$w/m.jom"
before=$(sums; cksum <"$w/m.jom"; cksum <"$w/WALL.BIN")
sums() { (cd "$w" && cksum quad.obj quad.mtl wall.png; cksum <m.jom; cksum <WALL.BIN); }
refused "$R" render "$w/m.jom" -o "$w/m.jom"
refused "$R" render "$w/m.jom" --gif "$w/m.jom"
refused "$R" render "$w/m.jom" -o "$w/WALL.BIN"
refused "$R" render "$w/quad.obj" -o "$w/quad.mtl"
refused "$R" render "$w/quad.obj" -o "$w/wall.png" --size 8x8
refused "$R" render "$w/quad.obj" --gif "$w/./quad.obj" --size 8x8
# -o and --gif the same file: refused before anything is drawn.
expect_status 2 "$R" render "$w/m.jom" -o "$w/x.out" --gif "$w/x.out" --size 8x8
expect_no_file "$w/x.out"
# --cd: the model's file and its textures in the CD folder.
mkdir "$w/cd"
expect_status 0 "$R" convert -q "$w/quad.obj" "$w/cd/M.JOM"
sums() { (cd "$w" && cksum quad.obj quad.mtl wall.png cd/M.JOM cd/WALL.BIN); }
before=$(sums)
refused "$R" render --cd "$w/cd" M.JOM -o "$w/cd/M.JOM"
refused "$R" render --cd "$w/cd" m.jom -o "$w/cd/WALL.BIN"
# A skeleton named WALL.BIN is not replaced by the texture of that name.
sk="$work/sk"
mkdir "$sk"
{ echo "mtllib quad.mtl"; echo "usemtl wall"; echo "vt 0 0"; echo "vt 1 0"; echo "vt 1 1"; echo "vt 0 1"
  sed 's#^f \([0-9]*\) \([0-9]*\) \([0-9]*\) \([0-9]*\)#f \1/1 \2/2 \3/3 \4/4#' "$FIXTURES/skeleton/rig.obj"; } >"$sk/rig.obj"
cp "$tex/quad.mtl" "$tex/wall.png" "$sk/"
cp "$FIXTURES/skeleton/rig.json" "$sk/WALL.BIN"
expect_status 2 "$R" convert "$sk/rig.obj" "$sk/rig.jom" --skeleton "$sk/WALL.BIN"
expect_grep "$work/err" "WALL.BIN: error: this is "
cmp -s "$sk/WALL.BIN" "$FIXTURES/skeleton/rig.json" || { echo "FAIL: the skeleton was replaced" >&2; fail=1; }
expect_no_file "$sk/rig.jom"
cp "$FIXTURES/skeleton/rig.json" "$sk/rig.json"
expect_status 0 "$R" convert -q "$sk/rig.obj" "$sk/rig.jom" --skeleton "$sk/rig.json"

# 2. A symlinked output stays a link; the file it points to is written.
mkdir "$work/real"
printf 'old' >"$work/real/target.jom"
chmod 640 "$work/real/target.jom"
ln -s real/target.jom "$work/link.jom"
expect_status 0 "$R" convert -q --embed-textures "$w/quad.obj" "$work/link.jom"
[ -L "$work/link.jom" ] || { echo "FAIL: the output link became a file" >&2; fail=1; }
[ "$(head -c 4 "$work/real/target.jom")" = JOM1 ] || { echo "FAIL: the link's target not written" >&2; fail=1; }
[ "$(stat -c %a "$work/real/target.jom")" = 640 ] || { echo "FAIL: the target's mode changed" >&2; fail=1; }
ls -a "$work" "$work/real" | grep -q '^\.link\.jom\.\|^\.target\.jom\.' && { echo "FAIL: temporary file left" >&2; fail=1; }
# /dev/null: written into, still a device; the .BIN goes to the current folder.
mkdir "$work/cwd"
(cd "$work/cwd" && "$R" convert -q "$w/quad.obj" /dev/null) >"$work/out" 2>"$work/err" ||
    { echo "FAIL: convert x.obj /dev/null" >&2; cat "$work/err" >&2; fail=1; }
[ -c /dev/null ] || { echo "FAIL: /dev/null is no longer a device" >&2; fail=1; }
[ -s "$work/cwd/WALL.BIN" ] || { echo "FAIL: /dev/null output: no WALL.BIN in the current folder" >&2; fail=1; }
expect_no_file /dev/WALL.BIN
# A FIFO is streamed into (no temporary file renamed over it).
mkfifo "$work/fifo"
cat "$work/fifo" >"$work/fifo.out" &
reader=$!
expect_status 0 timeout 10 "$R" convert -q --embed-textures "$w/quad.obj" "$work/fifo"
wait $reader
[ -p "$work/fifo" ] || { echo "FAIL: the FIFO was replaced" >&2; fail=1; }
[ "$(head -c 4 "$work/fifo.out")" = JOM1 ] || { echo "FAIL: nothing came through the FIFO" >&2; fail=1; }
# "-" is standard output.
"$R" convert -q --embed-textures "$w/quad.obj" - >"$work/stdout.jom" 2>"$work/err" || fail=1
cmp -s "$work/stdout.jom" "$work/fifo.out" || { echo "FAIL: convert x.obj - differs" >&2; fail=1; }
"$R" render "$w/m.jom" --size 16x12 -o - >"$work/stdout.png" 2>"$work/err" || fail=1
[ "$(od -An -tx1 -N4 "$work/stdout.png" | tr -d ' ')" = 89504e47 ] || { echo "FAIL: render -o - is no PNG" >&2; fail=1; }

# 4. All or none. The model cannot be written (a file where its folder
# should be): no .BIN is left in --texture-out, no folder is made.
printf 'x' >"$work/afile"
expect_status 3 "$R" convert "$w/quad.obj" "$work/afile/m.jom" --texture-out "$work/tex"
expect_no_file "$work/tex"
expect_status 3 "$R" convert "$w/quad.obj" "$work/afile/m.jom" --texture-out "$work/cwd/t2"
expect_no_file "$work/cwd/t2"
# An output that is a folder: nothing else is written.
mkdir "$work/o5" "$work/o5/m.jom"
expect_status 3 "$R" convert "$w/quad.obj" "$work/o5/m.jom"
expect_no_file "$work/o5/WALL.BIN"
# A failed extraction leaves no folder: a .BIN beside the JOM that is broken.
mkdir "$work/ex"
expect_status 0 "$R" convert -q "$w/quad.obj" "$work/ex/m.jom"
printf 'broken' >"$work/ex/WALL.BIN"
expect_status 1 "$R" info --extract-textures "$work/ex/png" "$work/ex/m.jom"
expect_no_file "$work/ex/png"
# A failed PNG + GIF render writes neither.
expect_status 2 "$R" render "$w/m.jom" -o "$work/r.png" --gif "$w/m.jom"
expect_no_file "$work/r.png"
# oni export --obj DIR of a file that is no Oni file: no folder.
printf 'not an oni file at all, but longer than the sixty-four byte header of one........' >"$work/bad.dat"
expect_status 1 "$R" oni export "$work/bad.dat" --obj "$work/oni_out"
expect_no_file "$work/oni_out"
ls -a "$work" "$work/ex" "$work/o5" | grep -q '^\..*\.[A-Za-z0-9]\{6\}$' && { echo "FAIL: temporary file left" >&2; fail=1; }

# 5. Writes to stdout are checked.
if [ -w /dev/full ]; then
    expect_status 3 sh -c '"$1" info "$2" >/dev/full' sh "$R" "$w/m.jom"
    expect_grep "$work/err" "stdout: error: cannot write"
    expect_status 3 sh -c '"$1" check "$2" >/dev/full' sh "$R" "$w/m.jom"
    expect_status 3 sh -c '"$1" convert -q --embed-textures "$2" - >/dev/full' sh "$R" "$w/quad.obj"
fi

# Output that never ends: the frame count has a limit, checked before
# anything is drawn or written (a turntable at 30 fps is 60 frames).
expect_status 1 "$R" render "$SRC/examples/cube.obj" --gif "$work/many.gif" --size 8x8 --max-frames 10
expect_grep "$work/err" "more than the limit of 10"
expect_no_file "$work/many.gif"
expect_status 0 "$R" render "$SRC/examples/cube.obj" --gif "$work/many.gif" --size 8x8 --max-frames 60
[ "$(head -c 6 "$work/many.gif")" = GIF89a ] || { echo "FAIL: --max-frames 60: no GIF" >&2; fail=1; }

# SIGTERM during a long write leaves no temporary file (and no output).
mkdir "$work/sig"
"$R" render "$SRC/examples/cube.obj" --gif "$work/sig/long.gif" --fps 100 --size 2000x2000 \
    --max-frames 100000 >/dev/null 2>&1 &
pid=$!
sleep 1
ls -a "$work/sig" | grep -q '^\.long\.gif\.' || echo "note: no temporary file yet at the signal" >&2
kill -TERM $pid
wait $pid
[ $? -ne 0 ] || { echo "FAIL: the render was not stopped by SIGTERM (too fast?)" >&2; fail=1; }
left=$(ls -a "$work/sig" | grep -v '^\.\.\?$')
[ -z "$left" ] || { echo "FAIL: left after SIGTERM: $left" >&2; fail=1; }
finish
