/* fuzz/regressions/cli-gif-leak-giflib.c - giflib 5.2.1 alone: a frame with
   a local color table, then one without, leaks the local table's copy
   (EGifPutImageDesc sets GifFile->Image.ColorMap to NULL without freeing
   it). What fuzz_cli (cli-gif-leak.txt: `render M.JOM -o64x48 --gif 29`)
   and fuzz_render (render-gif-leak.bin) find through src/render/gif.c.
   cc -fsanitize=address cli-gif-leak-giflib.c -lgif && ./a.out */
#include <gif_lib.h>
#include <stdio.h>
#include <string.h>
static int wr(GifFileType *g, const GifByteType *b, int n) { (void)g; (void)b; return n; }
int main(void) {
    int err;
    GifFileType *g = EGifOpen(NULL, wr, &err);
    GifColorType c[2]; memset(c, 0, sizeof c); c[1].Red = 255;
    ColorMapObject *m = GifMakeMapObject(2, c);
    EGifPutScreenDesc(g, 1, 1, 8, 0, m);
    GifByteType line[1] = {0};
    EGifPutImageDesc(g, 0, 0, 1, 1, 0, m); EGifPutLine(g, line, 1);   /* local map */
    EGifPutImageDesc(g, 0, 0, 1, 1, 0, NULL); EGifPutLine(g, line, 1); /* global: leaks the local copy */
    GifFreeMapObject(m);
    EGifCloseFile(g, &err);
    return 0;
}
