#!/usr/bin/env python3
"""tests/gltf/compare_pose.py - do the JOM's posed points match the glTF's?

Usage: python3 compare_pose.py INFO.json EVAL.json [POSE.json] [--tol-rel R] [--label TEXT]
       python3 compare_pose.py --batch INFO.json GLTF ANIM SATURN SCALE POSE_DIR T... [...]

INFO.json is `retromesh info --json OUT.jom` (points, groups, bones, radius),
POSE.json `retromesh pose OUT.jom --anim NAME --time T --json` (the bones'
matrices; without it the points are compared as they are, the rest pose),
EVAL.json `gltf_eval.py F.gltf --anim NAME --time T/60 --saturn --scale S`
(the vertices as the glTF data alone puts them). --batch evaluates the glTF
itself (gltf_eval imported) at each T / 60 s and compares with the pose
POSE_DIR/T.json of each tick T: one process for many times.

The posed points are computed as docs/runtime.md "Drawing" says: every
point is moved by the root offset; the points of a bone's group (GRUP
first_point .. first_point + point_count) by that bone's matrix instead
(which holds the root already: the model matrix is its first factor); if
two bones name one group the later one wins. Matrices are SGL's: 4 rows of
3 Q16.16 numbers (65536 = 1.0), a point is a row vector:
  x' = x m[0][0] + y m[1][0] + z m[2][0] + m[3][0]   (and so on).

Both ways must hold: every posed point within the tolerance of some glTF
vertex (nothing drawn where the glTF has nothing), and every glTF vertex
within it of some posed point (nothing of the glTF lost). The welding of
the converter merges equal positions, so sets are compared, not lists.

The tolerance, R * radius (R = 2e-3 by default; the radius of the JOM's
bounding sphere) plus 2e-4 absolute, covers the engine's precision:
  - a jo_angle is 1/65536 turn, so a rounded angle is off by at most
    pi/65536 = 4.8e-5 rad; three angles a bone and chains of up to 4 bones
    give at most 12 * 4.8e-5 = 5.8e-4 rad, which moves a point at most
    5.8e-4 * (its distance to the pivots, below 2 * radius) = 1.2e-3 radius;
  - sin and cos are within 1/65536 and each Q16.16 product is floored
    (1.5e-5 a step, a few dozen steps through 4 matrices): below 1e-4 absolute;
  - points, pivots and roots are rounded to the nearest 1/65536 (7.6e-6).
A wrong sign, axis or order of the turns, or a key from the wrong time,
moves points by a good part of the radius: far beyond it.
"""
import json
import math
import sys


def q16(v):
    return v / 65536.0


def posed_points(info, pose):
    pts = [[q16(c) for c in p['raw']] for p in info['points']]
    if pose is None:
        return pts, 'rest'
    root = [q16(c) for c in pose['root']]
    out = [[p[0] + root[0], p[1] + root[1], p[2] + root[2]] for p in pts]
    bones = info.get('bones', [])
    groups = info.get('groups', [])
    pbones = pose['bones']
    if len(pbones) != len(bones):
        raise SystemExit('compare_pose.py: the pose has %d bones, the model %d'
                         % (len(pbones), len(bones)))
    for b, pb in zip(bones, pbones):
        if b['name'] != pb['name']:
            raise SystemExit('compare_pose.py: bone %r in the model, %r in the pose'
                             % (b['name'], pb['name']))
        g = b['group']
        if g == 65535:
            continue
        grp = groups[g]
        m = [[q16(c) for c in row] for row in pb['matrix']]
        for i in range(grp['first_point'], grp['first_point'] + grp['point_count']):
            x, y, z = pts[i]
            out[i] = [x * m[0][k] + y * m[1][k] + z * m[2][k] + m[3][k] for k in range(3)]
    return out, '%s at %s' % (pose.get('animation'), pose.get('time'))


def nearest(p, cloud):
    best, bi = float('inf'), -1
    for i, q in enumerate(cloud):
        d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2
        if d < best:
            best, bi = d, i
    return math.sqrt(best), bi


def compare(info, pose, gl, tol_rel, label):
    """Prints one line; True when every point and vertex is within the tolerance."""
    posed, what = posed_points(info, pose)
    radius = info['radius']['value']
    tol = tol_rel * radius + 2e-4
    if not posed or not gl:
        print('%sFAIL: %d posed points, %d glTF vertices' % (label, len(posed), len(gl)))
        return False
    bad = 0
    worst_a, worst_b = (0.0, None), (0.0, None)
    for k, p in enumerate(posed):
        d, j = nearest(p, gl)
        if d > worst_a[0]:
            worst_a = (d, (k, p, gl[j]))
        if d > tol:
            bad += 1
    for k, q in enumerate(gl):
        d, j = nearest(q, posed)
        if d > worst_b[0]:
            worst_b = (d, (k, q, posed[j]))
        if d > tol:
            bad += 1
    status = 'ok' if bad == 0 else 'FAIL'
    print('%s%s: %s: %d points, %d glTF vertices, worst %.3g (JOM to glTF) %.3g (glTF to JOM),'
          ' tolerance %.3g' % (label, status, what, len(posed), len(gl), worst_a[0], worst_b[0], tol))
    if bad:
        def fmt(v):
            return '(%s)' % ', '.join('%.5f' % c for c in v)
        if worst_a[1] and worst_a[0] > tol:
            k, p, q = worst_a[1]
            print('  JOM point %d at %s, nearest glTF vertex %s' % (k, fmt(p), fmt(q)))
        if worst_b[1] and worst_b[0] > tol:
            k, q, p = worst_b[1]
            print('  glTF vertex %d at %s, nearest JOM point %s' % (k, fmt(q), fmt(p)))
        print('  %d points or vertices out of tolerance' % bad)
    return bad == 0


def batch(args, tol_rel, label):
    """--batch INFO.json GLTF ANIM SATURN SCALE POSE_DIR T...: the glTF
    evaluated here (gltf_eval.py, imported: one process for every time)
    at T / 60 s, against POSE_DIR/T.json for each T. SATURN is 1 for
    Saturn axes, 0 for the glTF's own."""
    import os
    sys.dont_write_bytecode = True      # no __pycache__ in the source tree
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gltf_eval
    info_path, gltf, anim, saturn, scale, pose_dir = args[:6]
    info = json.load(open(info_path))
    scale = float(scale)
    doc = gltf_eval.Doc(gltf)
    ok = True
    for t in args[6:]:
        r = doc.evaluate(anim, int(t) / 60.0)
        gl = []
        for p in r['primitives']:
            for x, y, z in p['positions']:
                gl.append([x * scale, -y * scale, -z * scale] if saturn == '1'
                          else [x * scale, y * scale, z * scale])
        pose = json.load(open(os.path.join(pose_dir, t + '.json')))
        ok = compare(info, pose, gl, tol_rel, '%s%s T=%s: ' % (label, anim, t)) and ok
    return 0 if ok else 1


def main(argv):
    args = argv[1:]
    tol_rel, label, files, is_batch = 2e-3, '', [], False
    i = 0
    while i < len(args):
        if args[i] == '--tol-rel':
            tol_rel = float(args[i + 1])
            i += 1
        elif args[i] == '--label':
            label = args[i + 1] + ' '
            i += 1
        elif args[i] == '--batch':
            is_batch = True
        else:
            files.append(args[i])
        i += 1
    if is_batch:
        if len(files) < 7:
            sys.stderr.write('usage: compare_pose.py --batch INFO.json GLTF ANIM SATURN SCALE POSE_DIR T...\n')
            return 2
        return batch(files, tol_rel, label)
    if len(files) not in (2, 3):
        sys.stderr.write(__doc__.split('\n\n')[1] + '\n')
        return 2
    info = json.load(open(files[0]))
    ev = json.load(open(files[1]))
    pose = json.load(open(files[2])) if len(files) == 3 else None
    return 0 if compare(info, pose, ev['points'], tol_rel, label) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
