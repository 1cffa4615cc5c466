# The model a command is given is mapped when it is a regular file
# (rm_file_map_open) and read into memory otherwise ("-", a pipe): info,
# check, convert and render give the same answers either way, and no input
# is ever modified or truncated by a command that mapped it.
. "$(dirname "$0")/lib.sh"
R="$RETROMESH"
tex="$FIXTURES/textures"
cd "$work" || exit 1
cp "$tex/quad.obj" "$tex/quad.mtl" "$tex/wall.png" .

# fingerprint FILE...: size, inode, modification time and bytes of each.
fingerprint() {
    for f in "$@"; do
        printf '%s %s ' "$f" "$(stat -c '%s %i %Y' "$f")"
        cksum <"$f"
    done
}

# same_as_pipe FILE ARGS...: `retromesh ARGS FILE` (mapped) and
# `retromesh ARGS -` reading a pipe print the same, once "-" is named FILE.
same_as_pipe() {
    file=$1
    shift
    expect_status 0 "$R" "$@" "$file"
    cp "$work/out" "$work/mapped.out"
    cat "$file" | "$R" "$@" - >"$work/piped.out" 2>"$work/err" ||
        { echo "FAIL: $* - (a pipe)" >&2; fail=1; }
    sed "s#^-: #$file: #" "$work/piped.out" >"$work/piped.named"
    if ! cmp -s "$work/mapped.out" "$work/piped.named"; then
        echo "FAIL: $* on $file and on a pipe differ:" >&2
        diff "$work/mapped.out" "$work/piped.named" | head -10 >&2
        fail=1
    fi
}

expect_status 0 "$R" convert -q --embed-textures quad.obj quad.jom
expect_status 0 "$R" convert -q quad.obj quad.niff
before=$(fingerprint quad.obj quad.mtl wall.png quad.jom quad.niff)

# info, check: mapped and piped.
expect_status 0 "$R" info quad.obj
expect_grep "$work/out" "faces"
expect_grep "$work/out" "As a JOM (default options):"
expect_status 0 "$R" info quad.jom
expect_grep "$work/out" "PNTS"
same_as_pipe quad.jom check
expect_grep "$work/mapped.out" "quad.jom: ok ("
same_as_pipe quad.niff check
expect_grep "$work/mapped.out" "quad.niff: ok (NIFF"
same_as_pipe quad.jom info --json
same_as_pipe quad.niff info --json

# convert: the JOM made from the mapped OBJ is the one made from a pipe
# (the MTL is found from the working folder for '-').
expect_status 0 "$R" convert -q --embed-textures quad.obj from_file.jom
cat quad.obj | "$R" convert -q --embed-textures - from_pipe.jom 2>"$work/err" ||
    { echo "FAIL: convert - (pipe)" >&2; fail=1; }
cmp -s from_file.jom from_pipe.jom || { echo "FAIL: convert of a file and of a pipe differ" >&2; fail=1; }
cmp -s from_file.jom quad.jom || { echo "FAIL: a second convert differs" >&2; fail=1; }
expect_status 0 "$R" convert -q quad.niff back.niff
cmp -s quad.niff back.niff || { echo "FAIL: NIFF -> NIFF of a mapped file changed it" >&2; fail=1; }
cat quad.niff | "$R" convert -q - piped.niff 2>"$work/err" || { echo "FAIL: NIFF from a pipe" >&2; fail=1; }
cmp -s quad.niff piped.niff || { echo "FAIL: NIFF -> NIFF from a pipe differs" >&2; fail=1; }

# render: the same picture from the file and from a pipe.
expect_status 0 "$R" render quad.obj -o file.png --size 16x16
cat quad.obj | "$R" render - -o pipe.png --size 16x16 2>"$work/err" || { echo "FAIL: render - (pipe)" >&2; fail=1; }
cmp -s file.png pipe.png || { echo "FAIL: render of a file and of a pipe differ" >&2; fail=1; }
expect_status 0 "$R" info --extract-textures pngs quad.jom
expect_grep "$work/out" "extracted"

# Files whose size is a whole number of pages: the byte after the end is
# read by parsers that look one past (a zero page follows the mapping).
page=$(getconf PAGESIZE 2>/dev/null || echo 4096)
cp quad.obj page.obj
pad=$((page - $(wc -c <quad.obj)))
if [ "$pad" -gt 2 ]; then
    { printf '#'; head -c $((pad - 2)) /dev/zero | tr '\0' 'x'; printf '\n'; } >>page.obj
    [ "$(wc -c <page.obj)" = "$page" ] || { echo "FAIL: page.obj is $(wc -c <page.obj) bytes" >&2; fail=1; }
    expect_status 0 "$R" info page.obj
    expect_status 0 "$R" convert -q --embed-textures page.obj page.jom
    cmp -s page.jom quad.jom || { echo "FAIL: the page-sized OBJ converts differently" >&2; fail=1; }
fi

# The limits and refusals are those of the read: over --max-input, a
# folder, a named FIFO (not waited on), a missing file, an empty file.
size=$(wc -c <quad.jom)
expect_status 1 "$R" check --max-input $((size - 1)) quad.jom
expect_grep "$work/err" "quad.jom: error: $size bytes, more than the limit of $((size - 1)) bytes (--max-input raises it)"
expect_status 0 "$R" check --max-input "$size" quad.jom
mkdir folder
expect_status 1 "$R" info folder
expect_grep "$work/err" "folder: error: this is a folder, not a file"
mkfifo fifo.obj
expect_status 1 "$R" convert fifo.obj x.jom
expect_grep "$work/err" "a named pipe is not waited on"
expect_status 3 "$R" check missing.jom
expect_grep "$work/err" "missing.jom: error: cannot open: No such file or directory"
: >empty.jom
expect_status 1 "$R" check empty.jom
expect_grep "$work/err" "empty.jom: error: this is an empty file"

# Outputs that would land on an input are refused, and nothing a command
# mapped was written, truncated or replaced.
expect_status 2 "$R" convert quad.niff quad.niff
expect_status 2 "$R" convert quad.obj quad.obj.jom -o quad.obj
after=$(fingerprint quad.obj quad.mtl wall.png quad.jom quad.niff)
if [ "$before" != "$after" ]; then
    echo "FAIL: an input changed:" >&2
    echo "$before" >&2
    echo "$after" >&2
    fail=1
fi
finish
