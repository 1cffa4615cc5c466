#!/bin/sh
# scripts/skipped.sh JUNIT.xml: after ctest --output-junit, one line per
# skipped test with its reason, so that make test says why without ctest -V:
#   skipped: cli_corpus: no corpus at /src/../shared/corpus/obj
# The reason is the test's own line that mentions the skip ("skip: ...",
# "skipped: ..."), else its last line of output.
set -eu
[ -f "$1" ] || exit 0
awk '
function unxml(s) {
    gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s)
    gsub(/&apos;/, "\047", s); gsub(/&amp;/, "\\&", s)
    return s
}
function report(    r) {
    r = reason != "" ? reason : last
    if (r == "") r = "(the test printed no reason)"
    printf "skipped: %s: %s\n", name, r
    count++
}
/<testcase / {
    name = $0; sub(/.*<testcase name="/, "", name); sub(/".*/, "", name)
    name = unxml(name)
    skipped = ($0 ~ /status="notrun"/); inout = 0; reason = ""; last = ""
    next
}
skipped && /<system-out>/ { inout = 1; sub(/.*<system-out>/, "") }
skipped && inout {
    end = sub(/<\/system-out>.*/, "")
    line = unxml($0)
    if (line ~ /[^ \t]/) {
        last = line
        if (reason == "" && tolower(line) ~ /skip/) {
            reason = line
            sub(/^[ \t]*\[? *[Ss][Kk][Ii][Pp]+[Ee]?[Dd]? *\]?:?[ \t]*/, "", reason)
            sub(/:? *[Ss]kipped\.?[ \t]*$/, "", reason)
        }
    }
    if (end) inout = 0
}
skipped && /<\/testcase>/ { report(); skipped = 0 }
' "$1"
