/* src/formats/niff/write.c - rm_niff_write: the model's generic part back
   to bytes. Nothing is recomputed: header words, list words, size arrays,
   element words, arrays, raw bodies, sub-elements, extension blocks and
   tails are written as stored, in file order, so a file read and written
   again is the same file (minus bytes after file_size). */
#include <stdlib.h>

#include "core/bytes.h"
#include "niff_internal.h"

static void put_bytes(rm_writer *w, rm_niff_bytes b)
{
    if (b.size)
        rm_write_bytes(w, b.data, b.size);
}

static bool put_elem(rm_writer *w, const rm_niff_elem *e, unsigned depth)
{
    if (e->word_count > RM_NIFF_MAX_WORDS || e->array_count > RM_NIFF_MAX_ARRAYS || depth > 4)
        return false;
    for (uint32_t i = 0; i < e->word_count; i++)
        rm_write_u32(w, e->words[i]);
    for (uint32_t i = 0; i < e->array_count; i++)
        for (uint32_t k = 0; k < e->arrays[i].count; k++)
            rm_write_u32(w, e->arrays[i].v[k]);
    put_bytes(w, e->data);
    for (uint32_t i = 0; i < e->sub_count; i++)
        if (!put_elem(w, &e->subs[i], depth + 1))
            return false;
    put_bytes(w, e->neb);
    put_bytes(w, e->ueb);
    put_bytes(w, e->tail);
    return true;
}

rm_status rm_niff_write(const rm_niff_file *f, uint8_t **data, size_t *size, rm_diag *diag)
{
    *data = NULL;
    *size = 0;
    if (f->check_only)
        return RM_USAGE;    /* its TriGroups keep no Tris: the bytes could not be written back */
    rm_writer w;
    rm_writer_init(&w);
    for (uint32_t i = 0; i < 25; i++)
        rm_write_u32(&w, f->header_words[i]);
    put_bytes(&w, f->header_neb);
    put_bytes(&w, f->header_ueb);
    put_bytes(&w, f->header_tail);
    for (uint32_t l = 0; l < RM_NIFF_LIST_COUNT; l++) {
        const rm_niff_list *list = &f->lists[l];
        if (!list->present)
            continue;
        bool ok = list->word_count <= 7;
        for (uint32_t i = 0; ok && i < list->word_count; i++)
            rm_write_u32(&w, list->words[i]);
        if (list->word_count)
            for (uint32_t i = 0; i < list->elem_count; i++)
                rm_write_u32(&w, list->elem_size ? list->elem_size[i] : 0);
        for (uint32_t i = 0; ok && i < list->elem_count; i++)
            ok = put_elem(&w, &list->elems[i], 0);
        put_bytes(&w, list->neb);
        put_bytes(&w, list->ueb);
        put_bytes(&w, list->tail);
        if (!ok) {
            rm_writer_free(&w);
            rm_diag_chunk(diag, RM_ERROR, "<niff model>", rm_niff_list_name(l), "list", 0,
                          "an element has more words or arrays than the model allows");
            return RM_INVALID;
        }
    }
    if (w.failed) {
        rm_writer_free(&w);
        return RM_NOMEM;
    }
    *data = w.data;
    *size = w.size;
    return RM_OK;
}
