#!/usr/bin/env bash
# Limits end to end (docs/limits.md): memory that runs out under `ulimit -v`
# is OUT_OF_MEMORY for the file, exit 2, nothing written, and `upgrade`
# goes on with the next file; includes that fan out stop at
# include_instances with INPUT_LIMIT_EXCEEDED, exit 2, nothing written;
# an output past output_bytes is OUTPUT_LIMIT_EXCEEDED, the same way;
# `--limit` sets a bound and refuses what is not one.
#   usage: limits_cli_test.sh SDFCONV
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=${TEST_TMPDIR:-$(mktemp -d)}/limits_cli
rm -rf "$tmp"
mkdir -p "$tmp/tree" "$tmp/fan"
. cli/testing/cli_test_lib.sh

# 100,000 frames, each posed relative to the one before: ~8 MB of input
# that needs over 100 MB of address space to read, where the small file
# below needs under 20 MB (sdfconv maps no library but the C and C++
# runtimes at its start; docs/architecture.md).
awk 'BEGIN {
  print "<sdf version=\"1.8\"><model name=\"m\"><link name=\"l\"/>"
  print "<frame name=\"f0\" attached_to=\"l\"/>"
  for (i = 1; i < 100000; i++)
    printf "<frame name=\"f%d\"><pose relative_to=\"f%d\">0 0 0.1 0 0 0.01</pose></frame>\n", i, i - 1
  print "</model></sdf>"
}' >"$tmp/tree/big.sdf"
cat >"$tmp/tree/small.sdf" <<'SDF'
<?xml version="1.0"?>
<sdf version="1.6">
  <model name="small">
    <link name="base"/>
    <link name="arm"><pose frame="base">0 0 1 0 0 0</pose></link>
  </model>
</sdf>
SDF
limit_kb=80000

# run_limited NAME STATUS ARGS...: `run` with the address space capped.
run_limited() {
  local name=$1 expected=$2
  shift 2
  (ulimit -v "$limit_kb" && "$sdfconv" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err")
  local status=$?
  [ "$status" -eq "$expected" ] ||
    fail "$name: sdfconv $* under ulimit -v $limit_kb exited $status, expected $expected ($(head -c 300 "$tmp/$name.err"))"
}

# A small file still works under the cap: the cap is the big file's.
run_limited small_check 0 check "$tmp/tree/small.sdf"
run_limited big_check 2 check "$tmp/tree/big.sdf"
expect_grep big_check "$tmp/big_check.err" "big.sdf: error[OUT_OF_MEMORY]:"
for to in flat sdf urdf; do
  run_limited "big_$to" 2 convert "$tmp/tree/big.sdf" --to "$to" -o "$tmp/big.$to"
  expect_grep "big_$to" "$tmp/big_$to.err" "error[OUT_OF_MEMORY]"
  [ ! -e "$tmp/big.$to" ] || fail "big_$to: $tmp/big.$to written"
done
run_limited big_json 2 convert "$tmp/tree/big.sdf" --to flat -o "$tmp/big.json" \
  --diagnostics-format json --diagnostics-output "$tmp/big_diags.json"
expect_grep big_json "$tmp/big_diags.json" '"OUT_OF_MEMORY"'
# upgrade: the big file fails, the small one is upgraded all the same.
run_limited upgrade 1 upgrade -j 1 -o "$tmp/out" "$tmp/tree"
expect_grep upgrade "$tmp/upgrade.err" "OUT_OF_MEMORY"
grep -q 'version="1.8"' "$tmp/out/small.sdf" 2>/dev/null ||
  fail "upgrade: small.sdf not upgraded next to the file that ran out"
[ ! -e "$tmp/out/big.sdf" ] || fail "upgrade: out/big.sdf written"
# Without the cap, the same file reads.
run big_uncapped 0 check "$tmp/tree/big.sdf"

# Each level's model includes the next one twice: 2^17 models.
for i in $(seq 17 -1 0); do
  if [ "$i" -eq 17 ]; then
    body='<link name="l"/>'
  else
    n=$((i + 1))
    body="<link name=\"l\"/><include><uri>f$n.sdf</uri><name>a</name></include><include><uri>f$n.sdf</uri><name>b</name></include>"
  fi
  echo "<sdf version=\"1.8\"><model name=\"m$i\">$body</model></sdf>" >"$tmp/fan/f$i.sdf"
done
run fan_limit 2 convert "$tmp/fan/f0.sdf" --to flat -o "$tmp/fan.json" \
  --limit include_instances=1000
expect_grep fan_limit "$tmp/fan_limit.err" "error[INPUT_LIMIT_EXCEEDED]: expanding the includes of $tmp/fan/f0.sdf passes the limit of 1000 included models (include_instances;"
expect_grep fan_limit "$tmp/fan_limit.err" ".sdf:1: "
[ ! -e "$tmp/fan.json" ] || fail "fan_limit: fan.json written"
run fan_elements 2 check "$tmp/fan/f0.sdf" --limit elements=500
expect_grep fan_elements "$tmp/fan_elements.err" "limit of 500 elements (elements;"
# Raised, the same expansion reads in full (2^18 - 1 models).
run fan_raised 0 check "$tmp/fan/f0.sdf" --limit include_instances=300000 \
  --limit elements=2000000
expect_grep fan_raised "$tmp/fan_raised.out" "f0.sdf: valid"
# The default stops fan-outs past 100,000 models: 2^17 - 2 = 131,070 here.
run fan_default 2 graph "$tmp/fan/f0.sdf" -o "$tmp/fan.dot"
expect_grep fan_default "$tmp/fan_default.err" "limit of 100000 included models"
[ ! -e "$tmp/fan.dot" ] || fail "fan_default: fan.dot written"

# --limit refuses what is not a limit, as a usage error.
run bad_name 2 check "$tmp/tree/small.sdf" --limit includes=3
expect_grep bad_name "$tmp/bad_name.err" "unknown limit 'includes'"
run bad_value 2 check "$tmp/tree/small.sdf" --limit elements=0
expect_grep bad_value "$tmp/bad_value.err" "limit elements: '0' is not a whole number"
run tight_bytes 2 check "$tmp/tree/small.sdf" --limit input_bytes=64
expect_grep tight_bytes "$tmp/tight_bytes.err" "error[INPUT_LIMIT_EXCEEDED]"


# One element with 20,001 attributes: refused before libxml2 reads it (its
# duplicate check is quadratic), at its line, by every command; read when
# the limit is raised.
{
  printf '<sdf version="1.8">\n<model name="m"'
  for i in $(seq 0 20000); do printf ' a%d="1"' "$i"; done
  printf '>\n<link name="l"/></model></sdf>\n'
} >"$tmp/wide.sdf"
run wide_check 2 check "$tmp/wide.sdf"
expect_grep wide_check "$tmp/wide_check.err" "wide.sdf:2: error[INPUT_LIMIT_EXCEEDED]: an element has more than 10000 attributes"
run wide_sdf 2 convert "$tmp/wide.sdf" --to sdf -o "$tmp/wide_out.sdf"
[ ! -e "$tmp/wide_out.sdf" ] || fail "wide_sdf: output written"
run wide_upgrade 1 upgrade --check "$tmp/wide.sdf"
expect_grep wide_upgrade "$tmp/wide_upgrade.err" "more than 10000 attributes"
run wide_raised 0 check "$tmp/wide.sdf" --limit attributes=30000
# upgrade takes --limit too: raised, the same file is upgraded (its proof
# reads within the same limits); input_bytes stops a file before it is read.
run wide_upgrade_raised 0 upgrade --check "$tmp/wide.sdf" --limit attributes=30000
mkdir -p "$tmp/sizes"
cp "$tmp/tree/small.sdf" "$tmp/sizes/small.sdf"
cp "$tmp/wide.sdf" "$tmp/sizes/wide.sdf"
run upgrade_bytes 1 upgrade -o "$tmp/sizes_out" "$tmp/sizes" \
  --limit input_bytes=10000 --limit attributes=30000
expect_grep upgrade_bytes "$tmp/upgrade_bytes.err" "wide.sdf: error[INPUT_LIMIT_EXCEEDED]: file is"
[ ! -e "$tmp/sizes_out/wide.sdf" ] || fail "upgrade_bytes: wide.sdf written"
grep -q 'version="1.8"' "$tmp/sizes_out/small.sdf" 2>/dev/null ||
  fail "upgrade_bytes: small.sdf not upgraded next to the file past the limit"
run upgrade_bad_limit 2 upgrade --check "$tmp/sizes" --limit bytes=3
expect_grep upgrade_bad_limit "$tmp/upgrade_bad_limit.err" "unknown limit 'bytes'"

# Models nested 2,000 deep: ~55 KB of input whose flat output names every
# frame by its scoped name (~30 MB). Past output_bytes every --to stops
# with OUTPUT_LIMIT_EXCEEDED, exit 2, nothing written; under it, written.
awk 'BEGIN {
  printf "<sdf version=\"1.8\">"
  for (i = 0; i < 2000; i++) printf "<model name=\"m%d\"><link name=\"l\"/>\n", i
  for (i = 0; i < 2000; i++) printf "</model>"
  print "</sdf>"
}' >"$tmp/nested.sdf"
for format in json csv; do
  run "nested_$format" 2 convert "$tmp/nested.sdf" --to flat --format "$format" \
    -o "$tmp/nested.$format" --limit output_bytes=5000000
  expect_grep "nested_$format" "$tmp/nested_$format.err" \
    "nested.sdf: error[OUTPUT_LIMIT_EXCEEDED]: the output passes the limit of 5000000 bytes (output_bytes;"
  [ ! -e "$tmp/nested.$format" ] || fail "nested_$format: output written"
done
run nested_raised 0 convert "$tmp/nested.sdf" --to flat --format csv \
  -o "$tmp/nested.csv" --limit output_bytes=100000000
size=$(wc -c <"$tmp/nested.csv")
[ "$size" -gt 5000000 ] || fail "nested_raised: $size bytes, expected more than the limit refused above"
cat >"$tmp/arm.sdf" <<'SDF'
<sdf version="1.8">
  <model name="arm">
    <link name="base"/>
    <link name="tool"><pose>0 0 1 0 0 0</pose></link>
    <joint name="j" type="revolute"><parent>base</parent><child>tool</child>
      <axis><xyz>0 0 1</xyz></axis></joint>
  </model>
</sdf>
SDF
for to in sdf urdf; do
  run "arm_$to" 2 convert "$tmp/arm.sdf" --to "$to" -o "$tmp/arm_out.$to" \
    --limit output_bytes=100
  expect_grep "arm_$to" "$tmp/arm_$to.err" "arm.sdf: error[OUTPUT_LIMIT_EXCEEDED]"
  [ ! -e "$tmp/arm_out.$to" ] || fail "arm_$to: output written"
  run "arm_${to}_fits" 0 convert "$tmp/arm.sdf" --to "$to" -o "$tmp/arm_out.$to"
done
run arm_graph 2 graph "$tmp/arm.sdf" -o "$tmp/arm.dot" --limit output_bytes=100
expect_grep arm_graph "$tmp/arm_graph.err" "arm.sdf: error[OUTPUT_LIMIT_EXCEEDED]"
[ ! -e "$tmp/arm.dot" ] || fail "arm_graph: output written"
run arm_stdout 2 convert "$tmp/arm.sdf" --to flat --limit output_bytes=10
[ ! -s "$tmp/arm_stdout.out" ] || fail "arm_stdout: output written to stdout"
finish
