#!/usr/bin/env bash
# End-to-end test of unknown elements on the real binary: a typo in an
# element's name, named or not, is a warning ELEMENT_UNKNOWN with a hint
# (exit 0), an error under --strict (exit 1; `convert --strict` writes
# nothing); a namespaced element is free; an element of a later version is
# LATER_VERSION_FEATURE, and unknown under --strict; a URDF's <gazebo>
# content stays a warning under --strict.
#   usage: unknown_elements_cli_test.sh SDFCONV
set -u

sdfconv=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}/unknown_elements_cli
rm -rf "$tmp"
mkdir -p "$tmp"
. cli/testing/cli_test_lib.sh

cat >"$tmp/typos.sdf" <<'EOF2'
<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m" xmlns:mysim="http://example.org/mysim">
    <link name="a">
      <visul name="v"><geometry><box><size>1 1 1</size></box></geometry></visul>
      <visul/>
      <mysim:visul name="custom"/>
    </link>
    <lnk name="b"/>
  </model>
</sdf>
EOF2

run check 0 check "$tmp/typos.sdf"
expect_grep check "$tmp/check.out" "typos.sdf: valid"
expect_grep check "$tmp/check.err" \
  'typos.sdf:5: warning[ELEMENT_UNKNOWN]: <visul name="v"> of <link name="a"> is not part of SDFormat 1.8 there (did you mean <visual>?)'
expect_grep check "$tmp/check.err" \
  'typos.sdf:6: warning[ELEMENT_UNKNOWN]: <visul> of <link name="a">'
expect_grep check "$tmp/check.err" \
  'typos.sdf:9: warning[ELEMENT_UNKNOWN]: <lnk name="b"> of <model name="m"> is not part of SDFormat 1.8 there (did you mean <link>?)'
expect_count check "$tmp/check.err" "ELEMENT_UNKNOWN" 3
expect_no_grep check "$tmp/check.err" "custom"

run check_strict 1 check --strict "$tmp/typos.sdf"
expect_grep check_strict "$tmp/check_strict.out" "typos.sdf: invalid (3 errors)"
expect_count check_strict "$tmp/check_strict.err" "error[ELEMENT_UNKNOWN]" 3

run check_json 1 check --strict --format json "$tmp/typos.sdf"
expect_grep check_json "$tmp/check_json.out" '"code": "ELEMENT_UNKNOWN"'

# The conversions keep it as written; to the letter of the version they
# refuse the file.
run flat 0 convert "$tmp/typos.sdf" --to flat
expect_grep flat "$tmp/flat.err" "warning[ELEMENT_UNKNOWN]"
run flat_strict 1 convert --strict "$tmp/typos.sdf" --to flat
expect_empty flat_strict "$tmp/flat_strict.out"
run sdf 0 convert "$tmp/typos.sdf" --to sdf --sdf-version 1.6
expect_grep sdf "$tmp/sdf.out" '<visul name="v">'

# An element of a later version than the file says (1.10's
# <fluid_added_mass> in a 1.6 file): read as libsdformat reads it; to the
# letter of 1.6, unknown.
cat >"$tmp/later.sdf" <<'EOF2'
<?xml version="1.0"?>
<sdf version="1.6">
  <model name="m">
    <link name="l">
      <inertial><mass>1</mass><fluid_added_mass><xx>1</xx></fluid_added_mass></inertial>
    </link>
  </model>
</sdf>
EOF2
run later 0 check "$tmp/later.sdf"
expect_grep later "$tmp/later.err" \
  "later.sdf:5: warning[LATER_VERSION_FEATURE]: <fluid_added_mass> of <inertial> is SDFormat 1.10 (this file says 1.6)"
expect_no_grep later "$tmp/later.err" "ELEMENT_UNKNOWN"
run later_strict 1 check --strict "$tmp/later.sdf"
expect_grep later_strict "$tmp/later_strict.err" \
  "later.sdf:5: error[ELEMENT_UNKNOWN]: <fluid_added_mass> of <inertial> is not part of SDFormat 1.6 there (SDFormat 1.10 has it)"

# A URDF's <gazebo> content is not SDFormat of a version the file says.
cat >"$tmp/robot.urdf" <<'EOF2'
<?xml version="1.0"?>
<robot name="r">
  <link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="b"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint>
  <gazebo reference="j"><stopKp value="1"/></gazebo>
</robot>
EOF2
run urdf_strict 0 check --strict "$tmp/robot.urdf"
expect_grep urdf_strict "$tmp/urdf_strict.err" "warning[ELEMENT_UNKNOWN]: <stopKp>"

finish
