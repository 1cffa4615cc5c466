/* src/formats/cheader/names.c - the identifier prefix of a C header (from
   the output's file name, or given), and the options line of its comment. */
#include <stdio.h>
#include <string.h>

#include "core/cnum.h"
#include "retromesh/cheader.h"

void rm_cheader_options_default(rm_cheader_options *o)
{
    memset(o, 0, sizeof *o);
}

static bool ident_char(char c, bool first)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' ||
           (!first && c >= '0' && c <= '9');
}

bool rm_cheader_is_name(const char *s)
{
    if (!s || !*s || strlen(s) > RM_CHEADER_NAME_MAX)
        return false;
    for (size_t i = 0; s[i]; i++)
        if (!ident_char(s[i], i == 0))
            return false;
    return true;
}

bool rm_cheader_name_from_path(const char *path, char *out, size_t size)
{
    if (!out || size < RM_CHEADER_NAME_MAX + 1) {
        if (out && size)
            out[0] = 0;
        return false;
    }
    out[0] = 0;
    const char *base = path ? strrchr(path, '/') : NULL;
    base = base ? base + 1 : path ? path : "";
    size_t len = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && dot != base)
        len = (size_t)(dot - base);
    size_t n = 0;
    bool any = false;   /* a character other than '_' */
    if (len && base[0] >= '0' && base[0] <= '9')
        out[n++] = 'm';
    for (size_t i = 0; i < len && n < RM_CHEADER_NAME_MAX; i++) {
        char c = base[i];
        bool ok = ident_char(c, false);
        out[n++] = ok ? c : '_';
        any = any || (ok && c != '_');
    }
    out[n] = 0;
    if (!any || !strcmp(path ? path : "", "-"))
        strcpy(out, "model");
    return true;
}

static void add(char *buf, size_t size, const char *s)
{
    size_t n = strlen(buf);
    if (n + 1 < size)
        snprintf(buf + n, size - n, "%s%s", n ? " " : "", s);
}

void rm_cheader_describe_options(const rm_convert_options *o, char *buf, size_t size)
{
    if (!buf || !size)
        return;
    buf[0] = 0;
    if (!o)
        return;
    char t[RM_CNUM_SIZE + 16];
    if (o->saturn_axes)
        add(buf, size, "--saturn-axes");
    if (o->scale != 1.0) {
        char num[RM_CNUM_SIZE];
        rm_cnum(num, sizeof num, "%.9g", o->scale);
        snprintf(t, sizeof t, "--scale %s", num);
        add(buf, size, t);
    }
    if (o->no_weld)
        add(buf, size, "--no-weld");
    if (o->keep_triangles)
        add(buf, size, "--keep-triangles");
    if (o->merge_triangles)
        add(buf, size, "--merge-triangles");
    if (o->skeleton)
        add(buf, size, "--skeleton");
    if (o->embed_textures)
        add(buf, size, "--embed-textures");
    if (o->dither)
        add(buf, size, "--dither");
    if (o->max_texture_width || o->max_texture_height) {
        snprintf(t, sizeof t, "--max-texture %ux%u", (unsigned)o->max_texture_width,
                 (unsigned)o->max_texture_height);
        add(buf, size, t);
    }
    if (o->slice_textures)
        add(buf, size, "--slice-textures");
    if (o->no_textures)
        add(buf, size, "--no-textures");
    if (o->strict)
        add(buf, size, "--strict");
}
