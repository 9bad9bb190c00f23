#!/bin/sh
# Benchmark: sdfconv against libsdformat 12 (the reference implementation),
# both doing the same job on the same file: load, validate, resolve every
# frame's world pose, write them as JSON.
#
#   tools/bench/run.sh            build, generate, measure, print a table
#
# Settings, from the environment:
#   RUNS=5          runs per tool and file; the table shows the median
#   TIMEOUT=120     seconds allowed for one run (then it counts as failed)
#   BAZEL_FLAGS='-c opt'   build flags for both binaries (libsdformat itself
#                   is Debian's optimised build; BAZEL_FLAGS= benchmarks
#                   Bazel's default, unoptimised fastbuild)
#   SIZES='arm:100 ...'    what tools/bench/generate.sh writes (default: all)
#   MEMLIMIT_MIB=8192   address-space cap per run (ulimit -v), so that a
#                   run that blows up fails alone instead of waking the OOM
#                   killer on a shared machine
#   CORPUS=../shared/corpus   real files; skipped, saying so, when absent
#   KEEP=DIR        keep generated files, outputs and raw timings in DIR
#
# Per run: /usr/bin/time -f '%e %M %U %S' gives peak RSS and CPU time (user
# + system, 10 ms resolution); the wall time shown is a nanosecond clock read
# around the same run, so small files get millisecond resolution rather than
# %e's 10 ms. On a machine shared with other work, wall time includes the
# time spent waiting for a core; CPU time does not, and is the steadier one.
# A run that fails (non-zero exit code, a signal, the timeout or the memory
# cap) is recorded as such in the table, with its last line of stderr below
# the table (for libsdformat, what it printed, from a re-run with
# --diagnostics); the remaining runs of that tool on that file are skipped.
#
# Needs: bazel, awk, GNU time (/usr/bin/time, Debian package `time`),
# GNU coreutils (timeout, date +%N). Builds with --symlink_prefix=/ so that the
# bazel-bin symlinks of whoever else uses the tree are left alone.
# `ulimit -v` is not POSIX, but dash (Debian's sh) and bash both have it.
# shellcheck disable=SC3045
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

RUNS=${RUNS:-5}
TIMEOUT=${TIMEOUT:-120}
MEMLIMIT_MIB=${MEMLIMIT_MIB:-8192}
BAZEL_FLAGS=${BAZEL_FLAGS--c opt}
CORPUS=${CORPUS:-../shared/corpus}

if [ ! -x /usr/bin/time ]; then
  echo "run.sh: /usr/bin/time is missing (apt-get install time)" >&2
  exit 2
fi

# 1. Build both binaries and find them without touching bazel-bin.
# shellcheck disable=SC2086  # BAZEL_FLAGS is a list of words
bazel build --jobs=2 --symlink_prefix=/ $BAZEL_FLAGS \
  //cli:sdfconv //testing:sdformat_oracle_dump >&2
# shellcheck disable=SC2086
bin=$(bazel info $BAZEL_FLAGS bazel-bin 2>/dev/null)
sdfconv="$bin/cli/sdfconv"
oracle="$bin/testing/sdformat_oracle_dump"
for b in "$sdfconv" "$oracle"; do
  [ -x "$b" ] || { echo "run.sh: not built: $b" >&2; exit 2; }
done

load_before=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo "?")

# 2. Input files: the synthetic families, then a few real ones.
if [ -n "${KEEP:-}" ]; then
  work=$KEEP
  mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/sdfconv-bench.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  trap 'exit 129' HUP
  trap 'exit 130' INT
  trap 'exit 141' PIPE
  trap 'exit 143' TERM
fi
files=$(
  # shellcheck disable=SC2086
  "$root/tools/bench/generate.sh" "$work/gen" ${SIZES:-}
)
corpus_files="
sdformat-tests/integration/include_custom_model_expected_output.sdf
sdformat-tests/integration/include_custom_nested_model_expected_output.sdf
sdformat-tests/integration/model/robot/model.sdf
sdformat-tests/sdf/world_complete.sdf"
if [ -d "$CORPUS/sdformat-tests" ]; then
  for f in $corpus_files; do files="$files
$CORPUS/$f"; done
else
  echo "run.sh: note: $CORPUS/sdformat-tests not found; real files skipped" >&2
fi

# 3. measure TOOL FILE: runs one tool RUNS times on FILE and prints
#    "status wall_s rss_kib frames output_bytes cpu_s" (medians; status ok,
#    exit:N, sig:NAME, timeout>Ns or mem>NMiB); what a failure printed goes
#    to $work/why.
measure() {
  tool=$1 file=$2
  out="$work/out.json" err="$work/err.txt" tf="$work/time.txt"
  : > "$work/walls"
  : > "$work/rsss"
  : > "$work/cpus"
  status=ok
  i=0
  while [ "$i" -lt "$RUNS" ]; do
    i=$((i + 1))
    rm -f "$out"
    t0=$(date +%s%N)
    set +e
    # The memory cap bounds sdfconv's run, not the default output_bytes
    # (nested_10000's JSON is 1.1 GiB, past it).
    if [ "$tool" = sdfconv ]; then
      (ulimit -v $((MEMLIMIT_MIB * 1024))
       exec timeout "$TIMEOUT" /usr/bin/time -f '%e %M %U %S' -o "$tf" \
         "$sdfconv" convert "$file" --to flat -o "$out" \
         --limit output_bytes=$((MEMLIMIT_MIB << 20))) > /dev/null 2> "$err"
    else
      (ulimit -v $((MEMLIMIT_MIB * 1024))
       exec timeout "$TIMEOUT" /usr/bin/time -f '%e %M %U %S' -o "$tf" \
         "$oracle" "$file") > "$out" 2> "$err"
    fi
    rc=$?
    set -e
    t1=$(date +%s%N)
    if [ "$rc" -eq 124 ]; then
      status="timeout>${TIMEOUT}s"
    elif grep -q 'std::bad_alloc' "$err"; then
      status="mem>${MEMLIMIT_MIB}MiB"
    elif grep -q '^Command terminated by signal' "$tf" 2>/dev/null; then
      sig=$(sed -n 's/^Command terminated by signal \([0-9]*\).*/\1/p' "$tf")
      status="sig:SIG$(kill -l "$sig" 2>/dev/null || echo "$sig")"
    elif [ "$rc" -eq 137 ]; then
      status="timeout>${TIMEOUT}s"
    elif [ "$rc" -ne 0 ]; then
      status="exit:$rc"
    fi
    if [ "$status" != ok ]; then
      why=$(grep -v '^Command ' "$err" | tail -n 1)
      if [ "$tool" = libsdformat ] && [ "${status#exit:}" != "$status" ]; then
        why=$( (ulimit -v $((MEMLIMIT_MIB * 1024))
                timeout "$TIMEOUT" "$oracle" --diagnostics --compact "$file") \
              2>/dev/null | sed -n 's/.*"diagnostics":"\([^"]*\)".*/\1/p')
      fi
      why=$(printf '%s' "$why" | sed 's/\\u001b\[[0-9;]*m//g; s/\x1b\[[0-9;]*m//g' \
            | sed "s|$work/gen/||g; s/\\\\n\$//" | tr '\n' ' ' | cut -c 1-200)
      printf '%s on %s: %s (run %d): %s\n' "$tool" "$(basename "$file")" \
        "$status" "$i" "${why:-no message}" >> "$work/why"
      break
    fi
    echo $(((t1 - t0) / 1000000)) >> "$work/walls"
    tail -n 1 "$tf" | awk '{ print $2 }' >> "$work/rsss"
    tail -n 1 "$tf" | awk '{ print $3 + $4 }' >> "$work/cpus"
  done
  frames=- bytes=-
  if [ "$status" = ok ]; then
    frames=$(grep -o '"attached_to"' "$out" | wc -l | tr -d ' ')
    bytes=$(wc -c < "$out" | tr -d ' ')
  fi
  printf '%s %s %s %s %s %s\n' "$status" \
    "$(median "$work/walls" | awk '{ print ($1 == "-") ? "-" : $1 / 1000 }')" \
    "$(median "$work/rsss")" "$frames" "$bytes" "$(median "$work/cpus")"
}

# median FILE: the median of the numbers in FILE, one a line ("-" if none).
median() {
  sort -n "$1" | awk '{ v[NR] = $1 }
    END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'
}

: > "$work/why"
: > "$work/rows"
echo "$files" | while IFS= read -r f; do
  [ -n "$f" ] || continue
  name=$(basename "$f")
  case "$f" in "$CORPUS"/*) name=${f#"$CORPUS"/sdformat-tests/} ;; esac
  elements=$(grep -o '<[A-Za-z_]' "$f" | wc -l | tr -d ' ')
  echo "run.sh: $name ($elements elements)" >&2
  a=$(measure sdfconv "$f")
  b=$(measure libsdformat "$f")
  echo "$name $elements $a $b" >> "$work/rows"
  echo "run.sh:   sdfconv $a | libsdformat $b" >&2
done

# 4. The table. Ratios are sdfconv / libsdformat (below 1: sdfconv is
#    faster or smaller). CPU times come in 10 ms steps, so a CPU ratio is
#    given only when sdfconv's is at least 0.05 s.
echo "| file | elements | sdfconv s | libsdformat s | ratio | sdfconv cpu s | libsdformat cpu s | ratio | sdfconv MiB | libsdformat MiB | ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
awk '
  function cell(st, v, kind) {
    if (st != "ok") return "**" st "**"
    if (kind == "m") return sprintf("%.1f", v / 1024)
    return sprintf(kind == "c" ? "%.2f" : "%.3f", v)
  }
  function ratio(sa, a, sb, b, floor) {
    if (sa != "ok" || sb != "ok" || b + 0 == 0 || a + 0 < floor) return "-"
    return sprintf("%.3f", a / b)
  }
  {
    # $1 name, $2 elements; sdfconv: $3 status, $4 wall s, $5 rss KiB,
    # $6 frames, $7 output bytes, $8 cpu s; libsdformat: $9 .. $14 the same.
    printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2,
      cell($3, $4, "s"), cell($9, $10, "s"), ratio($3, $4, $9, $10),
      cell($3, $8, "c"), cell($9, $14, "c"), ratio($3, $8, $9, $14, 0.05),
      cell($3, $5, "m"), cell($9, $11, "m"), ratio($3, $5, $9, $11)
    if ($3 == "ok" && $9 == "ok" && $6 != $12)
      mismatch = mismatch sprintf("- %s: sdfconv wrote %s frames, libsdformat %s\n", $1, $6, $12)
  }
  END { if (mismatch != "") printf "\nFrame counts differ:\n%s", mismatch }
' "$work/rows"
if [ -s "$work/why" ]; then
  echo
  echo "Failures:"
  sed 's/^/- /' "$work/why"
fi
echo
echo "RUNS=$RUNS TIMEOUT=${TIMEOUT}s MEMLIMIT_MIB=$MEMLIMIT_MIB" \
  "BAZEL_FLAGS='$BAZEL_FLAGS'; $(nproc) cores; load average" \
  "$load_before before, $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo "?") after."
echo "sdfconv per element (median wall and cpu time / elements), frames written, JSON size:"
awk '$3 == "ok" && $2 > 0 {
  cpu = ($8 >= 0.05) ? sprintf("%.2f", $8 * 1e6 / $2) : "-"
  printf "- %s: %.2f us/element wall, %s us/element cpu, %s frames, %.1f MiB\n",
    $1, $4 * 1e6 / $2, cpu, $6, $7 / 1048576 }' "$work/rows"
