#!/bin/sh
# How `sdfconv check` scales with its input: CPU time (user + system) and
# peak memory on the synthetic families of tools/bench/generate.sh, at
# sizes 10x apart, with the growth of each step. Prints a Markdown table
# (docs/benchmarks.md, issue 15's scaling goals).
#
#   tools/bench/scaling.sh [SPEC...]   # e.g. frames:1000 arm:1000000
#
# Settings (environment):
#   SDFCONV   the sdfconv binary (default: built here with -c opt)
#   RUNS      timed runs per file (default 3); the table shows the median
#             CPU and the largest peak. A small file's timed run repeats
#             the command until it has used 0.3 s of CPU, and counts the
#             mean of its repeats
#
# Default specs: frames at 10^3-10^6, arm and urdfchain at 10^3-10^5
# (arm_1000000 is 1.2 GB and needs about 11 GiB of memory; ask for it by
# name). Every run raises `input_bytes` to its largest value
# (docs/limits.md), so that the largest files are read whole. A spec whose
# check fails shows "-" and what the check said goes to stderr; the script
# then exits 1.
# Needs GNU time (/usr/bin/time).
set -eu

RUNS=${RUNS:-3}
case "$RUNS" in
  ''|*[!0-9]*|0) echo "scaling.sh: RUNS must be 1 or more" >&2; exit 2 ;;
esac
case "${SDFCONV:-}" in  # absolute, before the cd below
  ''|/*) ;;
  */*) SDFCONV=$(pwd)/$SDFCONV ;;
  *) SDFCONV=$(command -v "$SDFCONV" || echo "$SDFCONV") ;;
esac
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

if [ ! -x /usr/bin/time ]; then
  echo "scaling.sh: /usr/bin/time is missing (apt-get install time)" >&2
  exit 2
fi
if [ -z "${SDFCONV:-}" ]; then  # built optimised, bazel-bin left alone
  bazel build -c opt --jobs=2 --symlink_prefix=/ //cli:sdfconv >&2
  SDFCONV=$(bazel info -c opt bazel-bin 2>/dev/null)/cli/sdfconv
fi
[ -x "$SDFCONV" ] || { echo "scaling.sh: no sdfconv at $SDFCONV" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/sdfconv-scaling.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if [ $# -eq 0 ]; then
  set -- frames:1000 frames:10000 frames:100000 frames:1000000 \
         arm:1000 arm:10000 arm:100000 \
         urdfchain:1000 urdfchain:10000 urdfchain:100000
fi

# run R: `check` of $file R times in a row, timed as one run into
# $work/time (its last line "user system peak_kib"); a failed check ends
# it, sets status and leaves its diagnostics in $work/err.
run() {
  # shellcheck disable=SC2016  # the loop's variables are the inner sh's
  /usr/bin/time -f '%U %S %M' -o "$work/time" sh -c '
    n=$1 err=$2; shift 2
    while [ "$n" -gt 0 ]; do "$@" > /dev/null 2> "$err" || exit $?; n=$((n - 1)); done
  ' sh "$1" "$work/err" "$SDFCONV" check --limit input_bytes=2147483647 \
    "$file" || status=$?
}

echo "| input | N | CPU s | peak MiB | CPU vs N/10 | exit |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
previous=""  # "family n cpu" of the last row that ran whole
failed=0
for spec in "$@"; do
  family=${spec%%:*}
  n=${spec#*:}
  file=$("$root/tools/bench/generate.sh" "$work" "$spec")
  status=0
  run 1
  # How often a timed run repeats the command to use at least 0.3 s of
  # CPU (time(1) counts in 10 ms steps), at most 100.
  repeat=$(tail -n 1 "$work/time" | awk '{ t = $1 + $2
    n = t > 0 ? int(0.3 / t) + 1 : 100; if (n > 100) n = 100; print n }')
  cpus=""
  peak=0
  i=0
  while [ "$status" -eq 0 ] && [ "$i" -lt "$RUNS" ]; do
    i=$((i + 1))
    run "$repeat"
    cpus="$cpus$(tail -n 1 "$work/time" | awk -v r="$repeat" '{ print ($1 + $2) / r }')
"
    kib=$(tail -n 1 "$work/time" | awk '{ print $3 }')
    [ "$kib" -gt "$peak" ] && peak=$kib
  done
  if [ "$status" -ne 0 ]; then  # a failed run's CPU is no figure
    failed=1
    echo "scaling.sh: check of ${spec} exited $status: $(head -n 1 "$work/err")" >&2
    echo "| $family | $n | - | - | - | $status |"
    previous=""
    rm -f "$file"
    continue
  fi
  cpu=$(printf '%s' "$cpus" | sort -g |
    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  growth=$(echo "$previous" | awk -v f="$family" -v n="$n" -v c="$cpu" '{
      if ($1 == f && $2 * 10 == n && $3 > 0) { printf "%.1fx", c / $3; exit }
    } END { if (NR == 0 || !($1 == f && $2 * 10 == n && $3 > 0)) print "-" }')
  awk -v f="$family" -v n="$n" -v c="$cpu" -v k="$peak" -v g="$growth" 'BEGIN {
      printf "| %s | %d | %.4f | %.1f | %s | 0 |\n", f, n, c, k / 1024, g
    }'
  previous="$family $n $cpu"
  rm -f "$file"
done
exit "$failed"
