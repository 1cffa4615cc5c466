/* src/formats/image/encode.c - rm_image to PNG bytes (libspng).

   Always 8-bit RGBA, non-interlaced, with only the IHDR, IDAT and IEND
   chunks: no time, text or gamma chunk, so the same pixels give the same
   bytes (for a given zlib). The compression settings are set explicitly
   rather than left to libspng's defaults. */
#include <stdlib.h>

#include <spng.h>

#include "retromesh/fileio.h"
#include "retromesh/image.h"

static rm_status encode(const rm_image *img, const char *name, uint8_t **data, size_t *size,
                        rm_diag *diag)
{
    *data = NULL;
    *size = 0;
    uint64_t n = (uint64_t)img->width * img->height;
    if (!img->rgba || n == 0 || n > RM_IMAGE_MAX_PIXELS) {
        rm_diag_at(diag, RM_ERROR, name, 0, 0, "cannot write PNG: the image is %lu x %lu pixels",
                   (unsigned long)img->width, (unsigned long)img->height);
        return RM_USAGE;
    }
    spng_ctx *ctx = spng_ctx_new(SPNG_CTX_ENCODER);
    if (!ctx) {
        rm_diag_at(diag, RM_ERROR, name, 0, 0, "cannot write PNG: out of memory");
        return RM_NOMEM;
    }
    struct spng_ihdr ihdr = {img->width, img->height, 8, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, 0, 0, 0};
    int err = spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
    if (!err)
        err = spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, 6);
    if (!err)
        err = spng_set_option(ctx, SPNG_FILTER_CHOICE, SPNG_FILTER_CHOICE_ALL);
    if (!err)
        err = spng_set_ihdr(ctx, &ihdr);
    if (!err)
        err = spng_encode_image(ctx, img->rgba, (size_t)n * 4, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
    size_t len = 0;
    void *buf = NULL;
    if (!err)
        buf = spng_get_png_buffer(ctx, &len, &err);
    spng_ctx_free(ctx);
    if (err || !buf) {
        free(buf);
        rm_diag_at(diag, RM_ERROR, name, 0, 0, "cannot write PNG: %s",
                   err ? spng_strerror(err) : "no output");
        return err == SPNG_EMEM ? RM_NOMEM : RM_INVALID;
    }
    /* libspng allocated the buffer with its default allocator (malloc), so
       the caller frees it with free(). */
    *data = buf;
    *size = len;
    return RM_OK;
}

rm_status rm_image_encode_png(const rm_image *img, uint8_t **data, size_t *size, rm_diag *diag)
{
    return encode(img, "<png>", data, size, diag);
}

rm_status rm_image_write_png(const rm_image *img, const char *path, rm_diag *diag)
{
    uint8_t *data;
    size_t size;
    rm_status st = encode(img, path, &data, &size, diag);
    if (st != RM_OK)
        return st;
    st = rm_file_write_atomic(path, data, size, diag);
    free(data);
    return st;
}
