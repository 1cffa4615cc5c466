#!/bin/sh
# tests/engine_pose/run.sh - the differential test of engine/model_pose.c.
#
#   run.sh build
#       builds the SuperH program (engine/test/test_model_pose.c, the
#       modules, the test double) into $TMPROOT/engine_pose/test_model_pose.elf
#   run.sh NAME HOST_PROGRAM MODEL.obj SKELETON.json|- [--copy] [--zero-ticks N]
#       converts the model with the CLI ($RETROMESH), runs the host program
#       (libretromesh's runtime) and the SuperH program (qemu-sh4eb) on it
#       with the same options, and compares their outputs byte for byte;
#       then checks a few lines whose values are worked out by hand below.
#
# Exit 77 (skipped) without qemu-sh4eb, sh4-linux-gnu-gcc or sh-elf-ld.
set -u
SRC=${SRC:?}
OUT=${TMPROOT:-/tmp}/engine_pose
mkdir -p "$OUT"

for tool in qemu-sh4eb sh4-linux-gnu-gcc sh-elf-ld sh-elf-ar; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "skipped: $tool is not installed (scripts/deps.sh installs it)"
        exit 77
    fi
done
ELF=$OUT/test_model_pose.elf

if [ "${1:-}" = build ]; then
    if [ ! -f "$SRC/engine/test/build.sh" ]; then
        echo "skipped: engine/test/build.sh is not there"
        exit 77
    fi
    rm -f "$ELF"
    sh "$SRC/engine/test/build.sh" "$OUT" test_model_pose "$SRC/engine/test/test_model_pose.c" \
        "$SRC/tests/engine_pose/pose_script.c" || { echo "FAIL: the SuperH program does not build"; exit 1; }
    [ -f "$ELF" ] || { echo "FAIL: build.sh made no $ELF"; exit 1; }
    exit 0
fi

NAME=$1 HOST=$2 OBJ=$3 SKEL=$4
shift 4
DIR=$OUT/$NAME
rm -rf "$DIR"
mkdir -p "$DIR"
if [ ! -f "$ELF" ]; then
    echo "FAIL: $ELF is missing (the engine_pose_build test makes it)"
    exit 1
fi
if [ "$SKEL" = - ]; then
    "$RETROMESH" convert "$OBJ" "$DIR/M.JOM" 2>"$DIR/convert.err" || { cat "$DIR/convert.err"; exit 1; }
else
    "$RETROMESH" convert "$OBJ" "$DIR/M.JOM" --skeleton "$SKEL" 2>"$DIR/convert.err" || { cat "$DIR/convert.err"; exit 1; }
fi
"$HOST" "$DIR/M.JOM" "$@" >"$DIR/host.txt" || { echo "FAIL: the host program failed"; exit 1; }
qemu-sh4eb "$ELF" "$DIR/M.JOM" "$@" >"$DIR/sh.txt" 2>"$DIR/sh.err"
rc=$?
if ! cmp -s "$DIR/host.txt" "$DIR/sh.txt"; then
    echo "FAIL: the SuperH output differs from the host's (exit $rc): $DIR/host.txt $DIR/sh.txt"
    diff "$DIR/host.txt" "$DIR/sh.txt" | head -20
    head -5 "$DIR/sh.err"
    exit 1
fi
if [ $rc -ne 0 ]; then
    echo "FAIL: the SuperH program exited with $rc"
    head -5 "$DIR/sh.err"
    exit 1
fi
lines=$(wc -l <"$DIR/host.txt")

# Lines worked out by hand (both outputs are the same, so one is read).
fails=0
expect() {   # a fixed string that must be a whole line
    if ! grep -qxF -- "$1" "$DIR/host.txt"; then
        echo "FAIL: no line: $1"
        fails=$((fails + 1))
    fi
}
expect_prefix() {
    if ! grep -q "^$1" "$DIR/host.txt"; then
        echo "FAIL: no line starting: $1"
        fails=$((fails + 1))
    fi
}
# The draw right after "draw WHAT": its "puts" line.
puts_after() {
    awk -v w="$1" 'f && /^  puts / { print; exit } $0 == w { f = 1 }' "$DIR/host.txt"
}
expect_puts() {
    got=$(puts_after "$1")
    if [ "$got" != "  puts $2" ]; then
        echo "FAIL: after '$1': '$got', expected '  puts $2'"
        fails=$((fails + 1))
    fi
}

case $NAME in
walker*)
    # walk: 4 keys of 10 ticks, a loop: 40; wave: fps 10 = 6 ticks, 7 keys,
    # held: (7 - 1) x 6 = 36; -1, -2 and 2 (past the 2 animations): 0.
    expect "duration 0 40"
    expect "duration 1 36"
    expect "duration -1 0"
    expect "duration 2 0"
    expect 'find "HIPS" group -1 bone 0 animation -1'
    expect 'find "wave" group -1 bone -1 animation 1'
    expect 'find "BODY" group 0 bone -1 animation -1'
    expect 'find_bone "aRm_l" 2'   # every other letter upper case
    # walk at 6 ticks, between key 0 and key 1 (T = 10, t = 6); the
    # converter negates Y and Z angles (docs/skeleton.md):
    #   hips y: key 0 = -round(5 x 65536 / 360) = -910, key 1 = 0:
    #     -910 + floor((2 x 910 x 6 + 10) / 20) = -910 + floor(546.5) = -364
    #   arm_l x: -round(25 x 65536 / 360) = -4551 -> 0:
    #     -4551 + floor((2 x 4551 x 6 + 10) / 20) = -4551 + 2731 = -1820
    #   leg_l x: 5461 -> 0: 5461 + floor((-2 x 5461 x 6 + 10) / 20) = 5461 - 3277 = 2184
    expect_prefix "pose 0 6 root 0 -*[0-9]* 0 angles 0 -364 0 0 0 0 -1820 0 0 [-0-9]* 0 0 0 0 0 2184 0 0 "
    # Hidden bones on a copy of QUAD (walker's materials are lit): the hips
    # (bone 0) hide every group: no polygon; the next draw shows the 36.
    expect "model M.JOM points 48 polygons 36 groups 6 bones 7 animations 2 turns_normals 1"
    expect_puts "draw hidden mask 1 1 caller 0 callback 0" "0:"
    expect_puts "draw after mask 0 0 caller 0 callback 1" "1: 36"
    # arm_r (bone 3, polygons 18..23): its group hidden, hand_r has none:
    # 0..17 then 24..35.
    expect_puts "draw hidden mask 1 8 caller 0 callback 0" "2: 18 12"
    ;;
dup*)
    expect 'find "walk" group -1 bone -1 animation 0'
    expect 'is_animation 0 "walk" 1'
    expect 'is_animation 1 "walk" 0'
    expect 'is_animation 4 "walk" 0'
    expect 'is_animation 2 "IDLE" 1'
    expect 'is_animation 3 "idle" 0'
    # 15 characters are kept; a 16th never matches.
    expect 'find_bone "Head_Bone_Long1" 1'
    expect 'find_bone "HEAD_BONE_LONG1" 1'
    expect 'find_bone "Head_Bone_Long1x" -1'
    expect 'find_bone "Head_Bone_Long" -1'
    # leg_l (bone 5) is a child of arm_r (3), leg_r (6) of leg_l: hiding
    # arm_r hides polygons 18..35 (arm_r, leg_l, leg_r): 0..17 drawn.
    expect_puts "draw hidden mask 1 8 caller 0 callback 0" "1: 18"
    # leg_l alone: 24..35 hidden (leg_r with it).
    expect_puts "draw hidden mask 1 20 caller 0 callback 0" "1: 24"
    # WALK: 3 keys of 65535 ticks, a loop: 196605; slow: held, 60000; tick: 4 x 1.
    expect "duration 4 196605"
    expect "duration 5 60000"
    expect "duration 6 4"
    case $NAME in
    dup_zero_ticks_loop)
        # Walk with key_ticks 0: duration 0, a loop shows its first key at
        # any time: hips x = round(350 x 65536 / 360) = 63715.6 -> 63716,
        # wrapped: -1820.
        expect "duration 0 0"
        expect_prefix "pose 0 1000000007 root [-0-9]* [-0-9]* [-0-9]* angles -1820 "
        ;;
    dup_zero_ticks_held)
        # walk (held) with key_ticks 0: its last key (the OBJ pose) at any time.
        expect "duration 1 0"
        expect_prefix "pose 1 -9 root 0 0 0 angles 0 0 0 0 0 0 "
        ;;
    *)
        expect "duration 0 21"
        expect "duration 1 10"
        ;;
    esac
    ;;
rig*)
    # rig.obj has no materials: mesh[1] uses QUAD itself (normals not turned).
    expect "model M.JOM points 16 polygons 12 groups 2 bones 3 animations 1 turns_normals 0"
    expect "duration 0 12"
    ;;
cube*|robot*)
    expect "duration 0 0"
    expect_prefix "model M.JOM points [0-9]* polygons [0-9]* groups [0-9]* bones 0 animations 0 "
    ;;
esac
[ $fails -eq 0 ] || exit 1
echo "ok: $NAME: $lines lines the same on the SuperH CPU and the host"
