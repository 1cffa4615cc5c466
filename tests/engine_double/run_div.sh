#!/bin/sh
# engine_double_div: the division helpers (__sdivsi3_i4i, __udivsi3_i4i,
# __divdi3, __moddi3, ...) against the shell's own $(( )) arithmetic
# (64-bit, truncating toward zero as C does). selftest first checks the
# cases the shell cannot compute (division by 0, INT_MIN / -1, unsigned
# 64-bit values above 2^63) and prints "FAIL" lines if they are wrong.
. "$SRC/tests/engine_double/common.sh"
pairs="100 7 -100 7 100 -7 -100 -7 7 100 0 5 2147483647 1 2147483647 -2 -2147483648 2 -2147483648 7
1 -1 123456789 12345 -1 1 -1 2 65536 65537 3000000000 7 -3000000000 -13 4294967295 65535
123456789012345 -9876543 -9223372036854775807 3 9223372036854775807 -10 1099511627776 4096 -5 2 5 -2"
out=$(qemu-sh4eb "$OUT/selftest.elf" div $pairs) || { printf '%s\n' "$out"; fail "selftest div exited"; }
if printf '%s\n' "$out" | grep -q FAIL; then
    printf '%s\n' "$out"
    fail "selftest div"
fi
wrap32() {
    w=$(( $1 & 0xFFFFFFFF ))
    [ $w -ge 2147483648 ] && w=$(( w - 4294967296 ))
    echo $w
}
expected=$(
    set -- $pairs
    while [ $# -ge 2 ]; do
        a=$1 b=$2
        shift 2
        a32=$(wrap32 $a) b32=$(wrap32 $b)
        ua=$(( a32 & 0xFFFFFFFF )) ub=$(( b32 & 0xFFFFFFFF ))
        q=$(( a32 / b32 )) r=$(( a32 % b32 ))
        sm=$(wrap32 $(( q + r + $(wrap32 $(( a32 + b32 ))) + (a32 ^ b32) )))
        echo "$a $b $q $r $(( ua / ub )) $(( ua % ub )) $(( a / b )) $(( a % b )) $sm"
    done
)
if [ "$out" != "$expected" ]; then
    echo "SuperH:"; printf '%s\n' "$out"
    echo "shell:"; printf '%s\n' "$expected"
    fail "the quotients differ"
fi
printf '%s\n' "$out"
echo "ok div"
