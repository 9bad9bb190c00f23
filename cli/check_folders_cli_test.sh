#!/usr/bin/env bash
# `sdfconv check DIR`: a folder walked as `upgrade` walks it, for *.sdf,
# *.world and *.urdf (model.config and anything else left out, links not
# followed), files in byte order, each with its verdict; the exit status
# of the worst file; a folder with nothing to check said, not failed.
#   usage: check_folders_cli_test.sh SDFCONV JSON_GET EXAMPLES_DIR
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
json_get=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
examples=$(cd "$3" && pwd)
tmp=${TEST_TMPDIR:-$(mktemp -d)}/check_folders_cli
rm -rf "$tmp"
mkdir -p "$tmp/models/a" "$tmp/models/b/deep" "$tmp/models/empty_inside" \
  "$tmp/empty" "$tmp/outside"
. cli/testing/cli_test_lib.sh
cd "$tmp" || exit 1

cp "$examples/arm.sdf" models/a/model.sdf
cp "$examples/workcell.sdf" models/b/deep/cell.world
cp "$examples/invalid_cycle.sdf" models/b/cycle.sdf
cat >models/a/robot.urdf <<'URDF'
<?xml version="1.0"?>
<robot name="r">
  <link name="base"/>
  <link name="tip"/>
  <joint name="j" type="fixed">
    <parent link="base"/>
    <child link="tip"/>
  </joint>
</robot>
URDF
# Not taken: a manifest, a xacro, other files, links.
cat >models/a/model.config <<'XML'
<?xml version="1.0"?>
<model><name>a</name><sdf version="1.8">model.sdf</sdf></model>
XML
cp models/a/robot.urdf models/a/robot.urdf.xacro
echo "notes" >models/b/notes.txt
cp "$examples/invalid_cycle.sdf" outside/linked.sdf
ln -s ../../outside/linked.sdf models/b/linked.sdf
ln -s ../outside models/outside_link

run tree 1 check models
printf '%s\n' "models/a/model.sdf: valid" "models/a/robot.urdf: valid" \
  "models/b/cycle.sdf: invalid (1 error)" "models/b/deep/cell.world: valid" \
  >tree.expected
expect_same tree tree.out tree.expected
expect_count tree tree.err "error[POSE_RELATIVE_TO_CYCLE]" 1
expect_no_grep tree tree.err "linked.sdf"
# A trailing slash names the same files.
run tree_slash 1 check models/
expect_same tree_slash tree.out tree_slash.out
# Files and folders mixed, in argument order; a file is taken whatever its
# name; standard input too.
run mixed 1 check models/a/model.config models/a - <models/a/model.sdf
expect_grep mixed mixed.out "models/a/model.config: invalid"
expect_grep mixed mixed.out "<stdin>: valid"
[ "$(head -n 1 mixed.out)" = "models/a/model.config: invalid (1 error)" ] ||
  fail "mixed: the named file is not first: $(head -n 1 mixed.out)"
[ "$(tail -n 1 mixed.out)" = "<stdin>: valid" ] ||
  fail "mixed: standard input is not last: $(tail -n 1 mixed.out)"
# A folder named by a link is walked (a link named on the command line is
# followed, as by upgrade).
run linked_folder 1 check models/outside_link
expect_grep linked_folder linked_folder.out "models/outside_link/linked.sdf: invalid (1 error)"

# The exit status of the worst file: 0 all valid.
run valid_tree 0 check models/a
expect_count valid_tree valid_tree.out ": valid" 2

# A folder with nothing to check: said on stderr; exit 0; no verdict.
run empty 0 check empty
expect_empty empty empty.out
expect_grep empty empty.err "'empty'"
run empty_json 0 check empty --format json
expect_json_at empty_json empty_json.out /exit_code 0
expect_no_json_at empty_json empty_json.out /files/0
expect_json_at empty_json empty_json.out /messages/0 \
  "sdfconv: warning: 'empty' holds no *.sdf, *.world or *.urdf file"

# json: every file's outcome, in walk order.
run tree_json 1 check models --format json
expect_json_at tree_json tree_json.out /files/2/path models/b/cycle.sdf
expect_json_at tree_json tree_json.out /files/2/outcome invalid
expect_json_at tree_json tree_json.out /files/3/path models/b/deep/cell.world
expect_no_json_at tree_json tree_json.out /files/4

# An output inside the folder that is one of its files: refused.
run output_is_input 2 check models --diagnostics-output models/a/model.sdf --format json
cmp -s models/a/model.sdf "$examples/arm.sdf" ||
  fail "output_is_input: models/a/model.sdf was written"

# A folder that cannot be listed: unreadable (FILE_READ), exit 2, the
# others still checked. Root lists every folder, so only as another user.
if [ "$(id -u)" -ne 0 ]; then
  mkdir -p models/locked && chmod 000 models/locked
  run locked 2 check models
  expect_grep locked locked.out "models/locked: unreadable"
  expect_grep locked locked.err "error[FILE_READ]"
  expect_grep locked locked.out "models/a/model.sdf: valid"
  chmod 755 models/locked
else
  echo "note: running as root: the unlistable folder is not tried" >&2
fi

# convert and graph draw one file: a folder is FILE_READ, exit 2.
run graph_folder 2 graph models
expect_grep graph_folder graph_folder.err "error[FILE_READ]"
expect_empty graph_folder graph_folder.out
run convert_folder 2 convert models --to flat
expect_grep convert_folder convert_folder.err "error[FILE_READ]"

finish
