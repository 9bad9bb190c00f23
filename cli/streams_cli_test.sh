#!/usr/bin/env bash
# Standard streams end to end: `-` as FILE reads standard input (a pipe
# from `cat`, as `xacro robot.xacro | sdfconv convert - --to sdf` gives it),
# its format found from its content; `-o -` writes standard output;
# diagnostics name `<stdin>` and the line; relative includes of standard
# input are found from the working directory.
#   usage: streams_cli_test.sh SDFCONV EXAMPLES_DIR
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
examples=$(cd "$2" && pwd)
tmp=${TEST_TMPDIR:-$(mktemp -d)}/streams_cli
rm -rf "$tmp"
mkdir -p "$tmp/work/parts" "$tmp/elsewhere"
. cli/testing/cli_test_lib.sh

# The same answers from a pipe as from the file, byte for byte.
run check_pipe 0 check - < <(cat "$examples/arm.sdf")
expect_grep check_pipe "$tmp/check_pipe.out" "<stdin>: valid"
run flat_file 0 convert "$examples/workcell.sdf" --to flat --format csv
run flat_pipe 0 convert - --to flat --format csv -o - \
  < <(cat "$examples/workcell.sdf")
expect_same flat_pipe "$tmp/flat_file.out" "$tmp/flat_pipe.out"
[ -s "$tmp/flat_pipe.out" ] || fail "flat_pipe: no output"

# A URDF on standard input is found to be one by its <robot> root.
cat >"$tmp/arm.urdf" <<'URDF'
<?xml version="1.0"?>
<robot name="arm">
  <link name="base"/>
  <link name="upper"/>
  <joint name="shoulder" type="revolute">
    <parent link="base"/>
    <child link="upper"/>
    <origin xyz="0 0 0.5" rpy="0 0 1.5707963267948966"/>
    <axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="10" velocity="1"/>
  </joint>
</robot>
URDF
run urdf_file 0 convert "$tmp/arm.urdf" --to sdf
run urdf_pipe 0 convert - --to sdf -o - < <(cat "$tmp/arm.urdf")
expect_same urdf_pipe "$tmp/urdf_file.out" "$tmp/urdf_pipe.out"
expect_grep urdf_pipe "$tmp/urdf_pipe.out" '<joint name="shoulder" type="revolute">'
run urdf_pipe_recheck 0 check - < "$tmp/urdf_pipe.out"
run urdf_pipe_flat 0 convert - --to flat --format csv < "$tmp/urdf_pipe.out"
expect_grep urdf_pipe_flat "$tmp/urdf_pipe_flat.out" \
  "arm::upper,link,arm::upper,0,0,0.5,0,0,1.570796326794896"

# An SDFormat 1.6 file is upgraded from a pipe: the upgrade's proof reads
# standard input a second time and gets the same bytes.
cat >"$tmp/legacy.sdf" <<'SDF'
<sdf version="1.6">
  <model name="m">
    <link name="a"><pose>1 2 3 0 0 0</pose></link>
    <link name="b"><pose frame="a">0 0 1 0 0 0</pose></link>
  </model>
</sdf>
SDF
run legacy_pipe 0 convert - --to sdf < <(cat "$tmp/legacy.sdf")
expect_grep legacy_pipe "$tmp/legacy_pipe.out" '<sdf version="1.8">'
run legacy_file 0 convert "$tmp/legacy.sdf" --to sdf
expect_same legacy_pipe "$tmp/legacy_file.out" "$tmp/legacy_pipe.out"

# --to urdf to standard output with `-o -`.
run to_urdf 0 convert - --to urdf -o - < <(cat "$examples/arm.sdf")
expect_grep to_urdf "$tmp/to_urdf.out" '<robot name="arm">'

# Diagnostics name <stdin> and the line.
printf '%s\n' '<sdf version="1.8">' '  <model name="m">' '    <link name="a"/>' \
  '    <frame name="f" attached_to="missing"/>' '  </model>' '</sdf>' \
  >"$tmp/bad.sdf"
run bad_pipe 1 check - < <(cat "$tmp/bad.sdf")
expect_grep bad_pipe "$tmp/bad_pipe.err" "<stdin>:4: error[FRAME_ATTACHED_TO_INVALID]"
expect_grep bad_pipe "$tmp/bad_pipe.out" "<stdin>: invalid (1 error)"
run bad_convert 1 convert - --to flat < <(cat "$tmp/bad.sdf")
expect_grep bad_convert "$tmp/bad_convert.err" "<stdin>:4: error[FRAME_ATTACHED_TO_INVALID]"
expect_empty bad_convert "$tmp/bad_convert.out"
run empty_pipe 1 check - < /dev/null
expect_grep empty_pipe "$tmp/empty_pipe.err" "<stdin>:1: error[XML_SYNTAX_ERROR]"

# Relative includes of standard input: from the working directory.
cat >"$tmp/work/parts/post.sdf" <<'SDF'
<sdf version="1.8">
  <model name="post">
    <link name="link"><pose>0 0 1 0 0 0</pose></link>
  </model>
</sdf>
SDF
cat >"$tmp/work/world.sdf" <<'SDF'
<sdf version="1.8">
  <world name="w">
    <include>
      <uri>file://parts/post.sdf</uri>
      <pose>5 0 0 0 0 0</pose>
    </include>
  </world>
</sdf>
SDF
(cd "$tmp/work" && "$sdfconv" convert - --to flat --format csv \
  <"$tmp/work/world.sdf" >"$tmp/include_here.out" 2>"$tmp/include_here.err") ||
  fail "include_here: exit $?: $(cat "$tmp/include_here.err")"
expect_grep include_here "$tmp/include_here.out" "post::link,link,post::link,5,0,1,"
(cd "$tmp/elsewhere" && "$sdfconv" check - <"$tmp/work/world.sdf" \
  >"$tmp/include_elsewhere.out" 2>"$tmp/include_elsewhere.err")
[ $? -eq 1 ] || fail "include_elsewhere: expected exit 1"
expect_grep include_elsewhere "$tmp/include_elsewhere.err" \
  "<stdin>:3: error[INCLUDE_URI_UNRESOLVED]"
expect_grep include_elsewhere "$tmp/include_elsewhere.err" \
  "not found in the working directory"

# A file literally named `<stdin>` is read as ./<stdin>.
cp "$examples/arm.sdf" "$tmp/work/<stdin>"
(cd "$tmp/work" && "$sdfconv" check './<stdin>' </dev/null \
  >"$tmp/literal.out" 2>&1) || fail "literal: $(cat "$tmp/literal.out")"
expect_grep literal "$tmp/literal.out" "./<stdin>: valid"

# upgrade writes files and trees: standard input is refused, with the way.
run upgrade_pipe 2 upgrade - --check < <(cat "$examples/arm.sdf")
expect_grep upgrade_pipe "$tmp/upgrade_pipe.err" "sdfconv convert - --to sdf"

finish
