# tests/engine_level/common.sh - sourced by the engine_level tests.
# Needs SRC, TMPROOT and RETROMESH from the environment (rm_script_test in
# tests/CMakeLists.txt). Exits 77 (skipped) when the SuperH tools are
# missing. The programs are built by engine_level_build into $OUT.
set -u
: "${SRC:?}" "${TMPROOT:?}" "${RETROMESH:?}"
for tool in sh4-linux-gnu-gcc sh-elf-ld sh-elf-ar qemu-sh4eb; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "skipped: $tool not installed"
        exit 77
    fi
done
OUT=$TMPROOT/engine_level
mkdir -p "$OUT"
RUN_LEVEL=$OUT/run_level.elf
failures=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

finish() {
    if [ "$failures" = 0 ]; then
        echo "ok $1"
        exit 0
    fi
    echo "$failures failures"
    exit 1
}

# build NAME SOURCE...: OUT/NAME.elf with the modules, the double, the runtime.
build() {
    name=$1
    shift
    sh "$SRC/engine/test/build.sh" "$OUT" "$name" "$@" || {
        st=$?
        [ $st = 2 ] && exit 77
        echo "FAIL: build of $name ($st)"
        exit 1
    }
}

# A scratch folder of this test (removed at exit).
scratch() {
    work=$(mktemp -d "$OUT/$1.XXXXXX")
    trap 'rm -rf "$work"' EXIT INT TERM
}

# same FILE.JOL [--in-place]: the module prints byte for byte what
# `retromesh level dump --json --full` prints (exit 0 both), or both refuse
# it (host exit 1, module exit 1 with a message on stderr). Any other exit
# of the runner (a leaked block, a defect of the double: 4) fails.
# Sets $verdict to "read" or "refused".
same() {
    f=$1
    shift
    "$RETROMESH" level dump --json --full "$f" >"$work/host.out" 2>"$work/host.err"
    h=$?
    timeout 60 qemu-sh4eb "$RUN_LEVEL" "$@" "$f" >"$work/eng.out" 2>"$work/eng.err"
    e=$?
    verdict=
    if [ $h = 0 ] && [ $e = 0 ]; then
        verdict=read
        cmp -s "$work/host.out" "$work/eng.out" || {
            fail "$(basename "$f") $*: the module's output differs from level dump --json --full"
            diff "$work/host.out" "$work/eng.out" | head -6
        }
    elif [ $h = 1 ] && [ $e = 1 ]; then
        verdict=refused
        [ -s "$work/eng.err" ] || fail "$(basename "$f") $*: refused without a message"
        [ "$(wc -l <"$work/eng.err")" -le 1 ] || fail "$(basename "$f") $*: more than one message"
    else
        fail "$(basename "$f") $*: level dump exit $h, module exit $e"
        sed 's/^/  host: /' "$work/host.err" | head -3
        sed 's/^/  module: /' "$work/eng.err" | head -5
    fi
}
