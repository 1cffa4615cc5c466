/* src/formats/niff/read_elem.c - one element (and its sub-elements) from
   the bytes, driven by its kind's schema row: fixed words, count-sized
   arrays, special bodies (Reference*Data, TexDataArea, texels, name text),
   sub-elements through their own size fields, extension blocks, and any
   bytes the spec does not explain (kept as `tail`, warned once per kind).
   Every count is checked against the bytes left before anything is
   allocated, so a count can never ask for more memory than the file could
   hold (a word needs 4 bytes, a Tri 76, any sub-element 12). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "niff_internal.h"

void niff_elem_free(rm_niff_elem *e)
{
    if (!e)
        return;
    for (uint32_t i = 0; i < RM_NIFF_MAX_ARRAYS; i++)
        if (e->arrays[i].v)
            free(e->arrays[i].v);
    if (e->subs) {
        for (uint32_t i = 0; i < e->sub_count; i++)
            niff_elem_free(&e->subs[i]);
        free(e->subs);
    }
    memset(e, 0, sizeof *e);
}

static rm_niff_bytes blob(const niff_ctx *c, uint32_t off, uint32_t size)
{
    rm_niff_bytes b = {size ? c->d + off : NULL, size};
    return b;
}

/* Reads `count` words at *pos into a new array (count already checked). */
static bool read_words(niff_ctx *c, uint32_t *pos, uint32_t count, rm_niff_array *a)
{
    a->count = count;
    a->v = NULL;
    if (count == 0)
        return true;
    a->v = malloc((size_t)count * 4);
    if (!a->v) {
        c->nomem = true;
        return false;
    }
    for (uint32_t i = 0; i < count; i++)
        a->v[i] = niff_u32(c, *pos + 4u * i);
    *pos += 4u * count;
    return true;
}

/* "vtx_num 1000 needs 12000 bytes but only 40 are left in the vtx group" */
static bool room(niff_ctx *c, const char *where, const niff_label *label, uint32_t off, uint64_t need,
                 uint32_t left, const char *what, const char *field, uint64_t value)
{
    if (need <= left)
        return true;
    niff_error_l(c, where, label, off, "%s %llu needs %llu bytes but only %u are left in the %s", field,
               (unsigned long long)value, (unsigned long long)need, left, what);
    return false;
}

/* The kind of a sub-element found by its tag. */
static uint32_t kind_by_tag(uint32_t tag, const uint32_t *kinds, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (niff_schema_of(kinds[i])->info.tag == tag)
            return kinds[i];
    return RM_NIFF_KIND_RAW;
}

static bool alloc_subs(niff_ctx *c, rm_niff_elem *e, uint64_t n)
{
    if (n == 0)
        return true;
    e->subs = calloc((size_t)n, sizeof *e->subs);
    if (!e->subs) {
        c->nomem = true;
        return false;
    }
    return true;
}

/* Parses sub-element number `i` at *pos (kind chosen by the caller) and
   checks its index against `expect` (UINT32_MAX: not checked). */
static bool parse_sub(niff_ctx *c, rm_niff_elem *e, uint32_t kind, uint32_t *pos, uint32_t end,
                      const char *where, const niff_label *label, const char *noun, uint32_t i, uint32_t expect)
{
    rm_niff_elem scratch;
    /* a check_only read validates each Tri and keeps none */
    bool keep = !(c->check_only && kind == RM_NIFF_KIND_TRI);
    niff_label sub_label = {label, noun, i};
    rm_niff_elem *s = keep ? &e->subs[e->sub_count] : &scratch;
    if (!niff_parse_elem(c, kind, *pos, end - *pos, where, &sub_label, s)) {
        niff_elem_free(s);
        return false;
    }
    if (keep)
        e->sub_count++;
    if (expect != UINT32_MAX && s->index != expect)
        niff_error_l(c, where, &sub_label, *pos, "%s %u, expected %u", niff_schema_of(kind)->info.field[1],
                   s->index, expect);
    *pos += s->size;
    if (!keep && (s->array_count || s->subs))
        niff_elem_free(s);  /* a Tri has neither: nothing else to free */
    return true;
}

uint32_t niff_first_tri(const rm_niff_elem *tg)
{
    uint64_t pos = (uint64_t)tg->offset + 4u * tg->word_count;
    for (uint32_t r = 0; r < tg->array_count; r++)
        pos += 4u * (uint64_t)tg->arrays[r].count;
    return (uint32_t)pos;
}

static bool body_arrays(niff_ctx *c, const niff_schema *s, rm_niff_elem *e, uint32_t *pos, uint32_t end,
                        const char *where, const niff_label *label)
{
    for (uint32_t i = 0; i < s->info.array_count; i++) {
        uint32_t cw = s->array_count_word[i];
        uint64_t count = (uint64_t)e->words[cw] * s->array_mult[i];
        if (e->kind == RM_NIFF_KIND_COLOR_PALETTE)
            count = ((uint64_t)e->words[4] + 1) / 2;   /* two 16-bit colours per word */
        if (e->kind == RM_NIFF_KIND_CI_IMG) {
            uint64_t px = (uint64_t)e->words[4] * e->words[5];
            uint32_t depth = e->words[6];
            if (depth != 4 && depth != 8) {
                niff_warn_once_l(c, W_MISC + 1, where, label, e->offset,
                               "ci_img_pixel_depth %u is neither 4 nor 8; pixels kept as raw bytes", depth);
                count = 0;
            } else {
                count = px > ((uint64_t)1 << 40) ? ((uint64_t)1 << 40) : (px * depth + 31) / 32;
            }
        }
        if (!room(c, where, label, e->offset, count * 4, end - *pos, s->info.short_name, s->info.field[cw],
                  e->words[cw]))
            return false;
        if (!read_words(c, pos, (uint32_t)count, &e->arrays[i]))
            return false;
        e->array_count = i + 1;
    }
    return true;
}

static bool body_tri_group(niff_ctx *c, rm_niff_elem *e, uint32_t *pos, uint32_t end, const char *where,
                           const niff_label *label)
{
    static const char *const form_field[RM_NIFF_REF_COUNT] = {"Vtx", "TriColor", "VtxColor", "TriNv", "VtxNv",
                                                              "St"};
    uint32_t type = e->words[5], frames = e->words[6];
    for (uint32_t r = 0; r < RM_NIFF_REF_COUNT; r++) {
        uint32_t form = RM_NIFF_TRI_ANIM_FORM(type, r);
        uint64_t count;
        if (form == 0) {
            count = 1;
        } else if (form == RM_NIFF_TRI_ANIM_FULL) {
            count = (uint64_t)frames + 1;   /* charted index(0)..index(frame_num): spec §10 item 6 */
        } else if (form == RM_NIFF_TRI_ANIM_KEY) {
            if (end - *pos < 4) {
                niff_error_l(c, where, label, e->offset, "Reference%sData key_num is past the end of the tri group",
                           form_field[r]);
                return false;
            }
            count = 1 + 2 * (uint64_t)niff_u32(c, *pos);
        } else {
            niff_error_l(c, where, label, e->offset,
                       "tri_anim_type 0x%08x: the %s field is %u (0 none, 1 full, 2 key)", type, form_field[r], form);
            return false;
        }
        char field[48];
        snprintf(field, sizeof field, "Reference%sData words", form_field[r]);
        if (!room(c, where, label, e->offset, count * 4, end - *pos, "tri group", field, count))
            return false;
        if (!read_words(c, pos, (uint32_t)count, &e->arrays[r]))
            return false;
        e->array_count = r + 1;
    }
    uint32_t n = e->words[7];
    /* A Tri is at least 76 bytes: checked before the array is allocated. */
    if (!room(c, where, label, e->offset, (uint64_t)n * 76, end - *pos, "tri group", "tri_num", n))
        return false;
    if (!c->check_only && !alloc_subs(c, e, n))
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (!parse_sub(c, e, RM_NIFF_KIND_TRI, pos, end, where, label, "tri", i, i))
            return false;
    return true;
}

/* anim_num Anims or dir_light_num DirLights: the kind of each by its tag. */
static bool body_tagged_subs(niff_ctx *c, rm_niff_elem *e, uint32_t count_word, const uint32_t *kinds, uint32_t nk,
                             uint32_t *pos, uint32_t end, const char *where, const niff_label *label, const char *noun)
{
    const niff_schema *s = niff_schema_of(e->kind);
    uint32_t n = e->words[count_word];
    if (!room(c, where, label, e->offset, (uint64_t)n * 12, end - *pos, s->info.short_name,
              s->info.field[count_word], n))
        return false;
    if (!alloc_subs(c, e, n))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        if (end - *pos < 12) {
            niff_error_l(c, where, label, e->offset, "%s %u is past the end of the %s", noun, i, s->info.short_name);
            return false;
        }
        uint32_t tag = niff_u32(c, *pos);
        uint32_t kind = kind_by_tag(tag, kinds, nk);
        if (kind == RM_NIFF_KIND_RAW)
            niff_warn_once_l(c, W_MISC + 2, where, label, *pos,
                           "%s %u has the unknown tag 0x%08x; kept as raw bytes through its size", noun, i, tag);
        if (!parse_sub(c, e, kind, pos, end, where, label, noun, i, i))
            return false;
    }
    return true;
}

static bool body_coll_group(niff_ctx *c, const niff_schema *s, rm_niff_elem *e, uint32_t *pos, uint32_t end,
                            const char *where, const niff_label *label)
{
    if (!body_arrays(c, s, e, pos, end, where, label))
        return false;
    const rm_niff_array *sizes = &e->arrays[0];
    if (!room(c, where, label, e->offset, (uint64_t)sizes->count * 24, end - *pos, "coll group", "coll_num",
              sizes->count))
        return false;
    if (!alloc_subs(c, e, sizes->count))
        return false;
    for (uint32_t i = 0; i < sizes->count; i++) {
        uint32_t es = sizes->v[i];
        niff_label sub_label = {label, "coll", i};
        if (es > end - *pos) {
            niff_error_l(c, where, &sub_label, *pos, "coll_num_byte[%u] %u runs past the end of the coll group (%u bytes left)",
                       i, es, end - *pos);
            return false;
        }
        rm_niff_elem *x = &e->subs[e->sub_count];
        if (!niff_parse_elem(c, RM_NIFF_KIND_COLL, *pos, es, where, &sub_label, x)) {
            niff_elem_free(x);
            return false;
        }
        e->sub_count++;
        if (x->size != es)
            niff_error_l(c, where, &sub_label, *pos, "coll_size %u but coll_num_byte[%u] is %u", x->size, i, es);
        if (x->index != i)
            niff_error_l(c, where, &sub_label, *pos, "this_coll_index %u, expected %u", x->index, i);
        *pos += es;
    }
    return true;
}

static bool body_coll(niff_ctx *c, rm_niff_elem *e, uint32_t *pos, uint32_t end, const char *where, const niff_label *label)
{
    static const uint32_t types[][2] = {
        {RM_NIFF_COLL_TYPE_TERRAIN, RM_NIFF_KIND_COLL_DATA_TERRAIN},
        {RM_NIFF_COLL_TYPE_POINT, RM_NIFF_KIND_COLL_DATA_POINT},
        {RM_NIFF_COLL_TYPE_CIRCLE, RM_NIFF_KIND_COLL_DATA_CIRCLE},
        {RM_NIFF_COLL_TYPE_SPHERE, RM_NIFF_KIND_COLL_DATA_SPHERE},
        {RM_NIFF_COLL_TYPE_CYLINDER, RM_NIFF_KIND_COLL_DATA_CYLINDER},
        {RM_NIFF_COLL_TYPE_BOX, RM_NIFF_KIND_COLL_DATA_BOX},
    };
    uint32_t type = e->words[5];
    if (type == RM_NIFF_COLL_TYPE_NONE)
        return true;   /* no CollData layout: anything left is tail */
    uint32_t kind = RM_NIFF_KIND_RAW;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (types[i][0] == type)
            kind = types[i][1];
    if (kind == RM_NIFF_KIND_RAW)
        niff_warn_once_l(c, W_MISC + 3, where, label, e->offset, "coll_type 0x%x is unknown; its CollData kept as raw bytes",
                       type);
    if (end - *pos < 12) {
        niff_error_l(c, where, label, e->offset, "coll_type 0x%x but no CollData follows", type);
        return false;
    }
    if (!alloc_subs(c, e, 1))
        return false;
    return parse_sub(c, e, kind, pos, end, where, label, "data", 0, UINT32_MAX);
}

static bool body_envelope(niff_ctx *c, rm_niff_elem *e, uint32_t *pos, uint32_t end, const char *where,
                          const niff_label *label)
{
    uint64_t full = e->words[5];
    uint64_t n = full + e->words[6] + e->words[7] + e->words[8];
    if (!room(c, where, label, e->offset, n * 12, end - *pos, "envelope", "part and tri count", n))
        return false;
    if (!alloc_subs(c, e, n))
        return false;
    for (uint32_t i = 0; i < (uint32_t)n; i++) {
        if (end - *pos < 12) {
            niff_error_l(c, where, label, e->offset, "part %u is past the end of the envelope", i);
            return false;
        }
        uint32_t kind = RM_NIFF_KIND_ENVELOPE_PART;
        if (i < full) {
            kind = RM_NIFF_KIND_FULL_WEIGHTED_PART;
        } else {
            niff_warn_once_l(c, W_MISC + 4, where, label, e->offset,
                           "WeightedPart, MorphPart and EnvelopeTri layouts are not known (spec §10 item 22); "
                           "kept as raw bytes through their size fields");
        }
        if (!parse_sub(c, e, kind, pos, end, where, label, "part", i, i < full ? i : UINT32_MAX))
            return false;
    }
    return true;
}

static bool body_cluster_shape(niff_ctx *c, rm_niff_elem *e, uint32_t *pos, uint32_t end, const char *where,
                               const niff_label *label)
{
    uint64_t nc = e->words[5], nt = e->words[6];
    if (!room(c, where, label, e->offset, nc * 56 + nt * 100, end - *pos, "cluster shape",
              "cluster_num + cluster_tri_num", nc + nt))
        return false;
    if (!alloc_subs(c, e, nc + nt))
        return false;
    for (uint32_t i = 0; i < (uint32_t)nc; i++)
        if (!parse_sub(c, e, RM_NIFF_KIND_CLUSTER, pos, end, where, label, "cluster", i, i))
            return false;
    for (uint32_t i = 0; i < (uint32_t)nt; i++)
        if (!parse_sub(c, e, RM_NIFF_KIND_CLUSTER_TRI, pos, end, where, label, "cluster tri", i, i))
            return false;
    return true;
}

bool niff_parse_elem(niff_ctx *c, uint32_t kind, uint32_t off, uint32_t avail, const char *where,
                     const niff_label *label, rm_niff_elem *e)
{
    const niff_schema *s = niff_schema_of(kind);
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->offset = off;
    uint32_t wc = s->info.word_count;
    if (avail < 4 * wc) {
        niff_error_l(c, where, label, off, "%u bytes are left but %s elements need at least %u", avail, s->info.name, 4 * wc);
        return false;
    }
    e->word_count = wc;
    const uint8_t *src = c->d + off;
    for (uint32_t i = 0; i < wc; i++)
        e->words[i] = rm_be32(src + 4 * i);
    e->tag = e->words[0];
    e->index = kind == RM_NIFF_KIND_SCENE ? 0 : e->words[1];
    e->size = e->words[s->size_word];
    if (s->info.tag && e->tag != s->info.tag) {
        niff_error_l(c, where, label, off, "tag 0x%08x but %s elements have 0x%08x", e->tag, s->info.name, s->info.tag);
        return false;
    }
    const char *size_field = s->info.field[s->size_word];
    if (e->size < 4 * wc) {
        niff_error_l(c, where, label, off, "%s %u is smaller than the %u bytes of its fixed fields", size_field, e->size,
                   4 * wc);
        return false;
    }
    if (e->size > avail) {
        niff_error_l(c, where, label, off, "%s %u runs past the %u bytes that are left", size_field, e->size, avail);
        return false;
    }
    if (s->header_word != NIFF_NONE && s->expect_header && e->words[s->header_word] != s->expect_header)
        niff_warn_once_l(c, W_HEADER_SIZE + kind, where, label, off,
                       "%s %u, writers use %u; the fields are read at their documented offsets",
                       s->info.field[s->header_word], e->words[s->header_word], s->expect_header);
    uint32_t pos = off + 4 * wc, end = off + e->size;
    bool ok = true;
    switch (s->body) {
    case NB_ARRAYS:
        ok = body_arrays(c, s, e, &pos, end, where, label);
        break;
    case NB_TRI_GROUP:
        ok = body_tri_group(c, e, &pos, end, where, label);
        break;
    case NB_TEX: {
        uint32_t n = e->words[9];
        ok = room(c, where, label, off, n, end - pos, "tex", "tex_data_area_size", n);
        if (ok) {
            e->data = blob(c, pos, n);
            pos += n;
        }
        break;
    }
    case NB_TEX_IMG: {
        uint64_t ext = (uint64_t)e->words[s->neb_word] + e->words[s->ueb_word];
        ok = room(c, where, label, off, ext, end - pos, "tex img", "extension block sizes", ext);
        if (ok) {
            uint32_t n = (uint32_t)(end - pos - ext);
            e->data = blob(c, pos, n);
            pos += n;
        }
        break;
    }
    case NB_NAME:
    case NB_RAW:
        e->data = blob(c, pos, end - pos);
        pos = end;
        break;
    case NB_SUBS_ANIM: {
        static const uint32_t kinds[] = {RM_NIFF_KIND_ANIM_STATIC, RM_NIFF_KIND_ANIM_FULL, RM_NIFF_KIND_ANIM_KEY,
                                         RM_NIFF_KIND_ANIM_BILLBOARD_OBJ};
        ok = body_tagged_subs(c, e, 7, kinds, 4, &pos, end, where, label, "anim");
        break;
    }
    case NB_SUBS_LIGHT: {
        static const uint32_t kinds[] = {RM_NIFF_KIND_DIR_LIGHT_DIRECTION, RM_NIFF_KIND_DIR_LIGHT_POSITION};
        ok = body_tagged_subs(c, e, 9, kinds, 2, &pos, end, where, label, "dir light");
        break;
    }
    case NB_COLL_GROUP:
        ok = body_coll_group(c, s, e, &pos, end, where, label);
        break;
    case NB_COLL:
        ok = body_coll(c, e, &pos, end, where, label);
        break;
    case NB_ENVELOPE:
        ok = body_envelope(c, e, &pos, end, where, label);
        break;
    case NB_CLUSTER_SHAPE:
        ok = body_cluster_shape(c, e, &pos, end, where, label);
        break;
    default:
        break;
    }
    if (!ok)
        return false;
    if (s->neb_word != NIFF_NONE) {
        uint32_t nb = e->words[s->neb_word], ub = e->words[s->ueb_word];
        if ((uint64_t)nb + ub > end - pos) {
            niff_error_l(c, where, label, off,
                       "nintendo_extension_block_size %u + user_extension_block_size %u run past the end of the %s "
                       "(%u bytes left)", nb, ub, s->info.short_name, end - pos);
            return false;
        }
        e->neb = blob(c, pos, nb);
        pos += nb;
        e->ueb = blob(c, pos, ub);
        pos += ub;
    }
    if (pos < end) {
        e->tail = blob(c, pos, end - pos);
        niff_warn_once_l(c, W_TAIL + kind, where, label, off,
                       "%s %u leaves %u bytes after the fields the spec describes; kept as they are",
                       size_field, e->size, end - pos);
    }
    return true;
}
