/* src/formats/gltf/uri.c - a glTF URI that names a file beside the glTF
   (a relative reference) into the path to open: %XX escapes decoded, and
   anything that would leave the glTF's folder or is not a file name is
   refused: a scheme ("http:", "file:"; data: URIs are handled before
   this), an absolute path, a ".." segment, a backslash (a Windows path,
   whose meaning depends on the machine), a NUL byte. */
#include <stdlib.h>
#include <string.h>

#include "gltf_internal.h"

static int hex_value(unsigned char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* RFC 3986: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":", before any '/'. */
static bool has_scheme(const char *uri)
{
    const unsigned char *p = (const unsigned char *)uri;
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
        return false;
    for (p++; *p && *p != '/' && *p != '?' && *p != '#'; p++) {
        if (*p == ':')
            return true;
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '+' || *p == '-' || *p == '.'))
            return false;
    }
    return false;
}

char *rm_gltf_uri_to_path(const char *uri, const char **why)
{
    *why = NULL;
    if (!uri || !*uri) {
        *why = "is empty";
        return NULL;
    }
    if (has_scheme(uri)) {
        *why = "has a scheme";
        return NULL;
    }
    size_t n = strlen(uri);
    char *path = malloc(n + 1);
    if (!path)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)uri[i];
        if (ch == '%') {
            if (i + 2 >= n) {
                free(path);
                *why = "has a bad % escape";
                return NULL;
            }
            int a = hex_value((unsigned char)uri[i + 1]);
            int b = a < 0 ? -1 : hex_value((unsigned char)uri[i + 2]);
            if (a < 0 || b < 0 || (a == 0 && b == 0)) {
                free(path);
                *why = "has a bad % escape";
                return NULL;
            }
            ch = (unsigned char)(a * 16 + b);
            i += 2;
        }
        if (ch == '\\') {
            free(path);
            *why = "has a backslash (write / between folders)";
            return NULL;
        }
        path[o++] = (char)ch;
    }
    path[o] = 0;
    if (path[0] == '/') {
        free(path);
        *why = "is absolute";
        return NULL;
    }
    /* Segments are checked after decoding: "%2E%2E/x" goes up too. */
    for (const char *s = path; *s;) {
        const char *e = strchr(s, '/');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (len == 2 && s[0] == '.' && s[1] == '.') {
            free(path);
            *why = "goes up with ..";
            return NULL;
        }
        s += len;
        if (*s == '/')
            s++;
    }
    if (o == 0) {
        free(path);
        *why = "is empty";
        return NULL;
    }
    return path;
}
