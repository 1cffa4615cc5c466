/* tests/engine_double/host_math.c - the host runtime's side of the SGL
   math test: runs the operations of `selftest math` (engine/test/
   selftest.c) with retromesh's rm_3d_* functions (src/runtime/math.c) and
   prints the results in the same format, so that the script compares the
   two outputs line by line.

   host_math OP...   I, T x y z, X a, Y a, Z a, P x y z, M, S, L, U, H, O, C a
   host_math sweep STEP */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/model.h"

#define MAX_NEST 20

static rm_3d_matrix stack[MAX_NEST + 1];
static int depth;

static void print_matrix(void)
{
    printf("M");
    for (int i = 0; i < 4; i++)
        printf(" %ld %ld %ld", (long)stack[depth][i][0], (long)stack[depth][i][1], (long)stack[depth][i][2]);
    printf("\n");
}

/* slMultiMatrix(a): a applied first, then the current matrix: each row of
   a's 3x3 part turned by the current one, a's translation moved by it. */
static void multiply(rm_3d_matrix cur, const rm_fixed (*a)[3])
{
    rm_3d_matrix out;
    for (int i = 0; i < 3; i++) {
        rm_vec3x r = rm_3d_rotate_vector((const rm_fixed (*)[3])cur, (rm_vec3x){a[i][0], a[i][1], a[i][2]});
        out[i][0] = r.x;
        out[i][1] = r.y;
        out[i][2] = r.z;
    }
    rm_vec3x t = rm_3d_transform_point((const rm_fixed (*)[3])cur, (rm_vec3x){a[3][0], a[3][1], a[3][2]});
    out[3][0] = t.x;
    out[3][1] = t.y;
    out[3][2] = t.z;
    memcpy(cur, out, sizeof out);
}

int main(int argc, char **argv)
{
    static rm_3d_matrix saved;
    if (argc == 3 && strcmp(argv[1], "sweep") == 0) {
        int step = atoi(argv[2]);
        if (step <= 0)
            return 1;
        for (int a = 0; a < 65536; a += step)
            printf("C %d %ld %ld\n", a, (long)rm_3d_sin(a), (long)rm_3d_cos(a));
        return 0;
    }
    rm_3d_matrix_identity(stack[0]);
    int i = 1;
    while (i < argc) {
        const char *op = argv[i++];
        int need = (op[0] == 'T' || op[0] == 'P') ? 3 : strchr("XYZC", op[0]) && op[0] ? 1 : 0;
        int v[3] = {0, 0, 0};
        if (i + need > argc) {
            fprintf(stderr, "host_math: %s needs %d numbers\n", op, need);
            return 1;
        }
        for (int k = 0; k < need; k++)
            v[k] = atoi(argv[i++]);
        switch (op[0]) {
        case 'I': rm_3d_matrix_identity(stack[depth]); break;
        case 'T': rm_3d_matrix_translate(stack[depth], (rm_vec3x){v[0], v[1], v[2]}); break;
        case 'X': rm_3d_matrix_rotate_x(stack[depth], v[0]); break;
        case 'Y': rm_3d_matrix_rotate_y(stack[depth], v[0]); break;
        case 'Z': rm_3d_matrix_rotate_z(stack[depth], v[0]); break;
        case 'P': {
            rm_vec3x p = rm_3d_transform_point((const rm_fixed (*)[3])stack[depth], (rm_vec3x){v[0], v[1], v[2]});
            printf("P %ld %ld %ld\n", (long)p.x, (long)p.y, (long)p.z);
            break;
        }
        case 'M': print_matrix(); break;
        case 'S': memcpy(saved, stack[depth], sizeof saved); break;
        case 'L': memcpy(stack[depth], saved, sizeof saved); break;
        case 'U': multiply(stack[depth], (const rm_fixed (*)[3])saved); break;
        case 'H':
            if (depth < MAX_NEST) {
                memcpy(stack[depth + 1], stack[depth], sizeof stack[0]);
                depth++;
                printf("H 1\n");
            } else {
                printf("H 0\n");
            }
            break;
        case 'O':
            printf("O %d\n", depth > 0 ? 1 : 0);
            if (depth > 0)
                depth--;
            break;
        case 'C': printf("C %d %ld %ld\n", v[0], (long)rm_3d_sin(v[0]), (long)rm_3d_cos(v[0])); break;
        default:
            fprintf(stderr, "host_math: unknown operation %s\n", op);
            return 1;
        }
    }
    return 0;
}
