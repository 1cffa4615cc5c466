#!/bin/sh
# engine/run.sh - runs the engine's modules on a big-endian SuperH CPU
# (qemu-sh4eb) on any file and prints what they computed, as JSON.
#
# See usage() below. The programs are built with engine/test/build.sh (the
# modules engine/*.c, the test double engine/test/double/, the runtime
# engine/test/rt/) into the build folder, once, and again when a source is
# newer. Exit status: the runner's (0 printed, 1 the file was refused: the
# module's message on stderr, 3 the file cannot be read, 4 a defect
# recorded by the double), 2 usage or a runner not written yet, 5 the build
# failed, 77 a tool is missing (sh4-linux-gnu-gcc, sh-elf-ld, qemu-sh4eb).
set -u

usage() {
    cat <<'EOF'
usage: engine/run.sh MODEL.JOM [--anim NAME] [--time T] [--blend NAME:W] [options]
       engine/run.sh --cd DIR [--for-lights] NAME.JOM [options]
       engine/run.sh --level FILE.JOL
       engine/run.sh --elf [model|level]
       engine/run.sh --help

Runs the model module (engine/model*.c) or the level module (engine/level.c)
on a big-endian SuperH CPU under qemu-sh4eb, with the test double standing
for the Jo Engine and SGL, and prints one JSON document on stdout.

A model (engine/test/run_model.c):
  {"pose": {"animation", "time", "root", "bones": [{"name", "angles", "matrix"}]},
   "attributes": [{"flag", "sort", "texno", "atrb", "colno", "gstb", "dir"}, ...]}
  "pose" is the object of `retromesh pose --json` without "degrees"; the
  attributes are the ATTR of each polygon in QUAD order.
  --anim NAME          the animation (any case; default: the pose of the OBJ)
  --time T             ticks (1/60 s) from its start (default 0)
  --blend NAME:W       blend in animation NAME at the same time, W from 0 to 1
  --times A,B,...      add "poses": the pose at each of these times
  --draw               add "drawn" (each polygon given to slPutPolygon: its
                       QUAD index and its 4 corners as drawn), "puts",
                       "bone_matrices", "puts_after", "polygons_after"
  --hide MASK          jo_3d_model_set_hidden_bones(MASK) before that draw
  --view TX,TY,TZ,AX,AY,AZ   the caller's matrix for that draw (raw Q16.16
                       translation, then raw angles around X, Y, Z)
  --sprites            add "sprites", "vram_next", "textures",
                       "gouraud_tables", "gstb" (and with --cd "heap",
                       "heap_blocks")
  Without --cd the file is read into memory and loaded with
  jo_3d_create_model_in_place(); its folder stands for the CD (its .BIN and
  .TGA textures are read from there). With --cd DIR, DIR is the CD and the
  model is loaded with jo_3d_load_model() (--for-lights:
  __jo_3d_load_model_for_lights()); the CD's names are exact: upper case 8.3.

A level (engine/test/run_level.c): what `retromesh level dump --json --full`
prints, computed by the level module.

--elf builds the runner and prints the path of its ELF (for scripts that
run it many times with qemu-sh4eb themselves).

Build folder: $RETROMESH_ENGINE_BUILD if set, else
${XDG_CACHE_HOME:-$HOME/.cache}/retromesh-engine. Tools: $SH_CC
(sh4-linux-gnu-gcc), $SH_LD (sh-elf-ld), $QEMU_SH4EB (qemu-sh4eb).

Exit status: 0 printed; 1 the file was refused (the module's message on
stderr) or an unknown animation; 2 usage, or the level runner is not
there yet; 3 the file cannot be read; 4 a defect recorded by the double
(a misuse of Jo that would hang or crash a Saturn: on stderr); 5 the
build failed; 77 a tool is missing.
EOF
}

here=$(cd "$(dirname "$0")" && pwd)     # engine
build=${RETROMESH_ENGINE_BUILD:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/retromesh-engine}
qemu=${QEMU_SH4EB:-qemu-sh4eb}

# build NAME SOURCE: OUTDIR/NAME.elf, one build at a time in the folder.
build() {
    name=$1
    src=$2
    mkdir -p "$build" || exit 5
    lock=$build/.lock
    waited=0
    while ! mkdir "$lock" 2>/dev/null; do
        waited=$((waited + 1))
        if [ "$waited" -gt 600 ]; then
            # a build killed while holding the lock: take it over
            rmdir "$lock" 2>/dev/null
            waited=0
        fi
        sleep 1
    done
    out=$(sh "$here/test/build.sh" "$build" "$name" "$src" 2>&1)
    st=$?
    rmdir "$lock" 2>/dev/null
    case $st in
    0) ;;
    2)
        printf '%s\n' "$out"
        exit 77
        ;;
    *)
        printf '%s\n' "$out" >&2
        echo "engine/run.sh: the build of $name failed" >&2
        exit 5
        ;;
    esac
}

need_qemu() {
    if ! command -v "$qemu" >/dev/null 2>&1; then
        echo "skipped: $qemu not installed"
        exit 77
    fi
}

level_runner() {
    if [ ! -f "$here/test/run_level.c" ]; then
        echo "engine/run.sh: the level runner (engine/test/run_level.c) is not written yet" >&2
        exit 2
    fi
}

case ${1:-} in
"" )
    usage >&2
    exit 2
    ;;
-h | --help)
    usage
    exit 0
    ;;
--elf)
    case ${2:-model} in
    model) build run_model "$here/test/run_model.c"; echo "$build/run_model.elf" ;;
    level) level_runner; build run_level "$here/test/run_level.c"; echo "$build/run_level.elf" ;;
    *) usage >&2; exit 2 ;;
    esac
    exit 0
    ;;
--level)
    shift
    if [ $# -lt 1 ]; then
        echo "engine/run.sh: --level takes a file" >&2
        exit 2
    fi
    level_runner
    need_qemu
    build run_level "$here/test/run_level.c"
    exec "$qemu" "$build/run_level.elf" "$@"
    ;;
esac

need_qemu
build run_model "$here/test/run_model.c"
exec "$qemu" "$build/run_model.elf" "$@"
