# tests/engine_double/common.sh - sourced by the engine_double tests.
# Needs SRC (the source tree) and TMPROOT (a scratch folder, the test's
# binary dir) from the environment (tests/CMakeLists.txt rm_script_test).
# Exits 77 (skipped) when the SuperH tools are missing.
set -u
: "${SRC:?}" "${TMPROOT:?}"
for tool in sh4-linux-gnu-gcc sh-elf-ld sh-elf-ar qemu-sh4eb; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "skipped: $tool not installed"
        exit 77
    fi
done
OUT=$TMPROOT/engine_double
mkdir -p "$OUT"

fail() {
    echo "FAIL: $*"
    exit 1
}

# build NAME SOURCE...: OUT/NAME.elf with engine/test/build.sh (the double
# and the runtime alone: the modules are tested elsewhere).
build() {
    name=$1
    shift
    BUILD_MODULES=0 sh "$SRC/engine/test/build.sh" "$OUT" "$name" "$@" || {
        st=$?
        [ $st = 2 ] && exit 77
        fail "build of $name ($st)"
    }
}

# expect_ok NAME ARGS...: runs OUT/NAME.elf; its last line must be "ok ...".
expect_ok() {
    name=$1
    shift
    out=$(qemu-sh4eb "$OUT/$name.elf" "$@" 2>&1)
    st=$?
    printf '%s\n' "$out"
    [ $st = 0 ] || fail "$name $* exited $st"
    printf '%s\n' "$out" | tail -n 1 | grep -q '^ok ' || fail "$name $*: no ok line"
}
