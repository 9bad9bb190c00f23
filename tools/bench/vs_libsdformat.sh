#!/usr/bin/env bash
# sdfconv against a libsdformat, job by job, in one run: CPU time (user +
# system, the median of RUNS runs) and peak memory (the largest RSS), with
# the ratio sdfconv / libsdformat (for CPU, the median ratio of RUNS rounds
# of runs, the tools alternating: two, or three for a URDF). Prints a
# Markdown table
# (docs/benchmarks.md).
#
#   tools/bench/vs_libsdformat.sh FILE...          # SDFormat or URDF files
#
# Settings (environment):
#   SDFORMAT_PREFIX  install prefix of the libsdformat to compare with: a
#                    build from source (docs/benchmarks.md says how), or
#                    /usr for Debian's libsdformat 12 (the default)
#   RUNS             runs per tool and job (default 5)
#   SDFCONV          the sdfconv binary (default: built here with -c opt)
#   OUT              scratch folder (default: a new temporary one)
#
# Jobs, each the same work for both tools:
#   check  `sdfconv check F`  vs  `gz sdf --check F` (the libsdformat build's
#          own command-line tool when it has one, else Root::Load)
#   flat   `sdfconv convert F --to flat`  vs  Root::Load + every frame's
#          world pose, printed (tools/bench/libsdformat_bench.cc)
#   sdf    `sdfconv convert F --to sdf`  vs  Root::Load + the file printed
#          (`gz sdf -p`)
#   urdf   (a .urdf F) `sdfconv convert F --to sdf`  vs  Root::Load of F
#   urdfdom (a .urdf F) urdfdom's parseURDF of F alone
#          (tools/bench/urdfdom_parse.cc)  vs  the same Root::Load runs as
#          the urdf row (the three commands alternate): the floor of the
#          urdf ratio, since both tools let urdfdom read the file
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=${SDFORMAT_PREFIX:-/usr}
runs=${RUNS:-5}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "RUNS must be 1 or more" >&2; exit 2; }
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"

if [ -z "${SDFCONV:-}" ]; then  # built optimised, bazel-bin left alone
  bazel build -c opt --symlink_prefix=/ //cli:sdfconv >&2
  SDFCONV=$(bazel info -c opt bazel-bin 2>/dev/null)/cli/sdfconv
fi

# The harness, against the libsdformat of `prefix`.
pc_path="$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig"
pc=""
for name in sdformat sdformat16 sdformat15 sdformat14 sdformat13 sdformat12; do
  if PKG_CONFIG_PATH=$pc_path pkg-config --exists "$name"; then pc=$name; break; fi
done
[ -n "$pc" ] || { echo "no libsdformat under $prefix (pkg-config)" >&2; exit 2; }
version=$(PKG_CONFIG_PATH=$pc_path pkg-config --modversion "$pc")
harness="$out/libsdformat_bench"
# shellcheck disable=SC2046
g++ -O2 -std=c++17 tools/bench/libsdformat_bench.cc \
  $(PKG_CONFIG_PATH=$pc_path pkg-config --cflags --libs "$pc") \
  -Wl,--disable-new-dtags,-rpath,"$prefix/lib" -o "$harness"
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# urdfdom alone (Debian's, which libsdformat's URDF parser calls too),
# when there is a URDF to read.
urdfdom_parse=""
for file in "$@"; do
  if [[ "$file" == *.urdf ]]; then
    urdfdom_parse="$out/urdfdom_parse"
    # shellcheck disable=SC2046
    g++ -O2 -std=c++17 tools/bench/urdfdom_parse.cc \
      $(pkg-config --cflags --libs urdfdom) -o "$urdfdom_parse"
    break
  fi
done
gz_sdf=""
for candidate in "$prefix"/libexec/gz/sdformat*/gz-sdformat-sdf; do
  [ -x "$candidate" ] && gz_sdf=$candidate
done

# median_of: the middle line of sorted numbers on stdin, or "-" when there
# are none.
median_of() {
  sort -g | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : "-" }'
}
# ratios_median: the median of the ratios on stdin that are numbers.
ratios_median() { { grep -v '^-$' || true; } | median_of; }

# cpu_of FILE: user + system seconds from /usr/bin/time's last line.
cpu_of() { tail -n 1 "$1" | awk '{ print $1 + $2 }'; }

# repeats_of NAME CMD...: runs CMD once (its output kept in OUT/NAME.*)
# and prints "repeat peak_kib status": how often one timed run repeats CMD
# to use at least 0.3 s of CPU (time(1) counts in 10 ms steps), its peak
# RSS and its exit status.
repeats_of() {
  local name=$1
  shift
  local status=0
  /usr/bin/time -f '%U %S %M' -o "$out/$name.time" "$@" >"$out/$name.out" 2>"$out/$name.err" || status=$?
  local once
  once=$(cpu_of "$out/$name.time")
  awk -v t="$once" -v s="$status" -v k="$(tail -n 1 "$out/$name.time" | awk '{ print $3 }')" \
    'BEGIN { n = t > 0 ? int(0.3 / t) + 1 : 60; if (n > 60) n = 60; if (n < 1) n = 1; print n, k, s }'
}

# timed NAME REPEAT CMD...: one timed run, CMD repeated REPEAT times;
# prints "cpu_seconds_per_run peak_kib".
timed() {
  local name=$1 repeat=$2
  shift 2
  /usr/bin/time -f '%U %S %M' -o "$out/$name.time" \
    sh -c 'n=$1; shift; while [ "$n" -gt 0 ]; do "$@" >/dev/null 2>&1; n=$((n - 1)); done' sh "$repeat" "$@" || true
  awk -v n="$repeat" '{ print ($1 + $2) / n, $3 }' <(tail -n 1 "$out/$name.time")
}

# measure_pair: with arrays a and b set (and c, or c=()), prints "a_cpu
# a_mib a_status b_cpu b_mib b_status ratio" (then "c_cpu c_mib c_status
# c_ratio" when c is set, c_ratio being c against the same runs of b).
# The tools' timed runs alternate, a, b (and c), RUNS times, so that a
# change of the machine's speed (this one has slow and fast spells) falls
# on all; a ratio is the median of the RUNS rounds' ratios, each tool's
# CPU the median of its runs, and its memory the largest peak RSS of any
# single run of its command.
measure_pair() {
  local a_repeat a_peak a_status b_repeat b_peak b_status
  local c_repeat=0 c_peak=0 c_status=0
  read -r a_repeat a_peak a_status < <(repeats_of a "${a[@]}")
  read -r b_repeat b_peak b_status < <(repeats_of b "${b[@]}")
  if ((${#c[@]})); then
    read -r c_repeat c_peak c_status < <(repeats_of c "${c[@]}")
  fi
  local a_cpus="" b_cpus="" c_cpus="" ratios="" c_ratios=""
  local a_cpu a_kib b_cpu b_kib c_cpu c_kib
  for ((i = 0; i < runs; i++)); do
    read -r a_cpu a_kib < <(timed a "$a_repeat" "${a[@]}")
    read -r b_cpu b_kib < <(timed b "$b_repeat" "${b[@]}")
    a_cpus+="$a_cpu"$'\n'
    b_cpus+="$b_cpu"$'\n'
    ratios+="$(ratio "$a_cpu" "$b_cpu")"$'\n'
    [ "$a_kib" -gt "$a_peak" ] && a_peak=$a_kib
    [ "$b_kib" -gt "$b_peak" ] && b_peak=$b_kib
    if ((${#c[@]})); then
      read -r c_cpu c_kib < <(timed c "$c_repeat" "${c[@]}")
      c_cpus+="$c_cpu"$'\n'
      c_ratios+="$(ratio "$c_cpu" "$b_cpu")"$'\n'
      [ "$c_kib" -gt "$c_peak" ] && c_peak=$c_kib
    fi
  done
  mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
  local c_fields=""
  if ((${#c[@]})); then
    c_fields="$(printf '%s' "$c_cpus" | median_of) $(mib "$c_peak") $c_status"
    c_fields+=" $(printf '%s' "$c_ratios" | ratios_median)"
  fi
  echo "$(printf '%s' "$a_cpus" | median_of) $(mib "$a_peak") $a_status" \
    "$(printf '%s' "$b_cpus" | median_of) $(mib "$b_peak") $b_status" \
    "$(printf '%s' "$ratios" | ratios_median) $c_fields"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }'; }
seconds() { awk -v s="$1" 'BEGIN { printf "%.4f", s }'; }

echo "libsdformat $version ($prefix, $pc); sdfconv $("$SDFCONV" --version 2>/dev/null | head -1); $runs alternating rounds of runs (pairs, or triples for a URDF), median CPU and median ratio"
if [ -n "$urdfdom_parse" ]; then
  echo
  echo "In the rows of job urdfdom, the sdfconv columns are urdfdom_parse's (urdfdom alone, the floor of the urdf job's ratio), against the urdf row's libsdformat runs."
fi
echo
echo "| file | job | sdfconv CPU s | libsdformat CPU s | CPU ratio | sdfconv MiB | libsdformat MiB | memory ratio |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for file in "$@"; do
  base=$(basename "$(dirname "$file")")/$(basename "$file")
  if [[ "$file" == *.urdf ]]; then
    jobs=(urdf)
  else
    jobs=(check flat sdf)
  fi
  for job in "${jobs[@]}"; do
    c=()
    case $job in
      check)
        a=("$SDFCONV" check "$file")
        if [ -n "$gz_sdf" ]; then b=("$gz_sdf" --check "$file"); else b=("$harness" load "$file"); fi ;;
      flat) a=("$SDFCONV" convert "$file" --to flat -o "$out/a.json"); b=("$harness" flat "$file") ;;
      sdf)
        a=("$SDFCONV" convert "$file" --to sdf -o "$out/a.sdf")
        if [ -n "$gz_sdf" ]; then b=("$gz_sdf" -p "$file"); else b=("$harness" print "$file"); fi ;;
      urdf)
        a=("$SDFCONV" convert "$file" --to sdf -o "$out/a.sdf"); b=("$harness" load "$file")
        c=("$urdfdom_parse" "$file") ;;
    esac
    read -r a_cpu a_mib a_status b_cpu b_mib b_status cpu_ratio \
      c_cpu c_mib c_status c_ratio < <(measure_pair)
    note=""
    [ "$a_status" -eq 0 ] || note+=" (sdfconv exit $a_status)"
    [ "$b_status" -eq 0 ] || note+=" (libsdformat exit $b_status)"
    echo "| $base$note | $job | $(seconds "$a_cpu") | $(seconds "$b_cpu") | $cpu_ratio | $a_mib | $b_mib | $(ratio "$a_mib" "$b_mib") |"
    if ((${#c[@]})); then  # urdfdom alone, against the same libsdformat runs
      note=""
      [ "$c_status" -eq 0 ] || note+=" (urdfdom_parse exit $c_status)"
      [ "$b_status" -eq 0 ] || note+=" (libsdformat exit $b_status)"
      echo "| $base$note | urdfdom | $(seconds "$c_cpu") | $(seconds "$b_cpu") | $c_ratio | $c_mib | $b_mib | $(ratio "$c_mib" "$b_mib") |"
    fi
  done
done
