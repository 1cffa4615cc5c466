#!/usr/bin/env python3
"""scripts/crate_png.py OUT.png: writes examples/crate.png, the 32x32 texture
of examples/crate.obj (a wooden crate: a dark frame, planks, one diagonal
brace and a light nail in the top-left corner, so that a turned or mirrored
face shows). The PNG is committed; this is how it was made (python3 and its
zlib only, deterministic bytes)."""
import struct
import sys
import zlib

W = H = 32
FRAME = (90, 58, 30)
PLANK = (168, 116, 60)
GAP = (122, 80, 40)
BRACE = (140, 94, 48)
NAIL = (230, 220, 200)


def pixel(x, y):
    if x < 3 or y < 3 or x >= W - 3 or y >= H - 3:
        return NAIL if (x, y) in ((1, 1), (2, 1), (1, 2), (2, 2)) else FRAME
    if abs(x - y) <= 1:
        return BRACE
    if y % 8 == 2:
        return GAP
    return PLANK


def chunk(tag, data):
    return (struct.pack(">I", len(data)) + tag + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))


def main():
    rows = b"".join(b"\0" + bytes(c for x in range(W) for c in pixel(x, y)) for y in range(H))
    png = (b"\x89PNG\r\n\x1a\n"
           + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows, 9))
           + chunk(b"IEND", b""))
    with open(sys.argv[1], "wb") as f:
        f.write(png)


if __name__ == "__main__":
    main()
