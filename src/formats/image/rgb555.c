/* src/formats/image/rgb555.c - RGBA to the Saturn's RGB555 words and back,
   and the PSNR between two RGB555 pictures.

   Word layout (saturn-notes 2.1): bit 15 set for an opaque color, blue in
   bits 14..10, green 9..5, red 4..0; 0x0000 is transparent. Each 8-bit
   channel is rounded to 5 bits, (c * 31 + 127) / 255, not truncated like
   JO_COLOR_RGB's c >> 3: a 5-bit level k shows as k << 3 on the VDP2, and
   rounding keeps the mean error at zero. */
#include <math.h>
#include <string.h>

#include "image_internal.h"
#include "retromesh/image.h"

uint16_t rm_rgb555_from_rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    if (a < 128)
        return 0;
    return rm_pack555(rm_ch5(r), rm_ch5(g), rm_ch5(b));
}

void rm_image_to_rgb555(const rm_image *img, bool dither, uint16_t *out)
{
    const uint8_t *p = img->rgba;
    for (uint32_t y = 0; y < img->height; y++) {
        for (uint32_t x = 0; x < img->width; x++, p += 4, out++) {
            if (p[3] < 128) {
                *out = 0;
            } else if (!dither) {
                *out = rm_pack555(rm_ch5(p[0]), rm_ch5(p[1]), rm_ch5(p[2]));
            } else {
                unsigned m = rm_bayer4(x, y);
                *out = rm_pack555(rm_ch5_dither(p[0], m), rm_ch5_dither(p[1], m),
                                  rm_ch5_dither(p[2], m));
            }
        }
    }
}

void rm_rgba_from_rgb555(uint16_t c, uint8_t rgba[4])
{
    if (c == 0) {
        memset(rgba, 0, 4);
        return;
    }
    /* As the VDP2 shows it: the 5 bits in the high bits, the low 3 bits 0. */
    rgba[0] = (uint8_t)(rm_r5(c) << 3);
    rgba[1] = (uint8_t)(rm_g5(c) << 3);
    rgba[2] = (uint8_t)(rm_b5(c) << 3);
    rgba[3] = 255;
}

double rm_rgb555_psnr(const uint16_t *ref, const uint16_t *test, size_t n)
{
    /* Squared errors of the three 5-bit channels, summed exactly. */
    uint64_t se = 0, count = 0;
    for (size_t i = 0; i < n; i++) {
        if (ref[i] == 0)
            continue;
        int dr = (int)rm_r5(ref[i]) - (int)rm_r5(test[i]);
        int dg = (int)rm_g5(ref[i]) - (int)rm_g5(test[i]);
        int db = (int)rm_b5(ref[i]) - (int)rm_b5(test[i]);
        se += (uint64_t)(dr * dr + dg * dg + db * db);
        count++;
    }
    if (se == 0)
        return 99.0;
    double mse = (double)se / (3.0 * (double)count);
    double psnr = 10.0 * log10(31.0 * 31.0 / mse);
    return psnr > 99.0 ? 99.0 : psnr;
}
