#!/usr/bin/env bash
# The libraries sdfconv links (docs/architecture.md, "Libraries"), end to
# end: the binary names libxml2, urdfdom and the shared C++ library (read
# with readelf), and reads XML and URDF with them. urdfdom running out of
# memory in its parse (a preloaded urdf::parseURDF that throws
# std::bad_alloc, which binds ahead of urdfdom's own as any preloaded
# definition does) makes the file OUT_OF_MEMORY, exit 2, nothing written,
# not an invalid URDF.
#   usage: library_cli_test.sh SDFCONV URDFDOM_OOM_SO
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
urdfdom_oom=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
tmp=${TEST_TMPDIR:-$(mktemp -d)}/library_cli
rm -rf "$tmp"
mkdir -p "$tmp"
. cli/testing/cli_test_lib.sh

# XML with a character reference, which only libxml2 may accept.
cat >"$tmp/reference.sdf" <<'SDF'
<?xml version="1.0"?>
<sdf version="1.6">
  <model name="m&#45;1"><link name="l"/></model>
</sdf>
SDF
cat >"$tmp/robot.urdf" <<'URDF'
<robot name="r"><link name="a"/></robot>
URDF

if command -v readelf >/dev/null; then
  needed=$(readelf -d "$sdfconv" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  for lib in libxml2 liburdfdom_model libstdc++; do
    printf '%s\n' $needed | grep -q "^$lib\.so" ||
      fail "sdfconv does not name $lib among its libraries: $needed"
  done
else
  echo "readelf not found: the libraries sdfconv names are not checked"
fi

run reference 0 check "$tmp/reference.sdf"
expect_grep reference "$tmp/reference.out" "reference.sdf: valid"
run urdf 0 check "$tmp/robot.urdf"
expect_grep urdf "$tmp/urdf.out" "robot.urdf: valid"

# urdfdom runs out of memory in its parse.
export LD_PRELOAD=$urdfdom_oom
run urdf_oom 2 check "$tmp/robot.urdf"
expect_grep urdf_oom "$tmp/urdf_oom.err" "robot.urdf: error[OUT_OF_MEMORY]"
expect_no_grep urdf_oom "$tmp/urdf_oom.err" "URDF_INVALID"
run urdf_oom_sdf 2 convert "$tmp/robot.urdf" --to sdf -o "$tmp/robot_oom.sdf"
expect_grep urdf_oom_sdf "$tmp/urdf_oom_sdf.err" "error[OUT_OF_MEMORY]"
[ ! -e "$tmp/robot_oom.sdf" ] || fail "urdf_oom_sdf: an output written"
# Only urdfdom's parse fails: the preloaded library leaves XML alone.
run reference_oom 0 check "$tmp/reference.sdf"
unset LD_PRELOAD

finish
