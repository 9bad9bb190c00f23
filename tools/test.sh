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
# exists now in the workspace in the current folder, every shard of a
# sharded one (bazel-testlogs keeps the logs of deleted targets too).
count_cases() {
  bazel query 'tests(//...) except attr(tags, manual, //...)' 2>/dev/null |
    sed -e 's|^//||' -e 's|:|/|' -e 's|^/||' -e 's|^|bazel-testlogs/|' |
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
    END { printf "%d %d %d\n", n - f - s, f + 0, s + 0 }'
}
read -r passed failed skipped < <(SDFCONV_CORPUS="$corpus" count_cases)
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1  # a build or infrastructure failure left no test case behind
fi

# The Bazel rules as a user's workspace uses them: examples/bazel_user, a
# workspace of its own (its own Bazel server and output base) that builds
# sdfconv through local_repository (docs/bazel.md). Its test cases count
# with the others; so does one more check: the plain sdf_check_test of an
# invalid file fails, with the diagnostic in its log.
counts=$(mktemp)
(
  cd examples/bazel_user || exit 2
  bazel test //... --jobs=2 "$@"
  user_rc=$?
  read -r p f s < <(count_cases)
  if [ "$user_rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  bazel test //:cycle_check --jobs=2 "$@" >/dev/null 2>&1
  if [ $? -eq 3 ] &&
    grep -q 'bad/cycle.sdf:4: error\[POSE_RELATIVE_TO_CYCLE\]' \
      bazel-testlogs/cycle_check/test.log; then
    p=$((p + 1))
  else
    echo "FAIL: examples/bazel_user //:cycle_check should fail with its diagnostic" >&2
    f=$((f + 1))
  fi
  echo "$p $f $s" >"$counts"
  [ "$user_rc" -eq 0 ] && [ "$f" -eq 0 ]
)
user_status=$?
read -r p f s <"$counts" || { p=0; f=1; s=0; }
rm -f "$counts"
passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
[ "$user_status" -eq 0 ] || [ "$rc" -ne 0 ] || rc=1

# The layout docs/bazel.md gives, as written: a workspace with sdfconv at
# third_party/sdfconv, and the WORKSPACE and .bazelignore of the docs (the
# blocks after their "tools/test.sh:" markers). Its checkout is this one,
# built in place above, so it holds bazel-* links into output bases (Bazel
# walking into them for //... fails). Loading and analysis only: the
# example above builds and runs the rules.
layout_check() {
  local root=$PWD tmp ws status=0
  [ -d "bazel-$(basename "$root")/external" ] || {
    echo "FAIL: no bazel-$(basename "$root") link here: the layout check needs a build in place" >&2
    return 1
  }
  tmp=$(mktemp -d) ws=$tmp/user
  mkdir -p "$ws/third_party"
  ln -s "$root" "$ws/third_party/sdfconv"
  for file in WORKSPACE .bazelignore; do
    awk -v marker="<!-- tools/test.sh: $file -->" '
      $0 == marker { want = 1; next }
      want && /^```/ { if (inside) exit; inside = 1; next }
      inside { print }' docs/bazel.md >"$ws/$file"
    [ -s "$ws/$file" ] || { echo "FAIL: docs/bazel.md gives no $file" >&2; status=1; }
  done
  tar -C examples/bazel_user --exclude='./bazel-*' --exclude=./WORKSPACE -cf - . |
    tar -C "$ws" -xf -
  if [ "$status" -eq 0 ]; then
    (
      cd "$ws" &&
        bazel --output_base="$tmp/output_base" query //... >/dev/null &&
        bazel --output_base="$tmp/output_base" build --nobuild //...
    ) >"$tmp/log" 2>&1 || status=1
    if [ "$status" -ne 0 ] || grep -q '^ERROR' "$tmp/log"; then
      echo "FAIL: the layout of docs/bazel.md does not load:" >&2
      grep '^ERROR' "$tmp/log" | head -5 >&2
      status=1
    fi
    (cd "$ws" && bazel --output_base="$tmp/output_base" shutdown) >/dev/null 2>&1
  fi
  chmod -R u+w "$tmp" 2>/dev/null
  rm -rf "$tmp"
  return "$status"
}
if layout_check; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  [ "$rc" -ne 0 ] || rc=1
fi

echo "${passed} passed, ${failed} failed, ${skipped} skipped"
exit "$rc"
