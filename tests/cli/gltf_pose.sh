command -v python3 >/dev/null || { echo "skipped: cli_gltf_pose: python3 is not installed"; exit 77; }
# The independent check of the glTF skeletons: for each skeleton fixture
# of tests/gltf/gltf_gen.py, each animation and several times T (ticks),
# the points of the JOM posed as the engine poses them (`retromesh pose
# --json` matrices applied to `retromesh info --json` points, see
# tests/gltf/compare_pose.py) must be where tests/gltf/gltf_eval.py, which
# reads the glTF alone, puts the vertices at T/60 s in Saturn axes.
#
# Which times: the JOM interpolates the engine's angles linearly between
# keys, the glTF slerps (or steps, or follows a cubic spline); both agree
# between keys only when each bone turns about one fixed axis ("wave").
# So with the default key step, "wave" is compared at any tick and the
# others on their keys (multiples of the step) and after the end; with
# --key-ticks 1 every tick is a key and every animation is compared at any
# tick, on keyframes and between them.
. "$(dirname "$0")/lib.sh"
gdir="$SRC/tests/gltf"
gx=$(mktemp -d "${TMPROOT:-${TMPDIR:-/tmp}}/gltf-XXXXXX")
trap 'rm -rf "$work" "$gx"' EXIT INT TERM
python3 "$gdir/gltf_gen.py" "$gx" || { echo "FAIL: gltf_gen.py" >&2; exit 1; }

# ---- the generator and the evaluator on their own
# Deterministic: the same bytes twice.
python3 "$gdir/gltf_gen.py" "$work/again" && diff -r "$gx" "$work/again" >/dev/null ||
  { echo "FAIL: gltf_gen.py writes different files twice" >&2; fail=1; }
# The evaluator gives the positions written, worked out by hand.
python3 - "$gdir" "$gx" <<'EOF' || fail=1
import json, math, subprocess, sys
gdir, gx = sys.argv[1], sys.argv[2]
sys.dont_write_bytecode = True      # no __pycache__ in the source tree
sys.path.insert(0, gdir)
import gltf_eval
bad = []
docs = {}
def ev(f, *args):
    """The evaluation (--anim NAME, --time S only), in this process."""
    if f not in docs:
        docs[f] = gltf_eval.Doc(gx + '/' + f)
    a = dict(zip(args[::2], args[1::2]))
    r = docs[f].evaluate(a.get('--anim'), float(a.get('--time', 0)))
    r['points'] = [p for pr in r['primitives'] for p in pr['positions']]
    return r
def near(a, b, eps=1e-5):
    return all(abs(x - y) <= eps for x, y in zip(a, b))
def has(points, p, eps=1e-5):
    return any(near(q, p, eps) for q in points)
def expect(cond, what):
    if not cond:
        bad.append(what)
# box.glb: the 8 corners of [-1, 1]^3, 24 vertices; Saturn axes flip y, z.
d = ev('box.glb')
expect(len(d['points']) == 24, 'box: 24 vertices')
expect(sorted(set(tuple(p) for p in d['points'])) ==
       sorted((x, y, z) for x in (-1.0, 1.0) for y in (-1.0, 1.0) for z in (-1.0, 1.0)), 'box corners')
s = json.loads(subprocess.run([sys.executable, gdir + '/gltf_eval.py', gx + '/box.glb', '--saturn',
                              '--scale', '2'], check=True, capture_output=True, text=True).stdout)
expect(near(s['points'][0], [2.0, 2.0, 2.0]), 'box in Saturn axes: (1, -1, -1) -> (2, 2, 2)')
# quantized.gltf: each variant's first corner (node translation k * 1.25 - 5, scale).
d = ev('quantized.gltf')
firsts = [p['positions'][0] for p in d['primitives']]
want = [(-5.5, -0.5), (-4.25, -0.5), (-3.0, -0.5), (-1.25, 0.0), (0.0, 0.0), (0.75, -0.5),
        (2.0, -0.5), (3.75, 0.0), (5.0, 0.0)]
expect(len(firsts) == 9 and all(near(f, [x, y, 0.0]) for f, (x, y) in zip(firsts, want)),
       'quantized first corners %s' % firsts)
widths = [max(p[0] for p in pr['positions']) - min(p[0] for p in pr['positions']) for pr in d['primitives']]
expect(all(abs(w - x) < 1e-6 for w, x in zip(widths, [1, 1, 1, 0.5, 0.5, 1, 1, 0.5, 0.5])),
       'quantized: the quads 1 wide (signed), 0.5 (unsigned): %s' % widths)
# sparse.gltf: vertices 2 and 7 lifted to y 0.5; the tile's corner 0 at the origin (+ z 3).
d = ev('sparse.gltf')
r, t = d['primitives'][0]['positions'], d['primitives'][1]['positions']
expect(has(r, [2, 0.5, 0]) and has(r, [2, 0.5, 1]) and not has(r, [2, 0, 0]), 'sparse ridge')
expect(sorted(map(tuple, t)) == [(0, 0, 3), (0, 1, 3), (1, 0, 3), (1, 1, 3)], 'sparse tile %s' % t)
# interleaved.gltf: the slab x -0.5..0.5, y 0..1, z -0.25..0.25.
d = ev('interleaved.gltf')
expect(sorted(set(tuple(p) for p in d['points'])) ==
       sorted((x, y, z) for x in (-0.5, 0.5) for y in (0.0, 1.0) for z in (-0.25, 0.25)), 'interleaved')
# modes.gltf: 5 primitives with faces (POINTS, LINES left out), 29 vertices.
d = ev('modes.gltf')
expect(len(d['primitives']) == 5 and len(d['points']) == 29, 'modes counts')
expect(not has(d['points'], [0, 3, 0]), 'modes: the POINTS are not vertices')
# hierarchy.gltf: leaf's vertex 0 = top Rx(-20) . mid (T(1,0,0) Rz(30) S(1,2,1)) . leaf T(0,1,0):
# (0, 2, 0) -> (-1, 1.7320508) -> (0, 1.7320508, 0) -> (0, 1.7320508 cos 20, 1.7320508 sin -20).
d = ev('hierarchy.gltf')
names = [p['node_name'] for p in d['primitives']]
expect(names == ['mid', 'leaf', 'side'], 'hierarchy: default scene nodes %s' % names)
leaf = d['primitives'][1]['positions'][0]
c20, s20 = math.cos(math.radians(20)), math.sin(math.radians(20))
expect(near(leaf, [0, 1.7320508 * c20, -1.7320508 * s20], 1e-5), 'hierarchy leaf %s' % leaf)
expect(has(d['primitives'][2]['positions'], [-2, 0, 0.5]), 'hierarchy side (matrix)')
# robot_skinned.gltf at rest: root and arm vertices where written (their
# inverse binds undo the rest pose), the hand turned 20 degrees about Z
# around its joint (0, 1.8) (its rest rotation is not its bind pose).
d = ev('robot_skinned.gltf')
p = d['points']
expect(near(p[0], [0.4, 0.0, -0.3]) and near(p[24], [0.15, 1.0, -0.15], 1e-4), 'skinned rest %s %s' % (p[0], p[24]))
c, s_ = math.cos(math.radians(20)), math.sin(math.radians(20))
# its vertex 48, written at (0.2, 1.8, -0.1), 0.2 right of the joint:
expect(near(p[48], [0.2 * c, 1.8 + 0.2 * s_, -0.1], 1e-5), 'skinned hand %s' % p[48])
# wiggle at 0.5 s (on a CUBICSPLINE key: its value): the arm turned 40
# degrees about Y around its joint, the root moved by (0, 0.2, 0.1):
# vertex 24 (0.15, 1, -0.15) - (0, 1, 0.5) = (0.15, 0, -0.65) -> Ry(40) -> + (0, 1.2, 1.1) - (0, 0, 0.5).
d = ev('robot_skinned.gltf', '--anim', 'wiggle', '--time', '0.5')
c, s_ = math.cos(math.radians(40)), math.sin(math.radians(40))
v = [0.15 * c - 0.65 * s_, 1.2, -0.15 * s_ - 0.65 * c + 0.6]
expect(near(d['points'][24], v, 1e-5), 'wiggle 0.5 arm %s want %s' % (d['points'][24], v))
# STEP holds a key until the next: swing at 0.2 s is swing at 0; at 0.25 s it is not.
a, b, c_ = (ev('robot_skinned.gltf', '--anim', 'swing', '--time', t)['points'] for t in ('0', '0.2', '0.25'))
expect(a == b and a != c_, 'swing STEP')
# CUBICSPLINE between keys is not the straight line: wiggle at 0.25 s.
m = ev('robot_skinned.gltf', '--anim', 'wiggle', '--time', '0.25')['points'][24]
expect(not near(m, [(x + y) / 2 for x, y in zip(ev('robot_skinned.gltf')['points'][24], v)], 1e-3),
       'wiggle 0.25 is a spline')
# wave loops (its last key is its first), reach does not; LINEAR about one
# axis: the hip bob at 0.125 s is halfway (y + 0.025).
w = [ev('robot_parented.gltf', '--anim', 'wave', '--time', t)['points'] for t in ('0', '1', '0.125')]
expect(all(near(p, q, 1e-6) for p, q in zip(w[0], w[1])), 'wave loops')
r = [ev('robot_parented.gltf', '--anim', 'reach', '--time', t)['points'] for t in ('0', '1', '2')]
expect(not all(near(p, q, 1e-3) for p, q in zip(r[0], r[1])), 'reach ends elsewhere')
expect(r[1] == r[2], 'reach holds its last key after the end')
rest = ev('robot_parented.gltf')['points']
body = [i for i, pr in enumerate(ev('robot_parented.gltf')['primitives']) if pr['node_name'] == 'body']
expect(body == [4], 'robot_parented order %s' % body)
for msg in bad:
    print('FAIL: evaluator: ' + msg)
sys.exit(1 if bad else 0)
EOF

# ---- the JOM posed against the glTF
# check_pose JOM GLTF ANIM SATURN SCALE T...: the poses of ANIM at each
# tick T, then one compare_pose.py for them all (SATURN 1: the glTF seen in
# Saturn axes, 0: as it is, for --saturn-axes).
check_pose() {
  jom=$1 gl=$2 anim=$3 sat=$4 scale=$5; shift 5
  [ -f "$jom" ] || return   # its conversion failed (said so)
  "$RETROMESH" info --json "$jom" >"$work/info.json" || { echo "FAIL: info --json $jom" >&2; fail=1; return; }
  rm -rf "$work/poses" && mkdir "$work/poses"
  for T in "$@"; do
    if ! "$RETROMESH" pose "$jom" --anim "$anim" --time "$T" --json >"$work/poses/$T.json" 2>"$work/err"; then
      echo "FAIL: pose $(basename "$jom") --anim $anim --time $T" >&2
      sed 's/^/  stderr: /' "$work/err" | head -5 >&2
      fail=1
      return
    fi
  done
  python3 "$gdir/compare_pose.py" --batch "$work/info.json" "$gl" "$anim" "$sat" "$scale" "$work/poses" "$@" \
    --label "$(basename "$jom")" >"$work/cmp" || { grep -v '^[^ ]* [^ ]* T=[0-9]*: ok:' "$work/cmp" >&2; fail=1; }
}
# convert_to GLTF OUT OPTIONS...
convert_to() {
  src=$1 out=$2; shift 2
  "$RETROMESH" convert -q "$src" "$out" "$@" 2>"$work/err" ||
    { echo "FAIL: convert $(basename "$src") $*" >&2; sed 's/^/  stderr: /' "$work/err" | head -5 >&2; fail=1; }
}

par="$gx/robot_parented.gltf"
skn="$gx/robot_skinned.gltf"
convert_to "$par" "$work/par.jom"
convert_to "$par" "$work/par1.jom" --key-ticks 1
convert_to "$par" "$work/par2.jom" --scale 2
convert_to "$skn" "$work/skn.jom"
convert_to "$skn" "$work/skn1.jom" --key-ticks 1
convert_to "$skn" "$work/skn2.jom" --scale 0.5 --key-ticks 1
convert_to "$par" "$work/par_sa.jom" --saturn-axes --key-ticks 1
convert_to "$skn" "$work/skn_sa.jom" --saturn-axes --key-ticks 1

# Setup (a), mesh nodes under animated bones. wave: 4 keys of 15 ticks, a
# loop of 60 ticks (t 75 is t 15; the glTF is asked for 15 / 60 s there).
check_pose "$work/par.jom" "$par" wave 1 1 0 1 7 14 15 16 22 30 37 45 52 59 60
check_pose "$work/par.jom" "$par" reach 1 1 0 30 60 90
check_pose "$work/par1.jom" "$par" wave 1 1 0 7 15 22 30 41 45 59 60
check_pose "$work/par1.jom" "$par" reach 1 1 0 1 7 15 22 29 30 31 45 59 60 61 120
check_pose "$work/par2.jom" "$par" wave 1 2 0 22 45
check_pose "$work/par2.jom" "$par" reach 1 2 0 30 60
"$RETROMESH" pose "$work/par.jom" --anim wave --time 75 --json >"$work/p75.json" 2>/dev/null &&
  "$RETROMESH" pose "$work/par.jom" --anim wave --time 15 --json >"$work/p15.json" 2>/dev/null &&
  sed 's/"time": 75/"time": 15/' "$work/p75.json" | cmp -s - "$work/p15.json" ||
  { echo "FAIL: robot_parented wave does not loop (t 75 is not t 15)" >&2; fail=1; }

# Setup (b), one mesh rigidly skinned. swing: STEP keys (a loop); wiggle:
# CUBICSPLINE, once.
check_pose "$work/skn.jom" "$skn" swing 1 1 0 15 30 45 60
check_pose "$work/skn.jom" "$skn" wiggle 1 1 0 30 60 100
check_pose "$work/skn1.jom" "$skn" swing 1 1 0 7 14 15 16 29 30 31 44 45 46 59 60
check_pose "$work/skn1.jom" "$skn" wiggle 1 1 0 1 7 15 22 29 30 31 41 52 59 60 61
check_pose "$work/skn2.jom" "$skn" swing 1 0.5 0 16 31 46
check_pose "$work/skn2.jom" "$skn" wiggle 1 0.5 0 15 37 60

# The Armature turned and scaled: the root offset and the pivots in its
# frame, the turns about axes it has turned.
convert_to "$gx/robot_parented_turned.gltf" "$work/part.jom" --key-ticks 1
convert_to "$gx/robot_skinned_turned.gltf" "$work/sknt.jom" --key-ticks 1
check_pose "$work/part.jom" "$gx/robot_parented_turned.gltf" wave 1 1 0 10 22 31 45 60
check_pose "$work/part.jom" "$gx/robot_parented_turned.gltf" reach 1 1 0 10 22 31 45 60
check_pose "$work/sknt.jom" "$gx/robot_skinned_turned.gltf" swing 1 1 0 10 22 31 45 60
check_pose "$work/sknt.jom" "$gx/robot_skinned_turned.gltf" wiggle 1 1 0 10 22 31 45 60

# --saturn-axes: the glTF's axes kept (no flip of y and z), angles as they are.
check_pose "$work/par_sa.jom" "$par" wave 0 1 0 22 45
check_pose "$work/par_sa.jom" "$par" reach 0 1 0 17 41 60
check_pose "$work/skn_sa.jom" "$skn" swing 0 1 0 16 31
check_pose "$work/skn_sa.jom" "$skn" wiggle 0 1 0 23 41 60
finish
