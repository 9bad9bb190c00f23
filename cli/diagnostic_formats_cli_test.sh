#!/usr/bin/env bash
# --diagnostics-format (check --format) and --diagnostics-output end to end,
# on check, convert and upgrade: text unchanged; json and sarif parsed (by
# json_get, which refuses anything but one JSON document, so a stream that
# holds anything else fails); github lines exact; `<stdin>` in SARIF.
#   usage: diagnostic_formats_cli_test.sh SDFCONV JSON_GET EXAMPLES_DIR
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
json_get=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
examples=$(cd "$3" && pwd)
tmp=${TEST_TMPDIR:-$(mktemp -d)}/diagnostic_formats_cli
rm -rf "$tmp"
mkdir -p "$tmp/tree"
. cli/testing/cli_test_lib.sh

cd "$tmp" || exit 1
cp "$examples/invalid_cycle.sdf" "$examples/arm.sdf" .
# mu of -1: a value error, kept as written by the conversions.
cat >values.sdf <<'SDF'
<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m">
    <link name="base">
      <collision name="c">
        <geometry><box><size>1 1 1</size></box></geometry>
        <surface><friction><ode><mu>-1</mu></ode></friction></surface>
      </collision>
    </link>
  </model>
</sdf>
SDF
cp values.sdf arm.sdf tree/
sed 's/version="1.7"/version="1.6"/' values.sdf >tree/old.sdf

cycle_line='::error file=invalid_cycle.sdf,line=16,title=POSE_RELATIVE_TO_CYCLE::relative_to cycle: link '"'"'left_finger'"'"' -> link '"'"'right_finger'"'"' -> frame '"'"'finger_centre'"'"' -> link '"'"'left_finger'"'"''

# --- text is today's output, byte for byte, on every command.
run check_plain 1 check invalid_cycle.sdf arm.sdf
run check_text 1 check invalid_cycle.sdf arm.sdf --format text
expect_same check_text check_plain.out check_text.out
expect_same check_text check_plain.err check_text.err
run convert_plain 0 convert values.sdf --to flat
run convert_text 0 convert values.sdf --to flat --diagnostics-format text
expect_same convert_text convert_plain.out convert_text.out
expect_same convert_text convert_plain.err convert_text.err
expect_grep convert_text convert_text.err "1 value SDFormat forbids kept as written"

# --- check --format json: the document on stdout, nothing on stderr.
run check_json 1 check invalid_cycle.sdf arm.sdf --format json
expect_empty check_json check_json.err
expect_json_at check_json check_json.out /tool/name sdfconv
expect_json_at check_json check_json.out /command check
expect_json_at check_json check_json.out /exit_code 1
expect_json_at check_json check_json.out /files/0/path invalid_cycle.sdf
expect_json_at check_json check_json.out /files/0/outcome invalid
expect_json_at check_json check_json.out /files/0/errors 1
expect_json_at check_json check_json.out /files/0/diagnostics/0/code POSE_RELATIVE_TO_CYCLE
expect_json_at check_json check_json.out /files/0/diagnostics/0/line 16
expect_json_at check_json check_json.out /files/0/diagnostics/0/severity error
expect_json_at check_json check_json.out /files/0/diagnostics/0/related/0/line 19
expect_json_at check_json check_json.out /files/1/outcome valid
run check_json_long 1 check invalid_cycle.sdf arm.sdf --diagnostics-format json
expect_same check_json_long check_json.out check_json_long.out
# Both spellings at once: a usage error.
run check_both 2 check arm.sdf --format json --diagnostics-format json
expect_grep check_both check_both.err "excludes"
run check_bad_format 2 check arm.sdf --format xml

# --- check --format sarif.
run check_sarif 1 check invalid_cycle.sdf arm.sdf --format sarif
expect_empty check_sarif check_sarif.err
expect_json_at check_sarif check_sarif.out /version 2.1.0
expect_json_at check_sarif check_sarif.out /runs/0/tool/driver/name sdfconv
expect_json_at check_sarif check_sarif.out /runs/0/results/0/ruleId POSE_RELATIVE_TO_CYCLE
expect_json_at check_sarif check_sarif.out /runs/0/results/0/level error
expect_json_at check_sarif check_sarif.out \
  /runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri invalid_cycle.sdf
expect_json_at check_sarif check_sarif.out \
  /runs/0/results/0/locations/0/physicalLocation/artifactLocation/uriBaseId %SRCROOT%
expect_json_at check_sarif check_sarif.out \
  /runs/0/results/0/locations/0/physicalLocation/region/startLine 16
expect_json_at check_sarif check_sarif.out \
  /runs/0/results/0/relatedLocations/1/physicalLocation/region/startLine 22
index=$("$json_get" check_sarif.out /runs/0/results/0/ruleIndex)
expect_json_at check_sarif check_sarif.out "/runs/0/tool/driver/rules/$index/id" POSE_RELATIVE_TO_CYCLE
expect_no_json_at check_sarif check_sarif.out /runs/0/results/1
expect_json_at check_sarif check_sarif.out /runs/0/properties/files/1/outcome valid
expect_json_at check_sarif check_sarif.out /runs/0/invocations/0/exitCode 1

# --- check --format github: the commands on stdout, then the verdicts.
run check_github 1 check invalid_cycle.sdf arm.sdf --format github
expect_empty check_github check_github.err
printf '%s\n%s\n%s\n' "$cycle_line" "invalid_cycle.sdf: invalid (1 error)" \
  "arm.sdf: valid" >expected_github
expect_same check_github expected_github check_github.out

# --- standard input in SARIF: a result without a physical location.
run check_stdin_sarif 1 check - --format sarif <invalid_cycle.sdf
expect_json_at check_stdin_sarif check_stdin_sarif.out /runs/0/results/0/ruleId POSE_RELATIVE_TO_CYCLE
expect_no_json_at check_stdin_sarif check_stdin_sarif.out \
  /runs/0/results/0/locations/0/physicalLocation
expect_json_at check_stdin_sarif check_stdin_sarif.out \
  /runs/0/results/0/locations/0/logicalLocations/0/kind element

# --- --diagnostics-output: the document in FILE, the verdicts on stdout.
run check_file 1 check invalid_cycle.sdf arm.sdf --format sarif \
  --diagnostics-output results.sarif
expect_same check_file check_plain.out check_file.out
expect_empty check_file check_file.err
expect_json_at check_file results.sarif /runs/0/results/0/ruleId POSE_RELATIVE_TO_CYCLE
run check_file_text 1 check invalid_cycle.sdf arm.sdf --diagnostics-output diags.txt
expect_same check_file_text check_plain.err diags.txt
expect_empty check_file_text check_file_text.err
mkdir -p adir
run check_file_dir 2 check arm.sdf --format json --diagnostics-output adir
expect_grep check_file_dir check_file_dir.err "sdfconv: error: 'adir' is a directory"

# --- convert: stdout keeps the output; stderr holds the document only.
run convert_invalid_json 1 convert invalid_cycle.sdf --to sdf --diagnostics-format json
expect_empty convert_invalid_json convert_invalid_json.out
expect_json_at convert_invalid_json convert_invalid_json.err /command convert
expect_json_at convert_invalid_json convert_invalid_json.err /files/0/outcome invalid
expect_json_at convert_invalid_json convert_invalid_json.err /files/0/message \
  "sdfconv: error: invalid_cycle.sdf cannot be converted; nothing written"
expect_json_at convert_invalid_json convert_invalid_json.err /files/0/diagnostics/0/code POSE_RELATIVE_TO_CYCLE
run convert_values_sarif 0 convert values.sdf --to flat --diagnostics-format sarif
expect_same convert_values_sarif convert_plain.out convert_values_sarif.out
expect_json_at convert_values_sarif convert_values_sarif.err /runs/0/results/0/ruleId VALUE_INVALID
expect_json_at convert_values_sarif convert_values_sarif.err /runs/0/results/0/level warning
expect_json_at convert_values_sarif convert_values_sarif.err /runs/0/properties/files/0/outcome written
expect_json_at convert_values_sarif convert_values_sarif.err \
  /runs/0/invocations/0/toolExecutionNotifications/0/message/text \
  "sdfconv: values.sdf: 1 value SDFormat forbids kept as written (libsdformat reports it as an error)"
run convert_github 0 convert values.sdf --to flat --diagnostics-format github -o flat.json
expect_grep convert_github convert_github.err \
  "::warning file=values.sdf,line=7,title=VALUE_INVALID::kept as written: "
expect_grep convert_github convert_github.err "1 value SDFormat forbids kept as written"
expect_count convert_github convert_github.err "::" 1
run convert_out_file 0 convert values.sdf --to flat --diagnostics-format json \
  --diagnostics-output convert.json
expect_same convert_out_file convert_plain.out convert_out_file.out
expect_grep convert_out_file convert_out_file.err "1 value SDFormat forbids kept as written"
expect_no_grep convert_out_file convert_out_file.err "VALUE_INVALID"
expect_json_at convert_out_file convert.json /files/0/diagnostics/0/code VALUE_INVALID

# --- upgrade: stdout lists files as always; stderr the document only.
run upgrade_plain 1 upgrade --check tree -j 1
run upgrade_json 1 upgrade --check tree -j 1 --diagnostics-format json
expect_same upgrade_json upgrade_plain.out upgrade_json.out
expect_json_at upgrade_json upgrade_json.err /command upgrade
expect_json_at upgrade_json upgrade_json.err /files/0/path tree/arm.sdf
expect_json_at upgrade_json upgrade_json.err /files/0/outcome unchanged
expect_json_at upgrade_json upgrade_json.err /files/1/path tree/old.sdf
expect_json_at upgrade_json upgrade_json.err /files/1/outcome would_change
expect_json_at upgrade_json upgrade_json.err /files/1/diagnostics/0/code VALUE_INVALID
expect_json_at upgrade_json upgrade_json.err /exit_code 1
messages=$("$json_get" upgrade_json.err /messages/0)
case $messages in
  "upgrade: 2 would change, 1 unchanged, 0 failed, 2 with values kept as written ("*) ;;
  *) fail "upgrade_json: summary '$messages'" ;;
esac
run upgrade_sarif 1 upgrade --check tree -j 2 --diagnostics-format sarif \
  --diagnostics-output upgrade.sarif
expect_grep upgrade_sarif upgrade_sarif.err "upgrade: 2 would change"
expect_no_grep upgrade_sarif upgrade_sarif.err "VALUE_INVALID"
expect_json_at upgrade_sarif upgrade.sarif /runs/0/results/0/ruleId VALUE_INVALID
run upgrade_github 1 upgrade --check tree -j 1 --diagnostics-format github
expect_grep upgrade_github upgrade_github.err \
  "::warning file=tree/old.sdf,line=7,title=VALUE_INVALID::kept as written: "
# A usage error is in the document too.
run upgrade_usage 2 upgrade -o tree tree/values.sdf --diagnostics-format json
expect_json_at upgrade_usage upgrade_usage.err /exit_code 2
"$json_get" upgrade_usage.err /messages/0 | grep -q "sdfconv: error: upgrade: " ||
  fail "upgrade_usage: no usage error in the document"

finish
