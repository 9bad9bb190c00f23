#!/usr/bin/env bash
# End-to-end test of SDFormat 1.11 joint axis mimics on the real binary:
# `check` reports a mimic cycle, a joint mimicking itself and a missing
# leader with their codes and lines; `convert --to urdf` writes URDF
# <mimic> with the reference folded into the offset (4 * (q - 3) + 2 =
# 4 q - 10), and `--to flat` lists the mimic with its axis.
# A <mimic> in a 1.10 file is a feature of a later version: read as
# libsdformat reads it, with LATER_VERSION_FEATURE; with --strict it is an
# element 1.10 does not have: an error ELEMENT_UNKNOWN, and nothing is
# read.
#   usage: joint_features_cli_test.sh SDFCONV
set -u

sdfconv=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}/joint_features_cli
rm -rf "$tmp"
mkdir -p "$tmp"
. cli/testing/cli_test_lib.sh

cat >"$tmp/mimic.sdf" <<'EOF2'
<?xml version="1.0"?>
<sdf version="1.11">
  <model name="gripper">
    <link name="palm"/>
    <link name="left"><pose>0 0.1 0 0 0 0</pose></link>
    <link name="right"><pose>0 -0.1 0 0 0 0</pose></link>
    <joint name="left_finger" type="prismatic">
      <parent>palm</parent>
      <child>left</child>
      <axis>
        <xyz>0 1 0</xyz>
        <limit><lower>0</lower><upper>0.05</upper></limit>
      </axis>
    </joint>
    <joint name="right_finger" type="prismatic">
      <parent>palm</parent>
      <child>right</child>
      <axis>
        <xyz>0 -1 0</xyz>
        <limit><lower>-0.2</lower><upper>0.05</upper></limit>
        <mimic joint="left_finger">
          <multiplier>4</multiplier>
          <offset>2</offset>
          <reference>3</reference>
        </mimic>
      </axis>
    </joint>
  </model>
</sdf>
EOF2

cat >"$tmp/bad_mimics.sdf" <<'EOF2'
<?xml version="1.0"?>
<sdf version="1.11">
  <model name="m">
    <link name="a"/><link name="b"/><link name="c"/><link name="d"/>
    <joint name="j1" type="revolute"><parent>a</parent><child>b</child>
      <axis><xyz>0 0 1</xyz><mimic joint="j2"/></axis></joint>
    <joint name="j2" type="revolute"><parent>b</parent><child>c</child>
      <axis><xyz>0 0 1</xyz><mimic joint="j1"/></axis></joint>
    <joint name="self" type="revolute"><parent>c</parent><child>d</child>
      <axis><xyz>0 0 1</xyz><mimic joint="self"/></axis>
      <axis2><xyz>1 0 0</xyz><mimic joint="nobody" axis="axis2"/></axis2>
    </joint>
  </model>
</sdf>
EOF2

# The diagnostics of the invalid file, whatever phase 1 says.
run check_bad 1 check "$tmp/bad_mimics.sdf"
expect_grep check_bad "$tmp/check_bad.err" \
  "bad_mimics.sdf:6: error[JOINT_AXIS_MIMIC_CYCLE]: mimic cycle: joint 'j1' <axis> -> joint 'j2' <axis> -> joint 'j1' <axis>"
expect_grep check_bad "$tmp/check_bad.err" \
  "bad_mimics.sdf:10: error[JOINT_AXIS_MIMIC_INVALID]"
expect_grep check_bad "$tmp/check_bad.err" \
  "bad_mimics.sdf:11: error[JOINT_AXIS_MIMIC_INVALID]: joint 'self' <axis2> <mimic>: leader joint 'nobody' not found in model 'm'"
expect_count check_bad "$tmp/check_bad.err" "JOINT_AXIS_MIMIC" 3
expect_grep check_bad "$tmp/check_bad.out" "bad_mimics.sdf: invalid ("

run check 0 check "$tmp/mimic.sdf"
expect_empty check "$tmp/check.err"

run urdf 0 convert "$tmp/mimic.sdf" --to urdf -o "$tmp/gripper.urdf"
expect_empty urdf "$tmp/urdf.err"
expect_grep urdf "$tmp/gripper.urdf" \
  '<mimic joint="left_finger" multiplier="4" offset="-10"/>'
expect_count urdf "$tmp/gripper.urdf" "<mimic" 1
if command -v check_urdf >/dev/null 2>&1; then
  check_urdf "$tmp/gripper.urdf" >"$tmp/check_urdf.out" 2>&1 ||
    fail "urdf: check_urdf rejects the output: $(cat "$tmp/check_urdf.out")"
fi

run flat 0 convert "$tmp/mimic.sdf" --to flat
expect_grep flat "$tmp/flat.out" \
  '"axis_mimic":{"joint":"gripper::left_finger","axis":"axis","multiplier":4.0,"offset":2.0,"reference":3.0}'
run csv 0 convert "$tmp/mimic.sdf" --to flat --format csv
expect_no_grep csv "$tmp/csv.out" "mimic"

# The same model as 1.10: the <mimic> is read as a later feature; with
# --strict it is an unknown element, which the conversions refuse.
sed 's/version="1.11"/version="1.10"/' "$tmp/mimic.sdf" >"$tmp/mimic_1_10.sdf"
run check_1_10 0 check "$tmp/mimic_1_10.sdf"
expect_grep check_1_10 "$tmp/check_1_10.err" \
  "mimic_1_10.sdf:21: warning[LATER_VERSION_FEATURE]: <mimic> of <axis> is SDFormat 1.11 (this file says 1.10)"
run urdf_1_10 0 convert "$tmp/mimic_1_10.sdf" --to urdf
expect_grep urdf_1_10 "$tmp/urdf_1_10.out" "<mimic"
run check_1_10_strict 1 check --strict "$tmp/mimic_1_10.sdf"
expect_grep check_1_10_strict "$tmp/check_1_10_strict.err" \
  "mimic_1_10.sdf:21: error[ELEMENT_UNKNOWN]: <mimic> of <axis> is not part of SDFormat 1.10 there (SDFormat 1.11 has it)"
run urdf_1_10_strict 1 convert --strict "$tmp/mimic_1_10.sdf" --to urdf
expect_empty urdf_1_10_strict "$tmp/urdf_1_10_strict.out"

finish
