/* src/formats/gltf/diag.c - messages of the glTF reader: the file, then the
   JSON path of the value they are about ("robot.glb: error: /accessors/7:
   bufferView 3 holds 120 bytes, the accessor needs 288"). A NULL or empty
   path leaves the path out (a message about the whole file). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "gltf_internal.h"

static void say(const rm_gltf_doc *doc, rm_diag *diag, rm_severity sev, const char *path,
                const char *fmt, va_list ap)
{
    if (!diag)
        return;
    const char *file = doc && doc->file ? doc->file : "<glTF>";
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!text) {
        rm_diag_at(diag, RM_ERROR, file, 0, 0, "out of memory");
        return;
    }
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    /* Names from the file may hold control characters: one line per message. */
    for (char *q = text; *q; q++)
        if ((unsigned char)*q < 0x20 || *q == 0x7F)
            *q = '?';
    if (path && *path)
        rm_diag_at(diag, sev, file, 0, 0, "%s: %s", path, text);
    else
        rm_diag_at(diag, sev, file, 0, 0, "%s", text);
    free(text);
}

void rm_gltf_error(const rm_gltf_doc *doc, rm_diag *diag, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(doc, diag, RM_ERROR, path, fmt, ap);
    va_end(ap);
}

void rm_gltf_warning(const rm_gltf_doc *doc, rm_diag *diag, const char *path, const char *fmt,
                     ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(doc, diag, RM_WARNING, path, fmt, ap);
    va_end(ap);
}
