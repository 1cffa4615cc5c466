/* src/formats/skeleton/json_where.c - finding a value in JSON text again
   (see json_where.h). A small forward scanner: it skips whitespace,
   strings and whole values, and walks down one path. */
#include "json_where.h"

#include <stdint.h>
#include <string.h>

typedef struct scan {
    const unsigned char *s;
    size_t n, i;
} scan;

static void skip_ws(scan *c)
{
    while (c->i < c->n) {
        unsigned char ch = c->s[c->i];
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r')
            break;
        c->i++;
    }
}

static bool peek(const scan *c, unsigned char want)
{
    return c->i < c->n && c->s[c->i] == want;
}

/* At a '"': moves past the closing quote. */
static bool skip_string(scan *c)
{
    if (!peek(c, '"'))
        return false;
    c->i++;
    while (c->i < c->n) {
        unsigned char ch = c->s[c->i++];
        if (ch == '"')
            return true;
        if (ch == '\\') {
            if (c->i >= c->n)
                return false;
            c->i++;
        }
    }
    return false;
}

/* Moves past one whole value (a container by counting brackets). */
static bool skip_value(scan *c)
{
    skip_ws(c);
    if (c->i >= c->n)
        return false;
    unsigned char ch = c->s[c->i];
    if (ch == '"')
        return skip_string(c);
    if (ch == '{' || ch == '[') {
        size_t depth = 0;
        while (c->i < c->n) {
            ch = c->s[c->i];
            if (ch == '"') {
                if (!skip_string(c))
                    return false;
                continue;
            }
            c->i++;
            if (ch == '{' || ch == '[') {
                depth++;
            } else if (ch == '}' || ch == ']') {
                if (--depth == 0)
                    return true;
            }
        }
        return false;
    }
    /* A number, true, false or null: up to the next delimiter. */
    size_t start = c->i;
    while (c->i < c->n) {
        ch = c->s[c->i];
        if (ch == ',' || ch == '}' || ch == ']' || ch == ' ' || ch == '\t' || ch == '\n' ||
            ch == '\r')
            break;
        c->i++;
    }
    return c->i > start;
}

static int hex4(const unsigned char *p)
{
    int v = 0;
    for (int k = 0; k < 4; k++) {
        unsigned char h = p[k];
        int d = h >= '0' && h <= '9' ? h - '0'
              : h >= 'a' && h <= 'f' ? h - 'a' + 10
              : h >= 'A' && h <= 'F' ? h - 'A' + 10
              : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* Where the decoded bytes of a key go: compared with `want` (when not
   NULL) and copied into `buf` (when not NULL; `cut` when it is too small). */
typedef struct key_sink {
    const unsigned char *want;
    size_t want_len, at;
    bool same;
    char *buf;
    size_t cap, len;
    bool cut;
} key_sink;

static void sink_byte(key_sink *k, unsigned char b)
{
    if (k->want) {
        if (k->same && k->at < k->want_len && k->want[k->at] == b)
            k->at++;
        else
            k->same = false;
    }
    if (k->buf) {
        if (k->len + 1 < k->cap)
            k->buf[k->len++] = (char)b;
        else
            k->cut = true;
    }
}

static void sink_code_point(key_sink *k, uint32_t cp)
{
    if (cp < 0x80) {
        sink_byte(k, (unsigned char)cp);
    } else if (cp < 0x800) {
        sink_byte(k, (unsigned char)(0xC0 | (cp >> 6)));
        sink_byte(k, (unsigned char)(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        sink_byte(k, (unsigned char)(0xE0 | (cp >> 12)));
        sink_byte(k, (unsigned char)(0x80 | ((cp >> 6) & 0x3F)));
        sink_byte(k, (unsigned char)(0x80 | (cp & 0x3F)));
    } else {
        sink_byte(k, (unsigned char)(0xF0 | (cp >> 18)));
        sink_byte(k, (unsigned char)(0x80 | ((cp >> 12) & 0x3F)));
        sink_byte(k, (unsigned char)(0x80 | ((cp >> 6) & 0x3F)));
        sink_byte(k, (unsigned char)(0x80 | (cp & 0x3F)));
    }
}

/* At a '"': reads a key into the sink and moves past it. */
static bool read_key(scan *c, key_sink *k)
{
    if (!peek(c, '"'))
        return false;
    c->i++;
    while (c->i < c->n) {
        unsigned char ch = c->s[c->i++];
        if (ch == '"') {
            if (k->buf)
                k->buf[k->len] = 0;
            return true;
        }
        if (ch != '\\') {
            sink_byte(k, ch);
            continue;
        }
        if (c->i >= c->n)
            return false;
        ch = c->s[c->i++];
        switch (ch) {
        case 'b': sink_byte(k, '\b'); break;
        case 'f': sink_byte(k, '\f'); break;
        case 'n': sink_byte(k, '\n'); break;
        case 'r': sink_byte(k, '\r'); break;
        case 't': sink_byte(k, '\t'); break;
        case 'u': {
            if (c->n - c->i < 4)
                return false;
            int u = hex4(c->s + c->i);
            if (u < 0)
                return false;
            c->i += 4;
            uint32_t cp = (uint32_t)u;
            /* A high surrogate followed by a low one is one code point. */
            if (cp >= 0xD800 && cp < 0xDC00 && c->n - c->i >= 6 && c->s[c->i] == '\\' &&
                c->s[c->i + 1] == 'u') {
                int lo = hex4(c->s + c->i + 2);
                if (lo >= 0xDC00 && lo < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + ((uint32_t)lo - 0xDC00);
                    c->i += 6;
                }
            }
            sink_code_point(k, cp);
            break;
        }
        default: sink_byte(k, ch); break;    /* \" \\ \/ */
        }
    }
    return false;
}

/* At a '"': reads `"key" :` into the sink and stops at the value. */
static bool read_member_key(scan *c, key_sink *k)
{
    if (!read_key(c, k))
        return false;
    skip_ws(c);
    if (!peek(c, ':'))
        return false;
    c->i++;
    skip_ws(c);
    return true;
}

/* At an object: moves to the value of member `key` (*key_at: its quote). */
static bool enter_member(scan *c, const char *key, size_t *key_at)
{
    skip_ws(c);
    if (!peek(c, '{'))
        return false;
    c->i++;
    for (;;) {
        skip_ws(c);
        if (!peek(c, '"'))
            return false;           /* '}' (not found) or broken text */
        size_t at = c->i;
        key_sink k = { (const unsigned char *)key, strlen(key), 0, true, NULL, 0, 0, false };
        if (!read_member_key(c, &k))
            return false;
        if (k.same && k.at == k.want_len) {
            *key_at = at;
            return true;
        }
        if (!skip_value(c))
            return false;
        skip_ws(c);
        if (!peek(c, ','))
            return false;
        c->i++;
    }
}

/* At an array: moves to element `index`. */
static bool enter_element(scan *c, size_t index)
{
    skip_ws(c);
    if (!peek(c, '['))
        return false;
    c->i++;
    for (size_t k = 0;; k++) {
        skip_ws(c);
        if (c->i >= c->n || c->s[c->i] == ']')
            return false;
        if (k == index)
            return true;
        if (!skip_value(c))
            return false;
        skip_ws(c);
        if (!peek(c, ','))
            return false;
        c->i++;
    }
}

/* Moves the line/column of byte *last forward to byte `to` (a column per
   character: UTF-8 continuation bytes do not count). */
static void track(rm_skeleton_pos *p, const unsigned char *s, size_t *last, size_t to)
{
    for (size_t i = *last; i < to; i++) {
        if (s[i] == '\n') {
            p->line++;
            p->col = 1;
        } else if ((s[i] & 0xC0) != 0x80) {
            p->col++;
        }
    }
    *last = to;
}

rm_skeleton_pos sk_json_pos_of(const char *text, size_t size, size_t offset)
{
    rm_skeleton_pos p = { 1, 1 };
    size_t last = 0;
    track(&p, (const unsigned char *)text, &last, offset > size ? size : offset);
    return p;
}

rm_skeleton_pos sk_json_where(const char *text, size_t size, const sk_step *path, size_t depth,
                              bool at_key)
{
    rm_skeleton_pos none = { 0, 0 };
    if (!text)
        return none;
    scan c = { (const unsigned char *)text, size, 0 };
    size_t key_at = 0;
    for (size_t d = 0; d < depth; d++) {
        bool ok = path[d].key ? enter_member(&c, path[d].key, &key_at)
                              : enter_element(&c, path[d].index);
        if (!ok)
            return none;
    }
    skip_ws(&c);
    if (at_key) {
        if (depth == 0 || !path[depth - 1].key)
            return none;
        return sk_json_pos_of(text, size, key_at);
    }
    if (c.i >= c.n)
        return none;
    return sk_json_pos_of(text, size, c.i);
}

/* ---- the whole document in one pass ------------------------------------ */

typedef struct walk_frame {
    bool object;
    size_t index;
    char key[SK_WALK_KEY_SIZE];
} walk_frame;

/* After '{' or ',' in an object: reads `"key" :` and stops at the value. */
static bool member_key(scan *c, walk_frame *f)
{
    skip_ws(c);
    key_sink k = { NULL, 0, 0, true, f->key, sizeof f->key, 0, false };
    return read_member_key(c, &k);
}

bool sk_json_walk(const char *text, size_t size, size_t max_depth, sk_visit_fn visit, void *ctx)
{
    if (!text || max_depth >= SK_WALK_MAX_DEPTH)
        return false;
    scan c = { (const unsigned char *)text, size, 0 };
    walk_frame st[SK_WALK_MAX_DEPTH];
    sk_step path[SK_WALK_MAX_DEPTH];
    size_t depth = 0;               /* open containers: the depth of the next value */
    size_t last = 0;
    rm_skeleton_pos pos = { 1, 1 };
    skip_ws(&c);
    for (;;) {
        /* A value at `depth` starts at c.i. */
        if (c.i >= c.n)
            return false;
        for (size_t d = 0; d < depth; d++)
            path[d] = st[d].object ? SK_KEY(st[d].key) : SK_INDEX(st[d].index);
        track(&pos, c.s, &last, c.i);
        visit(ctx, path, depth, pos);
        unsigned char ch = c.s[c.i];
        if ((ch == '{' || ch == '[') && depth < max_depth) {
            c.i++;
            skip_ws(&c);
            walk_frame *f = &st[depth++];
            f->object = ch == '{';
            f->index = 0;
            f->key[0] = 0;
            if (!peek(&c, f->object ? '}' : ']')) {
                if (f->object && !member_key(&c, f))
                    return false;
                continue;           /* the first member or element */
            }
            c.i++;                  /* an empty container: a whole value */
            depth--;
        } else if (!skip_value(&c)) {
            return false;
        }
        /* After a value: the next member or element, or the end of containers. */
        for (;;) {
            skip_ws(&c);
            if (depth == 0)
                return true;
            walk_frame *f = &st[depth - 1];
            if (peek(&c, ',')) {
                c.i++;
                skip_ws(&c);
                if (f->object) {
                    if (!member_key(&c, f))
                        return false;
                } else {
                    f->index++;
                }
                break;
            }
            if (!peek(&c, f->object ? '}' : ']'))
                return false;
            c.i++;
            depth--;
        }
    }
}
