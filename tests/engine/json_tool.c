/* tests/engine/json_tool.c - what the engine's differential tests need of
   JSON (jansson):

   json_tool diff A.json B.json [--ignore KEY]... [--a-key KEY]
       Compares two documents: objects by their keys (any order), arrays
       element by element, numbers exactly (an integer is not equal to a
       real). --ignore KEY drops the members named KEY at any depth of both
       documents; --a-key KEY compares A's member KEY with the whole of B.
       Exit 0 equal; 1 different (the first difference on stderr, with its
       path and both values); 2 usage or a file that is not JSON.
   json_tool get FILE PATH
       Prints the value at PATH (members and indexes separated by dots:
       attributes.3.atrb, sprites.0, pose.bones.1.matrix) on one line,
       compact; exit 1 when there is none. */
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_IGNORE 16

static const char *ignored[MAX_IGNORE];
static int ignore_count;

static bool is_ignored(const char *key)
{
    for (int i = 0; i < ignore_count; i++)
        if (!strcmp(ignored[i], key))
            return true;
    return false;
}

static void show(const char *label, const json_t *v)
{
    char *text = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER) : NULL;
    const char *t = text ? text : "(absent)";
    if (strlen(t) > 400)
        fprintf(stderr, "  %s: %.400s...\n", label, t);
    else
        fprintf(stderr, "  %s: %s\n", label, t);
    free(text);
}

static bool differ(const char *path, const json_t *a, const json_t *b)
{
    fprintf(stderr, "json_tool: different at %s\n", *path ? path : "(top)");
    show("a", a);
    show("b", b);
    return false;
}

static bool same(const json_t *a, const json_t *b, const char *path)
{
    char sub[1024];
    if (json_typeof(a) != json_typeof(b))
        return differ(path, a, b);
    if (json_is_object(a)) {
        const char *key;
        json_t *va;
        json_object_foreach((json_t *)a, key, va) {
            if (is_ignored(key))
                continue;
            snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", key);
            json_t *vb = json_object_get(b, key);
            if (!vb)
                return differ(sub, va, NULL);
            if (!same(va, vb, sub))
                return false;
        }
        json_t *vb;
        json_object_foreach((json_t *)b, key, vb) {
            if (is_ignored(key) || json_object_get(a, key))
                continue;
            snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", key);
            return differ(sub, NULL, vb);
        }
        return true;
    }
    if (json_is_array(a)) {
        size_t na = json_array_size(a), nb = json_array_size(b);
        size_t n = na < nb ? na : nb;
        for (size_t i = 0; i < n; i++) {
            snprintf(sub, sizeof sub, "%s%s%zu", path, *path ? "." : "", i);
            if (!same(json_array_get(a, i), json_array_get(b, i), sub))
                return false;
        }
        if (na != nb) {
            snprintf(sub, sizeof sub, "%s%s%zu", path, *path ? "." : "", n);
            fprintf(stderr, "json_tool: %s: %zu elements against %zu\n", *path ? path : "(top)", na, nb);
            return differ(sub, na > n ? json_array_get(a, n) : NULL, nb > n ? json_array_get(b, n) : NULL);
        }
        return true;
    }
    if (!json_equal((json_t *)a, (json_t *)b))
        return differ(path, a, b);
    return true;
}

static json_t *load(const char *file)
{
    json_error_t err;
    json_t *v = json_load_file(file, JSON_DECODE_ANY, &err);
    if (!v)
        fprintf(stderr, "json_tool: %s:%d:%d: %s\n", file, err.line, err.column, err.text);
    return v;
}

static int cmd_diff(int argc, char **argv)
{
    const char *files[2] = {NULL, NULL};
    const char *a_key = NULL;
    int nfiles = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--ignore") && i + 1 < argc) {
            if (ignore_count >= MAX_IGNORE)
                return 2;
            ignored[ignore_count++] = argv[++i];
        } else if (!strcmp(argv[i], "--a-key") && i + 1 < argc) {
            a_key = argv[++i];
        } else if (nfiles < 2) {
            files[nfiles++] = argv[i];
        } else {
            fprintf(stderr, "json_tool: diff takes 2 files\n");
            return 2;
        }
    }
    if (nfiles != 2) {
        fprintf(stderr, "usage: json_tool diff A.json B.json [--ignore KEY]... [--a-key KEY]\n");
        return 2;
    }
    json_t *a = load(files[0]), *b = load(files[1]);
    if (!a || !b) {
        json_decref(a);
        json_decref(b);
        return 2;
    }
    const json_t *pa = a;
    if (a_key && !(pa = json_object_get(a, a_key))) {
        fprintf(stderr, "json_tool: %s has no member '%s'\n", files[0], a_key);
        json_decref(a);
        json_decref(b);
        return 1;
    }
    bool ok = same(pa, b, "");
    json_decref(a);
    json_decref(b);
    return ok ? 0 : 1;
}

static int cmd_get(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: json_tool get FILE PATH\n");
        return 2;
    }
    json_t *root = load(argv[0]);
    if (!root)
        return 2;
    char path[1024];
    snprintf(path, sizeof path, "%s", argv[1]);
    const json_t *v = root;
    char *save = NULL;
    for (char *part = strtok_r(path, ".", &save); part && v; part = strtok_r(NULL, ".", &save)) {
        if (json_is_array(v)) {
            char *end;
            unsigned long i = strtoul(part, &end, 10);
            v = (*end || end == part) ? NULL : json_array_get(v, i);
        } else if (json_is_object(v)) {
            v = json_object_get(v, part);
        } else {
            v = NULL;
        }
    }
    if (!v) {
        fprintf(stderr, "json_tool: %s: nothing at %s\n", argv[0], argv[1]);
        json_decref(root);
        return 1;
    }
    char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    puts(text ? text : "");
    free(text);
    json_decref(root);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "diff"))
        return cmd_diff(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "get"))
        return cmd_get(argc - 2, argv + 2);
    fprintf(stderr, "usage: json_tool diff A.json B.json [--ignore KEY]... [--a-key KEY]\n"
                    "       json_tool get FILE PATH\n");
    return 2;
}
