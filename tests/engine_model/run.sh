#!/bin/sh
# tests/engine_model/run.sh MODE: engine/test/test_model_load.c on the SuperH
# CPU (see CMakeLists.txt). MODE: basic | attr | malformed | refuse | memory | agree | corpus.
# Environment: RETROMESH (the CLI), FIXTURES, SRC, TMPROOT, SHARED (CTest sets them).
set -u
mode=${1:?usage: run.sh basic|attr|malformed|refuse|memory|agree|corpus}
for tool in qemu-sh4eb sh4-linux-gnu-gcc sh-elf-ld; do
    if ! command -v $tool >/dev/null 2>&1; then
        echo "skipped: $tool not installed"
        exit 77
    fi
done
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
RETROMESH=${RETROMESH:-$SRC/build/retromesh}
FIXTURES=${FIXTURES:-$SRC/tests/fixtures}
TMPROOT=${TMPROOT:-/tmp}

# The program, built once for the four tests (a lock: CTest may run them
# in parallel).
sh_dir=$TMPROOT/sh
elf=$sh_dir/test_model_load.elf
mkdir -p "$sh_dir"
while ! mkdir "$sh_dir/lock" 2>/dev/null; do sleep 1; done
sh "$SRC/engine/test/build.sh" "$sh_dir" test_model_load "$SRC/engine/test/test_model_load.c"
rc=$?
rmdir "$sh_dir/lock"
if [ $rc -eq 2 ]; then
    echo "skipped: engine/test/build.sh found no SuperH tools"
    exit 77
fi
[ $rc -eq 0 ] || { echo "FAIL: build.sh exit $rc"; exit 1; }

work=$TMPROOT/work_$mode
rm -rf "$work"
mkdir -p "$work/cd"
cd_dir=$work/cd
convert() { # IN OUT [options]: a model of the examples into the CD folder
    in=$1 out=$2
    shift 2
    case " $* " in
    *" --embed-textures "*) set -- "$@" ;;
    *) set -- "$@" --texture-out "$cd_dir" ;;
    esac
    "$RETROMESH" convert "$SRC/examples/$in" "$cd_dir/$out" -q "$@" ||
        { echo "FAIL: retromesh convert $in $out $*"; exit 1; }
}

run() {
    echo "qemu-sh4eb test_model_load $*"
    qemu-sh4eb "$elf" "$@"
    rc=$?
    [ $rc -eq 0 ] || { echo "FAIL: exit $rc"; exit 1; }
}

case $mode in
basic|malformed|memory)
    convert cube.obj CUBE.JOM
    convert crate.obj CRATE.JOM
    convert crate.obj CRATE_E.JOM --embed-textures
    convert colors.obj COLORS.JOM
    convert robot.obj ROBOT.JOM
    convert robot.obj ROBOT_E.JOM --embed-textures
    convert walker.obj WALKER.JOM --skeleton "$SRC/examples/walker.json"
    convert walker.obj WALKER_E.JOM --embed-textures --skeleton "$SRC/examples/walker.json"
    for f in cube triangle textured skeleton unknown_chunk; do
        name=$(echo "$f" | cut -c1-6 | tr '[:lower:]' '[:upper:]')_F.JOM
        cp "$FIXTURES/jom/$f.jom" "$cd_dir/$name"
    done
    # cube.jom names WALL.BIN: a texture of the CD
    cp "$cd_dir/CRATE.BIN" "$cd_dir/WALL.BIN" || { echo "FAIL: no CRATE.BIN"; exit 1; }
    names=$(cd "$cd_dir" && ls -- *.JOM)
    # shellcheck disable=SC2086
    run "$mode" "$cd_dir" $names
    ;;
attr)
    cp "$SRC/examples/crate.png" "$work/"
    # One material a row of the ATTR table (RULES.md, docs/engine.md); the
    # expected values are computed by hand in test_model_load.c.
    cat >"$work/attr.mtl" <<'MTL'
newmtl p00_red
Kd 1 0 0
newmtl p01_dual
Kd 0 1 0
jo_dual 1
newmtl p02_min
Kd 0 0 1
jo_sort min
newmtl p03_max
Kd 1 1 1
jo_sort max
newmtl p04_prev
Kd 1 1 1
jo_sort previous
newmtl p05_light
Kd 1 1 1
jo_light 1
newmtl p06_half
Kd 1 1 1
jo_half_transparent 1
newmtl p07_doors
Kd 1 1 1
jo_screen_doors 1
newmtl p08_gour
Kd 1 1 1
jo_gouraud 1
newmtl p09_tex
Kd 1 1 1
map_Kd crate.png
newmtl p10_fliph
Kd 1 1 1
map_Kd crate.png
jo_flip h
jo_end_codes 1
newmtl p11_flipv
Kd 1 1 1
map_Kd crate.png
jo_flip v
newmtl p12_lut
Kd 1 1 1
map_Kd crate.png
jo_lut 1
jo_flip hv
newmtl p13_texhg
Kd 1 1 1
map_Kd crate.png
jo_half_transparent 1
jo_gouraud 1
newmtl p14_halfg
Kd 1 1 1
jo_half_transparent 1
jo_gouraud 1
newmtl p15_gour2
Kd 1 1 1
jo_gouraud 1
MTL
    {
        echo "mtllib attr.mtl"
        echo "vt 0 0"
        echo "vt 1 0"
        echo "vt 1 1"
        echo "vt 0 1"
        i=0
        while [ $i -lt 16 ]; do
            # vertex colors: p8 and p14 red (one shared table), p13 green, p15 blue
            case $i in 8 | 14) c="1 0 0" ;; 13) c="0 1 0" ;; 15) c="0 0 1" ;; *) c="1 1 1" ;; esac
            x=$((i * 3))
            echo "v $x 0 0 $c"
            echo "v $((x + 1)) 0 0 $c"
            echo "v $((x + 1)) 1 0 $c"
            echo "v $x 1 0 $c"
            i=$((i + 1))
        done
        i=0
        # shellcheck disable=SC2013
        for m in $(grep newmtl "$work/attr.mtl" | cut -d' ' -f2); do
            b=$((i * 4))
            echo "usemtl $m"
            echo "f $((b + 1))/1 $((b + 2))/2 $((b + 3))/3 $((b + 4))/4"
            i=$((i + 1))
        done
    } >"$work/attr.obj"
    "$RETROMESH" convert "$work/attr.obj" "$cd_dir/ATTR.JOM" --embed-textures -q ||
        { echo "FAIL: retromesh convert attr.obj"; exit 1; }
    # Without --embed-textures: one CRATE.BIN; test_model_load renames it
    # PAL8.TGA, an 8 x 8 8-bit TGA (type 1, a colour map of 256 24-bit
    # entries, top-left origin) written here.
    "$RETROMESH" convert "$work/attr.obj" "$cd_dir/ATTRB.JOM" --texture-out "$work" -q ||
        { echo "FAIL: retromesh convert attr.obj (.BIN)"; exit 1; }
    # shellcheck disable=SC2059
    octal() { for v in "$@"; do printf "\\$(printf %03o "$v")"; done; }
    {
        # id 0, map type 1, type 1, map first 0, map length 256, 24 bits,
        # origin 0 0, 8 x 8, 8 bits, descriptor 0x20 (top left)
        octal 0 1 1 0 0 0 1 24 0 0 0 0 8 0 8 0 8 32
        i=0
        while [ $i -lt 256 ]; do
            octal $i $((255 - i)) $((i / 2))
            i=$((i + 1))
        done
        i=0
        while [ $i -lt 64 ]; do
            octal $((i * 4))
            i=$((i + 1))
        done
    } >"$cd_dir/PAL8.TGA"
    [ "$(wc -c <"$cd_dir/PAL8.TGA")" -eq $((18 + 768 + 64)) ] || { echo "FAIL: PAL8.TGA"; exit 1; }
    run attr "$cd_dir" ATTR.JOM
    ;;
refuse)
    # jo_3d_load_model() of broken files (the TIMG passes of the CD
    # included): each refused with one message, nothing left behind.
    convert crate.obj GOOD_E.JOM --embed-textures
    convert walker.obj GOOD.JOM --skeleton "$SRC/examples/walker.json"
    good=$cd_dir/GOOD.JOM
    good_e=$cd_dir/GOOD_E.JOM
    size=$(wc -c <"$good")
    size_e=$(wc -c <"$good_e")
    names=
    add() { names="$names $1"; }
    # truncated
    for n in 0 10 24 31 32 40 100 $((size / 2)) $((size - 8)) $((size - 1)); do
        head -c "$n" "$good" >"$cd_dir/T$n.JOM"
        add "T$n.JOM"
    done
    for n in 31 32 35 36 60 100 $((size_e / 2)) $((size_e - 8)) $((size_e - 1)); do
        head -c "$n" "$good_e" >"$cd_dir/E$n.JOM"
        add "E$n.JOM"
    done
    # patch FILE OFFSET HEXBYTES OUT: a copy with bytes overwritten
    patch() {
        cp "$1" "$cd_dir/$4"
        bytes=
        hex=$3
        while [ -n "$hex" ]; do
            rest=${hex#??}
            bytes="$bytes\\$(printf %03o "0x${hex%"$rest"}")"
            hex=$rest
        done
        # shellcheck disable=SC2059
        printf "$bytes" | dd of="$cd_dir/$4" bs=1 seek="$2" conv=notrunc 2>/dev/null
        add "$4"
    }
    patch "$good" 0 4a4f4d32 MAGIC.JOM        # JOM2
    patch "$good" 4 0002 VERSION.JOM          # version 2
    patch "$good" 28 7fffffff PSIZE.JOM       # the PNTS size past the end
    patch "$good" 32 00001000 PCOUNT.JOM      # the PNTS count against its size
    patch "$good_e" 28 7ffffff0 TSIZE.JOM     # the TIMG size past the end
    patch "$good_e" 28 00000002 TSIZE2.JOM    # not a multiple of 4
    patch "$good_e" 32 00000009 TCOUNT.JOM    # more entries than the chunk holds
    patch "$good_e" 52 0007 TWIDTH.JOM        # entry 0: width 7
    patch "$good_e" 56 0002 TFORMAT.JOM       # entry 0: format 2
    patch "$good_e" 54 00ff THEIGHT.JOM       # entry 0: its pixels past the chunk
    # an index of QUAD past the points, of the walker: at the first polygon
    quad=$("$RETROMESH" info "$good" 2>/dev/null | sed -n 's/^  QUAD at 0x\([0-9a-f]*\),.*/\1/p')
    [ -n "$quad" ] || { echo "FAIL: no QUAD in GOOD.JOM"; exit 1; }
    patch "$good" $((0x$quad + 12 + 12)) ffff QINDEX.JOM
    # over SGL's limits: 1800 quads apart (7200 points > 2500), a grid of
    # 43 x 43 quads (1849 polygons > 1761, 1936 points)
    awk 'BEGIN { for (i = 0; i < 1800; i++) { x = i * 3; printf "v %d 0 0\nv %d 0 0\nv %d 1 0\nv %d 1 0\n", x, x + 1, x + 1, x }
                 for (i = 0; i < 1800; i++) printf "f %d %d %d %d\n", 4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4 }' >"$work/apart.obj"
    awk 'BEGIN { for (y = 0; y < 44; y++) for (x = 0; x < 44; x++) printf "v %d %d 0\n", x, y
                 for (y = 0; y < 43; y++) for (x = 0; x < 43; x++) { a = y * 44 + x + 1; printf "f %d %d %d %d\n", a, a + 1, a + 45, a + 44 } }' >"$work/grid.obj"
    "$RETROMESH" convert "$work/apart.obj" "$cd_dir/POINTS.JOM" -q --no-weld || { echo "FAIL: convert apart.obj"; exit 1; }
    "$RETROMESH" convert "$work/grid.obj" "$cd_dir/POLYS.JOM" -q || { echo "FAIL: convert grid.obj"; exit 1; }
    add POINTS.JOM
    add POLYS.JOM
    # shellcheck disable=SC2086
    run refuse "$cd_dir" $names >"$work/out.txt"
    rc=$?
    cat "$work/out.txt"
    [ $rc -eq 0 ] || exit 1
    grep -q "^POINTS.JOM: POINTS.JOM: chunk PNTS at 0x20: 7200 points, SGL takes 2500$" "$work/out.txt" ||
        { echo "FAIL: POINTS.JOM not refused for SGL's 2500 points"; exit 1; }
    grep -q "^POLYS.JOM: POLYS.JOM: chunk QUAD at 0x[0-9a-f]*: 1849 polygons, SGL draws 1761$" "$work/out.txt" ||
        { echo "FAIL: POLYS.JOM not refused for SGL's 1761 polygons"; exit 1; }
    ;;
corpus)
    # Every OBJ of the shared corpus, with its textures embedded: the engine
    # loads it (then the checks of basic) or refuses it for SGL's limits or
    # the VDP1 VRAM only.
    corpus=${SHARED:-$SRC/../shared}/corpus/obj
    if [ ! -d "$corpus" ]; then
        echo "skipped: no corpus at $corpus"
        exit 77
    fi
    n=0
    for obj in $(find "$corpus" -name '*.obj' | sort); do
        name=C$n.JOM
        n=$((n + 1))
        if "$RETROMESH" convert "$obj" "$cd_dir/$name" --embed-textures -q 2>/dev/null; then
            echo "$name: $obj"
        else
            echo "$name: $obj: not converted (the converter refuses it)"
        fi
    done
    names=$(cd "$cd_dir" && ls -- *.JOM)
    # shellcheck disable=SC2086
    qemu-sh4eb "$elf" verdict "$cd_dir" $names >"$work/engine.txt"
    rc=$?
    cat "$work/engine.txt"
    [ $rc -eq 0 ] || { echo "FAIL: test_model_load verdict exit $rc"; exit 1; }
    if grep "refused: " "$work/engine.txt" | grep -v "SGL takes 2500\|SGL draws 1761\|VRAM full"; then
        echo "FAIL: a corpus model refused for another reason than SGL's limits or the VRAM"
        exit 1
    fi
    accepted=$(sed -n 's/^\(C[0-9]*\.JOM\) accepted$/\1/p' "$work/engine.txt")
    [ -n "$accepted" ] || { echo "FAIL: no corpus model loaded"; exit 1; }
    # shellcheck disable=SC2086
    run basic "$cd_dir" $accepted
    ;;
agree)
    # Every byte of 4 fixtures set to 0xFF and flipped in its low bit: the
    # engine (in place and jo_3d_load_model(), which must agree) refuses a
    # file exactly when the host's reader (`retromesh check`) refuses it,
    # but for a texture file missing from the CD (the host's check reads
    # none).
    "$RETROMESH" convert "$SRC/examples/crate.obj" "$work/crate.jom" --texture-out "$work" -q ||
        { echo "FAIL: convert crate"; exit 1; }
    cp "$work/CRATE.BIN" "$cd_dir/WALL.BIN"
    names=
    for pair in A:triangle B:skeleton C:textured D:cube; do
        letter=${pair%%:*}
        src=$FIXTURES/jom/${pair#*:}.jom
        pos=0
        for byte in $(od -An -v -tu1 "$src"); do
            for v in 0 1; do
                if [ $v -eq 0 ]; then new=255; else new=$((byte ^ 1)); fi
                [ $new -ne "$byte" ] || continue
                name=$letter$v$pos.JOM
                cp "$src" "$cd_dir/$name"
                # shellcheck disable=SC2059
                printf "\\$(printf %03o $new)" | dd of="$cd_dir/$name" bs=1 seek=$pos conv=notrunc 2>/dev/null
                names="$names $name"
            done
            pos=$((pos + 1))
        done
    done
    # shellcheck disable=SC2086
    qemu-sh4eb "$elf" verdict "$cd_dir" $names >"$work/engine.txt"
    rc=$?
    grep -v "accepted$\|refused: " "$work/engine.txt"
    [ $rc -eq 0 ] || { echo "FAIL: test_model_load verdict exit $rc"; exit 1; }
    bad=0 stricter=0 both=0 cd_only=0
    while read -r name verdict rest; do
        host=$("$RETROMESH" check "$cd_dir/$name" 2>&1 >/dev/null)
        host_rc=$?
        case $verdict in
        refused:)
            if [ $host_rc -eq 0 ] && echo "$rest" | grep -q "not found\|not a .BIN or .TGA"; then
                cd_only=$((cd_only + 1))    # a texture file of the CD, not a rule of the format
            elif [ $host_rc -eq 0 ]; then
                echo "FAIL: $name: the engine refuses ($rest), the host accepts"
                stricter=$((stricter + 1))
            else
                both=$((both + 1))
            fi
            ;;
        accepted)
            if [ $host_rc -ne 0 ]; then
                echo "FAIL: $name: the engine accepts, the host refuses: $host"
                bad=$((bad + 1))
            fi
            ;;
        esac
    done <"$work/engine.txt"
    echo "agree: $both refused by both, $cd_only by the engine for a texture file of the CD (the host's check reads no texture), $stricter by the engine only, $bad by the host only"
    [ $stricter -eq 0 ] && [ $bad -eq 0 ] || exit 1
    ;;
*)
    echo "usage: run.sh basic|attr|malformed|refuse|memory|agree|corpus" >&2
    exit 2
    ;;
esac
echo "ok"
