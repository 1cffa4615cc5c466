/* src/core/names.c - see names.h. */
#include "core/names.h"

#include <stdlib.h>
#include <string.h>

uint32_t rm_names_hash(const char *s, size_t n)
{
    /* FNV-1a, 32 bits. */
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

uint32_t rm_names_find(const rm_names *t, const char *s, size_t n, uint32_t hash)
{
    if (t->cap == 0)
        return RM_NAMES_NONE;
    size_t mask = t->cap - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        const rm_name_slot *sl = &t->slots[i];
        if (!sl->key)
            return RM_NAMES_NONE;
        if (sl->hash == hash && sl->len == n && memcmp(sl->key, s, n) == 0)
            return sl->value;
    }
}

static void put(rm_name_slot *slots, size_t cap, const rm_name_slot *e)
{
    size_t mask = cap - 1;
    size_t i = e->hash & mask;
    while (slots[i].key)
        i = (i + 1) & mask;
    slots[i] = *e;
}

bool rm_names_add(rm_names *t, const char *key, size_t n, uint32_t hash, uint32_t value)
{
    if ((t->count + 1) * 2 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        if (cap > SIZE_MAX / sizeof(rm_name_slot))
            return false;
        rm_name_slot *slots = calloc(cap, sizeof *slots);
        if (!slots)
            return false;
        for (size_t i = 0; i < t->cap; i++)
            if (t->slots[i].key)
                put(slots, cap, &t->slots[i]);
        free(t->slots);
        t->slots = slots;
        t->cap = cap;
    }
    rm_name_slot e = { key, n, hash, value };
    put(t->slots, t->cap, &e);
    t->count++;
    return true;
}

void rm_names_free(rm_names *t)
{
    free(t->slots);
    t->slots = NULL;
    t->cap = t->count = 0;
}
