/* src/convert/report.c - messages about faces and about the whole mesh.

   Faces are named by their source line when the mesh has lines (OBJ), by
   their 1-based number otherwise (glTF, NIFF, a mesh built in memory),
   with their group's name when they have one. */
#include "core/format.h"
#include "stages.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long face_line(const rm_cv_ctx *c, size_t face)
{
    return c->mesh->face_line ? c->mesh->face_line[face] : 0;
}

static unsigned long face_column(const rm_cv_ctx *c, size_t face)
{
    return c->mesh->face_line && c->mesh->face_column ? c->mesh->face_column[face] : 0;
}

/* ' of "arm"': the face's group, for a source without lines (glTF, NIFF)
   where the number alone is hard to find in a modeller. */
static void group_of(const rm_cv_ctx *c, size_t face, char *buf, size_t size)
{
    const rm_mesh *m = c->mesh;
    uint32_t g = m->face_group ? m->face_group[face] : RM_MESH_NONE;
    buf[0] = 0;
    if (g != RM_MESH_NONE && g < m->group_count && m->groups[g].name && m->groups[g].name[0])
        snprintf(buf, size, " of \"%.100s\"", m->groups[g].name);
}

void rm_cv_face_diag(const rm_cv_ctx *c, rm_severity sev, size_t face, const char *fmt, ...)
{
    if (c->quiet_faces && sev != RM_ERROR)
        return;
    va_list ap;
    va_start(ap, fmt);
    char *msg = rm_vformat(fmt, ap);
    va_end(ap);
    unsigned long line = face_line(c, face);
    if (line)
        rm_diag_at(c->diag, sev, c->file, line, face_column(c, face), "%s",
                   msg ? msg : "(out of memory)");
    else {
        char of[128];
        group_of(c, face, of, sizeof of);
        rm_diag_at(c->diag, sev, c->file, 0, 0, "face %zu%s: %s", face + 1, of,
                   msg ? msg : "(out of memory)");
    }
    free(msg);
}

void rm_cv_face_where(const rm_cv_ctx *c, size_t face, char *buf, size_t size)
{
    unsigned long line = face_line(c, face);
    if (line)
        snprintf(buf, size, "line %lu", line);
    else {
        char of[128];
        group_of(c, face, of, sizeof of);
        snprintf(buf, size, "face %zu%s", face + 1, of);
    }
}

void rm_cv_diag(const rm_cv_ctx *c, rm_severity sev, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = rm_vformat(fmt, ap);
    va_end(ap);
    rm_diag_at(c->diag, sev, c->file, 0, 0, "%s", msg ? msg : "(out of memory)");
    free(msg);
}

void rm_cv_count_text(size_t n, char *buf, size_t size)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%zu", n);
    char out[48];
    size_t o = 0;
    for (int i = 0; i < len; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = 0;
    snprintf(buf, size, "%s", out);
}
