# cmake --install gives a library, headers, a pkg-config file and the tool
# that a program can build against (examples/library_demo.c).
. "$(dirname "$0")/lib.sh"
prefix="$work/prefix"
cmake --install "$BUILD" --prefix "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; exit 1; }
for f in bin/retromesh include/retromesh/retromesh.h include/retromesh/jom.h; do
  [ -e "$prefix/$f" ] || { echo "FAIL: $f not installed" >&2; fail=1; }
done
pc=$(find "$prefix" -name retromesh.pc | head -1)
[ -n "$pc" ] || { echo "FAIL: no retromesh.pc" >&2; exit 1; }
export PKG_CONFIG_PATH="$(dirname "$pc")"
libdir=$(pkg-config --variable=libdir retromesh)
cc -std=c17 -Wall -Werror "$SRC/examples/library_demo.c" $(pkg-config --cflags --libs retromesh) \
   -o "$work/library_demo" 2>"$work/cc.log" || { cat "$work/cc.log" >&2; exit 1; }
expect_status 0 env LD_LIBRARY_PATH="$libdir" "$work/library_demo" "$SRC/examples/robot.obj" "$work/robot.jom"
expect_grep "$work/out" "robot.jom: 53 points, 40 polygons, 3 materials"
expect_status 0 "$prefix/bin/retromesh" check "$work/robot.jom"
finish
