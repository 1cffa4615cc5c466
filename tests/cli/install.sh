# cmake --install gives a library, headers, a pkg-config file, a CMake
# package, the tool, its man page and its bash completion; a program builds
# against the library both ways (examples/library_demo.c), and the man page
# and the completion know every option of every command's --help.
. "$(dirname "$0")/lib.sh"
prefix="$work/prefix"
cmake --install "$BUILD" --prefix "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; exit 1; }
for f in bin/retromesh include/retromesh/retromesh.h include/retromesh/jom.h \
         share/man/man1/retromesh.1 share/bash-completion/completions/retromesh; do
  [ -e "$prefix/$f" ] || { echo "FAIL: $f not installed" >&2; fail=1; }
done

# 1. pkg-config.
pc=$(find "$prefix" -name retromesh.pc | head -1)
[ -n "$pc" ] || { echo "FAIL: no retromesh.pc" >&2; exit 1; }
export PKG_CONFIG_PATH="$(dirname "$pc")"
libdir=$(pkg-config --variable=libdir retromesh)
cc -std=c17 -Wall -Werror "$SRC/examples/library_demo.c" $(pkg-config --cflags --libs retromesh) \
   -o "$work/library_demo" 2>"$work/cc.log" || { cat "$work/cc.log" >&2; exit 1; }
expect_status 0 env LD_LIBRARY_PATH="$libdir" "$work/library_demo" "$SRC/examples/robot.obj" "$work/robot.jom"
expect_grep "$work/out" "robot.jom: 53 points, 40 polygons, 3 materials"
expect_status 0 "$prefix/bin/retromesh" check "$work/robot.jom"

# 2. find_package(retromesh): the shared target and the static one.
config=$(find "$prefix" -name retromeshConfig.cmake | head -1)
[ -n "$config" ] || { echo "FAIL: no retromeshConfig.cmake" >&2; fail=1; }
[ -n "$(find "$prefix" -name retromeshConfigVersion.cmake)" ] || { echo "FAIL: no retromeshConfigVersion.cmake" >&2; fail=1; }
mkdir "$work/app"
cp "$SRC/examples/library_demo.c" "$work/app/"
cat >"$work/app/CMakeLists.txt" <<'END'
cmake_minimum_required(VERSION 3.20)
project(retromesh_app C)
find_package(retromesh 0.1 REQUIRED)
add_executable(demo_shared library_demo.c)
target_link_libraries(demo_shared PRIVATE retromesh::retromesh)
add_executable(demo_static library_demo.c)
target_link_libraries(demo_static PRIVATE retromesh::static)
END
if cmake -S "$work/app" -B "$work/app/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/app.log" 2>&1 &&
   cmake --build "$work/app/build" >>"$work/app.log" 2>&1; then
  for t in demo_shared demo_static; do
    rm -f "$work/robot_$t.jom"
    expect_status 0 env LD_LIBRARY_PATH="$libdir" "$work/app/build/$t" "$SRC/examples/robot.obj" "$work/robot_$t.jom"
    expect_grep "$work/out" "robot_$t.jom: 53 points, 40 polygons, 3 materials"
  done
  # The shared target links the shared library, the static one does not.
  readelf -d "$work/app/build/demo_shared" | grep -q 'NEEDED.*libretromesh\.so' ||
    { echo "FAIL: demo_shared does not link libretromesh.so" >&2; fail=1; }
  if readelf -d "$work/app/build/demo_static" | grep -q 'NEEDED.*libretromesh\.so'; then
    echo "FAIL: demo_static links libretromesh.so" >&2; fail=1
  fi
else
  echo "FAIL: a CMake project with find_package(retromesh) does not build:" >&2
  tail -20 "$work/app.log" >&2
  fail=1
fi
# The version file: 0.x is not 1.x.
mkdir "$work/app1"
printf 'cmake_minimum_required(VERSION 3.20)\nproject(v C)\nfind_package(retromesh 1 REQUIRED)\n' >"$work/app1/CMakeLists.txt"
if cmake -S "$work/app1" -B "$work/app1/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/app1.log" 2>&1; then
  echo "FAIL: find_package(retromesh 1) accepted version 0.x" >&2; fail=1
fi

# 3. The man page and the completion against each command's --help.
man="$prefix/share/man/man1/retromesh.1"
comp="$prefix/share/bash-completion/completions/retromesh"
sed 's/\\-/-/g' "$man" >"$work/man.txt"
# options FILE: the options a --help text names (-o, --scale, ...).
options() {
  grep -oE -- '(^|[^A-Za-z0-9_-])--?[a-z][a-z0-9-]*' "$1" | sed 's/^[^-]*//' | LC_ALL=C sort -u
}
for cmd in convert info check pose render budget oni level; do
  "$prefix/bin/retromesh" "$cmd" --help >"$work/help" 2>&1
  { options "$work/help"; echo --help; } | LC_ALL=C sort -u >"$work/opts"
  while IFS= read -r o; do
    grep -Eq -- "(^|[^A-Za-z0-9-])$o([^A-Za-z0-9-]|$)" "$work/man.txt" ||
      { echo "FAIL: retromesh.1 does not name $cmd's option $o" >&2; fail=1; }
  done <"$work/opts"
  # The completion offers exactly the options of the command's --help.
  bash -c ". '$comp'; _retromesh_options $cmd" | tr -s ' \n' '\n\n' | sed '/^$/d' | LC_ALL=C sort -u >"$work/comp"
  if ! cmp -s "$work/opts" "$work/comp"; then
    echo "FAIL: the completion of $cmd differs from its --help (< help, > completion):" >&2
    diff "$work/opts" "$work/comp" | grep '^[<>]' >&2
    fail=1
  fi
done
# The completion runs in bash: the commands, then an option of convert.
got=$(bash -c ". '$comp'; COMP_WORDS=(retromesh con); COMP_CWORD=1; _retromesh; echo \"\${COMPREPLY[*]}\"")
[ "$got" = convert ] || { echo "FAIL: completion of 'retromesh con' gave '$got'" >&2; fail=1; }
got=$(bash -c ". '$comp'; COMP_WORDS=(retromesh convert --emb); COMP_CWORD=2; _retromesh; echo \"\${COMPREPLY[*]}\"")
[ "$got" = --embed-textures ] || { echo "FAIL: completion of 'convert --emb' gave '$got'" >&2; fail=1; }
got=$(bash -c ". '$comp'; COMP_WORDS=(retromesh level ''); COMP_CWORD=2; _retromesh; echo \"\${COMPREPLY[*]}\"")
[ "$got" = "build dump check gen" ] || { echo "FAIL: completion of 'level ' gave '$got'" >&2; fail=1; }
# The man page is valid roff when a formatter is at hand.
if command -v groff >/dev/null 2>&1; then
  groff -man -Tutf8 -ww -z "$man" 2>"$work/groff.log"
  [ -s "$work/groff.log" ] && { echo "FAIL: groff warnings on retromesh.1:" >&2; head "$work/groff.log" >&2; fail=1; }
fi
finish
