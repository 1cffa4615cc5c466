/* src/formats/registry/detect.c - what a file is, from its first bytes
   (rm_format_detect). Binary signatures first, each a fixed prefix or a
   header whose fields must agree (so that text seldom passes for one),
   then UTF-16, then text (detect_text.c). The rules are listed in
   docs/formats.md. Nothing past `size` (nor past RM_FORMAT_HEAD_SIZE) is
   read. */
#include "formats/registry/registry.h"

#include <string.h>

#include "retromesh/niff.h"

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)((unsigned)p[0] | (unsigned)p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool starts(const uint8_t *h, size_t n, const char *magic, size_t len)
{
    return n >= len && memcmp(h, magic, len) == 0;
}

/* An Oni instance file: version VR31 at 8 and the four structure sizes of
   the header (as rm_oni_open checks them). */
static bool is_oni(const uint8_t *h, size_t n)
{
    return n >= 0x14 && le32(h + 8) == 0x56523331u && le16(h + 0x0c) == 64 && le16(h + 0x0e) == 20 &&
           le16(h + 0x10) == 16 && le16(h + 0x12) == 8;
}

/* BMP: "BM" and a known DIB header size at 14. */
static bool is_bmp(const uint8_t *h, size_t n)
{
    if (n < 18 || h[0] != 'B' || h[1] != 'M')
        return false;
    uint32_t dib = le32(h + 14);
    return dib == 12 || dib == 16 || dib == 40 || dib == 52 || dib == 56 || dib == 64 || dib == 108 ||
           dib == 124;
}

/* Binary STL: an 80-byte header, a triangle count, 50 bytes a triangle:
   only told when the file's size is known and agrees (the header is free
   text, often "solid ..."). */
static bool is_binary_stl(const uint8_t *h, size_t n, uint64_t file_size)
{
    if (n < 84 || file_size == UINT64_MAX)
        return false;
    uint64_t count = le32(h + 80);
    return count > 0 && file_size == 84 + 50 * count;
}

/* 3DS: the main chunk 0x4D4D, a length that can hold it, and the version
   (0x0002) or editor (0x3D3D) chunk first inside. */
static bool is_3ds(const uint8_t *h, size_t n, uint64_t file_size)
{
    if (n < 10 || le16(h) != 0x4D4D)
        return false;
    uint32_t len = le32(h + 2);
    uint16_t first = le16(h + 6);
    return len >= 12 && (file_size == UINT64_MAX || len <= file_size) &&
           (first == 0x0002 || first == 0x3D3D);
}

/* GLB: "glTF" then the container version, 1 or 2. */
static bool is_glb(const uint8_t *h, size_t n)
{
    if (!starts(h, n, "glTF", 4) || n < 8)
        return false;
    uint32_t version = le32(h + 4);
    return version == 1 || version == 2;
}

static rm_format detect_binary(const uint8_t *h, size_t n, uint64_t file_size)
{
    static const uint8_t png[8] = { 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A };
    if (rm_niff_looks_like(h, n))
        return RM_FORMAT_NIFF;
    if (starts(h, n, "JOM1", 4))
        return RM_FORMAT_JOM;
    if (starts(h, n, "JOLV", 4))
        return RM_FORMAT_JOL;
    if (is_glb(h, n))
        return RM_FORMAT_GLB;
    if (is_oni(h, n))
        return RM_FORMAT_ONI;
    if (starts(h, n, (const char *)png, 8))
        return RM_FORMAT_PNG;
    if (n >= 3 && h[0] == 0xFF && h[1] == 0xD8 && h[2] == 0xFF)
        return RM_FORMAT_JPEG;
    if (starts(h, n, "GIF87a", 6) || starts(h, n, "GIF89a", 6))
        return RM_FORMAT_GIF;
    if (is_bmp(h, n))
        return RM_FORMAT_BMP;
    if (is_binary_stl(h, n, file_size))
        return RM_FORMAT_STL;
    if (starts(h, n, "ply\n", 4) || starts(h, n, "ply\r\n", 5))
        return RM_FORMAT_PLY;
    if (starts(h, n, "Kaydara FBX Binary", 18))
        return RM_FORMAT_FBX;
    if (is_3ds(h, n, file_size))
        return RM_FORMAT_3DS;
    if (starts(h, n, "PK\x03\x04", 4) || starts(h, n, "PK\x05\x06", 4) || starts(h, n, "PK\x07\x08", 4))
        return RM_FORMAT_ZIP;
    if (n >= 3 && h[0] == 0x1F && h[1] == 0x8B && h[2] == 0x08)
        return RM_FORMAT_GZIP;
    if (starts(h, n, "%PDF-", 5))
        return RM_FORMAT_PDF;
    if (starts(h, n, "\x7F" "ELF", 4))
        return RM_FORMAT_ELF;
    return RM_FORMAT_UNKNOWN;
}

static bool ascii_text(uint8_t c)
{
    return (c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r';
}

/* UTF-16 without a byte order mark: of the first code units, nearly all
   have a zero high byte and an ASCII text low byte, on the same side.
   Returns 1 (little endian), 2 (big endian) or 0. */
static int utf16_guess(const uint8_t *h, size_t n)
{
    size_t units = (n < 256 ? n : 256) / 2;
    if (units < 2)
        return 0;
    size_t le = 0, be = 0;
    for (size_t i = 0; i < units; i++) {
        uint8_t a = h[2 * i], b = h[2 * i + 1];
        le += ascii_text(a) && b == 0;
        be += a == 0 && ascii_text(b);
    }
    if (le * 10 >= units * 9)
        return 1;
    if (be * 10 >= units * 9)
        return 2;
    return 0;
}

/* The head of a UTF-16 text as 8-bit text (ASCII kept, anything else
   '?'), then told as text. */
static rm_format detect_utf16(const uint8_t *h, size_t n, bool big_endian, bool complete)
{
    uint8_t text[RM_FORMAT_HEAD_SIZE / 2];
    size_t units = n / 2, k = 0;
    for (size_t i = 0; i < units && k < sizeof text; i++) {
        unsigned u = big_endian ? (unsigned)h[2 * i] << 8 | h[2 * i + 1]
                                : (unsigned)h[2 * i + 1] << 8 | h[2 * i];
        text[k++] = u == 0 ? 0 : u < 0x80 ? (uint8_t)u : (uint8_t)'?';
    }
    return rm_fmt_detect_text(text, k, complete);
}

rm_format rm_format_detect_sized(const uint8_t *head, size_t size, uint64_t file_size)
{
    if (!head || size == 0)
        return file_size == 0 || file_size == UINT64_MAX ? RM_FORMAT_EMPTY : RM_FORMAT_UNKNOWN;
    size_t n = size < RM_FORMAT_HEAD_SIZE ? size : RM_FORMAT_HEAD_SIZE;
    bool complete = file_size != UINT64_MAX && n == file_size;
    rm_format f = detect_binary(head, n, file_size);
    if (f != RM_FORMAT_UNKNOWN)
        return f;
    if (n >= 2 && ((head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF))) {
        /* Told by its text: the OBJ and MTL readers read UTF-16 with a
           byte order mark. */
        rm_format t = detect_utf16(head + 2, n - 2, head[0] == 0xFE, complete);
        return t == RM_FORMAT_UNKNOWN ? RM_FORMAT_UTF16_TEXT : t;
    }
    if (utf16_guess(head, n))
        return RM_FORMAT_UTF16_TEXT;
    return rm_fmt_detect_text(head, n, complete);
}

rm_format rm_format_detect(const uint8_t *head, size_t size)
{
    return rm_format_detect_sized(head, size, size);
}
