/* src/build/run_job.c - one model conversion of a build (a model entry, or
   the far model of a level's entity): read the source, convert to a JOM in
   memory (not serialised: its texture names are the namespace's business),
   and list every file it read. Runs on a worker thread: it touches only
   its own job. */
#include "run_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/alloc.h"
#include "retromesh/fileio.h"
#include "retromesh/formats.h"
#include "retromesh/oni.h"
#include "retromesh/output.h"
#include "retromesh/skeleton.h"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool add_input(rm_build_job *j, const char *path)
{
    struct stat sb;
    if (!path || !*path || strcmp(path, "-") == 0 || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
        return true;    /* carried pixels, names that are no file: nothing to hash */
    for (size_t i = 0; i < j->input_count; i++)
        if (strcmp(j->inputs[i], path) == 0)
            return true;
    if (!rm_grow((void **)&j->inputs, &j->input_cap, j->input_count + 1, sizeof *j->inputs))
        return false;
    char *c = rm_strdup(path);
    if (!c)
        return false;
    j->inputs[j->input_count++] = c;
    return true;
}

/* An Oni level file's geometry by its instance name. */
static rm_status read_oni(const rm_build_entry *e, rm_mesh *mesh, rm_diag *diag)
{
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(e->source, &data, &size, diag);
    if (st != RM_OK)
        return st;
    rm_oni_file f;
    st = rm_oni_open(data, size, e->source, &f, diag);
    if (st == RM_OK) {
        uint32_t i = rm_oni_find(&f, e->geometry);
        if (i == RM_ONI_NONE || i >= f.instance_count || f.instances[i].tag != RM_ONI_TAG_M3GM ||
            !f.instances[i].has_data) {
            rm_diag_add(diag, RM_ERROR, "%s: error: no M3GM geometry named '%s' (retromesh oni list %s "
                        "--tag M3GM lists them)", e->source, e->geometry, e->source);
            st = RM_INVALID;
        } else {
            rm_oni_geometry g;
            st = rm_oni_geometry_decode(&f, i, &g, diag);
            if (st == RM_OK) {
                st = rm_oni_geometry_to_mesh(&g, e->source, mesh, diag);
                rm_oni_geometry_free(&g);
            }
        }
        rm_oni_close(&f);
    }
    free(data);
    return st;
}

void rm_build_job_run(rm_build_job *j)
{
    const rm_build_entry *e = j->entry;
    rm_convert_options opt = e->convert;
    if (j->far.set) {
        opt.max_polygons = j->far.max_polygons;
        opt.max_points = j->far.max_points;
        opt.max_error = j->far.max_error;
        opt.max_error_is_share = j->far.max_error_is_share;
    }
    rm_output_set *set = rm_output_set_new();
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_skeleton skel;
    rm_skeleton_init(&skel);
    rm_status st = set ? RM_OK : RM_NOMEM;
    if (st == RM_OK && e->geometry) {
        st = read_oni(e, &mesh, &j->diag);
    } else if (st == RM_OK) {
        rm_model_read_options ro;
        rm_model_read_options_default(&ro);
        ro.load_textures = false;       /* the converter reads the images itself */
        ro.no_textures = opt.no_textures;
        ro.texture_dir = opt.texture_dir;
        ro.gltf = e->gltf;
        ro.threads = j->threads;
        st = rm_model_read_file(e->source, &ro, &mesh, set, &j->diag);
    }
    if (st == RM_OK && e->skeleton) {
        st = rm_skeleton_read_file(e->skeleton, &skel, &j->diag);
        opt.skeleton = &skel;
    }
    if (st == RM_OK) {
        st = rm_convert_mesh_to_jom_ex(&mesh, &opt, &j->jom, &j->res, &j->diag);
        j->has_jom = st == RM_OK;
    }
    /* every file read, sorted: the entry's inputs */
    bool ok = add_input(j, e->source) && add_input(j, e->skeleton);
    for (size_t i = 0; ok && set && i < rm_output_input_count(set); i++)
        ok = add_input(j, rm_output_input_name(set, i));
    for (size_t i = 0; ok && i < j->res.image_count; i++)
        ok = add_input(j, j->res.images[i]);
    if (!ok)
        st = RM_NOMEM;
    if (j->input_count > 1)
        qsort(j->inputs, j->input_count, sizeof *j->inputs, cmp_str);
    if (st == RM_NOMEM)
        rm_diag_add(&j->diag, RM_ERROR, "%s: error: out of memory", e->source);
    j->st = st;
    rm_skeleton_free(&skel);
    rm_mesh_free(&mesh);
    rm_output_set_free(set);
}

void rm_build_job_free(rm_build_job *j)
{
    if (j->has_jom)
        rm_jom_free(&j->jom);
    rm_convert_result_free(&j->res);
    rm_diag_free(&j->diag);
    for (size_t i = 0; i < j->input_count; i++)
        free(j->inputs[i]);
    free(j->inputs);
    memset(j, 0, sizeof *j);
}
