#!/bin/sh
# engine_double_WHAT: runs `selftest WHAT` (engine/test/selftest.c), which
# checks its values itself (computed by hand in its comments).
. "$SRC/tests/engine_double/common.sh"
expect_ok selftest "$@"
