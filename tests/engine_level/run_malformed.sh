#!/bin/sh
# engine_level_malformed: hostile files. Levels cut at many lengths (with
# their size field left, then set to the cut length so that the sections
# are what is wrong), every 32-bit word of the header and the directory
# set to hostile values (0, 1, 3, -1, 0x7FFFFFFF, 0x80000000, +4, x2), and
# words inside the sections changed (string and array offsets, counts).
# For each: `retromesh level dump --json --full` and the level module on
# the SuperH CPU agree: both read it (byte-identical output) or both refuse
# it (the module with one message); never a leaked block or a defect.
. "$SRC/tests/engine_level/common.sh"
scratch malformed
command -v od >/dev/null 2>&1 || { echo "skipped: od not installed"; exit 77; }

"$RETROMESH" level build "$SRC/examples/level.json" "$work/LEVEL.JOL" >/dev/null || fail "level build"
"$RETROMESH" level build "$SRC/tests/fixtures/jol/game_section.json" "$work/GAME.JOL" >/dev/null || fail "level build"

# word FILE OFFSET: the big-endian 32-bit word at OFFSET.
word() {
    od -An -tu1 -j "$2" -N 4 "$1" | awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }'
}
# poke FILE OFFSET VALUE: writes VALUE (0..2^32-1) as a big-endian word.
poke() {
    v=$3
    b=$(awk -v v="$v" 'BEGIN { printf "\\%03o\\%03o\\%03o\\%03o", int(v / 16777216) % 256, int(v / 65536) % 256, int(v / 256) % 256, v % 256 }')
    printf "$b" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

read_n=0
refused_n=0
tally() {
    case $verdict in
    read) read_n=$((read_n + 1)) ;;
    refused) refused_n=$((refused_n + 1)) ;;
    esac
}

for base in LEVEL GAME; do
    src=$work/$base.JOL
    size=$(wc -c <"$src")
    count=$(word "$src" 12)
    dir_end=$((16 + 24 * count))
    # cut at many lengths: the size field as it was, then fixed
    len=0
    while [ $len -lt "$size" ]; do
        head -c $len "$src" >"$work/CUT.JOL"
        same "$work/CUT.JOL"
        [ "$verdict" = refused ] || fail "$base cut at $len: not refused"
        tally
        if [ $len -ge 16 ]; then
            poke "$work/CUT.JOL" 8 $len
            same "$work/CUT.JOL"
            tally
        fi
        if [ $len -lt $dir_end ]; then len=$((len + 3)); else len=$((len + 17)); fi
    done
    # every word of the header and the directory
    at=4
    while [ $at -lt $dir_end ]; do
        w=$(word "$src" $at)
        for v in 0 1 3 4294967295 2147483647 2147483648 $(((w + 4) % 4294967296)) $(((w * 2) % 4294967296)); do
            cp "$src" "$work/BAD.JOL"
            poke "$work/BAD.JOL" $at $v
            same "$work/BAD.JOL"
            tally
        done
        at=$((at + 4))
    done
    # words inside the sections: offsets of strings and arrays, counts
    at=$dir_end
    while [ $at -lt "$size" ]; do
        for v in 0 4294967295 65535 1 $(((size - dir_end) / 2)); do
            cp "$src" "$work/BAD.JOL"
            poke "$work/BAD.JOL" $at $v
            same "$work/BAD.JOL"
            tally
        done
        at=$((at + 12))
    done
done
# The same refusals in place (jo_level_create_in_place), a sample.
for at in 8 12 24 28 40; do
    cp "$work/LEVEL.JOL" "$work/BAD.JOL"
    poke "$work/BAD.JOL" $at 4294967295
    same "$work/BAD.JOL" --in-place
    tally
done
[ $refused_n -ge 100 ] || fail "only $refused_n refused files"
[ $read_n -ge 50 ] || fail "only $read_n files read"
finish "$refused_n malformed files refused, $read_n changed files read the same, by the module and level dump"
