#!/bin/sh
# engine_level_build: builds the level runner (engine/test/run_level.c) and
# the API test (tests/engine_level/api.c) for the SuperH CPU; the fixture
# of the other engine_level tests.
. "$SRC/tests/engine_level/common.sh"
build run_level "$SRC/engine/test/run_level.c"
build level_api "$SRC/tests/engine_level/api.c"
echo "ok built"
