/* src/convert/texture_settle.c - .BIN names settled against the files of
   the folder they go to (rm_convert_settle_textures, retromesh/convert.h).

   Texture names are unique within one model only: two models converted
   into one CD folder can both have a WALL.BIN of different pixels. A .BIN
   that exists with other bytes is never replaced: the new texture takes
   the hashed 8.3 form the converter uses for a clash inside a model
   (texture_names.c: WAL_1A2B.BIN, the low 16 bits of the CRC-32 of its
   pixels), which the same pixels get again in the next model, so a shared
   texture is shared. This runs before the model is serialised, so its
   TEXT names the file that is written. */
#include "textures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "retromesh/fileio.h"
#include "core/path_tidy.h"
#include "retromesh/output.h"

typedef enum target_state {
    TARGET_FREE,    /* nothing there (or not ours to judge: the output set decides) */
    TARGET_SAME,    /* a regular file with these very bytes */
    TARGET_OTHER    /* a regular file with other bytes (or unreadable) */
} target_state;

static target_state target_of(const char *path, const rm_convert_texture *t,
                               const rm_output_set *inputs)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
        return TARGET_FREE;
    const char *which = NULL;
    if (inputs && rm_output_is_input(inputs, path, &which))
        return TARGET_FREE;     /* writing it is refused, naming both */
    if ((uint64_t)sb.st_size != (uint64_t)t->bin_size)
        return TARGET_OTHER;
    rm_diag quiet;
    rm_diag_init(&quiet);
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(path, &data, &size, &quiet);
    rm_diag_free(&quiet);
    target_state s = st == RM_OK && size == t->bin_size && memcmp(data, t->bin, size) == 0
                         ? TARGET_SAME
                         : TARGET_OTHER;
    free(data);
    return s;
}

/* The CRC of the texture as the converter computes it (rm_cv_texture_crc
   over the big-endian RGB555 words), from the little-endian .BIN. */
static bool bin_crc(const rm_convert_texture *t, uint32_t *crc)
{
    size_t n = t->bin_size - 4;
    uint8_t *be = malloc(n ? n : 1);
    if (!be)
        return false;
    for (size_t i = 0; i + 1 < n; i += 2) {
        be[i] = t->bin[4 + i + 1];
        be[i + 1] = t->bin[4 + i];
    }
    *crc = rm_cv_texture_crc(t->width, t->height, 0, be, n);
    free(be);
    return true;
}

static bool name_taken(char (*names)[16], size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* One texture whose target exists with other bytes: its new name in
   names[i] (and *same when that file has its bytes already). */
static rm_status rename_one(const rm_convert_result *r, size_t i, char (*names)[16], const char *dir,
                            const rm_output_set *inputs, bool *same, rm_diag *diag)
{
    const rm_convert_texture *t = &r->textures[i];
    uint32_t crc;
    if (!bin_crc(t, &crc))
        return RM_NOMEM;
    char stem[16];
    snprintf(stem, sizeof stem, "%s", names[i]);
    char *dot = strchr(stem, '.');
    if (dot)
        *dot = 0;
    char name[16];
    /* Ends: a model has fewer than 65536 names. */
    for (uint32_t step = 0;; step++) {
        rm_cv_bin_name_hashed(stem, (uint16_t)(crc + step), name);
        if (!name_taken(names, r->texture_count, name))
            break;
    }
    char *old_path = rm_path_join(dir, names[i]), *new_path = rm_path_join(dir, name);
    rm_status st = old_path && new_path ? RM_OK : RM_NOMEM;
    target_state s = st == RM_OK ? target_of(new_path, t, inputs) : TARGET_FREE;
    if (st == RM_OK && s == TARGET_OTHER) {
        rm_diag_at(diag, RM_ERROR, new_path, 0, 0,
                   "exists with other pixels, and so does %s (other models' textures?): no free "
                   "name for this model's texture %s; write the textures into another folder "
                   "(--texture-out DIR) or remove the old files",
                   old_path, names[i]);
        st = RM_USAGE;
    } else if (st == RM_OK) {
        rm_diag_at(diag, RM_WARNING, old_path, 0, 0,
                   "exists with other pixels (another model's texture?): this model's texture is %s",
                   name);
        memcpy(names[i], name, 16);
        *same = s == TARGET_SAME;
    }
    free(old_path);
    free(new_path);
    return st;
}

rm_status rm_convert_settle_textures(rm_convert_result *r, rm_jom_model *jom, const char *dir,
                                     const struct rm_output_set *inputs, rm_diag *diag)
{
    if (!r)
        return RM_USAGE;
    size_t n = r->texture_count;
    if (n == 0)
        return RM_OK;
    /* The new names are worked out apart and applied only when every one
       is settled: on a refusal nothing is renamed. */
    char (*names)[16] = malloc(n * sizeof *names);
    bool *same = calloc(n, sizeof *same);
    rm_status st = names && same ? RM_OK : RM_NOMEM;
    for (size_t i = 0; st == RM_OK && i < n; i++)
        memcpy(names[i], r->textures[i].name, 16);
    for (size_t i = 0; st == RM_OK && i < n; i++) {
        const rm_convert_texture *t = &r->textures[i];
        if (!t->bin || t->bin_size < 4)
            continue;
        char *path = rm_path_join(dir, names[i]);
        if (!path) {
            st = RM_NOMEM;
            break;
        }
        target_state s = target_of(path, t, inputs);
        free(path);
        if (s == TARGET_SAME)
            same[i] = true;
        else if (s == TARGET_OTHER)
            st = rename_one(r, i, names, dir, inputs, &same[i], diag);
    }
    if (st == RM_OK) {
        for (size_t i = 0; i < n; i++) {
            rm_convert_texture *t = &r->textures[i];
            if (jom && i < jom->texture_count && strcmp(jom->textures[i], t->name) == 0)
                memcpy(jom->textures[i], names[i], 16);
            memcpy(t->name, names[i], 16);
            t->unchanged = same[i];
        }
    }
    if (st == RM_NOMEM)
        rm_diag_add(diag, RM_ERROR, "retromesh: out of memory");
    free(names);
    free(same);
    return st;
}
