# Shared by the command-line tests (sourced, not run): checks that count
# failures instead of stopping, so that one run reports every problem.
#
# The sourcing script sets `sdfconv` (the binary) and `tmp` (a scratch
# folder) first, then uses the checks below and ends with `finish`.
#   sdfconv=$1; tmp=${TEST_TMPDIR:-$(mktemp -d)}
#   . cli/testing/cli_test_lib.sh
#   run check_arm 0 check arm.sdf
#   expect_grep check_arm "$tmp/check_arm.out" "arm.sdf: valid"
#   finish
# shellcheck shell=bash
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# run NAME EXPECTED_STATUS ARGS...: runs sdfconv, keeps stdout and stderr in
# $tmp/NAME.out and $tmp/NAME.err, and checks the exit status.
run() {
  local name=$1 expected=$2
  shift 2
  "$sdfconv" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  local status=$?
  if [ "$status" -ne "$expected" ]; then
    fail "$name: sdfconv $* exited $status, expected $expected"
    sed 's/^/  stderr: /' "$tmp/$name.err" >&2
  fi
}

expect_grep() {  # expect_grep NAME FILE PATTERN
  grep -qF -- "$3" "$2" || fail "$1: '$3' not found in $2"
}

expect_no_grep() {  # expect_no_grep NAME FILE PATTERN
  ! grep -qF -- "$3" "$2" || fail "$1: '$3' found in $2"
}

expect_empty() {  # expect_empty NAME FILE
  [ ! -s "$2" ] || fail "$1: $(basename "$2") should be empty: $(head -c 300 "$2")"
}

expect_same() {  # expect_same NAME A B: the two files are byte for byte equal
  cmp -s "$2" "$3" || fail "$1: $2 and $3 differ"
}

expect_count() {  # expect_count NAME FILE PATTERN N: N lines match
  local n
  n=$(grep -cF -- "$3" "$2")
  [ "$n" -eq "$4" ] || fail "$1: '$3' on $n lines of $2, expected $4"
}

# expect_json_at NAME FILE POINTER VALUE: FILE is one JSON document and the
# value at POINTER is VALUE (read by json_get: the sourcing script sets
# `json_get` to //cli/testing:json_get).
expect_json_at() {
  local got
  got=$("$json_get" "$2" "$3" 2>&1) ||
    { fail "$1: $2 at $3: $got"; return; }
  [ "$got" = "$4" ] || fail "$1: $2 at $3 is '$got', expected '$4'"
}

# expect_no_json_at NAME FILE POINTER: FILE is JSON and POINTER names
# nothing.
expect_no_json_at() {
  "$json_get" "$2" "" >/dev/null 2>&1 || { fail "$1: $2 is not JSON"; return; }
  ! "$json_get" "$2" "$3" >/dev/null 2>&1 || fail "$1: $2 has $3"
}

# The verdict: exit 1 after any failure.
finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
  fi
  echo "all checks passed"
}
