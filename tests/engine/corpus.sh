# Models of the shared corpus with textures (those tests/cli/textures_corpus.sh
# converts, and a vertex-colored cube), as .BIN files and embedded, sliced or
# not. The corpus has no skeletons: Kenney's textured character, whose OBJ
# groups are its limbs, gets a rig written here (6 bones, 2 levels, 2
# animations) and is compared with and without embedded textures, and for
# lights. The SuperH and the host must agree (tests/engine/lib.sh model_cases).
# Skips (77) without ../shared.
. "$(dirname "$0")/lib.sh"
corpus="$SHARED/corpus/obj"
if [ ! -d "$corpus" ]; then
  echo "skipped: no corpus at $corpus"
  exit 77
fi
models='spot-cow/cow.obj
kenney-character-human/character-human.obj
trimesh-fuze/fuze.obj
obj2gltf-box-textured/box-textured.obj
obj2gltf-box-complex-material-alpha/box-complex-material-alpha.obj
obj2gltf-box-mixed-attributes-2/box-mixed-attributes-2.obj
tinyobj-cube-vertexcol/cube-vertexcol.obj'
k=0
for rel in $models; do
  [ -f "$corpus/$rel" ] || { echo "FAIL: $rel not in the corpus" >&2; fail=1; continue; }
  for opts in "" "--embed-textures" "--embed-textures --slice-textures"; do
    k=$((k + 1))
    d="$work/m$k"
    mkdir -p "$d"
    # shellcheck disable=SC2086
    if ! "$RETROMESH" convert -q $opts "$corpus/$rel" "$d/MODEL.JOM" 2>"$work/conv.err"; then
      echo "FAIL: convert $rel [$opts]" >&2; sed 's/^/  /' "$work/conv.err" | head -5 >&2; fail=1; continue
    fi
    model_cases "$d" MODEL.JOM
  done
done
# Kenney's character with a skeleton.
cat >"$work/rig.json" <<'JSON'
{
  "bones": [
    {"name": "torso", "group": "torso", "pivot": [0, 0.5, 0]},
    {"name": "head", "group": "head", "parent": "torso", "pivot": [0, 0.9, 0]},
    {"name": "arm_l", "group": "arm-left", "parent": "torso", "pivot": [0.3, 0.8, 0]},
    {"name": "arm_r", "group": "arm-right", "parent": "torso", "pivot": [-0.3, 0.8, 0]},
    {"name": "leg_l", "group": "leg-left", "parent": "torso", "pivot": [0.1, 0.4, 0]},
    {"name": "leg_r", "group": "leg-right", "parent": "torso", "pivot": [-0.1, 0.4, 0]}
  ],
  "animations": [
    {"name": "walk", "key_ticks": 7, "loop": true,
     "keys": [ {"root": [0, 0, 0], "angles": {"leg_l": [35, 0, 0], "leg_r": [-35, 0, 0], "arm_l": [-20, 0, 10]}},
               {"root": [0, 0.05, 0.1], "angles": {"leg_l": [-35, 0, 0], "leg_r": [35, 0, 0], "head": [0, 30, 0]}},
               {"root": [0, -0.02, 0.2], "angles": {"torso": [0, 170, 0], "arm_r": [90, -45, 181]}} ]},
    {"name": "Wave", "key_ticks": 5,
     "keys": [ {}, {"angles": {"arm_r": [0, 0, 150], "head": [-10, 0, 5]}}, {"angles": {"arm_r": [0, 0, 100]}} ]}
  ]
}
JSON
for opts in "" "--embed-textures"; do
  k=$((k + 1))
  d="$work/m$k"
  mkdir -p "$d"
  # shellcheck disable=SC2086
  if "$RETROMESH" convert -q $opts --skeleton "$work/rig.json" "$corpus/kenney-character-human/character-human.obj" \
      "$d/KENNEY.JOM" 2>"$work/conv.err"; then
    model_cases "$d" KENNEY.JOM
  else
    echo "FAIL: convert kenney with its rig [$opts]" >&2; sed 's/^/  /' "$work/conv.err" | head -5 >&2; fail=1
  fi
done
finish
