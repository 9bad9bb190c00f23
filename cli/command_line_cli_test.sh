#!/usr/bin/env bash
# The command line as users meet it first: an unknown command suggests the
# closest one (exit 2); enum options take and list their words only; an
# unreadable file's verdict says so and agrees with exit 2; counts take
# their plural; `bazel run` names files from BUILD_WORKING_DIRECTORY
# (cli/bazel_run.h), only when Bazel ran sdfconv itself.
#   usage: command_line_cli_test.sh SDFCONV JSON_GET EXAMPLES_DIR
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
json_get=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
examples=$(cd "$3" && pwd)
tmp=${TEST_TMPDIR:-$(mktemp -d)}/command_line_cli
rm -rf "$tmp"
mkdir -p "$tmp"
. cli/testing/cli_test_lib.sh
cd "$tmp" || exit 1
cp "$examples/arm.sdf" "$examples/invalid_cycle.sdf" .

# --- an unknown command: exit 2, the closest command named, nothing run.
run typo 2 chek arm.sdf
expect_empty typo typo.out
expect_grep typo typo.err "'chek'"
expect_grep typo typo.err "'check'"
run typo_verbose 2 -v upgarde arm.sdf --check
expect_grep typo_verbose typo_verbose.err "'upgrade'"
# Nothing near: every command is listed.
run far 2 validate arm.sdf
for command in check convert upgrade graph; do
  expect_grep far far.err " $command"
done
# Known commands and no command at all are as before.
run no_command 2
run version 0 --version
run help 0 --help
expect_grep help help.out "graph"

# --- enum options: words only, in help and in what they take.
for command in check convert upgrade; do
  run "help_$command" 0 "$command" --help
  expect_grep "help_$command" "help_$command.out" "{text,json,sarif,github}"
  expect_no_grep "help_$command" "help_$command.out" "->"
done
run format_number 2 check arm.sdf --format 2
expect_empty format_number format_number.out
run diagnostics_format_number 2 check arm.sdf --diagnostics-format 1
run convert_format_number 2 convert arm.sdf --to flat --diagnostics-format 3
expect_empty convert_format_number convert_format_number.out
run upgrade_format_number 2 upgrade arm.sdf --check --diagnostics-format 0
run format_word 0 check arm.sdf --format github
expect_grep format_word format_word.out "arm.sdf: valid"
run format_case 2 check arm.sdf --format JSON

# --- an unreadable file: the verdict says so, with exit 2.
run missing 2 check no_such.sdf
expect_same missing missing.out <(echo "no_such.sdf: unreadable")
expect_grep missing missing.err "error[FILE_READ]"
run missing_json 2 check no_such.sdf --format json
expect_json_at missing_json missing_json.out /files/0/outcome unreadable
expect_json_at missing_json missing_json.out /exit_code 2
run missing_and_invalid 2 check invalid_cycle.sdf no_such.sdf
expect_grep missing_and_invalid missing_and_invalid.out "invalid_cycle.sdf: invalid (1 error)"
expect_grep missing_and_invalid missing_and_invalid.out "no_such.sdf: unreadable"

# --- plurals.
run one_error 1 convert invalid_cycle.sdf --to flat
expect_grep one_error one_error.err "is invalid (1 error);"

# --- bazel run: a copy of the binary with its own runfiles folder, as
# Bazel lays it out (/proc/self/exe is the copy, not a link to sdfconv).
mkdir -p bin/sdfconv.runfiles/ws user/models other.runfiles/ws
cp "$sdfconv" bin/sdfconv
cp arm.sdf user/arm.sdf
cp -RL "$examples/models/." user/models/
# Another target's runfiles hold another arm.sdf, invalid.
cp invalid_cycle.sdf other.runfiles/ws/arm.sdf
(cd bin/sdfconv.runfiles/ws &&
  BUILD_WORKING_DIRECTORY="$tmp/user" "$tmp/bin/sdfconv" check arm.sdf models \
    >"$tmp/bazel_run.out" 2>"$tmp/bazel_run.err")
[ $? -eq 0 ] || fail "bazel_run: check from the runfiles exited non-zero"
printf '%s\n' "arm.sdf: valid" "models/parallel_gripper/model.sdf: valid" \
  >bazel_run.expected
expect_same bazel_run bazel_run.out bazel_run.expected
# Outputs and --model-path are the user's too.
(cd bin/sdfconv.runfiles/ws &&
  BUILD_WORKING_DIRECTORY="$tmp/user" "$tmp/bin/sdfconv" convert arm.sdf \
    --to flat -o flat.json --model-path models >/dev/null 2>&1) ||
  fail "bazel_run_output: convert exited non-zero"
[ -s user/flat.json ] || fail "bazel_run_output: user/flat.json not written"
[ ! -e bin/sdfconv.runfiles/ws/flat.json ] ||
  fail "bazel_run_output: written in the runfiles folder"
# A script of another target (an sdf_check_test under `bazel run`) runs
# sdfconv from its own runfiles: the variable is not sdfconv's.
(cd other.runfiles/ws &&
  BUILD_WORKING_DIRECTORY="$tmp/user" "$tmp/bin/sdfconv" check arm.sdf \
    >"$tmp/script_run.out" 2>/dev/null)
[ $? -eq 1 ] || fail "script_run: the runfiles' own (invalid) arm.sdf was not checked"
expect_grep script_run script_run.out "arm.sdf: invalid"
# A folder that cannot be entered: exit 2, nothing run.
(cd bin/sdfconv.runfiles/ws &&
  BUILD_WORKING_DIRECTORY="$tmp/no_such_folder" "$tmp/bin/sdfconv" check arm.sdf \
    >"$tmp/bad_dir.out" 2>"$tmp/bad_dir.err")
[ $? -eq 2 ] || fail "bad_dir: expected exit 2"
expect_empty bad_dir bad_dir.out
expect_grep bad_dir bad_dir.err "BUILD_WORKING_DIRECTORY"

finish
