/* src/build/names.c - one texture namespace for a CD folder.

   A texture is its .BIN bytes' hash. Resolving is two passes, so that a
   build is stable (a texture keeps the name the last build gave it,
   whatever was added before it) and deterministic (the rest go in request
   order, which is project order):
     1. every requested hash the manifest named keeps that name, unless an
        entry's own name or a user's file now holds it (then it is new);
     2. the others take their wanted name when nothing holds it, else the
        hashed name WAL_1A2B.BIN (src/convert/texture_names.c), stepping on
        to the next 16-bit value while that is held too.
   Names are kept uppercase, so comparing them is comparing without case. */
#include "build_internal.h"

#include "convert/textures.h"

#include <stdlib.h>
#include <string.h>

typedef struct slot {
    rm_build_hash hash;
    char wanted[16];
    char name[16];          /* "" until resolved */
} slot;

typedef struct named {
    char name[16];
    rm_build_hash hash;
} named;

struct rm_build_names {
    named *fixed;           /* reserved names and user files (hash unused) */
    size_t fixed_count, fixed_cap;
    named *prev;            /* from the manifest */
    size_t prev_count, prev_cap;
    slot *slots;            /* one a distinct hash, in first-request order */
    size_t slot_count, slot_cap;
    size_t *ids;            /* request id -> slot */
    size_t id_count, id_cap;
    bool resolved;
};

bool rm_build_cd_name_valid(const char *name)
{
    if (!name)
        return false;
    size_t stem = 0, ext = 0;
    const char *p = name;
    for (; *p && *p != '.'; p++, stem++)
        if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    if (*p != '.' || stem < 1 || stem > 8)
        return false;
    for (p++; *p; p++, ext++)
        if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    return ext >= 1 && ext <= 3;
}

void rm_build_cd_name_upper(const char *in, char out[16])
{
    size_t n = 0;
    for (; in && in[n] && n < 15; n++) {
        char c = in[n];
        out[n] = (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
    }
    memset(out + n, 0, 16 - n);
}

/* Grows an array to hold one more item; false when out of memory. */
static bool grow(void **items, size_t *cap, size_t count, size_t size)
{
    if (count < *cap)
        return true;
    size_t n = *cap ? *cap * 2 : 16;
    if (n > SIZE_MAX / size)
        return false;
    void *p = realloc(*items, n * size);
    if (!p)
        return false;
    *items = p;
    *cap = n;
    return true;
}

rm_build_names *rm_build_names_new(void)
{
    return calloc(1, sizeof(rm_build_names));
}

void rm_build_names_free(rm_build_names *n)
{
    if (!n)
        return;
    free(n->fixed);
    free(n->prev);
    free(n->slots);
    free(n->ids);
    free(n);
}

static rm_status add_fixed(rm_build_names *n, const char *name)
{
    if (!grow((void **)&n->fixed, &n->fixed_cap, n->fixed_count, sizeof *n->fixed))
        return RM_NOMEM;
    named *f = &n->fixed[n->fixed_count++];
    memset(f, 0, sizeof *f);
    rm_build_cd_name_upper(name, f->name);
    return RM_OK;
}

rm_status rm_build_names_reserve(rm_build_names *n, const char *name)
{
    return add_fixed(n, name);
}

rm_status rm_build_names_user_file(rm_build_names *n, const char *name)
{
    return add_fixed(n, name);
}

rm_status rm_build_names_previous(rm_build_names *n, const char *name, const rm_build_hash *h)
{
    if (!grow((void **)&n->prev, &n->prev_cap, n->prev_count, sizeof *n->prev))
        return RM_NOMEM;
    named *p = &n->prev[n->prev_count++];
    rm_build_cd_name_upper(name, p->name);
    p->hash = *h;
    return RM_OK;
}

size_t rm_build_names_request(rm_build_names *n, const char *wanted, const rm_build_hash *h)
{
    size_t s = 0;
    while (s < n->slot_count && !rm_build_hash_equal(&n->slots[s].hash, h))
        s++;
    if (s == n->slot_count) {
        if (!grow((void **)&n->slots, &n->slot_cap, n->slot_count, sizeof *n->slots))
            return (size_t)-1;
        slot *sl = &n->slots[n->slot_count++];
        memset(sl, 0, sizeof *sl);
        sl->hash = *h;
        rm_build_cd_name_upper(wanted, sl->wanted);
    }
    if (!grow((void **)&n->ids, &n->id_cap, n->id_count, sizeof *n->ids))
        return (size_t)-1;
    n->ids[n->id_count] = s;
    n->resolved = false;
    return n->id_count++;
}

static bool fixed_holds(const rm_build_names *n, const char *name)
{
    for (size_t i = 0; i < n->fixed_count; i++)
        if (strcmp(n->fixed[i].name, name) == 0)
            return true;
    return false;
}

/* True when `name` is an entry's, a user file's or another slot's. */
static bool held(const rm_build_names *n, const char *name)
{
    if (fixed_holds(n, name))
        return true;
    for (size_t s = 0; s < n->slot_count; s++)
        if (strcmp(n->slots[s].name, name) == 0)
            return true;
    return false;
}

rm_status rm_build_names_resolve(rm_build_names *n, rm_diag *diag)
{
    for (size_t s = 0; s < n->slot_count; s++)
        n->slots[s].name[0] = 0;
    /* 1: the names the last build gave (the first free one when a corrupt
       manifest gave a hash several). */
    for (size_t s = 0; s < n->slot_count; s++) {
        slot *sl = &n->slots[s];
        for (size_t p = 0; p < n->prev_count && !sl->name[0]; p++)
            if (rm_build_hash_equal(&n->prev[p].hash, &sl->hash) &&
                rm_build_cd_name_valid(n->prev[p].name) && !held(n, n->prev[p].name))
                memcpy(sl->name, n->prev[p].name, 16);
    }
    /* 2: the others, in request order. */
    for (size_t s = 0; s < n->slot_count; s++) {
        slot *sl = &n->slots[s];
        if (sl->name[0])
            continue;
        char stem[16], name[16];
        rm_cv_name_stem(sl->wanted, 8, stem);
        if (rm_build_cd_name_valid(sl->wanted))
            memcpy(name, sl->wanted, 16);
        else
            rm_cv_bin_name(stem, name);
        uint32_t value = (uint32_t)sl->hash.bytes[0] << 8 | sl->hash.bytes[1];
        for (uint32_t step = 0; held(n, name); step++) {
            if (step > 0xFFFFu) {
                rm_diag_add(diag, RM_ERROR,
                            "error: no free texture name for %s: every %.3s_XXXX.BIN is taken",
                            sl->wanted, stem);
                return RM_INVALID;
            }
            rm_cv_bin_name_hashed(stem, (uint16_t)(value + step), name);
        }
        memcpy(sl->name, name, 16);
    }
    n->resolved = true;
    return RM_OK;
}

const char *rm_build_names_get(const rm_build_names *n, size_t id)
{
    if (!n || !n->resolved || id >= n->id_count)
        return NULL;
    return n->slots[n->ids[id]].name;
}
