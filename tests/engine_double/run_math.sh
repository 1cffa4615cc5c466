#!/bin/sh
# engine_double_math: slSin/slCos, slTranslate, slRotX/Y/Z, slCalcPoint,
# slMultiMatrix, slGetMatrix/slLoadMatrix, slPushMatrix/slPopMatrix of the
# double on the SuperH CPU against retromesh's host runtime (rm_3d_*,
# src/runtime/math.c) running the same operations (host_math.c): the
# outputs must be identical.
# $1: the host_math program.
. "$SRC/tests/engine_double/common.sh"
host=${1:?host_math}
ops="C 0 C 1 C 2 C 8191 C 8192 C 16383 C 16384 C 16385 C 32767 C -32768 C -1 C 12345 C 49152 C 65535
I T 65536 -131072 98304 X 8192 Y -5000 Z 30000 M P 65536 65536 65536 P -1000000 5 70000
S H I Z 16384 T 100000 0 0 U M P 3 -7 11 O M
L X 1234 Y 32767 Z -32768 M T -2147483647 2147483647 1 M P 2147483647 -2147483647 65536
I X 16384 Y 16384 Z 16384 S I T 5 6 7 Y 1000 U M P 1 2 3"
# 20 pushes succeed, the 21st fails; 20 pops succeed, the 21st fails
i=0
while [ $i -lt 21 ]; do ops="$ops H"; i=$((i + 1)); done
i=0
while [ $i -lt 21 ]; do ops="$ops O"; i=$((i + 1)); done
sh_out=$(qemu-sh4eb "$OUT/selftest.elf" math $ops) || fail "selftest math exited"
host_out=$("$host" $ops) || fail "host_math exited"
[ "$sh_out" = "$host_out" ] || {
    echo "SuperH:"; printf '%s\n' "$sh_out"
    echo "host:"; printf '%s\n' "$host_out"
    fail "the matrix operations differ"
}
printf '%s\n' "$sh_out" | grep -c '^H 1$' | grep -qx 21 || fail "not 1 + 20 successful pushes"
printf '%s\n' "$sh_out" | grep -q '^H 0$' || fail "the 21st push did not fail"
printf '%s\n' "$sh_out" | grep -q '^O 0$' || fail "the 21st pop did not fail"
# sin and cos of one angle in 13 over the whole turn (5042 angles)
sh_sweep=$(qemu-sh4eb "$OUT/selftest.elf" sweep 13) || fail "selftest sweep exited"
host_sweep=$("$host" sweep 13) || fail "host_math sweep exited"
[ "$sh_sweep" = "$host_sweep" ] || {
    printf '%s\n' "$sh_sweep" >"$OUT/sweep-sh.txt"
    printf '%s\n' "$host_sweep" >"$OUT/sweep-host.txt"
    diff "$OUT/sweep-sh.txt" "$OUT/sweep-host.txt" | head -20
    fail "sin/cos differ"
}
[ "$(printf '%s\n' "$sh_sweep" | wc -l | tr -d ' ')" = 5042 ] || fail "not 5042 angles"
printf '%s\n' "$sh_out"
echo "ok math"
