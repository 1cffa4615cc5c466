/* src/formats/image/decode.c - image files to 8-bit RGBA.

   The format is told by the first bytes, never by the file name: the PNG
   signature goes to libspng; the JPEG (FF D8 FF), GIF ("GIF87a"/"GIF89a")
   and BMP ("BM") magics, and an 18-byte header that reads as a sane TGA
   header, go to stb_image (Debian's libstb ships its implementation, so
   STB_IMAGE_IMPLEMENTATION is not defined here). Anything else is refused,
   so the other formats stb knows (PSD, HDR, PNM, PIC) are not read by
   accident.

   Sizes are checked from the header before the pixels are decoded, and
   libspng gets explicit image and chunk limits. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spng.h>
#include <stb/stb_image.h>

#include "core/cnum.h"
#include "retromesh/fileio.h"
#include "retromesh/image.h"

/* Ancillary chunks libspng keeps (text, ICC profiles...) are capped: a
   texture needs none of them, and a hostile file may claim gigabytes. */
#define RM_PNG_CHUNK_LIMIT (16u << 20)
#define RM_PNG_CACHE_LIMIT (64u << 20)

static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};

void rm_image_init(rm_image *img)
{
    img->width = 0;
    img->height = 0;
    img->rgba = NULL;
}

void rm_image_free(rm_image *img)
{
    if (!img)
        return;
    free(img->rgba);
    rm_image_init(img);
}

rm_status rm_image_alloc(rm_image *img, uint32_t width, uint32_t height)
{
    rm_image_init(img);
    uint64_t n = (uint64_t)width * height;
    if (n == 0 || n > RM_IMAGE_MAX_PIXELS)
        return RM_USAGE;
    img->rgba = calloc((size_t)n, 4);
    if (!img->rgba)
        return RM_NOMEM;
    img->width = width;
    img->height = height;
    return RM_OK;
}

static const char *display_name(const char *name)
{
    return name ? name : "<image>";
}

static rm_status fail(rm_diag *diag, const char *name, rm_status st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* "NAME: error: cannot read image: REASON" */
static rm_status fail(rm_diag *diag, const char *name, rm_status st, const char *fmt, ...)
{
    char reason[512];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    rm_diag_at(diag, RM_ERROR, display_name(name), 0, 0, "cannot read image: %s", reason);
    return st;
}

static rm_status check_size(uint64_t w, uint64_t h, uint64_t max_pixels, const char *what,
                            const char *name, rm_diag *diag)
{
    if (w == 0 || h == 0)
        return fail(diag, name, RM_INVALID, "%s: the image is %llu x %llu pixels", what,
                    (unsigned long long)w, (unsigned long long)h);
    if (w * h > max_pixels)
        return fail(diag, name, RM_INVALID,
                    "%s: the image is %llu x %llu pixels, more than the limit of %llu pixels", what,
                    (unsigned long long)w, (unsigned long long)h, (unsigned long long)max_pixels);
    return RM_OK;
}

static rm_status decode_png(const uint8_t *data, size_t size, const char *name,
                            uint64_t max_pixels, rm_image *out, rm_diag *diag)
{
    spng_ctx *ctx = spng_ctx_new(0);
    if (!ctx)
        return fail(diag, name, RM_NOMEM, "PNG: out of memory");
    /* A dimension alone can be at most max_pixels (the other is >= 1), and
       libspng takes at most 2^31 - 1. */
    uint32_t dim_limit = max_pixels > 0x7FFFFFFFu ? 0x7FFFFFFFu : (uint32_t)max_pixels;
    rm_status st = RM_OK;
    uint8_t *px = NULL;
    int err = spng_set_image_limits(ctx, dim_limit, dim_limit);
    if (!err)
        err = spng_set_chunk_limits(ctx, RM_PNG_CHUNK_LIMIT, RM_PNG_CACHE_LIMIT);
    if (!err)
        err = spng_set_png_buffer(ctx, data, size);
    struct spng_ihdr ihdr;
    if (!err)
        err = spng_get_ihdr(ctx, &ihdr);
    if (err) {
        st = fail(diag, name, RM_INVALID, "PNG: %s", spng_strerror(err));
        goto done;
    }
    st = check_size(ihdr.width, ihdr.height, max_pixels, "PNG", name, diag);
    if (st != RM_OK)
        goto done;
    size_t n;
    err = spng_decoded_image_size(ctx, SPNG_FMT_RGBA8, &n);
    if (err || n != (size_t)ihdr.width * ihdr.height * 4) {
        st = fail(diag, name, RM_INVALID, "PNG: %s",
                  err ? spng_strerror(err) : "unexpected decoded size");
        goto done;
    }
    px = malloc(n);
    if (!px) {
        st = fail(diag, name, RM_NOMEM, "PNG: out of memory for %llu x %llu pixels",
                  (unsigned long long)ihdr.width, (unsigned long long)ihdr.height);
        goto done;
    }
    /* SPNG_FMT_RGBA8 turns every PNG kind (gray, gray+alpha, palette, RGB,
       16-bit) into RGBA8; SPNG_DECODE_TRNS applies a tRNS chunk as alpha.
       No gamma correction: the texels are taken as the file stores them. */
    err = spng_decode_image(ctx, px, n, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS);
    /* Then the chunks after the pixels, up to IEND: a cut file is reported
       even when the cut spares the pixel data. */
    if (!err)
        err = spng_decode_chunks(ctx);
    if (err) {
        st = fail(diag, name, RM_INVALID, "PNG: %s", spng_strerror(err));
        goto done;
    }
    out->rgba = px;
    out->width = ihdr.width;
    out->height = ihdr.height;
    px = NULL;
done:
    free(px);
    spng_ctx_free(ctx);
    return st;
}

/* An uncompressed or RLE TGA header that stb_image may decode: color-map
   type 0 or 1, a known image type that agrees with it, a sane pixel depth
   and nonzero sizes. TGA has no magic, so this check is what keeps random
   bytes from being "decoded" as a TGA. */
static bool looks_like_tga(const uint8_t *b, size_t size)
{
    if (size < 18)
        return false;
    unsigned cmap_type = b[1], type = b[2], cmap_bits = b[7], bits = b[16];
    unsigned w = (unsigned)b[12] | (unsigned)b[13] << 8, h = (unsigned)b[14] | (unsigned)b[15] << 8;
    if (w == 0 || h == 0)
        return false;
    bool mapped = type == 1 || type == 9;
    bool truecolor = type == 2 || type == 10;
    bool gray = type == 3 || type == 11;
    if (!mapped && !truecolor && !gray)
        return false;
    if (cmap_type > 1 || mapped != (cmap_type == 1))
        return false;
    if (mapped)
        return (bits == 8 || bits == 16) &&
               (cmap_bits == 15 || cmap_bits == 16 || cmap_bits == 24 || cmap_bits == 32);
    if (gray)
        return bits == 8 || bits == 16;
    return bits == 15 || bits == 16 || bits == 24 || bits == 32;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* stb_image reads zeros past the end of a buffer instead of failing, so a
   cut uncompressed TGA or BMP would decode as a picture with a black band.
   Their sizes follow from the header: check them here. Returns the bytes
   needed (0: not computable, e.g. RLE). */
static uint64_t stb_needed(const char *kind, const uint8_t *b, size_t size)
{
    if (strcmp(kind, "TGA") == 0) {
        unsigned type = b[2];
        if (type != 1 && type != 2 && type != 3)
            return 0;   /* RLE: known only by decoding */
        uint64_t cmap_len = (uint64_t)b[5] | (uint64_t)b[6] << 8;
        uint64_t cmap = b[1] ? cmap_len * ((b[7] + 7u) / 8u) : 0;
        uint64_t w = (uint64_t)b[12] | (uint64_t)b[13] << 8, h = (uint64_t)b[14] | (uint64_t)b[15] << 8;
        return 18 + b[0] + cmap + w * h * ((b[16] + 7u) / 8u);
    }
    if (strcmp(kind, "BMP") == 0 && size >= 34) {
        uint32_t info = le32(b + 14);
        unsigned bits = (unsigned)b[28] | (unsigned)b[29] << 8;
        uint32_t compression = le32(b + 30);
        if (info < 40 || (compression != 0 && compression != 3) || bits == 0)
            return 0;
        int32_t w = (int32_t)le32(b + 18), h = (int32_t)le32(b + 22);
        uint64_t aw = w < 0 ? 0 - (uint64_t)(int64_t)w : (uint64_t)w;
        uint64_t ah = h < 0 ? 0 - (uint64_t)(int64_t)h : (uint64_t)h;
        if (aw > (1u << 24) || ah > (1u << 24))
            return 0;   /* stb refuses those anyway */
        uint64_t stride = (aw * bits + 31) / 32 * 4;
        return (uint64_t)le32(b + 10) + stride * ah;
    }
    return 0;
}

static const char *stb_kind(const uint8_t *b, size_t size)
{
    if (size >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF)
        return "JPEG";
    if (size >= 6 && (memcmp(b, "GIF87a", 6) == 0 || memcmp(b, "GIF89a", 6) == 0))
        return "GIF";
    if (size >= 2 && b[0] == 'B' && b[1] == 'M')
        return "BMP";
    if (looks_like_tga(b, size))
        return "TGA";
    return NULL;
}

static const char *stb_reason(void)
{
    const char *r = stbi_failure_reason();
    return r ? r : "unknown error";
}

static rm_status decode_stb(const uint8_t *data, size_t size, const char *name, const char *kind,
                            uint64_t max_pixels, rm_image *out, rm_diag *diag)
{
    if (size > INT_MAX)
        return fail(diag, name, RM_INVALID, "%s: the file is larger than 2 GiB", kind);
    uint64_t needed = stb_needed(kind, data, size);
    if (needed > size)
        return fail(diag, name, RM_INVALID, "%s: truncated: %zu bytes, the header needs %llu", kind,
                    size, (unsigned long long)needed);
    int w, h, comp;
    if (!stbi_info_from_memory(data, (int)size, &w, &h, &comp))
        return fail(diag, name, RM_INVALID, "%s: %s", kind, stb_reason());
    if (w < 0 || h < 0)
        return fail(diag, name, RM_INVALID, "%s: negative size", kind);
    rm_status st = check_size((uint64_t)w, (uint64_t)h, max_pixels, kind, name, diag);
    if (st != RM_OK)
        return st;
    int w2, h2;
    stbi_uc *px = stbi_load_from_memory(data, (int)size, &w2, &h2, &comp, 4);
    if (!px)
        return fail(diag, name, RM_INVALID, "%s: %s", kind, stb_reason());
    if (w2 != w || h2 != h) {
        stbi_image_free(px);
        return fail(diag, name, RM_INVALID, "%s: size changed while decoding (%d x %d, then %d x %d)",
                    kind, w, h, w2, h2);
    }
    /* Copied so that rm_image_free() (free) owns memory from malloc, not
       from stb's allocator. */
    size_t n = (size_t)w * (size_t)h * 4;
    out->rgba = malloc(n);
    if (!out->rgba) {
        stbi_image_free(px);
        return fail(diag, name, RM_NOMEM, "%s: out of memory", kind);
    }
    memcpy(out->rgba, px, n);
    stbi_image_free(px);
    out->width = (uint32_t)w;
    out->height = (uint32_t)h;
    return RM_OK;
}

rm_status rm_image_decode_limit(const uint8_t *data, size_t size, const char *name,
                                uint64_t max_pixels, rm_image *out, rm_diag *diag)
{
    rm_image_init(out);
    if (max_pixels == 0 || max_pixels > RM_IMAGE_MAX_PIXELS)
        max_pixels = RM_IMAGE_MAX_PIXELS;
    if (!data || size == 0)
        return fail(diag, name, RM_INVALID, "empty file");
    size_t sig = size < sizeof png_signature ? size : sizeof png_signature;
    if (memcmp(data, png_signature, sig) == 0) {
        if (size <= sizeof png_signature)
            return fail(diag, name, RM_INVALID, "PNG: truncated after %zu bytes", size);
        return decode_png(data, size, name, max_pixels, out, diag);
    }
    const char *kind = stb_kind(data, size);
    if (!kind)
        return fail(diag, name, RM_INVALID, "unknown format (not PNG, JPEG, GIF, BMP or TGA)");
    return decode_stb(data, size, name, kind, max_pixels, out, diag);
}

rm_status rm_image_decode(const uint8_t *data, size_t size, const char *name, rm_image *out,
                          rm_diag *diag)
{
    return rm_image_decode_limit(data, size, name, RM_IMAGE_MAX_PIXELS, out, diag);
}

rm_status rm_image_load_file(const char *path, rm_image *out, rm_diag *diag)
{
    rm_image_init(out);
    uint8_t *data;
    size_t size;
    rm_status st = rm_file_read(path, &data, &size, diag);
    if (st != RM_OK)
        return st;
    st = rm_image_decode(data, size, path, out, diag);
    free(data);
    return st;
}
