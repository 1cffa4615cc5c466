#!/bin/sh
# Every row of issue 16's table, retromesh side by side with its peer, one
# table at the end (make bench; docs/bench.md says what each row measures).
#   bench/run.sh [--quick] [--runs N] path/to/retromesh
# The bench programs are taken from the same build (DIR/bench/ beside
# DIR/retromesh), so the "before" figures are `bench/run.sh build-base/retromesh`.
#   --quick   best of 2 runs instead of 5, and no callgrind (the rows counted in
#             instructions print their wall time instead)
# Big inputs are generated (bench/gen_models.py) in a scratch folder, or in
# $RETROMESH_BENCH_DATA when set (kept between runs). The corpus rows need
# ../shared (or $RETROMESH_SHARED): without it they are skipped with a message.
# A missing peer (assimp, tinyobjloader, valgrind, GNU time, libimagequant) or a
# bench program the build does not have gives "n/a" in its row, never an error.
# Measures; asserts nothing (speed is not a test).
set -u
quick=0
runs=""
tool=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --runs) shift; runs=${1:-} ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) tool=$1 ;;
  esac
  shift
done
if [ -z "$tool" ] || [ ! -x "$tool" ]; then
  echo "usage: bench/run.sh [--quick] [--runs N] path/to/retromesh" >&2
  exit 2
fi
[ -n "$runs" ] || { if [ $quick = 1 ]; then runs=2; else runs=5; fi; }
here=$(cd "$(dirname "$0")" && pwd)
bin=$(cd "$(dirname "$tool")" && pwd)
tool=$bin/$(basename "$tool")
bb=$bin/bench
shared=${RETROMESH_SHARED:-$here/../../shared}
corpus=$shared/corpus/obj
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM
data=${RETROMESH_BENCH_DATA:-$scratch/data}
table=$scratch/table
: >"$table"

have() { command -v "$1" >/dev/null 2>&1; }
gnutime=""
if [ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1; then gnutime=/usr/bin/time; fi
cg=0
if [ $quick = 0 ] && have valgrind; then cg=1; fi
calc() { echo "$1" | bc -l 2>/dev/null; }
# fmt FORMAT NUMBER: printf of a number, "n/a" when there is none
fmt() { if [ -n "${2:-}" ]; then printf "$1" "$2"; else printf 'n/a'; fi; }
ratio() { if [ -n "${1:-}" ] && [ -n "${2:-}" ] && [ "$(calc "$2 != 0")" = 1 ]; then printf '%.2fx' "$(calc "$1 / $2")"; else printf 'n/a'; fi; }
# row NAME RETROMESH PEER RATIO GOAL: one line of the final table
row() { printf '%s|%s|%s|%s|%s\n' "$1" "$2" "$3" "$4" "$5" >>"$table"; }
say() { printf '%s\n' "$*"; }

now() { date +%s.%N; }
# best_time CMD...: the best wall time in seconds of $runs runs (output discarded)
best_time() {
  b=""
  i=0
  while [ $i -lt "$runs" ]; do
    t0=$(now)
    "$@" >/dev/null 2>&1
    t1=$(now)
    t=$(calc "$t1 - $t0")
    if [ -z "$b" ] || [ "$(calc "$t < $b")" = 1 ]; then b=$t; fi
    i=$((i + 1))
  done
  echo "$b"
}
# rss CMD...: peak resident set in kB (GNU time's "Maximum resident set size")
rss() {
  [ -n "$gnutime" ] || return 0
  "$gnutime" -f %M -o "$scratch/rss" "$@" >/dev/null 2>&1
  tail -n 1 "$scratch/rss"
}
# instr [--toggle-collect=FN] CMD...: instructions counted by callgrind (the
# whole process, or only inside FN); empty without valgrind or in --quick
instr() {
  [ $cg = 1 ] || return 0
  opt=""
  case "$1" in --toggle-collect=*) opt=$1; shift ;; esac
  rm -f "$scratch/cg.out"
  valgrind --tool=callgrind --callgrind-out-file="$scratch/cg.out" $opt "$@" >/dev/null 2>&1
  n=$(sed -n 's/^summary: *//p' "$scratch/cg.out" 2>/dev/null | head -n 1)
  [ -n "$n" ] && [ "$n" != 0 ] && echo "$n"
}

say "retromesh bench: $tool ($([ $quick = 1 ] && echo quick || echo full) mode, best of $runs runs)"
say "machine: $(nproc 2>/dev/null || echo '?') cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

# ---- inputs -----------------------------------------------------------------
mkdir -p "$data"
if have python3 && python3 "$here/gen_models.py" "$data"; then
  say "inputs: generated in $data"
else
  say "inputs: python3 missing or bench/gen_models.py failed: generated rows skipped"
fi
big=$data/big.obj mid=$data/mid.obj
jom=$scratch/quads62k.jom niff=$scratch/tri84k.niff ply=$scratch/tri84k.ply
[ -f "$data/quads62k.obj" ] && "$tool" convert -q "$data/quads62k.obj" "$jom" >/dev/null 2>&1
[ -f "$data/tri84k.obj" ] && "$tool" convert -q "$data/tri84k.obj" "$niff" >/dev/null 2>&1
if have assimp && [ -f "$data/tri84k.obj" ]; then
  assimp export "$data/tri84k.obj" "$ply" -fplyb >/dev/null 2>&1 || rm -f "$ply"
fi
size() { wc -c <"$1" | tr -d ' '; }
if [ -d "$corpus" ]; then
  have_corpus=1
else
  have_corpus=0
  say "corpus: none at $corpus (set RETROMESH_SHARED): the corpus rows are skipped"
fi

# ---- 1. OBJ parse: instructions per byte and MB/s ---------------------------
say ""
say "== OBJ parse (bench_obj_parse, one thread) vs tinyobjloader (bench_tinyobj)"
parse=$bb/bench_obj_parse tiny=$bb/bench_tinyobj
# The peer does not depend on the build measured: a build without it (an
# older one) gets it compiled here when tinyobjloader and g++ are installed.
if [ ! -x "$tiny" ] && [ -f "$here/bench_tinyobj.cc" ] && [ -f /usr/include/tiny_obj_loader.h ] && have g++; then
  g++ -O2 -o "$scratch/bench_tinyobj" "$here/bench_tinyobj.cc" -ltinyobjloader >/dev/null 2>&1 && tiny=$scratch/bench_tinyobj
fi
[ -x "$tiny" ] || say "bench_tinyobj not built (libtinyobjloader-dev, g++ and bench/bench_tinyobj.cc): no peer"
if [ -x "$parse" ] && [ -f "$mid" ]; then
  i_rm=$(instr --toggle-collect=rm_obj_parse "$parse" -n 1 "$mid")
  i_to=""
  [ -x "$tiny" ] && i_to=$(instr '--toggle-collect=*LoadObj*' "$tiny" -n 1 "$mid")
  mb=$(size "$mid")
  ipb_rm="" ipb_to=""
  [ -n "$i_rm" ] && ipb_rm=$(calc "$i_rm / $mb")
  [ -n "$i_to" ] && ipb_to=$(calc "$i_to / $mb")
  if [ $cg = 1 ]; then
    say "callgrind, $(basename "$mid") ($mb bytes): retromesh $(fmt %.1f "$ipb_rm") instructions/byte, tinyobjloader $(fmt %.1f "$ipb_to")"
  else
    say "instructions/byte: skipped (--quick, or no valgrind)"
  fi
  [ $cg = 1 ] && row "OBJ parse, instructions/byte (f a/b/c)" "$(fmt %.1f "$ipb_rm")" "$(fmt %.1f "$ipb_to") (fast_obj 14.2)" \
    "$(ratio "$ipb_rm" "$ipb_to")" "<= 14"
fi
# bench_* FILE... -n RUNS prints "FILE bytes best_ms MB/s median_ms M"
mbs() { "$@" 2>/dev/null | awk 'NF >= 4 { b += $2; t += $3 } END { if (t > 0) printf "%.1f", b / t / 1000 }'; }
if [ -x "$parse" ] && [ -f "$big" ]; then
  m_rm=$(mbs "$parse" -n "$runs" "$big")
  m_to=""
  [ -x "$tiny" ] && m_to=$(mbs "$tiny" -n "$runs" "$big")
  say "$(basename "$big") ($(size "$big") bytes): retromesh $(fmt %s "$m_rm") MB/s, tinyobjloader $(fmt %s "$m_to") MB/s"
  row "OBJ parse, MB/s (40 MB f a/b/c)" "$(fmt %s "$m_rm")" "$(fmt %s "$m_to")" "$(ratio "$m_rm" "$m_to")" ">= peer"
  # The threaded parse: bench_obj_parse -t N (a build without it refuses -t).
  if "$parse" -n 1 -t 1 "$mid" >/dev/null 2>&1; then
    m_t2=$(mbs "$parse" -n "$runs" -t 2 "$big")
    m_t1=$m_rm
    say "threads: -t 1 $(fmt %s "$m_t1") MB/s, -t 2 $(fmt %s "$m_t2") MB/s (rapidobj, the threaded peer, is not a Debian package)"
    row "OBJ parse, 2 threads vs 1 (speed-up)" "$(ratio "$m_t2" "$m_t1")" "n/a (rapidobj)" "" ">= 1.7x"
  else
    say "threads: this bench_obj_parse has no -t (no threaded parse)"
    row "OBJ parse, 2 threads vs 1 (speed-up)" "n/a (no -t)" "n/a (rapidobj)" "" ">= 1.7x"
  fi
fi
if [ -x "$parse" ] && [ $have_corpus = 1 ]; then
  set -- "$corpus/oded-skull/skull.obj" "$corpus/oded-koala/koala.obj"
  if [ -f "$1" ] && [ -f "$2" ]; then
    m_rm=$(mbs "$parse" -n "$runs" "$@")
    m_to=""
    [ -x "$tiny" ] && m_to=$(mbs "$tiny" -n "$runs" "$@")
    say "corpus skull + koala (100k triangles each): retromesh $(fmt %s "$m_rm") MB/s, tinyobjloader $(fmt %s "$m_to") MB/s"
    row "OBJ parse, MB/s (corpus skull+koala)" "$(fmt %s "$m_rm")" "$(fmt %s "$m_to")" "$(ratio "$m_rm" "$m_to")" ">= peer"
  fi
fi

# ---- 2. info BIG.obj: peak memory / file ------------------------------------
say ""
say "== retromesh info BIG.obj: peak RSS / file size (GNU time)"
if [ -f "$big" ] && [ -n "$gnutime" ]; then
  k=$(rss "$tool" info "$big")
  t=$(best_time "$tool" info "$big")
  x=$(calc "$k * 1024 / $(size "$big")")
  say "$(basename "$big"): $(fmt %.0f "$(calc "$k / 1024")") MB peak, $(fmt %.2f "$x")x the file, $(fmt %.3f "$t") s"
  row "info BIG.obj, peak RSS / file" "$(fmt %.2fx "$x")" "0.58x (fast_obj, cited)" "$(ratio "$x" 0.58)" "<= 1.0x"
else
  say "skipped (no GNU time or no generated input)"
fi

# ---- 3. convert of a 9,112-face model, whole process -------------------------
say ""
say "== convert simple_muscle.obj (9,112 faces) vs assimp info FILE -r, whole process"
muscle=$corpus/kaolin-simple-muscle/simple_muscle.obj
if [ -f "$muscle" ]; then
  if [ $cg = 1 ]; then
    a=$(instr "$tool" convert -q "$muscle" "$scratch/muscle.jom")
    b=""
    have assimp && b=$(instr assimp info "$muscle" -r)
    say "callgrind: retromesh $(fmt %.1f "$(calc "${a:-0} / 1000000")") M instructions, assimp $(fmt %.1f "$([ -n "$b" ] && calc "$b / 1000000")") M"
    row "convert 9,112 faces, instructions" "$(fmt %.1fM "$(calc "${a:-0} / 1000000")")" \
      "$([ -n "$b" ] && fmt %.1fM "$(calc "$b / 1000000")" || echo n/a)" "$(ratio "$a" "$b")" "<= 0.2x"
  else
    a=$(best_time "$tool" convert -q "$muscle" "$scratch/muscle.jom")
    b=""
    have assimp && b=$(best_time assimp info "$muscle" -r)
    say "wall: retromesh $(fmt %.3f "$a") s, assimp $(fmt %.3f "$b") s"
    row "convert 9,112 faces, wall s" "$(fmt %.3f "$a")" "$(fmt %.3f "$b")" "$(ratio "$a" "$b")" "<= 0.2x (instr.)"
  fi
else
  say "skipped: no corpus ($muscle)"
fi

# ---- 4. bench_render: instructions per frame ---------------------------------
say ""
say "== bench_render (1,000 textured polygons, 320x240)"
render=$bb/bench_render
if [ -x "$render" ]; then
  "$render" -n 100
  if [ $cg = 1 ]; then
    # the difference of two frame counts: the set-up cancels out
    a=$(instr "$render" -n 10)
    b=$(instr "$render" -n 40)
    f=""
    [ -n "$a" ] && [ -n "$b" ] && f=$(calc "($b - $a) / 30 / 1000000")
    say "callgrind: $(fmt %.2f "$f") M instructions a frame"
    row "bench_render, instructions/frame" "$(fmt %.2fM "$f")" "n/a (no peer)" "" "<= 2.8M"
  else
    ms=$("$render" -n 100 | sed -n 's/.*best \([0-9.]*\) ms.*/\1/p')
    row "bench_render, best ms/frame" "$(fmt %s "$ms")" "n/a (no peer)" "" "<= 2.8M instr."
  fi
else
  say "bench_render not built"
fi

# ---- 5. info --json of a 62k-polygon JOM -------------------------------------
say ""
say "== info --json of a 62,001-quad JOM vs the text info"
if [ -f "$jom" ]; then
  "$tool" info --json "$jom" >"$scratch/json" 2>/dev/null
  jb=$(size "$scratch/json")
  tj=$(best_time "$tool" info --json "$jom")
  tt=$(best_time "$tool" info "$jom")
  kj=$(rss "$tool" info --json "$jom")
  kt=$(rss "$tool" info "$jom")
  js=$(calc "$jb / $tj / 1000000")
  say "$(basename "$jom") ($(size "$jom") bytes): JSON $jb bytes in $(fmt %.3f "$tj") s ($(fmt %.0f "$js") MB/s), $(fmt %.0f "$([ -n "$kj" ] && calc "$kj / 1024")") MB peak; text info $(fmt %.3f "$tt") s, $(fmt %.0f "$([ -n "$kt" ] && calc "$kt / 1024")") MB peak"
  row "info --json 62k JOM, MB/s of JSON" "$(fmt %.0f "$js")" "n/a" "" ">= 300"
  row "info --json 62k JOM, time vs text info" "$(fmt %.3fs "$tj")" "$(fmt %.3fs "$tt") (text)" "$(ratio "$tj" "$tt")" "streamed"
  row "info --json 62k JOM, peak RSS" "$([ -n "$kj" ] && fmt %.0fMB "$(calc "$kj / 1024")" || echo n/a)" \
    "$([ -n "$kt" ] && fmt %.0fMB "$(calc "$kt / 1024")" || echo n/a) (text)" "$(ratio "$kj" "$kt")" "independent of the model"
else
  say "skipped: no JOM (the generated quads62k.obj did not convert)"
fi

# ---- 6. NIFF check of an 8 MB NIFF vs assimp's PLY read ----------------------
say ""
say "== check of an 8 MB NIFF vs assimp info FILE.ply -r (the same mesh as binary PLY)"
if [ -f "$niff" ]; then
  ns=$(size "$niff")
  tc=$(best_time "$tool" check -q "$niff")
  kc=$(rss "$tool" check -q "$niff")
  xc=""
  [ -n "$kc" ] && xc=$(calc "$kc * 1024 / $ns")
  ta="" ka="" xa=""
  if [ -f "$ply" ]; then
    ta=$(best_time assimp info "$ply" -r)
    ka=$(rss assimp info "$ply" -r)
    [ -n "$ka" ] && xa=$(calc "$ka * 1024 / $(size "$ply")")
  fi
  say "$(basename "$niff") ($ns bytes): check $(fmt %.3f "$tc") s, $(fmt %.2f "$xc")x the file; assimp (PLY $( [ -f "$ply" ] && size "$ply" || echo n/a) bytes) $(fmt %.3f "$ta") s, $(fmt %.2f "$xa")x"
  row "NIFF check 8 MB, time" "$(fmt %.3fs "$tc")" "$(fmt %.3fs "$ta")" "$(ratio "$tc" "$ta")" "<= 0.5x"
  row "NIFF check 8 MB, peak RSS / file" "$(fmt %.2fx "$xc")" "$(fmt %.2fx "$xa")" "$(ratio "$xc" "$xa")" "<= 2x the file"
else
  say "skipped: no NIFF (the generated tri84k.obj did not convert)"
fi

# ---- 7. in-place JOM open ----------------------------------------------------
say ""
say "== in-place JOM open (bench_jom_open) vs the copying read"
jo=$bb/bench_jom_open
if [ -x "$jo" ] && [ -f "$jom" ]; then
  "$jo" "$jom" -n 50 >"$scratch/jo" 2>&1
  cat "$scratch/jo"
  ip=$(awk '$1 == "in-place" { print $2 }' "$scratch/jo")
  rd=$(awk '$1 == "read" { print $2 }' "$scratch/jo")
  row "in-place JOM open (62k), us per open" "$(fmt %s "$ip")" "$(fmt %s "$rd") (copying read)" "$(ratio "$ip" "$rd")" "O(chunks), no copies"
else
  say "bench_jom_open not built (or no JOM): skipped"
  row "in-place JOM open (62k), us per open" "n/a" "n/a" "" "O(chunks), no copies"
fi

# ---- 8. Oni hash and CRC-32 --------------------------------------------------
say ""
say "== Oni hash (bench_oni: 15 level files, 37,862 geometries) and CRC-32 zlib vs libdeflate"
oni=$bb/bench_oni
if [ -x "$oni" ]; then
  if "$oni" --crc-only -n 1 >/dev/null 2>&1; then
    "$oni" --crc-only -n "$runs" | tee "$scratch/crc"
    z=$(sed -n 's/.*zlib \([0-9.]*\) GB\/s.*/\1/p' "$scratch/crc")
    d=$(sed -n 's/.*libdeflate \([0-9.]*\) GB\/s.*/\1/p' "$scratch/crc")
    "$oni" --hash-only -n "$runs" | tee "$scratch/oni"
    # callgrind inside hash_pass only: the generation of the files is not counted
    oi=$(instr --toggle-collect=hash_pass "$oni" --hash-only -n 1)
    [ -n "$oi" ] && say "callgrind: $(fmt %.0f "$(calc "$oi / 1000000")") M instructions for the hash of the 15 files"
  else
    say "(this bench_oni has no --crc-only: the CRC alone is not measured)"
    z="" d="" oi=""
    "$oni" -n "$runs" | tee "$scratch/oni"
  fi
  s=$(sed -n 's/.*triangles, \([0-9.]*\) s (best.*/\1/p' "$scratch/oni")
  row "Oni hash, 37,862 geometries, s" "$(fmt %.3f "$s")" "n/a" "" "<= 0.12 s"
  [ -n "${oi:-}" ] && row "Oni hash, instructions" "$(fmt %.0fM "$(calc "$oi / 1000000")")" "n/a" "" "fewer than before"
  row "CRC-32, GB/s (rm_crc32 vs zlib)" "$(fmt %s "$d")${d:+ (libdeflate)}" "$(fmt %s "$z")${z:+ (zlib)}" "$(ratio "$d" "$z")" ">= 8 GB/s"
else
  say "bench_oni not built"
fi

# ---- 9. corpus convert: fsync cost, and assimp's import of the same files ----
say ""
say "== corpus-wide convert (every corpus OBJ to a JOM), with and without fsync"
if [ $have_corpus = 1 ]; then
  models=$(find "$corpus" -name '*.obj' | sort)
  count=$(echo "$models" | wc -l)
  convall() { for f in $models; do "$tool" convert -q "$f" "$scratch/out.jom" >/dev/null 2>&1; done; }
  # RETROMESH_NO_SYNC=1 (docs/cli.md): renames without an fsync; a build
  # without the switch ignores it, and the two figures are the same.
  t_sync=$(best_time convall)
  export RETROMESH_NO_SYNC=1
  t_nosync=$(best_time convall)
  unset RETROMESH_NO_SYNC
  importall() { for f in $models; do assimp info "$f" -r >/dev/null 2>&1; done; }
  t_as=""
  have assimp && t_as=$(best_time importall)
  say "$count models: convert $(fmt %.3f "$t_sync") s, RETROMESH_NO_SYNC=1 $(fmt %.3f "$t_nosync") s; assimp info -r $(fmt %.3f "$t_as") s"
  row "corpus convert, s (fsync vs none)" "$(fmt %.3fs "$t_sync")" "$(fmt %.3fs "$t_nosync") (no sync)" "$(ratio "$t_sync" "$t_nosync")" "fsync only where it protects data"
  row "corpus convert vs assimp import, s" "$(fmt %.3fs "$t_sync")" "$(fmt %.3fs "$t_as")" "$(ratio "$t_sync" "$t_as")" "< 1x"
else
  say "skipped: no corpus"
fi

# ---- 10. quantizer vs libimagequant ------------------------------------------
say ""
say "== 16-color quantizer (rm_quantize16) vs libimagequant (OMP_NUM_THREADS=1), PSNR in RGB555"
quant=$bb/bench_quantize
if [ -x "$quant" ] && [ $have_corpus = 1 ]; then
  find "$corpus" -type f \( -iname '*.png' -o -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.gif' \) -print0 \
    | sort -z | OMP_NUM_THREADS=1 xargs -0 "$quant" -n "$([ $quick = 1 ] && echo 1 || echo 3)" >"$scratch/q" 2>&1
  tail -n 2 "$scratch/q"
  line=$(grep '^mean over' "$scratch/q")
  odb=$(echo "$line" | sed -n 's/.*ours \([0-9.]*\) dB.*/\1/p')
  oms=$(echo "$line" | sed -n 's/.*ours [0-9.]* dB in \([0-9.]*\) ms.*/\1/p')
  ldb=$(echo "$line" | sed -n 's/.*(same budget) \([0-9.]*\) dB.*/\1/p')
  lms=$(echo "$line" | sed -n 's/.*(same budget) [0-9.]* dB in \([0-9.]*\) ms.*/\1/p')
  row "quantize (corpus images), dB / ms" "$(fmt %s "$odb") dB, $(fmt %s "$oms") ms" "$(fmt %s "$ldb") dB, $(fmt %s "$lms") ms" "$(ratio "$oms" "$lms")" "not slower"
elif [ ! -x "$quant" ]; then
  say "bench_quantize not built (it needs libimagequant-dev: make bench installs it)"
else
  say "skipped: no corpus"
fi

# ---- the table ---------------------------------------------------------------
say ""
say "== summary ($(basename "$(dirname "$tool")")/$(basename "$tool"), $([ $quick = 1 ] && echo quick || echo full))"
{
  echo "row|retromesh|peer|ratio|goal"
  echo "---|---|---|---|---"
  cat "$table"
} | awk -F'|' '{ for (i = 1; i <= NF; i++) { c[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } n = NR }
  END { for (r = 1; r <= n; r++) { s = ""; for (i = 1; i <= 5; i++) {
          v = c[r, i]; if (v == "---") { v = ""; while (length(v) < w[i]) v = v "-" }
          s = s sprintf("%-" w[i] "s", v) (i < 5 ? " | " : "") } print s } }'
exit 0
