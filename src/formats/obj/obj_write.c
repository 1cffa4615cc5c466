/* src/formats/obj/obj_write.c - a neutral mesh as OBJ and MTL text (see
   rm_obj_write in retromesh/obj.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cnum.h"
#include "retromesh/obj.h"

typedef struct text_buf {
    char *data;
    size_t size, capacity;
    bool failed;
} text_buf;

static void add(text_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(text_buf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        size_t room = b->capacity - b->size;
        va_list ap;
        va_start(ap, fmt);
        /* Numbers with a '.', whatever the caller's locale: the reader
           (and every other) wants "v -0.3", never "v -0,3". */
        int n = rm_cvsnprintf(b->data ? b->data + b->size : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if ((size_t)n < room) {
            b->size += (size_t)n;
            return;
        }
        size_t cap = b->capacity ? b->capacity : 4096;
        while (cap - b->size <= (size_t)n)
            cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d) {
            b->failed = true;
            return;
        }
        b->data = d;
        b->capacity = cap;
    }
}

static void corner(text_buf *b, const rm_mesh *m, size_t c)
{
    unsigned long v = (unsigned long)m->corner_position[c] + 1;
    long t = m->corner_uv ? (long)m->corner_uv[c] : -1;
    long n = m->corner_normal ? (long)m->corner_normal[c] : -1;
    if (t >= 0 && n >= 0)
        add(b, " %lu/%ld/%ld", v, t + 1, n + 1);
    else if (t >= 0)
        add(b, " %lu/%ld", v, t + 1);
    else if (n >= 0)
        add(b, " %lu//%ld", v, n + 1);
    else
        add(b, " %lu", v);
}

rm_status rm_obj_write_ex(const rm_mesh *m, const rm_obj_write_options *opt, char **obj_text,
                          size_t *obj_size, char **mtl_text, size_t *mtl_size)
{
    *obj_text = NULL;
    *mtl_text = NULL;
    *obj_size = *mtl_size = 0;
    text_buf o = {0}, t = {0};
    if (opt->source)
        add(&o, "# written by retromesh from %s\n", opt->source);
    else
        add(&o, "# written by retromesh\n");
    if (opt->mtllib && m->material_count)
        add(&o, "mtllib %s\n", opt->mtllib);
    if (opt->object)
        add(&o, "o %s\n", opt->object);
    /* Colors on every vertex when any has one (`v x y z r g b`). */
    bool colors = false;
    for (size_t i = 0; m->colors && m->has_color && i < m->position_count && !colors; i++)
        colors = m->has_color[i] != 0;
    for (size_t i = 0; i < m->position_count; i++) {
        const rm_vec3d *p = &m->positions[i];
        if (colors)
            add(&o, "v %.9g %.9g %.9g %.9g %.9g %.9g\n", p->x, p->y, p->z, m->colors[i].x, m->colors[i].y,
                m->colors[i].z);
        else
            add(&o, "v %.9g %.9g %.9g\n", p->x, p->y, p->z);
    }
    for (size_t i = 0; i < m->uv_count; i++)
        add(&o, "vt %.9g %.9g\n", m->uvs[i][0], m->uvs[i][1]);
    for (size_t i = 0; i < m->normal_count; i++)
        add(&o, "vn %.9g %.9g %.9g\n", m->normals[i].x, m->normals[i].y, m->normals[i].z);
    uint32_t group = RM_MESH_NONE, current = RM_MESH_NONE;
    for (size_t f = 0; f < m->face_count; f++) {
        uint32_t g = m->face_group ? m->face_group[f] : RM_MESH_NONE;
        uint32_t mat = m->face_material ? m->face_material[f] : RM_MESH_NONE;
        if (g != group && g < m->group_count) {
            add(&o, "g %s\n", m->groups[g].name);
            group = g;
        }
        if (mat != current && mat < m->material_count) {
            add(&o, "usemtl %s\n", m->materials[mat].name);
            current = mat;
        }
        add(&o, "f");
        for (uint32_t c = m->face_start[f]; c < m->face_start[f + 1]; c++)
            corner(&o, m, c);
        add(&o, "\n");
    }
    for (size_t i = 0; i < m->material_count; i++) {
        const rm_mesh_material *mt = &m->materials[i];
        add(&t, "newmtl %s\nKd %.9g %.9g %.9g\n", mt->name, mt->kd[0], mt->kd[1], mt->kd[2]);
        if (mt->dissolve < 1)
            add(&t, "d %.9g\n", mt->dissolve);
        if (mt->map_kd)
            add(&t, "map_Kd %s\n", mt->map_kd);
    }
    if (o.failed || t.failed || !o.data) {
        free(o.data);
        free(t.data);
        return RM_NOMEM;
    }
    *obj_text = o.data;
    *obj_size = o.size;
    *mtl_text = t.data;
    *mtl_size = t.data ? t.size : 0;
    return RM_OK;
}

rm_status rm_obj_write(const rm_mesh *m, const char *mtllib, const char *object, char **obj_text,
                       size_t *obj_size, char **mtl_text, size_t *mtl_size)
{
    rm_obj_write_options opt = {mtllib, object, NULL};
    return rm_obj_write_ex(m, &opt, obj_text, obj_size, mtl_text, mtl_size);
}
