/* src/core/names.h - a small hash table from names (byte strings) to
   indices: the OBJ reader interns groups, materials and libraries with it
   in one pass, the NIFF reader makes unique names.

   Usage:
     rm_names t = {0};
     uint32_t h = rm_names_hash(s, n);
     uint32_t i = rm_names_find(&t, s, n, h);
     if (i == RM_NAMES_NONE) { ...store a copy `key` of s... rm_names_add(&t, key, n, h, index); }
     rm_names_free(&t);

   The table borrows the keys: they must stay valid (and not move) while
   the table is used; the mesh's name strings do. Open addressing with
   linear probing, kept at most half full. */
#ifndef RM_CORE_NAMES_H
#define RM_CORE_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RM_NAMES_NONE 0xFFFFFFFFu

typedef struct rm_name_slot {
    const char *key;    /* NULL: empty slot */
    size_t len;
    uint32_t hash;
    uint32_t value;
} rm_name_slot;

typedef struct rm_names {
    rm_name_slot *slots;
    size_t cap;         /* 0 or a power of two */
    size_t count;
} rm_names;

uint32_t rm_names_hash(const char *s, size_t n);
uint32_t rm_names_find(const rm_names *t, const char *s, size_t n, uint32_t hash);
/* Adds a key that is not in the table yet. False when out of memory. */
bool rm_names_add(rm_names *t, const char *key, size_t n, uint32_t hash, uint32_t value);
void rm_names_free(rm_names *t);

#endif
