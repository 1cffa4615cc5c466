/* src/build/project.c - the project file (retromesh.json) and the project
   of `convert A B ... --out-dir CD`.

     {"cd": "cd", "models": [{"source": "art/robot.glb"}, ...],
      "levels": [{"source": "levels/island.json", "far": {"max_polygons": 150}}]}

   Every problem is reported, not the first: each entry is read whole, and
   the names are compared once all are known. Paths are resolved against
   the project file's folder; an absolute path is kept. A lowercase "name"
   is taken and uppercased (the CD's names are uppercase). */
#include "build_internal.h"

#include "retromesh/fileio.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

void rm_build_default_name(const char *source, const char *ext, char out[16])
{
    const char *base = source ? source : "";
    for (const char *p = base; *p; p++)
        if (*p == '/' || *p == '\\')
            base = p + 1;
    const char *end = strrchr(base, '.');
    if (!end || end == base)
        end = base + strlen(base);
    char stem[9];
    size_t n = 0;
    for (const char *p = base; p < end && n < 8; p++) {
        char ch = *p;
        if (ch >= 'a' && ch <= 'z')
            ch = (char)(ch - 'a' + 'A');
        stem[n++] = ((ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) ? ch : '_';
    }
    if (n == 0)
        stem[n++] = '_';    /* ".glb": no stem to take */
    stem[n] = 0;
    memset(out, 0, 16);
    snprintf(out, 16, "%s%.4s", stem, ext ? ext : "");
}

void rm_build_project_free(rm_build_project *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->entry_count; i++)
        rm_build_entry_free(&p->entries[i]);
    free(p->entries);
    free(p->file);
    free(p->dir);
    free(p->cd);
    memset(p, 0, sizeof *p);
}

/* The folder part of a path ("." when none). */
static char *dir_of(const char *file)
{
    const char *slash = strrchr(file, '/');
    if (!slash)
        return strdup(".");
    if (slash == file)
        return strdup("/");
    size_t n = (size_t)(slash - file);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, file, n);
        d[n] = 0;
    }
    return d;
}

/* Two entries with one name (compared without case: the CD's rule). */
static void check_names(rm_build_pctx *c, const rm_build_entry *es, size_t n, const bool *dflt)
{
    for (size_t i = 0; i < n; i++) {
        if (!es[i].name[0])
            continue;
        for (size_t j = 0; j < i; j++) {
            if (strcasecmp(es[i].name, es[j].name) != 0)
                continue;
            char ptr[64];
            snprintf(ptr, sizeof ptr, "%s%s", es[i].pointer, dflt[i] ? "" : "/name");
            if (dflt[i])
                rm_build_perr(c, ptr, "its name %s (made from its source) is also the name of %s: give it a \"name\"",
                              es[i].name, es[j].pointer);
            else
                rm_build_perr(c, ptr, "%s is also the name of %s", es[i].name, es[j].pointer);
            break;
        }
    }
}

/* Fills the options text of every entry; false when out of memory. */
static bool finish_entries(rm_build_project *p)
{
    for (size_t i = 0; i < p->entry_count; i++)
        if (!(p->entries[i].options_json = rm_build_entry_options_json(&p->entries[i])))
            return false;
    return true;
}

static const char *const top_keys[] = {"cd", "models", "levels", NULL};

rm_status rm_build_project_parse(const char *text, size_t len, const char *file,
                                 rm_build_project *out, rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    const char *fname = file ? file : RM_BUILD_PROJECT_DEFAULT;
    json_error_t err;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
    if (!root) {
        rm_diag_at(diag, RM_ERROR, fname, (unsigned long)(err.line > 0 ? err.line : 1),
                   (unsigned long)(err.column > 0 ? err.column : 1), "%s", err.text);
        return RM_INVALID;
    }
    rm_status st = RM_NOMEM;
    rm_build_pctx c = {fname, NULL, diag, 0};
    bool *dflt = NULL;
    out->file = strdup(fname);
    out->dir = dir_of(fname);
    if (!out->file || !out->dir)
        goto done;
    c.dir = out->dir;
    st = RM_OK;
    if (!json_is_object(root)) {
        char shown[64];
        rm_build_json_show(root, shown, sizeof shown);
        rm_build_perr(&c, "/", "a project is an object {\"cd\", \"models\", \"levels\"}, not %s", shown);
        goto done;
    }
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v) {
        size_t k = 0;
        while (top_keys[k] && strcmp(top_keys[k], key) != 0)
            k++;
        if (!top_keys[k]) {
            char ptr[128];
            snprintf(ptr, sizeof ptr, "/%.100s", key);
            rm_build_perr(&c, ptr, "unknown key (a project has \"cd\", \"models\" and \"levels\")");
        }
    }
    json_t *cd = json_object_get(root, "cd");
    if (cd && (!json_is_string(cd) || !json_string_length(cd))) {
        char shown[64];
        rm_build_json_show(cd, shown, sizeof shown);
        rm_build_perr(&c, "/cd", "a folder name, not %s", shown);
    }
    out->cd = rm_build_resolve(out->dir, json_is_string(cd) && json_string_length(cd)
                                             ? json_string_value(cd) : "cd");
    if (!out->cd) {
        st = RM_NOMEM;
        goto done;
    }
    json_t *lists[2] = {json_object_get(root, "models"), json_object_get(root, "levels")};
    size_t total = 0;
    for (int l = 0; l < 2; l++) {
        if (lists[l] && !json_is_array(lists[l])) {
            char shown[64];
            rm_build_json_show(lists[l], shown, sizeof shown);
            rm_build_perr(&c, l ? "/levels" : "/models", "an array of entries, not %s", shown);
            lists[l] = NULL;
        }
        total += json_array_size(lists[l]);
    }
    if (total) {
        out->entries = calloc(total, sizeof *out->entries);
        dflt = calloc(total, sizeof *dflt);
        if (!out->entries || !dflt) {
            st = RM_NOMEM;
            goto done;
        }
    }
    for (int l = 0; l < 2 && st == RM_OK; l++)
        for (size_t i = 0; i < json_array_size(lists[l]) && st == RM_OK; i++) {
            size_t at = out->entry_count++;
            st = rm_build_parse_entry(&c, json_array_get(lists[l], i), l ? RM_BUILD_LEVEL : RM_BUILD_MODEL, i,
                                      &out->entries[at], &dflt[at]);
        }
    if (st == RM_OK)
        check_names(&c, out->entries, out->entry_count, dflt);
    if (st == RM_OK && !c.errors && !finish_entries(out))
        st = RM_NOMEM;
done:
    json_decref(root);
    free(dflt);
    if (st == RM_OK && c.errors)
        st = RM_INVALID;
    if (st != RM_OK)
        rm_build_project_free(out);
    return st;
}

rm_status rm_build_project_read(const char *file, rm_build_project *out, rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(file, &data, &size, diag);
    if (st != RM_OK)
        return st;
    st = rm_build_project_parse((const char *)data, size, file, out, diag);
    free(data);
    return st;
}

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* A copy of a borrowed array of names; false when out of memory. */
static bool copy_names(const char *const *in, size_t n, char ***out)
{
    *out = NULL;
    if (!n)
        return true;
    if (!(*out = calloc(n, sizeof **out)))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((*out)[i] = strdup(in[i] ? in[i] : "")))
            return false;
    return true;
}

rm_status rm_build_project_from_files(const char *const *files, size_t count,
                                      const rm_convert_options *convert,
                                      const rm_gltf_options *gltf, const char *skeleton,
                                      const char *cd, rm_build_project *out, rm_diag *diag)
{
    memset(out, 0, sizeof *out);
    rm_status st = RM_NOMEM;
    bool *dflt = NULL;
    struct stat sb;
    out->file = strdup("convert");
    out->dir = strdup(".");
    out->cd = strdup(cd ? cd : "cd");
    if (!out->file || !out->dir || !out->cd)
        goto done;
    if (count) {
        out->entries = calloc(count, sizeof *out->entries);
        dflt = calloc(count, sizeof *dflt);
        if (!out->entries || !dflt)
            goto done;
    }
    rm_build_pctx c = {"convert", ".", diag, 0};
    if (skeleton && (stat(skeleton, &sb) != 0 || S_ISDIR(sb.st_mode))) {
        rm_diag_add(diag, RM_ERROR, "%s: no such file", skeleton);
        c.errors++;
    }
    for (size_t i = 0; i < count; i++) {
        rm_build_entry *e = &out->entries[out->entry_count++];
        e->kind = RM_BUILD_MODEL;
        e->index = i;
        snprintf(e->pointer, sizeof e->pointer, "/models/%zu", i);
        if (convert)
            e->convert = *convert;
        else
            rm_convert_options_default(&e->convert);
        if (gltf)
            e->gltf = *gltf;
        else
            rm_gltf_options_default(&e->gltf);
        e->convert.skeleton = NULL;
        e->source = strdup(files[i]);
        e->skeleton = dup_or_null(skeleton);
        e->texture_dir = dup_or_null(e->convert.texture_dir);
        if (!e->source || (skeleton && !e->skeleton) || (e->convert.texture_dir && !e->texture_dir) ||
            !copy_names(e->gltf.loop, e->gltf.loop_count, &e->loop) ||
            !copy_names(e->gltf.once, e->gltf.once_count, &e->once)) {
            /* What is allocated is freed with counts that match. */
            if (!e->loop)
                e->gltf.loop_count = 0;
            if (!e->once)
                e->gltf.once_count = 0;
            goto done;
        }
        e->convert.texture_dir = e->texture_dir;
        e->gltf.loop = (const char *const *)e->loop;
        e->gltf.once = (const char *const *)e->once;
        rm_build_default_name(files[i], ".JOM", e->name);
        dflt[i] = true;
        if (stat(files[i], &sb) != 0 || S_ISDIR(sb.st_mode)) {
            rm_diag_add(diag, RM_ERROR, "%s: no such file", files[i]);
            c.errors++;
        }
    }
    if (convert && convert->texture_dir && (stat(convert->texture_dir, &sb) != 0 || !S_ISDIR(sb.st_mode))) {
        rm_diag_add(diag, RM_ERROR, "%s: no such folder", convert->texture_dir);
        c.errors++;
    }
    st = RM_OK;
    /* Two files with one CD name: say which. */
    for (size_t i = 0; i < out->entry_count; i++)
        for (size_t j = 0; j < i; j++)
            if (strcasecmp(out->entries[i].name, out->entries[j].name) == 0) {
                rm_diag_add(diag, RM_ERROR, "%s: its CD name %s is also %s's: convert them in two calls",
                            out->entries[i].source, out->entries[i].name, out->entries[j].source);
                c.errors++;
                break;
            }
    if (!c.errors && !finish_entries(out))
        st = RM_NOMEM;
    else if (c.errors)
        st = RM_INVALID;
done:
    free(dflt);
    if (st != RM_OK)
        rm_build_project_free(out);
    return st;
}
