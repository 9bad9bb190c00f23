#!/usr/bin/env bash
# Runs the whole test suite (installing what is missing first) and ends with
# the plain line "N passed, N failed, N skipped" counted over test cases.
# The corpus tests use ../shared/corpus when it exists and skip otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh || exit 2

corpus=""
[ -d ../shared/corpus ] && corpus="$(cd ../shared/corpus && pwd)"
[ -n "$corpus" ] || echo "note: ../shared/corpus not found; corpus tests will skip" >&2

bazel test //... --jobs=2 --test_env=SDFCONV_CORPUS="$corpus" "$@"
rc=$?

# Count test cases in the JUnit XML Bazel leaves for every test target.
read -r passed failed skipped < <(
  find -L bazel-testlogs/ -name test.xml 2>/dev/null | xargs -r cat | awk '
    /<testcase / {
      n++; open_case = ($0 !~ /\/>[[:space:]]*$/); bad = 0
      if ($0 ~ /result="skipped"/) s++
    }
    open_case && /<failure|<error / { if (!bad) { f++; bad = 1 } }
    /<\/testcase>/ { open_case = 0 }
    END { printf "%d %d %d\n", n - f - s, f + 0, s + 0 }')
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1  # a build or infrastructure failure left no test case behind
fi
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
exit "$rc"
