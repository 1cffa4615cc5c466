/* src/formats/oni/container.c - the instance file (levelN_Final.dat):
   header, descriptors, data and name blocks, links. See retromesh/oni.h and
   the checklist of oni-dat.md 1.13. */
#include "retromesh/oni.h"
#include "core/cnum.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oni_le.h"

#define HEADER_SIZE 64u
#define INSTANCE_DESC 20u
#define NAME_DESC 8u
#define TEMPLATE_DESC 16u

static void tag_text(uint32_t tag, char out[5])
{
    for (int i = 0; i < 4; i++) {
        unsigned char c = (unsigned char)(tag >> (24 - 8 * i));
        out[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    out[4] = 0;
}

/* "FILE: instance file header at 0x14: ..." */
static rm_status header_error(rm_diag *diag, const char *file, unsigned long at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static rm_status header_error(rm_diag *diag, const char *file, unsigned long at, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(text, sizeof text, fmt, ap);   /* a point, whatever the locale */
    va_end(ap);
    rm_diag_chunk(diag, RM_ERROR, file, "instance file", "header", at, "%s", text);
    return RM_INVALID;
}

/* "FILE: instance 812 (M3GM) at 0x3bca0: ..." */
static void instance_error(rm_diag *diag, const char *file, uint32_t index, uint32_t tag,
                           unsigned long at, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static void instance_error(rm_diag *diag, const char *file, uint32_t index, uint32_t tag,
                           unsigned long at, const char *fmt, ...)
{
    char label[32], text[512], t[5];
    tag_text(tag, t);
    snprintf(label, sizeof label, "%u (%s)", index, t);
    va_list ap;
    va_start(ap, fmt);
    rm_cvsnprintf(text, sizeof text, fmt, ap);   /* a point, whatever the locale */
    va_end(ap);
    rm_diag_chunk(diag, RM_ERROR, file, "instance", label, at, "%s", text);
}

rm_status rm_oni_open(const uint8_t *bytes, size_t size, const char *filename, rm_oni_file *out,
                      rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    const char *file = filename ? filename : "<input>";
    if (size < HEADER_SIZE)
        return header_error(diag, file, 0, "the file is %lu bytes, shorter than the 64-byte header",
                            (unsigned long)size);
    uint32_t version = rm_oni_le32(bytes + 0x08);
    if (version != RM_ONI_VERSION_VR31)
        return header_error(diag, file, 8,
                            "version 0x%08lx is not VR31 (0x56523331): not a level data file",
                            (unsigned long)version);
    static const uint16_t sizes[4] = {HEADER_SIZE, INSTANCE_DESC, TEMPLATE_DESC, NAME_DESC};
    for (unsigned i = 0; i < 4; i++) {
        uint16_t got = rm_oni_le16(bytes + 0x0c + 2 * i);
        if (got != sizes[i])
            return header_error(diag, file, 0x0c + 2 * i, "structure size %u, expected %u", (unsigned)got,
                                (unsigned)sizes[i]);
    }
    uint32_t ni = rm_oni_le32(bytes + 0x14), nn = rm_oni_le32(bytes + 0x18),
             nt = rm_oni_le32(bytes + 0x1c);
    uint32_t data_off = rm_oni_le32(bytes + 0x20), data_size = rm_oni_le32(bytes + 0x24);
    uint32_t name_off = rm_oni_le32(bytes + 0x28), name_size = rm_oni_le32(bytes + 0x2c);
    /* 64-bit sums: no overflow even for counts near 2^32. */
    uint64_t desc_end = HEADER_SIZE + (uint64_t)ni * INSTANCE_DESC + (uint64_t)nn * NAME_DESC +
                        (uint64_t)nt * TEMPLATE_DESC;
    if (desc_end > size)
        return header_error(diag, file, 0x14,
                            "%lu instance, name and template descriptors end at 0x%lx, past the end of the file",
                            (unsigned long)ni + nn + nt, (unsigned long)desc_end);
    if (desc_end > data_off)
        return header_error(diag, file, 0x20, "data block at 0x%lx overlaps the descriptors (they end at 0x%lx)",
                            (unsigned long)data_off, (unsigned long)desc_end);
    if ((uint64_t)data_off + data_size > size)
        return header_error(diag, file, 0x24, "data block of %lu bytes at 0x%lx is past the end of the file",
                            (unsigned long)data_size, (unsigned long)data_off);
    if ((uint64_t)name_off + name_size > size)
        return header_error(diag, file, 0x2c, "name block of %lu bytes at 0x%lx is past the end of the file",
                            (unsigned long)name_size, (unsigned long)name_off);
    if ((uint64_t)ni > 0xFFFFFFu + 1u)
        return header_error(diag, file, 0x14, "%lu instances: links hold 24-bit indexes (at most %lu)",
                            (unsigned long)ni, 0x1000000ul);

    rm_oni_instance *inst = ni ? calloc(ni, sizeof *inst) : NULL;
    if (ni && !inst) {
        rm_diag_add(diag, RM_ERROR, "%s: error: out of memory", file);
        return RM_NOMEM;
    }
    const uint8_t *names = bytes + name_off;
    for (uint32_t i = 0; i < ni; i++) {
        const uint8_t *d = bytes + HEADER_SIZE + (size_t)i * INSTANCE_DESC;
        unsigned long at = (unsigned long)(HEADER_SIZE + (size_t)i * INSTANCE_DESC);
        rm_oni_instance *x = &inst[i];
        x->tag = rm_oni_le32(d);
        tag_text(x->tag, x->tag_text);
        uint32_t off = rm_oni_le32(d + 4), name = rm_oni_le32(d + 8), dsize = rm_oni_le32(d + 12);
        x->flags = rm_oni_le32(d + 16) & 0xFFu;
        bool placeholder = (x->flags & RM_ONI_FLAG_PLACEHOLDER) || off == 0 || dsize == 0;
        if (!(x->flags & RM_ONI_FLAG_UNNAMED)) {
            if (name >= name_size) {
                instance_error(diag, file, i, x->tag, at, "name offset %lu is outside the %lu-byte name block",
                               (unsigned long)name, (unsigned long)name_size);
                goto fail;
            }
            if (!memchr(names + name, 0, name_size - name)) {
                instance_error(diag, file, i, x->tag, at, "name at offset %lu has no NUL before the end of the name block",
                               (unsigned long)name);
                goto fail;
            }
            x->name = (const char *)(names + name);
        } else if (placeholder) {
            instance_error(diag, file, i, x->tag, at,
                           "unnamed placeholder (no data and no name: nothing can resolve it)");
            goto fail;
        }
        if (placeholder)
            continue;
        if (off < 8 || dsize < 8 || (uint64_t)off - 8 + dsize > data_size) {
            instance_error(diag, file, i, x->tag, at,
                           "data of %lu bytes at offset %lu is outside the %lu-byte data block",
                           (unsigned long)dsize, (unsigned long)off, (unsigned long)data_size);
            goto fail;
        }
        x->has_data = true;
        x->record = data_off + off - 8;
        x->data = data_off + off;
        x->size = dsize - 8;
        uint32_t id = rm_oni_le32(bytes + x->record);
        uint32_t want = (i << 8) | 1u;
        if (id != want) {
            instance_error(diag, file, i, x->tag, x->record,
                           "record starts with instance ID 0x%08lx, expected 0x%08lx (index %lu)",
                           (unsigned long)id, (unsigned long)want, (unsigned long)i);
            goto fail;
        }
    }
    out->source = file;
    out->bytes = bytes;
    out->size = size;
    out->checksum = rm_oni_le64(bytes);
    out->instance_count = ni;
    out->name_count = nn;
    out->template_count = nt;
    out->data_off = data_off;
    out->data_size = data_size;
    out->name_off = name_off;
    out->name_size = name_size;
    out->instances = inst;
    return RM_OK;
fail:
    free(inst);
    return RM_INVALID;
}

void rm_oni_close(rm_oni_file *f)
{
    free(f->instances);
    memset(f, 0, sizeof *f);
}

uint32_t rm_oni_u32(const rm_oni_file *f, uint32_t index, uint32_t rel, bool *ok)
{
    const rm_oni_instance *x = &f->instances[index];
    if (!x->has_data || (uint64_t)rel + 4 > x->size) {
        *ok = false;
        return 0;
    }
    *ok = true;
    return rm_oni_le32(f->bytes + x->data + rel);
}

rm_status rm_oni_link(const rm_oni_file *f, uint32_t from, uint32_t rel, uint32_t expected_tag,
                      const char *field, uint32_t *target, rm_diag *diag)
{
    const rm_oni_instance *x = &f->instances[from];
    *target = RM_ONI_NONE;
    bool ok;
    uint32_t v = rm_oni_u32(f, from, rel, &ok);
    if (!ok) {
        instance_error(diag, f->source, from, x->tag, x->has_data ? x->data : 0,
                       "%s link at +0x%lx is past the end of its %lu bytes of data", field,
                       (unsigned long)rel, (unsigned long)x->size);
        return RM_INVALID;
    }
    if (v == 0)
        return RM_OK;
    unsigned long at = (unsigned long)x->data + rel;
    if ((v & 0xFFu) != 1u) {
        instance_error(diag, f->source, from, x->tag, at, "%s link 0x%08lx: low byte is not 1", field,
                       (unsigned long)v);
        return RM_INVALID;
    }
    uint32_t t = v >> 8;
    if (t >= f->instance_count) {
        instance_error(diag, f->source, from, x->tag, at, "%s link to instance %lu, but the file has %lu",
                       field, (unsigned long)t, (unsigned long)f->instance_count);
        return RM_INVALID;
    }
    if (expected_tag && f->instances[t].tag != expected_tag) {
        char want[5];
        tag_text(expected_tag, want);
        instance_error(diag, f->source, from, x->tag, at, "%s link to instance %lu (%s), expected a %s",
                       field, (unsigned long)t, f->instances[t].tag_text, want);
        return RM_INVALID;
    }
    *target = t;
    return RM_OK;
}

uint32_t rm_oni_find(const rm_oni_file *f, const char *name)
{
    for (uint32_t i = 0; i < f->instance_count; i++)
        if (f->instances[i].name && strcmp(f->instances[i].name, name) == 0)
            return i;
    return RM_ONI_NONE;
}

int rm_oni_level_number(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strncmp(base, "level", 5) != 0)
        return -1;
    const char *p = base + 5;
    long n = 0;
    if (*p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9' && n < 100000)
        n = n * 10 + (*p++ - '0');
    if (strcmp(p, "_Final.dat") != 0)
        return -1;
    return (int)n;
}
