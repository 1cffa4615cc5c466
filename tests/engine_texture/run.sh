# tests/engine_texture/run.sh unit_GROUP | diff_NAME STEP ARG ...
# Builds engine/test/test_model_texture.c for the SuperH CPU (once, under a
# lock: the tests may run in parallel), makes the folder of test files with
# $HOST_CD, then:
#   unit_GROUP  runs the hand-computed checks of GROUP on qemu-sh4eb;
#   diff_NAME   runs the steps through the engine (qemu-sh4eb) and through
#               the host CD context ($HOST_CD run), and compares the outputs.
# Exit 77 with "skipped: why" when a tool is missing.
set -u
name=$1
shift
for tool in qemu-sh4eb sh4-linux-gnu-gcc sh-elf-ld; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "skipped: $tool not installed"
        exit 77
    fi
done
root=${TMPROOT:-/tmp}
sh_dir=$root/sh
mkdir -p "$sh_dir" || exit 1

# The build, one at a time (mkdir is atomic).
lock=$sh_dir/lock
tries=0
until mkdir "$lock" 2>/dev/null; do
    tries=$((tries + 1))
    if [ "$tries" -gt 600 ]; then
        echo "FAIL: $lock held for 10 minutes" >&2
        exit 1
    fi
    sleep 1
done
work=$root/work_$name
rm -rf "$work"
mkdir -p "$work/cd" || { rmdir "$lock"; exit 1; }
# build.sh links the program again at each call: each test runs its own
# copy, taken under the lock, so that another test's link cannot change it
# under a running qemu.
sh "$SRC/engine/test/build.sh" "$sh_dir" test_model_texture "$SRC/engine/test/test_model_texture.c"
status=$?
[ "$status" -eq 0 ] && cp "$sh_dir/test_model_texture.elf" "$work/test.elf"
rmdir "$lock"
if [ "$status" -eq 2 ]; then
    echo "skipped: a tool of engine/test/build.sh is missing"
    exit 77
fi
[ "$status" -eq 0 ] || { echo "FAIL: engine/test/build.sh failed" >&2; exit 1; }
elf=$work/test.elf
"$HOST_CD" make "$work/cd" || { echo "FAIL: host_cd make" >&2; exit 1; }

case $name in
unit_*)
    group=${name#unit_}
    qemu-sh4eb "$elf" unit "$group" "$work/cd"
    exit $?
    ;;
diff_*)
    "$HOST_CD" run "$work/cd" "$@" >"$work/host.txt" 2>"$work/host.err" || {
        echo "FAIL: host_cd run" >&2
        cat "$work/host.err" >&2
        exit 1
    }
    qemu-sh4eb "$elf" run "$work/cd" "$@" >"$work/engine.txt" 2>"$work/engine.err"
    status=$?
    fail=0
    if [ "$status" -ne 0 ]; then
        echo "FAIL: the engine's run exited $status (defects or inconsistent tables):" >&2
        cat "$work/engine.err" >&2
        fail=1
    fi
    if ! diff "$work/host.txt" "$work/engine.txt" >"$work/diff.txt"; then
        echo "FAIL: the engine and the host CD context differ (< host, > engine):" >&2
        cat "$work/diff.txt" >&2
        fail=1
    fi
    # The comparison is worth something only if there is a table to compare.
    if ! grep -q '^sprites [1-9]' "$work/host.txt"; then
        echo "FAIL: no sprite in the host's table" >&2
        fail=1
    fi
    [ "$fail" -eq 0 ] && echo "ok: $(grep -c '' "$work/host.txt") lines the same"
    exit $fail
    ;;
*)
    echo "usage: run.sh unit_GROUP | diff_NAME STEP ARG ..." >&2
    exit 2
    ;;
esac
