#!/usr/bin/env bash
# Values never block a conversion (docs/errors_policy.md), end to end: a
# file whose only errors are values (`check`: invalid, exit 1) converts to
# every target and upgrades with exit 0, one warning per value and one
# summary line; a structural error still exits 1 with nothing written.
#   usage: values_cli_test.sh SDFCONV
set -u

sdfconv=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}
. cli/testing/cli_test_lib.sh

# mu of -1 and a <script> without <uri>: two value errors.
values=$tmp/values.sdf
cat >"$values" <<'SDF'
<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m">
    <link name="base">
      <collision name="c">
        <geometry><box><size>1 1 1</size></box></geometry>
        <surface><friction><ode><mu>-1</mu></ode></friction></surface>
      </collision>
      <visual name="v">
        <geometry><box><size>1 1 1</size></box></geometry>
        <material><script><name>Gazebo/Grey</name></script></material>
      </visual>
    </link>
  </model>
</sdf>
SDF
# Two visuals of one link with the same name: structural.
structural=$tmp/structural.sdf
sed 's/<collision name="c">/<visual name="v">/; s#</collision>#</visual>#; /<surface>/d' \
  "$values" >"$structural"

# check is unchanged: both errors, exit 1.
run check_values 1 check "$values"
expect_grep check_values "$tmp/check_values.err" "error[VALUE_INVALID]"
expect_grep check_values "$tmp/check_values.err" "error[ELEMENT_MISSING]"
expect_grep check_values "$tmp/check_values.out" "$values: invalid (2 errors)"

for to in flat sdf urdf; do
  run "convert_$to" 0 convert "$values" --to "$to" -o "$tmp/out.$to"
  expect_grep "convert_$to" "$tmp/convert_$to.err" \
    "values.sdf:7: warning[VALUE_INVALID]: kept as written: "
  expect_grep "convert_$to" "$tmp/convert_$to.err" \
    "values.sdf:11: warning[ELEMENT_MISSING]: kept as written: "
  expect_count "convert_$to" "$tmp/convert_$to.err" "kept as written: " 2
  expect_no_grep "convert_$to" "$tmp/convert_$to.err" "error["
  expect_grep "convert_$to" "$tmp/convert_$to.err" \
    "sdfconv: $values: 2 values SDFormat forbids kept as written (libsdformat reports them as errors)"
  [ -s "$tmp/out.$to" ] || fail "convert_$to: nothing written"
done
expect_grep convert_sdf "$tmp/out.sdf" "<mu>-1</mu>"
expect_grep convert_sdf "$tmp/out.sdf" '<sdf version="1.8">'

# The upgrade: exit 0, the file written, the summary says so.
run upgrade_values 0 upgrade "$values" -o "$tmp/up"
expect_grep upgrade_values "$tmp/up/values.sdf" "<mu>-1</mu>"
expect_count upgrade_values "$tmp/upgrade_values.err" "kept as written: " 2
expect_grep upgrade_values "$tmp/upgrade_values.err" \
  "upgrade: 1 upgraded, 0 unchanged, 0 failed, 1 with values kept as written"

# Structure refuses: exit 1, the code, nothing written; the value error
# is an error again (nothing is kept, as nothing is written).
for to in flat sdf urdf; do
  run "structural_$to" 1 convert "$structural" --to "$to" -o "$tmp/refused.$to"
  expect_grep "structural_$to" "$tmp/structural_$to.err" "error[DUPLICATE_NAME]"
  expect_no_grep "structural_$to" "$tmp/structural_$to.err" "kept as written"
  expect_grep "structural_$to" "$tmp/structural_$to.err" "error[ELEMENT_MISSING]"
  [ ! -e "$tmp/refused.$to" ] || fail "structural_$to: an output was written"
done
run upgrade_structural 1 upgrade "$structural" -o "$tmp/up2"
expect_grep upgrade_structural "$tmp/upgrade_structural.err" \
  "upgrade: 0 upgraded, 0 unchanged, 1 failed ("

# Poses each finite that compose past a double (issue 16): every back end
# refuses with POSE_NOT_FINITE at the first element, nothing written.
overflow=$tmp/overflow.sdf
cat >"$overflow" <<'SDF'
<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="a"><pose>1e308 0 0 0 0 0</pose></link>
    <frame name="f" attached_to="a"><pose relative_to="a">1e308 0 0 0 0 0</pose></frame>
  </model>
</sdf>
SDF
for to in flat urdf sdf; do
  run "overflow_$to" 1 convert "$overflow" --to "$to" -o "$tmp/overflow_out.$to"
  expect_grep "overflow_$to" "$tmp/overflow_$to.err" \
    "overflow.sdf:5: error[POSE_NOT_FINITE]: frame 'm::f': its world pose is not finite"
  [ ! -e "$tmp/overflow_out.$to" ] || fail "overflow_$to: output written"
done

finish
