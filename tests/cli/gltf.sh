command -v python3 >/dev/null || { echo "skipped: cli_gltf: python3 is not installed"; exit 77; }
# retromesh on glTF 2.0 end to end: the fixtures written by
# tests/gltf/gltf_gen.py (see its header for what each one covers) are
# converted to JOM, checked, shown by info, compared at rest with the
# independent evaluator (tests/gltf/gltf_eval.py, through compare_pose.py),
# rendered, converted to OBJ and NIFF; the box has 6 quads; each bad file
# is exit 1 with its message; --rigid, --loop, --once, --key-ticks.
. "$(dirname "$0")/lib.sh"
gdir="$SRC/tests/gltf"
gx=$(mktemp -d "${TMPROOT:-${TMPDIR:-/tmp}}/gltf-XXXXXX")
trap 'rm -rf "$work" "$gx"' EXIT INT TERM
python3 "$gdir/gltf_gen.py" "$gx" || { echo "FAIL: gltf_gen.py" >&2; exit 1; }

# pyq FILE EXPR: prints the Python expression EXPR of the JSON document d in FILE.
pyq() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }
# expect_q FILE EXPR WANT: the expression's value printed is WANT.
expect_q() {
  got=$(pyq "$1" "$2" 2>&1)
  if [ "$got" != "$3" ]; then
    echo "FAIL: $(basename "$1"): $2 is '$got', want '$3'" >&2
    fail=1
  fi
}
# rest_matches JOM GLTF [SCALE]: the JOM's points are the glTF's vertices at rest.
rest_matches() {
  "$RETROMESH" info --json "$1" >"$work/info.json" 2>"$work/err" || {
    echo "FAIL: info --json $1" >&2; fail=1; return; }
  python3 "$gdir/gltf_eval.py" "$2" --saturn --scale "${3:-1}" >"$work/eval.json" || {
    echo "FAIL: gltf_eval.py $2" >&2; fail=1; return; }
  python3 "$gdir/compare_pose.py" "$work/info.json" "$work/eval.json" --label "$(basename "$2") rest" \
    >"$work/cmp" || { cat "$work/cmp" >&2; fail=1; }
}

# Every good fixture: convert (each into its own folder: the .BIN textures
# go beside the JOM), check, info on the glTF and on the JOM, the points at
# rest where the evaluator puts the vertices.
for f in quantized.gltf interleaved.gltf sparse.gltf textured.gltf embedded.glb datauri.gltf \
         box.glb modes.gltf hierarchy.gltf materials.gltf robot_parented.gltf robot_skinned.gltf \
         robot_parented_turned.gltf robot_skinned_turned.gltf warnings.gltf; do
  b=${f%.*}
  mkdir -p "$work/$b"
  expect_status 0 "$RETROMESH" convert "$gx/$f" "$work/$b/$b.jom"
  expect_status 0 "$RETROMESH" check "$work/$b/$b.jom"
  expect_grep "$work/out" "$work/$b/$b.jom: ok"
  expect_status 0 "$RETROMESH" info "$gx/$f"
  expect_status 0 "$RETROMESH" info "$work/$b/$b.jom"
  rest_matches "$work/$b/$b.jom" "$gx/$f"
done
# The same bytes twice.
expect_status 0 "$RETROMESH" convert "$gx/robot_skinned.gltf" "$work/again.jom"
cmp -s "$work/again.jom" "$work/robot_skinned/robot_skinned.jom" || { echo "FAIL: two conversions differ" >&2; fail=1; }
# --scale: the points scaled.
expect_status 0 "$RETROMESH" convert --scale 2 "$gx/hierarchy.gltf" "$work/h2.jom"
rest_matches "$work/h2.jom" "$gx/hierarchy.gltf" 2

# Recognised by content, not by name: a .gltf named .dat, a GLB named .obj,
# a GLB on standard input.
cp "$gx/datauri.gltf" "$work/model.dat"
expect_status 0 "$RETROMESH" convert "$work/model.dat" "$work/dat.jom"
expect_status 0 "$RETROMESH" check "$work/dat.jom"
cp "$gx/box.glb" "$work/cube.obj"
expect_status 0 "$RETROMESH" convert "$work/cube.obj" "$work/cube_obj.jom"
"$RETROMESH" info --json "$work/cube_obj.jom" >"$work/i.json" && expect_q "$work/i.json" 'd["counts"]["polygons"]' 6
"$RETROMESH" convert - "$work/stdin.jom" <"$gx/box.glb" >"$work/out" 2>"$work/err" ||
  { echo "FAIL: convert - from a GLB on stdin" >&2; sed 's/^/  stderr: /' "$work/err" >&2; fail=1; }
"$RETROMESH" info --json "$work/stdin.jom" >"$work/i.json" && expect_q "$work/i.json" 'd["counts"]["polygons"]' 6

# The Blender box: 12 triangles joined into 6 quads; 12 with --keep-triangles.
"$RETROMESH" info --json "$work/box/box.jom" >"$work/i.json"
expect_q "$work/i.json" 'd["counts"]["polygons"]' 6
expect_q "$work/i.json" 'sum(p["triangle"] for p in d["polygons"])' 0
expect_q "$work/i.json" 'd["counts"]["points"]' 8
expect_q "$work/i.json" '[m["name"] for m in d["materials"]]' "['Material']"
expect_status 0 "$RETROMESH" convert --keep-triangles "$gx/box.glb" "$work/box12.jom"
"$RETROMESH" info --json "$work/box12.jom" >"$work/i.json"
expect_q "$work/i.json" 'd["counts"]["polygons"]' 12
expect_q "$work/i.json" 'sum(p["triangle"] for p in d["polygons"])' 12

# Modes: POINTS and LINES are skipped with a warning; the triangles of the
# other five primitives: 2 + 4 + 2 + 6 + 4.
expect_status 0 "$RETROMESH" convert -v --keep-triangles "$gx/modes.gltf" "$work/modes.jom"
expect_grep "$work/err" "modes.gltf: warning: /meshes/0/primitives/5: mode POINTS has no faces: skipped"
expect_grep "$work/err" "modes.gltf: warning: /meshes/0/primitives/6: mode LINES has no faces: skipped"
"$RETROMESH" info --json "$work/modes.jom" >"$work/i.json"
expect_q "$work/i.json" 'd["counts"]["polygons"]' 18
# The default scene only (scenes[1]): not the node of scenes[0]; groups
# named after their nodes.
"$RETROMESH" info --json "$work/hierarchy/hierarchy.jom" >"$work/i.json"
expect_q "$work/i.json" 'sorted(g["name"] for g in d["groups"])' "['leaf', 'mid', 'side']"
expect_q "$work/i.json" 'max(abs(p["y"]) for p in d["points"]) < 10' True
# An unknown extension in extensionsUsed is only a note that names it.
expect_status 0 "$RETROMESH" convert -v "$gx/textured.gltf" "$work/textured2/t.jom"
expect_grep "$work/err" "EXT_retromesh_unknown"
# Textures: the external and the embedded PNGs become .BIN textures, or TIMG.
"$RETROMESH" info --json "$work/textured/textured.jom" >"$work/i.json"
expect_q "$work/i.json" 'len(d["textures"])' 1
"$RETROMESH" info --json "$work/embedded/embedded.jom" >"$work/i.json"
expect_q "$work/i.json" 'len(d["textures"])' 1
expect_status 0 "$RETROMESH" convert --embed-textures "$gx/datauri.gltf" "$work/emb.jom"
"$RETROMESH" info --json "$work/emb.jom" >"$work/i.json"
expect_q "$work/i.json" 'd["counts"]["embedded_textures"]' 1

# Materials: the colour, BLEND half transparent, doubleSided dual plane,
# the jo_* options of extras as in an MTL; vertex colours.
"$RETROMESH" info --json "$work/materials/materials.jom" >"$work/i.json"
expect_q "$work/i.json" '[m["name"] for m in d["materials"]]' "['red', 'glass', 'fence', 'options']"
expect_q "$work/i.json" 'd["materials"][0]["color"]["hex"]' '#ff0000'
expect_q "$work/i.json" '"half_transparent" in d["materials"][1]["flags"]["names"]' True
expect_q "$work/i.json" '"half_transparent" in d["materials"][0]["flags"]["names"]' False
expect_q "$work/i.json" '"dual_plane" in d["materials"][2]["flags"]["names"]' True
expect_q "$work/i.json" '"dual_plane" in d["materials"][0]["flags"]["names"]' False
expect_q "$work/i.json" 'sorted(d["materials"][3]["flags"]["names"])' "['dual_plane', 'flip_h', 'gouraud', 'light', 'sort_min']"
expect_q "$work/i.json" 'd["materials"][3]["flags"]["user"]' '[3]'
expect_q "$work/i.json" 'd["materials"][3]["user"]' 42
# alphaMode MASK: the texels of mask.png with alpha 0 (a cross through
# rows and columns 3 and 4) are transparent in the texture the Saturn shows.
expect_status 0 "$RETROMESH" convert --embed-textures "$gx/materials.gltf" "$work/mat_e.jom"
expect_status 0 "$RETROMESH" info --extract-textures "$work/tex" "$work/mat_e.jom"
python3 - "$work/tex" <<'EOF' || fail=1
import glob, struct, sys, zlib
files = glob.glob(sys.argv[1] + '/*.png')
if len(files) != 1:
    print('FAIL: extracted textures: %s' % files)
    sys.exit(1)
b = open(files[0], 'rb').read()
pos, idat = 8, b''
while pos < len(b):
    n, tag = struct.unpack_from('>I4s', b, pos)
    data = b[pos + 8:pos + 8 + n]
    pos += 12 + n
    if tag == b'IHDR':
        w, h, depth, ctype = struct.unpack_from('>IIBB', data)
    elif tag == b'IDAT':
        idat += data
if (depth, ctype) != (8, 6):
    print('FAIL: %s: not 8-bit RGBA (depth %d, colour type %d)' % (files[0], depth, ctype))
    sys.exit(1)
raw, stride, prev, rows, i = zlib.decompress(idat), w * 4, bytearray(w * 4), [], 0
for y in range(h):        # undo the PNG filters (0 none .. 4 Paeth)
    ft, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - 4] if x >= 4 else 0
        up, c = prev[x], (prev[x - 4] if x >= 4 else 0)
        if ft == 1:
            line[x] = (line[x] + a) & 255
        elif ft == 2:
            line[x] = (line[x] + up) & 255
        elif ft == 3:
            line[x] = (line[x] + (a + up) // 2) & 255
        elif ft == 4:
            p = a + up - c
            pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
got = [[rows[y][4 * x + 3] == 0 for x in range(w)] for y in range(h)]
want = [[x in (3, 4) or y in (3, 4) for x in range(8)] for y in range(8)]
if (w, h) != (8, 8) or got != want:
    print('FAIL: the MASK texture\'s transparent texels: %s' % got)
    sys.exit(1)
EOF
# COLOR_0 of every type (quantized.gltf): vertex colours.
"$RETROMESH" info --json "$work/quantized/quantized.jom" >"$work/i.json"
expect_q "$work/i.json" '"vertex_colors" in d' True

# The skeletons: bones parents first, pivots in Saturn axes, groups after
# the nodes; animations, their keys and loops.
"$RETROMESH" info --json "$work/robot_parented/robot_parented.jom" >"$work/i.json"
expect_q "$work/i.json" '[(b["name"], b["parent"], b["group_name"]) for b in d["bones"]]' \
  "[('hip', -1, 'body'), ('spine', 0, 'chest'), ('head', 1, 'head_mesh'), ('arm', 1, 'arm_mesh'), ('leg', 0, 'leg_mesh')]"
expect_q "$work/i.json" '[round(c, 4) for c in (d["bones"][0]["pivot"]["x"], d["bones"][0]["pivot"]["y"], d["bones"][0]["pivot"]["z"])]' '[0.0, -1.1, 0.0]'
expect_q "$work/i.json" '[(a["name"], a["key_count"], a["key_ticks"], a["loop"]) for a in d["animations"]]' \
  "[('wave', 4, 15, True), ('reach', 3, 30, False)]"
"$RETROMESH" info --json "$work/robot_skinned/robot_skinned.jom" >"$work/i.json"
expect_q "$work/i.json" '[(b["name"], b["parent"], b["group_name"]) for b in d["bones"]]' \
  "[('root', -1, 'root'), ('arm', 0, 'arm'), ('hand', 1, 'hand')]"
expect_q "$work/i.json" '[(a["name"], a["key_count"], a["key_ticks"], a["loop"]) for a in d["animations"]]' \
  "[('swing', 4, 15, True), ('wiggle', 3, 30, False)]"
expect_q "$work/i.json" '[g["point_count"] for g in d["groups"]]' '[8, 8, 8]'
expect_q "$work/i.json" '[d["bones"][0]["pivot"][k] for k in "xyz"]' '[0.0, 0.0, -0.5]'
# What a rigid skeleton cannot hold is warned about; names cut to 15
# bytes; groups of unnamed nodes take their mesh's name, or node<N>; same
# names made unique.
expect_status 0 "$RETROMESH" convert -v "$gx/warnings.gltf" "$work/w.jom"
expect_grep "$work/err" 'warnings.gltf: warning: /animations/0 "a_very_long_animation_name": bone "arm" changes size (scale animated)'
expect_grep "$work/err" 'warnings.gltf: warning: /animations/0 "a_very_long_animation_name": bone "arm" moves (translation animated)'
expect_grep "$work/err" 'warnings.gltf: warning: /animations/0: name "a_very_long_animation_name" is cut to 15 bytes in the model ("a_very_long_ani")'
expect_grep "$work/err" 'warnings.gltf: warning: /animations/1: name "a_very_long_animation_name_2" is cut to 15 bytes'
"$RETROMESH" info --json "$work/w.jom" >"$work/i.json"
expect_q "$work/i.json" '[g["name"] for g in d["groups"]]' "['arm_mesh', 'base_mesh', 'twin', 'twin.1', 'cube', 'node7']"
expect_q "$work/i.json" '[(a["name"], a["key_count"], a["loop"], a["duplicate"]) for a in d["animations"]]' \
  "[('a_very_long_ani', 3, False, 0), ('a_very_long_ani', 2, True, 0)]"
expect_status 0 "$RETROMESH" pose "$work/w.jom" --anim a_very_long_ani --time 30
expect_grep "$work/out" "animation 0 'a_very_long_ani'"
# info on the glTF itself: what the mesh holds, bones and animations.
expect_status 0 "$RETROMESH" info "$gx/robot_skinned.gltf"
expect_grep "$work/out" "robot_skinned.gltf: glTF: 3 groups, 72 vertices, 36 faces, 1 materials"
expect_grep "$work/out" 'bone 2 "hand" moves "hand", pivot 0 1.8 0.5'
expect_grep "$work/out" 'animation "swing": 4 keys, 15 ticks apart (1.000 s), loops'
expect_grep "$work/out" 'animation "wiggle": 3 keys, 30 ticks apart (1.000 s), once'
expect_status 0 "$RETROMESH" info "$gx/box.glb"
expect_grep "$work/out" "box.glb: GLB: 1 groups, 24 vertices, 12 faces, 1 materials"
# --loop and --once decide; the last key is kept when it does not loop.
expect_status 0 "$RETROMESH" convert "$gx/robot_parented.gltf" "$work/lo.jom" --once wave --loop reach
"$RETROMESH" info --json "$work/lo.jom" >"$work/i.json"
expect_q "$work/i.json" '[(a["name"], a["key_count"], a["loop"]) for a in d["animations"]]' \
  "[('wave', 5, False), ('reach', 3, True)]"
expect_status 1 "$RETROMESH" convert "$gx/robot_parented.gltf" "$work/x.jom" --loop dance
expect_grep "$work/err" "dance"
expect_no_file "$work/x.jom"
# --key-ticks: keys every 5 ticks: 13 samples of wave, a loop: 12 keys.
expect_status 0 "$RETROMESH" convert "$gx/robot_parented.gltf" "$work/kt.jom" --key-ticks 5
"$RETROMESH" info --json "$work/kt.jom" >"$work/i.json"
expect_q "$work/i.json" '[(a["name"], a["key_count"], a["key_ticks"], a["duration_ticks"]) for a in d["animations"]]' \
  "[('wave', 12, 5, 60), ('reach', 13, 5, 60)]"
expect_status 2 "$RETROMESH" convert "$gx/robot_parented.gltf" "$work/x.jom" --key-ticks soon
expect_no_file "$work/x.jom"

# render of a glTF and of its JOM posed; a short GIF of the animation.
expect_status 0 "$RETROMESH" render "$gx/box.glb" -o "$work/box.png" --size 64x48
head -c 8 "$work/box.png" | od -An -tx1 | grep -q "89 50 4e 47" || { echo "FAIL: render box.glb: no PNG" >&2; fail=1; }
expect_status 0 "$RETROMESH" render "$gx/robot_parented.gltf" -o "$work/robot.png" --size 64x48 --anim wave --time 15
expect_status 0 "$RETROMESH" render "$work/robot_skinned/robot_skinned.jom" --gif "$work/swing.gif" --anim swing --size 64x48 --max-frames 40
head -c 6 "$work/swing.gif" | grep -q GIF8 || { echo "FAIL: no GIF" >&2; fail=1; }

# To OBJ (with its MTL and PNGs) and NIFF; both read back.
mkdir -p "$work/objout"
expect_status 0 "$RETROMESH" convert "$gx/textured.gltf" "$work/objout/crate.obj"
[ -s "$work/objout/crate.mtl" ] || { echo "FAIL: no crate.mtl" >&2; fail=1; }
ls "$work/objout"/*.png >/dev/null 2>&1 || { echo "FAIL: no PNG beside crate.obj" >&2; fail=1; }
# KHR_texture_transform, then glTF's V (down) made OBJ's (up): v' = 1 - v.
# The corner (0.5, -0.5, -0.5) has the glTF UVs (0, 1) on its +X and -Z
# faces and (1, 0) on -Y; scaled by 0.5 and moved by (0.5, 0): (0.5, 0.5)
# and (1, 0); flipped: (0.5, 0.5) and (1, 1) in the OBJ (unflipped, (1, 0)
# would stay; untransformed they would be (0, 0) and (1, 1)).
python3 - "$work/objout/crate.obj" <<'EOF' || fail=1
import sys
v, vt, seen = [], [], set()
for line in open(sys.argv[1]):
    w = line.split()
    if w and w[0] == 'v':
        v.append(tuple(float(c) for c in w[1:4]))
    elif w and w[0] == 'vt':
        vt.append(tuple(float(c) for c in w[1:3]))
    elif w and w[0] == 'f':
        for corner in w[1:]:
            p = corner.split('/')
            if v[int(p[0]) - 1] == (0.5, -0.5, -0.5):
                seen.add(vt[int(p[1]) - 1])
if sorted(seen) != [(0.5, 0.5), (1.0, 1.0)]:
    print('FAIL: crate.obj: the UVs at (0.5, -0.5, -0.5) are %s, want (0.5, 0.5) and (1, 1)' % sorted(seen))
    sys.exit(1)
EOF
expect_status 0 "$RETROMESH" convert "$work/objout/crate.obj" "$work/objout/crate.jom"
expect_status 0 "$RETROMESH" check "$work/objout/crate.jom"
expect_status 0 "$RETROMESH" convert "$gx/box.glb" "$work/box.niff"
expect_status 0 "$RETROMESH" check "$work/box.niff"
expect_status 0 "$RETROMESH" convert "$work/box.niff" "$work/box_niff.jom"
expect_status 0 "$RETROMESH" check "$work/box_niff.jom"

# Each bad file: exit 1, the file and the JSON path named, nothing written.
bad() {  # bad FILE FRAGMENT...
  f=$1; shift
  expect_status 1 "$RETROMESH" convert "$gx/$f" "$work/bad.jom"
  expect_grep "$work/err" "$f: error: "
  for frag in "$@"; do expect_grep "$work/err" "$frag"; done
  expect_no_file "$work/bad.jom"
}
bad bad_ext_required.gltf '/extensionsRequired/0: the file requires the extension "KHR_draco_mesh_compression", which this reader does not support'
bad bad_accessor_range.gltf "/accessors/0: bufferView 0 holds 120 bytes, the accessor needs 288"
bad bad_base64.gltf "/buffers/0/uri: the data: URI's base64 is not valid"
bad bad_nonrigid.gltf '/meshes/0/primitives/0: vertex 1 of mesh "robot" is weighted to several joints: "arm" 0.60, "hand" 0.40' "give --rigid"
bad bad_33_bones.gltf "/skins/0: 33 bones, a Jo Engine model has at most 32"
# A binary container's message gives the offset, as for the project's other binary inputs.
expect_status 1 "$RETROMESH" convert "$gx/bad_truncated.glb" "$work/bad.jom"
expect_grep "$work/err" "bad_truncated.glb: GLB header at 0x8: length 1632 is past the end of the file (100 bytes)"
expect_no_file "$work/bad.jom"
# info refuses them too.
expect_status 1 "$RETROMESH" info "$gx/bad_accessor_range.gltf"
expect_grep "$work/err" "bufferView 0 holds 120 bytes"
# --rigid: the vertex goes to its heaviest joint, one warning says how many moved.
expect_status 0 "$RETROMESH" convert --rigid "$gx/bad_nonrigid.gltf" "$work/rigid.jom"
expect_grep "$work/err" "bad_nonrigid.gltf: warning: --rigid: 1 vertex weighted to several joints went to its heaviest joint"
expect_status 0 "$RETROMESH" check "$work/rigid.jom"
# A missing external buffer is an I/O error naming it (exit 3).
mkdir -p "$work/nobin"
cp "$gx/interleaved.gltf" "$work/nobin/"
expect_status 3 "$RETROMESH" convert "$work/nobin/interleaved.gltf" "$work/nobin/x.jom"
expect_grep "$work/err" "interleaved.bin"
expect_no_file "$work/nobin/x.jom"
# The output may not be the .bin the glTF reads.
cp "$gx/interleaved.bin" "$work/nobin/"
expect_status 2 "$RETROMESH" convert "$work/nobin/interleaved.gltf" "$work/nobin/interleaved.bin"
cmp -s "$gx/interleaved.bin" "$work/nobin/interleaved.bin" || { echo "FAIL: the .bin was written over" >&2; fail=1; }
finish
