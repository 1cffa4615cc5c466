/* src/formats/jom/validate.c - the rules on the content of a model, shared
   by the reader (offsets of the file, records read in place from the bytes
   of its view) and rm_jom_validate() (offsets the writer would give, from
   the shared layout, records from the model's arrays). docs/jom.md lists
   every message. */
#include "core/cnum.h"
#include "jom_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A polygon normal whose length is off by more than this is reported (a
   warning: the engine uses it for culling and lighting only). */
#define JOM_NORMAL_TOLERANCE 0.01

void jom_check_init(jom_check *c, rm_diag *diag, const char *file)
{
    memset(c, 0, sizeof *c);
    c->diag = diag;
    c->file = file ? file : "<input>";
}

static void vreport(jom_check *c, rm_severity sev, const char *label, uint64_t offset,
                    const char *fmt, va_list ap)
{
    if (sev == RM_ERROR)
        c->errors++;
    if (!c->diag)
        return;
    char msg[768];
    rm_cvsnprintf(msg, sizeof msg, fmt, ap);
    /* The shape of rm_diag_chunk(), with "header at" for the file header. */
    const char *word = sev == RM_WARNING ? "warning: " : sev == RM_NOTE ? "note: " : "";
    rm_diag_add(c->diag, sev, "%.1000s: %s at 0x%llx: %s%s", c->file, label,
                (unsigned long long)offset, word, msg);
}

void jom_report(jom_check *c, rm_severity sev, int kind, uint64_t offset, const char *fmt, ...)
{
    char label[16];
    if (kind == JOM_HEADER)
        snprintf(label, sizeof label, "header");
    else
        snprintf(label, sizeof label, "chunk %s", jom_kind_name(kind));
    va_list ap;
    va_start(ap, fmt);
    vreport(c, sev, label, offset, fmt, ap);
    va_end(ap);
}

void jom_report_label(jom_check *c, rm_severity sev, const char *label, uint64_t offset,
                      const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c, sev, label, offset, fmt, ap);
    va_end(ap);
}

bool jom_check_name(jom_check *c, int kind, uint64_t offset, const char name[16],
                    const char *what, uint32_t index)
{
    char text[JOM_NAME_TEXT_SIZE];
    const char *end = memchr(name, 0, JOM_NAME_SIZE);
    jom_name_text(name, JOM_NAME_SIZE, text, sizeof text);
    if (!end) {
        jom_report(c, RM_ERROR, kind, offset,
                   "%s %u: name '%s' is not zero-terminated within 16 bytes", what, index, text);
        return false;
    }
    if (c->from_file) {
        for (const char *p = end; p < name + JOM_NAME_SIZE; p++) {
            if (*p) {
                jom_report(c, RM_WARNING, kind, offset,
                           "%s %u '%s': the bytes after the end of the name are not zero",
                           what, index, text);
                break;
            }
        }
    }
    return true;
}

bool jom_check_texture_header(jom_check *c, const rm_jom_texture *t, uint32_t index, uint64_t offset)
{
    char name[JOM_NAME_TEXT_SIZE];
    jom_name_text(t->name, JOM_NAME_SIZE, name, sizeof name);
    bool sizable = true;
    jom_check_name(c, JOM_TIMG, offset, t->name, "texture", index);
    if (t->width == 0 || t->width % 8 != 0) {
        jom_report(c, RM_ERROR, JOM_TIMG, offset + 16,
                   "texture %u '%s': width %u, it must be a multiple of 8 (and not 0)",
                   index, name, t->width);
        sizable = false;
    }
    if (t->height == 0) {
        jom_report(c, RM_ERROR, JOM_TIMG, offset + 18, "texture %u '%s': height is 0", index, name);
        sizable = false;
    }
    if (t->format > 1) {
        jom_report(c, RM_ERROR, JOM_TIMG, offset + 20,
                   "texture %u '%s': format %u, not 0 (RGB 555) or 1 (16 colors with a lookup table)",
                   index, name, t->format);
        sizable = false;
    }
    /* Format 1 needs width x height even (2 pixels a byte): always true
       once the width is a multiple of 8. */
    if (t->reserved != 0)
        jom_report(c, RM_WARNING, JOM_TIMG, offset + 22, "texture %u '%s': reserved is 0x%04x, not 0",
                   index, name, t->reserved);
    return sizable;
}

/* Where the content checks read the records: the arrays of a model (built
   in memory, or copied by an older reader) or the bytes of a view, in
   place. The counts are what the model's fields would hold: 0 for a chunk
   whose records could not be read. `has_*`: the array exists (a view has
   one for every count that is not 0, as the reader allocates none for 0). */
typedef struct jom_src {
    const rm_jom_model *m;      /* NULL: read the view */
    const jom_view *v;
    rm_vec3x center;
    rm_fixed radius;
    uint32_t point_count, polygon_count, material_count, texture_count, normal_count;
    uint32_t group_count, bone_count, animation_count, texture_image_count;
    bool has_points, has_polygons, has_groups, has_texture_images;
    const uint8_t *at[JOM_KIND_COUNT];  /* view: the first record of each chunk */
} jom_src;

/* The hot loops below copy the arrays or the record bases into locals
   first: a report inside a loop is a call, after which the compiler would
   otherwise load them again from *s for every record. */

/* The records, one at a time (the view's from the bytes, big endian). */
static inline rm_vec3x src_point(const jom_src *s, uint32_t i)
{
    return s->m ? s->m->points[i] : jom_be_vec(s->at[JOM_PNTS] + (size_t)i * JOM_POINT_SIZE);
}

static void src_material(const jom_src *s, uint32_t i, rm_jom_material *out)
{
    if (s->m)
        *out = s->m->materials[i];
    else
        jom_view_material(s->v, i, out);
}

static const char *src_texture_name(const jom_src *s, uint32_t i)
{
    return s->m ? s->m->textures[i] : jom_view_texture_name(s->v, i);
}

static void src_group(const jom_src *s, uint32_t i, rm_jom_group *out)
{
    if (s->m)
        *out = s->m->groups[i];
    else
        jom_view_group(s->v, i, out);
}

/* first_polygon or first_point of group i, without the rest. */
static uint16_t src_group_first(const jom_src *s, uint32_t i, bool polygons)
{
    if (s->m)
        return polygons ? s->m->groups[i].first_polygon : s->m->groups[i].first_point;
    return rm_be16(jom_view_records(s->v, JOM_GRUP) + (size_t)i * JOM_GROUP_SIZE + (polygons ? 20 : 16));
}

static void src_bone(const jom_src *s, uint32_t i, rm_jom_bone *out)
{
    if (s->m)
        *out = s->m->bones[i];
    else
        jom_view_bone(s->v, i, out);
}

static void src_animation(const jom_src *s, uint32_t i, rm_jom_animation *out)
{
    if (s->m)
        *out = s->m->animations[i];
    else
        jom_view_animation(s->v, i, out);
}

/* Count of a chunk for the checks of another: 0 when the chunk is absent,
   false when it is present but its records cannot be trusted. */
static bool known_count(const jom_check *c, int kind, uint32_t count, uint32_t *out)
{
    if (!c->present[kind]) {
        *out = 0;
        return true;
    }
    *out = count;
    return c->usable[kind];
}

static void check_index_limit(jom_check *c, int kind, uint32_t count, const char *what)
{
    if (c->usable[kind] && count > RM_JOM_MAX_INDEX)
        jom_report(c, RM_ERROR, kind, c->offset[kind] + JOM_CHUNK_HEADER_SIZE,
                   "%u %s, more than 65535 (indexes are u16)", count, what);
}

static void check_polygons(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_QUAD])
        return;
    uint32_t points = 0;
    bool points_known = c->present[JOM_PNTS] && c->usable[JOM_PNTS];
    if (points_known)
        points = s->point_count;
    const rm_jom_polygon *array = s->m ? s->m->polygons : NULL;
    const uint8_t *base = s->at[JOM_QUAD];
    uint32_t n = s->polygon_count;
    for (uint32_t i = 0; i < n; i++) {
        rm_vec3x nv;
        uint16_t v[4];
        if (array) {
            nv = array[i].normal;
            memcpy(v, array[i].v, sizeof v);
        } else {
            const uint8_t *p = base + (size_t)i * JOM_POLYGON_SIZE;
            nv = jom_be_vec(p);
            for (unsigned k = 0; k < 4; k++)
                v[k] = rm_be16(p + 12 + 2 * k);
        }
        double x = rm_fixed_to_double(nv.x), y = rm_fixed_to_double(nv.y), z = rm_fixed_to_double(nv.z);
        double len = sqrt(x * x + y * y + z * z);
        if (fabs(len - 1.0) > JOM_NORMAL_TOLERANCE)
            jom_report(c, RM_WARNING, JOM_QUAD, jom_record_offset(c, JOM_QUAD, i, JOM_POLYGON_SIZE),
                       "polygon %u: normal (%.4f %.4f %.4f) has length %.4f, not 1", i, x, y, z, len);
        if (!points_known)
            continue;
        for (unsigned k = 0; k < 4; k++)
            if (v[k] >= points)
                jom_report(c, RM_ERROR, JOM_QUAD,
                           jom_record_offset(c, JOM_QUAD, i, JOM_POLYGON_SIZE) + 12 + 2 * k,
                           "polygon %u uses point %u, PNTS has %u points", i, v[k], points);
    }
}

/* The first entry from `i` on, below `n`, that is not below `limit` (n
   when none): of the model's array, or of the file's big-endian u16 (QMAT,
   CNRM). One tight loop each, since almost every entry passes. */
static uint64_t first_at_least(const uint16_t *array, const uint8_t *base, uint64_t i, uint64_t n,
                               uint32_t limit)
{
    if (array) {
        for (; i < n; i++)
            if (array[i] >= limit)
                return i;
    } else {
        for (; i < n; i++)
            if (rm_be16(base + i * JOM_U16_SIZE) >= limit)
                return i;
    }
    return n;
}

static inline uint16_t u16_at(const uint16_t *array, const uint8_t *base, uint64_t i)
{
    return array ? array[i] : rm_be16(base + i * JOM_U16_SIZE);
}

static void check_polygon_materials(jom_check *c, const jom_src *s)
{
    /* QMAT is usable only when its count is the polygon count. */
    if (!c->usable[JOM_QMAT] || !c->usable[JOM_QUAD] || !c->present[JOM_MATL] || !c->usable[JOM_MATL])
        return;
    const uint16_t *array = s->m ? s->m->polygon_materials : NULL;
    const uint8_t *base = s->at[JOM_QMAT];
    uint32_t n = s->polygon_count, materials = s->material_count;
    for (uint64_t i = first_at_least(array, base, 0, n, materials); i < n;
         i = first_at_least(array, base, i + 1, n, materials))
        jom_report(c, RM_ERROR, JOM_QMAT, jom_record_offset(c, JOM_QMAT, i, JOM_U16_SIZE),
                   "polygon %u uses material %u, MATL has %u materials", (uint32_t)i,
                   u16_at(array, base, i), materials);
}

static void check_materials(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_MATL])
        return;
    uint32_t textures;
    bool textures_known = known_count(c, JOM_TEXT, s->texture_count, &textures);
    for (uint32_t i = 0; i < s->material_count; i++) {
        rm_jom_material mat;
        src_material(s, i, &mat);
        uint64_t rec = jom_record_offset(c, JOM_MATL, i, JOM_MATERIAL_SIZE);
        jom_check_name(c, JOM_MATL, rec, mat.name, "material", i);
        if (!textures_known || mat.texture == -1)
            continue;
        if (mat.texture < -1 || (uint32_t)mat.texture >= textures) {
            char name[JOM_NAME_TEXT_SIZE];
            jom_name_text(mat.name, JOM_NAME_SIZE, name, sizeof name);
            if (c->present[JOM_TEXT])
                jom_report(c, RM_ERROR, JOM_MATL, rec + 20,
                           "material %u '%s' uses texture %d, TEXT has %u textures", i, name,
                           mat.texture, textures);
            else
                jom_report(c, RM_ERROR, JOM_MATL, rec + 20,
                           "material %u '%s' uses texture %d, there is no TEXT chunk", i, name,
                           mat.texture);
        }
    }
}

/* TEXT names are file names of the CD, or the names of embedded textures
   (cd_name.c): never a path that a tool or the loader would follow. */
static void check_textures(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_TEXT])
        return;
    uint32_t embedded = c->usable[JOM_TIMG] && s->has_texture_images ? s->texture_image_count : 0;
    for (uint32_t i = 0; i < s->texture_count; i++) {
        uint64_t rec = jom_record_offset(c, JOM_TEXT, i, JOM_NAME_SIZE);
        /* A copy with a terminator: the file's 16 bytes may have none. */
        char name[JOM_NAME_SIZE + 1];
        memcpy(name, src_texture_name(s, i), JOM_NAME_SIZE);
        name[JOM_NAME_SIZE] = 0;
        if (!jom_check_name(c, JOM_TEXT, rec, name, "texture", i))
            continue;
        if (name[0] == 0) {
            jom_report(c, RM_ERROR, JOM_TEXT, rec, "texture %u has an empty name", i);
            continue;
        }
        char text[JOM_NAME_TEXT_SIZE];
        jom_name_text(name, JOM_NAME_SIZE, text, sizeof text);
        if (i < embedded) {
            if (!rm_jom_is_embedded_name(name))
                jom_report(c, RM_ERROR, JOM_TEXT, rec,
                           "texture %u '%s' is not a texture name: at most 15 characters of A-Z, "
                           "0-9 and _ with one dot and an extension of 1 to 3, no folder",
                           i, text);
        } else if (!rm_jom_is_cd_name(name)) {
            jom_report(c, RM_ERROR, JOM_TEXT, rec,
                       "texture %u '%s' is not a file name of the CD: an 8.3 name of A-Z, 0-9 "
                       "and _ (WALL.BIN), without a folder",
                       i, text);
        }
    }
}

static void check_corner_normals(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_CNRM] || !c->usable[JOM_QUAD] || !c->present[JOM_NTAB] || !c->usable[JOM_NTAB])
        return;
    const uint16_t *array = s->m ? s->m->corner_normals : NULL;
    const uint8_t *base = s->at[JOM_CNRM];
    uint32_t normals = s->normal_count;
    uint64_t corners = 4u * (uint64_t)s->polygon_count;
    for (uint64_t j = first_at_least(array, base, 0, corners, normals); j < corners;
         j = first_at_least(array, base, j + 1, corners, normals))
        jom_report(c, RM_ERROR, JOM_CNRM, jom_record_offset(c, JOM_CNRM, j, JOM_U16_SIZE),
                   "corner %u of polygon %llu uses normal %u, NTAB has %u normals",
                   (unsigned)(j % 4), (unsigned long long)(j / 4), u16_at(array, base, j), normals);
}

static void check_groups(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_GRUP])
        return;
    bool points_known = c->present[JOM_PNTS] && c->usable[JOM_PNTS];
    bool polygons_known = c->present[JOM_QUAD] && c->usable[JOM_QUAD];
    for (uint32_t i = 0; i < s->group_count; i++) {
        rm_jom_group g;
        src_group(s, i, &g);
        uint64_t rec = jom_record_offset(c, JOM_GRUP, i, JOM_GROUP_SIZE);
        jom_check_name(c, JOM_GRUP, rec, g.name, "group", i);
        char name[JOM_NAME_TEXT_SIZE];
        jom_name_text(g.name, JOM_NAME_SIZE, name, sizeof name);
        /* Two u16 never overflow 32 bits. */
        uint32_t point_end = (uint32_t)g.first_point + g.point_count;
        uint32_t polygon_end = (uint32_t)g.first_polygon + g.polygon_count;
        if (points_known && point_end > s->point_count)
            jom_report(c, RM_ERROR, JOM_GRUP, rec + 16,
                       "group %u '%s': first_point %u + point_count %u = %u, PNTS has %u points",
                       i, name, g.first_point, g.point_count, point_end, s->point_count);
        if (polygons_known && polygon_end > s->polygon_count)
            jom_report(c, RM_ERROR, JOM_GRUP, rec + 20,
                       "group %u '%s': first_polygon %u + polygon_count %u = %u, QUAD has %u polygons",
                       i, name, g.first_polygon, g.polygon_count, polygon_end, s->polygon_count);
    }
}

/* The bounding sphere of the header must hold every point: the engine's
   jo_3d_is_sphere_visible() culls the model with it. Distances in raw
   Q16.16 units, in doubles (exact coordinates, squares rounded by at most
   1e-16 relative, far below a unit); a point may be up to
   JOM_SPHERE_SLACK units outside (the rounding of the radius to Q16.16). */
#define JOM_SPHERE_SLACK 2.0

static void check_sphere(jom_check *c, const jom_src *s)
{
    if (!c->present[JOM_PNTS] || !c->usable[JOM_PNTS] || s->point_count == 0 || !s->has_points)
        return;
    double cx = (double)s->center.x, cy = (double)s->center.y, cz = (double)s->center.z;
    double limit = (double)s->radius + JOM_SPHERE_SLACK;
    double worst = -1.0;
    uint32_t worst_i = 0, outside = 0;
    const rm_vec3x *array = s->m ? s->m->points : NULL;
    const uint8_t *base = s->at[JOM_PNTS];
    uint32_t n = s->point_count;
    for (uint32_t i = 0; i < n; i++) {
        rm_vec3x p = array ? array[i] : jom_be_vec(base + (size_t)i * JOM_POINT_SIZE);
        double dx = (double)p.x - cx, dy = (double)p.y - cy, dz = (double)p.z - cz;
        double d = sqrt(dx * dx + dy * dy + dz * dz);
        if (d > limit) {
            outside++;
            if (d > worst) {
                worst = d;
                worst_i = i;
            }
        }
    }
    if (outside == 0)
        return;
    rm_vec3x p = src_point(s, worst_i);
    jom_report(c, RM_ERROR, JOM_HEADER, 20,
               "the bounding sphere (center %.6f %.6f %.6f, radius %.6f) does not hold the points: "
               "%u outside, the farthest point %u (%.6f %.6f %.6f) at %.6f; "
               "jo_3d_is_sphere_visible() would cull the model while it is on the screen",
               rm_fixed_to_double(s->center.x), rm_fixed_to_double(s->center.y),
               rm_fixed_to_double(s->center.z), rm_fixed_to_double(s->radius), outside, worst_i,
               rm_fixed_to_double(p.x), rm_fixed_to_double(p.y), rm_fixed_to_double(p.z),
               worst / 65536.0);
}

/* A group's range, clamped to the chunk it indexes (the range errors are
   reported by check_groups). */
static void group_range(uint32_t first, uint32_t count, uint32_t limit, uint32_t *lo, uint32_t *hi)
{
    *lo = first < limit ? first : limit;
    *hi = first + count < limit ? first + count : limit;
}

/* The group's polygon range, or its point range. */
static void group_span(const rm_jom_group *g, bool polygons, uint32_t limit, uint32_t *lo, uint32_t *hi)
{
    if (polygons)
        group_range(g->first_polygon, g->polygon_count, limit, lo, hi);
    else
        group_range(g->first_point, g->point_count, limit, lo, hi);
}

/* Groups up to this many are sorted on the stack (check_group_overlap,
   check_own_points_ranges); more take a block of the heap. */
#define OWN_STACK_GROUPS 16u

/* No two groups share a polygon (a polygon belongs to one group) or an own
   point (seed 000: a group's points are those used only by its polygons).
   Groups are compared in the order of their first index: each with the
   one before it that reaches farthest. */
static bool check_group_overlap(jom_check *c, const jom_src *s, bool polygons, uint32_t limit)
{
    uint32_t n = s->group_count;
    uint32_t stack[OWN_STACK_GROUPS];   /* a few groups: no allocation */
    uint32_t *order = n <= OWN_STACK_GROUPS ? stack : malloc((size_t)n * sizeof *order);
    if (!order)
        return true;    /* not known: the caller takes the path that needs no answer */
    bool overlap = false;
    for (uint32_t i = 0; i < n; i++)
        order[i] = i;
    /* Insertion sort by first index, then by position: n is at most a few
       hundred in practice, and the order is stable. */
    for (uint32_t i = 1; i < n; i++) {
        uint32_t g = order[i], j = i;
        uint32_t key = src_group_first(s, g, polygons);
        while (j > 0) {
            if (src_group_first(s, order[j - 1], polygons) <= key)
                break;
            order[j] = order[j - 1];
            j--;
        }
        order[j] = g;
    }
    uint32_t reach = 0, reacher = UINT32_MAX;
    for (uint32_t k = 0; k < n; k++) {
        rm_jom_group g;
        src_group(s, order[k], &g);
        uint32_t lo, hi;
        group_span(&g, polygons, limit, &lo, &hi);
        if (lo == hi)
            continue;       /* an empty range shares nothing */
        if (reacher != UINT32_MAX && lo < reach) {
            rm_jom_group r;
            src_group(s, reacher, &r);
            char a[JOM_NAME_TEXT_SIZE], b[JOM_NAME_TEXT_SIZE];
            jom_name_text(g.name, JOM_NAME_SIZE, a, sizeof a);
            jom_name_text(r.name, JOM_NAME_SIZE, b, sizeof b);
            uint32_t rlo, rhi;
            group_span(&r, polygons, limit, &rlo, &rhi);
            jom_report(c, RM_ERROR, JOM_GRUP,
                       jom_record_offset(c, JOM_GRUP, order[k], JOM_GROUP_SIZE) + (polygons ? 20 : 16),
                       polygons ? "group %u '%s': polygons %u to %u overlap the polygons of group %u '%s' "
                                  "(%u to %u): a polygon belongs to one group"
                                : "group %u '%s': points %u to %u overlap the points of group %u '%s' "
                                  "(%u to %u): a point is the own point of one group at most",
                       order[k], a, lo, hi - 1, reacher, b, rlo, rhi - 1);
            overlap = true;
        }
        if (hi > reach) {
            reach = hi;
            reacher = order[k];
        }
    }
    if (order != stack)
        free(order);
    return overlap;
}

/* The message of check_own_points for group g: `first` is the first
   polygon of another group (`other`, UINT32_MAX: none) that uses its own
   point `point`, `count` how many such polygons. */
static void report_own_point(jom_check *c, const jom_src *s, uint32_t g, uint16_t point, uint32_t first,
                             uint32_t other, uint32_t count)
{
    rm_jom_group gr;
    src_group(s, g, &gr);
    char a[JOM_NAME_TEXT_SIZE], b[JOM_NAME_TEXT_SIZE + 32];
    jom_name_text(gr.name, JOM_NAME_SIZE, a, sizeof a);
    if (other == UINT32_MAX) {
        snprintf(b, sizeof b, "no group");
    } else {
        rm_jom_group og;
        src_group(s, other, &og);
        char t[JOM_NAME_TEXT_SIZE];
        jom_name_text(og.name, JOM_NAME_SIZE, t, sizeof t);
        snprintf(b, sizeof b, "group %u '%s'", other, t);
    }
    jom_report(c, RM_ERROR, JOM_GRUP, jom_record_offset(c, JOM_GRUP, g, JOM_GROUP_SIZE) + 16,
               "group %u '%s': point %u is one of its own points (%u to %u), but polygon %u "
               "(of %s) uses it (%u polygons of other groups use its points): the group's "
               "bone would tear them",
               g, a, point, gr.first_point, gr.first_point + gr.point_count - 1u, first, b, count);
}

/* A group's own points move with it (its bone): a polygon of another
   group (or of no group) that uses one would be torn when it moves. One
   message per group: the first such polygon and how many. This is the
   path for groups whose ranges overlap (an error already reported): a
   point's owner and a polygon's group in arrays, the first group winning;
   check_own_points_ranges gives the same answer without them. */
static void check_own_points(jom_check *c, const jom_src *s)
{
    uint32_t np = s->point_count, nq = s->polygon_count, ng = s->group_count;
    uint32_t *owner = malloc((np ? np : 1) * sizeof *owner);
    uint32_t *poly_group = malloc((nq ? nq : 1) * sizeof *poly_group);
    uint32_t *first_bad = malloc((ng ? ng : 1) * sizeof *first_bad);
    uint32_t *bad_count = calloc(ng ? ng : 1, sizeof *bad_count);
    uint16_t *bad_point = malloc((ng ? ng : 1) * sizeof *bad_point);
    uint32_t *last_bad = malloc((ng ? ng : 1) * sizeof *last_bad);
    if (!owner || !poly_group || !first_bad || !bad_count || !bad_point || !last_bad)
        goto done;
    for (uint32_t i = 0; i < np; i++)
        owner[i] = UINT32_MAX;
    for (uint32_t i = 0; i < nq; i++)
        poly_group[i] = UINT32_MAX;
    /* The first group wins where ranges overlap (reported above). */
    for (uint32_t g = ng; g-- > 0;) {
        rm_jom_group gr;
        src_group(s, g, &gr);
        uint32_t lo, hi;
        group_range(gr.first_point, gr.point_count, np, &lo, &hi);
        for (uint32_t i = lo; i < hi; i++)
            owner[i] = g;
        group_range(gr.first_polygon, gr.polygon_count, nq, &lo, &hi);
        for (uint32_t i = lo; i < hi; i++)
            poly_group[i] = g;
    }
    const rm_jom_polygon *polygons = s->m ? s->m->polygons : NULL;
    const uint8_t *base = s->at[JOM_QUAD];
    for (uint32_t i = 0; i < nq; i++)
        for (unsigned k = 0; k < 4; k++) {
            uint16_t v = polygons ? polygons[i].v[k]
                                  : rm_be16(base + (size_t)i * JOM_POLYGON_SIZE + 12 + 2 * k);
            if (v >= np || owner[v] == UINT32_MAX || owner[v] == poly_group[i])
                continue;
            uint32_t g = owner[v];
            if (bad_count[g] > 0 && last_bad[g] == i)
                continue;       /* each polygon counted once per group */
            if (bad_count[g]++ == 0) {
                first_bad[g] = i;
                bad_point[g] = v;
            }
            last_bad[g] = i;
        }
    for (uint32_t g = 0; g < ng; g++)
        if (bad_count[g] > 0)
            report_own_point(c, s, g, bad_point[g], first_bad[g], poly_group[first_bad[g]], bad_count[g]);
done:
    free(owner);
    free(poly_group);
    free(first_bad);
    free(bad_count);
    free(bad_point);
    free(last_bad);
}

/* A group's range of points or polygons, clamped, not empty. */
typedef struct group_span_at {
    uint32_t lo, hi, group;
    uint32_t own_lo, own_len;   /* polygon spans: the group's own points */
} group_span_at;

static int compare_spans(const void *a, const void *b)
{
    const group_span_at *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Per group: the polygons of other groups that use its own points. */
typedef struct own_bad {
    uint32_t count, first, last, other;
    uint16_t point;
} own_bad;

/* check_own_points when no two non-empty ranges overlap (the overlap
   checks found none), so each point has one owner at most and each
   polygon one group: the ranges sorted by their first index, a polygon's
   group followed along the polygons, a point's owner found by a binary
   search (the last one found tried first). Memory by the groups, not by
   the points or polygons. false when out of memory (nothing reported). */
static bool check_own_points_ranges(jom_check *c, const jom_src *s)
{
    uint32_t np = s->point_count, nq = s->polygon_count, ng = s->group_count;
    group_span_at stack_spans[2 * OWN_STACK_GROUPS];
    own_bad stack_bad[OWN_STACK_GROUPS];
    group_span_at *spans = stack_spans;
    own_bad *bad = stack_bad;
    if (ng > OWN_STACK_GROUPS) {
        spans = malloc(2 * (size_t)ng * sizeof *spans);
        bad = calloc(ng, sizeof *bad);
        if (!spans || !bad) {
            free(spans);
            free(bad);
            return false;
        }
    } else {
        memset(stack_bad, 0, sizeof stack_bad);
    }
    group_span_at *pts = spans, *pol = spans + ng;
    uint32_t npts = 0, npol = 0;
    for (uint32_t g = 0; g < ng; g++) {
        rm_jom_group gr;
        src_group(s, g, &gr);
        uint32_t own_lo, own_hi, lo, hi;
        group_range(gr.first_point, gr.point_count, np, &own_lo, &own_hi);
        if (own_lo < own_hi)
            pts[npts++] = (group_span_at){own_lo, own_hi, g, 0, 0};
        group_range(gr.first_polygon, gr.polygon_count, nq, &lo, &hi);
        if (lo < hi)
            pol[npol++] = (group_span_at){lo, hi, g, own_lo, own_hi - own_lo};
    }
    if (npts > 0) {     /* no own point: nothing to tear */
        qsort(pts, npts, sizeof *pts, compare_spans);
        qsort(pol, npol, sizeof *pol, compare_spans);
        const rm_jom_polygon *polygons = s->m ? s->m->polygons : NULL;
        const uint8_t *base = s->at[JOM_QUAD];
        uint32_t pj = 0, last = 0;
        for (uint32_t i = 0; i < nq; i++) {
            while (pj < npol && pol[pj].hi <= i)
                pj++;
            bool in_group = pj < npol && pol[pj].lo <= i;
            uint32_t pg = in_group ? pol[pj].group : UINT32_MAX;
            /* A point of the polygon's own group is nobody else's. */
            uint32_t own_lo = in_group ? pol[pj].own_lo : 0, own_len = in_group ? pol[pj].own_len : 0;
            uint16_t v4[4];
            if (polygons) {
                memcpy(v4, polygons[i].v, sizeof v4);
            } else {
                const uint8_t *p = base + (size_t)i * JOM_POLYGON_SIZE + 12;
                for (unsigned k = 0; k < 4; k++)
                    v4[k] = rm_be16(p + 2 * k);
            }
            for (unsigned k = 0; k < 4; k++) {
                uint16_t v = v4[k];
                if ((uint32_t)v - own_lo < own_len || v >= np)
                    continue;
                if (v < pts[last].lo || v >= pts[last].hi) {
                    uint32_t lo = 0, hi = npts;     /* the last span with lo <= v */
                    while (hi - lo > 1) {
                        uint32_t mid = lo + (hi - lo) / 2;
                        if (pts[mid].lo <= v)
                            lo = mid;
                        else
                            hi = mid;
                    }
                    if (v < pts[lo].lo || v >= pts[lo].hi)
                        continue;   /* nobody's own point */
                    last = lo;
                }
                uint32_t g = pts[last].group;
                if (g == pg)
                    continue;
                own_bad *b = &bad[g];
                if (b->count > 0 && b->last == i)
                    continue;       /* each polygon counted once per group */
                if (b->count++ == 0) {
                    b->first = i;
                    b->point = v;
                    b->other = pg;
                }
                b->last = i;
            }
        }
        for (uint32_t g = 0; g < ng; g++)
            if (bad[g].count > 0)
                report_own_point(c, s, g, bad[g].point, bad[g].first, bad[g].other, bad[g].count);
    }
    if (spans != stack_spans) {
        free(spans);
        free(bad);
    }
    return true;
}

static void check_group_sharing(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_GRUP] || s->group_count < 1 || !s->has_groups)
        return;
    bool points_known = c->present[JOM_PNTS] && c->usable[JOM_PNTS];
    bool polygons_known = c->present[JOM_QUAD] && c->usable[JOM_QUAD] && s->has_polygons;
    bool overlap = false;
    if (polygons_known)
        overlap |= check_group_overlap(c, s, true, s->polygon_count);
    if (points_known)
        overlap |= check_group_overlap(c, s, false, s->point_count);
    if (points_known && polygons_known && (overlap || !check_own_points_ranges(c, s)))
        check_own_points(c, s);
}

static void check_bones(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_BONE])
        return;
    if (s->bone_count > RM_JOM_MAX_BONES)
        jom_report(c, RM_ERROR, JOM_BONE, c->offset[JOM_BONE] + JOM_CHUNK_HEADER_SIZE,
                   "%u bones, more than 32 (JO_3D_MAX_BONES)", s->bone_count);
    uint32_t groups;
    bool groups_known = known_count(c, JOM_GRUP, s->group_count, &groups);
    for (uint32_t i = 0; i < s->bone_count; i++) {
        rm_jom_bone b;
        src_bone(s, i, &b);
        uint64_t rec = jom_record_offset(c, JOM_BONE, i, JOM_BONE_SIZE);
        jom_check_name(c, JOM_BONE, rec, b.name, "bone", i);
        char name[JOM_NAME_TEXT_SIZE];
        jom_name_text(b.name, JOM_NAME_SIZE, name, sizeof name);
        if (b.parent < -1 || (b.parent >= 0 && (uint32_t)b.parent >= i))
            jom_report(c, RM_ERROR, JOM_BONE, rec + 18,
                       "bone %u '%s' has parent %d: it must be -1 (a root) or a bone before it",
                       i, name, b.parent);
        if (b.group != RM_JOM_BONE_NO_GROUP && groups_known && b.group >= groups) {
            if (c->present[JOM_GRUP])
                jom_report(c, RM_ERROR, JOM_BONE, rec + 16,
                           "bone %u '%s' moves group %u, GRUP has %u groups", i, name, b.group, groups);
            else
                jom_report(c, RM_ERROR, JOM_BONE, rec + 16,
                           "bone %u '%s' moves group %u, there is no GRUP chunk", i, name, b.group);
        }
    }
}

static void check_animations(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_ANIM])
        return;
    for (uint32_t i = 0; i < s->animation_count; i++) {
        rm_jom_animation a;
        src_animation(s, i, &a);
        uint64_t rec = jom_record_offset(c, JOM_ANIM, i, JOM_ANIMATION_SIZE);
        jom_check_name(c, JOM_ANIM, rec, a.name, "animation", i);
        char name[JOM_NAME_TEXT_SIZE];
        jom_name_text(a.name, JOM_NAME_SIZE, name, sizeof name);
        if (a.key_count == 0)
            jom_report(c, RM_ERROR, JOM_ANIM, rec + 16, "animation %u '%s' has 0 keys, at least 1",
                       i, name);
        if (a.duplicate != 0)
            jom_report(c, RM_WARNING, JOM_ANIM, rec + 22,
                       "animation %u '%s': duplicate is %u, 0 in files (the loader sets it)",
                       i, name, a.duplicate);
    }
}

/* TIMG holds the pixels of the textures named by TEXT, entry i for
   texture i: a difference is reported as a warning (the converter never
   writes one; the engine would load the missing textures from the CD). */
static void check_embedded_against_names(jom_check *c, const jom_src *s)
{
    if (!c->usable[JOM_TIMG] || !s->has_texture_images)
        return;
    uint32_t names;
    if (!known_count(c, JOM_TEXT, s->texture_count, &names))
        return;
    if (s->texture_image_count != names)
        jom_report(c, RM_WARNING, JOM_TIMG, c->offset[JOM_TIMG] + JOM_CHUNK_HEADER_SIZE,
                   "%u embedded textures, TEXT has %u names", s->texture_image_count, names);
    uint64_t off = c->offset[JOM_TIMG] + JOM_CHUNK_HEADER_SIZE + JOM_COUNT_SIZE;
    uint64_t at = 0;    /* the view's walk over the entries */
    for (uint32_t i = 0; i < s->texture_image_count && i < names; i++) {
        rm_jom_texture t;
        if (s->m) {
            t = s->m->texture_images[i];
        } else {
            const uint8_t *pixels;
            if (!jom_view_next_texture(s->v, &at, &t, &pixels))
                break;
        }
        char name[JOM_NAME_SIZE + 1];
        memcpy(name, src_texture_name(s, i), JOM_NAME_SIZE);
        name[JOM_NAME_SIZE] = 0;
        if (strncmp(t.name, name, JOM_NAME_SIZE) != 0) {
            char a[JOM_NAME_TEXT_SIZE], b[JOM_NAME_TEXT_SIZE];
            jom_name_text(t.name, JOM_NAME_SIZE, a, sizeof a);
            jom_name_text(name, JOM_NAME_SIZE, b, sizeof b);
            jom_report(c, RM_WARNING, JOM_TIMG, off, "texture %u is '%s', TEXT names it '%s'", i, a, b);
        }
        off = jom_add(off, jom_texture_entry_size(t.pixel_size));
    }
}

static void check_content(jom_check *c, const jom_src *s)
{
    check_index_limit(c, JOM_PNTS, s->point_count, "points");
    check_index_limit(c, JOM_QUAD, s->polygon_count, "polygons");
    check_index_limit(c, JOM_MATL, s->material_count, "materials");
    check_index_limit(c, JOM_NTAB, s->normal_count, "normals");
    check_embedded_against_names(c, s);
    check_polygons(c, s);
    check_polygon_materials(c, s);
    check_materials(c, s);
    check_textures(c, s);
    check_corner_normals(c, s);
    check_groups(c, s);
    check_group_sharing(c, s);
    check_sphere(c, s);
    check_bones(c, s);
    check_animations(c, s);
}

void jom_check_content(jom_check *c, const rm_jom_model *m)
{
    jom_src s = {
        .m = m,
        .center = m->center,
        .radius = m->radius,
        .point_count = m->point_count,
        .polygon_count = m->polygon_count,
        .material_count = m->material_count,
        .texture_count = m->texture_count,
        .normal_count = m->normal_count,
        .group_count = m->group_count,
        .bone_count = m->bone_count,
        .animation_count = m->animation_count,
        .texture_image_count = m->texture_image_count,
        .has_points = m->points != NULL,
        .has_polygons = m->polygons != NULL,
        .has_groups = m->groups != NULL,
        .has_texture_images = m->texture_images != NULL,
    };
    check_content(c, &s);
}

void jom_check_content_view(jom_check *c, const jom_view *v)
{
    /* What the copying reader's model would hold: a count for each chunk
       whose records could be read, 0 for the others. */
    uint32_t n[JOM_KIND_COUNT];
    for (int k = 0; k < JOM_KIND_COUNT; k++)
        n[k] = c->usable[k] ? v->count[k] : 0;
    jom_src s = {
        .v = v,
        .center = v->center,
        .radius = v->radius,
        .point_count = n[JOM_PNTS],
        .polygon_count = n[JOM_QUAD],
        .material_count = n[JOM_MATL],
        .texture_count = n[JOM_TEXT],
        .normal_count = n[JOM_NTAB],
        .group_count = n[JOM_GRUP],
        .bone_count = n[JOM_BONE],
        .animation_count = n[JOM_ANIM],
        .texture_image_count = n[JOM_TIMG],
        .has_points = n[JOM_PNTS] > 0,
        .has_polygons = n[JOM_QUAD] > 0,
        .has_groups = n[JOM_GRUP] > 0,
        .has_texture_images = n[JOM_TIMG] > 0,
    };
    for (int k = 0; k < JOM_KIND_COUNT; k++)
        if (v->present[k] && v->size_of[k] >= JOM_COUNT_SIZE)   /* past the count: inside the file */
            s.at[k] = jom_view_records(v, k);
    check_content(c, &s);
}

/* An array that a count says exists must be there. */
static void need_array(jom_check *c, int kind, uint64_t count, const void *array, const char *what)
{
    if (count > 0 && !array) {
        jom_report(c, RM_ERROR, kind, c->offset[kind], "the model has %llu %s but no array for them",
                   (unsigned long long)count, what);
        c->usable[kind] = false;
    }
}

rm_status rm_jom_validate(const rm_jom_model *m, const char *filename, rm_diag *diag)
{
    jom_check c;
    jom_check_init(&c, diag, filename ? filename : "<model>");
    jom_layout l;
    jom_layout_compute(m, &l);
    for (int k = 0; k < JOM_KIND_COUNT; k++) {
        c.present[k] = l.present[k];
        c.usable[k] = l.present[k];
        c.offset[k] = l.offset[k];
    }

    if (m->version != RM_JOM_VERSION)
        jom_report(&c, RM_ERROR, JOM_HEADER, 4, "version %u, this tool writes version %u",
                   m->version, RM_JOM_VERSION);
    if (l.total > UINT32_MAX)
        jom_report(&c, RM_ERROR, JOM_HEADER, 0,
                   "the file would be %llu bytes, more than the 4 GiB a JOM file can address",
                   (unsigned long long)l.total);

    uint64_t corners = 4u * (uint64_t)m->polygon_count;
    if (l.present[JOM_TIMG])
        need_array(&c, JOM_TIMG, m->texture_image_count, m->texture_images, "embedded textures");
    need_array(&c, JOM_PNTS, m->point_count, m->points, "points");
    need_array(&c, JOM_QUAD, m->polygon_count, m->polygons, "polygons");
    need_array(&c, JOM_QMAT, m->polygon_count, m->polygon_materials, "polygon materials");
    need_array(&c, JOM_MATL, m->material_count, m->materials, "materials");
    if (l.present[JOM_TEXT])
        need_array(&c, JOM_TEXT, m->texture_count, m->textures, "texture names");
    if (m->has_normals) {
        need_array(&c, JOM_NTAB, m->normal_count, m->normals, "normals");
        need_array(&c, JOM_CNRM, corners, m->corner_normals, "corner normals");
    }
    if (m->has_vertex_colors)
        need_array(&c, JOM_VCOL, m->point_count, m->vertex_colors, "vertex colors");
    if (m->has_gouraud) {
        need_array(&c, JOM_GOUR, corners, m->gouraud, "gouraud colors");
        if (!m->has_vertex_colors)
            jom_report(&c, RM_ERROR, JOM_GOUR, l.offset[JOM_GOUR],
                       "GOUR needs a VCOL chunk (has_gouraud without has_vertex_colors)");
    }
    if (m->has_groups)
        need_array(&c, JOM_GRUP, m->group_count, m->groups, "groups");
    if (m->has_skeleton) {
        need_array(&c, JOM_BONE, m->bone_count, m->bones, "bones");
        need_array(&c, JOM_ANIM, m->animation_count, m->animations, "animations");
    }

    /* TIMG entries: the header rules, and pixel_size must be what the
       width, height and format give. */
    if (c.usable[JOM_TIMG]) {
        uint64_t off = l.offset[JOM_TIMG] + JOM_CHUNK_HEADER_SIZE + JOM_COUNT_SIZE;
        for (uint32_t i = 0; i < m->texture_image_count; i++) {
            const rm_jom_texture *t = &m->texture_images[i];
            if (jom_check_texture_header(&c, t, i, off)) {
                uint64_t want = jom_texture_pixel_size(t->width, t->height, t->format);
                char name[JOM_NAME_TEXT_SIZE];
                jom_name_text(t->name, JOM_NAME_SIZE, name, sizeof name);
                if (t->pixel_size != want)
                    jom_report(&c, RM_ERROR, JOM_TIMG, off + JOM_TEXTURE_HEADER_SIZE,
                               "texture %u '%s': pixel_size %u, a %ux%u texture of format %u has %llu bytes",
                               i, name, t->pixel_size, t->width, t->height, t->format,
                               (unsigned long long)want);
                else if (t->pixel_size > 0 && !t->pixels)
                    jom_report(&c, RM_ERROR, JOM_TIMG, off + JOM_TEXTURE_HEADER_SIZE,
                               "texture %u '%s': no pixels (pixels is NULL)", i, name);
            }
            off = jom_add(off, jom_texture_entry_size(t->pixel_size));
        }
    }
    /* Keys: the in-memory offsets are ignored (the writer recomputes them). */
    if (c.usable[JOM_ANIM]) {
        for (uint32_t i = 0; i < m->animation_count; i++)
            if (m->animations[i].key_count > 0 && !m->animations[i].keys)
                jom_report(&c, RM_ERROR, JOM_ANIM,
                           jom_record_offset(&c, JOM_ANIM, i, JOM_ANIMATION_SIZE) + 16,
                           "animation %u has %u keys but no array for them", i,
                           m->animations[i].key_count);
    }

    jom_check_content(&c, m);
    return c.errors ? RM_INVALID : RM_OK;
}
