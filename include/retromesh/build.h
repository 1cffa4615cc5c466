/* retromesh/build.h - a game's CD folder in one call: every model and level
   of a project file converted into one folder with one texture namespace,
   incrementally, in parallel, with the same bytes for any number of jobs.

   Usage:
     rm_build_project p;
     if (rm_build_project_read("retromesh.json", &p, &diag) == RM_OK) {
         rm_build_options opt;
         rm_build_options_default(&opt);
         opt.jobs = 4;                        // 0: the machine's cores
         rm_build_report rep;
         rm_status st = rm_build_run(&p, &opt, &rep, &diag);
         rm_build_report_print_text(&rep, stdout);   // level budgets, summary
         rm_build_report_free(&rep);
         rm_build_project_free(&p);
     }

   The rules (docs/build.md):
   - A project file names models and levels; paths in it are relative to
     its folder. Every problem of the file is reported at once, as
     "retromesh.json: /models/2/skeleton: no such file" (a JSON pointer to
     the value), syntax errors as "retromesh.json:LINE:COL: error: ...".
   - One texture namespace for the CD: a texture is known by the hash of its
     .BIN bytes (same pixels, same format: same bytes). The same bytes get
     one file and one name in every model's TEXT; different bytes never
     share a name. A texture keeps the name the last build gave it (the
     manifest says); a new one gets the converter's name (WALL.BIN) when it
     is free, else its hashed name (WAL_1A2B.BIN).
   - The manifest CD/RMBUILD.JSN lists the files the build wrote, the
     inputs (with content hashes) and the options of every entry. A file of
     the folder it does not list is the user's and is never written over
     nor removed; a listed file nothing names any more is removed.
   - An entry is rebuilt when its stamp (options, tool version) or one of
     its inputs' contents changed, or one of its outputs is not in the
     folder with the bytes the manifest says; a build that changes nothing
     writes nothing (not even the manifest).
   - A failing entry does not stop the others (all are converted and all
     problems reported), but then nothing is written: RM_INVALID.

   Ownership: every struct owns what it points to and has its _free; the
   functions copy the strings they are given. */
#ifndef RETROMESH_BUILD_H
#define RETROMESH_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "budget.h"
#include "convert.h"
#include "diag.h"
#include "gltf.h"
#include "level.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The manifest's name in the CD folder (8.3: it may go onto the disc). */
#define RM_BUILD_MANIFEST "RMBUILD.JSN"
/* The project file looked for when none is given. */
#define RM_BUILD_PROJECT_DEFAULT "retromesh.json"

/* ---- Content hashes (src/build/hash.c): XXH3-128 ------------------------ */

typedef struct rm_build_hash {
    uint8_t bytes[16];      /* big-endian digest: the hex string's order */
} rm_build_hash;

void rm_build_hash_bytes(const void *data, size_t size, rm_build_hash *out);
/* The file's whole content. RM_IO (a message naming it) when it cannot be
   read; a missing file is RM_IO too (the caller says what that means). */
rm_status rm_build_hash_file(const char *path, rm_build_hash *out, rm_diag *diag);
/* 32 lowercase hex digits and a zero. */
void rm_build_hash_hex(const rm_build_hash *h, char out[33]);
/* false unless exactly 32 hex digits (either case). */
bool rm_build_hash_from_hex(const char *hex, rm_build_hash *out);
bool rm_build_hash_equal(const rm_build_hash *a, const rm_build_hash *b);

/* ---- The project file (src/build/project.c) ----------------------------- */

typedef enum rm_build_kind { RM_BUILD_MODEL = 0, RM_BUILD_LEVEL = 1 } rm_build_kind;

/* A far model asked for: retromesh/level.h's rm_level_far. */
typedef rm_level_far rm_build_far;

typedef struct rm_build_entry {
    rm_build_kind kind;
    size_t index;               /* in "models" or "levels" */
    char pointer[48];           /* "/models/2": for messages */
    char *source;               /* resolved against the project's folder */
    char name[16];              /* the CD name: ROBOT.JOM, ISLAND.JOL (8.3, uppercase) */
    /* models */
    char *geometry;             /* Oni: the M3GM instance's name; NULL: none */
    char *skeleton;             /* resolved; NULL: none */
    char *texture_dir;          /* resolved; NULL: none */
    rm_convert_options convert; /* convert.texture_dir points at texture_dir;
                                   convert.skeleton is NULL (rm_build_run loads it) */
    rm_gltf_options gltf;       /* rigid, key_ticks, loop/once (pointing at the arrays below) */
    char **loop, **once;
    /* levels */
    rm_build_far far;           /* the far model every entity with a model gets
                                   unless its own "far" says otherwise */
    /* Every option that changes the output, as canonical JSON (sorted keys,
       defaults left out, paths as resolved): part of the entry's stamp. */
    char *options_json;
} rm_build_entry;

typedef struct rm_build_project {
    char *file;                 /* the project file as given, for messages */
    char *dir;                  /* its folder ("." when none) */
    char *cd;                   /* the CD folder, resolved ("cd" when not given) */
    size_t entry_count;
    rm_build_entry *entries;    /* the models in file order, then the levels */
} rm_build_project;

/* Parses a project file's text. Every problem is an error in diag (all of
   them, not the first): unknown keys, wrong types, out-of-range values,
   sources, skeletons and texture folders that do not exist, names that are
   not 8.3 or do not end in .JOM / .JOL, two entries with one name (compared
   without case). RM_INVALID then, *out empty. */
rm_status rm_build_project_parse(const char *text, size_t len, const char *file,
                                 rm_build_project *out, rm_diag *diag);
/* Reads and parses the file (RM_IO when it cannot be read). */
rm_status rm_build_project_read(const char *file, rm_build_project *out, rm_diag *diag);
/* The project of `convert A B ... --out-dir CD`: one model entry for each
   file (its default name), every one with the same options (`convert`,
   `gltf`, `skeleton` may be NULL); paths as given (the current folder).
   Problems as for a file ("B.obj: no such file"). */
rm_status rm_build_project_from_files(const char *const *files, size_t count,
                                      const rm_convert_options *convert,
                                      const rm_gltf_options *gltf, const char *skeleton,
                                      const char *cd, rm_build_project *out, rm_diag *diag);
void rm_build_project_free(rm_build_project *p);
/* The default CD name of a source: its base name without the extension,
   uppercase, letters, digits and '_' only (others become '_'), cut to 8,
   then `ext` (".JOM"): "art/robot.glb" -> "ROBOT.JOM". */
void rm_build_default_name(const char *source, const char *ext, char out[16]);

/* ---- The manifest (src/build/manifest.c) --------------------------------- */

typedef struct rm_build_file {
    char name[16];              /* in the CD folder */
    rm_build_hash hash;         /* of its bytes */
} rm_build_file;

typedef struct rm_build_input {
    char *path;                 /* as the build read it */
    rm_build_hash hash;
} rm_build_input;

typedef struct rm_build_record {
    rm_build_kind kind;
    char name[16];              /* the entry's CD name: its identity */
    rm_build_hash stamp;        /* the options and the tool's version */
    size_t input_count;
    rm_build_input *inputs;     /* sorted by path */
    size_t output_count;
    rm_build_file *outputs;     /* the JOM or JOL, its .BIN textures, far JOMs; sorted by name */
} rm_build_record;

typedef struct rm_build_manifest {
    size_t record_count;
    rm_build_record *records;   /* sorted by kind, then name */
} rm_build_manifest;

void rm_build_manifest_init(rm_build_manifest *m);
void rm_build_manifest_free(rm_build_manifest *m);
/* CD/RMBUILD.JSN. None: an empty manifest, RM_OK. One that does not parse
   (or an entry of it that is wrong): a warning "CD/RMBUILD.JSN: ...: the
   build forgets it (no file of the folder is removed)" and an empty
   manifest, RM_OK. A file of that name that is not a retromesh manifest
   at all: RM_INVALID (it is the user's: never written over). */
rm_status rm_build_manifest_read(const char *cd_dir, rm_build_manifest *out, rm_diag *diag);
rm_status rm_build_manifest_parse(const char *text, size_t len, const char *name,
                                  rm_build_manifest *out, rm_diag *diag);
/* Deterministic text (sorted, no time, no host path beyond what the
   project gave), malloc'd, ending in a newline. */
rm_status rm_build_manifest_format(const rm_build_manifest *m, char **text, size_t *len);
/* The record of this entry, NULL when none. */
const rm_build_record *rm_build_manifest_find(const rm_build_manifest *m, rm_build_kind kind,
                                              const char *name);
/* True when some record lists `name` (compared without case) as an output. */
bool rm_build_manifest_owns(const rm_build_manifest *m, const char *name);

/* ---- The texture namespace (src/build/names.c) --------------------------- */
/*
     rm_build_names *n = rm_build_names_new();
     rm_build_names_reserve(n, "ROBOT.JOM");            // the entries' own names
     rm_build_names_user_file(n, "README.TXT");         // in the folder, not the build's
     rm_build_names_previous(n, "WALL.BIN", &h_old);    // from the manifest
     size_t a = rm_build_names_request(n, "WALL.BIN", &h1);   // in project order
     size_t b = rm_build_names_request(n, "WALL.BIN", &h2);
     rm_build_names_resolve(n, &diag);
     rm_build_names_get(n, a)   // "WALL.BIN" (or its old name), b: "WAL_9F3C.BIN"
   Names are compared without case (the CD's rule). Resolving: first every
   requested hash the manifest named keeps that name; then the others in
   request order take their wanted name when no other hash, entry or user
   file holds it, else the hashed name (3 characters of the stem, '_', 4
   hex digits of the hash; the next value on a collision). The same hash
   requested twice is one name. */

typedef struct rm_build_names rm_build_names;

rm_build_names *rm_build_names_new(void);   /* NULL: out of memory */
void rm_build_names_free(rm_build_names *n);
rm_status rm_build_names_reserve(rm_build_names *n, const char *name);
rm_status rm_build_names_user_file(rm_build_names *n, const char *name);
rm_status rm_build_names_previous(rm_build_names *n, const char *name, const rm_build_hash *h);
/* The request's id; (size_t)-1 when out of memory. */
size_t rm_build_names_request(rm_build_names *n, const char *wanted, const rm_build_hash *h);
rm_status rm_build_names_resolve(rm_build_names *n, rm_diag *diag);
const char *rm_build_names_get(const rm_build_names *n, size_t id);

/* ---- Running a build (src/build/run.c) ----------------------------------- */

typedef struct rm_build_options {
    const char *cd;             /* -o CD: instead of the project's "cd"; NULL: the project's */
    unsigned jobs;              /* -j N: models converted at once; 0: the machine's cores */
    bool force;                 /* --force: every entry rebuilt */
    rm_budget_options budget;   /* the limits the level budgets use */
    /* Called from the calling thread as entries finish (may be NULL). */
    void (*progress)(void *ctx, size_t done, size_t total, const char *name);
    void *progress_ctx;
} rm_build_options;

void rm_build_options_default(rm_build_options *opt);

typedef enum rm_build_state {
    RM_BUILD_BUILT = 0,         /* converted; its outputs written */
    RM_BUILD_UNCHANGED = 1,     /* nothing it reads changed: not converted */
    RM_BUILD_FAILED = 2
} rm_build_state;

typedef struct rm_build_entry_report {
    rm_build_kind kind;
    char name[16];
    rm_build_state state;
    rm_convert_budget budget;   /* built models (zero when unchanged: not converted) */
    rm_convert_simplify simplify;
    size_t texture_count;
    char (*textures)[16];       /* the names in its TEXT */
    size_t far_count;
    char (*far_models)[16];     /* levels: the far JOMs written for it */
    bool has_level_budget;      /* levels: `level_budget` is filled */
    rm_budget_report level_budget;
} rm_build_entry_report;

typedef struct rm_build_report {
    char *cd;                   /* the folder built */
    size_t entry_count;
    rm_build_entry_report *entries;     /* in project order */
    size_t built, unchanged, failed;    /* entries */
    size_t files_written, files_removed;
    bool wrote_anything;
} rm_build_report;

/* Builds the project into its CD folder (or opt->cd). RM_OK when every
   entry was built or unchanged; RM_INVALID when one failed (nothing is
   written then); RM_IO when the folder cannot be written. The report is
   filled in every case (free it). */
rm_status rm_build_run(const rm_build_project *p, const rm_build_options *opt,
                       rm_build_report *rep, rm_diag *diag);
/* The level budgets (the figures and verdict of `retromesh budget`), then
   one summary line: "cd: 3 models, 1 level: 2 built, 2 unchanged; 5 files
   written, 1 removed". */
void rm_build_report_print_text(const rm_build_report *rep, FILE *out);
/* The whole report as deterministic JSON. */
void rm_build_report_print_json(const rm_build_report *rep, FILE *out);
void rm_build_report_free(rm_build_report *rep);

#ifdef __cplusplus
}
#endif
#endif
