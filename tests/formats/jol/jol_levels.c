/* tests/formats/jol/jol_levels.c - see jol_levels.h. */
#include <stdlib.h>
#include <string.h>

#include "jol_levels.h"

void jol_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

void jol_put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

uint32_t jol_get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

size_t jol_dir_entry(const uint8_t *data, size_t size, const char *id)
{
    uint32_t n = jol_get32(data + 12);
    for (uint32_t i = 0; i < n && 16 + (size_t)(i + 1) * 24 <= size; i++)
        if (!memcmp(data + 16 + i * 24, id, 4))
            return 16 + (size_t)i * 24;
    return 0;
}

uint8_t *jol_example(size_t *size)
{
    rm_level_builder *b = rm_level_builder_create("My level");
    size_t terr = rm_level_builder_section(b, "TERR");
    rm_level_builder_set(b, terr, RM_LEVEL_HEADER, "n", 0, 3);
    rm_level_builder_set(b, terr, RM_LEVEL_HEADER, "cell", 0, 128);
    int64_t heights[9] = {0, 1, 2, 3, 4, 5, 6, 7, -8}, colors[9];
    for (int i = 0; i < 9; i++)
        colors[i] = 0x8000;
    rm_level_builder_set_array(b, terr, "heights", heights, 9);
    rm_level_builder_set_array(b, terr, "colors", colors, 9);
    rm_level_builder_set_array(b, terr, "holes", NULL, 0);
    size_t plnt = rm_level_builder_section(b, "PLNT");
    size_t r = rm_level_builder_add_record(b, plnt);
    rm_level_builder_set(b, plnt, r, "scale", 0, 256);
    size_t enti = rm_level_builder_section(b, "ENTI");
    size_t e = rm_level_builder_add_entity(b, "barrel", "explosive");
    rm_level_builder_set_string(b, enti, e, "model", "BARREL.JOM");
    rm_level_builder_set(b, enti, e, "z", 0, 200);
    rm_level_builder_set(b, enti, e, "health", 0, 40);
    rm_level_builder_set(b, enti, e, "flags", 0, 2);
    rm_level_builder_set(b, enti, e, "radius", 0, 14);
    rm_level_builder_set(b, enti, e, "height", 0, 40);
    rm_level_builder_add_prop_string(b, e, "sound", "EXPLODE.PCM");
    rm_level_builder_add_link(b, e, 4, 0, "fuse", 400, -1);
    e = rm_level_builder_add_entity(b, "fuse", "relay");
    rm_level_builder_set(b, enti, e, "flags", 0, 4);
    rm_level_builder_add_link(b, e, 0, 2, "barrel2", 0, -1);
    e = rm_level_builder_add_entity(b, "barrel2", "explosive");
    rm_level_builder_set_string(b, enti, e, "model", "BARREL.JOM");
    rm_level_builder_set(b, enti, e, "x", 0, 300);
    rm_level_builder_set(b, enti, e, "z", 0, 200);
    rm_level_builder_set(b, enti, e, "health", 0, 40);
    rm_level_builder_set(b, enti, e, "flags", 0, 2);
    uint8_t *data = NULL;
    rm_diag d;
    rm_diag_init(&d);
    if (rm_level_builder_write(b, &data, size, &d) != RM_OK)
        abort();
    rm_diag_free(&d);
    rm_level_builder_free(b);
    return data;
}

uint8_t *jol_cells(uint16_t record_size, size_t *size)
{
    rm_level_builder *b = rm_level_builder_create("Base");
    size_t cell = rm_level_builder_section(b, "CELL");
    size_t r = rm_level_builder_add_record(b, cell);
    rm_level_builder_set_string(b, cell, r, "model", "ROOM.JOM");
    rm_level_builder_set_string(b, cell, r, "reflection", "MIRROR.JOM");
    rm_level_builder_set(b, cell, r, "x1", 0, 512);
    rm_level_builder_set(b, cell, r, "yaw", 0, 90);
    rm_level_builder_set_sizes(b, cell, 0, record_size);
    if (record_size == 36)
        rm_level_builder_set_version(b, cell, 2, 0);   /* the version before reflection */
    uint8_t *data = NULL;
    if (rm_level_builder_write(b, &data, size, NULL) != RM_OK)
        abort();
    rm_level_builder_free(b);
    return data;
}
