#!/bin/sh
# engine_double_build: builds the test programs of the double (the fixture
# of the other engine_double tests).
. "$SRC/tests/engine_double/common.sh"
build smoke "$SRC/engine/test/smoke.c"
build selftest "$SRC/engine/test/selftest.c"
build layout "$SRC/engine/test/layout.c"
echo "ok built"
