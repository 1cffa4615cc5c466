/* src/formats/registry/detect_text.c - what a text is: OBJ, MTL, JSON
   (glTF or other), COLLADA, ASCII STL or FBX, or other text.

   Text means no NUL byte and few bytes unlike text (control bytes other
   than tab, line ends and form feeds, bytes of no UTF-8 sequence): at most
   one in 16. An OBJ is told by its statements:
   the first statement (after blank lines and # comments) is an OBJ one
   (v, vt, vn, f, o, g, usemtl, mtllib, s, l, p and the rarer ones of the
   specification), or at least half of the whole lines of the head are.
   An MTL is text whose first statement is an MTL one (newmtl, Kd, map_Kd,
   jo_...). A text with no statement at all (blank lines and comments) is
   an OBJ with nothing in it: reading it says "no polygon", which tells
   more than "this is text". */
#include "formats/registry/registry.h"

#include <string.h>

static bool blank(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

static bool eol(uint8_t c)
{
    return c == '\n' || c == '\r';
}

static bool word_is(const uint8_t *w, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(w, word, n) == 0;
}

static bool word_is_nocase(const uint8_t *w, size_t n, const char *word)
{
    if (strlen(word) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        uint8_t a = w[i], b = (uint8_t)word[i];
        if (a >= 'A' && a <= 'Z')
            a = (uint8_t)(a - 'A' + 'a');
        if (b >= 'A' && b <= 'Z')
            b = (uint8_t)(b - 'A' + 'a');
        if (a != b)
            return false;
    }
    return true;
}

static bool has_prefix_nocase(const uint8_t *w, size_t n, const char *prefix)
{
    size_t p = strlen(prefix);
    return n > p && word_is_nocase(w, p, prefix);
}

/* The statements of the OBJ specification (Wavefront, version 3.0). */
static bool obj_keyword(const uint8_t *w, size_t n)
{
    static const char *const words[] = {
        "v", "vt", "vn", "vp", "f", "fo", "l", "p", "o", "g", "s", "mg", "usemtl", "mtllib",
        "cstype", "deg", "bmat", "step", "curv", "curv2", "surf", "parm", "trim", "hole", "scrv",
        "sp", "end", "con", "bevel", "c_interp", "d_interp", "lod", "maplib", "usemap",
        "shadow_obj", "trace_obj", "ctech", "stech", "call", "csh",
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(w, n, words[i]))
            return true;
    return false;
}

static bool mtl_keyword(const uint8_t *w, size_t n)
{
    static const char *const words[] = {
        "newmtl", "Ka", "Kd", "Ks", "Ke", "Ns", "Ni", "d", "Tr", "Tf", "illum", "sharpness", "bump",
        "disp", "decal", "refl", "norm", "Pr", "Pm", "Ps", "Pc", "Pcr", "aniso", "anisor",
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is_nocase(w, n, words[i]))
            return true;
    return has_prefix_nocase(w, n, "map_") || has_prefix_nocase(w, n, "jo_");
}

static bool contains(const uint8_t *t, size_t n, const char *s)
{
    size_t k = strlen(s);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(t + i, s, k) == 0)
            return true;
    return false;
}

/* A JSON object is glTF when a member of the top object is "asset" (or
   another name only glTF uses at the top): a light scan of strings and
   brackets, no full parse. */
static rm_format json_kind(const uint8_t *t, size_t n)
{
    static const char *const gltf_keys[] = { "asset", "accessors", "bufferViews" };
    int depth = 0;
    size_t i = 0;
    while (i < n) {
        uint8_t c = t[i];
        if (c == '"') {
            size_t j = i + 1;
            while (j < n && t[j] != '"')
                j += t[j] == '\\' ? 2 : 1;
            if (j >= n)
                break;      /* the head ends inside a string */
            if (depth == 1) {
                size_t k = j + 1;
                while (k < n && (blank(t[k]) || eol(t[k])))
                    k++;
                for (size_t g = 0; k < n && t[k] == ':' && g < sizeof gltf_keys / sizeof gltf_keys[0]; g++)
                    if (word_is(t + i + 1, j - i - 1, gltf_keys[g]))
                        return RM_FORMAT_GLTF;
            }
            i = j + 1;
            continue;
        }
        if (c == '{' || c == '[')
            depth++;
        else if ((c == '}' || c == ']') && --depth <= 0)
            break;
        i++;
    }
    return RM_FORMAT_JSON;
}

/* The statement words of the head, one a line: the first one's class and
   the counts. A line cut by the end of the head (when it is not the whole
   file) counts only when its first word is whole. */
typedef struct statements {
    int first;          /* 0 none, 1 OBJ, 2 MTL, 3 other */
    size_t obj, mtl, other;
} statements;

static statements scan_statements(const uint8_t *t, size_t n, bool complete)
{
    statements s = { 0, 0, 0, 0 };
    size_t i = 0;
    while (i < n) {
        while (i < n && blank(t[i]))
            i++;
        size_t w = i;
        while (i < n && !blank(t[i]) && !eol(t[i]))
            i++;
        size_t len = i - w;
        bool cut = i >= n && !complete;
        if (len > 0 && t[w] != '#' && !cut) {
            int cls = obj_keyword(t + w, len) ? 1 : mtl_keyword(t + w, len) ? 2 : 3;
            if (!s.first)
                s.first = cls;
            s.obj += cls == 1;
            s.mtl += cls == 2;
            s.other += cls == 3;
        }
        while (i < n && !eol(t[i]))
            i++;
        while (i < n && eol(t[i]))
            i++;
    }
    return s;
}

/* How many bytes are unlike text: control bytes (tab, line ends, form
   feed and the DOS end-of-file mark aside), and bytes of no valid UTF-8
   sequence (a Latin-1 letter counts, so a few of them pass); SIZE_MAX on
   a NUL byte. A sequence cut by the end of the head is not counted. */
static size_t odd_bytes(const uint8_t *t, size_t n)
{
    size_t odd = 0;
    for (size_t i = 0; i < n;) {
        uint8_t c = t[i];
        if (c == 0)
            return SIZE_MAX / 32;
        if (c < 0x80) {
            odd += (c < 0x20 && !blank(c) && !eol(c) && c != 0x1A) || c == 0x7F;
            i++;
            continue;
        }
        size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        size_t k = 1;
        while (len && k < len && i + k < n && (t[i + k] & 0xC0) == 0x80)
            k++;
        if (len && (k == len || i + k == n)) {
            i += k;
        } else {
            odd++;
            i++;
        }
    }
    return odd;
}

rm_format rm_fmt_detect_text(const uint8_t *t, size_t n, bool complete)
{
    if (n >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF) {
        t += 3;
        n -= 3;
    }
    if (odd_bytes(t, n) * 16 > n)
        return RM_FORMAT_UNKNOWN;

    size_t p = 0;
    while (p < n && (blank(t[p]) || eol(t[p])))
        p++;
    if (p == n)
        return RM_FORMAT_OBJ;       /* blank: an OBJ with nothing in it */
    const uint8_t *s = t + p;
    size_t m = n - p;
    if (s[0] == '{')
        return json_kind(s, m);
    if (s[0] == '[')
        return RM_FORMAT_JSON;
    if (s[0] == '<')
        return contains(s, m, "<COLLADA") ? RM_FORMAT_COLLADA : RM_FORMAT_TEXT;
    if (m > 5 && memcmp(s, "solid", 5) == 0 && (blank(s[5]) || eol(s[5])) &&
        (contains(s, m, "facet") || contains(s, m, "endsolid")))
        return RM_FORMAT_STL;
    if (m >= 5 && memcmp(s, "; FBX", 5) == 0)
        return RM_FORMAT_FBX;
    if (m >= 2 && s[0] == '#' && s[1] == '!')
        return RM_FORMAT_TEXT;      /* a script */

    statements st = scan_statements(t, n, complete);
    if (st.first == 0 || st.first == 1)
        return RM_FORMAT_OBJ;
    if (st.first == 2)
        return RM_FORMAT_MTL;
    size_t total = st.obj + st.mtl + st.other;
    return st.obj > 0 && st.obj * 2 >= total ? RM_FORMAT_OBJ : RM_FORMAT_TEXT;
}
