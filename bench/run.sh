#!/bin/sh
# Speed of retromesh against a peer, side by side in one run (make bench).
#   bench/run.sh path/to/retromesh [RUNS]
# 1. `retromesh convert` over every corpus model vs `assimp info` (Debian
#    assimp-utils: assimp's OBJ import of the same files, plus its summary).
# 2. The OBJ parse alone (bench_obj_parse) on the two ~100k-triangle models,
#    in MB/s.
# Prints times and ratios; asserts nothing (speed is not a test).
set -eu
tool=$1
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
corpus=${RETROMESH_SHARED:-$here/../../shared}/corpus/obj
parse=$(dirname "$tool")/bench/bench_obj_parse
# The renderer's speed needs no corpus: measured first.
render=$(dirname "$tool")/bench/bench_render
echo "preview renderer (bench_render, 1,000 textured polygons at 320x240):"
if [ -x "$render" ]; then "$render" -n 300; else echo "bench_render not built ($render)"; fi
echo
# The Oni scale test needs no corpus either: its 15 level files are generated.
oni=$(dirname "$tool")/bench/bench_oni
echo "Oni geometries (bench_oni, 15 level files, 37,862 geometries, as oni hash):"
if [ -x "$oni" ]; then "$oni" -n 5; else echo "bench_oni not built ($oni)"; fi
echo
if [ ! -d "$corpus" ]; then
  echo "bench: no corpus at $corpus (set RETROMESH_SHARED)" >&2
  exit 0
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM

now() { date +%s.%N; }
# Seconds for one pass of a command over every model (its output discarded).
pass() {
  t0=$(now)
  for f in $models; do "$@" "$f" >/dev/null 2>&1 || true; done
  t1=$(now)
  echo "$t1 - $t0" | bc -l
}
best() {  # best of $runs passes
  b=""
  i=0
  while [ $i -lt "$runs" ]; do
    t=$(pass "$@")
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
    i=$((i + 1))
  done
  echo "$b"
}

models=$(find "$corpus" -name '*.obj' | sort)
count=$(echo "$models" | wc -l)
bytes=$(cat $models | wc -c)
conv() { "$tool" convert -q "$1" "$scratch/out.jom"; }

echo "corpus: $count OBJ files, $bytes bytes; best of $runs passes"
t_rm=$(best conv)
printf '%-34s %8.3f s  %7.1f MB/s\n' "retromesh convert (all models)" "$t_rm" "$(echo "$bytes / $t_rm / 1000000" | bc -l)"
if command -v assimp >/dev/null 2>&1; then
  t_as=$(best assimp info)
  printf '%-34s %8.3f s  %7.1f MB/s\n' "assimp info (all models)" "$t_as" "$(echo "$bytes / $t_as / 1000000" | bc -l)"
  printf 'ratio: retromesh convert is %.1fx faster than assimp import\n' "$(echo "$t_as / $t_rm" | bc -l)"
else
  echo "assimp not installed (apt-get install assimp-utils): no peer to compare with"
fi

echo
echo "parse alone (bench_obj_parse, best of 20 runs in memory):"
if [ -x "$parse" ]; then
  "$parse" -n 20 "$corpus/oded-skull/skull.obj" "$corpus/oded-koala/koala.obj"
else
  echo "bench_obj_parse not built ($parse)"
fi
for big in oded-skull/skull.obj oded-koala/koala.obj; do
  f="$corpus/$big"
  models=$f
  t_rm=$(best conv)
  line=$(printf '%-34s %8.3f s' "retromesh convert $(basename "$f")" "$t_rm")
  if command -v assimp >/dev/null 2>&1; then
    t_as=$(best assimp info)
    line="$line   assimp info $(printf '%.3f' "$t_as") s   ratio $(printf '%.1f' "$(echo "$t_as / $t_rm" | bc -l)")x"
  fi
  echo "$line"
done

echo
# NIFF: no open NIFF reader or writer exists, so the peer is assimp doing
# the same kind of work with a binary format it knows: OBJ -> binary PLY,
# and that file read back to OBJ.
echo "NIFF round trip (no other open NIFF tool: assimp with binary PLY as the peer), best of $runs:"
for big in oded-skull/skull.obj oded-koala/koala.obj; do
  f="$corpus/$big"
  [ -f "$f" ] || continue
  name=$(basename "$f" .obj)
  models=$f
  to_niff() { "$tool" convert -q "$1" "$scratch/$name.niff"; }
  t_w=$(best to_niff)
  models=$scratch/$name.niff
  from_niff() { "$tool" convert -q "$1" "$scratch/back.obj"; }
  t_r=$(best from_niff)
  check_niff() { "$tool" check -q "$1"; }
  t_c=$(best check_niff)
  size=$(wc -c <"$scratch/$name.niff")
  line=$(printf '%-10s OBJ->NIFF %.3f s, NIFF->OBJ %.3f s, check %.3f s (%.0f MB/s)' "$name" "$t_w" "$t_r" "$t_c" \
    "$(echo "$size / $t_c / 1000000" | bc -l)")
  if command -v assimp >/dev/null 2>&1; then
    models=$f
    to_ply() { assimp export "$1" "$scratch/$name.ply" -fplyb; }
    a_w=$(best to_ply)
    models=$scratch/$name.ply
    from_ply() { assimp export "$1" "$scratch/back_a.obj" -fobj; }
    a_r=$(best from_ply)
    line="$line; assimp OBJ->PLY $(printf '%.3f' "$a_w") s ($(printf '%.1f' "$(echo "$a_w / $t_w" | bc -l)")x),"
    line="$line PLY->OBJ $(printf '%.3f' "$a_r") s ($(printf '%.1f' "$(echo "$a_r / $t_r" | bc -l)")x)"
  fi
  echo "$line"
done

echo
echo "16-color quantizer (rm_quantize16) against libimagequant, PSNR in RGB555:"
quant=$(dirname "$tool")/bench/bench_quantize
if [ -x "$quant" ]; then
  find "$corpus" -type f \( -iname '*.png' -o -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.gif' \) -print0 \
    | sort -z | xargs -0 "$quant"
else
  echo "bench_quantize not built (it needs libimagequant-dev: make bench installs it, then builds again)"
fi
