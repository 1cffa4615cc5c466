/* engine/samples/double_extra.h - the Jo Engine functions the samples call
   that the test double (engine/test/double/jo/jo.h) does not declare: the
   game loop, the camera, the pad, jo_printf.

   Only for the compile check (engine/samples/check.sh passes it with
   -include): in a Jo Engine tree all of these come from <jo/jo.h>. They are
   the names and the parameters Jo Engine gives them (jo/core.h, jo/3d.h,
   jo/input.h, jo/tools.h), declared here in this project's words. Nothing
   is defined: the samples are compiled (-c), never linked against this.
   If the double's jo.h declares them one day, this file goes away (see
   /work/main/.helpers/REQUESTS.md, helper "docs"). */
#ifndef ENGINE_SAMPLES_DOUBLE_EXTRA_H
#define ENGINE_SAMPLES_DOUBLE_EXTRA_H

#include <jo/jo.h>

/* ---- jo/colors.h ---- */
#ifndef JO_COLOR_Black
#define JO_COLOR_Black ((jo_color)0x8000)   /* RGB 555, bit 15 set: opaque black */
#endif

/* ---- jo/core.h: the game loop ---- */
typedef void (*jo_event_callback)(void);
void jo_core_init(const jo_color background_color);            /* VDP1/VDP2, SGL, the heap, the CD */
int jo_core_add_callback(const jo_event_callback callback);    /* called once a frame by jo_core_run() */
void jo_core_run(void);                                        /* never returns */
void jo_main(void);                                            /* the game's entry point */

/* ---- jo/3d.h: the camera (saturn-notes 4.3) ---- */
typedef struct
{
    FIXED viewpoint[XYZ];
    FIXED target[XYZ];
    ANGLE z_angle;
} jo_camera;
void jo_3d_camera_init(jo_camera *const cam);                  /* viewpoint (0, 0, -150), target the origin */
void jo_3d_camera_set_viewpoint(jo_camera *const cam, const int x, const int y, const int z);
void jo_3d_camera_set_target(jo_camera *const cam, const int x, const int y, const int z);
void jo_3d_camera_look_at(jo_camera *const cam);               /* slLookAt: the start of the frame's matrix */

/* ---- jo/input.h: the pad of port 1 ---- */
typedef enum
{
    JO_KEY_UP,
    JO_KEY_DOWN,
    JO_KEY_LEFT,
    JO_KEY_RIGHT,
    JO_KEY_START,
    JO_KEY_A,
    JO_KEY_B,
    JO_KEY_C,
    JO_KEY_X,
    JO_KEY_Y,
    JO_KEY_Z,
    JO_KEY_L,
    JO_KEY_R
} jo_gamepad_keys;
bool jo_is_pad1_available(void);
bool jo_is_pad1_key_pressed(const jo_gamepad_keys key);        /* held */
bool jo_is_pad1_key_down(const jo_gamepad_keys key);           /* pressed since the last frame */

/* ---- jo/tools.h: text on the screen (a macro over sprintf in Jo) ---- */
void jo_printf(const int x, const int y, const char *format, ...) __attribute__((format(printf, 3, 4)));

#endif
