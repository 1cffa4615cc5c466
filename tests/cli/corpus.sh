# Every model of the shared corpus converts and passes check, or fails with
# its documented reason (docs/convert.md, "Corpus"). Skips without ../shared.
. "$(dirname "$0")/lib.sh"
corpus="$SHARED/corpus/obj"
if [ ! -d "$corpus" ]; then
  echo "skipped: no corpus at $corpus"
  exit 77
fi
# folder|pattern of the expected error (only these may fail)
expected_failures='tinyobj-zero-face-idx|OBJ indexes start at 1
assimp-number-formats|bad number "3.1+e2"
tinyobj-test-nan|is not a finite number
oded-skull|100002 polygons after cutting, 34467 more than the 65535
oded-koala|99994 polygons after cutting, 34459 more than the 65535'
n=0
for obj in $(find "$corpus" -name '*.obj' | sort); do
  folder=$(basename "$(dirname "$obj")")
  n=$((n + 1))
  out="$work/$folder.jom"
  "$RETROMESH" convert -q "$obj" "$out" >"$work/out" 2>"$work/err"
  st=$?
  reason=$(echo "$expected_failures" | grep "^$folder|" | cut -d'|' -f2)
  if [ -n "$reason" ]; then
    if [ "$st" != 1 ]; then echo "FAIL: $folder: exit $st, want 1 ($reason)" >&2; fail=1; fi
    expect_grep "$work/err" "$reason"
    expect_no_file "$out"
    continue
  fi
  if [ "$st" != 0 ]; then
    echo "FAIL: $folder: convert exit $st" >&2; sed 's/^/  /' "$work/err" | head -5 >&2; fail=1; continue
  fi
  if ! "$RETROMESH" check -q "$out" 2>"$work/err"; then
    echo "FAIL: $folder: output fails check" >&2; head -5 "$work/err" >&2; fail=1
  fi
done
echo "$n corpus models"
finish
