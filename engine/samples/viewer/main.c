/* engine/samples/viewer/main.c - a model viewer for the Jo Engine, with
   retromesh's model module (jo/model.h).

   It loads WALKER.JOM (a model with a skeleton) and PROP.JOM (any model:
   the prop), plays the walker's animations one after the other, blends 8
   frames from one to the next, and draws the prop in the hand: the bone
   callback of jo_3d_model_draw_pose() gets the hand's matrix.

   Pad: START or A: the next animation. LEFT / RIGHT: turn the model.
   B held: the head hidden (jo_3d_model_set_hidden_bones()).

   The CD (the project's cd/ folder, 8.3 uppercase names), from the
   repository's examples (README.md, "From a Blender model to a Saturn game"):
       retromesh convert examples/walker.obj cd/WALKER.JOM --skeleton examples/walker.json --scale 32
       retromesh convert examples/crate.obj cd/PROP.JOM --scale 4      (and its texture CRATE.BIN)
   The makefile: JO_COMPILE_WITH_3D_MODULE = 1 (engine/README.md). */
#include <jo/jo.h>

#define MODEL_FILE "WALKER.JOM"
#define PROP_FILE "PROP.JOM"
#define HAND_BONE "hand_r"
#define HEAD_BONE "head"
/* Frames of a change of animation. A power of 2: the weight of a frame,
   256 / BLEND_FRAMES, is a constant. */
#define BLEND_FRAMES (8)
/* A loop plays LOOPS times, an animation that stops holds its last key
   HOLD_TICKS ticks, then the next one starts. */
#define LOOPS (2)
#define HOLD_TICKS (30)

typedef struct
{
    jo_3d_model *model;
    jo_3d_model *prop;              /* JO_NULL: no prop on the CD */
    int hand;                       /* the bone that holds the prop, -1: none */
    int head;                       /* hidden while B is held, -1: none */
    int animation;                  /* the one playing, -1: the pose of the OBJ */
    int time;                       /* its ticks (one a frame: 60 a second) */
    int previous;                   /* the one before, during a blend */
    int previous_time;
    int blend;                      /* frames of the blend left, 0: none */
    int yaw;                        /* degrees */
    jo_camera camera;
    jo_3d_pose pose;
    jo_3d_pose other;
} viewer;

/* Jo clears only part of .bss at boot (jo-engine-api 0.5): every field is
   set in viewer_start(), none is trusted to be 0. */
static viewer the_viewer;

/* Degrees to a jo_angle (65536 a turn) with integers only: 65536 / 360 =
   182.04 = 46603 / 256 (no soft-float, no division). */
static jo_angle degrees_to_angle(const int degrees)
{
    return (jo_angle)((degrees * 46603) >> 8);
}

/* The bone callback: called for every bone, after the matrices are made,
   with the bone's matrix in the caller's space (the camera and the turn of
   the model included). The prop is drawn with that matrix, moved to the
   pivot of the hand: the matrix takes the model's rest pose to the pose,
   so the pivot is where the hand is. */
static void draw_prop(const int bone, void *const param, const jo_fixed (*const matrix)[3])
{
    const viewer *const view = (const viewer *)param;
    if (bone != view->hand || view->prop == JO_NULL)
        return;
    const jo_3d_bone *const hand = &view->model->bones[bone];
    jo_3d_push_matrix();
    slLoadMatrix((FIXED (*)[XYZ])matrix);
    slTranslate(hand->pivot.x, hand->pivot.y, hand->pivot.z);
    jo_3d_model_draw(view->prop);
    jo_3d_pop_matrix();
}

/* The next animation, blended from the one playing (which goes on playing
   during the blend). */
static void next_animation(viewer *const view)
{
    const int count = (int)view->model->animation_count;
    if (count == 0)
        return;
    view->previous = view->animation;
    view->previous_time = view->time;
    view->animation = view->animation + 1 < count ? view->animation + 1 : 0;
    view->time = 0;
    view->blend = view->previous >= 0 ? BLEND_FRAMES : 0;
}

/* true when the animation has played long enough: a loop LOOPS times, the
   others their duration and HOLD_TICKS more on their last key. */
static bool animation_done(const viewer *const view)
{
    if (view->animation < 0)
        return false;
    const int duration = jo_3d_model_animation_duration(view->model, view->animation);
    if (view->model->animations[view->animation].flags & JO_3D_ANIMATION_LOOP)
        return view->time >= duration * LOOPS;
    return view->time >= duration + HOLD_TICKS;
}

static void viewer_frame(void)
{
    viewer *const view = &the_viewer;
    if (view->model == JO_NULL)
    {
        jo_printf(1, 1, "%s not loaded", MODEL_FILE);
        return;
    }
    if (jo_is_pad1_available())
    {
        if (jo_is_pad1_key_down(JO_KEY_START) || jo_is_pad1_key_down(JO_KEY_A))
            next_animation(view);
        if (jo_is_pad1_key_pressed(JO_KEY_LEFT))
            view->yaw -= 2;
        if (jo_is_pad1_key_pressed(JO_KEY_RIGHT))
            view->yaw += 2;
        if (jo_is_pad1_key_pressed(JO_KEY_B) && view->head >= 0)
            jo_3d_model_set_hidden_bones(1u << view->head);   /* for the next draw only */
    }
    if (animation_done(view))
        next_animation(view);

    /* The pose: the animation's, or during a blend the one before going
       over to it, a little more each frame (32/256, 64/256 ... 256/256). */
    const jo_3d_pose *drawn = &view->pose;
    jo_3d_model_get_pose(view->model, view->animation, view->time, &view->pose);
    if (view->blend > 0)
    {
        jo_3d_model_get_pose(view->model, view->previous, view->previous_time, &view->other);
        jo_3d_pose_blend(view->model, &view->other, &view->pose, (BLEND_FRAMES + 1 - view->blend) * (256 / BLEND_FRAMES));
        drawn = &view->other;
        ++view->previous_time;
        --view->blend;
    }
    ++view->time;

    jo_3d_camera_look_at(&view->camera);
    jo_3d_push_matrix();
    slRotY(degrees_to_angle(view->yaw));
    jo_3d_model_draw_pose(view->model, drawn, draw_prop, view);
    jo_3d_pop_matrix();

    if (view->animation >= 0)
        jo_printf(1, 1, "%.15s  %d / %d ticks   ", view->model->animations[view->animation].name, view->time,
                  jo_3d_model_animation_duration(view->model, view->animation));
    else
        jo_printf(1, 1, "no animation");
    jo_printf(1, 2, "START/A: next  B: no head");
}

static void viewer_start(viewer *const view)
{
    view->model = jo_3d_load_model(MODEL_FILE);     /* JO_NULL: missing or refused (the message: jo_core_error) */
    view->prop = jo_3d_load_model(PROP_FILE);
    view->hand = -1;
    view->head = -1;
    view->animation = -1;
    view->time = 0;
    view->previous = -1;
    view->previous_time = 0;
    view->blend = 0;
    view->yaw = 0;
    if (view->model != JO_NULL)
    {
        /* The hand, else the last bone (the end of a chain, in a file where
           a parent comes before its children). */
        view->hand = jo_3d_model_find_bone(view->model, HAND_BONE);
        if (view->hand < 0 && view->model->bone_count > 0)
            view->hand = (int)view->model->bone_count - 1;
        view->head = jo_3d_model_find_bone(view->model, HEAD_BONE);
        if (view->model->animation_count > 0)
            view->animation = 0;
    }
    jo_3d_camera_init(&view->camera);
    /* The walker stands on the origin, 59 units tall, Y down. */
    jo_3d_camera_set_viewpoint(&view->camera, 0, -30, -150);
    jo_3d_camera_set_target(&view->camera, 0, -30, 0);
}

void jo_main(void)
{
    jo_core_init(JO_COLOR_Black);
    viewer_start(&the_viewer);
    jo_core_add_callback(viewer_frame);
    jo_core_run();
}
