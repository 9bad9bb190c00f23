#!/usr/bin/env bash
# Runs the whole test suite (installing what is missing first) and ends with
# the plain line "N passed, N failed, N skipped" counted over test cases.
# The corpus tests use ../shared/corpus when it exists and skip, saying so,
# otherwise. They get its path from the @corpus repository rule
# (third_party/corpus/corpus.bzl), as under a plain `bazel test //...`; this
# script hands the rule the path it sees now through SDFCONV_CORPUS (empty:
# absent), so the rule re-detects it whenever that changed, even while the
# Bazel server keeps an older answer.
set -uo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh || exit 2

corpus=""
[ -d ../shared/corpus ] && corpus="$(cd ../shared/corpus && pwd -P)"
[ -n "$corpus" ] || echo "note: ../shared/corpus not found; corpus tests will skip" >&2

SDFCONV_CORPUS="$corpus" bazel test //... --jobs=2 "$@"
rc=$?

# Count test cases in the JUnit XML Bazel leaves for every test target that
# exists now, every shard of a sharded one (bazel-testlogs keeps the logs of
# deleted targets too).
read -r passed failed skipped < <(
  SDFCONV_CORPUS="$corpus" bazel query 'tests(//...)' 2>/dev/null |
    sed -e 's|^//||' -e 's|:|/|' -e 's|^|bazel-testlogs/|' |
    while read -r dir; do  # a sharded test keeps one log per shard
      for log in "$dir/test.xml" "$dir"/shard_*_of_*/test.xml; do
        [ -f "$log" ] && cat "$log"
      done
    done | awk '
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
