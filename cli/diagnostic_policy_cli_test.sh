#!/usr/bin/env bash
# --ignore CODE[,CODE] and --warnings-as-errors end to end, on check,
# convert, upgrade and graph, in text, json and sarif: ignored warnings are
# absent, promoted ones are errors with the exit status of an error, errors
# are never ignored, an unknown code is a usage error (exit 2).
#   usage: diagnostic_policy_cli_test.sh SDFCONV JSON_GET
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
json_get=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
tmp=${TEST_TMPDIR:-$(mktemp -d)}/diagnostic_policy_cli
rm -rf "$tmp"
mkdir -p "$tmp/tree"
. cli/testing/cli_test_lib.sh
cd "$tmp" || exit 1

# Two warnings of two codes and no error: `--` in a comment (line 2), and
# a 1.7 relative_to in a 1.6 file (line 7).
cat >warn.sdf <<'SDF'
<?xml version="1.0"?>
<!-- a comment -- with two hyphens -->
<sdf version="1.6">
  <model name="m">
    <link name="base"/>
    <link name="arm">
      <pose relative_to="base">0 0 1 0 0 0</pose>
    </link>
    <joint name="j" type="fixed">
      <parent>base</parent>
      <child>arm</child>
    </joint>
  </model>
</sdf>
SDF
cp warn.sdf tree/

comment=XML_COMMENT_DOUBLE_HYPHEN
later=LATER_VERSION_FEATURE

# --- check, text.
run check_plain 0 check warn.sdf
expect_count check_plain check_plain.err "warning[$comment]" 1
expect_count check_plain check_plain.err "warning[$later]" 1
run check_ignore_one 0 check warn.sdf --ignore "$comment"
expect_count check_ignore_one check_ignore_one.err "[$comment]" 0
expect_count check_ignore_one check_ignore_one.err "warning[$later]" 1
# A list, and repeated options, add up.
run check_ignore_list 0 check warn.sdf --ignore "$comment,$later"
expect_empty check_ignore_list check_ignore_list.err
run check_ignore_twice 0 check warn.sdf --ignore "$comment" --ignore "$later"
expect_empty check_ignore_twice check_ignore_twice.err
expect_grep check_ignore_twice check_ignore_twice.out "warn.sdf: valid"
# Every warning an error: invalid, exit 1, both counted.
run check_werror 1 check warn.sdf --warnings-as-errors
expect_count check_werror check_werror.err "error[$comment]" 1
expect_count check_werror check_werror.err "error[$later]" 1
expect_count check_werror check_werror.err "warning[" 0
expect_grep check_werror check_werror.out "warn.sdf: invalid (2 errors)"
# Ignored first, then promoted: the ignored one is not an error.
run check_both 1 check warn.sdf --warnings-as-errors --ignore "$later"
expect_count check_both check_both.err "error[$comment]" 1
expect_count check_both check_both.err "[$later]" 0
expect_grep check_both check_both.out "warn.sdf: invalid (1 error)"
run check_all_ignored 0 check warn.sdf --warnings-as-errors --ignore "$later,$comment"
expect_empty check_all_ignored check_all_ignored.err
# Errors are never ignored: --strict makes the comment an error of the
# same code, which stays (and the file invalid).
run check_strict 1 check --strict warn.sdf --ignore "$comment"
expect_count check_strict check_strict.err "error[$comment]" 1
# A folder: the policy applies to each file.
run check_tree 1 check tree --warnings-as-errors
expect_grep check_tree check_tree.out "tree/warn.sdf: invalid (2 errors)"

# --- unknown codes: a usage error, exit 2, nothing checked.
run unknown 2 check warn.sdf --ignore NO_SUCH_CODE
expect_empty unknown unknown.out
expect_grep unknown unknown.err "NO_SUCH_CODE"
run unknown_in_list 2 check warn.sdf --ignore "$comment,NO_SUCH_CODE"
expect_empty unknown_in_list unknown_in_list.out
# A near miss names the code meant.
run near 2 check warn.sdf --ignore XML_COMENT_DOUBLE_HYPHEN
expect_grep near near.err "$comment"
run empty_code 2 check warn.sdf --ignore ""
for command in "convert warn.sdf --to flat" "upgrade warn.sdf --check" "graph warn.sdf"; do
  name=unknown_${command%% *}
  # shellcheck disable=SC2086
  run "$name" 2 $command --ignore NO_SUCH_CODE
  expect_empty "$name" "$name.out"
done

# --- check, json and sarif: the document says what text says.
run check_json 1 check warn.sdf --format json --warnings-as-errors --ignore "$later"
expect_empty check_json check_json.err
expect_json_at check_json check_json.out /exit_code 1
expect_json_at check_json check_json.out /files/0/outcome invalid
expect_json_at check_json check_json.out /files/0/errors 1
expect_json_at check_json check_json.out /files/0/warnings 0
expect_json_at check_json check_json.out /files/0/diagnostics/0/code "$comment"
expect_json_at check_json check_json.out /files/0/diagnostics/0/severity error
expect_no_json_at check_json check_json.out /files/0/diagnostics/1
run check_json_ignore 0 check warn.sdf --format json --ignore "$comment"
expect_json_at check_json_ignore check_json_ignore.out /exit_code 0
expect_json_at check_json_ignore check_json_ignore.out /files/0/outcome valid
expect_json_at check_json_ignore check_json_ignore.out /files/0/warnings 1
expect_json_at check_json_ignore check_json_ignore.out /files/0/diagnostics/0/code "$later"
expect_no_json_at check_json_ignore check_json_ignore.out /files/0/diagnostics/1
run check_sarif 1 check warn.sdf --format sarif --warnings-as-errors --ignore "$comment"
expect_json_at check_sarif check_sarif.out /runs/0/results/0/ruleId "$later"
expect_json_at check_sarif check_sarif.out /runs/0/results/0/level error
expect_no_json_at check_sarif check_sarif.out /runs/0/results/1
run check_github 1 check warn.sdf --format github --warnings-as-errors --ignore "$comment"
expect_count check_github check_github.out "::error file=warn.sdf,line=7,title=$later::" 1
expect_count check_github check_github.out "::warning" 0

# --- convert: a promoted warning refuses the conversion (nothing written).
run convert_plain 0 convert warn.sdf --to flat -o flat.json
[ -s flat.json ] || fail "convert_plain: flat.json not written"
rm -f flat.json
run convert_werror 1 convert warn.sdf --to flat -o flat.json --warnings-as-errors
[ ! -e flat.json ] || fail "convert_werror: flat.json written"
expect_count convert_werror convert_werror.err "error[$comment]" 1
expect_grep convert_werror convert_werror.err "(2 errors)"
run convert_werror_sdf 1 convert warn.sdf --to sdf -o out.sdf --warnings-as-errors --ignore "$later"
[ ! -e out.sdf ] || fail "convert_werror_sdf: out.sdf written"
run convert_ignore 0 convert warn.sdf --to sdf -o out.sdf --ignore "$comment,$later"
[ -s out.sdf ] || fail "convert_ignore: out.sdf not written"
expect_empty convert_ignore convert_ignore.err
run convert_json 1 convert warn.sdf --to flat --warnings-as-errors \
  --diagnostics-format json
expect_json_at convert_json convert_json.err /files/0/outcome invalid
expect_json_at convert_json convert_json.err /files/0/errors 2
expect_json_at convert_json convert_json.err /files/0/diagnostics/0/severity error
# A value error kept as written is a warning of convert: promoted, it
# refuses the conversion as libsdformat refuses the file.
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
run convert_values 0 convert values.sdf --to flat -o values.json
run convert_values_werror 1 convert values.sdf --to flat -o values_2.json --warnings-as-errors
[ ! -e values_2.json ] || fail "convert_values_werror: values_2.json written"
run check_values 1 check values.sdf --ignore VALUE_INVALID
expect_grep check_values check_values.err "error[VALUE_INVALID]"

# --- upgrade: a promoted warning fails the file; nothing is written.
run upgrade_plain 1 upgrade tree --check
expect_grep upgrade_plain upgrade_plain.out "tree/warn.sdf: would change"
run upgrade_werror 1 upgrade tree -o out_werror --warnings-as-errors --report report.json
[ ! -e out_werror/warn.sdf ] || fail "upgrade_werror: out_werror/warn.sdf written"
expect_grep upgrade_werror upgrade_werror.out "tree/warn.sdf: failed"
expect_grep upgrade_werror upgrade_werror.err "error[$comment]"
expect_json_at upgrade_werror report.json /files/0/status failed
expect_json_at upgrade_werror report.json /files/0/diagnostics/0/severity error
run upgrade_ignore 0 upgrade tree -o out_ignore --ignore "$comment" --report report_2.json
[ -s out_ignore/warn.sdf ] || fail "upgrade_ignore: out_ignore/warn.sdf not written"
expect_count upgrade_ignore upgrade_ignore.err "[$comment]" 0
expect_json_at upgrade_ignore report_2.json /files/0/status upgraded
expect_no_json_at upgrade_ignore report_2.json /files/0/diagnostics/0
run upgrade_json 1 upgrade tree --check --warnings-as-errors --diagnostics-format json
expect_json_at upgrade_json upgrade_json.err /files/0/outcome failed
expect_json_at upgrade_json upgrade_json.err /files/0/diagnostics/0/severity error

# --- graph: the picture is drawn either way; the status follows.
run graph_plain 0 graph warn.sdf -o plain.dot
run graph_werror 1 graph warn.sdf -o werror.dot --warnings-as-errors
expect_same graph_werror plain.dot werror.dot
expect_count graph_werror graph_werror.err "error[$comment]" 1
run graph_ignore 0 graph warn.sdf --ignore "$comment,$later"
expect_empty graph_ignore graph_ignore.err
expect_grep graph_ignore graph_ignore.out "digraph"

finish
