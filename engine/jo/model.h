/*
** Jo Sega Saturn Engine - 3D models (.JOM files)
** The model module of retromesh, for the Jo Engine (MIT licence, as the engine).
**
** jo_engine/jo/model.h: meshes made with a 3D software and converted by
** retromesh (or Compiler/COMMON/jo_model.py): points, polygons, materials,
** textures, vertex colors, groups, and a rigid skeleton with its animations.
**
** The data of a JOM file are in the memory format of the Saturn (big endian,
** 16.16 fixed point): the points (PNTS) are SGL's POINT[] and the polygons
** (QUAD) SGL's POLYGON[], used in place; only an ATTR per polygon is built
** (see engine/README.md and docs/engine.md of retromesh for the table).
**
** Usage (the switch JO_COMPILE_WITH_3D_MODULE = 1, and model.c, model_texture.c,
** model_pose.c, module_common.c in the makefile, see engine/README.md):
**
**     jo_3d_model *robot = jo_3d_load_model("ROBOT.JOM");
**     int walk = jo_3d_model_find_animation(robot, "walk");
**     jo_3d_pose pose;
**     jo_3d_model_get_pose(robot, walk, ticks, &pose);
**     jo_3d_push_matrix();
**     jo_3d_translate_matrix(x, y, z);
**     jo_3d_model_draw_pose(robot, &pose, draw_sword, JO_NULL);
**     jo_3d_pop_matrix();
**     ...
**     jo_3d_free_model(robot);
**     jo_3d_model_free_textures_from(first_sprite_of_the_level);
*/
#ifndef __JO_3D_MODEL_H__
#define __JO_3D_MODEL_H__

#if defined(JO_COMPILE_WITH_3D_SUPPORT) && defined(JO_COMPILE_USING_SGL)

/** @brief Version of the JOM files read by this engine */
#define JO_3D_MODEL_VERSION (1)

/** @brief Material: drawn on both sides (JO_3D_DUAL_PLANE) */
#define JO_3D_MATERIAL_DUAL_PLANE (1u << 0)
/** @brief Material: sorted with the nearest point (JO_3D_SORT_MIN) */
#define JO_3D_MATERIAL_SORT_MIN (1u << 1)
/** @brief Material: sorted with the farthest point (JO_3D_SORT_MAX) */
#define JO_3D_MATERIAL_SORT_MAX (1u << 2)
/** @brief Material: sorted with the depth of the previous polygon of the model (JO_3D_SORT_PREVIOUS): a decal */
#define JO_3D_MATERIAL_SORT_PREVIOUS (JO_3D_MATERIAL_SORT_MIN | JO_3D_MATERIAL_SORT_MAX)
/** @brief Material: gouraud shading with the vertex colors ("GOUR" chunk) */
#define JO_3D_MATERIAL_GOURAUD (1u << 3)
/** @brief Material: half transparent */
#define JO_3D_MATERIAL_HALF_TRANSPARENT (1u << 4)
/** @brief Material: screen doors (mesh) */
#define JO_3D_MATERIAL_SCREEN_DOORS (1u << 5)
/** @brief Material: lit by the light of the engine (jo_3d_light()) */
#define JO_3D_MATERIAL_LIGHT (1u << 6)
/** @brief Material: texture flipped horizontally */
#define JO_3D_MATERIAL_FLIP_H (1u << 7)
/** @brief Material: texture flipped vertically */
#define JO_3D_MATERIAL_FLIP_V (1u << 8)
/** @brief Material: the texture stops each line after its last visible pixel (jo_sprite_add_end_codes()) */
#define JO_3D_MATERIAL_END_CODES (1u << 9)
/** @brief Material: smaller copies of the texture far away (jo_3d_set_texture_mipmaps()) */
#define JO_3D_MATERIAL_MIPMAPS (1u << 10)
/** @brief Material: the polygons near the camera are drawn in parts (jo_3d_set_texture_subdivision()) */
#define JO_3D_MATERIAL_SUBDIVISION (1u << 11)
/** @brief Material: only the polygons that cross the near plane are drawn in parts (MTL: jo_subdivision 2) */
#define JO_3D_MATERIAL_SUBDIVISION_NEAR (1u << 12)
/** @brief First flag of the program (bits 16 to 31, MTL: jo_user) */
#define JO_3D_MATERIAL_USER(N) (1u << (16 + (N)))

/** @brief Bones of a model at most (jo_3d_pose) */
#define JO_3D_MAX_BONES (32)
/** @brief jo_3d_bone.group: the bone has no polygons */
#define JO_3D_BONE_NO_GROUP (0xFFFF)
/** @brief jo_3d_animation.flags: the last key goes back to the first one */
#define JO_3D_ANIMATION_LOOP (1)
/** @brief Ticks of the animations per second (the time of jo_3d_model_get_pose()) */
#define JO_3D_ANIMATION_TICKS_PER_SECOND (60)

/** @brief Polygons SGL draws in a frame at most (_MaxPolygons of the SGLAREA.O Jo links) */
#define JO_3D_MODEL_MAX_POLYGONS (1761)
/** @brief Points SGL transforms in a frame at most (_MaxVertices): one PDATA cannot have more */
#define JO_3D_MODEL_MAX_POINTS (2500)

#ifndef JO_ANGLE_DEFINED
#define JO_ANGLE_DEFINED
/** @brief Angle: 0x10000 = 360 degrees (SGL ANGLE) */
typedef short jo_angle;
#endif

/** @brief Material of a model (the same layout as the file: 32 bytes) */
typedef struct
{
    char name[16];
    unsigned char r;
    unsigned char g;
    unsigned char b;
    unsigned char shine;
    short texture;
    unsigned short subdivision_error;
    unsigned int flags;
    unsigned int user;
} jo_3d_material;

/** @brief Group of a model: OBJ o or g (the same layout as the file: 24 bytes) */
typedef struct
{
    char name[16];
    unsigned short first_point;
    unsigned short point_count;
    unsigned short first_polygon;
    unsigned short polygon_count;
} jo_3d_model_group;

/** @brief Bone of a rigid skeleton (the same layout as the file: 32 bytes) */
typedef struct
{
    char name[16];
    unsigned short group;
    short parent;
    jo_pos3D_fixed pivot;
} jo_3d_bone;

/** @brief Animation of a skeleton (the same layout as the file: 28 bytes) */
typedef struct
{
    char name[16];
    unsigned short key_count;
    unsigned short key_ticks;
    unsigned short flags;
    unsigned short duplicate;
    unsigned int offset;
} jo_3d_animation;

/** @brief Pose of a skeleton: the angles of the bones (see jo_3d_model_get_pose() and jo_3d_model_draw_pose()) */
typedef struct
{
    jo_pos3D_fixed root;
    jo_angle angles[JO_3D_MAX_BONES][3];
} jo_3d_pose;

/** @brief 3D model loaded from a JOM file
 *  The arrays point into the file (in place) or into the model's own blocks
 *  (jo_3d_create_model_from_memory()). The program reads them; it changes
 *  none of them. */
typedef struct
{
    jo_3d_mesh *mesh;                   /* PDATA: PNTS, QUAD, and one ATTR per polygon */
    jo_pos3D_fixed center;              /* bounding sphere (jo_3d_is_sphere_visible()) */
    jo_fixed radius;
    unsigned int material_count;
    jo_3d_material *materials;
    unsigned short *polygon_materials;  /* QMAT: the material of each polygon */
    unsigned int texture_count;
    int *textures;                      /* sprite id of each texture of TEXT, -1: not loaded */
    unsigned int normal_count;
    jo_pos3D_fixed *normals;            /* NTAB, JO_NULL: none */
    unsigned short *corner_normals;     /* CNRM: 4 per polygon, JO_NULL: none */
    jo_pos3D_fixed *vertex_colors;      /* VCOL: one per point, JO_NULL: none */
    unsigned short gouraud_tables;      /* gouraud tables (sprites) made by the load */
    unsigned int group_count;
    jo_3d_model_group *groups;
    unsigned int bone_count;
    jo_3d_bone *bones;
    signed char *bone_children;         /* per bone: the number of its children */
    unsigned int animation_count;
    jo_3d_animation *animations;        /* the loader's copy: duplicate set */
    const unsigned char *animation_data;/* start of the ANIM data (its count): the origin of the key offsets */
    void *file;                         /* the data of the file */
    bool file_not_owned;                /* jo_3d_create_model_in_place(): the caller's data, not freed */
    bool single_block;                  /* the model, its mesh and its tables are one memory block */
} jo_3d_model;

/** @brief Called by jo_3d_model_draw_pose() after each bone is drawn, with the matrix of the bone
 *  @param bone Index of the bone
 *  @param param Parameter of jo_3d_model_draw_pose()
 *  @param matrix Matrix of the bone (4 rows of 3, see jo_3d_transform_point_by()); the current matrix is not the one of the bone
 */
typedef void (*jo_3d_bone_callback)(const int bone, void *const param, const jo_fixed (*const matrix)[3]);

/** @brief Create a model from the content of a JOM file (copied: the data can be freed after the call)
 *  @param data Content of the file (4 bytes aligned)
 *  @param size Size in bytes
 *  @return The model, JO_NULL if the file is wrong or if out of memory
 */
jo_3d_model *jo_3d_create_model_from_memory(const unsigned char *const data, const unsigned int size);

/** @brief Create a model that uses the content of a JOM file in place (the points, the polygons, the materials are not copied)
 *  @param data Content of the file (4 bytes aligned), kept by the caller as long as the model exists
 *  @param size Size in bytes
 *  @return The model, JO_NULL if the file is wrong or if out of memory
 *  @remarks jo_3d_free_model() does not free the data
 */
jo_3d_model *jo_3d_create_model_in_place(const unsigned char *const data, const unsigned int size);

/** @brief Load a model (JOM file) from the current directory of the CD
 *  @param filename File name (example: "MODEL.JOM")
 *  @return The model, JO_NULL if the file is not found, wrong or if out of memory
 *  @remarks The model uses the data of the file (one memory block); embedded textures are read one at a time
 */
jo_3d_model *jo_3d_load_model(const char *const filename);

/** @brief Load a model with a gouraud table per polygon (Internal usage: the cells, lit by the point lights) */
jo_3d_model *__jo_3d_load_model_for_lights(const char *const filename);

/** @brief Get the sprite id of a texture of the models (loaded the first time)
 *  @param filename File name on the CD (.BIN: jo_sprite_add_bin(), .TGA: jo_sprite_add_tga())
 *  @return Sprite id, -1 if not loaded
 */
int jo_3d_model_texture(const char *const filename);

/** @brief Get the sprite id of a texture already loaded by the models, without loading it
 *  @param name Name of the texture (its file name, or its name in the model)
 *  @return Sprite id, -1 if no model has this texture
 */
int jo_3d_model_loaded_texture(const char *const name);

/** @brief Add a 16 colors sprite with its lookup table (TIMG format 1, jo_lut in the MTL)
 *  @param lut 16 RGB 555 colors, the color 0 is transparent (JO_NULL: room reserved, not written)
 *  @param pixels 2 pixels a byte, the left one in the high 4 bits: width x height / 2 bytes (JO_NULL: not written)
 *  @param width Width in pixels (multiple of 8)
 *  @param height Height in pixels (1 to 255)
 *  @return Sprite id, -1 if not added. One allocation of VRAM: the 32 bytes of the table, then the
 *          pixels (the sprite's texture starts 32 bytes after the table); a polygon draws it with the
 *          color mode CL16Look and colno = the VRAM offset of the table / 8
 */
int jo_sprite_add_4bits_lut(const jo_color *const lut, const unsigned char *const pixels, const unsigned short width, const unsigned short height);

/** @brief Free a model (the textures stay loaded) */
void jo_3d_free_model(jo_3d_model *const model);

/** @brief Free the sprites added since a sprite (textures of the models, their tiles and smaller copies, their gouraud tables, the sprites of the program)
 *  @param sprite_id First sprite to free (jo_sprite_count() before the models were loaded)
 */
void jo_3d_model_free_textures_from(const int sprite_id);

/** @brief Find a group of a model (JO_NULL if not found) */
const jo_3d_model_group *jo_3d_model_find_group(const jo_3d_model *const model, const char *const name);

/** @brief Find a bone of a model (-1 if not found) */
int jo_3d_model_find_bone(const jo_3d_model *const model, const char *const name);

/** @brief Find an animation of a model (-1 if not found) */
int jo_3d_model_find_animation(const jo_3d_model *const model, const char *const name);

/** @brief Check if an animation is the one jo_3d_model_find_animation() finds for a name (case insensitive) */
bool jo_3d_model_is_animation(const jo_3d_model *const model, const int animation, const char *const name);

/** @brief Duration of an animation in ticks (1/60 s) */
int jo_3d_model_animation_duration(const jo_3d_model *const model, const int animation);

/** @brief Pose of a skeleton at a time of an animation (the keys are interpolated)
 *  @param animation Index of the animation, -1: the bones don't turn (the pose of the OBJ)
 *  @param time Ticks (1/60 s) from the start of the animation
 */
void jo_3d_model_get_pose(const jo_3d_model *const model, const int animation, int time, jo_3d_pose *const pose);

/** @brief Blend 2 poses (a smooth change of animation): weight of the second pose from 0 to 256 */
void jo_3d_pose_blend(const jo_3d_model *const model, jo_3d_pose *const pose, const jo_3d_pose *const other, const int weight);

/** @brief Draw a model with a skeleton with the current matrix
 *  @param pose Pose (JO_NULL: the pose of the OBJ)
 *  @param callback Called after each bone is drawn, with the matrix of the bone (JO_NULL: none)
 *  @param param Parameter of the callback
 */
void jo_3d_model_draw_pose(const jo_3d_model *const model, const jo_3d_pose *const pose, const jo_3d_bone_callback callback, void *const param);

/** @brief Bones not drawn by the next jo_3d_model_draw_pose(): bit k, the bone k (and its children) hidden, 0: all drawn */
void jo_3d_model_set_hidden_bones(const unsigned int mask);

/** @brief Draw a model with the current matrix (a model with a skeleton is drawn in the pose of the OBJ) */
static __jo_force_inline void jo_3d_model_draw(const jo_3d_model *const model)
{
    if (model->bone_count > 0)
        jo_3d_model_draw_pose(model, JO_NULL, JO_NULL, JO_NULL);
    else
        slPutPolygon(&model->mesh->data);
}

#endif /* JO_COMPILE_WITH_3D_SUPPORT && JO_COMPILE_USING_SGL */

#endif /* !__JO_3D_MODEL_H__ */
