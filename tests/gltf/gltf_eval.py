#!/usr/bin/env python3
"""tests/gltf/gltf_eval.py - an independent glTF 2.0 evaluator for the tests.

Usage: python3 gltf_eval.py FILE [--anim NAME|INDEX] [--time SECONDS]
                            [--saturn] [--scale S]

Reads a .gltf or .glb (told by its content: the GLB magic or JSON), poses
the default scene at `--time` seconds of animation `--anim` (none: the
rest pose), and prints as JSON the world position of every vertex used by
a triangle of every mesh primitive (TRIANGLES, TRIANGLE_STRIP,
TRIANGLE_FAN; POINTS and LINES have no faces and are left out):

  {"file", "scene", "animation": name|null, "time",
   "primitives": [{"node", "node_name", "mesh", "primitive", "positions": [[x, y, z], ...]}],
   "points": [[x, y, z], ...]}          every primitive's positions, in order

--saturn gives the positions in the Saturn's axes, (x, -y, -z) * scale
(--scale, default 1), as the converter writes points.

Written from the glTF 2.0 specification alone, to check the C reader: it
shares no code with src/formats/gltf/. Python 3 standard library only.
What it evaluates:
  - accessors of every component type, normalized or not, byteStride,
    sparse (with or without a bufferView), matrices' column padding;
  - buffers: data: URIs (base64), external files, the GLB's BIN chunk;
  - nodes: matrix, or T * R * S; world = parent world * local;
  - animations: translation, rotation, scale channels with LINEAR (slerp
    for rotations), STEP and CUBICSPLINE samplers, clamped outside the
    keyframes;
  - skins: a vertex is sum(weight_i * jointWorld_i * inverseBind_i) * v;
    the skinned mesh node's own transform is ignored, as the spec says.
"""
import base64
import json
import math
import os
import struct
import sys

COMPONENTS = {'SCALAR': 1, 'VEC2': 2, 'VEC3': 3, 'VEC4': 4, 'MAT2': 4, 'MAT3': 9, 'MAT4': 16}
CTYPES = {5120: ('b', 1), 5121: ('B', 1), 5122: ('h', 2), 5123: ('H', 2), 5125: ('I', 4),
          5126: ('f', 4)}


class EvalError(Exception):
    pass


# ------------------------------------------------------------ 4x4 matrices
# Here a matrix is a list of 4 rows of 4 (row-major, M[r][c]); glTF writes
# matrices column-major, so element i of a glTF array is M[i % 4][i // 4].

def m_identity():
    return [[1.0 if r == c else 0.0 for c in range(4)] for r in range(4)]


def m_from_gltf(a):
    return [[float(a[c * 4 + r]) for c in range(4)] for r in range(4)]


def m_mul(a, b):
    return [[sum(a[r][k] * b[k][c] for k in range(4)) for c in range(4)] for r in range(4)]


def m_apply(m, p):
    return [m[r][0] * p[0] + m[r][1] * p[1] + m[r][2] * p[2] + m[r][3] for r in range(3)]


def m_scaled(m, w):
    return [[m[r][c] * w for c in range(4)] for r in range(4)]


def m_add(a, b):
    return [[a[r][c] + b[r][c] for c in range(4)] for r in range(4)]


def m_trs(t, q, s):
    """T * R * S with R from the unit quaternion q = (x, y, z, w)."""
    x, y, z, w = q
    rot = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
           [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
           [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    m = m_identity()
    for r in range(3):
        for c in range(3):
            m[r][c] = rot[r][c] * s[c]
        m[r][3] = t[r]
    return m


def q_normalize(q):
    n = math.sqrt(sum(v * v for v in q))
    if n == 0:
        return [0.0, 0.0, 0.0, 1.0]
    return [v / n for v in q]


def q_slerp(a, b, u):
    """The shorter arc from a to b (spec, Appendix "Interpolation")."""
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b = [-v for v in b]
        d = -d
    if d > 0.9999995:
        return q_normalize([x + (y - x) * u for x, y in zip(a, b)])
    theta = math.acos(min(1.0, d))
    st = math.sin(theta)
    wa = math.sin((1 - u) * theta) / st
    wb = math.sin(u * theta) / st
    return [wa * x + wb * y for x, y in zip(a, b)]


# ------------------------------------------------------------ the document

class Doc:
    def __init__(self, path):
        self.path = path
        self.folder = os.path.dirname(path)
        with open(path, 'rb') as f:
            data = f.read()
        self.glb_bin = None
        if data[:4] == b'glTF':
            self.j = self._read_glb(data)
        else:
            text = data.decode('utf-8')
            if text.startswith('\ufeff'):
                text = text[1:]
            self.j = json.loads(text)
        if not isinstance(self.j, dict) or 'asset' not in self.j:
            raise EvalError('%s: not a glTF (no asset object)' % path)
        self.buffers = [self._buffer(i, b) for i, b in enumerate(self.j.get('buffers', []))]

    def _read_glb(self, data):
        if len(data) < 12:
            raise EvalError('GLB header cut')
        magic, version, length = struct.unpack_from('<III', data, 0)
        if version != 2 or length > len(data):
            raise EvalError('GLB version %d, length %d of %d bytes' % (version, length, len(data)))
        pos, js = 12, None
        while pos + 8 <= length:
            clen, ctype = struct.unpack_from('<II', data, pos)
            body = data[pos + 8:pos + 8 + clen]
            if len(body) != clen:
                raise EvalError('GLB chunk cut')
            if ctype == 0x4E4F534A and js is None:
                js = json.loads(body.decode('utf-8'))
            elif ctype == 0x004E4942 and self.glb_bin is None:
                self.glb_bin = body
            pos += 8 + clen
        if js is None:
            raise EvalError('GLB without JSON chunk')
        return js

    def _buffer(self, i, b):
        uri = b.get('uri')
        if uri is None:
            if i != 0 or self.glb_bin is None:
                raise EvalError('buffer %d has no uri and is not the GLB BIN chunk' % i)
            data = self.glb_bin
        elif uri.startswith('data:'):
            head, _, payload = uri.partition(',')
            if not head.endswith(';base64'):
                raise EvalError('buffer %d: data: URI not base64' % i)
            data = base64.b64decode(payload, validate=True)
        else:
            from urllib.parse import unquote
            with open(os.path.join(self.folder, unquote(uri)), 'rb') as f:
                data = f.read()
        n = b['byteLength']
        if len(data) < n:
            raise EvalError('buffer %d: %d bytes, byteLength %d' % (i, len(data), n))
        return data[:n]

    # ---- accessors

    def _view_bytes(self, v):
        view = self.j['bufferViews'][v]
        off = view.get('byteOffset', 0)
        data = self.buffers[view['buffer']]
        if off + view['byteLength'] > len(data):
            raise EvalError('bufferView %d past its buffer' % v)
        return data[off:off + view['byteLength']], view.get('byteStride')

    @staticmethod
    def _normalize(ctype, v):
        if ctype == 5120:
            return max(v / 127.0, -1.0)
        if ctype == 5121:
            return v / 255.0
        if ctype == 5122:
            return max(v / 32767.0, -1.0)
        if ctype == 5123:
            return v / 65535.0
        if ctype == 5125:
            return v / 4294967295.0
        return v

    def _elements(self, data, offset, stride, count, ctype, atype):
        """count elements of atype from data at offset, as lists of numbers
        (raw, not normalized)."""
        fmt, size = CTYPES[ctype]
        n = COMPONENTS[atype]
        if atype in ('MAT2', 'MAT3', 'MAT4'):
            rows = int(math.sqrt(n))
            col_bytes = (rows * size + 3) // 4 * 4     # columns start on 4 bytes
            esize = col_bytes * rows
        else:
            rows, col_bytes, esize = None, None, n * size
        step = stride or esize
        out = []
        for i in range(count):
            base = offset + i * step
            if base + esize > len(data):
                raise EvalError('accessor element %d past its bufferView' % i)
            if rows is None:
                out.append(list(struct.unpack_from('<%d%s' % (n, fmt), data, base)))
            else:
                e = []
                for c in range(rows):
                    e += struct.unpack_from('<%d%s' % (rows, fmt), data, base + c * col_bytes)
                out.append(e)
        return out

    def accessor(self, a):
        acc = self.j['accessors'][a]
        ctype, atype, count = acc['componentType'], acc['type'], acc['count']
        n = COMPONENTS[atype]
        if 'bufferView' in acc:
            data, stride = self._view_bytes(acc['bufferView'])
            vals = self._elements(data, acc.get('byteOffset', 0), stride, count, ctype, atype)
        else:
            vals = [[0] * n for _ in range(count)]
        sp = acc.get('sparse')
        if sp:
            ix, vx = sp['indices'], sp['values']
            idata, _ = self._view_bytes(ix['bufferView'])
            idx = [e[0] for e in self._elements(idata, ix.get('byteOffset', 0), None, sp['count'],
                                                ix['componentType'], 'SCALAR')]
            vdata, _ = self._view_bytes(vx['bufferView'])
            svals = self._elements(vdata, vx.get('byteOffset', 0), None, sp['count'], ctype, atype)
            for i, v in zip(idx, svals):
                vals[i] = v
        if acc.get('normalized'):
            vals = [[self._normalize(ctype, c) for c in e] for e in vals]
        return [[float(c) for c in e] for e in vals]

    # ---- scene graph

    def default_scene_roots(self):
        scenes = self.j.get('scenes', [])
        s = self.j.get('scene')
        if s is None and scenes:
            s = 0
        if s is None:
            children = set()
            for nd in self.j.get('nodes', []):
                children.update(nd.get('children', []))
            return None, [i for i in range(len(self.j.get('nodes', []))) if i not in children]
        return s, list(scenes[s].get('nodes', []))

    def animation_index(self, anim):
        anims = self.j.get('animations', [])
        if anim is None:
            return None
        for i, a in enumerate(anims):
            if a.get('name') == anim:
                return i
        if anim.isdigit() and int(anim) < len(anims):
            return int(anim)
        raise EvalError('no animation %r (the file has: %s)' %
                        (anim, ', '.join(str(a.get('name', i)) for i, a in enumerate(anims))))

    def sample(self, sampler, t, rotation):
        times = [e[0] for e in self.accessor(sampler['input'])]
        values = self.accessor(sampler['output'])
        interp = sampler.get('interpolation', 'LINEAR')
        k = len(times)
        cubic = interp == 'CUBICSPLINE'

        def value(i):
            return values[3 * i + 1] if cubic else values[i]
        if t <= times[0]:
            out = value(0)
        elif t >= times[-1]:
            out = value(k - 1)
        else:
            i = 0
            while not (times[i] <= t < times[i + 1]):
                i += 1
            t0, t1 = times[i], times[i + 1]
            u = (t - t0) / (t1 - t0)
            if interp == 'STEP':
                out = value(i)
            elif interp == 'LINEAR':
                a, b = value(i), value(i + 1)
                out = q_slerp(a, b, u) if rotation else [x + (y - x) * u for x, y in zip(a, b)]
            elif cubic:
                dt = t1 - t0
                p0, m0 = values[3 * i + 1], values[3 * i + 2]       # value, out-tangent
                p1, m1 = values[3 * (i + 1) + 1], values[3 * (i + 1)]  # value, in-tangent
                u2, u3 = u * u, u * u * u
                h00, h10, h01, h11 = (2 * u3 - 3 * u2 + 1, u3 - 2 * u2 + u, -2 * u3 + 3 * u2,
                                      u3 - u2)
                out = [h00 * a + h10 * dt * ma + h01 * b + h11 * dt * mb
                       for a, ma, b, mb in zip(p0, m0, p1, m1)]
            else:
                raise EvalError('unknown interpolation %r' % interp)
        return q_normalize(out) if rotation else out

    def local_matrices(self, anim, t):
        nodes = self.j.get('nodes', [])
        trs = []
        for nd in nodes:
            trs.append([list(map(float, nd.get('translation', [0, 0, 0]))),
                        list(map(float, nd.get('rotation', [0, 0, 0, 1]))),
                        list(map(float, nd.get('scale', [1, 1, 1])))])
        if anim is not None:
            a = self.j['animations'][anim]
            for ch in a['channels']:
                tgt = ch['target']
                if 'node' not in tgt:
                    continue
                path = tgt['path']
                if path not in ('translation', 'rotation', 'scale'):
                    continue
                v = self.sample(a['samplers'][ch['sampler']], t, path == 'rotation')
                trs[tgt['node']][('translation', 'rotation', 'scale').index(path)] = v
        out = []
        for i, nd in enumerate(nodes):
            if 'matrix' in nd:
                out.append(m_from_gltf(nd['matrix']))
            else:
                out.append(m_trs(*trs[i]))
        return out

    def world_matrices(self, roots, local):
        world = {}
        stack = [(r, m_identity()) for r in reversed(roots)]
        while stack:
            i, parent = stack.pop()
            world[i] = m_mul(parent, local[i])
            for c in reversed(self.j['nodes'][i].get('children', [])):
                stack.append((c, world[i]))
        return world

    def order(self, roots):
        """Nodes of the scene depth first, children in order."""
        out, stack = [], list(reversed(roots))
        while stack:
            i = stack.pop()
            out.append(i)
            stack.extend(reversed(self.j['nodes'][i].get('children', [])))
        return out

    # ---- primitives

    @staticmethod
    def used_vertices(prim, count, indices):
        """Vertex indices used by the primitive's triangles, in first-use
        order; None for modes without faces."""
        mode = prim.get('mode', 4)
        seq = indices if indices is not None else list(range(count))
        if mode == 4:
            tris = [seq[i:i + 3] for i in range(0, len(seq) - 2, 3)]
        elif mode == 5:
            tris = [seq[i:i + 3] for i in range(len(seq) - 2)]
        elif mode == 6:
            tris = [[seq[0], seq[i], seq[i + 1]] for i in range(1, len(seq) - 1)]
        else:
            return None
        seen, out = set(), []
        for tri in tris:
            if len(set(tri)) < 3:
                continue        # a degenerate triangle has no face
            for v in tri:
                if v not in seen:
                    seen.add(v)
                    out.append(v)
        return out

    def evaluate(self, anim=None, t=0.0):
        scene, roots = self.default_scene_roots()
        a = self.animation_index(anim)
        local = self.local_matrices(a, t)
        world = self.world_matrices(roots, local)
        prims = []
        for ni in self.order(roots):
            nd = self.j['nodes'][ni]
            if 'mesh' not in nd:
                continue
            mesh = self.j['meshes'][nd['mesh']]
            skin = self.j['skins'][nd['skin']] if 'skin' in nd else None
            joint_mats = None
            if skin is not None:
                joints = skin['joints']
                ibm = (self.accessor(skin['inverseBindMatrices'])
                       if 'inverseBindMatrices' in skin else None)
                joint_mats = []
                for k, jn in enumerate(joints):
                    if jn not in world:
                        raise EvalError('joint node %d is not in the scene' % jn)
                    jm = world[jn]
                    if ibm is not None:
                        jm = m_mul(jm, m_from_gltf(ibm[k]))
                    joint_mats.append(jm)
            for pi, prim in enumerate(mesh['primitives']):
                attrs = prim['attributes']
                pos = self.accessor(attrs['POSITION'])
                indices = None
                if 'indices' in prim:
                    indices = [int(e[0]) for e in self.accessor(prim['indices'])]
                used = self.used_vertices(prim, len(pos), indices)
                if used is None:
                    continue
                if joint_mats is not None:
                    js = self.accessor(attrs['JOINTS_0'])
                    ws = self.accessor(attrs['WEIGHTS_0'])
                    out = []
                    for v in used:
                        m = [[0.0] * 4 for _ in range(4)]
                        for j, w in zip(js[v], ws[v]):
                            if w != 0:
                                m = m_add(m, m_scaled(joint_mats[int(j)], w))
                        out.append(m_apply(m, pos[v]))
                else:
                    out = [m_apply(world[ni], pos[v]) for v in used]
                prims.append({'node': ni, 'node_name': nd.get('name'), 'mesh': nd['mesh'],
                              'primitive': pi, 'positions': out})
        name = None
        if a is not None:
            name = self.j['animations'][a].get('name', str(a))
        return {'file': os.path.basename(self.path), 'scene': scene, 'animation': name,
                'time': t, 'primitives': prims}


def main(argv):
    args = argv[1:]
    path, anim, t, saturn, scale = None, None, 0.0, False, 1.0
    i = 0
    while i < len(args):
        a = args[i]
        if a == '--anim':
            anim = args[i + 1]
            i += 1
        elif a == '--time':
            t = float(args[i + 1])
            i += 1
        elif a == '--saturn':
            saturn = True
        elif a == '--scale':
            scale = float(args[i + 1])
            i += 1
        elif path is None:
            path = a
        else:
            sys.stderr.write('usage: gltf_eval.py FILE [--anim NAME] [--time S] [--saturn] '
                             '[--scale S]\n')
            return 2
        i += 1
    if path is None:
        sys.stderr.write('usage: gltf_eval.py FILE [--anim NAME] [--time S] [--saturn] '
                         '[--scale S]\n')
        return 2
    try:
        r = Doc(path).evaluate(anim, t)
    except (EvalError, OSError, ValueError, KeyError, IndexError) as e:
        sys.stderr.write('gltf_eval.py: %s: %s\n' % (path, e))
        return 1
    points = []
    for p in r['primitives']:
        if saturn:
            p['positions'] = [[x * scale, -y * scale, -z * scale] for x, y, z in p['positions']]
        elif scale != 1.0:
            p['positions'] = [[x * scale, y * scale, z * scale] for x, y, z in p['positions']]
        points += p['positions']
    r['saturn'] = saturn
    r['scale'] = scale
    r['points'] = points
    sys.stdout.write(json.dumps(r, indent=1) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
