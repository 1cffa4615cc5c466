#!/bin/sh
# engine_double_layout: engine/test/layout.c compiled (its _Static_asserts
# are the struct sizes and offsets on the SuperH target) and run (records
# written as big-endian bytes read back through the structs).
. "$SRC/tests/engine_double/common.sh"
expect_ok layout
