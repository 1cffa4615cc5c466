/* src/formats/gltf/colour.c - glTF's linear colour values to the display
   (sRGB) values the Saturn shows: baseColorFactor and COLOR_0 are linear,
   an MTL's Kd and an OBJ's vertex colours are display values. */
#include <math.h>

#include "gltf_internal.h"

double rm_gltf_linear_to_srgb(double v)
{
    if (!(v > 0))           /* also NaN */
        return 0;
    if (v >= 1)
        return 1;
    /* the sRGB transfer function (IEC 61966-2-1) */
    double s = v < 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1.0 / 2.4) - 0.055;
    return s < 0 ? 0 : s > 1 ? 1 : s;
}
