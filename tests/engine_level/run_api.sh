#!/bin/sh
# engine_level_api: the level module's API on a level written byte by byte
# (tests/engine_level/api.c: find, records with defaults, strides, headers,
# strings, arrays, every refusal with its message, out of memory, a missing
# file probed), and the generated header against the seed's tables.
. "$SRC/tests/engine_level/common.sh"
out=$(timeout 120 qemu-sh4eb "$OUT/level_api.elf" 2>&1)
st=$?
printf '%s\n' "$out"
[ $st = 0 ] || fail "level_api exited $st"
printf '%s\n' "$out" | tail -n 1 | grep -q '^ok ' || fail "level_api: no ok line"
finish "level API"
