#!/usr/bin/env bash
# Instructions, not seconds: each job run once under callgrind (valgrind),
# which counts the instructions a run executes. The count is the same on
# every run of the same binary and input, however busy the machine, so a
# before/after of a change is exact where timings on a shared machine
# wander by 2x (docs/benchmarks.md, "Fewer allocations per node"). It says
# nothing of cache misses, page faults or the kernel: time what matters
# too (timed runs: /usr/bin/time, tools/bench/vs_libsdformat.sh).
#
#   tools/bench/instructions.sh BEFORE AFTER -- ARGS... [-- ARGS...]...
#
# BEFORE and AFTER are sdfconv binaries (AFTER may be `-` to count BEFORE
# alone); each ARGS is one job's arguments to sdfconv, e.g.
#
#   tools/bench/instructions.sh /tmp/sdfconv.old bazel-bin/cli/sdfconv \
#     -- check big.sdf -- upgrade --check -j 1 ../shared/corpus/gazebo_models
#
# Prints a Markdown table: the job, the instructions of each binary and
# AFTER / BEFORE. A job's output goes to /dev/null; its exit status is
# shown when it is not 0 (sdfconv exits 1 for a file with errors, which
# is still a fair job to count). Use `-j 1`: callgrind runs threads one
# at a time anyway.
#
# Needs valgrind (Debian package `valgrind`); about 50x slower than a run.
set -euo pipefail

if [ $# -lt 4 ] || [ "$3" != "--" ]; then
  echo "usage: $0 BEFORE AFTER|- -- ARGS... [-- ARGS...]..." >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "$0: needs valgrind" >&2; exit 2; }
before=$1
after=$2
shift 3

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# count BINARY ARGS...: prints "INSTRUCTIONS STATUS".
count() {
  local binary=$1
  shift
  local status=0
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" \
    "$binary" "$@" >/dev/null 2>"$scratch/err" </dev/null || status=$?
  local n
  n=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$scratch/err" | tail -n 1)
  [ -n "$n" ] || { echo "$0: callgrind counted nothing for $binary $*" >&2; exit 2; }
  echo "$n $status"
}

if [ "$after" = - ]; then
  echo "| job | instructions |"
  echo "| --- | ---: |"
else
  echo "| job | before | after | after / before |"
  echo "| --- | ---: | ---: | ---: |"
fi
job=()
run_job() {
  [ ${#job[@]} -gt 0 ] || return 0
  local b a bs as
  read -r b bs < <(count "$before" "${job[@]}")
  local label="\`${job[*]}\`"
  [ "$bs" = 0 ] || label="$label (exit $bs)"
  if [ "$after" = - ]; then
    echo "| $label | $b |"
  else
    read -r a as < <(count "$after" "${job[@]}")
    [ "$as" = "$bs" ] || label="$label (after: exit $as)"
    awk -v l="$label" -v b="$b" -v a="$a" \
      'BEGIN { printf "| %s | %s | %s | %.3f |\n", l, b, a, a / b }'
  fi
  job=()
}
for arg in "$@"; do
  if [ "$arg" = "--" ]; then
    run_job
  else
    job+=("$arg")
  fi
done
run_job
