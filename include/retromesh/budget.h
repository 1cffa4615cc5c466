/* retromesh/budget.h - "will my level fit?": every model a level names,
   loaded with its textures as the engine would (through the host CD
   context of retromesh/cd.h), counted against the Saturn's limits.

   Usage:
     rm_budget_options opt;
     rm_budget_options_default(&opt);          // heap 393,216 bytes...
     opt.heap_bytes = 300000;
     rm_budget_report rep;
     rm_status st = rm_budget_level_file("cd/LEVEL.JOL", "cd", &opt, &rep, &diag);
     // or: rm_budget_models(files, n, "cd", &opt, &rep, &diag);   a list of .JOM
     if (st == RM_OK) {
         for (size_t i = 0; i < rep.model_count; i++) ... rep.models[i].polygons ...
         rep.totals.vram_bytes, rep.over.heap ... rep.frame.cells[rep.frame.worst_polygons]
         rm_budget_print_text(&rep, stdout);   // the table, the totals, "over" lines
         rm_budget_print_json(&rep, stdout);   // deterministic JSON
         rm_budget_report_free(&rep);
     }
   A model file the level names but the folder does not have is listed in
   rep.models[] with missing = true and its refs (never an error); a model
   the loader refuses has invalid = true and its messages in diag. The
   status is RM_INVALID only for an invalid level, RM_IO when the level or
   the folder cannot be read.

   The per-frame part (docs/budget.md "Per frame"): for each cell, its
   model, the cells its portals show, the entities standing in them, its
   mirrors and the biggest weapon; rm_budget_frame_compute() does it from
   per-file costs and is public for tests and other tools.

   Ownership: the report owns everything it points to;
   rm_budget_report_free() releases it. */
#ifndef RETROMESH_BUDGET_H
#define RETROMESH_BUDGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cd.h"
#include "diag.h"
#include "level.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RM_BUDGET_HEAP_BYTES RM_CD_DEFAULT_HEAP    /* JO_GLOBAL_MEMORY_SIZE_FOR_MALLOC, makefile default */

typedef struct rm_budget_options {
    uint64_t heap_bytes;        /* --heap N: the jo_malloc heap (default 393,216) */
    uint64_t vram_bytes;        /* the texture area: RM_BUDGET_VRAM_BYTES (0x10000..0x70000) */
    uint32_t sprites;           /* JO_MAX_SPRITE: 255 */
    uint32_t polygons;          /* per frame: RM_BUDGET_POLYGONS (1761) */
    uint32_t points;            /* per frame: RM_BUDGET_POINTS (2500) */
} rm_budget_options;

void rm_budget_options_default(rm_budget_options *opt);

/* ---- Per frame ---------------------------------------------------------- */

/* What drawing one model costs (one entry per refs->files[i]). */
typedef struct rm_budget_cost {
    uint32_t polygons;
    uint32_t points;
    bool known;                 /* false: the file is missing or invalid */
} rm_budget_cost;

/* One cell as the camera's cell. */
typedef struct rm_budget_cell {
    uint32_t cell;              /* CELL record */
    uint64_t polygons;          /* everything drawn when the camera is in it */
    uint64_t points;
    uint64_t draws;             /* models drawn (a model drawn twice counts twice) */
    uint32_t cells_seen;        /* other cells seen through its DOOR/WINDOW portals */
    uint32_t entities;          /* entities drawn (standing in it or in a cell seen) */
    uint32_t mirrors;           /* MIRROR portals: drawn again */
    bool outside;               /* a portal shows the outside (the terrain: not counted) */
    bool incomplete;            /* a model drawn is missing or invalid: the figures are low */
} rm_budget_cell;

typedef struct rm_budget_frame {
    size_t cell_count;          /* 0: the level has no cells, the worst set is not known */
    rm_budget_cell *cells;
    size_t worst_polygons;      /* index in cells[] of the most polygons (first of ties) */
    size_t worst_points;        /* index in cells[] of the most points */
    size_t weapon_file;         /* refs file of the weapon added to each cell, (size_t)-1: none */
} rm_budget_frame;

/* Fills *out from the level's CELL, PRTL, ENTI, PROP, WEAP and the costs of
   refs->files (costs has refs->file_count entries). RM_INVALID (message in
   diag) when a cell's portals are past PRTL. */
rm_status rm_budget_frame_compute(const rm_level *lv, const rm_level_model_refs *refs,
                                  const rm_budget_cost *costs, rm_budget_frame *out, rm_diag *diag);
void rm_budget_frame_free(rm_budget_frame *f);

/* ---- The budget of a level or of a list of models ------------------------ */

/* One model file, loaded once (a file named by several records is one row). */
typedef struct rm_budget_model {
    char *file;                 /* as the level names it (first spelling), or the argument's base name */
    char disk_name[16];         /* its name in the folder, "" when missing */
    bool missing;               /* not in the folder: listed, no figures */
    bool invalid;               /* the loader refused it (its messages are in diag) */
    bool for_lights;            /* loaded as a cell: a gouraud table per polygon */
    uint32_t polygons, points;
    uint64_t file_bytes;        /* size of the file */
    uint64_t heap_bytes;        /* kept in the heap: file - TIMG chunk + 1 */
    uint32_t textures;          /* TEXT entries */
    uint32_t textures_new;      /* loaded by this model (new sprites and VRAM) */
    uint32_t textures_shared;   /* already loaded by a model before it */
    uint32_t textures_missing;  /* not in the folder: drawn untextured */
    char (*missing_textures)[16];   /* their names (textures_missing of them) */
    uint64_t vram_bytes;        /* VRAM this load took (textures, tiles, copies, tables, alignment) */
    uint32_t gouraud_tables;
    uint32_t sprites;           /* sprite ids this load took */
    int first_sprite;           /* the sprite count before the load */
} rm_budget_model;

typedef struct rm_budget_totals {
    uint32_t models;            /* files loaded */
    uint32_t missing;           /* files not found */
    uint32_t invalid;           /* files refused */
    uint32_t textures_missing;  /* texture names not found (each model's count, summed) */
    uint64_t polygons, points;  /* of every model loaded (not a frame: see frame_*) */
    uint64_t file_bytes;
    uint32_t textures;          /* texture sprites: distinct textures loaded */
    uint32_t gouraud_tables;
    uint32_t sprites;           /* sprite ids in use (textures, tiles, copies, tables) */
    uint64_t vram_bytes;        /* VDP1 VRAM in use from 0x10000 */
    uint64_t level_heap_bytes;  /* the level file kept in the heap (size + 1); 0 for a list */
    uint64_t heap_bytes;        /* in use once everything is loaded: level + models */
    uint64_t heap_peak;         /* the most at any moment (a texture file being read) */
} rm_budget_totals;

/* By how much each limit is exceeded (0: within). */
typedef struct rm_budget_over {
    uint64_t vram;
    uint64_t heap;              /* the peak against the heap */
    uint64_t sprites;
    uint64_t polygons;          /* frame_polygons against the per-frame limit */
    uint64_t points;
} rm_budget_over;

typedef struct rm_budget_report {
    char *level;                /* the level's path, NULL for a list of models */
    char *dir;                  /* the CD folder */
    rm_budget_options limits;
    size_t model_count;
    rm_budget_model *models;    /* distinct files, in load order */
    rm_level_model_refs refs;   /* a level: the records naming each file (refs.files[i] is models[i]) */
    rm_budget_totals totals;
    rm_budget_frame frame;      /* a level with cells: each cell's frame */
    /* The per-frame figures compared with the limits: the worst cells when
       the level has cells (frame_known), else the biggest model alone (the
       least any frame drawing it costs). */
    bool frame_known;
    uint64_t frame_polygons, frame_points;
    size_t biggest_polygons;    /* models[] index with the most polygons, (size_t)-1: none loaded */
    size_t biggest_points;
    rm_budget_over over;
    bool any_over;
    bool problems;              /* a model missing or invalid, or a texture missing */
} rm_budget_report;

/* A level in memory (`name` for messages and the report). The models are
   looked up in `dir`. RM_INVALID: the level is invalid (messages in
   diag); RM_IO: the folder cannot be read; RM_NOMEM. *out is filled on
   RM_OK and empty otherwise. */
rm_status rm_budget_level(const uint8_t *data, size_t size, const char *name, const char *dir,
                          const rm_budget_options *opt, rm_budget_report *out, rm_diag *diag);
/* The same, reading the level file. */
rm_status rm_budget_level_file(const char *path, const char *dir, const rm_budget_options *opt,
                               rm_budget_report *out, rm_diag *diag);
/* A list of model files (their base names are looked up in `dir`, in this
   order, each once). */
rm_status rm_budget_models(const char *const *files, size_t count, const char *dir,
                           const rm_budget_options *opt, rm_budget_report *out, rm_diag *diag);
void rm_budget_report_free(rm_budget_report *r);

/* The report for people: a table per model, the totals against the limits,
   the per-frame figures, what names each file, what is missing, then one
   line per limit exceeded ("over budget: ..."). */
void rm_budget_print_text(const rm_budget_report *r, FILE *out);
/* The report as JSON (docs/budget.md), keys in a fixed order. RM_IO when
   it cannot be written. */
rm_status rm_budget_print_json(const rm_budget_report *r, FILE *out);
/* The "over budget: ..." line of limit `i` (0 VRAM, 1 heap, 2 sprites, 3
   polygons, 4 points) into buf; false when that limit is not exceeded. */
bool rm_budget_over_line(const rm_budget_report *r, int i, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
