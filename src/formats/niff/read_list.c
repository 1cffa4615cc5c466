/* src/formats/niff/read_list.c - one list: its header (6 words; ColorList
   and VectorList 7), the size array, every element found through it (its
   own size field must agree with the array, its this_*_index with its
   position), then the list's extension blocks. The SceneList is a single
   SceneHeader element. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "niff_internal.h"

void niff_list_free(rm_niff_list *l)
{
    for (uint32_t i = 0; i < l->elem_count; i++)
        niff_elem_free(&l->elems[i]);
    free(l->elems);
    free(l->elem_size);
    memset(l, 0, sizeof *l);
}

static bool parse_scene(niff_ctx *c, uint32_t off, rm_niff_list *l)
{
    l->elems = calloc(1, sizeof *l->elems);
    if (!l->elems) {
        c->nomem = true;
        return false;
    }
    l->elem_count = 1;
    l->count = 1;
    l->tag = niff_u32(c, off);
    l->size = niff_u32(c, off + 8);
    l->header_size = niff_u32(c, off + 4);
    static const niff_label scene = {NULL, "scene", NIFF_NO_INDEX};
    return niff_parse_elem(c, RM_NIFF_KIND_SCENE, off, l->size, "SceneList", &scene, &l->elems[0]);
}

/* The name of the list's size array, for messages: "obj_num_byte",
   "st_group_size", "tri_color_group_size"... */
static const char *size_array_name(uint32_t list, const niff_schema *ks, bool two, bool second, char *buf, size_t n)
{
    if (two)
        return second ? (list == RM_NIFF_LIST_COLOR ? "vtx_color_group_size" : "vtx_nv_group_size")
                      : (list == RM_NIFF_LIST_COLOR ? "tri_color_group_size" : "tri_nv_group_size");
    /* "<kind>_tag" -> "<kind>_num_byte"; the spec names three "<kind>_size" */
    bool sz = list == RM_NIFF_LIST_ST || list == RM_NIFF_LIST_ENVELOPE || list == RM_NIFF_LIST_CLUSTER;
    snprintf(buf, n, "%s%s", ks->info.field[0], sz ? "_size" : "_num_byte");
    char *t = strstr(buf, "_tag_");
    if (t)
        memmove(t, t + 4, strlen(t + 4) + 1);
    return buf;
}

bool niff_parse_list(niff_ctx *c, uint32_t list, uint32_t off, rm_niff_list *l)
{
    const niff_list_info *li = niff_list_info_of(list);
    memset(l, 0, sizeof *l);
    l->present = true;
    l->offset = off;
    if (list == RM_NIFF_LIST_SCENE)
        return parse_scene(c, off, l);

    bool two = list == RM_NIFF_LIST_COLOR || list == RM_NIFF_LIST_VECTOR;
    uint32_t hw = two ? 7 : 6;
    uint32_t size = niff_u32(c, off + 8);   /* already checked: 12 <= size <= bytes left */
    const char *where = li->name;
    if (size < 4 * hw) {
        niff_error(c, where, "header", off, "list size %u is smaller than its %u-byte header", size, 4 * hw);
        return false;
    }
    l->word_count = hw;
    for (uint32_t i = 0; i < hw; i++)
        l->words[i] = niff_u32(c, off + 4 * i);
    l->tag = l->words[0];
    l->header_size = l->words[1];
    l->size = size;
    l->count = l->words[3];
    l->count2 = two ? l->words[4] : 0;
    uint32_t neb = l->words[hw - 2], ueb = l->words[hw - 1];
    const niff_schema *ks = niff_schema_of(li->kind);
    /* count words are named after the element kind: obj_num, tri_color_group_num... */
    uint64_t n = (uint64_t)l->count + l->count2;
    uint32_t left = size - 4 * hw;
    if (n > 0x7fffffffu || n * 4 > left) {
        niff_error(c, where, "header", off, "%llu elements need a %llu-byte size array but the list has %u bytes after its header",
                   (unsigned long long)n, (unsigned long long)(n * 4), left);
        return false;
    }
    if (l->header_size != 4 * hw + 4 * n)
        niff_warn_once(c, W_LIST_HEADER_SIZE + list, where, "header", off,
                       "list header size %u, writers use %llu (header words + size array); the size array is read "
                       "right after the header words", l->header_size, (unsigned long long)(4 * hw + 4 * n));
    /* Every element is at least 12 bytes: checked before the arrays are made. */
    if (n * 16 > left) {
        niff_error(c, where, "header", off, "%llu elements cannot fit in the %u bytes of the list", (unsigned long long)n,
                   left);
        return false;
    }
    if (n) {
        l->elem_size = malloc((size_t)n * 4);
        l->elems = calloc((size_t)n, sizeof *l->elems);
        if (!l->elem_size || !l->elems) {
            c->nomem = true;
            return false;
        }
    }
    l->elem_count = (uint32_t)n;
    for (uint32_t i = 0; i < n; i++)
        l->elem_size[i] = niff_u32(c, off + 4 * hw + 4 * i);
    uint32_t pos = off + 4 * hw + 4 * (uint32_t)n, end = off + size;
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++) {
        bool second = two && i >= l->count;
        uint32_t kind = li->kind + (second ? 1u : 0u);
        uint32_t idx = second ? i - l->count : i;
        const niff_schema *s = niff_schema_of(kind);
        niff_label label = {NULL, s->info.short_name, idx};
        uint32_t es = l->elem_size[i];
        char arrname[64];
        if (es > end - pos) {
            niff_error_l(c, where, &label, pos, "%s[%u] %u runs past the end of the list (%u bytes left)",
                         size_array_name(list, ks, two, second, arrname, sizeof arrname), idx, es, end - pos);
            ok = false;
            break;
        }
        uint32_t sw = s->size_word;
        if (es >= 4 * (sw + 1u)) {
            uint32_t own = niff_u32(c, pos + 4 * sw);
            if (own != es) {
                niff_error_l(c, where, &label, pos, "%s %u but %s[%u] is %u", s->info.field[sw], own,
                             size_array_name(list, ks, two, second, arrname, sizeof arrname), idx, es);
                pos += es;
                continue;
            }
        }
        if (niff_parse_elem(c, kind, pos, es, where, &label, &l->elems[i])) {
            if (l->elems[i].index != idx)
                niff_error_l(c, where, &label, pos, "%s %u, expected %u", s->info.field[1], l->elems[i].index, idx);
        } else {
            niff_elem_free(&l->elems[i]);
            if (c->nomem)
                return false;
        }
        pos += es;
    }
    if (!ok)
        return false;
    if ((uint64_t)neb + ueb > end - pos) {
        niff_error(c, where, "header", off,
                   "nintendo_extension_block_size %u + user_extension_block_size %u run past the end of the list (%u bytes left)",
                   neb, ueb, end - pos);
        return false;
    }
    l->neb.data = neb ? c->d + pos : NULL;
    l->neb.size = neb;
    pos += neb;
    l->ueb.data = ueb ? c->d + pos : NULL;
    l->ueb.size = ueb;
    pos += ueb;
    if (pos < end) {
        l->tail.data = c->d + pos;
        l->tail.size = end - pos;
        niff_warn_once(c, W_LIST_TAIL + list, where, "header", off,
                       "list size %u leaves %u bytes after its elements and extension blocks; kept as they are", size,
                       end - pos);
    }
    return true;
}
