/* tests/formats/niff/test_niff_text.c - issue 13 "under attack" on hand-made
   NIFF files: parent cycles are errors naming the Objs; a Latin-1 name
   still gives valid UTF-8 JSON; a NaN vertex is an error at its offset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/niff/niff_build.h"

static bool has_message(const rm_diag *d, const char *text)
{
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->items[i].text, text) == 0)
            return true;
    for (size_t i = 0; i < d->count; i++)
        print_message("%s\n", d->items[i].text);
    return false;
}

/* Objs with the given parents (no geometry), the roots in the scene. */
static uint8_t *objs_file(const uint32_t *parents, uint32_t n, size_t *size)
{
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "o");
    uint32_t roots[8], nr = 0;
    for (uint32_t i = 0; i < n; i++) {
        nb_obj o;
        nb_obj_defaults(b, &o);
        o.name = 0;
        o.type = RM_NIFF_OBJ_TYPE_NULL;
        o.parent = parents[i];
        nb_add_obj(b, &o);
        if (parents[i] == RM_NIFF_NOLINK)
            roots[nr++] = i;
    }
    nb_scene_objs(b, nr, roots);
    return nb_finish(b, size);
}

static void parent_cycles_are_errors(void **state)
{
    (void)state;
    /* obj 0 is its own parent; 2 -> 3 -> 1 -> 2 go round; obj 4 is a root,
       obj 5 hangs under the cycle (not itself in it). */
    static const uint32_t parents[6] = {0, 2, 3, 1, RM_NIFF_NOLINK, 1};
    size_t size;
    uint8_t *bytes = objs_file(parents, 6, &size);
    rm_niff_file f;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read(bytes, size, "t.nif", &f, &d), RM_INVALID);
    assert_int_equal(d.errors, 2);
    char want[256];
    size_t obj0 = nb_list_offset(bytes, size, RM_NIFF_LIST_OBJ);
    (void)obj0;
    /* The offsets are the Objs' own: found in the messages' shape. */
    bool self = false, cycle = false;
    for (size_t i = 0; i < d.count; i++) {
        const char *t = d.items[i].text;
        if (strstr(t, "t.nif: ObjList obj 0 at 0x") == t &&
            strstr(t, ": obj_parent_link 0: the Obj is its own parent"))
            self = true;
        snprintf(want, sizeof want, ": obj_parent_link makes a cycle of 3 Objs (obj 1 -> obj 2 -> obj 3 -> "
                                    "obj 1): an Obj cannot be its own ancestor");
        if (strstr(t, "t.nif: ObjList obj 1 at 0x") == t && strstr(t, want))
            cycle = true;
    }
    assert_true(self);
    assert_true(cycle);
    rm_diag_free(&d);
    free(bytes);

    /* A tree with no cycle stays valid. */
    static const uint32_t tree[3] = {RM_NIFF_NOLINK, 0, 1};
    bytes = objs_file(tree, 3, &size);
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read(bytes, size, "t.nif", &f, &d), RM_OK);
    assert_int_equal(d.errors, 0);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

static void latin1_name_gives_valid_json(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "caf\xe9");     /* Latin-1 é: not UTF-8 */
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.type = RM_NIFF_OBJ_TYPE_NULL;
    nb_add_obj(b, &o);
    static const uint32_t roots[1] = {0};
    nb_scene_objs(b, 1, roots);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_niff_file f;
    rm_diag d;
    rm_diag_init(&d);
    assert_int_equal(rm_niff_read(bytes, size, "t.nif", &f, &d), RM_OK);
    char *buf = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&buf, &n);
    assert_non_null(out);
    assert_int_equal(rm_niff_print_json(&f, out), RM_OK);
    fclose(out);
    json_error_t err;
    json_t *root = json_loads(buf, 0, &err);
    assert_non_null(root);
    json_t *name = json_object_get(json_array_get(json_object_get(root, "objects"), 0), "name");
    assert_string_equal(json_string_value(name), "caf\xc3\xa9");
    json_decref(root);
    free(buf);
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

static void nan_vertex_has_a_place(void **state)
{
    (void)state;
    nb_file *b = nb_new(0xff000200u);
    nb_name(b, "t");
    const float xyz[9] = {0, 0, 0, 1, NAN, 0, 0, 1, 0};
    nb_vtx_group(b, 0, 3, xyz);
    nb_color_group(b, false, 0, NULL);
    nb_color_group(b, true, 0, NULL);
    nb_nv_group(b, false, 0, NULL);
    nb_nv_group(b, true, 0, NULL);
    nb_st_group(b, 0, NULL);
    nb_tri tri;
    memset(&tri, 0, sizeof tri);
    tri.vtx[1] = 1;
    tri.vtx[2] = 2;
    static const uint32_t ref[6] = {0, 0, 0, 0, 0, 0};
    nb_tri_group(b, 0, ref, 1, &tri);
    nb_shape(b, 0, 0, RM_NIFF_NOLINK, 0, NULL);
    nb_obj o;
    nb_obj_defaults(b, &o);
    o.name = 0;
    o.shape = 0;
    nb_add_obj(b, &o);
    static const uint32_t roots[1] = {0};
    nb_scene_objs(b, 1, roots);
    size_t size;
    uint8_t *bytes = nb_finish(b, &size);
    rm_niff_file f;
    rm_diag d;
    rm_diag_init(&d);
    rm_status st = rm_niff_read(bytes, size, "t.nif", &f, &d);
    assert_int_equal(st, RM_OK);
    rm_mesh m;
    assert_int_equal(rm_niff_to_mesh_named(&f, "t.nif", &m, &d), RM_INVALID);
    /* The VtxGroup is the first element of VtxList; its y of vertex 1 is
       after its words: the offset is that float's. */
    const rm_niff_data_group *g = &f.vtx_groups[0];
    uint32_t at = g->offset + 4 * g->el->word_count + 4 * 4;
    assert_int_equal(nb_get(bytes, at), 0x7fc00000u);  /* the NaN itself */
    char want[200];
    snprintf(want, sizeof want, "t.nif: VtxList vtx group 0 at 0x%x: vtx 1: y is nan, not a finite number; "
                                "the geometry cannot be converted", at);
    assert_true(has_message(&d, want));
    rm_niff_free(&f);
    rm_diag_free(&d);
    free(bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parent_cycles_are_errors),
        cmocka_unit_test(latin1_name_gives_valid_json),
        cmocka_unit_test(nan_vertex_has_a_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
