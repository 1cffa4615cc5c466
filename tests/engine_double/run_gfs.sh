#!/bin/sh
# engine_double_gfs: GFS_NameToId (exact, case-sensitive, 12 characters),
# jo_fs_read_file, the streaming functions, jo_sprite_add_bin/_tga, on
# files written here byte by byte (their expected texels are worked out
# in engine/test/selftest.c's comments).
. "$SRC/tests/engine_double/common.sh"
dir=$OUT/gfs
rm -rf "$dir"
mkdir -p "$dir/SUB"
printf 'hello, saturn' >"$dir/DATA.TXT"
printf 'x' >"$dir/LONGNAME1.TXT"
printf 'x' >"$dir/LONGNAME.TXT"
# IMG.BIN: width 8, height 2 (LE), pixels 0x8001 .. 0x8010 (LE)
{
    printf '\010\000\002\000'
    i=1
    while [ $i -le 16 ]; do
        printf "\\$(printf %03o $i)\\200"
        i=$((i + 1))
    done
} >"$dir/IMG.BIN"
# SUB/IN.BIN: 8 x 1, black
{
    printf '\010\000\001\000'
    i=0
    while [ $i -lt 8 ]; do printf '\000\200'; i=$((i + 1)); done
} >"$dir/SUB/IN.BIN"
# T24.TGA: type 2, 8 x 2, 24 bits, bottom-up; file row 0 = B,G,R F8,00,08; row 1 = 00,FF,00
{
    printf '\000\000\002\000\000\000\000\000\000\000\000\000\010\000\002\000\030\000'
    i=0
    while [ $i -lt 8 ]; do printf '\370\000\010'; i=$((i + 1)); done
    i=0
    while [ $i -lt 8 ]; do printf '\000\377\000'; i=$((i + 1)); done
} >"$dir/T24.TGA"
# T8.TGA: type 1, a map of 256 x 24 bits (zeros), 8 x 1, 8 bits, indices 0..7
{
    printf '\000\001\001\000\000\000\001\030\000\000\000\000\010\000\001\000\010\040'
    dd if=/dev/zero bs=768 count=1 2>/dev/null
    printf '\000\001\002\003\004\005\006\007'
} >"$dir/T8.TGA"
[ "$(wc -c <"$dir/T8.TGA" | tr -d ' ')" = 794 ] || fail "T8.TGA is not 18 + 768 + 8 bytes"
expect_ok selftest gfs "$dir"
