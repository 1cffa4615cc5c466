#!/bin/sh
# engine/samples/check.sh [OUTDIR]: the sample games compile for a
# big-endian SuperH CPU against the test double's headers, with the flags
# every engine file passes (.helpers/RULES.md "SuperH build"): -c only, they
# are never linked (Jo Engine's own toolchain and SGL are not here).
#
# For each sample it checks:
# - it compiles with -Werror (the samples include <jo/jo.h> as a Jo game
#   does; double_extra.h adds the few Jo functions the double lacks);
# - it defines jo_main (a Jo game's entry point);
# - every function it calls is declared by Jo (the double's jo.h,
#   double_extra.h) or by the modules (jo/model.h, jo/level.h): no libc
#   call, no helper the compiler slipped in (memcpy for a struct copy);
# - it calls the module functions it is there to show.
# Exit 0: all good; 1: a check failed; 77 (with a "skipped: why" line):
# the cross compiler is missing (scripts/deps.sh installs it).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-${TMPDIR:-/tmp}/engine_samples.$$}
cc=${SH_CC:-sh4-linux-gnu-gcc}
nm=${SH_NM:-sh4-linux-gnu-nm}
if ! command -v "$cc" >/dev/null 2>&1; then
  echo "skipped: engine_samples_compile: $cc not found (scripts/deps.sh installs gcc-sh4-linux-gnu)"
  exit 77
fi
if ! command -v "$nm" >/dev/null 2>&1; then
  echo "skipped: engine_samples_compile: $nm not found (binutils-sh4-linux-gnu comes with gcc-sh4-linux-gnu)"
  exit 77
fi
mkdir -p "$out" || exit 1

flags="-mb -m4-nofpu -O2 -std=gnu99 -fms-extensions -ffreestanding -fno-builtin -fno-pic -fno-common
  -W -Wall -Wextra -Wshadow -Wsign-compare -Wno-strict-aliasing -Werror"
headers="$root/engine/test/double/jo/jo.h $here/double_extra.h $root/engine/jo/model.h $root/engine/jo/level.h
  $root/engine/jo/level_format.h"
fail=0

# check NAME FUNCTION...: compiles engine/samples/NAME/main.c, then the
# symbol checks; FUNCTION... must all be called.
check() {
  name=$1
  shift
  src=$here/$name/main.c
  obj=$out/$name.o
  # shellcheck disable=SC2086
  if ! "$cc" $flags -I "$root/engine/test/double" -I "$root/engine" -include "$here/double_extra.h" \
      -c "$src" -o "$obj" 2>"$out/$name.err"; then
    echo "FAIL: $name: does not compile:" >&2
    sed 's/^/  /' "$out/$name.err" | head -30 >&2
    fail=1
    return
  fi
  "$nm" "$obj" >"$out/$name.nm" || { echo "FAIL: $name: $nm failed" >&2; fail=1; return; }
  grep -q ' T jo_main$' "$out/$name.nm" || { echo "FAIL: $name: no jo_main defined" >&2; fail=1; }
  for sym in $(awk '$1 == "U" { print $2 }' "$out/$name.nm"); do
    # shellcheck disable=SC2086
    if ! grep -qw -- "$sym" $headers; then
      echo "FAIL: $name: calls $sym, which neither Jo (the double's jo.h, double_extra.h) nor the modules declare" >&2
      fail=1
    fi
  done
  for sym in "$@"; do
    awk -v s="$sym" '$1 == "U" && $2 == s { found = 1 } END { exit !found }' "$out/$name.nm" || {
      echo "FAIL: $name: does not call $sym" >&2
      fail=1
    }
  done
  [ "$fail" = 0 ] && echo "ok: $name ($(awk '$1 == "U"' "$out/$name.nm" | wc -l) functions called)"
}

check viewer jo_3d_load_model jo_3d_model_find_bone jo_3d_model_animation_duration jo_3d_model_get_pose \
  jo_3d_pose_blend jo_3d_model_draw_pose jo_3d_model_set_hidden_bones slLoadMatrix
check level jo_level_load jo_level_record_count jo_level_get_records jo_level_string jo_level_find_section \
  jo_3d_load_model jo_3d_free_model jo_3d_model_free_textures_from jo_level_free
[ "$#" -ge 1 ] || rm -rf "$out"
exit "$fail"
