#!/bin/sh
# engine_double_smoke: the smallest program runs under qemu-sh4eb, gets its
# arguments and exits with main's status.
. "$SRC/tests/engine_double/common.sh"
out=$(qemu-sh4eb "$OUT/smoke.elf" 1 2 -40 1000000000 2000000000) || fail "smoke exited $?"
# 1 + 2 - 40 + 1000000000 + 2000000000 = 2999999963 (a 64-bit sum)
[ "$out" = "hello
sum 2999999963" ] || fail "smoke printed: $out"
qemu-sh4eb "$OUT/smoke.elf" 5 -5 >/dev/null
st=$?
[ $st = 3 ] || fail "smoke 5 -5 exited $st, want 3 (main's return value)"
echo "ok smoke"
