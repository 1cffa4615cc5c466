# Shared by the CLI tests: $RETROMESH is the tool, $FIXTURES the project's
# fixtures, $SRC the source tree, $SHARED the corpus folder (may be absent).
set -u
fail=0
work=$(mktemp -d "${TMPDIR:-/tmp}/rm_cli.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# expect_status WANT CMD...: runs CMD, stdout to $work/out, stderr to $work/err.
expect_status() {
  want=$1; shift
  "$@" >"$work/out" 2>"$work/err"
  got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL: exit $got, want $want: $*" >&2
    sed 's/^/  stderr: /' "$work/err" | head -20 >&2
    fail=1
  fi
}
# expect_grep FILE PATTERN: the file holds a line matching the fixed string.
expect_grep() {
  if ! grep -qF -- "$2" "$1"; then
    echo "FAIL: '$2' not found in $(basename "$1"):" >&2
    head -20 "$1" | sed 's/^/  | /' >&2
    fail=1
  fi
}
expect_no_file() {
  if [ -e "$1" ]; then echo "FAIL: $1 exists" >&2; fail=1; fi
}
finish() {
  if [ "$fail" = 0 ]; then echo "ok"; fi
  exit "$fail"
}
