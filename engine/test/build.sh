#!/bin/sh
# engine/test/build.sh OUTDIR NAME SOURCE.c [MORE.c ...]
#
# Builds OUTDIR/NAME.elf, a freestanding big-endian SuperH program for
# qemu-sh4eb: the engine modules (engine/*.c that exist), the test double
# (engine/test/double/*.c), the runtime (engine/test/rt/*.c, *.S) and the
# given sources. Objects go to OUTDIR/obj-NAME/ and are rebuilt when their
# source, or any header of engine/, is newer (or the flags changed).
# The modules are linked from an archive (obj-NAME/modules.a): a program
# gets the module files it uses (and what they use), so a module file
# being written does not break programs that do not need it.
#
# Environment:
#   SH_CC, SH_LD, SH_AR  the tools (sh4-linux-gnu-gcc, sh-elf-ld, sh-elf-ar)
#   EXTRA_CFLAGS     more compiler flags (e.g. -DJO_DOUBLE_RELEASE)
#   BUILD_MODULES=0  leave the engine modules out (tests of the double alone)
#   SH_OPT           the optimisation of the linked objects (default -O0, see below)
#   SH_CHECK=0       skip the -O2 warnings pass
#
# Exit status: 0 built; 1 a compile or link error (the failing command is
# printed); 2 a tool is missing ("skipped: ... not installed"); 64 usage.
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 OUTDIR NAME SOURCE.c [MORE.c ...]" >&2
    exit 64
fi
outdir=$1
name=$2
shift 2

CC=${SH_CC:-sh4-linux-gnu-gcc}
LD=${SH_LD:-sh-elf-ld}
AR=${SH_AR:-sh-elf-ar}
for tool in "$CC" "$LD" "$AR"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "skipped: $tool not installed"
        exit 2
    fi
done

here=$(cd "$(dirname "$0")" && pwd)      # engine/test
engine=$(dirname "$here")               # engine

# Every file is compiled twice: with -O2 (the flags all engine code must
# pass without a warning; the object is only a check) and with -O0 (the
# object that is linked). Debian's sh4-linux-gnu-gcc 12.2 miscompiles
# tests of a value loaded from memory at any -O level above 0: for
# `if (*p) g();` it emits the branch but drops the load and the tst (its SH
# pass sh_treg_combine mistakes the load for a stored T bit; seen in
# -fdump-rtl-all), so optimised code cannot be trusted to run. SH_OPT
# overrides the -O0; SH_CHECK=0 skips the -O2 pass.
WARN="-W -Wall -Wextra -Wshadow -Wsign-compare -Wno-strict-aliasing -Werror"
BASE="-mb -m4-nofpu -std=gnu99 -fms-extensions -ffreestanding -fno-builtin -fno-pic -fno-common $WARN -I $engine/test/double -I $engine ${EXTRA_CFLAGS:-}"
CHECKFLAGS="-O2 $BASE"
CFLAGS="${SH_OPT:--O0} $BASE"
LDFLAGS="-e _start -Ttext=0x400000 -z max-page-size=4096"
if "$LD" --help 2>/dev/null | grep -q -e '--no-warn-rwx-segments'; then
    LDFLAGS="$LDFLAGS --no-warn-rwx-segments"
fi
if "$LD" --help 2>/dev/null | grep -q -e 'noexecstack'; then
    LDFLAGS="$LDFLAGS -z noexecstack"
fi

obj=$outdir/obj-$name
mkdir -p "$obj" || exit 1

# Flags changed since the last build: start again.
if [ ! -f "$obj/flags" ] || [ "$(cat "$obj/flags")" != "$CC $CFLAGS ${SH_CHECK:-1}" ]; then
    rm -f "$obj"/*.o
    printf '%s\n' "$CC $CFLAGS ${SH_CHECK:-1}" >"$obj/flags"
fi

run() {
    if ! "$@"; then
        echo "build.sh: failed: $*" >&2
        exit 1
    fi
}

objects=
# compile SOURCE OBJECT-NAME
compile() {
    src=$1
    o=$obj/$2.o
    objects="$objects $o"
    if [ -f "$o" ] && [ -z "$(find "$src" -newer "$o" 2>/dev/null)" ] &&
        [ -z "$(find "$engine" -name '*.h' -type f -newer "$o" 2>/dev/null | head -n 1)" ]; then
        return 0
    fi
    case $src in
    *.c)
        if [ "${SH_CHECK:-1}" != 0 ]; then
            run "$CC" $CHECKFLAGS -c "$src" -o "$obj/$2.O2-check"
            rm -f "$obj/$2.O2-check"
        fi
        ;;
    esac
    run "$CC" $CFLAGS -c "$src" -o "$o"
}

n=0
for src in "$@"; do
    if [ ! -f "$src" ]; then
        echo "build.sh: no such source: $src" >&2
        exit 1
    fi
    n=$((n + 1))
    compile "$src" "src${n}_$(basename "$src" .c)"    # numbered: two sources may share a name
done
program=$objects
objects=
if [ "${BUILD_MODULES:-1}" != 0 ]; then
    for src in "$engine"/*.c; do
        [ -f "$src" ] || continue
        compile "$src" "mod_$(basename "$src" .c)"
    done
fi
modules=$objects
objects=$program
for src in "$here"/double/*.c; do
    [ -f "$src" ] || continue
    compile "$src" "dbl_$(basename "$src" .c)"
done
for src in "$here"/rt/*.c "$here"/rt/*.S; do
    [ -f "$src" ] || continue
    case $src in
    *.S) compile "$src" "rtS_$(basename "$src" .S)" ;;
    *) compile "$src" "rt_$(basename "$src" .c)" ;;
    esac
done

archive=
if [ -n "$modules" ]; then
    archive=$obj/modules.a
    rm -f "$archive.tmp"
    run "$AR" rcs "$archive.tmp" $modules
    mv -f "$archive.tmp" "$archive"
fi
# Linked beside and renamed: a test may be running the previous ELF (qemu
# keeps the old file), and must never see a half-written one.
run "$LD" $LDFLAGS -o "$outdir/$name.elf.tmp$$" $objects $archive
mv -f "$outdir/$name.elf.tmp$$" "$outdir/$name.elf"
