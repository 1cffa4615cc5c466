# RETROMESH_NO_SYNC=1 (docs/files.md): outputs are renamed into place
# without an fsync, and are the same files. Without it, each file renamed
# into place is fsynced once, and nothing else is (no stream, no folder).
# A test cannot see an fsync: strace counts them (skipped without strace).
. "$(dirname "$0")/lib.sh"
R="$RETROMESH"
tex="$FIXTURES/textures"
cd "$work" || exit 1
if ! command -v strace >/dev/null 2>&1 || ! strace -o /dev/null true 2>/dev/null; then
    echo "skip: strace is not installed, or may not trace here"
    exit 77
fi
cp "$tex/quad.obj" "$tex/quad.mtl" "$tex/wall.png" .

# syncs WANT ARGS...: `retromesh ARGS` succeeds with WANT fsync and
# fdatasync calls (stdout to $work/out).
syncs() {
    want=$1
    shift
    # (LeakSanitizer cannot run under ptrace: a sanitizer build checks leaks elsewhere.)
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
        strace -f -qq -e trace=fsync,fdatasync -o "$work/trace" "$R" "$@" >"$work/out" 2>"$work/err"
    rc=$?
    if [ "$rc" != 0 ]; then
        echo "FAIL: exit $rc: $*" >&2
        sed 's/^/  stderr: /' "$work/err" | head -10 >&2
        fail=1
    fi
    got=$(grep -cE '^[0-9]+ +f(data)?sync\(' "$work/trace")
    if [ "$got" != "$want" ]; then
        echo "FAIL: $got fsyncs, want $want: ${RETROMESH_NO_SYNC:+RETROMESH_NO_SYNC=$RETROMESH_NO_SYNC }$*" >&2
        sed 's/^/  trace: /' "$work/trace" | head -10 >&2
        fail=1
    fi
}

# By default: one fsync per file renamed into place (the JOM and its .BIN;
# the NIFF; the PNG of render; the PNGs of --extract-textures, whose folder
# is made and not synced).
syncs 2 convert -q quad.obj sync/quad.jom
syncs 1 convert -q quad.obj sync/quad.niff
syncs 1 render sync/quad.jom -o sync/quad.png --size 16x16
syncs 1 convert -q --embed-textures quad.obj sync/emb.jom
syncs 1 info --extract-textures sync/pngs sync/emb.jom
# Streams and printing: none.
syncs 0 convert -q --embed-textures quad.obj -
syncs 0 convert -q --embed-textures quad.obj /dev/null
syncs 0 info sync/quad.jom
syncs 0 check sync/quad.jom

# RETROMESH_NO_SYNC=1: none, and the same bytes.
export RETROMESH_NO_SYNC=1
syncs 0 convert -q quad.obj nosync/quad.jom
syncs 0 convert -q quad.obj nosync/quad.niff
syncs 0 render nosync/quad.jom -o nosync/quad.png --size 16x16
syncs 0 convert -q --embed-textures quad.obj nosync/emb.jom
syncs 0 info --extract-textures nosync/pngs nosync/emb.jom
diff -r sync nosync >"$work/diff" 2>&1 || { echo "FAIL: outputs differ without fsync:" >&2; head "$work/diff" >&2; fail=1; }
if [ ! -s nosync/quad.jom ] || [ -z "$(ls nosync/pngs)" ]; then
    echo "FAIL: outputs missing without fsync" >&2
    fail=1
fi
# An empty value and 0 are the default.
export RETROMESH_NO_SYNC=
syncs 2 convert -q quad.obj empty/quad.jom
export RETROMESH_NO_SYNC=0
syncs 2 convert -q quad.obj zero/quad.jom
unset RETROMESH_NO_SYNC
# Outputs a command leaves behind are not temporary files.
leftover=$(find . -name '.*.??????' | head -3)
[ -z "$leftover" ] || { echo "FAIL: temporary files left: $leftover" >&2; fail=1; }
finish
