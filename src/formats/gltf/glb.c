/* src/formats/gltf/glb.c - the GLB container (glTF 2.0 binary): a 12-byte
   header ("glTF", version 2, total length), then chunks of (length, type,
   bytes), each 4-byte aligned: first the JSON chunk, then an optional BIN
   chunk (buffer 0's bytes); chunks of other types are skipped, as the spec
   asks. Messages in the binary style: "robot.glb: chunk JSON at 0xc: ...".
   Bytes past the header's length are ignored. */
#include <stdio.h>
#include <string.h>

#include "gltf_load.h"

#define GLB_JSON 0x4E4F534Au
#define GLB_BIN 0x004E4942u

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

bool rm_gltf_is_glb(const uint8_t *data, size_t size)
{
    return data && size >= 4 && memcmp(data, "glTF", 4) == 0;
}

static void tag_name(uint32_t type, char out[16])
{
    if (type == GLB_JSON)
        snprintf(out, 16, "JSON");
    else if (type == GLB_BIN)
        snprintf(out, 16, "BIN");
    else
        snprintf(out, 16, "0x%08X", (unsigned)type);
}

rm_status rm_gltf_glb_split(const uint8_t *data, size_t size, const char *file,
                            const uint8_t **json, size_t *json_size, const uint8_t **bin,
                            size_t *bin_size, rm_diag *diag)
{
    *json = NULL;
    *json_size = 0;
    *bin = NULL;
    *bin_size = 0;
    if (!data || size < 12) {
        rm_diag_chunk(diag, RM_ERROR, file, "GLB", "header", 0,
                      "the file has %zu bytes, less than the 12-byte GLB header", data ? size : 0);
        return RM_INVALID;
    }
    if (memcmp(data, "glTF", 4) != 0) {
        rm_diag_chunk(diag, RM_ERROR, file, "GLB", "header", 0,
                      "the magic is not \"glTF\": this is not a GLB file");
        return RM_INVALID;
    }
    uint32_t version = le32(data + 4);
    if (version != 2) {
        rm_diag_chunk(diag, RM_ERROR, file, "GLB", "header", 4,
                      "version %u: only GLB version 2 (glTF 2.0) is read", (unsigned)version);
        return RM_INVALID;
    }
    uint32_t length = le32(data + 8);
    if (length < 20) {
        rm_diag_chunk(diag, RM_ERROR, file, "GLB", "header", 8,
                      "length %u is too short: a GLB with its JSON chunk has at least 20 bytes",
                      (unsigned)length);
        return RM_INVALID;
    }
    if (length > size) {
        rm_diag_chunk(diag, RM_ERROR, file, "GLB", "header", 8,
                      "length %u is past the end of the file (%zu bytes): the file is cut short",
                      (unsigned)length, size);
        return RM_INVALID;
    }
    size_t end = length;
    size_t off = 12;
    unsigned index = 0;
    while (off < end) {
        if (end - off < 8) {
            rm_diag_chunk(diag, RM_ERROR, file, "chunk", "header", off,
                          "a chunk header needs 8 bytes, %zu are left before the end (%zu)",
                          end - off, end);
            return RM_INVALID;
        }
        uint32_t clen = le32(data + off);
        uint32_t type = le32(data + off + 4);
        char tag[16];
        tag_name(type, tag);
        if (clen > end - off - 8) {
            rm_diag_chunk(diag, RM_ERROR, file, "chunk", tag, off,
                          "length %u is past the end of the file (%zu bytes are left after "
                          "the chunk header)",
                          (unsigned)clen, end - off - 8);
            return RM_INVALID;
        }
        if (clen % 4 != 0) {
            rm_diag_chunk(diag, RM_ERROR, file, "chunk", tag, off,
                          "length %u is not a multiple of 4 (a GLB's chunks are 4-byte aligned, "
                          "padded with spaces or zeros)",
                          (unsigned)clen);
            return RM_INVALID;
        }
        const uint8_t *bytes = data + off + 8;
        if (index == 0) {
            if (type != GLB_JSON) {
                rm_diag_chunk(diag, RM_ERROR, file, "chunk", tag, off,
                              "the first chunk of a GLB must be its JSON chunk (type "
                              "0x4E4F534A)");
                return RM_INVALID;
            }
            if (clen == 0) {
                rm_diag_chunk(diag, RM_ERROR, file, "chunk", tag, off,
                              "the JSON chunk is empty");
                return RM_INVALID;
            }
            *json = bytes;
            *json_size = clen;
        } else if (type == GLB_JSON) {
            rm_diag_chunk(diag, RM_ERROR, file, "chunk", tag, off,
                          "a second JSON chunk (a GLB has one, first)");
            return RM_INVALID;
        } else if (type == GLB_BIN) {
            if (index != 1) {
                rm_diag_chunk(diag, RM_ERROR, file, "chunk", tag, off,
                              "the BIN chunk must come right after the JSON chunk (a GLB has "
                              "one at most)");
                return RM_INVALID;
            }
            *bin = bytes;
            *bin_size = clen;
        }
        /* Chunks of other types are extensions' own: skipped. */
        off += 8 + (size_t)clen;
        index++;
    }
    return RM_OK;
}
