#!/bin/sh
# Writes converters/sdf/schema_gen/tables/1.2.txt ... 1.9.txt, the project's
# own form of the SDFormat element reference of 1.2-1.9, from the description
# files of Debian's sdformat-sdf (docs/schema_deltas.md). Run from the
# repository root after the installed descriptions change; review the diff;
# //converters/sdf/schema_gen:version_table_test checks the tables against
# the installed descriptions wherever they exist.
#
#   tools/schema_tables.sh [DESCRIPTIONS_DIR]    (default /usr/share/sdformat12)
set -eu
dir=${1:-/usr/share/sdformat12}
out=converters/sdf/schema_gen/tables
if [ ! -d "$dir/1.9" ]; then
  echo "schema_tables.sh: $dir has no SDFormat descriptions (Debian's sdformat-sdf)" >&2
  exit 1
fi
bazel build --jobs=2 //converters/sdf/schema_gen:schema_gen
rm -f "$out"/1.[2-9].txt
bazel-bin/converters/sdf/schema_gen/schema_gen --write-tables "$out" \
  "$dir"/1.[2-9]/*.sdf
ls "$out"
