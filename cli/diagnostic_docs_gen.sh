#!/usr/bin/env bash
# Writes the C++ table of every code's documentation (cli/diagnostic_docs.h)
# from docs/diagnostics.md, so that the text lives in one place: the rows of
# its tables of the form "| `CODE` | meaning |". Run by the genrule
# //cli:diagnostic_docs_table; bash and awk only (what the build has).
#   usage: diagnostic_docs_gen.sh docs/diagnostics.md > diagnostic_docs_table.cc
set -euo pipefail
awk '
BEGIN {
  print "// Generated from docs/diagnostics.md by cli/diagnostic_docs_gen.sh."
  print "// Do not edit: edit docs/diagnostics.md."
  print "#include \"cli/diagnostic_docs.h\""
  print ""
  print "namespace sdfconv {"
  print "namespace internal {"
  print ""
  print "const CodeDocRow kCodeDocRows[] = {"
  rows = 0
}
/^\| `[A-Z0-9_]+` \| / {
  line = $0
  match(line, /`[A-Z0-9_]+`/)
  code = substr(line, RSTART + 1, RLENGTH - 2)
  text = substr(line, RSTART + RLENGTH)
  sub(/^ \| /, "", text)
  sub(/[ \t]*\|[ \t]*$/, "", text)
  gsub(/\\\|/, "|", text)
  if (index(text, ")sdfdoc\"") > 0) {
    print "diagnostic_docs_gen.sh: the row of " code " holds )sdfdoc\"" > "/dev/stderr"
    exit 1
  }
  printf "    {\"%s\", R\"sdfdoc(%s)sdfdoc\"},\n", code, text
  rows++
}
END {
  if (rows == 0) {
    print "diagnostic_docs_gen.sh: no row | `CODE` | meaning | found" > "/dev/stderr"
    exit 1
  }
  print "};"
  print "const size_t kCodeDocRowCount = sizeof(kCodeDocRows) / sizeof(kCodeDocRows[0]);"
  print ""
  print "}  // namespace internal"
  print "}  // namespace sdfconv"
}
' "$1"
