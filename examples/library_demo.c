/* examples/library_demo.c - libretromesh from C: convert an OBJ to a JOM
   and say what was written. Build against an installed library:
     cc library_demo.c $(pkg-config --cflags --libs retromesh) -o library_demo
     ./library_demo robot.obj ROBOT.JOM */
#include <stdio.h>

#include <retromesh/retromesh.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s IN.obj OUT.jom\n", argv[0]);
        return 2;
    }
    rm_diag diag;
    rm_diag_init(&diag);
    rm_mesh mesh;
    rm_mesh_init(&mesh);
    rm_jom_model jom;
    rm_jom_init(&jom);
    rm_convert_options opt;
    rm_convert_options_default(&opt);

    rm_status st = rm_obj_read_file(argv[1], NULL, &mesh, &diag);
    if (st == RM_OK)
        st = rm_convert_mesh_to_jom(&mesh, &opt, &jom, &diag);
    if (st == RM_OK)
        st = rm_jom_write_file(&jom, argv[2], &diag);
    rm_diag_print(&diag, stderr, 1);
    if (st == RM_OK)
        printf("%s: %u points, %u polygons, %u materials\n", argv[2], jom.point_count,
               jom.polygon_count, jom.material_count);
    rm_jom_free(&jom);
    rm_mesh_free(&mesh);
    rm_diag_free(&diag);
    return (int)st;
}
