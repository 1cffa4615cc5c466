# retromesh pose (the engine's get_pose / pose_blend / draw_pose matrices)
# and retromesh info on skeletons (tree, --keys). Expected numbers are
# worked out by hand from the fixtures (tests/formats/jom/jom_models.c):
#   cube.jom: bones ROOT (root) and LID (parent ROOT, pivot (0, -1, 1));
#     OPEN, a loop of 2 keys x 30 ticks; key 1: root (0, -0.5, 0), LID X 45
#     and Z -90 degrees (8192, -16384).
#   skeleton.jom: ANIMi key k has root (k, i << 16, -k) and bone b angle j
#     ((b*1000 + k*100 + j*7 + i) * 37 mod 65536) - 32768.
. "$(dirname "$0")/lib.sh"
jom="$FIXTURES/jom"

# Key 1 exactly (t = 30). ROOT's matrix: the identity moved by the root.
# LID: rows are the images of X, Y, Z: Rz(-90) then Rx(45) (c = s =
# 46341/65536 exactly, each product exact): X -> (0, -1, 0) -> (0, -c, -s);
# Y -> (1, 0, 0); Z -> (0, -s, c). Translation: pivot - R.pivot + root =
# (0, -1, 1) - (-1, -c, c) + (0, -0.5, 0) = (1, -1.5 + c, 1 - c) =
# (65536, -98304 + 46341, 65536 - 46341).
expect_status 0 "$RETROMESH" pose "$jom/cube.jom" --anim OPEN --time 30 --json
expect_grep "$work/out" '"animation": "OPEN",'
expect_grep "$work/out" '"time": 30,'
expect_grep "$work/out" '"root": [0, -32768, 0],'
expect_grep "$work/out" '{"name": "ROOT", "angles": [0, 0, 0], "degrees": [0.0, 0.0, 0.0], "matrix": [[65536, 0, 0], [0, 65536, 0], [0, 0, 65536], [0, -32768, 0]]},'
expect_grep "$work/out" '{"name": "LID", "angles": [8192, 0, -16384], "degrees": [45.0, 0.0, -90.0], "matrix": [[0, -46341, -46341], [65536, 0, 0], [0, -46341, 46341], [65536, -51963, 19195]]}'
if command -v python3 >/dev/null 2>&1; then
  python3 -m json.tool "$work/out" >/dev/null || { echo "FAIL: pose --json is not JSON" >&2; fail=1; }
fi
# Halfway to key 1 (t = 15), any case for the name; the loop at t = 75 is t = 15.
expect_status 0 "$RETROMESH" pose "$jom/cube.jom" --anim open --time=15 --json
expect_grep "$work/out" '"root": [0, -16384, 0],'
expect_grep "$work/out" '"angles": [4096, 0, -8192]'
cp "$work/out" "$work/t15"
expect_status 0 "$RETROMESH" pose "$jom/cube.jom" --anim open --time 75 --json
sed 's/"time": 75/"time": 15/' "$work/out" | cmp -s - "$work/t15" || { echo "FAIL: t 75 is not t 15" >&2; fail=1; }
# Negative time: t = 0; no --anim: the pose of the OBJ.
expect_status 0 "$RETROMESH" pose "$jom/cube.jom" --anim open --time -10 --json
expect_grep "$work/out" '"root": [0, 0, 0],'
expect_status 0 "$RETROMESH" pose "$jom/cube.jom" --json
expect_grep "$work/out" '"animation": null,'
# The text: angles in degrees and raw, the rows of the matrices.
expect_status 0 "$RETROMESH" pose "$jom/cube.jom" --anim OPEN --time 30
expect_grep "$work/out" "animation 0 'OPEN', time 30 ticks (0.500 s); loop, duration 60 ticks (1.000 s)"
expect_grep "$work/out" "root 0.000000 -0.500000 0.000000 (0 -32768 0)"
expect_grep "$work/out" "  1 'LID' (parent 0 'ROOT'): angles 45.0000 0.0000 -90.0000 degrees (8192 0 -16384)"
expect_grep "$work/out" "    t   1.000000  -0.792892   0.292892   (65536 -51963 19195)"

# Blend at t = 0: ANIM1 key 0 (root y 1.0, bone 0 X -32768 + 37) with ANIM2
# key 0 (root y 2.0, X -32768 + 74), weight 0.5 -> 128: root y 98304, X
# -32731 + floor((37 * 128 + 128) / 256) = -32731 + 19 = -32712.
expect_status 0 "$RETROMESH" pose "$jom/skeleton.jom" --anim ANIM1 --blend ANIM2:0.5 --json
expect_grep "$work/out" '"root": [0, 98304, 0],'
expect_grep "$work/out" '{"name": "B0", "angles": [-32712,'
# Weight 1: the other pose exactly; weight 0: unchanged.
expect_status 0 "$RETROMESH" pose "$jom/skeleton.jom" --anim ANIM2 --time 7 --json
cp "$work/out" "$work/anim2"
expect_status 0 "$RETROMESH" pose "$jom/skeleton.jom" --anim ANIM1 --time 7 --blend anim2:1 --json
sed 's/"ANIM1"/"ANIM2"/' "$work/out" | cmp -s - "$work/anim2" || { echo "FAIL: blend weight 1" >&2; fail=1; }
expect_status 0 "$RETROMESH" pose "$jom/skeleton.jom" --anim ANIM2 --time 7 --blend ANIM0:0 --json
cmp -s "$work/out" "$work/anim2" || { echo "FAIL: blend weight 0" >&2; fail=1; }
expect_status 0 "$RETROMESH" pose "$jom/skeleton.jom" --anim ANIM1 --blend ANIM2:0.25
expect_grep "$work/out" "blended with animation 2 'ANIM2' at the same time, weight 64/256"

# Errors: an unknown animation lists the animations (exit 1).
expect_status 1 "$RETROMESH" pose "$jom/skeleton.jom" --anim walk
expect_grep "$work/err" "no animation 'walk'; its animations: ANIM0, ANIM1, ANIM2"
expect_status 1 "$RETROMESH" pose "$jom/skeleton.jom" --anim ANIM0 --blend run:0.5
expect_grep "$work/err" "no animation 'run'"
expect_status 1 "$RETROMESH" pose "$jom/triangle.jom" --anim walk
expect_grep "$work/err" "the model has no animations"
expect_status 1 "$RETROMESH" pose "$jom/bad_index.jom"
expect_grep "$work/err" "polygon 1 uses point 900, PNTS has 8 points"
expect_status 3 "$RETROMESH" pose "$work/missing.jom"
# Usage errors (exit 2).
expect_status 2 "$RETROMESH" pose
expect_status 2 "$RETROMESH" pose "$jom/cube.jom" --time soon
expect_status 2 "$RETROMESH" pose "$jom/cube.jom" --time 1.5
expect_status 2 "$RETROMESH" pose "$jom/cube.jom" --blend OPEN
expect_status 2 "$RETROMESH" pose "$jom/cube.jom" --blend OPEN:1.5
expect_status 2 "$RETROMESH" pose "$jom/cube.jom" --blend :0.5
expect_status 2 "$RETROMESH" pose "$jom/cube.jom" --anim
expect_status 2 "$RETROMESH" pose "$jom/cube.jom" --speed 2
expect_status 2 "$RETROMESH" pose "$jom/cube.jom" "$jom/skeleton.jom"
expect_status 0 "$RETROMESH" pose --help
expect_grep "$work/out" "--blend NAME:W"
expect_status 0 "$RETROMESH" --help
expect_grep "$work/out" "pose MODEL.jom"

# info: the bones as a tree and one line per animation; keys with --keys.
expect_status 0 "$RETROMESH" info "$jom/skeleton.jom"
expect_grep "$work/out" "bones (3, as a tree):"
expect_grep "$work/out" "  0 'B0': root, group none, pivot 0.000000 0.000000 0.000107"
expect_grep "$work/out" "    1 'B1': group none, pivot 0.250000 -0.000015 0.000107"
expect_grep "$work/out" "      2 'B2': group none, pivot 0.500000 -0.000031 0.000107"
expect_grep "$work/out" "  1 'ANIM1': 2 keys, 10 ticks a key, loop, duration 20 ticks (0.333 s), keys at offset 120"
if grep -q "key 0:" "$work/out"; then echo "FAIL: info prints keys without --keys" >&2; fail=1; fi
expect_status 0 "$RETROMESH" info --keys "$jom/cube.jom"
expect_grep "$work/out" "    1 'LID': group 1 'LID', pivot 0.000000 -1.000000 1.000000"
expect_grep "$work/out" "    key 1: root 0.000000 -0.500000 0.000000"
expect_grep "$work/out" "      bone 1 'LID': 45.0000 0.0000 -90.0000"
expect_status 0 "$RETROMESH" info --json "$jom/cube.jom"
expect_grep "$work/out" '"keys": ['
finish
