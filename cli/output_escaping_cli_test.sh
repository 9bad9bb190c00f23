#!/usr/bin/env bash
# Names and messages cannot forge output (docs/diagnostics.md, "Names and
# messages in the output"): files whose names hold a newline followed by a
# workflow command, an ESC sequence, a C1 control, bytes that are not
# UTF-8, and an element name holding &#10; followed by a diagnostic line,
# checked and upgraded (--check, -v) in the text, github and json formats.
# No raw control byte and no invalid UTF-8 reaches stdout or stderr, no
# forged line starts a line, and JSON keeps the two non-UTF-8 names apart.
#   usage: output_escaping_cli_test.sh SDFCONV JSON_GET
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
json_get=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
tmp=${TEST_TMPDIR:-$(mktemp -d)}/output_escaping_cli
rm -rf "$tmp"
mkdir -p "$tmp/in"
. cli/testing/cli_test_lib.sh

cd "$tmp/in" || exit 1
# Version 1.6, to be upgraded. Two links share a name holding a newline and a forged diagnostic line: DUPLICATE_NAME
# quotes it.
cat >template.sdf <<'SDF'
<?xml version="1.0"?>
<sdf version="1.6">
  <model name="m">
    <link name="l&#10;forged.sdf:9: error[FORGED]: from a name"/>
    <link name="l&#10;forged.sdf:9: error[FORGED]: from a name"/>
  </model>
</sdf>
SDF
newline=$'nl\n::error file=x.sdf,line=1::forged workflow command.sdf'
escape=$'esc\e[2K\e]0;title\a.sdf'
c1=$'c1\xc2\x9b31m.sdf'
for name in "$newline" "$escape" "$c1" $'m\xfe.sdf' $'m\xff.sdf'; do
  cp template.sdf "$name"
done
rm template.sdf
cd "$tmp" || exit 1

# clean NAME [json]: stdout and stderr hold no C0 control but newline, no
# DEL, only valid UTF-8, and no line a name or message forged; no C1
# control either, but in JSON, which keeps valid UTF-8 as it is.
clean() {
  local file
  for file in "$tmp/$1.out" "$tmp/$1.err"; do
    if LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "$file"; then
      fail "$1: a control byte in $(basename "$file")"
      LC_ALL=C grep -n $'[\x01-\x09\x0b-\x1f\x7f]' "$file" | cat -A | head -3 >&2
    fi
    [ "${2:-}" != json ] && LC_ALL=C grep -q $'\xc2[\x80-\x9f]' "$file" &&
      fail "$1: a C1 control in $(basename "$file")"
    iconv -f UTF-8 -t UTF-8 "$file" >/dev/null 2>&1 ||
      fail "$1: $(basename "$file") is not UTF-8"
    LC_ALL=C grep -q '^forged\|^::error file=x\.sdf\|^::warning file=x\.sdf' "$file" &&
      fail "$1: a forged line in $(basename "$file")"
  done
  return 0
}

run check_text 1 check in
clean check_text
expect_count check_text check_text.err 'error[DUPLICATE_NAME]' 5
expect_count check_text check_text.err 'forged.sdf:9: error[FORGED]' 5
expect_grep check_text check_text.out 'in/nl\n::error file=x.sdf,line=1::forged workflow command.sdf: invalid (1 error)'
expect_grep check_text check_text.out 'in/esc\x1b[2K\x1b]0;title\x07.sdf: invalid'
expect_grep check_text check_text.out 'in/c1\u009b31m.sdf: invalid'
expect_grep check_text check_text.out 'in/m\xfe.sdf: invalid'
expect_grep check_text check_text.out 'in/m\xff.sdf: invalid'
expect_grep check_text check_text.err 'in/m\xff.sdf:5: error[DUPLICATE_NAME]'

run check_github 1 check in --format github
clean check_github
expect_count check_github check_github.out '::error file=in/' 5
expect_grep check_github check_github.out '::error file=in/nl\n%3A%3Aerror file=x.sdf%2Cline=1%3A%3Aforged workflow command.sdf,line=5,title=DUPLICATE_NAME::link '"'"'l\nforged.sdf:9: error[FORGED]: from a name'"'"' has'

run check_json 1 check in --format json
clean check_json json
# In name order: c1, esc, m\xfe, m\xff, nl.
expect_json_at check_json check_json.out /files/2/path 'in/m\xfe.sdf'
expect_json_at check_json check_json.out /files/3/path 'in/m\xff.sdf'
expect_json_at check_json check_json.out /files/4/path "in/$newline"
expect_json_at check_json check_json.out /files/4/diagnostics/0/line 5
expect_grep check_json check_json.out '"path": "in/m\\xfe.sdf"'
expect_grep check_json check_json.out '"path": "in/m\\xff.sdf"'
expect_grep check_json check_json.out '"path_base64": "aW4vbf8uc2Rm"'
expect_no_grep check_json check_json.out $'\xef\xbf\xbd'  # U+FFFD

run upgrade_text 1 -v upgrade --check in
clean upgrade_text
# Still duplicates after the upgrade's renaming: each fails.
expect_count upgrade_text upgrade_text.out ': failed' 5
expect_grep upgrade_text upgrade_text.out 'in/esc\x1b[2K\x1b]0;title\x07.sdf: failed'
expect_count upgrade_text upgrade_text.err 'warning[DUPLICATE_NAME]' 5

run upgrade_github 1 upgrade --check in --diagnostics-format github
clean upgrade_github
expect_count upgrade_github upgrade_github.out ': failed' 5
expect_count upgrade_github upgrade_github.err '::warning file=in/' 5

run upgrade_json 1 upgrade --check in --diagnostics-format json --report report.json
clean upgrade_json json
expect_grep upgrade_json upgrade_json.err '"path": "in/m\\xfe.sdf"'
expect_grep upgrade_json upgrade_json.err '"path": "in/m\\xff.sdf"'
expect_grep upgrade_json report.json '"path_base64": "aW4vbf4uc2Rm"'
expect_grep upgrade_json report.json '"path_base64": "aW4vbf8uc2Rm"'

finish
