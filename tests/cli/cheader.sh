#!/bin/sh
# retromesh convert MODEL.obj MODEL.h / --c-header / --c-name: the C header
# output (docs/cheader.md), its options and refusals with exit codes.
. "$(dirname "$0")/lib.sh"
ex=$SRC/examples
tex=$FIXTURES/textures

# 1. .h names the kind; NAME from the file name; the budget line as for a JOM.
expect_status 0 "$RETROMESH" convert "$ex/robot.obj" "$work/o/robot.h"
expect_grep "$work/o/robot.h" "static POINT robot_points[53] RETROMESH_UNUSED = {"
expect_grep "$work/o/robot.h" "static POLYGON robot_polygons[40] RETROMESH_UNUSED = {"
expect_grep "$work/o/robot.h" "static ATTR robot_attributes[40] RETROMESH_UNUSED = {"
expect_grep "$work/o/robot.h" "#ifndef RETROMESH_MODEL_ROBOT_H"
expect_grep "$work/o/robot.h" "Written by retromesh 0.1.0 (retromesh convert). Do not edit it:"
expect_grep "$work/o/robot.h" "static jo_3d_mesh robot_mesh RETROMESH_UNUSED = {"
expect_grep "$work/o/robot.h" "static inline int robot_load_textures(void)"
expect_grep "$work/err" "robot.h: budget: 0 of 255 textures"
# robot.mtl: metal (light: sort 3 | 8 = 11; Kd 0.7 0.7 0.75 -> 178 178 191 -> 22 22 23:
# 0x8000 | 23 << 10 | 22 << 5 | 22 = 0xDED6), joint (sort min 1), visor (dual, d 0.5: half transparent 235)
expect_grep "$work/o/robot.h" "{ 0, 11, 0, 232, 0xDED6, 0, 4 },  /* metal */"
expect_grep "$work/o/robot.h" "{ 0, 1, 0, 232, "
expect_grep "$work/o/robot.h" "{ 1, 3, 0, 235, "
# The same conversion twice: the same bytes, in any locale.
expect_status 0 env LC_ALL=C.UTF-8 "$RETROMESH" convert -q "$ex/robot.obj" "$work/o/again/robot.h"
cmp -s "$work/o/robot.h" "$work/o/again/robot.h" || { echo "FAIL: two runs differ" >&2; fail=1; }

# 2. A textured model: the texture inside, no .BIN beside it; the image is an input.
expect_status 0 "$RETROMESH" convert "$ex/crate.obj" "$work/tex/crate.h"
expect_grep "$work/tex/crate.h" "static const unsigned short crate_texture_0[1024] RETROMESH_UNUSED = {"
expect_grep "$work/tex/crate.h" "static jo_img crate_images[1] RETROMESH_UNUSED = {"
expect_grep "$work/tex/crate.h" "{ 32, 32, (jo_color *)crate_texture_0 },"
expect_grep "$work/tex/crate.h" "static VECTOR crate_vertex_normals[8] RETROMESH_UNUSED = {"
[ "$(ls "$work/tex")" = "crate.h" ] || { echo "FAIL: more than the header written: $(ls "$work/tex")" >&2; fail=1; }
cp "$ex/crate.obj" "$ex/crate.mtl" "$ex/crate.png" "$work/"
expect_status 2 "$RETROMESH" convert "$work/crate.obj" "$work/crate.png" --c-header
expect_grep "$work/err" "crate.png"
cmp -s "$ex/crate.png" "$work/crate.png" || { echo "FAIL: the image was written over" >&2; fail=1; }

# 3. --c-header: any output name; without OUT, IN with .h; '-' is standard output.
expect_status 0 "$RETROMESH" convert "$ex/robot.obj" "$work/any/ROBOT.DAT" --c-header
expect_grep "$work/any/ROBOT.DAT" "static POINT ROBOT_points[53]"
expect_status 0 "$RETROMESH" convert "$work/crate.obj" --c-header -q
expect_grep "$work/crate.h" "static POINT crate_points[8]"
expect_status 0 "$RETROMESH" convert "$ex/robot.obj" - --c-header -q
expect_grep "$work/out" "static POINT model_points[53]"

# 4. --c-name; JOM options apply and are named in the comment.
expect_status 0 "$RETROMESH" convert "$ex/robot.obj" "$work/n/robot.h" --c-name Ship_2 --scale 2 --merge-triangles
expect_grep "$work/n/robot.h" "static POINT Ship_2_points["
expect_grep "$work/n/robot.h" "#ifndef RETROMESH_MODEL_SHIP_2_H"
expect_grep "$work/n/robot.h" "(retromesh convert --scale 2 --merge-triangles)"
expect_status 0 "$RETROMESH" convert "$ex/colors.obj" "$work/n/colors.h"
expect_grep "$work/n/colors.h" "static inline void colors_set_gouraud(unsigned short first, unsigned short step)"
expect_grep "$work/n/colors.h" "static const unsigned short colors_gouraud["

# 5. Refused: exit 2 for usage, 1 for an invalid input; nothing written.
expect_status 2 "$RETROMESH" convert "$ex/robot.obj" "$work/bad/a.h" --c-name 9lives
expect_grep "$work/err" "--c-name takes a C identifier of 1 to 40 characters"
expect_status 2 "$RETROMESH" convert "$ex/robot.obj" "$work/bad/a.h" --c-name a --c-name b
expect_grep "$work/err" "--c-name is given twice"
expect_status 2 "$RETROMESH" convert "$ex/robot.obj" "$work/bad/a.jom" --c-name a
expect_grep "$work/err" "--c-name is for a C header output"
expect_status 2 "$RETROMESH" convert "$ex/crate.obj" "$work/bad/a.h" --texture-out "$work/bad/t"
expect_grep "$work/err" "--texture-out is for .BIN files; a C header holds its textures"
expect_status 2 "$RETROMESH" convert "$ex/robot.obj" "$work/bad/a.niff" --c-header --rebuild
expect_status 1 "$RETROMESH" convert "$tex/missing.obj" "$work/bad/missing.h"
expect_status 0 "$RETROMESH" convert "$tex/missing.obj" "$work/bad/nomap.h" --no-textures
expect_no_file "$work/bad/a.h"
expect_no_file "$work/bad/a.jom"
expect_no_file "$work/bad/missing.h"
expect_no_file "$work/bad/t"
# The output is the input.
expect_status 2 "$RETROMESH" convert "$work/crate.obj" "$work/crate.obj" --c-header
cmp -s "$ex/crate.obj" "$work/crate.obj" || { echo "FAIL: the input was written over" >&2; fail=1; }

# 6. Help, man page and completion know the options.
expect_status 0 "$RETROMESH" convert --help
expect_grep "$work/out" "--c-header"
expect_grep "$work/out" "--c-name NAME"
expect_grep "$SRC/docs/retromesh.1" "c\\-header"
expect_grep "$SRC/completion/retromesh.bash" "--c-header"
expect_grep "$SRC/docs/cli.md" "--c-header"
finish
