#!/usr/bin/env python3
"""tests/gltf/gltf_gen.py - writes the project's own small glTF 2.0 fixtures.

Usage: python3 gltf_gen.py OUT_DIR

Writes (a few KB each, the same bytes on every run and every host):
  quantized.gltf     every accessor component type (BYTE .. FLOAT, normalized
                     and not) through KHR_mesh_quantization: positions, normals,
                     texture coordinates, colours, indices of UNSIGNED_BYTE,
                     UNSIGNED_SHORT and UNSIGNED_INT; data: URI buffer
  interleaved.gltf   POSITION, NORMAL, TEXCOORD_0 interleaved (byteStride 32)
                     in an external interleaved.bin, byteOffset on the accessors
  sparse.gltf        a sparse accessor over a bufferView and one without any
                     (zeros then the sparse values)
  textured.gltf      external .bin and external PNG (checker.png), with
                     KHR_texture_transform (the right half of the top half of the
                     image: scale 0.5, offset 0.5 0); an unknown extension in
                     extensionsUsed
  embedded.glb       GLB with its BIN chunk and a PNG in a bufferView
  datauri.gltf       everything in data: URIs, the PNG too
  box.glb            a Blender-like box: 24 vertices, 12 triangles (6 quads)
  modes.gltf         TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN, indexed and not,
                     plus a POINTS and a LINES primitive (skipped)
  hierarchy.gltf     nodes with TRS and matrix 3 levels deep, two scenes, the
                     default is scenes[1]
  materials.gltf     baseColorFactor, alphaMode BLEND/MASK, doubleSided, extras
                     jo_* options, COLOR_0
  robot_parented.gltf  setup (a): mesh nodes under an animated 5-bone tree;
                     "wave" loops (LINEAR, one axis a bone, root translation),
                     "reach" plays once (LINEAR, rotations about several axes)
  robot_skinned.gltf setup (b): one mesh rigidly skinned to 3 joints (inverse
                     bind matrices that differ from the rest pose); "swing"
                     (STEP, loops), "wiggle" (CUBICSPLINE, once)
  robot_parented_turned.gltf, robot_skinned_turned.gltf  the same two with
                     the Armature node turned -90 degrees about X and scaled 0.5
  warnings.gltf      converts with warnings: animation names cut to 15 bytes
                     (the same once cut), a non-root joint's translation and a
                     scale animated; groups of unnamed and same-named nodes
  bad_ext_required.gltf  extensionsRequired names KHR_draco_mesh_compression
  bad_accessor_range.gltf  /accessors/0 needs 288 bytes, bufferView 0 holds 120
  bad_base64.gltf    a data: URI whose base64 has a '*'
  bad_nonrigid.gltf  vertex 1 weighted 0.6 / 0.4 to "arm" and "hand"
  bad_33_bones.gltf  a skin of 33 joints
  bad_truncated.glb  box.glb cut in its JSON chunk

Keyframe times are multiples of 1/4 s (exact in float32 and whole ticks at
60 a second), so a sample at T/60 s lands on a keyframe exactly when T is a
multiple of 15. The evaluator (gltf_eval.py) shares no code with this file.
"""
import base64
import json
import math
import os
import struct
import sys
import zlib

BYTE, UNSIGNED_BYTE, SHORT, UNSIGNED_SHORT, UNSIGNED_INT, FLOAT = 5120, 5121, 5122, 5123, 5125, 5126
FMT = {BYTE: 'b', UNSIGNED_BYTE: 'B', SHORT: 'h', UNSIGNED_SHORT: 'H', UNSIGNED_INT: 'I', FLOAT: 'f'}
SIZE = {BYTE: 1, UNSIGNED_BYTE: 1, SHORT: 2, UNSIGNED_SHORT: 2, UNSIGNED_INT: 4, FLOAT: 4}
NCOMP = {'SCALAR': 1, 'VEC2': 2, 'VEC3': 3, 'VEC4': 4, 'MAT4': 16}
ARRAY_BUFFER, ELEMENT_ARRAY_BUFFER = 34962, 34963


# ---------------------------------------------------------------- math

def quat_axis(axis, degrees):
    """Unit quaternion (x, y, z, w) of a turn about 'x', 'y' or 'z'."""
    h = math.radians(degrees) / 2
    v = [0.0, 0.0, 0.0]
    v['xyz'.index(axis)] = math.sin(h)
    return [v[0], v[1], v[2], math.cos(h)]


def quat_mul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return [aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz]


def quat_chain(*turns):
    """Product of turns given as ('x', deg), ..., the first one outermost."""
    q = [0.0, 0.0, 0.0, 1.0]
    for axis, deg in turns:
        q = quat_mul(q, quat_axis(axis, deg))
    return q


def round_f32(values):
    return [struct.unpack('<f', struct.pack('<f', v))[0] for v in values]


def mat_translate(t):
    """Column-major 4x4 (glTF order)."""
    return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t[0], t[1], t[2], 1]


def mat_inverse_rigid_translate(world_t):
    return mat_translate([-world_t[0], -world_t[1], -world_t[2]])


# ---------------------------------------------------------------- PNG

def png_bytes(width, height, pixel):
    """An RGBA 8-bit PNG; pixel(x, y) gives (r, g, b, a)."""
    rows = b''
    for y in range(height):
        rows += b'\x00' + b''.join(bytes(pixel(x, y)) for x in range(width))

    def chunk(tag, data):
        return (struct.pack('>I', len(data)) + tag + data +
                struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff))
    return (b'\x89PNG\r\n\x1a\n' +
            chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(rows, 9)) + chunk(b'IEND', b''))


def checker_png():
    return png_bytes(16, 16, lambda x, y: (220, 40, 40, 255) if ((x // 4) + (y // 4)) % 2
                     else (240, 240, 240, 255))


def mask_png():
    # transparent texels (alpha 0) in a cross, for alphaMode MASK
    return png_bytes(8, 8, lambda x, y: (40, 200, 60, 0 if x in (3, 4) or y in (3, 4) else 255))


# ---------------------------------------------------------------- builder

class Gltf:
    """Accumulates one binary buffer and the JSON that indexes it."""

    def __init__(self):
        self.bin = bytearray()
        self.j = {'asset': {'version': '2.0', 'generator': 'retromesh tests/gltf/gltf_gen.py'}}

    def arr(self, key):
        return self.j.setdefault(key, [])

    def add(self, key, obj):
        a = self.arr(key)
        a.append(obj)
        return len(a) - 1

    def align(self, n=4):
        while len(self.bin) % n:
            self.bin.append(0)

    def view(self, data, target=None, stride=None):
        self.align()
        v = {'buffer': 0, 'byteOffset': len(self.bin), 'byteLength': len(data)}
        if stride:
            v['byteStride'] = stride
        if target:
            v['target'] = target
        self.bin += data
        return self.add('bufferViews', v)

    def accessor(self, values, ctype, atype, normalized=False, target=None, minmax=False,
                 view=None, offset=None):
        """values: a list of tuples (or numbers for SCALAR). Columns of a
        MAT4 are written as glTF wants (column-major, given so)."""
        n = NCOMP[atype]
        flat = []
        for v in values:
            flat.extend(v if isinstance(v, (list, tuple)) else [v])
        assert len(flat) == n * len(values)
        acc = {'componentType': ctype, 'count': len(values), 'type': atype}
        if view is None:
            data = struct.pack('<%d%s' % (len(flat), FMT[ctype]), *flat)
            acc['bufferView'] = self.view(data, target)
        else:
            acc['bufferView'] = view
            if offset:
                acc['byteOffset'] = offset
        if normalized:
            acc['normalized'] = True
        if minmax or atype in ('VEC3',) and target == ARRAY_BUFFER:
            cols = [[flat[i * n + c] for i in range(len(values))] for c in range(n)]
            if ctype == FLOAT:
                cols = [round_f32(c) for c in cols]
            acc['min'] = [min(c) for c in cols]
            acc['max'] = [max(c) for c in cols]
        return self.add('accessors', acc)

    def floats(self, values, atype, **kw):
        return self.accessor(values, FLOAT, atype, **kw)

    def times(self, ts):
        return self.accessor(ts, FLOAT, 'SCALAR', minmax=True)

    def image_view(self, png, name):
        v = self.view(png)
        return self.add('images', {'name': name, 'bufferView': v, 'mimeType': 'image/png'})

    def finish_buffer(self, uri=None):
        self.align()
        b = {'byteLength': len(self.bin)}
        if uri is not None:
            b['uri'] = uri
        self.j['buffers'] = [b]

    def json_text(self):
        return json.dumps(self.j, indent=1, ensure_ascii=True) + '\n'

    def write_gltf_datauri(self, path):
        self.finish_buffer('data:application/octet-stream;base64,' +
                           base64.b64encode(bytes(self.bin)).decode('ascii'))
        write(path, self.json_text().encode('ascii'))

    def write_gltf_external(self, path, bin_name):
        self.finish_buffer(bin_name)
        write(os.path.join(os.path.dirname(path), bin_name), bytes(self.bin))
        write(path, self.json_text().encode('ascii'))

    def glb_bytes(self):
        self.finish_buffer(None)
        js = json.dumps(self.j, separators=(',', ':'), ensure_ascii=True).encode('ascii')
        while len(js) % 4:
            js += b' '
        bn = bytes(self.bin)
        while len(bn) % 4:
            bn += b'\x00'
        body = (struct.pack('<II', len(js), 0x4E4F534A) + js +
                struct.pack('<II', len(bn), 0x004E4942) + bn)
        return struct.pack('<III', 0x46546C67, 2, 12 + len(body)) + body

    def write_glb(self, path):
        write(path, self.glb_bytes())


def write(path, data):
    with open(path, 'wb') as f:
        f.write(data)


# ---------------------------------------------------------------- geometry

# A box's 6 faces as Blender writes them: 4 corners each (its own normal),
# two triangles (0 1 2) (0 2 3), counter-clockwise seen from outside.
BOX_FACES = [
    ((1, 0, 0), [(1, -1, -1), (1, 1, -1), (1, 1, 1), (1, -1, 1)]),
    ((-1, 0, 0), [(-1, -1, 1), (-1, 1, 1), (-1, 1, -1), (-1, -1, -1)]),
    ((0, 1, 0), [(-1, 1, -1), (-1, 1, 1), (1, 1, 1), (1, 1, -1)]),
    ((0, -1, 0), [(-1, -1, 1), (-1, -1, -1), (1, -1, -1), (1, -1, 1)]),
    ((0, 0, 1), [(-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)]),
    ((0, 0, -1), [(1, -1, -1), (-1, -1, -1), (-1, 1, -1), (1, 1, -1)]),
]


def box(center=(0, 0, 0), half=(1, 1, 1)):
    """24 positions, 24 normals, 24 UVs (each face the whole texture), 36 indices."""
    pos, nrm, uv, idx = [], [], [], []
    for n, corners in BOX_FACES:
        base = len(pos)
        for (x, y, z), (u, v) in zip(corners, [(0, 1), (1, 1), (1, 0), (0, 0)]):
            pos.append((center[0] + x * half[0], center[1] + y * half[1], center[2] + z * half[2]))
            nrm.append(n)
            uv.append((u, v))
        idx += [base, base + 1, base + 2, base, base + 2, base + 3]
    return pos, nrm, uv, idx


def quad_xy(size=1.0):
    """A quad in the XY plane facing +Z: 4 positions, indices of 2 triangles."""
    s = size
    return [(-s, -s, 0), (s, -s, 0), (s, s, 0), (-s, s, 0)], [0, 1, 2, 0, 2, 3]


def add_box_mesh(g, name, center=(0, 0, 0), half=(1, 1, 1), material=None, normals=True,
                 uvs=False, index_type=UNSIGNED_SHORT):
    pos, nrm, uv, idx = box(center, half)
    attrs = {'POSITION': g.floats(pos, 'VEC3', target=ARRAY_BUFFER)}
    if normals:
        attrs['NORMAL'] = g.floats(nrm, 'VEC3', target=ARRAY_BUFFER)
    if uvs:
        attrs['TEXCOORD_0'] = g.floats(uv, 'VEC2', target=ARRAY_BUFFER)
    prim = {'attributes': attrs,
            'indices': g.accessor(idx, index_type, 'SCALAR', target=ELEMENT_ARRAY_BUFFER),
            'mode': 4}
    if material is not None:
        prim['material'] = material
    return g.add('meshes', {'name': name, 'primitives': [prim]})


def default_scene(g, nodes):
    g.j['scene'] = 0
    g.j['scenes'] = [{'name': 'Scene', 'nodes': nodes}]


# ---------------------------------------------------------------- fixtures

def quantized(out):
    """Every component type. A quad per variant, side by side along X; the
    quantized positions are scaled back by their node (as gltfpack does)."""
    g = Gltf()
    g.j['extensionsUsed'] = ['KHR_mesh_quantization']
    g.j['extensionsRequired'] = ['KHR_mesh_quantization']
    variants = [  # name, position type, normalized, integer corner value, node scale
        ('pos_float', FLOAT, False, 1.0, 0.5),
        ('pos_byte', BYTE, False, 100, 0.005),
        ('pos_byte_n', BYTE, True, 127, 0.5),
        ('pos_ubyte', UNSIGNED_BYTE, False, 200, 0.0025),
        ('pos_ubyte_n', UNSIGNED_BYTE, True, 255, 0.5),
        ('pos_short', SHORT, False, 20000, 0.000025),
        ('pos_short_n', SHORT, True, 32767, 0.5),
        ('pos_ushort', UNSIGNED_SHORT, False, 40000, 0.0000125),
        ('pos_ushort_n', UNSIGNED_SHORT, True, 65535, 0.5),
    ]
    index_types = [UNSIGNED_BYTE, UNSIGNED_SHORT, UNSIGNED_INT]
    nodes = []
    for k, (name, ctype, norm, m, scale) in enumerate(variants):
        if ctype in (UNSIGNED_BYTE, UNSIGNED_SHORT):
            corners = [(0, 0, 0), (m, 0, 0), (m, m, 0), (0, m, 0)]
        else:
            corners = [(-m, -m, 0), (m, -m, 0), (m, m, 0), (-m, m, 0)]
        # A VEC3 of bytes is 3 bytes; vertex attributes need a stride that is a
        # multiple of 4: write VEC3 elements with a 4-byte stride.
        if SIZE[ctype] < 4:
            esize = 4 if SIZE[ctype] == 1 else 8
            data = b''.join(struct.pack('<3' + FMT[ctype], *c) + b'\x00' * (esize - 3 * SIZE[ctype])
                            for c in corners)
            view = g.view(data, ARRAY_BUFFER, stride=esize)
            pos = g.accessor(corners, ctype, 'VEC3', normalized=norm, view=view, minmax=True)
        else:
            pos = g.accessor(corners, ctype, 'VEC3', normalized=norm, target=ARRAY_BUFFER,
                             minmax=True)
        attrs = {'POSITION': pos}
        # normals: BYTE normalized (4-byte stride) or SHORT normalized (8)
        if k % 2 == 0:
            data = b''.join(struct.pack('<3b', 0, 0, 127) + b'\x00' for _ in range(4))
            view = g.view(data, ARRAY_BUFFER, stride=4)
            attrs['NORMAL'] = g.accessor([(0, 0, 127)] * 4, BYTE, 'VEC3', normalized=True, view=view)
        else:
            data = b''.join(struct.pack('<3h', 0, 0, 32767) + b'\x00\x00' for _ in range(4))
            view = g.view(data, ARRAY_BUFFER, stride=8)
            attrs['NORMAL'] = g.accessor([(0, 0, 32767)] * 4, SHORT, 'VEC3', normalized=True,
                                         view=view)
        # texture coordinates: UNSIGNED_SHORT / UNSIGNED_BYTE normalized, FLOAT
        tc = [(0, 1), (1, 1), (1, 0), (0, 0)]
        if k % 3 == 0:
            attrs['TEXCOORD_0'] = g.accessor([(u * 65535, v * 65535) for u, v in tc],
                                             UNSIGNED_SHORT, 'VEC2', normalized=True,
                                             target=ARRAY_BUFFER)
        elif k % 3 == 1:
            # VEC2 of bytes: 2 bytes an element, padded to a 4-byte stride
            data = b''.join(struct.pack('<2B', u * 255, v * 255) + b'\x00\x00' for u, v in tc)
            view = g.view(data, ARRAY_BUFFER, stride=4)
            attrs['TEXCOORD_0'] = g.accessor([(u * 255, v * 255) for u, v in tc], UNSIGNED_BYTE,
                                             'VEC2', normalized=True, view=view)
        else:
            attrs['TEXCOORD_0'] = g.floats(tc, 'VEC2', target=ARRAY_BUFFER)
        # colours: VEC4 UNSIGNED_BYTE normalized, VEC3 UNSIGNED_SHORT
        # normalized, VEC3 FLOAT
        if k % 3 == 0:
            attrs['COLOR_0'] = g.accessor([(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255),
                                           (255, 255, 255, 255)], UNSIGNED_BYTE, 'VEC4',
                                          normalized=True, target=ARRAY_BUFFER)
        elif k % 3 == 1:
            data = b''.join(struct.pack('<3H', *c) + b'\x00\x00' for c in
                            [(65535, 0, 0), (0, 65535, 0), (0, 0, 65535), (32768, 32768, 32768)])
            view = g.view(data, ARRAY_BUFFER, stride=8)
            attrs['COLOR_0'] = g.accessor([(0, 0, 0)] * 4, UNSIGNED_SHORT, 'VEC3',
                                          normalized=True, view=view)
        else:
            attrs['COLOR_0'] = g.floats([(1, 0, 0), (0, 1, 0), (0, 0, 1), (0.5, 0.5, 0.5)],
                                        'VEC3', target=ARRAY_BUFFER)
        it = index_types[k % 3]
        idx = g.accessor([0, 1, 2, 0, 2, 3], it, 'SCALAR', target=ELEMENT_ARRAY_BUFFER)
        mesh = g.add('meshes', {'name': name, 'primitives': [
            {'attributes': attrs, 'indices': idx, 'mode': 4, 'material': 0}]})
        nodes.append(g.add('nodes', {'name': name, 'mesh': mesh,
                                     'translation': [k * 1.25 - 5.0, 0.0, 0.0],
                                     'scale': [scale, scale, scale]}))
    g.add('materials', {'name': 'quant', 'pbrMetallicRoughness': {
        'baseColorFactor': [0.8, 0.8, 0.8, 1.0]}})
    default_scene(g, nodes)
    g.write_gltf_datauri(os.path.join(out, 'quantized.gltf'))


def interleaved(out):
    """POSITION, NORMAL, TEXCOORD_0 in one bufferView, stride 32 (12 + 12 + 8)."""
    g = Gltf()
    pos, nrm, uv, idx = box((0, 0.5, 0), (0.5, 0.5, 0.25))
    data = b''.join(struct.pack('<3f3f2f', *(p + n + t)) for p, n, t in zip(pos, nrm, uv))
    view = g.view(data, ARRAY_BUFFER, stride=32)
    n = len(pos)
    # the accessors' min/max as floats
    acc_p = g.add('accessors', {'bufferView': view, 'componentType': FLOAT, 'count': n,
                                'type': 'VEC3', 'min': [-0.5, 0.0, -0.25], 'max': [0.5, 1.0, 0.25]})
    acc_n = g.add('accessors', {'bufferView': view, 'byteOffset': 12, 'componentType': FLOAT,
                                'count': n, 'type': 'VEC3'})
    acc_t = g.add('accessors', {'bufferView': view, 'byteOffset': 24, 'componentType': FLOAT,
                                'count': n, 'type': 'VEC2'})
    ind = g.accessor(idx, UNSIGNED_SHORT, 'SCALAR', target=ELEMENT_ARRAY_BUFFER)
    g.add('materials', {'name': 'blue', 'pbrMetallicRoughness': {
        'baseColorFactor': [0.1, 0.2, 0.9, 1.0]}})
    m = g.add('meshes', {'name': 'slab', 'primitives': [{
        'attributes': {'POSITION': acc_p, 'NORMAL': acc_n, 'TEXCOORD_0': acc_t},
        'indices': ind, 'material': 0}]})
    default_scene(g, [g.add('nodes', {'name': 'slab', 'mesh': m})])
    g.write_gltf_external(os.path.join(out, 'interleaved.gltf'), 'interleaved.bin')


def sparse(out):
    """Two meshes: a 4x1 strip of quads whose base positions are flat, two
    of them lifted by a sparse accessor over a bufferView; and a quad whose
    accessor has no bufferView (zeros) with 3 of its 4 corners given
    sparsely (corner 0 stays at the origin)."""
    g = Gltf()
    base = [(float(i), 0.0, float(j)) for j in (0, 1) for i in range(5)]
    idx = []
    for i in range(4):
        a, b, c, d = i, i + 1, 5 + i + 1, 5 + i
        idx += [a, c, b, a, d, c]
    pv = g.floats(base, 'VEC3', target=ARRAY_BUFFER)
    si = g.view(struct.pack('<2H', 2, 7))
    sv = g.view(struct.pack('<6f', 2.0, 0.5, 0.0, 2.0, 0.5, 1.0))
    acc = g.j['accessors'][pv]
    acc['sparse'] = {'count': 2, 'indices': {'bufferView': si, 'componentType': UNSIGNED_SHORT},
                     'values': {'bufferView': sv}}
    acc['max'] = [4.0, 0.5, 1.0]
    ind = g.accessor(idx, UNSIGNED_BYTE, 'SCALAR', target=ELEMENT_ARRAY_BUFFER)
    m0 = g.add('meshes', {'name': 'ridge', 'primitives': [
        {'attributes': {'POSITION': pv}, 'indices': ind}]})
    # no bufferView: the accessor is zeros, then the sparse values
    si2 = g.view(struct.pack('<3B', 1, 2, 3) + b'\x00')
    sv2 = g.view(struct.pack('<9f', 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0))
    p2 = g.add('accessors', {'componentType': FLOAT, 'count': 4, 'type': 'VEC3',
                             'min': [0.0, 0.0, 0.0], 'max': [1.0, 1.0, 0.0],
                             'sparse': {'count': 3,
                                        'indices': {'bufferView': si2, 'byteOffset': 0,
                                                    'componentType': UNSIGNED_BYTE},
                                        'values': {'bufferView': sv2}}})
    ind2 = g.accessor([0, 1, 2, 0, 2, 3], UNSIGNED_SHORT, 'SCALAR', target=ELEMENT_ARRAY_BUFFER)
    m1 = g.add('meshes', {'name': 'tile', 'primitives': [
        {'attributes': {'POSITION': p2}, 'indices': ind2}]})
    n0 = g.add('nodes', {'name': 'ridge', 'mesh': m0})
    n1 = g.add('nodes', {'name': 'tile', 'mesh': m1, 'translation': [0.0, 0.0, 3.0]})
    default_scene(g, [n0, n1])
    g.write_gltf_datauri(os.path.join(out, 'sparse.gltf'))


def textured(out):
    """External .bin, external PNG, KHR_texture_transform, an unknown
    extension in extensionsUsed (ignored with a note)."""
    g = Gltf()
    g.j['extensionsUsed'] = ['KHR_texture_transform', 'EXT_retromesh_unknown']
    write(os.path.join(out, 'checker.png'), checker_png())
    g.add('images', {'name': 'checker', 'uri': 'checker.png'})
    g.add('samplers', {'magFilter': 9728, 'minFilter': 9728})
    g.add('textures', {'source': 0, 'sampler': 0})
    g.add('materials', {'name': 'checker', 'pbrMetallicRoughness': {
        'baseColorTexture': {'index': 0, 'extensions': {'KHR_texture_transform': {
            'offset': [0.5, 0.0], 'scale': [0.5, 0.5]}}},
        'metallicFactor': 0.0}})
    m = add_box_mesh(g, 'crate', half=(0.5, 0.5, 0.5), material=0, uvs=True)
    default_scene(g, [g.add('nodes', {'name': 'crate', 'mesh': m})])
    g.write_gltf_external(os.path.join(out, 'textured.gltf'), 'textured.bin')


def embedded(out):
    """GLB with the PNG in a bufferView."""
    g = Gltf()
    g.image_view(checker_png(), 'checker')
    g.add('textures', {'source': 0})
    g.add('materials', {'name': 'checker', 'pbrMetallicRoughness': {
        'baseColorTexture': {'index': 0}}})
    m = add_box_mesh(g, 'crate', half=(0.5, 0.5, 0.5), material=0, uvs=True)
    default_scene(g, [g.add('nodes', {'name': 'crate', 'mesh': m, 'translation': [0, 0.5, 0]})])
    g.write_glb(os.path.join(out, 'embedded.glb'))


def datauri(out):
    """Buffer and PNG in data: URIs."""
    g = Gltf()
    g.add('images', {'name': 'checker', 'uri': 'data:image/png;base64,' +
                     base64.b64encode(checker_png()).decode('ascii')})
    g.add('textures', {'source': 0})
    g.add('materials', {'name': 'checker', 'pbrMetallicRoughness': {
        'baseColorTexture': {'index': 0}}})
    m = add_box_mesh(g, 'crate', half=(0.5, 0.5, 0.5), material=0, uvs=True)
    default_scene(g, [g.add('nodes', {'name': 'crate', 'mesh': m})])
    g.write_gltf_datauri(os.path.join(out, 'datauri.gltf'))


def box_glb(out):
    """Blender's default cube as its glTF exporter writes it: 24 vertices
    with flat normals, 12 triangles, one material."""
    g = Gltf()
    g.add('materials', {'name': 'Material', 'doubleSided': False, 'pbrMetallicRoughness': {
        'baseColorFactor': [0.8, 0.8, 0.8, 1.0], 'metallicFactor': 0.0, 'roughnessFactor': 0.5}})
    m = add_box_mesh(g, 'Cube', material=0)
    default_scene(g, [g.add('nodes', {'name': 'Cube', 'mesh': m})])
    data = g.glb_bytes()
    write(os.path.join(out, 'box.glb'), data)
    return data


def modes(out):
    """Each triangle mode, indexed and not, and POINTS and LINES (skipped)."""
    g = Gltf()
    prims = []
    # TRIANGLES, not indexed: two triangles side by side (x 0..2)
    tri = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 0, 0), (2, 0, 0), (2, 1, 0)]
    prims.append({'attributes': {'POSITION': g.floats(tri, 'VEC3', target=ARRAY_BUFFER)}})
    # TRIANGLE_STRIP indexed: a strip of 4 triangles (x 3..5)
    strip = [(3, 0, 0), (3, 1, 0), (4, 0, 0), (4, 1, 0), (5, 0, 0), (5, 1, 0)]
    prims.append({'attributes': {'POSITION': g.floats(strip, 'VEC3', target=ARRAY_BUFFER)},
                  'indices': g.accessor([0, 2, 1, 3, 4, 5], UNSIGNED_SHORT,
                                        'SCALAR', target=ELEMENT_ARRAY_BUFFER),
                  'mode': 5})
    # TRIANGLE_STRIP not indexed (x 6..7)
    strip2 = [(6, 0, 0), (7, 0, 0), (6, 1, 0), (7, 1, 0)]
    prims.append({'attributes': {'POSITION': g.floats(strip2, 'VEC3', target=ARRAY_BUFFER)},
                  'mode': 5})
    # TRIANGLE_FAN not indexed: a hexagon around (9.5, 0.5)
    fan = [(9.5, 0.5, 0)] + [(9.5 + 0.5 * math.cos(math.radians(a)),
                              0.5 + 0.5 * math.sin(math.radians(a)), 0) for a in range(0, 361, 60)]
    prims.append({'attributes': {'POSITION': g.floats(fan, 'VEC3', target=ARRAY_BUFFER)},
                  'mode': 6})
    # TRIANGLE_FAN indexed: a square around (11.5, 0.5) by 4 triangles
    fan2 = [(11.5, 0.5, 0), (11, 0, 0), (12, 0, 0), (12, 1, 0), (11, 1, 0)]
    prims.append({'attributes': {'POSITION': g.floats(fan2, 'VEC3', target=ARRAY_BUFFER)},
                  'indices': g.accessor([0, 1, 2, 3, 4, 1], UNSIGNED_BYTE, 'SCALAR',
                                        target=ELEMENT_ARRAY_BUFFER),
                  'mode': 6})
    # POINTS and LINES: no faces, skipped with a warning
    pts = [(0, 3, 0), (1, 3, 0)]
    prims.append({'attributes': {'POSITION': g.floats(pts, 'VEC3', target=ARRAY_BUFFER)},
                  'mode': 0})
    prims.append({'attributes': {'POSITION': g.floats(pts, 'VEC3', target=ARRAY_BUFFER)},
                  'mode': 1})
    m = g.add('meshes', {'name': 'modes', 'primitives': prims})
    default_scene(g, [g.add('nodes', {'name': 'modes', 'mesh': m})])
    g.write_gltf_datauri(os.path.join(out, 'modes.gltf'))


def hierarchy(out):
    """TRS and matrix nodes 3 levels deep; scenes[0] (not the default) has
    a node of its own that must not be converted."""
    g = Gltf()
    m = add_box_mesh(g, 'cube', half=(0.25, 0.25, 0.25))
    tet = g.floats([(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)], 'VEC3', target=ARRAY_BUFFER)
    ti = g.accessor([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3], UNSIGNED_BYTE, 'SCALAR',
                    target=ELEMENT_ARRAY_BUFFER)
    mt = g.add('meshes', {'name': 'tetra', 'primitives': [{'attributes': {'POSITION': tet},
                                                          'indices': ti}]})
    # level 3: a matrix node (rotation 90 degrees about Y, scale 0.5, moved)
    c, s = 0.0, 1.0
    mat = [c * 0.5, 0, -s * 0.5, 0, 0, 0.5, 0, 0, s * 0.5, 0, c * 0.5, 0, 0.0, 1.0, 0.0, 1]
    leaf = g.add('nodes', {'name': 'leaf', 'mesh': mt, 'matrix': mat})
    # level 2: TRS with all three
    mid = g.add('nodes', {'name': 'mid', 'mesh': m, 'children': [leaf],
                          'translation': [1.0, 0.0, 0.0],
                          'rotation': round_f32(quat_axis('z', 30)),
                          'scale': [1.0, 2.0, 1.0]})
    # level 1: rotation only, no mesh
    top = g.add('nodes', {'name': 'top', 'children': [mid],
                          'rotation': round_f32(quat_axis('x', -20))})
    # a second root: matrix with a translation only
    side = g.add('nodes', {'name': 'side', 'mesh': mt,
                           'matrix': [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -2.0, 0.0, 0.5, 1]})
    # only in scenes[0]
    other = g.add('nodes', {'name': 'not_default', 'mesh': m, 'translation': [0.0, 50.0, 0.0]})
    g.j['scene'] = 1
    g.j['scenes'] = [{'name': 'Other', 'nodes': [other]}, {'name': 'Main', 'nodes': [top, side]}]
    g.write_gltf_datauri(os.path.join(out, 'hierarchy.gltf'))


def materials(out):
    """Colours, alpha modes, doubleSided, extras jo_*, vertex colours."""
    g = Gltf()
    write(os.path.join(out, 'mask.png'), mask_png())
    g.add('images', {'name': 'mask', 'uri': 'mask.png'})
    g.add('textures', {'source': 0})
    mats = [
        {'name': 'red', 'pbrMetallicRoughness': {'baseColorFactor': [1.0, 0.0, 0.0, 1.0]}},
        {'name': 'glass', 'alphaMode': 'BLEND',
         'pbrMetallicRoughness': {'baseColorFactor': [0.2, 0.5, 1.0, 0.5]}},
        {'name': 'fence', 'alphaMode': 'MASK', 'alphaCutoff': 0.5, 'doubleSided': True,
         'pbrMetallicRoughness': {'baseColorTexture': {'index': 0}}},
        {'name': 'options', 'doubleSided': True,
         'pbrMetallicRoughness': {'baseColorFactor': [0.5, 0.5, 0.5, 1.0]},
         'extras': {'jo_sort': 'min', 'jo_gouraud': 1, 'jo_flip': 'h', 'jo_light': 1,
                    'jo_user': 3, 'jo_value': 42}},
    ]
    for mt in mats:
        g.add('materials', mt)
    nodes = []
    for k in range(4):
        pos, idx = quad_xy(0.5)
        attrs = {'POSITION': g.floats(pos, 'VEC3', target=ARRAY_BUFFER),
                 'TEXCOORD_0': g.floats([(0, 1), (1, 1), (1, 0), (0, 0)], 'VEC2',
                                        target=ARRAY_BUFFER)}
        if k == 3:
            attrs['COLOR_0'] = g.accessor([(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255),
                                           (255, 255, 0, 255)], UNSIGNED_BYTE, 'VEC4',
                                          normalized=True, target=ARRAY_BUFFER)
        ind = g.accessor(idx, UNSIGNED_SHORT, 'SCALAR', target=ELEMENT_ARRAY_BUFFER)
        mesh = g.add('meshes', {'name': mats[k]['name'], 'primitives': [
            {'attributes': attrs, 'indices': ind, 'material': k}]})
        nodes.append(g.add('nodes', {'name': mats[k]['name'], 'mesh': mesh,
                                     'translation': [k * 1.5, 0.0, 0.0]}))
    default_scene(g, nodes)
    g.write_gltf_datauri(os.path.join(out, 'materials.gltf'))


def anim_sampler(g, times, values, atype, interp='LINEAR'):
    return {'input': g.times(times), 'output': g.floats(values, atype), 'interpolation': interp}


def add_animation(g, name, channels):
    """channels: list of (node, path, times, values, interpolation)."""
    samplers, chans = [], []
    for node, path, times, values, interp in channels:
        atype = 'VEC4' if path == 'rotation' else 'VEC3'
        samplers.append(anim_sampler(g, times, values, atype, interp))
        chans.append({'sampler': len(samplers) - 1, 'target': {'node': node, 'path': path}})
    g.add('animations', {'name': name, 'channels': chans, 'samplers': samplers})


def robot_parented(out, name='robot_parented.gltf', armature_extra=None):
    """Setup (a): Armature (static, moved) > hip > spine > head and arm,
    hip > leg; a box mesh node under each bone (one mesh shared by the five)."""
    g = Gltf()
    g.add('materials', {'name': 'metal', 'pbrMetallicRoughness': {
        'baseColorFactor': [0.6, 0.6, 0.7, 1.0]}})
    part = add_box_mesh(g, 'part', material=0)
    n = {}

    def node(name, **kw):
        n[name] = g.add('nodes', dict(name=name, **kw))
        return n[name]

    body = node('body', mesh=part, translation=[0.0, 0.1, 0.0], scale=[0.3, 0.2, 0.2])
    chest = node('chest', mesh=part, translation=[0.0, 0.2, 0.0], scale=[0.35, 0.2, 0.2])
    head_m = node('head_mesh', mesh=part, translation=[0.0, 0.15, 0.0], scale=[0.15, 0.15, 0.15])
    leg_m = node('leg_mesh', mesh=part, translation=[0.0, -0.35, 0.0], scale=[0.08, 0.35, 0.08])
    head = node('head', translation=[0.0, 0.45, 0.0], rotation=round_f32(quat_axis('z', 10)),
                children=[head_m])
    # an arm as Blender makes one: its bone points along its local Y, so its
    # rest rotation turns Y to the side (and tilts it); it turns about its
    # own axes, which are none of the parent's
    arm_m = node('arm_mesh', mesh=part, translation=[0.0, 0.25, 0.0], scale=[0.06, 0.25, 0.06])
    arm_b = node('arm', translation=[0.35, 0.2, 0.0],
                 rotation=round_f32(quat_chain(('z', -90), ('x', 20))), children=[arm_m])
    spine = node('spine', translation=[0.0, 0.3, 0.0], children=[head, arm_b, chest])
    leg = node('leg', translation=[0.2, -0.1, 0.0], rotation=round_f32(quat_axis('x', 5)),
               children=[leg_m])
    hip = node('hip', translation=[0.0, 1.0, 0.0], children=[spine, leg, body])
    arm = node('Armature', translation=[0.0, 0.1, 0.0], children=[hip], **(armature_extra or {}))
    default_scene(g, [arm])
    t5 = [0.0, 0.25, 0.5, 0.75, 1.0]
    # "wave": each bone turns about one axis only (so that a linear blend of
    # its angles is the slerp), the hip bobs; the last key is the first: a loop
    add_animation(g, 'wave', [
        (hip, 'translation', t5, [(0, 1, 0), (0, 1.05, 0.02), (0, 1, 0), (0, 1.05, -0.02),
                                  (0, 1, 0)], 'LINEAR'),
        (hip, 'rotation', t5, [round_f32(quat_axis('y', a)) for a in (0, 10, 0, -10, 0)],
         'LINEAR'),
        (spine, 'rotation', t5, [round_f32(quat_axis('z', a)) for a in (0, 15, 0, -15, 0)],
         'LINEAR'),
        (head, 'rotation', t5, [round_f32(quat_axis('z', a)) for a in (10, 20, 10, 0, 10)],
         'LINEAR'),
        (leg, 'rotation', t5, [round_f32(quat_axis('x', a)) for a in (5, 35, 5, -25, 5)],
         'LINEAR'),
    ])
    # "reach": turns about several axes at once, plays once (ends elsewhere)
    t3 = [0.0, 0.5, 1.0]
    add_animation(g, 'reach', [
        (hip, 'translation', t3, [(0, 1, 0), (0.1, 0.9, 0.2), (0.2, 0.8, 0.4)], 'LINEAR'),
        (spine, 'rotation', t3, [round_f32(q) for q in (
            quat_chain(), quat_chain(('x', 30), ('y', 20)),
            quat_chain(('x', 45), ('y', 40), ('z', 10)))], 'LINEAR'),
        (head, 'rotation', t3, [round_f32(q) for q in (
            quat_chain(('z', 10)), quat_chain(('z', 10), ('y', 45)),
            quat_chain(('z', 10), ('y', 60), ('x', -20)))], 'LINEAR'),
        (leg, 'rotation', t3, [round_f32(q) for q in (
            quat_chain(('x', 5)), quat_chain(('x', 5), ('z', 30)),
            quat_chain(('x', 40), ('z', 15)))], 'LINEAR'),
        (arm_b, 'rotation', t3, [round_f32(q) for q in (
            quat_chain(('z', -90), ('x', 20)), quat_chain(('z', -90), ('x', 20), ('x', 50)),
            quat_chain(('z', -90), ('x', 20), ('x', 80), ('y', 30)))], 'LINEAR'),
    ])
    g.write_gltf_datauri(os.path.join(out, name))


def skinned_parts():
    """The skinned robot's vertices in bind space: base (joint 0), arm
    (joint 1), hand (joint 2), 24 each, and its 36 indices each."""
    parts = [((0, 0.3, 0), (0.4, 0.3, 0.3)), ((0, 1.4, 0), (0.15, 0.4, 0.15)),
             ((0, 2.05, 0), (0.2, 0.25, 0.1))]
    pos, nrm, idx, joint = [], [], [], []
    for j, (c, h) in enumerate(parts):
        p, n_, _, i = box(c, h)
        idx += [len(pos) + k for k in i]
        pos += p
        nrm += n_
        joint += [j] * len(p)
    return pos, nrm, idx, joint


def skinned_rig(g, joint_names, rest, bind, weights_of, weight_type=FLOAT, pos=None, idx=None,
                joints_of=None, nrm=None, armature_extra=None):
    """A chain of joints under an Armature node, a skinned mesh beside them.
    rest: per joint (translation, rotation) of its node; bind: per joint
    its bind-pose world translation (for the inverse bind matrices)."""
    attrs = {'POSITION': g.floats(pos, 'VEC3', target=ARRAY_BUFFER)}
    if nrm:
        attrs['NORMAL'] = g.floats(nrm, 'VEC3', target=ARRAY_BUFFER)
    attrs['JOINTS_0'] = g.accessor([joints_of(v) for v in range(len(pos))], UNSIGNED_BYTE, 'VEC4',
                                   target=ARRAY_BUFFER)
    ws = [weights_of(v) for v in range(len(pos))]
    if weight_type == FLOAT:
        attrs['WEIGHTS_0'] = g.floats(ws, 'VEC4', target=ARRAY_BUFFER)
    else:
        attrs['WEIGHTS_0'] = g.accessor([tuple(round(w * 255) for w in x) for x in ws],
                                        UNSIGNED_BYTE, 'VEC4', normalized=True,
                                        target=ARRAY_BUFFER)
    ind = g.accessor(idx, UNSIGNED_SHORT, 'SCALAR', target=ELEMENT_ARRAY_BUFFER)
    g.add('materials', {'name': 'skin', 'pbrMetallicRoughness': {
        'baseColorFactor': [0.9, 0.6, 0.2, 1.0]}})
    mesh = g.add('meshes', {'name': 'robot', 'primitives': [
        {'attributes': attrs, 'indices': ind, 'material': 0}]})
    joints = []
    for name, (t, r) in zip(joint_names, rest):
        kw = {'name': name, 'translation': list(t)}
        if r is not None:
            kw['rotation'] = round_f32(r)
        joints.append(g.add('nodes', kw))
    for a, b in zip(joints, joints[1:]):
        g.j['nodes'][a]['children'] = [b]
    ibm = g.floats([tuple(mat_inverse_rigid_translate(w)) for w in bind], 'MAT4')
    g.add('skins', {'name': 'Armature', 'inverseBindMatrices': ibm, 'joints': joints,
                    'skeleton': joints[0]})
    body = g.add('nodes', {'name': 'robot', 'mesh': mesh, 'skin': 0})
    armature = g.add('nodes', {'name': 'Armature', 'translation': [0.0, 0.0, 0.5], **(armature_extra or {}),
                               'children': [joints[0], body]})
    default_scene(g, [armature])
    return joints


def robot_skinned(out, name='robot_skinned.gltf', armature_extra=None):
    """Setup (b): one mesh, every vertex weighted fully to one of 3 joints
    (one with a 0.0001 weight on a second joint, as Blender leaves them).
    The hand's rest rotation differs from its bind pose: the rest mesh is
    jointWorld * inverseBind * v, not v."""
    g = Gltf()
    pos, nrm, idx, joint = skinned_parts()

    def weights(v):
        if v == 30:
            return (0.9999, 0.0001, 0.0, 0.0)
        return (1.0, 0.0, 0.0, 0.0)

    def joints_of(v):
        return (joint[v], 2 if v == 30 else 0, 0, 0)
    rest = [((0, 0, 0), None), ((0, 1.0, 0), None), ((0, 0.8, 0), quat_axis('z', 20))]
    bind = [(0, 0, 0.5), (0, 1.0, 0.5), (0, 1.8, 0.5)]
    root, armj, hand = skinned_rig(g, ['root', 'arm', 'hand'], rest, bind, weights, pos=pos,
                                   idx=idx, joints_of=joints_of, nrm=nrm,
                                   armature_extra=armature_extra)
    t5 = [0.0, 0.25, 0.5, 0.75, 1.0]
    # "swing": STEP keys; the last key is the first: a loop
    add_animation(g, 'swing', [
        (root, 'translation', t5, [(0, 0, 0), (0, 0.1, 0), (0.1, 0.1, 0), (0, 0.05, 0), (0, 0, 0)],
         'STEP'),
        (armj, 'rotation', t5, [round_f32(q) for q in (
            quat_chain(), quat_chain(('z', 30)), quat_chain(('x', 20), ('z', 30)),
            quat_chain(('z', -30)), quat_chain())], 'STEP'),
        (hand, 'rotation', t5, [round_f32(q) for q in (
            quat_chain(('z', 20)), quat_chain(('z', 40)), quat_chain(('z', 20), ('y', 30)),
            quat_chain(('z', 0)), quat_chain(('z', 20)))], 'STEP'),
    ])
    # "wiggle": CUBICSPLINE (in-tangent, value, out-tangent per key), once
    t3 = [0.0, 0.5, 1.0]
    rq = [quat_chain(), quat_chain(('y', 40)), quat_chain(('y', 70), ('x', 10))]
    hq = [quat_chain(('z', 20)), quat_chain(('z', 50)), quat_chain(('z', 50), ('x', 30))]
    tr = [(0, 0, 0), (0, 0.2, 0.1), (0.1, 0.3, 0.2)]

    def cubic(values, tangents):
        outv = []
        for v, (ti, to) in zip(values, tangents):
            outv += [tuple(ti), tuple(v), tuple(to)]
        return outv
    rot_tan = [((0, 0, 0, 0), (0, 0.3, 0, 0)), ((0, 0.4, 0, -0.1), (0, 0.4, 0, -0.1)),
               ((0.1, 0.2, 0, -0.2), (0, 0, 0, 0))]
    hand_tan = [((0, 0, 0, 0), (0, 0, 0.5, 0)), ((0, 0, 0.3, -0.1), (0, 0, 0.3, -0.1)),
                ((0.2, 0, 0, 0), (0, 0, 0, 0))]
    tr_tan = [((0, 0, 0), (0, 0.6, 0.2)), ((0.1, 0.2, 0.2), (0.1, 0.2, 0.2)),
              ((0, 0, 0), (0, 0, 0))]
    add_animation(g, 'wiggle', [
        (root, 'translation', t3, cubic(tr, tr_tan), 'CUBICSPLINE'),
        (armj, 'rotation', t3, cubic([round_f32(q) for q in rq], rot_tan), 'CUBICSPLINE'),
        (hand, 'rotation', t3, cubic([round_f32(q) for q in hq], hand_tan), 'CUBICSPLINE'),
    ])
    g.write_gltf_datauri(os.path.join(out, name))


def warnings(out):
    """What converts with warnings: animation names longer than 15 bytes
    (and the same once cut), a translation of a joint that is not the root
    and a scale animation (a rigid skeleton holds neither); group names
    from nodes without names (the mesh's, or node<N>) and made unique."""
    g = Gltf()
    cube = add_box_mesh(g, 'cube', half=(0.2, 0.2, 0.2), normals=False)
    plain = add_box_mesh(g, None, half=(0.1, 0.1, 0.1), normals=False)
    del g.j['meshes'][plain]['name']
    n = {}

    def node(name, **kw):
        if name is not None:
            kw['name'] = name
        i = g.add('nodes', kw)
        n[name or i] = i
        return i
    base_m = node('base_mesh', mesh=cube)
    arm_m = node('arm_mesh', mesh=cube, translation=[0.0, 0.3, 0.0], scale=[0.5, 1.0, 0.5])
    arm = node('arm', translation=[0.0, 0.4, 0.0], children=[arm_m])
    base = node('base', translation=[0.0, 0.2, 0.0], children=[arm, base_m])
    twin_a = node('twin', mesh=cube, translation=[2.0, 0.0, 0.0])
    twin_b = node('twin', mesh=cube, translation=[3.0, 0.0, 0.0])
    unnamed_cube = node(None, mesh=cube, translation=[-2.0, 0.0, 0.0])
    unnamed = node(None, mesh=plain, translation=[-3.0, 0.0, 0.0])
    default_scene(g, [base, twin_a, twin_b, unnamed_cube, unnamed])
    t3 = [0.0, 0.5, 1.0]
    add_animation(g, 'a_very_long_animation_name', [
        (base, 'rotation', t3, [round_f32(quat_axis('y', a)) for a in (0, 45, 90)], 'LINEAR'),
        (arm, 'translation', t3, [(0, 0.4, 0), (0, 0.5, 0), (0, 0.6, 0)], 'LINEAR'),
        (arm, 'scale', t3, [(1, 1, 1), (1.2, 1.2, 1.2), (1, 1, 1)], 'LINEAR'),
    ])
    add_animation(g, 'a_very_long_animation_name_2', [
        (arm, 'rotation', t3, [round_f32(quat_axis('x', a)) for a in (0, 30, 0)], 'LINEAR'),
    ])
    g.write_gltf_datauri(os.path.join(out, 'warnings.gltf'))


# ---------------------------------------------------------------- bad files

def bad_files(out, box_data):
    # extensionsRequired naming an extension the reader does not support
    g = Gltf()
    g.j['extensionsUsed'] = ['KHR_draco_mesh_compression']
    g.j['extensionsRequired'] = ['KHR_draco_mesh_compression']
    m = add_box_mesh(g, 'cube')
    default_scene(g, [g.add('nodes', {'name': 'cube', 'mesh': m})])
    g.write_gltf_datauri(os.path.join(out, 'bad_ext_required.gltf'))

    # an accessor past its bufferView: 24 VEC3 of FLOAT = 288 bytes in 120
    g = Gltf()
    v = g.view(struct.pack('<30f', *([0.0] * 30)), ARRAY_BUFFER)
    g.add('accessors', {'bufferView': v, 'componentType': FLOAT, 'count': 24, 'type': 'VEC3',
                        'min': [0, 0, 0], 'max': [0, 0, 0]})
    m = g.add('meshes', {'name': 'cut', 'primitives': [{'attributes': {'POSITION': 0}}]})
    default_scene(g, [g.add('nodes', {'name': 'cut', 'mesh': m})])
    g.write_gltf_datauri(os.path.join(out, 'bad_accessor_range.gltf'))

    # base64 with a character that is not base64
    g = Gltf()
    m = add_box_mesh(g, 'cube')
    default_scene(g, [g.add('nodes', {'name': 'cube', 'mesh': m})])
    g.finish_buffer('data:application/octet-stream;base64,' +
                    base64.b64encode(bytes(g.bin)).decode('ascii')[:-8] + 'AAA*AAAA')
    write(os.path.join(out, 'bad_base64.gltf'), g.json_text().encode('ascii'))

    # a vertex weighted to two joints: vertex 1 0.6 "arm", 0.4 "hand"
    g = Gltf()
    pos, nrm, idx, joint = skinned_parts()

    def weights(v):
        return (0.6, 0.4, 0.0, 0.0) if v == 1 else (1.0, 0.0, 0.0, 0.0)

    def joints_of(v):
        return (1, 2, 0, 0) if v == 1 else (joint[v], 0, 0, 0)
    skinned_rig(g, ['root', 'arm', 'hand'], [((0, 0, 0), None), ((0, 1.0, 0), None),
                                             ((0, 0.8, 0), None)],
                [(0, 0, 0.5), (0, 1.0, 0.5), (0, 1.8, 0.5)], weights, UNSIGNED_BYTE, pos=pos,
                idx=idx, joints_of=joints_of)
    add_animation(g, 'bend', [(1, 'rotation', [0.0, 0.5],
                               [round_f32(quat_axis('z', 0)), round_f32(quat_axis('z', 45))],
                               'LINEAR')])
    g.write_gltf_datauri(os.path.join(out, 'bad_nonrigid.gltf'))

    # a skin of 33 joints (a chain), the mesh on the first; no inverse bind
    # matrices (identities)
    g = Gltf()
    tri = g.floats([(0, 0, 0), (1, 0, 0), (0, 1, 0)], 'VEC3', target=ARRAY_BUFFER)
    jn = g.accessor([(0, 0, 0, 0)] * 3, UNSIGNED_BYTE, 'VEC4', target=ARRAY_BUFFER)
    wt = g.floats([(1, 0, 0, 0)] * 3, 'VEC4', target=ARRAY_BUFFER)
    mesh = g.add('meshes', {'name': 'tri', 'primitives': [
        {'attributes': {'POSITION': tri, 'JOINTS_0': jn, 'WEIGHTS_0': wt}}]})
    joints = [g.add('nodes', {'name': 'j%02d' % k, 'translation': [0.0, 0.1, 0.0]})
              for k in range(33)]
    for a, b in zip(joints, joints[1:]):
        g.j['nodes'][a]['children'] = [b]
    g.add('skins', {'joints': joints})
    body = g.add('nodes', {'name': 'tri', 'mesh': mesh, 'skin': 0})
    default_scene(g, [joints[0], body])
    g.write_gltf_datauri(os.path.join(out, 'bad_33_bones.gltf'))

    # a GLB cut in its JSON chunk (the header still says the whole length)
    write(os.path.join(out, 'bad_truncated.glb'), box_data[:100])


def main(argv):
    if len(argv) != 2:
        sys.stderr.write('usage: gltf_gen.py OUT_DIR\n')
        return 2
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    quantized(out)
    interleaved(out)
    sparse(out)
    textured(out)
    embedded(out)
    datauri(out)
    data = box_glb(out)
    modes(out)
    hierarchy(out)
    materials(out)
    robot_parented(out)
    robot_skinned(out)
    # the same with the Armature turned and scaled, as files converted from
    # FBX (Z up, centimetres) are: the root's translation is in its frame
    turned = {'rotation': round_f32(quat_axis('x', -90)), 'scale': [0.5, 0.5, 0.5]}
    robot_parented(out, 'robot_parented_turned.gltf', turned)
    robot_skinned(out, 'robot_skinned_turned.gltf', turned)
    warnings(out)
    bad_files(out, data)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
