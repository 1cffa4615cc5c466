/* src/formats/niff/read.c - rm_niff_read: the FileHeader, then the robust
   walk of spec §9 (each list identified by its tag, in the documented
   order, its size cross-checked with the FileHeader's), then the link
   checks and the typed views. Every problem is reported; any error makes
   the result RM_INVALID and leaves *out empty. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "niff_internal.h"

void rm_niff_free(rm_niff_file *f)
{
    if (!f)
        return;
    niff_free_typed(f);
    for (uint32_t i = 0; i < RM_NIFF_LIST_COUNT; i++)
        niff_list_free(&f->lists[i]);
    if (!f->data_borrowed)
        free(f->data);
    memset(f, 0, sizeof *f);
}

static bool read_header(niff_ctx *c, size_t size)
{
    rm_niff_file *f = c->f;
    for (uint32_t i = 0; i < 25; i++)
        f->header_words[i] = niff_u32(c, 4 * i);
    f->version = f->header_words[0];
    f->file_size = f->header_words[1];
    f->header_tag = f->header_words[2];
    f->file_header_num_byte = f->header_words[3];
    f->major = (f->version >> 8) & 0xffu;
    f->minor = f->version & 0xffu;
    if (f->header_tag != RM_NIFF_TAG_HEADER) {
        niff_error(c, "file", "header", 8, "header_tag 0x%08x, expected 0x00000000 (not a NIFF file?)", f->header_tag);
        return false;
    }
    if (f->major != 1 && f->major != 2)
        niff_warn_once(c, W_MISC + 10, "file", "header", 0,
                       "version 0x%08x: major %u is neither 1 nor 2; read with the %s layout", f->version, f->major,
                       f->major > 2 ? "2.0" : "1.0");
    if (f->file_size > size) {
        niff_error(c, "file", "header", 4, "file_size %u but the file has %zu bytes (truncated?)", f->file_size, size);
        c->n = size;
    } else {
        c->n = f->file_size;
        if (f->file_size < size) {
            f->trailing.data = c->d + f->file_size;
            f->trailing.size = (uint32_t)(size - f->file_size);
            niff_warn_once(c, W_MISC + 11, "file", "header", 4,
                           "file_size %u but the file has %zu bytes; the %u bytes after file_size are ignored",
                           f->file_size, size, f->trailing.size);
        }
    }
    uint32_t fh = f->file_header_num_byte, neb = f->header_words[23], ueb = f->header_words[24];
    if (fh < 100 || fh > c->n) {
        niff_error(c, "file", "header", 12, "file_header_num_byte %u is not between 100 and the file's %zu bytes", fh,
                   c->n);
        return false;
    }
    if ((uint64_t)100 + neb + ueb > fh) {
        niff_error(c, "file", "header", 92,
                   "nintendo_extension_block_size %u + user_extension_block_size %u do not fit in file_header_num_byte %u",
                   neb, ueb, fh);
        return false;
    }
    f->header_neb.data = neb ? c->d + 100 : NULL;
    f->header_neb.size = neb;
    f->header_ueb.data = ueb ? c->d + 100 + neb : NULL;
    f->header_ueb.size = ueb;
    uint32_t tail = fh - 100 - neb - ueb;
    if (tail) {
        f->header_tail.data = c->d + 100 + neb + ueb;
        f->header_tail.size = tail;
        niff_warn_once(c, W_MISC + 12, "file", "header", 12,
                       "file_header_num_byte %u leaves %u bytes after the extension blocks; kept as they are", fh, tail);
    }
    for (uint32_t l = 0; l < RM_NIFF_LIST_COUNT; l++) {
        const niff_list_info *li = niff_list_info_of(l);
        if (!li->v2)
            f->list_num_byte[l] = f->header_words[li->header_word];
    }
    if (f->major >= 2) {
        if (neb >= 36) {
            f->has_neb2 = true;
            for (uint32_t l = RM_NIFF_LIST_COUNT_V1; l < RM_NIFF_LIST_COUNT; l++)
                f->list_num_byte[l] = niff_u32(c, 100 + 4u * niff_list_info_of(l)->header_word);
        } else {
            niff_warn_once(c, W_MISC + 13, "file", "header", 92,
                           "a NIFF 2.0 file whose FileHeader NEB is %u bytes, not 36; the 2.0 list sizes are not "
                           "cross-checked", neb);
        }
    }
    return true;
}

/* A list the walk did not find between two it did (or at the end). */
static void missing_list(niff_ctx *c, uint32_t m, uint32_t at, const char *found)
{
    const rm_niff_file *f = c->f;
    const niff_list_info *li = niff_list_info_of(m);
    bool known = !li->v2 || f->has_neb2;
    if (known && f->list_num_byte[m] != 0) {
        if (found)
            niff_error(c, li->name, "header", at, "expected here (the FileHeader's %s is %u) but %s is found",
                       li->size_field, f->list_num_byte[m], found);
        else
            niff_error(c, li->name, "header", at, "expected here (the FileHeader's %s is %u) but the file ends",
                       li->size_field, f->list_num_byte[m]);
        return;
    }
    niff_warn_once(c, W_MISC + 14 + (li->v2 ? 1u : 0u), li->name, "header", at,
                   "absent (its FileHeader size is 0); read as an empty list%s",
                   li->v2 ? "; NIFF 2.0 asks writers for all nine 2.0 lists" : "");
}

static void walk(niff_ctx *c)
{
    rm_niff_file *f = c->f;
    uint32_t pos = f->file_header_num_byte, next = 0;
    uint32_t expect_end = (f->major >= 2 || f->has_neb2) ? RM_NIFF_LIST_COUNT : RM_NIFF_LIST_COUNT_V1;
    const char *prev = NULL;
    bool incomplete = false;
    while (pos < c->n) {
        if (c->n - pos < 12) {
            niff_error(c, "file", prev ? prev : "header", pos, "%zu bytes are left, too few for a list header",
                       c->n - pos);
            return;
        }
        uint32_t tag = niff_u32(c, pos);
        uint32_t l = niff_list_by_tag(tag);
        if (l == RM_NIFF_LIST_COUNT) {
            niff_error(c, "file", "list", pos, "unknown list tag 0x%08x%s%s", tag, prev ? " after " : "", prev ? prev : "");
            return;
        }
        const niff_list_info *li = niff_list_info_of(l);
        if (l < next) {
            niff_error(c, li->name, "header", pos, "found after %s, but the documented order puts %s before it",
                       prev ? prev : "the FileHeader", li->name);
            return;
        }
        for (uint32_t m = next; m < l; m++)
            missing_list(c, m, pos, li->name);
        uint32_t size = niff_u32(c, pos + 8);
        const char *size_name = l == RM_NIFF_LIST_SCENE ? "scene_size" : "list size";
        if (size < 12 || size > c->n - pos) {
            niff_error(c, li->name, "header", pos, "%s %u %s (%zu bytes left in the file)", size_name, size,
                       size < 12 ? "is too small" : "runs past the end of the file", c->n - pos);
            return;
        }
        if ((!li->v2 || f->has_neb2) && size != f->list_num_byte[l])
            niff_error(c, li->name, "header", pos, "%s %u but the FileHeader's %s is %u", size_name, size,
                       li->size_field, f->list_num_byte[l]);
        if (!niff_parse_list(c, l, pos, &f->lists[l])) {
            if (c->nomem)
                return;
            incomplete = true;   /* its elements could not all be located */
        }
        pos += size;
        next = l + 1;
        prev = li->name;
    }
    size_t before = c->errors;
    for (uint32_t m = next; m < expect_end; m++)
        missing_list(c, m, pos, NULL);
    c->walk_complete = !incomplete && c->errors == before;
}

rm_status rm_niff_read(const uint8_t *data, size_t size, const char *name, rm_niff_file *out, rm_diag *diag)
{
    return rm_niff_read_with(data, size, name, NULL, out, diag);
}

rm_status rm_niff_read_with(const uint8_t *data, size_t size, const char *name, const rm_niff_read_options *opt,
                            rm_niff_file *out, rm_diag *diag)
{
    static const rm_niff_read_options none = {0};
    if (!opt)
        opt = &none;
    memset(out, 0, sizeof *out);
    niff_ctx c;
    memset(&c, 0, sizeof c);
    c.f = out;
    c.check_only = opt->check_only;
    c.file = name ? name : "<input>";
    c.diag = diag;
    if (!data || size < 100) {
        niff_error(&c, "file", "header", 0, "the file is %zu bytes; a NIFF FileHeader alone is 100", data ? size : 0);
        return RM_INVALID;
    }
    if (size > 0xffffffffu) {
        niff_error(&c, "file", "header", 0, "the file is %zu bytes; NIFF sizes are 32-bit", size);
        return RM_INVALID;
    }
    if (opt->borrow_data) {
        /* The model only reads the bytes; the caller keeps them unchanged. */
        out->data = (uint8_t *)(uintptr_t)data;
        out->data_borrowed = true;
    } else {
        out->data = malloc(size);
        if (!out->data)
            return RM_NOMEM;
        memcpy(out->data, data, size);
    }
    out->data_size = size;
    out->check_only = opt->check_only;
    c.d = out->data;
    c.n = size;
    if (read_header(&c, size))
        walk(&c);
    /* Links are checked whenever every list was located, even after errors in
       single elements (those are left out), so one run lists all problems. */
    if (!c.nomem && c.walk_complete)
        niff_check_links(&c);
    if (!c.nomem && c.errors == 0 && !niff_build_typed(&c))
        c.nomem = true;
    if (c.nomem || c.errors) {
        rm_niff_free(out);
        return c.nomem ? RM_NOMEM : RM_INVALID;
    }
    return RM_OK;
}
