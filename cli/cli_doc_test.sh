#!/usr/bin/env bash
# docs/cli.md documents every command and every option: each option that
# `sdfconv COMMAND --help` lists must appear in it, in backquotes.
#   usage: cli_doc_test.sh SDFCONV CLI_MD
set -u
sdfconv=$1
doc=$2
failures=0
for command in check convert upgrade graph; do
  grep -qF "## \`sdfconv $command" "$doc" ||
    { echo "FAIL: no section for '$command' in $doc" >&2; failures=$((failures + 1)); }
  options=$("$sdfconv" "$command" --help | grep -oE -- '(^|[ ,])--?[a-z][a-z-]*' |
            sed 's/^[ ,]//' | sort -u)
  for option in $options; do
    grep -qF -- "\`$option" "$doc" ||
      { echo "FAIL: $command $option is not in $doc" >&2; failures=$((failures + 1)); }
  done
done
for status in 0 1 2 130; do
  grep -qE "^\| $status \|" "$doc" ||
    { echo "FAIL: exit status $status is not in $doc" >&2; failures=$((failures + 1)); }
done
[ "$failures" -eq 0 ] || exit 1
echo "all checks passed"
