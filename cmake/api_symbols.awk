# cmake/api_symbols.awk - prints the name of every function and object the
# public headers declare, one a line (sorted by the caller).
#   awk -f cmake/api_symbols.awk include/retromesh/*.h
#
# The headers are plain C declarations, so a small scanner is enough:
# comments and preprocessor lines (and the extern "C" lines between
# `#ifdef __cplusplus` and its `#endif`) are dropped, everything inside braces
# (struct and enum bodies, static inline bodies) is skipped, and each
# top-level statement ending in ';' is one declaration. A declaration that is
# not a typedef and not static names a function (the identifier before its
# first '(') or an extern object. Only names of the library's prefixes
# (rm_, jo_) are printed: the shared library exports exactly these.

function declare(s,    pre, name) {
    gsub(/[ \t]+/, " ", s)
    sub(/^ /, "", s)
    if (s ~ /^typedef / || s ~ /(^| )static /)
        return
    if (index(s, "(") > 0) {
        pre = substr(s, 1, index(s, "(") - 1)
        sub(/ +$/, "", pre)
        if (!match(pre, /[A-Za-z_][A-Za-z0-9_]*$/))
            return
        name = substr(pre, RSTART, RLENGTH)
    } else {
        if (s !~ /^extern /)
            return
        sub(/ *=.*$/, "", s)
        sub(/ *\[.*$/, "", s)
        if (!match(s, /[A-Za-z_][A-Za-z0-9_]*$/))
            return
        name = substr(s, RSTART, RLENGTH)
    }
    if (name ~ /^(rm|jo)_/)
        print name
}

FNR == 1 { incomment = 0; cpp = 0; cont = 0; depth = 0; body = 0; stmt = "" }

{
    line = $0
    # A preprocessor line, possibly continued with a backslash.
    if (cont || (!incomment && line ~ /^[ \t]*#/)) {
        cont = (line ~ /\\$/)
        if (line ~ /^[ \t]*#[ \t]*if(def)?[ \t].*__cplusplus/) cpp = 1
        else if (cpp && line ~ /^[ \t]*#[ \t]*endif/) cpp = 0
        next
    }
    if (cpp)
        next
    # Comments out.
    out = ""
    while (line != "") {
        if (incomment) {
            i = index(line, "*/")
            if (i == 0) { line = ""; break }
            line = substr(line, i + 2)
            incomment = 0
            out = out " "
        } else {
            i = index(line, "/*")
            j = index(line, "//")
            if (j > 0 && (i == 0 || j < i)) { out = out substr(line, 1, j - 1); break }
            if (i == 0) { out = out line; break }
            out = out substr(line, 1, i - 1)
            line = substr(line, i + 2)
            incomment = 1
        }
    }
    # Statements at brace depth 0.
    n = length(out)
    for (k = 1; k <= n; k++) {
        c = substr(out, k, 1)
        if (c == "{") {
            # A body after ')' is a function definition (static inline):
            # nothing of it is a declaration.
            if (depth == 0 && stmt ~ /\)[ \t]*$/) body = 1
            depth++
        } else if (c == "}") {
            depth--
            if (depth == 0 && body) { body = 0; stmt = "" }
        } else if (depth == 0) {
            if (c == ";") { declare(stmt); stmt = "" }
            else stmt = stmt c
        }
    }
    if (depth == 0) stmt = stmt " "
}
