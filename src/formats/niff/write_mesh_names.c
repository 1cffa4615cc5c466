/* src/formats/niff/write_mesh_names.c - names for the NameList (spec 5.19):
   ASCII 0x21-0x7e only, NUL-padded to a multiple of 4 bytes, no terminator
   when the length already is one. */
#include "write_mesh_internal.h"

#include <stdlib.h>
#include <string.h>

uint32_t wm_name_add(wm_plan *p, const char *text, size_t len)
{
    if (p->name_count >= WM_MAX_COUNT)
        return RM_NIFF_NOLINK;
    if (len == 0) {
        text = "_";
        len = 1;
    }
    char *s = malloc(len + 1);
    char **grown = realloc(p->names, (p->name_count + 1) * sizeof *grown);
    if (!s || !grown) {
        free(s);
        if (grown)
            p->names = grown;
        return RM_NIFF_NOLINK;
    }
    p->names = grown;
    /* Spaces, control bytes and every byte of a UTF-8 sequence become '_'
       (one '_' per byte): a NIFF name cannot hold them. */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        s[i] = (c >= 0x21 && c <= 0x7e) ? (char)c : '_';
    }
    s[len] = '\0';
    p->names[p->name_count] = s;
    return (uint32_t)p->name_count++;
}

const char *wm_base_name(const char *path, size_t *len)
{
    *len = 0;
    if (!path)
        return NULL;
    const char *base = path;
    for (const char *c = path; *c; c++)
        if (*c == '/' || *c == '\\')
            base = c + 1;
    size_t n = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && dot != base)
        n = (size_t)(dot - base);
    *len = n;
    return n ? base : NULL;
}

uint32_t wm_write_name_list(wm_builder *b, const wm_plan *p)
{
    wm_list l;
    wm_list_begin(b, &l, RM_NIFF_TAG_NAME_LIST, (uint32_t)p->name_count);
    for (size_t i = 0; i < p->name_count; i++) {
        size_t len = strlen(p->names[i]);
        static const uint8_t zeros[4] = {0, 0, 0, 0};
        wm_elem e = wm_elem_begin(b, RM_NIFF_TAG_NAME, (uint32_t)i, 16);  /* name_header_size 16 */
        wm_bytes(b, p->names[i], len);
        wm_bytes(b, zeros, (4 - len % 4) % 4);
        wm_elem_end(b, &l, e);
    }
    return wm_list_end(b, &l);
}
