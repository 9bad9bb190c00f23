#!/usr/bin/env bash
# End-to-end test of the sdfconv command line on the bundled examples:
# exit codes, where diagnostics and verdicts go, and that outputs parse.
#   usage: sdfconv_cli_test.sh SDFCONV EXAMPLES_DIR
set -u

sdfconv=$1
examples=$2
tmp=${TEST_TMPDIR:-$(mktemp -d)}
. cli/testing/cli_test_lib.sh

# Parses JSON with python3 when there is one, else looks for the header.
expect_json() {  # expect_json NAME FILE
  if command -v python3 >/dev/null 2>&1 && python3 -c '' 2>/dev/null; then
    python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["sdfconv_flat"] == 1, doc.get("sdfconv_flat")
assert len(doc["frames"]) > 0
for f in doc["frames"]:
    assert len(f["pose"]["xyz"]) == 3 and len(f["pose"]["quat_wxyz"]) == 4
' "$2" || fail "$1: $(basename "$2") is not the flat JSON"
  else
    expect_grep "$1" "$2" '"sdfconv_flat": 1'
    expect_grep "$1" "$2" '"frames": ['
  fi
}

arm=$examples/arm.sdf
workcell=$examples/workcell.sdf
cycle=$examples/invalid_cycle.sdf

# check: valid files.
run check_arm 0 check "$arm"
expect_grep check_arm "$tmp/check_arm.out" "$arm: valid"
run check_workcell 0 check "$workcell"
expect_grep check_workcell "$tmp/check_workcell.out" "$workcell: valid"

# check: the invalid file names its code on stderr, its verdict on stdout.
run check_cycle 1 check "$cycle"
expect_grep check_cycle "$tmp/check_cycle.err" "error[POSE_RELATIVE_TO_CYCLE]"
expect_grep check_cycle "$tmp/check_cycle.err" "invalid_cycle.sdf:"
expect_grep check_cycle "$tmp/check_cycle.out" "$cycle: invalid ("
run check_quiet 1 check --quiet "$cycle"
expect_empty check_quiet "$tmp/check_quiet.out"
expect_grep check_quiet "$tmp/check_quiet.err" "error[POSE_RELATIVE_TO_CYCLE]"
run check_both 1 check "$arm" "$cycle"
expect_grep check_both "$tmp/check_both.out" "$arm: valid"
expect_grep check_both "$tmp/check_both.out" "$cycle: invalid ("

# check: an unreadable file is exit 2, with a FILE_READ diagnostic.
run check_missing 2 check "$tmp/no_such_file.sdf"
expect_grep check_missing "$tmp/check_missing.err" "error[FILE_READ]"
run check_missing_and_invalid 2 check "$cycle" "$tmp/no_such_file.sdf"

# convert: JSON (default) and CSV on stdout.
run convert_json 0 convert "$arm" --to flat
expect_json convert_json "$tmp/convert_json.out"
expect_grep convert_json "$tmp/convert_json.out" '"name":"arm::tcp"'
run convert_world 0 convert "$workcell" --to flat --format json
expect_json convert_world "$tmp/convert_world.out"
expect_grep convert_world "$tmp/convert_world.out" '"name":"table_top"'
run convert_csv 0 convert "$workcell" --to flat --format csv
header='name,kind,attached_to,x,y,z,roll,pitch,yaw,qw,qx,qy,qz,axis_x,axis_y,axis_z,axis2_x,axis2_y,axis2_z'
[ "$(head -n 1 "$tmp/convert_csv.out")" = "$header" ] ||
  fail "convert_csv: wrong header: $(head -n 1 "$tmp/convert_csv.out")"
[ "$(wc -l <"$tmp/convert_csv.out")" -gt 1 ] || fail "convert_csv: no rows"
expect_grep convert_csv "$tmp/convert_csv.out" "robot::camera_mount,frame,robot::link2,"
awk -F, 'NF != 19 { exit 1 }' "$tmp/convert_csv.out" ||
  fail "convert_csv: a row without 19 cells"

# convert -o: the file is written whole, nothing else is left behind.
mkdir -p "$tmp/out"
run convert_out 0 convert "$arm" --to flat -o "$tmp/out/arm.json"
expect_empty convert_out "$tmp/convert_out.out"
expect_json convert_out "$tmp/out/arm.json"
run convert_out_csv 0 convert "$arm" --to flat --format csv --output "$tmp/out/arm.csv"
expect_grep convert_out_csv "$tmp/out/arm.csv" "$header"
[ "$(ls "$tmp/out")" = "$(printf 'arm.csv\narm.json')" ] ||
  fail "convert_out: unexpected files in the output directory: $(ls "$tmp/out")"

# convert -o: what is not a regular file is never replaced (never the
# system's /dev: the test makes its own FIFO and links). A FIFO is written
# into, a symbolic link keeps pointing at its target, `-` is stdout and a
# directory is refused.
mkdir -p "$tmp/special/real"
mkfifo "$tmp/special/pipe"
cat "$tmp/special/pipe" >"$tmp/special/from_pipe.csv" &
reader=$!
run convert_fifo 0 convert "$arm" --to flat --format csv -o "$tmp/special/pipe"
wait "$reader"
[ -p "$tmp/special/pipe" ] || fail "convert_fifo: the FIFO was replaced"
expect_grep convert_fifo "$tmp/special/from_pipe.csv" "$header"
ln -s real/arm.csv "$tmp/special/link.csv"
run convert_link 0 convert "$arm" --to flat --format csv -o "$tmp/special/link.csv"
[ -L "$tmp/special/link.csv" ] || fail "convert_link: the link was replaced"
expect_grep convert_link "$tmp/special/real/arm.csv" "$header"
[ "$(ls "$tmp/special/real")" = "arm.csv" ] ||
  fail "convert_link: left behind: $(ls "$tmp/special/real")"
run convert_dash 0 convert "$arm" --to flat --format csv -o -
expect_grep convert_dash "$tmp/convert_dash.out" "$header"
[ ! -e ./- ] || fail "convert_dash: wrote a file named '-'"
run convert_to_dir 2 convert "$arm" --to flat -o "$tmp/special/real"
expect_grep convert_to_dir "$tmp/convert_to_dir.err" "is a directory"

# convert: an invalid input writes nothing and exits 1.
run convert_cycle 1 convert "$cycle" --to flat -o "$tmp/out/cycle.json"
expect_grep convert_cycle "$tmp/convert_cycle.err" "error[POSE_RELATIVE_TO_CYCLE]"
[ ! -e "$tmp/out/cycle.json" ] || fail "convert_cycle: wrote an output"
expect_empty convert_cycle "$tmp/convert_cycle.out"

# convert: things that cannot run exit 2.
run convert_missing 2 convert "$tmp/no_such_file.sdf" --to flat
run convert_unwritable 2 convert "$arm" --to flat -o "$tmp/no/such/dir/arm.json"
# convert and graph: an output that is the input (by name or by a link)
# is refused before anything runs; the input stays as it was.
cp "$arm" "$tmp/self.sdf"
ln -sf self.sdf "$tmp/self_link.sdf"
for out in "$tmp/self.sdf" "$tmp/self_link.sdf"; do
  run convert_self 2 convert "$tmp/self.sdf" --to sdf -o "$out"
  expect_grep convert_self "$tmp/convert_self.err" "is the input '$tmp/self.sdf'"
  cmp -s "$arm" "$tmp/self.sdf" || fail "convert_self: the input changed"
  run graph_self 2 graph "$tmp/self.sdf" -o "$out"
  expect_grep graph_self "$tmp/graph_self.err" "is the input '$tmp/self.sdf'"
  cmp -s "$arm" "$tmp/self.sdf" || fail "graph_self: the input changed"
done
# Nor is any other output an input: --diagnostics-output of check and
# convert, --report and --diagnostics-output of upgrade (whose inputs are
# the files found in its folders).
run check_diag_self 2 check "$arm" "$tmp/self.sdf" --diagnostics-format json \
  --diagnostics-output "$tmp/self_link.sdf"
expect_grep check_diag_self "$tmp/check_diag_self.err" "is the input '$tmp/self.sdf'"
run convert_diag_self 2 convert "$tmp/self.sdf" --to flat -o "$tmp/self.json" \
  --diagnostics-output "$tmp/self.sdf"
[ ! -e "$tmp/self.json" ] || fail "convert_diag_self: wrote an output"
mkdir -p "$tmp/self_dir"
cp "$arm" "$tmp/self_dir/arm.sdf"
run upgrade_report_self 2 upgrade --check "$tmp/self_dir" \
  --report "$tmp/self_dir/arm.sdf"
expect_grep upgrade_report_self "$tmp/upgrade_report_self.err" \
  "is the input '$tmp/self_dir/arm.sdf'"
run upgrade_diag_self 2 upgrade --check "$tmp/self_dir" \
  --diagnostics-format json --diagnostics-output "$tmp/self_dir/arm.sdf"
expect_grep upgrade_diag_self "$tmp/upgrade_diag_self.err" \
  "is the input '$tmp/self_dir/arm.sdf'"
for f in "$tmp/self.sdf" "$tmp/self_dir/arm.sdf"; do
  cmp -s "$arm" "$f" || fail "an output replaced the input $f"
done
# convert --to urdf: the arm is a tree; the output is URDF (check_urdf
# parses it when installed).
run convert_urdf 0 convert "$arm" --to urdf -o "$tmp/out/arm.urdf"
grep -q "<robot" "$tmp/out/arm.urdf" || fail "convert_urdf: no <robot> written"
if command -v check_urdf >/dev/null 2>&1; then
  check_urdf "$tmp/out/arm.urdf" >/dev/null 2>&1 ||
    fail "convert_urdf: check_urdf refuses the output"
fi

# convert --to urdf --root-link: the forearm becomes the root; a name that
# is not a link is refused.
run convert_urdf_root 0 convert "$arm" --to urdf --root-link forearm
expect_grep convert_urdf_root "$tmp/convert_urdf_root.out" \
  '<parent link="forearm"/>'
run convert_urdf_bad_root 1 convert "$arm" --to urdf --root-link nope
expect_grep convert_urdf_bad_root "$tmp/convert_urdf_bad_root.err" \
  "error[URDF_EXPORT_UNSUPPORTED]"
# convert --to urdf --approximate: a universal joint is refused without it
# (the message names the option) and written as two revolutes with it.
cat >"$tmp/universal.sdf" <<'SDF'
<sdf version="1.8"><model name="m"><link name="a"/><link name="b"/>
  <joint name="u" type="universal"><parent>a</parent><child>b</child>
    <axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>
</model></sdf>
SDF
run convert_urdf_universal 1 convert "$tmp/universal.sdf" --to urdf
expect_grep convert_urdf_universal "$tmp/convert_urdf_universal.err" \
  "--approximate"
run convert_urdf_approximate 0 convert "$tmp/universal.sdf" --to urdf \
  --approximate -o "$tmp/out/universal.urdf"
expect_grep convert_urdf_approximate "$tmp/out/universal.urdf" \
  '<joint name="u_axis2" type="continuous">'
expect_grep convert_urdf_approximate "$tmp/convert_urdf_approximate.err" \
  "warning[URDF_EXPORT_UNSUPPORTED]: joint 'u' (universal)"
if command -v check_urdf >/dev/null 2>&1; then
  check_urdf "$tmp/out/universal.urdf" >/dev/null 2>&1 ||
    fail "convert_urdf_approximate: check_urdf refuses the output"
fi

# convert --to sdf: a 1.8 file comes back byte for byte; the output checks.
run convert_sdf 0 convert "$arm" --to sdf -o "$tmp/out/arm18.sdf"
cmp -s "$arm" "$tmp/out/arm18.sdf" || fail "convert_sdf: a 1.8 file changed"
run convert_sdf_check 0 check "$tmp/out/arm18.sdf"

# Composition: includes by relative file URI and by model:// (--model-path,
# or the environment's GAZEBO_MODEL_PATH); flat poses cover included frames.
assembly=$examples/arm_with_gripper.sdf
run include_check 0 check --model-path "$examples/models" "$assembly"
run include_flat 0 convert --model-path "$examples/models" "$assembly" \
  --to flat --format csv
expect_grep include_flat "$tmp/include_flat.out" "gripper::mount,frame,gripper::palm"
expect_grep include_flat "$tmp/include_flat.out" "arm::tcp,frame,arm::forearm"
GAZEBO_MODEL_PATH="$examples/models" run include_env 0 check "$assembly"
run include_missing 1 check "$assembly"
expect_grep include_missing "$tmp/include_missing.err" \
  "error[INCLUDE_URI_UNRESOLVED]: <include> of 'model://parallel_gripper'"
run include_missing_quiet 1 check -q --model-path "$tmp" "$assembly"
expect_grep include_missing_quiet "$tmp/include_missing_quiet.err" "$tmp"

# --to urdf from a URDF, or from SDFormat that includes one: exported from
# what the import writes, so geometry, limits and mimic survive.
cat >"$tmp/bot.urdf" <<'XML'
<?xml version="1.0"?>
<robot name="bot">
  <link name="base"><visual><geometry><box size="1 2 3"/></geometry></visual></link>
  <link name="tip"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="tip2"/>
  <joint name="j" type="revolute"><parent link="base"/><child link="tip"/>
    <origin xyz="0 0 1"/><axis xyz="0 0 1"/>
    <limit lower="-0.5" upper="0.5" effort="10" velocity="2"/></joint>
  <joint name="j2" type="revolute"><parent link="tip"/><child link="tip2"/>
    <axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/>
    <mimic joint="j" multiplier="2"/></joint>
</robot>
XML
cat >"$tmp/bot_world.sdf" <<'XML'
<?xml version="1.0"?>
<sdf version="1.8"><world name="w">
  <include><uri>bot.urdf</uri><name>r</name><pose>1 0 0 0 0 0</pose></include>
</world></sdf>
XML
for input in bot.urdf bot_world.sdf; do
  run "urdf_from_$input" 0 convert "$tmp/$input" --to urdf -o "$tmp/out_$input.urdf"
  expect_grep "urdf_from_$input" "$tmp/out_$input.urdf" '<box size="1 2 3"/>'
  expect_grep "urdf_from_$input" "$tmp/out_$input.urdf" 'lower="-0.5" upper="0.5" effort="10" velocity="2"'
  expect_grep "urdf_from_$input" "$tmp/out_$input.urdf" '<mimic joint="j" multiplier="2"'
done

# Usage.
run no_args 2
run bad_format 2 convert "$arm" --to flat --format xml
run no_target 2 convert "$arm"
run unknown_option 2 check --frobnicate "$arm"
run version 0 --version
expect_grep version "$tmp/version.out" "sdfconv"
run help 0 --help
expect_grep help "$tmp/help.out" "convert"
run verbose 0 check -v "$arm"
expect_grep verbose "$tmp/verbose.err" "reading"

# A UTF-16 file (with its byte order mark) is read by every command, and
# what --to sdf and upgrade write is UTF-16 again, with the mark.
printf '<?xml version="1.0" encoding="UTF-16"?>\n<sdf version="1.6">\n  <model name="m">\n    <link name="l"/>\n  </model>\n</sdf>\n' |
  iconv -f UTF-8 -t UTF-16LE | { printf '\377\376'; cat; } >"$tmp/utf16.sdf"
run utf16_check 0 check "$tmp/utf16.sdf"
run utf16_flat 0 convert "$tmp/utf16.sdf" --to flat -o "$tmp/utf16.json"
run utf16_urdf 0 convert "$tmp/utf16.sdf" --to urdf -o "$tmp/utf16.urdf"
run utf16_sdf 0 convert "$tmp/utf16.sdf" --to sdf -o "$tmp/utf16_18.sdf"
[ "$(head -c 2 "$tmp/utf16_18.sdf" | od -An -tx1 | tr -d ' ')" = fffe ] ||
  fail "utf16_sdf: the output does not start with the UTF-16LE byte order mark"
iconv -f UTF-16 -t UTF-8 "$tmp/utf16_18.sdf" | grep -q '<sdf version="1.8">' ||
  fail "utf16_sdf: the output is not the 1.8 file in UTF-16"
run utf16_reread 0 check "$tmp/utf16_18.sdf"
mkdir -p "$tmp/utf16dir"
cp "$tmp/utf16.sdf" "$tmp/utf16dir/m.sdf"
run utf16_upgrade 0 upgrade --in-place "$tmp/utf16dir"
expect_same utf16_upgrade "$tmp/utf16dir/m.sdf" "$tmp/utf16_18.sdf"
expect_same utf16_upgrade "$tmp/utf16dir/m.sdf.bak" "$tmp/utf16.sdf"

finish
