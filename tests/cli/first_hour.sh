#!/bin/sh
# A new user's set-up: scripts/deps.sh asks for clang only for make fuzz,
# and make test says why each skipped test was skipped (scripts/skipped.sh
# over ctest's JUnit report).
. "$(dirname "$0")/lib.sh"

# 1. deps.sh as a user (id -u is 1000) on a machine with every package but
#    clang (a fake dpkg-query): the build needs nothing, make fuzz needs clang.
mkdir "$work/fake"
cat >"$work/fake/dpkg-query" <<'END'
#!/bin/sh
for last; do :; done
[ "$last" = clang ] && exit 1
printf 'install ok installed'
END
printf '#!/bin/sh\necho 1000\n' >"$work/fake/id"
chmod +x "$work/fake/dpkg-query" "$work/fake/id"
expect_status 0 env PATH="$work/fake:$PATH" sh "$SRC/scripts/deps.sh"
expect_status 1 env PATH="$work/fake:$PATH" sh "$SRC/scripts/deps.sh" fuzz
expect_grep "$work/err" "deps: missing Debian packages: clang"
expect_status 2 env PATH="$work/fake:$PATH" sh "$SRC/scripts/deps.sh" bogus
# make fuzz asks for clang, make build does not (the Makefile's recipes).
grep -q '^fuzz:' "$SRC/Makefile" && sed -n '/^fuzz:/,/^$/p' "$SRC/Makefile" | grep -q 'deps.sh fuzz' ||
  { echo "FAIL: make fuzz does not run deps.sh fuzz" >&2; fail=1; }

# 2. Skipped tests and their reasons, from a real ctest run.
mkdir "$work/proj"
cat >"$work/proj/CMakeLists.txt" <<'END'
cmake_minimum_required(VERSION 3.20)
project(skips NONE)
enable_testing()
add_test(NAME needs_corpus COMMAND sh -c "echo 'reading...'; echo 'skip: no corpus at /x/shared/corpus/obj'; exit 77")
add_test(NAME corpus_c COMMAND sh -c "echo 'corpus not found at /x/<c&d>: skipped' >&2; exit 77")
add_test(NAME silent COMMAND sh -c "exit 77")
add_test(NAME passes COMMAND sh -c "echo 'skip nothing'")
set_tests_properties(needs_corpus corpus_c silent PROPERTIES SKIP_RETURN_CODE 77)
END
if cmake -S "$work/proj" -B "$work/proj/b" >"$work/cmake.log" 2>&1 &&
   (cd "$work/proj/b" && ctest --output-junit "$work/proj/b/junit.xml") >"$work/ctest.log" 2>&1; then
  expect_status 0 sh "$SRC/scripts/skipped.sh" "$work/proj/b/junit.xml"
  cat >"$work/want" <<'END'
skipped: needs_corpus: no corpus at /x/shared/corpus/obj
skipped: corpus_c: corpus not found at /x/<c&d>
skipped: silent: (the test printed no reason)
END
  if ! cmp -s "$work/want" "$work/out"; then
    echo "FAIL: scripts/skipped.sh:" >&2; diff "$work/want" "$work/out" >&2; fail=1
  fi
else
  echo "FAIL: the ctest project did not run:" >&2; cat "$work/cmake.log" "$work/ctest.log" >&2; fail=1
fi
# make test-plain and test-san run it after ctest, with ctest's JUnit report.
grep -q 'output-junit' "$SRC/Makefile" && grep -q 'scripts/skipped.sh' "$SRC/Makefile" && grep -q '^test-plain:' "$SRC/Makefile" &&
  grep -A1 '^test-san:' "$SRC/Makefile" | grep -q 'CTEST_RUN' ||
  { echo "FAIL: make test does not report skipped tests (scripts/skipped.sh)" >&2; fail=1; }
# No report, no lines.
expect_status 0 sh "$SRC/scripts/skipped.sh" "$work/none.xml"
[ -s "$work/out" ] && { echo "FAIL: skipped.sh printed without a report" >&2; fail=1; }
finish
