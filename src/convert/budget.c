/* src/convert/budget.c - what the model costs on the Saturn.

   Textures: Jo allocates VDP1 VRAM linearly from 0x10000, each texture
   rounded up to 32 bytes (saturn-notes 3.4); its per-sprite gouraud tables
   start at 0x70000, which leaves 393,216 bytes for textures in practice.
   JO_MAX_SPRITE (makefile default 255) caps the number of sprites. SGL in
   Jo's build transforms at most 2,500 points and draws at most 1,800
   polygons a frame (saturn-notes 7.5). A model over any of these cannot be
   shown whole: a warning, or with --strict an error. */
#include "stages.h"

#include <stdio.h>
#include <string.h>

uint64_t rm_cv_vram_bytes(uint32_t width, uint32_t height, uint16_t format)
{
    uint64_t texels = (uint64_t)width * height;
    uint64_t bytes = format == 1 ? texels / 2 + 32 : texels * 2;
    return (bytes + 31) & ~(uint64_t)31;
}

/* Appends ", TEXT" (or "TEXT" first) to a fixed buffer. */
static void add_part(char *buf, size_t size, const char *text)
{
    size_t used = strlen(buf);
    if (used < size)
        snprintf(buf + used, size - used, "%s%s", used ? "; " : "", text);
}

rm_status rm_cv_budget_check(rm_cv_ctx *c, const rm_jom_model *out)
{
    rm_convert_budget *b = &c->budget;
    memset(b, 0, sizeof *b);
    b->textures = (uint32_t)c->texture_count;
    for (size_t i = 0; i < c->texture_count; i++) {
        const rm_cv_texture *t = &c->textures[i];
        b->texels += (uint64_t)t->width * t->height;
        b->vram_bytes += rm_cv_vram_bytes(t->width, t->height, t->format);
    }
    b->polygons = out->polygon_count;
    b->points = out->point_count;

    char why[512] = "";
    char part[160];
    if (b->vram_bytes > RM_BUDGET_VRAM_BYTES) {
        snprintf(part, sizeof part,
                 "its textures take %llu bytes of VDP1 VRAM, %llu more than the %u bytes of the "
                 "texture area",
                 (unsigned long long)b->vram_bytes,
                 (unsigned long long)(b->vram_bytes - RM_BUDGET_VRAM_BYTES), RM_BUDGET_VRAM_BYTES);
        add_part(why, sizeof why, part);
    }
    if (b->textures > RM_BUDGET_TEXTURES) {
        snprintf(part, sizeof part, "%u textures, more than the %u sprites of JO_MAX_SPRITE",
                 b->textures, RM_BUDGET_TEXTURES);
        add_part(why, sizeof why, part);
    }
    if (b->polygons > RM_BUDGET_POLYGONS) {
        snprintf(part, sizeof part, "%u polygons, more than the %u SGL draws in a frame", b->polygons,
                 RM_BUDGET_POLYGONS);
        add_part(why, sizeof why, part);
    }
    if (b->points > RM_BUDGET_POINTS) {
        snprintf(part, sizeof part, "%u points, more than the %u SGL transforms in a frame",
                 b->points, RM_BUDGET_POINTS);
        add_part(why, sizeof why, part);
    }
    b->over = why[0] != 0;
    if (!b->over)
        return RM_OK;
    rm_cv_diag(c, c->opt.strict ? RM_ERROR : RM_WARNING, "the model is over the Saturn's budget: %s%s",
               why, c->opt.strict ? " (--strict)" : "");
    return c->opt.strict ? RM_INVALID : RM_OK;
}

void rm_convert_budget_line(const rm_convert_budget *b, char *buf, size_t size)
{
    if (!buf || size == 0)
        return;
    unsigned long long percent =
        (b->vram_bytes * 100 + RM_BUDGET_VRAM_BYTES / 2) / RM_BUDGET_VRAM_BYTES;
    snprintf(buf, size,
             "budget: %u of %u textures (%llu texels), VDP1 VRAM %llu of %u bytes (%llu%%), %u of %u "
             "polygons, %u of %u points%s",
             b->textures, RM_BUDGET_TEXTURES, (unsigned long long)b->texels,
             (unsigned long long)b->vram_bytes, RM_BUDGET_VRAM_BYTES, percent, b->polygons,
             RM_BUDGET_POLYGONS, b->points, RM_BUDGET_POINTS, b->over ? ", over budget" : "");
}
