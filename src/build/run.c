/* src/build/run.c - rm_build_run: the project into its CD folder.

   The order, and why:
   1. The old manifest and the folder's files: which files are the build's.
   2. Each entry up to date or not (stamp, inputs, outputs by content).
   3. The stale levels' far-model requests: more conversions.
   4. Every conversion on -j worker threads (each job owns its data).
   5. Serially, in project order: messages, texture names (one namespace
      for the CD), serialising, staging what differs from the folder. The
      order of this step alone decides names and bytes: any -j gives the
      same CD.
   6. Nothing is written when an entry failed; else one commit, then the
      files the build no longer makes are removed, then the level budgets. */
#include "run_internal.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/path_tidy.h"
#include "retromesh/fileio.h"
#include "retromesh/level.h"
#include "retromesh/output.h"
#include "retromesh/retromesh.h"

void rm_build_options_default(rm_build_options *opt)
{
    memset(opt, 0, sizeof *opt);
    rm_budget_options_default(&opt->budget);
}

/* ---- small lists ------------------------------------------------------ */

typedef struct file_list {
    rm_build_file *v;
    size_t n, cap;
} file_list;

static bool files_add(file_list *l, const char *name, const rm_build_hash *h)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcasecmp(l->v[i].name, name) == 0)
            return true;
    if (!rm_grow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v))
        return false;
    rm_build_file *f = &l->v[l->n++];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    f->hash = *h;
    return true;
}

static const rm_build_file *files_find(const file_list *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcasecmp(l->v[i].name, name) == 0)
            return &l->v[i];
    return NULL;
}

static int cmp_file(const void *a, const void *b)
{
    return strcmp(((const rm_build_file *)a)->name, ((const rm_build_file *)b)->name);
}

static int cmp_input(const void *a, const void *b)
{
    return strcmp(((const rm_build_input *)a)->path, ((const rm_build_input *)b)->path);
}

/* ---- state of one entry ------------------------------------------------- */

typedef struct entry_state {
    const rm_build_entry *e;
    bool stale;
    const rm_build_record *old;     /* in the old manifest, NULL: none */
    rm_build_hash stamp;
    size_t job;                     /* models: its job; (size_t)-1: none */
    size_t *uses;                   /* levels: the far jobs it names, each once, in order */
    size_t use_count;
    rm_level_far_request *req;      /* levels: the far requests */
    size_t req_count;
    size_t *req_job;                /* the far job of each request */
    file_list outputs;              /* the new record's outputs */
    rm_build_input *inputs;
    size_t input_count, input_cap;
    bool failed;
} entry_state;

static void stamp_of(const rm_build_project *p, const rm_build_entry *e, rm_build_hash *out)
{
    /* the options, the name and the tool; a level also depends on the
       options of the models its far models are made from */
    size_t len = 64 + strlen(e->name) + (e->options_json ? strlen(e->options_json) : 0);
    if (e->kind == RM_BUILD_LEVEL)
        for (size_t i = 0; i < p->entry_count; i++)
            if (p->entries[i].kind == RM_BUILD_MODEL)
                len += 32 + (p->entries[i].options_json ? strlen(p->entries[i].options_json) : 0);
    char *s = malloc(len);
    if (!s) {
        memset(out, 0, sizeof *out);
        return;
    }
    size_t at = (size_t)snprintf(s, len, "retromesh %s\n%s\n%s\n%s\n", RETROMESH_VERSION_STRING,
                                 e->kind == RM_BUILD_MODEL ? "model" : "level", e->name,
                                 e->options_json ? e->options_json : "");
    if (e->kind == RM_BUILD_LEVEL)
        for (size_t i = 0; i < p->entry_count && at < len; i++)
            if (p->entries[i].kind == RM_BUILD_MODEL)
                at += (size_t)snprintf(s + at, len - at, "%s %s\n", p->entries[i].name,
                                       p->entries[i].options_json ? p->entries[i].options_json : "");
    rm_build_hash_bytes(s, at < len ? at : len, out);
    free(s);
}

/* The folder's file `name` has this hash. */
static bool folder_has(const char *cd, const char *name, const rm_build_hash *h)
{
    char *path = rm_path_join(cd, name);
    if (!path)
        return false;
    rm_diag quiet;
    rm_diag_init(&quiet);
    rm_build_hash got;
    struct stat sb;
    bool same = stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
                rm_build_hash_file(path, &got, &quiet) == RM_OK && rm_build_hash_equal(&got, h);
    rm_diag_free(&quiet);
    free(path);
    return same;
}

static bool up_to_date(const char *cd, const entry_state *s)
{
    const rm_build_record *r = s->old;
    if (!r || !rm_build_hash_equal(&r->stamp, &s->stamp))
        return false;
    for (size_t i = 0; i < r->input_count; i++) {
        rm_diag quiet;
        rm_diag_init(&quiet);
        rm_build_hash h;
        bool same = rm_build_hash_file(r->inputs[i].path, &h, &quiet) == RM_OK &&
                    rm_build_hash_equal(&h, &r->inputs[i].hash);
        rm_diag_free(&quiet);
        if (!same)
            return false;
    }
    for (size_t i = 0; i < r->output_count; i++)
        if (!folder_has(cd, r->outputs[i].name, &r->outputs[i].hash))
            return false;
    return true;
}

static bool add_inputs(entry_state *s, char *const *paths, size_t n, rm_diag *diag)
{
    for (size_t i = 0; i < n; i++) {
        bool dup = false;
        for (size_t k = 0; k < s->input_count && !dup; k++)
            dup = strcmp(s->inputs[k].path, paths[i]) == 0;
        if (dup)
            continue;
        if (!rm_grow((void **)&s->inputs, &s->input_cap, s->input_count + 1, sizeof *s->inputs))
            return false;
        rm_build_input *in = &s->inputs[s->input_count];
        in->path = rm_strdup(paths[i]);
        if (!in->path)
            return false;
        s->input_count++;
        if (rm_build_hash_file(paths[i], &in->hash, diag) != RM_OK)
            s->failed = true;
    }
    return true;
}

/* A job's messages into the build's, as they were (the place's length and
   the flags the printer groups by kept). */
static void merge_diag(rm_diag *to, const rm_diag *from)
{
    for (size_t m = 0; m < from->count; m++) {
        size_t before = to->count;
        rm_diag_add(to, from->items[m].severity, "%s", from->items[m].text);
        if (to->count == before + 1) {
            to->items[before].flags = from->items[m].flags;
            to->items[before].where_len = from->items[m].where_len;
        }
    }
}

/* ---- the worker pool ---------------------------------------------------- */

typedef struct pool {
    rm_build_job *jobs;
    size_t count, next, done;
    pthread_mutex_t lock;
    pthread_cond_t finished;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t i = p->next < p->count ? p->next++ : p->count;
        pthread_mutex_unlock(&p->lock);
        if (i == p->count)
            return NULL;
        rm_build_job_run(&p->jobs[i]);
        pthread_mutex_lock(&p->lock);
        p->done++;
        pthread_cond_signal(&p->finished);
        pthread_mutex_unlock(&p->lock);
    }
}

static void run_jobs(rm_build_job *jobs, size_t count, const rm_build_options *opt)
{
    if (count == 0)
        return;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    size_t n = opt->jobs ? opt->jobs : cores > 0 ? (size_t)cores : 1;
    if (n > count)
        n = count;
    if (n > 256)
        n = 256;
    for (size_t i = 0; i < count; i++)
        jobs[i].threads = n > 1 ? 1 : 0;
    pool p = {jobs, count, 0, 0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
    pthread_t th[256];
    size_t started = 0;
    for (size_t i = 1; i < n; i++)      /* the calling thread waits and reports */
        if (pthread_create(&th[started], NULL, worker, &p) == 0)
            started++;
    if (started == 0) {
        worker(&p);                     /* no thread: all here, in order */
        if (opt->progress)
            opt->progress(opt->progress_ctx, count, count, "");
    } else {
        size_t seen = 0;
        pthread_mutex_lock(&p.lock);
        while (p.done < count) {
            pthread_cond_wait(&p.finished, &p.lock);
            if (opt->progress && p.done != seen) {
                seen = p.done;
                size_t d = p.done;
                pthread_mutex_unlock(&p.lock);
                opt->progress(opt->progress_ctx, d, count, "");
                pthread_mutex_lock(&p.lock);
            }
        }
        pthread_mutex_unlock(&p.lock);
    }
    for (size_t i = 0; i < started; i++)
        pthread_join(th[i], NULL);
}

/* ---- the folder --------------------------------------------------------- */

/* The regular files of the folder (none when it does not exist). */
static char **list_folder(const char *cd, size_t *count)
{
    *count = 0;
    DIR *d = opendir(cd);
    if (!d)
        return NULL;
    char **v = NULL;
    size_t cap = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        if (de->d_name[0] == '.')
            continue;   /* ., .., the output set's temporary files */
        char *path = rm_path_join(cd, de->d_name);
        struct stat sb;
        bool reg = path && stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
        free(path);
        if (!reg || !rm_grow((void **)&v, &cap, *count + 1, sizeof *v))
            continue;
        v[*count] = rm_strdup(de->d_name);
        if (v[*count])
            (*count)++;
    }
    closedir(d);
    return v;
}

static const rm_build_entry *model_named(const rm_build_project *p, const char *name)
{
    for (size_t i = 0; i < p->entry_count; i++)
        if (p->entries[i].kind == RM_BUILD_MODEL && strcasecmp(p->entries[i].name, name) == 0)
            return &p->entries[i];
    return NULL;
}

/* NAME_F.JOM from NAME.JOM (the 2nd far model of one model: NAM_F2.JOM...). */
static void far_name(const char *model, unsigned nth, char out[16])
{
    char base[9];
    size_t n = strcspn(model, ".");
    size_t keep = nth == 0 ? 6 : 5;
    if (n > keep)
        n = keep;
    memcpy(base, model, n);
    base[n] = 0;
    if (nth == 0)
        snprintf(out, 16, "%s_F.JOM", base);
    else
        snprintf(out, 16, "%s_F%u.JOM", base, nth < 9 ? nth + 1 : 9);
}

static bool same_far(const rm_level_far *a, const rm_level_far *b)
{
    return a->max_polygons == b->max_polygons && a->max_points == b->max_points &&
           a->max_error == b->max_error && a->max_error_is_share == b->max_error_is_share;
}

/* ---- the run ------------------------------------------------------------ */

typedef struct run {
    const rm_build_project *p;
    const rm_build_options *opt;
    const char *cd;
    rm_build_manifest old;
    char **folder;
    size_t folder_count;
    entry_state *st;
    rm_build_job *jobs;
    size_t job_count, job_cap;
    size_t far_base;                /* the first far job (after the models') */
    rm_diag *diag;
} run;

static size_t new_job(run *r, const rm_build_entry *e, const rm_level_far *far, const char *name)
{
    if (!rm_grow((void **)&r->jobs, &r->job_cap, r->job_count + 1, sizeof *r->jobs))
        return (size_t)-1;
    rm_build_job *j = &r->jobs[r->job_count];
    memset(j, 0, sizeof *j);
    j->entry = e;
    if (far)
        j->far = *far;
    snprintf(j->name, sizeof j->name, "%s", name);
    rm_diag_init(&j->diag);
    rm_convert_result_init(&j->res);
    rm_jom_init(&j->jom);
    return r->job_count++;
}

/* A stale level's far requests become jobs (shared by requests asking the
   same model with the same limits). */
static rm_status plan_level(run *r, entry_state *s)
{
    const rm_build_entry *e = s->e;
    uint8_t *text = NULL;
    size_t len = 0;
    rm_status st = rm_file_read(e->source, &text, &len, r->diag);
    if (st != RM_OK)
        return st;
    st = rm_level_far_requests((const char *)text, len, e->source, e->far.set ? &e->far : NULL, &s->req,
                               &s->req_count, r->diag);
    free(text);
    if (st != RM_OK)
        return st;
    s->req_job = calloc(s->req_count ? s->req_count : 1, sizeof *s->req_job);
    if (!s->req_job)
        return RM_NOMEM;
    s->uses = calloc(s->req_count ? s->req_count : 1, sizeof *s->uses);
    if (!s->uses)
        return RM_NOMEM;
    for (size_t i = 0; i < s->req_count; i++) {
        const rm_level_far_request *q = &s->req[i];
        const rm_build_entry *m = model_named(r->p, q->model);
        if (!m) {
            rm_diag_at(r->diag, RM_ERROR, e->source, q->line, q->col,
                       "entity %zu%s%s%s: its model %s is not a model of the project: a far model is "
                       "made from a model entry's source",
                       q->entity, q->entity_name ? " '" : "", q->entity_name ? q->entity_name : "",
                       q->entity_name ? "'" : "", q->model);
            st = RM_INVALID;
            continue;
        }
        size_t found = (size_t)-1;
        unsigned nth = 0;
        for (size_t k = r->far_base; k < r->job_count; k++)
            if (r->jobs[k].entry == m) {
                if (same_far(&r->jobs[k].far, &q->far))
                    found = k;
                nth++;
            }
        if (found == (size_t)-1) {
            if (nth >= 9) {
                rm_diag_at(r->diag, RM_ERROR, e->source, q->line, q->col,
                           "more than 9 far models of %s: give its entities fewer different \"far\" limits",
                           m->name);
                st = RM_INVALID;
                continue;
            }
            char name[16];
            far_name(m->name, nth, name);
            for (size_t k = 0; k < r->p->entry_count; k++)
                if (strcasecmp(r->p->entries[k].name, name) == 0) {
                    rm_diag_at(r->diag, RM_ERROR, e->source, q->line, q->col,
                               "the far model of %s would be %s, the name of %s: give that entry "
                               "another \"name\"", m->name, name, r->p->entries[k].pointer);
                    st = RM_INVALID;
                }
            found = new_job(r, m, &q->far, name);
            if (found == (size_t)-1)
                return RM_NOMEM;
        }
        s->req_job[i] = found;
        bool seen = false;
        for (size_t k = 0; k < s->use_count && !seen; k++)
            seen = s->uses[k] == found;
        if (!seen)
            s->uses[s->use_count++] = found;
    }
    return st;
}

/* ---- naming and staging ------------------------------------------------- */

typedef struct stage {
    rm_output_set *set;
    file_list written;      /* staged (new bytes) */
    file_list all;          /* every output of this build, for the manifest and removal */
} stage;

/* Stages `bytes` as CD/name unless the folder has them already. */
static rm_status stage_file(run *r, stage *g, entry_state *s, const char *name, const void *bytes,
                            size_t size)
{
    rm_build_hash h;
    rm_build_hash_bytes(bytes, size, &h);
    if (!files_add(&s->outputs, name, &h))
        return RM_NOMEM;
    if (files_find(&g->all, name))
        return RM_OK;               /* a texture two models share: once */
    if (!files_add(&g->all, name, &h))
        return RM_NOMEM;
    if (folder_has(r->cd, name, &h))
        return RM_OK;
    bool users = !rm_build_manifest_owns(&r->old, name);
    for (size_t i = 0; users && i < r->folder_count; i++)
        if (strcasecmp(r->folder[i], name) == 0) {
            /* the namespace keeps textures off users' files: this is an entry's own name */
            rm_diag_add(r->diag, RM_ERROR,
                        "%s/%s: error: exists and is not the build's: remove it or give the %s "
                        "another name (\"name\" in %s)",
                        r->cd, r->folder[i], s->e->kind == RM_BUILD_MODEL ? "model" : "level",
                        s->e->pointer);
            return RM_INVALID;
        }
    char *path = rm_path_join(r->cd, name);
    if (!path)
        return RM_NOMEM;
    rm_status st = rm_output_add(g->set, path, bytes, size, r->diag);
    free(path);
    if (st == RM_OK && !files_add(&g->written, name, &h))
        st = RM_NOMEM;
    return st;
}

/* Each .BIN texture of a job asks the namespace for its name. */
static rm_status request_textures(rm_build_names *names, rm_build_job *j, size_t *ids)
{
    for (size_t t = 0; t < j->res.texture_count; t++) {
        const rm_convert_texture *tx = &j->res.textures[t];
        ids[t] = (size_t)-1;
        if (!tx->bin)
            continue;
        rm_build_hash h;
        rm_build_hash_bytes(tx->bin, tx->bin_size, &h);
        ids[t] = rm_build_names_request(names, tx->name, &h);
        if (ids[t] == (size_t)-1)
            return RM_NOMEM;
    }
    return RM_OK;
}

/* The job's textures under their CD names, in the result and the TEXT,
   then the .BIN files and the JOM staged (textures first). */
static rm_status stage_job(run *r, stage *g, entry_state *s, rm_build_job *j, rm_build_names *names,
                           const size_t *ids)
{
    for (size_t t = 0; t < j->res.texture_count; t++) {
        rm_convert_texture *tx = &j->res.textures[t];
        if (ids[t] == (size_t)-1)
            continue;
        const char *name = rm_build_names_get(names, ids[t]);
        if (!name)
            return RM_NOMEM;
        if (t < j->jom.texture_count && strcmp(j->jom.textures[t], tx->name) == 0)
            snprintf(j->jom.textures[t], sizeof j->jom.textures[t], "%s", name);
        snprintf(tx->name, sizeof tx->name, "%s", name);
    }
    rm_status st = RM_OK;
    for (size_t t = 0; st == RM_OK && t < j->res.texture_count; t++)
        if (j->res.textures[t].bin)
            st = stage_file(r, g, s, j->res.textures[t].name, j->res.textures[t].bin,
                            j->res.textures[t].bin_size);
    uint8_t *bytes = NULL;
    size_t size = 0;
    if (st == RM_OK)
        st = rm_jom_write(&j->jom, &bytes, &size, r->diag);
    if (st == RM_OK)
        st = stage_file(r, g, s, j->name, bytes, size);
    free(bytes);
    return st;
}

static rm_status build_level(run *r, stage *g, entry_state *s)
{
    const rm_build_entry *e = s->e;
    uint8_t *text = NULL, *bytes = NULL;
    size_t len = 0, size = 0;
    rm_status st = rm_file_read(e->source, &text, &len, r->diag);
    if (st != RM_OK)
        return st;
    rm_level_far_assign *as = calloc(s->req_count ? s->req_count : 1, sizeof *as);
    if (!as) {
        free(text);
        return RM_NOMEM;
    }
    for (size_t i = 0; i < s->req_count; i++) {
        as[i].entity = s->req[i].entity;
        as[i].far_model = r->jobs[s->req_job[i]].name;
        as[i].has_distance = s->req[i].far.has_distance;
        as[i].distance = s->req[i].far.distance;
    }
    rm_level_json_options o = {as, s->req_count};
    st = rm_level_build_json_ex((const char *)text, len, e->source, &o, &bytes, &size, r->diag);
    if (st == RM_OK)
        st = stage_file(r, g, s, e->name, bytes, size);
    free(bytes);
    free(as);
    free(text);
    return st;
}

/* The new manifest: built entries' new records, unchanged ones' old. */
static rm_status new_manifest(run *r, rm_build_manifest *m)
{
    rm_build_manifest_init(m);
    m->records = calloc(r->p->entry_count ? r->p->entry_count : 1, sizeof *m->records);
    if (!m->records)
        return RM_NOMEM;
    for (size_t i = 0; i < r->p->entry_count; i++) {
        entry_state *s = &r->st[i];
        rm_build_record *d = &m->records[m->record_count++];
        d->kind = s->e->kind;
        snprintf(d->name, sizeof d->name, "%s", s->e->name);
        d->stamp = s->stamp;
        const rm_build_input *in = s->stale ? s->inputs : s->old->inputs;
        size_t nin = s->stale ? s->input_count : s->old->input_count;
        const rm_build_file *out = s->stale ? s->outputs.v : s->old->outputs;
        size_t nout = s->stale ? s->outputs.n : s->old->output_count;
        d->inputs = calloc(nin ? nin : 1, sizeof *d->inputs);
        d->outputs = calloc(nout ? nout : 1, sizeof *d->outputs);
        if (!d->inputs || !d->outputs)
            return RM_NOMEM;
        for (size_t k = 0; k < nin; k++) {
            d->inputs[k].path = rm_strdup(in[k].path);
            d->inputs[k].hash = in[k].hash;
            if (!d->inputs[k].path)
                return RM_NOMEM;
            d->input_count++;
        }
        if (nout)
            memcpy(d->outputs, out, nout * sizeof *out);
        d->output_count = nout;
        if (d->input_count > 1)
            qsort(d->inputs, d->input_count, sizeof *d->inputs, cmp_input);
        if (d->output_count > 1)
            qsort(d->outputs, d->output_count, sizeof *d->outputs, cmp_file);
    }
    return RM_OK;
}

/* ---- rm_build_run --------------------------------------------------------- */

static void report_entry(rm_build_entry_report *er, const entry_state *s, const run *r)
{
    er->kind = s->e->kind;
    snprintf(er->name, sizeof er->name, "%s", s->e->name);
    er->state = s->failed ? RM_BUILD_FAILED : s->stale ? RM_BUILD_BUILT : RM_BUILD_UNCHANGED;
    if (s->e->kind == RM_BUILD_MODEL && s->job != (size_t)-1) {
        const rm_build_job *j = &r->jobs[s->job];
        er->budget = j->res.budget;
        er->simplify = j->res.simplify;
        er->textures = calloc(j->jom.texture_count ? j->jom.texture_count : 1, sizeof *er->textures);
        if (er->textures)
            for (size_t t = 0; t < j->jom.texture_count; t++)
                snprintf(er->textures[er->texture_count++], 16, "%s", j->jom.textures[t]);
    }
    if (s->e->kind == RM_BUILD_LEVEL && s->use_count) {
        er->far_models = calloc(s->use_count, sizeof *er->far_models);
        if (er->far_models)
            for (size_t k = 0; k < s->use_count; k++)
                snprintf(er->far_models[er->far_count++], 16, "%s", r->jobs[s->uses[k]].name);
    }
}

static rm_status run_all(run *r, rm_build_report *rep)
{
    const rm_build_project *p = r->p;
    rm_status st = rm_build_manifest_read(r->cd, &r->old, r->diag);
    if (st != RM_OK)
        return st;
    r->folder = list_folder(r->cd, &r->folder_count);
    r->st = calloc(p->entry_count ? p->entry_count : 1, sizeof *r->st);
    if (!r->st)
        return RM_NOMEM;
    /* 2. up to date? 3. the jobs */
    for (size_t i = 0; i < p->entry_count; i++) {
        entry_state *s = &r->st[i];
        s->e = &p->entries[i];
        s->job = (size_t)-1;
        s->old = rm_build_manifest_find(&r->old, s->e->kind, s->e->name);
        stamp_of(p, s->e, &s->stamp);
        s->stale = r->opt->force || !up_to_date(r->cd, s);
        if (s->stale && s->e->kind == RM_BUILD_MODEL) {
            s->job = new_job(r, s->e, NULL, s->e->name);
            if (s->job == (size_t)-1)
                return RM_NOMEM;
        }
    }
    r->far_base = r->job_count;
    rm_status plan = RM_OK;
    for (size_t i = 0; i < p->entry_count; i++) {
        entry_state *s = &r->st[i];
        if (s->stale && s->e->kind == RM_BUILD_LEVEL) {
            rm_status ls = plan_level(r, s);
            if (ls == RM_NOMEM)
                return ls;
            if (ls != RM_OK) {
                s->failed = true;
                plan = RM_INVALID;
            }
        }
    }
    /* 4. every conversion */
    run_jobs(r->jobs, r->job_count, r->opt);
    /* 5. serially, in project order */
    bool failed = plan != RM_OK;
    for (size_t i = 0; i < p->entry_count; i++) {
        entry_state *s = &r->st[i];
        const size_t *use = s->e->kind == RM_BUILD_MODEL ? &s->job : s->uses;
        size_t count = s->e->kind == RM_BUILD_MODEL ? (s->job != (size_t)-1) : s->use_count;
        for (size_t u = 0; u < count; u++) {
            rm_build_job *j = &r->jobs[use[u]];
            if (!j->merged)     /* a far model two levels share: its messages once */
                merge_diag(r->diag, &j->diag);
            j->merged = true;
            if (j->st != RM_OK) {
                s->failed = true;
                if (s->e->kind == RM_BUILD_LEVEL)
                    rm_diag_add(r->diag, RM_ERROR, "%s: error: its far model %s (of %s) failed",
                                s->e->source, j->name, j->entry->name);
            }
            if (!add_inputs(s, j->inputs, j->input_count, r->diag))
                return RM_NOMEM;
        }
        if (s->stale && s->e->kind == RM_BUILD_LEVEL) {
            char *src = s->e->source;
            if (!add_inputs(s, &src, 1, r->diag))
                return RM_NOMEM;
        }
        failed = failed || s->failed;
    }
    if (failed)
        return RM_INVALID;
    /* the namespace: entries' and far models' names, users' files, the old names */
    rm_build_names *names = rm_build_names_new();
    if (!names)
        return RM_NOMEM;
    st = rm_build_names_reserve(names, RM_BUILD_MANIFEST);
    for (size_t i = 0; st == RM_OK && i < p->entry_count; i++)
        st = rm_build_names_reserve(names, p->entries[i].name);
    for (size_t k = r->far_base; st == RM_OK && k < r->job_count; k++)
        st = rm_build_names_reserve(names, r->jobs[k].name);
    for (size_t i = 0; st == RM_OK && i < p->entry_count; i++)
        if (!r->st[i].stale)
            for (size_t k = 0; st == RM_OK && k < r->st[i].old->output_count; k++)
                if (!strstr(r->st[i].old->outputs[k].name, ".BIN"))
                    st = rm_build_names_reserve(names, r->st[i].old->outputs[k].name);
    for (size_t i = 0; st == RM_OK && i < r->folder_count; i++)
        if (!rm_build_manifest_owns(&r->old, r->folder[i]))
            st = rm_build_names_user_file(names, r->folder[i]);
    for (size_t i = 0; st == RM_OK && i < r->old.record_count; i++)
        for (size_t k = 0; st == RM_OK && k < r->old.records[i].output_count; k++) {
            const rm_build_file *f = &r->old.records[i].outputs[k];
            size_t n = strlen(f->name);
            if (n > 4 && strcmp(f->name + n - 4, ".BIN") == 0)
                st = rm_build_names_previous(names, f->name, &f->hash);
        }
    /* requests in project order: unchanged entries keep theirs */
    size_t **ids = calloc(r->job_count ? r->job_count : 1, sizeof *ids);
    if (!ids)
        st = RM_NOMEM;
    for (size_t i = 0; st == RM_OK && i < p->entry_count; i++) {
        entry_state *s = &r->st[i];
        if (!s->stale) {
            for (size_t k = 0; k < s->old->output_count; k++) {
                const rm_build_file *f = &s->old->outputs[k];
                size_t n = strlen(f->name);
                if (n > 4 && strcmp(f->name + n - 4, ".BIN") == 0 &&
                    rm_build_names_request(names, f->name, &f->hash) == (size_t)-1)
                    st = RM_NOMEM;
            }
            continue;
        }
        const size_t *use = s->e->kind == RM_BUILD_MODEL ? &s->job : s->uses;
        size_t count = s->e->kind == RM_BUILD_MODEL ? 1 : s->use_count;
        for (size_t u = 0; st == RM_OK && u < count; u++) {
            size_t k = use[u];
            if (ids[k])
                continue;
            rm_build_job *j = &r->jobs[k];
            ids[k] = calloc(j->res.texture_count ? j->res.texture_count : 1, sizeof *ids[k]);
            st = ids[k] ? request_textures(names, j, ids[k]) : RM_NOMEM;
        }
    }
    if (st == RM_OK)
        st = rm_build_names_resolve(names, r->diag);
    /* staging: one set for the whole build; every input is one */
    stage g = {rm_output_set_new(), {0}, {0}};
    if (!g.set && st == RM_OK)
        st = RM_NOMEM;
    for (size_t i = 0; st == RM_OK && i < p->entry_count; i++)
        for (size_t k = 0; st == RM_OK && k < r->st[i].input_count; k++)
            st = rm_output_add_input(g.set, r->st[i].inputs[k].path);
    for (size_t i = 0; st == RM_OK && i < p->entry_count; i++) {
        entry_state *s = &r->st[i];
        if (!s->stale) {
            for (size_t k = 0; st == RM_OK && k < s->old->output_count; k++)
                if (!files_add(&g.all, s->old->outputs[k].name, &s->old->outputs[k].hash))
                    st = RM_NOMEM;
            continue;
        }
        if (s->e->kind == RM_BUILD_MODEL) {
            st = stage_job(r, &g, s, &r->jobs[s->job], names, ids[s->job]);
        } else {
            for (size_t u = 0; st == RM_OK && u < s->use_count; u++)
                st = stage_job(r, &g, s, &r->jobs[s->uses[u]], names, ids[s->uses[u]]);
            if (st == RM_OK)
                st = build_level(r, &g, s);
        }
        if (st == RM_INVALID)
            s->failed = true;
    }
    for (size_t k = 0; ids && k < r->job_count; k++)
        free(ids[k]);
    free(ids);
    rm_build_names_free(names);
    /* the manifest, last, only when it says something new */
    rm_build_manifest m;
    rm_build_manifest_init(&m);
    char *text = NULL;
    size_t text_len = 0;
    if (st == RM_OK)
        st = new_manifest(r, &m);
    if (st == RM_OK)
        st = rm_build_manifest_format(&m, &text, &text_len);
    rm_build_manifest_free(&m);
    /* stale files: the old manifest's that nothing makes now */
    file_list gone = {0};
    for (size_t i = 0; st == RM_OK && i < r->old.record_count; i++)
        for (size_t k = 0; st == RM_OK && k < r->old.records[i].output_count; k++) {
            const rm_build_file *f = &r->old.records[i].outputs[k];
            if (files_find(&g.all, f->name) || files_find(&gone, f->name))
                continue;
            char *path = rm_path_join(r->cd, f->name);
            struct stat sb;
            bool there = path && stat(path, &sb) == 0;
            free(path);
            if (!there)
                continue;
            if (folder_has(r->cd, f->name, &f->hash)) {
                if (!files_add(&gone, f->name, &f->hash))
                    st = RM_NOMEM;
            } else {
                rm_diag_add(r->diag, RM_WARNING, "%s/%s: warning: the build wrote it and nothing names it "
                            "now, but it was changed since: kept", r->cd, f->name);
            }
        }
    bool manifest_changed = false;
    if (st == RM_OK) {
        rm_build_hash h;
        rm_build_hash_bytes(text, text_len, &h);
        manifest_changed = !folder_has(r->cd, RM_BUILD_MANIFEST, &h);
        if (manifest_changed && (g.written.n || gone.n || r->old.record_count || p->entry_count)) {
            char *path = rm_path_join(r->cd, RM_BUILD_MANIFEST);
            st = path ? rm_output_add(g.set, path, text, text_len, r->diag) : RM_NOMEM;
            free(path);
        }
    }
    free(text);
    if (st == RM_OK)
        st = rm_output_commit(g.set, r->diag);
    if (st == RM_OK) {
        rep->files_written = g.written.n;
        for (size_t i = 0; i < gone.n; i++) {
            char *path = rm_path_join(r->cd, gone.v[i].name);
            if (path && unlink(path) == 0)
                rep->files_removed++;
            else if (path)
                rm_diag_add(r->diag, RM_WARNING, "%s: warning: cannot remove: %s", path, strerror(errno));
            free(path);
        }
        rep->wrote_anything = g.written.n > 0 || rep->files_removed > 0 || manifest_changed;
    }
    free(gone.v);
    free(g.written.v);
    free(g.all.v);
    rm_output_set_free(g.set);
    return st;
}

rm_status rm_build_run(const rm_build_project *p, const rm_build_options *opt, rm_build_report *rep,
                       rm_diag *diag)
{
    memset(rep, 0, sizeof *rep);
    rm_build_options dflt;
    if (!opt) {
        rm_build_options_default(&dflt);
        opt = &dflt;
    }
    run r;
    memset(&r, 0, sizeof r);
    r.p = p;
    r.opt = opt;
    r.cd = opt->cd && *opt->cd ? opt->cd : p->cd;
    r.diag = diag;
    rm_build_manifest_init(&r.old);
    rep->cd = rm_strdup(r.cd);
    rm_status st = rep->cd ? run_all(&r, rep) : RM_NOMEM;
    if (st == RM_NOMEM)
        rm_diag_add(diag, RM_ERROR, "retromesh build: out of memory");
    rep->entries = calloc(p->entry_count ? p->entry_count : 1, sizeof *rep->entries);
    if (rep->entries && r.st) {
        rep->entry_count = p->entry_count;
        for (size_t i = 0; i < p->entry_count; i++) {
            if (!r.st[i].e)
                r.st[i].e = &p->entries[i];
            if (st != RM_OK && r.st[i].stale && !r.st[i].failed && st != RM_INVALID)
                r.st[i].failed = true;
            report_entry(&rep->entries[i], &r.st[i], &r);
            rm_build_state s = rep->entries[i].state;
            rep->built += s == RM_BUILD_BUILT;
            rep->unchanged += s == RM_BUILD_UNCHANGED;
            rep->failed += s == RM_BUILD_FAILED;
        }
    }
    /* every level's budget, as retromesh budget gives it */
    for (size_t i = 0; st == RM_OK && rep->entries && i < rep->entry_count; i++) {
        if (p->entries[i].kind != RM_BUILD_LEVEL)
            continue;
        char *path = rm_path_join(r.cd, p->entries[i].name);
        if (path && rm_budget_level_file(path, r.cd, &opt->budget, &rep->entries[i].level_budget, diag) ==
                        RM_OK)
            rep->entries[i].has_level_budget = true;
        free(path);
    }
    for (size_t k = 0; k < r.job_count; k++)
        rm_build_job_free(&r.jobs[k]);
    free(r.jobs);
    for (size_t i = 0; r.st && i < p->entry_count; i++) {
        entry_state *s = &r.st[i];
        rm_level_far_requests_free(s->req, s->req_count);
        free(s->req_job);
        free(s->uses);
        free(s->outputs.v);
        for (size_t k = 0; k < s->input_count; k++)
            free(s->inputs[k].path);
        free(s->inputs);
    }
    free(r.st);
    for (size_t i = 0; i < r.folder_count; i++)
        free(r.folder[i]);
    free(r.folder);
    rm_build_manifest_free(&r.old);
    return st;
}
