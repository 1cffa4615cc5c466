# Every textured model of the shared corpus converts with and without
# --embed-textures and --slice-textures, and the outputs pass check; the
# .BIN files go beside the output, never into the corpus. None of these
# models misses its image (the files the MANIFEST lists as missing are MTL
# libraries of other models), so none fails; the missing-image error is
# tested on the fixtures (textures.sh). Skips (77) without ../shared.
. "$(dirname "$0")/lib.sh"
corpus="$SHARED/corpus/obj"
if [ ! -d "$corpus" ]; then
  echo "skipped: no corpus at $corpus"
  exit 77
fi
models='spot-cow/cow.obj
kenney-character-human/character-human.obj
assimp-spider/spider.obj
trimesh-fuze/fuze.obj
obj2gltf-box-textured/box-textured.obj
obj2gltf-box-complex-material-alpha/box-complex-material-alpha.obj
obj2gltf-box-subdirectories/box-textured.obj
obj2gltf-box-mixed-attributes-2/box-mixed-attributes-2.obj'
touch "$work/stamp"
n=0
for rel in $models; do
  folder=$(dirname "$rel")
  for opts in "" "--embed-textures" "--slice-textures" "--embed-textures --slice-textures"; do
    n=$((n + 1))
    dir="$work/$folder.$n"
    mkdir -p "$dir"
    # shellcheck disable=SC2086
    "$RETROMESH" convert $opts "$corpus/$rel" "$dir/model.jom" >"$work/out" 2>"$work/err"
    st=$?
    if [ "$st" != 0 ]; then
      echo "FAIL: $folder [$opts]: convert exit $st" >&2; sed 's/^/  /' "$work/err" | tail -5 >&2; fail=1; continue
    fi
    expect_grep "$work/err" "budget: "
    if ! "$RETROMESH" check -q "$dir/model.jom" 2>"$work/err"; then
      echo "FAIL: $folder [$opts]: output fails check" >&2; head -5 "$work/err" >&2; fail=1
    fi
    # .BIN files beside the model, or none when embedded.
    bins=$(ls "$dir" | grep -c '\.BIN$')
    case "$opts" in
      *embed*) [ "$bins" = 0 ] || { echo "FAIL: $folder [$opts]: .BIN files written" >&2; fail=1; } ;;
      *) [ "$bins" -gt 0 ] || { echo "FAIL: $folder [$opts]: no .BIN file" >&2; fail=1; } ;;
    esac
  done
done
if [ -n "$(find "$corpus" -newer "$work/stamp" 2>/dev/null)" ]; then
  echo "FAIL: .BIN files in the corpus" >&2; fail=1
fi
echo "$n conversions"
finish
