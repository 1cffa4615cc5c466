/* tests/formats/jol/test_jol_seed.c - `retromesh level gen --text` has the
   same tables (every tab-separated line) and the same "Size: N bytes." lines,
   in the same order, as the original documentation of the format (the seed
   003 in RM_SHARED_DIR/seeds). Skips (77) when the seed is absent. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retromesh/level.h"

/* Keeps the lines with a tab or starting with "Size: " (in place). */
static size_t table_lines(char *text, char **lines, size_t max)
{
    size_t n = 0;
    for (char *line = strtok(text, "\n"); line && n < max; line = strtok(NULL, "\n"))
        if (strchr(line, '\t') || !strncmp(line, "Size: ", 6))
            lines[n++] = line;
    return n;
}

int main(void)
{
    char dir[1024], path[1400];
    snprintf(dir, sizeof dir, "%s/seeds", RM_SHARED_DIR);
    DIR *d = opendir(dir);
    if (!d) {
        printf("skip: %s is absent\n", dir);
        return 77;
    }
    path[0] = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (!strncmp(e->d_name, "003_", 4))
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    closedir(d);
    FILE *f = path[0] ? fopen(path, "rb") : NULL;
    if (!f) {
        printf("skip: no seed 003 in %s\n", dir);
        return 77;
    }
    static char seed[1 << 20];
    size_t len = fread(seed, 1, sizeof seed - 1, f);
    seed[len] = 0;
    fclose(f);
    char *mine = NULL;
    size_t mine_len = 0;
    FILE *m = open_memstream(&mine, &mine_len);
    rm_level_gen_text(m);
    fclose(m);
    static char *a[2000], *b[2000];
    size_t na = table_lines(seed, a, 2000), nb = table_lines(mine, b, 2000);
    int fail = 0;
    for (size_t i = 0; i < na || i < nb; i++) {
        const char *x = i < na ? a[i] : "(end)", *y = i < nb ? b[i] : "(end)";
        if (strcmp(x, y)) {
            printf("line %zu of the tables differs:\n  seed: %s\n  gen:  %s\n", i + 1, x, y);
            fail = 1;
            break;
        }
    }
    if (na < 100) {
        printf("only %zu table lines in the seed\n", na);
        fail = 1;
    }
    if (!fail)
        printf("ok: %zu table lines equal\n", na);
    free(mine);
    return fail;
}
