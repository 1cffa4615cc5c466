/* src/build/manifest.c - CD/RMBUILD.JSN: what the build wrote.

     {"entries": [{"inputs": [{"hash": "...", "path": "art/robot.glb"}],
                   "kind": "model", "name": "ROBOT.JOM",
                   "outputs": [{"hash": "...", "name": "ROBOT.JOM"}],
                   "stamp": "..."}],
      "retromesh_build": 1, "tool": "retromesh 0.1.0"}

   Every value is checked when it is read: the build removes the files a
   manifest lists, so an output name must be a plain 8.3 name of the
   folder (no '/', no ".."). A manifest that is wrong is forgotten with a
   warning (nothing is removed then); a JSON file of that name that is not
   a manifest at all is the user's and is never written over. */
#include "build_internal.h"

#include "retromesh/fileio.h"
#include "retromesh/retromesh.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define MANIFEST_VERSION 1

void rm_build_manifest_init(rm_build_manifest *m)
{
    memset(m, 0, sizeof *m);
}

static void record_free(rm_build_record *r)
{
    for (size_t i = 0; i < r->input_count; i++)
        free(r->inputs[i].path);
    free(r->inputs);
    free(r->outputs);
}

void rm_build_manifest_free(rm_build_manifest *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->record_count; i++)
        record_free(&m->records[i]);
    free(m->records);
    memset(m, 0, sizeof *m);
}

static const char *kind_word(rm_build_kind k)
{
    return k == RM_BUILD_LEVEL ? "level" : "model";
}

static int cmp_record(const void *a, const void *b)
{
    const rm_build_record *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int cmp_input(const void *a, const void *b)
{
    return strcmp(((const rm_build_input *)a)->path, ((const rm_build_input *)b)->path);
}

static int cmp_file(const void *a, const void *b)
{
    return strcmp(((const rm_build_file *)a)->name, ((const rm_build_file *)b)->name);
}

/* A hash value: a string of 32 hex digits. */
static bool get_hash(json_t *obj, const char *key, rm_build_hash *out)
{
    json_t *v = json_object_get(obj, key);
    return json_is_string(v) && rm_build_hash_from_hex(json_string_value(v), out);
}

/* Only the keys in `keys` (NULL-terminated). */
static bool only_keys(json_t *obj, const char *const *keys)
{
    const char *k;
    json_t *v;
    json_object_foreach(obj, k, v) {
        size_t i = 0;
        while (keys[i] && strcmp(keys[i], k) != 0)
            i++;
        if (!keys[i])
            return false;
    }
    return true;
}

/* One entry into r; a reason in *why when it is wrong. */
static rm_status parse_record(json_t *e, rm_build_record *r, const char **why)
{
    static const char *const entry_keys[] = {"kind", "name", "stamp", "inputs", "outputs", NULL};
    static const char *const input_keys[] = {"path", "hash", NULL};
    static const char *const output_keys[] = {"name", "hash", NULL};
    memset(r, 0, sizeof *r);
    if (!json_is_object(e) || !only_keys(e, entry_keys)) {
        *why = "not an object of kind, name, stamp, inputs, outputs";
        return RM_INVALID;
    }
    const char *kind = json_string_value(json_object_get(e, "kind"));
    if (kind && strcmp(kind, "model") == 0)
        r->kind = RM_BUILD_MODEL;
    else if (kind && strcmp(kind, "level") == 0)
        r->kind = RM_BUILD_LEVEL;
    else {
        *why = "\"kind\" is not \"model\" or \"level\"";
        return RM_INVALID;
    }
    const char *name = json_string_value(json_object_get(e, "name"));
    if (!name || !rm_build_cd_name_valid(name)) {
        *why = "\"name\" is not an 8.3 CD name";
        return RM_INVALID;
    }
    memcpy(r->name, name, strlen(name) + 1);
    if (!get_hash(e, "stamp", &r->stamp)) {
        *why = "\"stamp\" is not 32 hex digits";
        return RM_INVALID;
    }
    json_t *in = json_object_get(e, "inputs"), *out = json_object_get(e, "outputs");
    if (!json_is_array(in) || !json_is_array(out)) {
        *why = "\"inputs\" or \"outputs\" is not an array";
        return RM_INVALID;
    }
    size_t ni = json_array_size(in), no = json_array_size(out);
    r->inputs = ni ? calloc(ni, sizeof *r->inputs) : NULL;
    r->outputs = no ? calloc(no, sizeof *r->outputs) : NULL;
    if ((ni && !r->inputs) || (no && !r->outputs))
        return RM_NOMEM;
    for (size_t i = 0; i < ni; i++) {
        json_t *x = json_array_get(in, i);
        const char *path = json_string_value(json_object_get(x, "path"));
        if (!json_is_object(x) || !only_keys(x, input_keys) || !path || !*path ||
            !get_hash(x, "hash", &r->inputs[i].hash)) {
            *why = "an input is not {\"path\", \"hash\"}";
            return RM_INVALID;
        }
        r->inputs[i].path = strdup(path);
        if (!r->inputs[i].path)
            return RM_NOMEM;
        r->input_count++;
    }
    for (size_t i = 0; i < no; i++) {
        json_t *x = json_array_get(out, i);
        const char *fn = json_string_value(json_object_get(x, "name"));
        if (!json_is_object(x) || !only_keys(x, output_keys) || !fn || !rm_build_cd_name_valid(fn) ||
            !get_hash(x, "hash", &r->outputs[i].hash)) {
            *why = "an output is not {\"name\": an 8.3 CD name, \"hash\"}";
            return RM_INVALID;
        }
        memcpy(r->outputs[i].name, fn, strlen(fn) + 1);
        r->output_count++;
    }
    /* (qsort of a NULL array is undefined even for 0 elements) */
    if (r->input_count > 1)
        qsort(r->inputs, r->input_count, sizeof *r->inputs, cmp_input);
    if (r->output_count > 1)
        qsort(r->outputs, r->output_count, sizeof *r->outputs, cmp_file);
    return RM_OK;
}

static void forget(rm_diag *diag, const char *name, const char *what)
{
    rm_diag_add(diag, RM_WARNING, "%s: warning: %s: the build forgets it (no file of the folder is removed)",
                name, what);
}

rm_status rm_build_manifest_parse(const char *text, size_t len, const char *name,
                                  rm_build_manifest *out, rm_diag *diag)
{
    rm_build_manifest_init(out);
    json_error_t err;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
    if (!root) {
        char what[256];
        snprintf(what, sizeof what, "line %d, column %d: %s", err.line, err.column, err.text);
        forget(diag, name, what);
        return RM_OK;
    }
    json_t *ver = json_is_object(root) ? json_object_get(root, "retromesh_build") : NULL;
    if (!ver) {
        json_decref(root);
        rm_diag_add(diag, RM_ERROR,
                    "%s: error: not a retromesh build manifest (no \"retromesh_build\"): it is not "
                    "written over; move it away or build into another folder",
                    name);
        return RM_INVALID;
    }
    json_t *entries = json_object_get(root, "entries");
    if (!json_is_integer(ver) || json_integer_value(ver) != MANIFEST_VERSION) {
        forget(diag, name, "\"retromesh_build\" is not 1 (another version's manifest)");
        json_decref(root);
        return RM_OK;
    }
    if (!json_is_array(entries)) {
        forget(diag, name, "\"entries\" is not an array");
        json_decref(root);
        return RM_OK;
    }
    size_t n = json_array_size(entries);
    rm_status st = RM_OK;
    if (n) {
        out->records = calloc(n, sizeof *out->records);
        if (!out->records) {
            json_decref(root);
            return RM_NOMEM;
        }
    }
    for (size_t i = 0; i < n && st == RM_OK; i++) {
        const char *why = NULL;
        st = parse_record(json_array_get(entries, i), &out->records[i], &why);
        out->record_count++;
        if (st == RM_INVALID) {
            char what[160];
            snprintf(what, sizeof what, "/entries/%zu: %s", i, why);
            forget(diag, name, what);
        }
    }
    /* Two records of one entry: wrong too. (One file in several records is
       a shared texture: right.) */
    if (st == RM_OK) {
        if (out->record_count > 1)
            qsort(out->records, out->record_count, sizeof *out->records, cmp_record);
        for (size_t i = 0; i + 1 < out->record_count && st == RM_OK; i++)
            if (cmp_record(&out->records[i], &out->records[i + 1]) == 0) {
                forget(diag, name, "an entry is listed twice");
                st = RM_INVALID;
            }
    }
    json_decref(root);
    if (st != RM_OK) {
        rm_build_manifest_free(out);
        return st == RM_NOMEM ? RM_NOMEM : RM_OK;
    }
    return RM_OK;
}

rm_status rm_build_manifest_read(const char *cd_dir, rm_build_manifest *out, rm_diag *diag)
{
    rm_build_manifest_init(out);
    size_t n = strlen(cd_dir) + 1 + sizeof RM_BUILD_MANIFEST;
    char *path = malloc(n);
    if (!path)
        return RM_NOMEM;
    snprintf(path, n, "%s/%s", cd_dir, RM_BUILD_MANIFEST);
    struct stat sb;
    if (stat(path, &sb) != 0) {
        free(path);
        return RM_OK;
    }
    uint8_t *data = NULL;
    size_t size = 0;
    rm_status st = rm_file_read(path, &data, &size, diag);
    if (st == RM_OK)
        st = rm_build_manifest_parse((const char *)data, size, path, out, diag);
    free(data);
    free(path);
    return st;
}

static json_t *hash_json(const rm_build_hash *h)
{
    char hex[33];
    rm_build_hash_hex(h, hex);
    return json_string(hex);
}

rm_status rm_build_manifest_format(const rm_build_manifest *m, char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    /* Sorted copies of the index orders: the text does not depend on the
       order the records were added in. */
    size_t n = m->record_count;
    const rm_build_record **order = n ? malloc(n * sizeof *order) : NULL;
    if (n && !order)
        return RM_NOMEM;
    for (size_t i = 0; i < n; i++)
        order[i] = &m->records[i];
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cmp_record(order[j - 1], order[j]) > 0; j--) {
            const rm_build_record *t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    json_t *root = json_object();
    json_t *entries = json_array();
    bool ok = root && entries;
    if (ok) {
        ok = json_object_set_new(root, "retromesh_build", json_integer(MANIFEST_VERSION)) == 0 &&
             json_object_set_new(root, "tool", json_string("retromesh " RETROMESH_VERSION_STRING)) == 0 &&
             json_object_set(root, "entries", entries) == 0;
    }
    for (size_t i = 0; ok && i < n; i++) {
        const rm_build_record *r = order[i];
        json_t *e = json_object(), *in = json_array(), *out = json_array();
        ok = e && in && out && json_array_append(entries, e) == 0;
        if (ok)
            ok = json_object_set_new(e, "kind", json_string(kind_word(r->kind))) == 0 &&
                 json_object_set_new(e, "name", json_string(r->name)) == 0 &&
                 json_object_set_new(e, "stamp", hash_json(&r->stamp)) == 0 &&
                 json_object_set(e, "inputs", in) == 0 && json_object_set(e, "outputs", out) == 0;
        /* Inputs and outputs sorted here too (a record made by hand may not be). */
        rm_build_input *is = r->input_count ? malloc(r->input_count * sizeof *is) : NULL;
        rm_build_file *os = r->output_count ? malloc(r->output_count * sizeof *os) : NULL;
        ok = ok && (!r->input_count || is) && (!r->output_count || os);
        if (ok) {
            if (r->input_count) {
                memcpy(is, r->inputs, r->input_count * sizeof *is);
                qsort(is, r->input_count, sizeof *is, cmp_input);
            }
            if (r->output_count) {
                memcpy(os, r->outputs, r->output_count * sizeof *os);
                qsort(os, r->output_count, sizeof *os, cmp_file);
            }
        }
        for (size_t j = 0; ok && j < r->input_count; j++) {
            json_t *x = json_object();
            ok = x && json_object_set_new(x, "path", json_string(is[j].path)) == 0 &&
                 json_object_set_new(x, "hash", hash_json(&is[j].hash)) == 0 &&
                 json_array_append(in, x) == 0;
            json_decref(x);
        }
        for (size_t j = 0; ok && j < r->output_count; j++) {
            json_t *x = json_object();
            ok = x && json_object_set_new(x, "name", json_string(os[j].name)) == 0 &&
                 json_object_set_new(x, "hash", hash_json(&os[j].hash)) == 0 &&
                 json_array_append(out, x) == 0;
            json_decref(x);
        }
        free(is);
        free(os);
        json_decref(e);
        json_decref(in);
        json_decref(out);
    }
    char *s = ok ? json_dumps(root, JSON_SORT_KEYS | JSON_INDENT(1)) : NULL;
    json_decref(entries);
    json_decref(root);
    free(order);
    if (!s)
        return RM_NOMEM;
    size_t l = strlen(s);
    char *t = malloc(l + 2);
    if (!t) {
        free(s);
        return RM_NOMEM;
    }
    memcpy(t, s, l);
    t[l] = '\n';
    t[l + 1] = 0;
    free(s);
    *text = t;
    *len = l + 1;
    return RM_OK;
}

const rm_build_record *rm_build_manifest_find(const rm_build_manifest *m, rm_build_kind kind,
                                              const char *name)
{
    for (size_t i = 0; i < m->record_count; i++)
        if (m->records[i].kind == kind && strcasecmp(m->records[i].name, name) == 0)
            return &m->records[i];
    return NULL;
}

bool rm_build_manifest_owns(const rm_build_manifest *m, const char *name)
{
    for (size_t i = 0; i < m->record_count; i++)
        for (size_t j = 0; j < m->records[i].output_count; j++)
            if (strcasecmp(m->records[i].outputs[j].name, name) == 0)
                return true;
    return false;
}
