# Refused files on the SuperH CPU: engine/run.sh exits 1 with the module's
# message (naming the file with --cd, the chunk and its offset as the host's
# validator does) and no defect; truncations of the walker at many lengths
# are refused by both sides; a byte of the walker (and of the textured
# fixture) set to 0xFF or 0x00 at many places is refused by both sides or
# accepted by both, and then both print the same document.
. "$(dirname "$0")/lib.sh"
run="$SRC/engine/run.sh"
mkdir -p "$work/cd"
cp "$FIXTURES/jom/truncated.jom" "$work/cd/TRUNC.JOM"
cp "$FIXTURES/jom/bad_index.jom" "$work/cd/BAD.JOM"
# refused WHERE ARGS...: engine/run.sh ARGS exits 1, stderr has WHERE; the
# host refuses the same file with WHERE in its message too.
refused() {
  where=$1; shift
  cases=$((cases + 1))
  sh "$run" "$@" >"$work/out" 2>"$work/err"
  st=$?
  if [ "$st" != 1 ] || ! grep -qF -- "$where" "$work/err"; then
    echo "FAIL: engine/run.sh $*: exit $st, want 1 and '$where'" >&2; sed 's/^/  /' "$work/err" | head -5 >&2; fail=1
  fi
  [ -s "$work/out" ] && { echo "FAIL: engine/run.sh $*: printed a document" >&2; fail=1; }
  "$HOST_MODEL" "$@" >"$work/out" 2>"$work/err"
  st=$?
  if [ "$st" != 1 ] || ! grep -qF -- "${where#*: }" "$work/err"; then
    echo "FAIL: host_model $*: exit $st, want 1 and '${where#*: }'" >&2; sed 's/^/  /' "$work/err" | head -5 >&2; fail=1
  fi
}
refused "TRUNC.JOM: chunk PNTS at 0x18" --cd "$work/cd" TRUNC.JOM
refused ": chunk PNTS at 0x18" "$work/cd/TRUNC.JOM"
refused "BAD.JOM: chunk QUAD at 0xb0" --cd "$work/cd" BAD.JOM
refused ": chunk QUAD at 0xb0" "$work/cd/BAD.JOM"
refused "BAD.JOM: chunk QUAD at 0xb0" --cd "$work/cd" --for-lights BAD.JOM

"$RETROMESH" convert -q --skeleton "$SRC/examples/walker.json" "$SRC/examples/walker.obj" "$work/WALKER.JOM" ||
  { echo "FAIL: convert walker" >&2; exit 1; }
size=$(wc -c <"$work/WALKER.JOM")
# Truncations: every one is refused by both (no END chunk, a chunk past the end).
for len in 0 1 4 8 16 23 24 31 32 100 500 611 612 613 1000 1500 2000 2500 $((size - 9)) $((size - 8)) $((size - 1)); do
  head -c "$len" "$work/WALKER.JOM" >"$work/cd/CUT.JOM"
  cases=$((cases + 1))
  "$QEMU" "$ELF" --cd "$work/cd" CUT.JOM >"$work/out" 2>"$work/err"
  st=$?
  if [ "$st" != 1 ] || [ ! -s "$work/err" ]; then
    echo "FAIL: walker cut to $len bytes: exit $st, want 1 and a message" >&2; head -3 "$work/err" >&2; fail=1
  fi
  "$HOST_MODEL" --cd "$work/cd" CUT.JOM >/dev/null 2>&1
  [ $? = 1 ] || { echo "FAIL: the host does not refuse the walker cut to $len bytes" >&2; fail=1; }
done
# mutate FILE POS BYTE(octal) OUT: FILE with the byte at POS replaced.
mutate() {
  { head -c "$2" "$1"; printf "\\$3"; tail -c +"$(($2 + 2))" "$1"; } >"$4"
}
flips() {   # FILE STEP ARGS...: every STEP-th byte set to 0377 then to 0
  f=$1; step=$2; shift 2
  total=$(wc -c <"$f")
  pos=3
  while [ "$pos" -lt "$total" ]; do
    for byte in 377 000; do
      mutate "$f" "$pos" "$byte" "$work/cd/FLIP.JOM"
      diff_case "$(basename "$f") byte $pos = \\$byte" "$work/cd/FLIP.JOM" "$@" --draw --sprites
    done
    pos=$((pos + step))
  done
}
flips "$work/WALKER.JOM" 37 --anim walk --times 0,7,19,33
cp "$FIXTURES/jom/textured.jom" "$work/TEXTURED.JOM"
flips "$work/TEXTURED.JOM" 7 --times 0
finish
