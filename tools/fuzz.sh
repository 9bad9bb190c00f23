#!/usr/bin/env bash
# Fuzzes sdfconv with libFuzzer under AddressSanitizer and
# UndefinedBehaviorSanitizer (clang from Debian), each target for SECONDS
# (default 60), seeded from ../shared/corpus (when present) and testdata.
# Prints each target's executions and whether it found a crash; a crash's
# input is kept as OUT/crashes/TARGET-crash-<sha1> (replay it with the
# target's smoke binary: bazel run //PKG:TARGET_smoke -- FILE). Exit 1 when
# any target crashed.
#
#   tools/fuzz.sh [SECONDS] [TARGET...]   targets: xml_tree_fuzz
#                                         xml_gate_fuzz read_fuzz
#                                         urdf_writer_fuzz upgrade_fuzz
#   tools/fuzz.sh --unit-tests            the unit tests of core/ and
#                                         converters/ once under the
#                                         sanitizers (gcc)
# Settings (environment): OUT (default /tmp/sdfconv-fuzz): the corpora the
# fuzzers grow, crashes, logs. RUNS=N: stop each target after N executions
# (or SECONDS, whichever comes first); the long runs of docs/reliability.md
# ran one tools/fuzz.sh per target side by side with RUNS=1000000. The
# clang build has an output base of its own (OUT/bazel), so it never
# disturbs the usual build's cache.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/sdfconv-fuzz}
mkdir -p "$out"
corpus=""
[ -d ../shared/corpus ] && corpus="$(cd ../shared/corpus && pwd -P)"

if [ "${1:-}" = "--unit-tests" ]; then
  # Sanitized code runs several times slower: the corpus tests get four
  # times Bazel's timeouts (urdf_oracle_test took 1,196 s, over the 900 s
  # of a long test).
  exec bazel --output_base="$out/bazel-sanitize" test --config=sanitize \
    --symlink_prefix=/ --jobs=2 --test_timeout=240,1200,3600,14400 \
    --test_env=ASAN_OPTIONS=detect_leaks=1 \
    --test_env=UBSAN_OPTIONS=print_stacktrace=1 \
    --test_env=SDFCONV_CORPUS="$corpus" //core/... //converters/...
fi

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] ||
  targets=(xml_tree_fuzz xml_gate_fuzz read_fuzz urdf_writer_fuzz upgrade_fuzz)

label() {
  case $1 in
    xml_tree_fuzz | xml_gate_fuzz) echo "//converters/xml:$1" ;;
    read_fuzz | urdf_writer_fuzz) echo "//converters/convert:$1" ;;
    upgrade_fuzz) echo //converters/upgrade:upgrade_fuzz ;;
    *) echo "unknown target $1" >&2; exit 2 ;;
  esac
}

labels=()
for t in "${targets[@]}"; do labels+=("$(label "$t")"); done
# --symlink_prefix=/: the workspace's bazel-* links stay the usual build's.
CC=clang CXX=clang++ bazel --output_base="$out/bazel" build --config=fuzz \
  --symlink_prefix=/ --jobs=2 "${labels[@]}" || exit 2
bin=$(CC=clang CXX=clang++ bazel --output_base="$out/bazel" info \
  --config=fuzz bazel-bin 2>/dev/null)

# urdfdom 3.0.1 itself leaks on some URDFs it refuses (its own check_urdf
# too, under valgrind): not ours, so LeakSanitizer leaves it out.
printf 'leak:liburdfdom_model.so\n' >"$out/lsan.supp"
export LSAN_OPTIONS="suppressions=$out/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

seeds=(testdata/examples testdata/spec cli/testdata/upgrade)
[ -n "$corpus" ] && seeds+=("$corpus/sdformat-tests" "$corpus/urdf" \
  "$corpus/gazebo_models")
crashed=0
for t in "${targets[@]}"; do
  l=$(label "$t")
  exe="$bin/${l#//}"
  exe="${exe/://}"
  mkdir -p "$out/corpus/$t" "$out/crashes"
  log="$out/$t.log"
  "$exe" "$out/corpus/$t" "${seeds[@]}" -max_total_time="$seconds" \
    -max_len=65536 -timeout=20 -rss_limit_mb=3072 -print_final_stats=1 \
    ${RUNS:+-runs="$RUNS"} \
    -artifact_prefix="$out/crashes/$t-" >"$log" 2>&1
  status=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  took=$(grep -o '^Done [0-9]* runs in [0-9]*' "$log" | grep -o '[0-9]*$')
  if [ "$status" -ne 0 ]; then
    crashed=1
    echo "$t: CRASH after ${execs:-?} executions (exit $status); see $log"
  else
    echo "$t: ${execs:-?} executions in ${took:-$seconds} s, no crash"
  fi
done
exit "$crashed"
