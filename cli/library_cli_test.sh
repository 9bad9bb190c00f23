#!/usr/bin/env bash
# The libraries sdfconv opens when a file first needs them
# (docs/architecture.md, "Libraries opened when needed"), end to end: a
# machine without libxml2 or urdfdom is played by preloading a dlopen that
# refuses them (cli/testing/refuse_dlopen.c), and the libraries named in
# the binary are read from it (readelf). Plain XML never needs
# libxml2; XML that does, and every URDF, get LIBRARY_MISSING, exit 2,
# nothing written; `upgrade` goes on with the next file.
# A urdfdom whose parse runs out of memory (a stand-in opened in its
# place) makes the file OUT_OF_MEMORY, exit 2, not an invalid URDF.
#   usage: library_cli_test.sh SDFCONV REFUSE_DLOPEN_SO URDFDOM_OOM_SO
set -u

sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
refuse=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
urdfdom_oom=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
tmp=${TEST_TMPDIR:-$(mktemp -d)}/library_cli
rm -rf "$tmp"
mkdir -p "$tmp/tree"
. cli/testing/cli_test_lib.sh

# Plain XML (the fast check reads it alone) and XML with a character
# reference, which only libxml2 may accept.
cat >"$tmp/tree/plain.sdf" <<'SDF'
<?xml version="1.0"?>
<sdf version="1.8">
  <model name="plain"><link name="l"/></model>
</sdf>
SDF
cat >"$tmp/tree/reference.sdf" <<'SDF'
<?xml version="1.0"?>
<sdf version="1.6">
  <model name="m&#45;1"><link name="l"/></model>
</sdf>
SDF
cat >"$tmp/robot.urdf" <<'URDF'
<robot name="r"><link name="a"/></robot>
URDF

# At its start sdfconv needs only the C library, libm and libgcc_s: the C++
# library is linked in (cli/BUILD.bazel), libxml2 and urdfdom are opened
# when needed. (A sanitizer's runtime is allowed under --config=sanitize.)
if command -v readelf >/dev/null; then
  needed=$(readelf -d "$sdfconv" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  [ -n "$needed" ] || fail "readelf lists no library sdfconv needs"
  for lib in $needed; do
    case $lib in
      libc.so.* | libm.so.* | libgcc_s.so.* | ld-linux*) ;;
      libasan.so.* | libubsan.so.*) ;;
      *) fail "sdfconv needs $lib at its start" ;;
    esac
  done
else
  echo "readelf not found: the libraries needed at start are not checked"
fi
# The C++ library linked in stays private: sdfconv exports none of its
# functions or objects, so the shared libstdc++ that urdfdom brings binds
# to itself (docs/architecture.md). Only strong definitions (T, D, B, R)
# are the library's own: weak ones are inline functions and templates
# sdfconv's own code instantiates (an unoptimised build keeps
# std::char_traits<char>::eq), and GNU unique ones (u) their statics.
if command -v nm >/dev/null; then
  exported=$(nm -D --defined-only "$sdfconv" |
    awk '$2 ~ /^[TDBR]$/ { print $3 }' |
    grep -cE '^(_ZNK?St|_ZSt|_ZT[VIS]N?K?St|__cxa_|__gxx_|_Zn[wa]|_Zd[la])')
  [ "$exported" -eq 0 ] ||
    fail "sdfconv exports $exported symbols of the C++ library"
else
  echo "nm not found: the symbols sdfconv exports are not checked"
fi

# run_without NAME STATUS LIBRARIES ARGS...: `run` with dlopen refusing
# LIBRARIES (names separated by ':'; empty: none).
run_without() {
  local name=$1 expected=$2
  export SDFCONV_TEST_REFUSE_DLOPEN=$3 LD_PRELOAD=$refuse
  shift 3
  run "$name" "$expected" "$@"
  unset SDFCONV_TEST_REFUSE_DLOPEN LD_PRELOAD
}

# The shim works: with it, sdfconv itself still runs and reads URDF when
# nothing is refused.
run_without urdf_allowed 0 "" check "$tmp/robot.urdf"
expect_grep urdf_allowed "$tmp/urdf_allowed.out" "robot.urdf: valid"

# Plain XML needs neither library.
run_without plain 0 "libxml2.so.2:liburdfdom_model.so.3.0" \
  check "$tmp/tree/plain.sdf"
expect_grep plain "$tmp/plain.out" "plain.sdf: valid"
run_without plain_flat 0 "libxml2.so.2:liburdfdom_model.so.3.0" \
  convert "$tmp/tree/plain.sdf" --to flat -o "$tmp/plain.json"
[ -s "$tmp/plain.json" ] || fail "plain_flat: nothing written"

# XML that needs libxml2: LIBRARY_MISSING at the file, exit 2.
run_without reference 2 "libxml2.so.2" check "$tmp/tree/reference.sdf"
expect_grep reference "$tmp/reference.err" \
  "reference.sdf: error[LIBRARY_MISSING]: cannot load libxml2.so.2"
run_without reference_sdf 2 "libxml2.so.2" \
  convert "$tmp/tree/reference.sdf" --to sdf -o "$tmp/reference.out.sdf"
expect_grep reference_sdf "$tmp/reference_sdf.err" "error[LIBRARY_MISSING]"
[ ! -e "$tmp/reference.out.sdf" ] || fail "reference_sdf: an output written"

# Every URDF needs urdfdom.
run_without urdf 2 "liburdfdom_model.so.3.0" check "$tmp/robot.urdf"
expect_grep urdf "$tmp/urdf.err" \
  "robot.urdf:1: error[LIBRARY_MISSING]: cannot load liburdfdom_model.so.3.0"
run_without urdf_sdf 2 "liburdfdom_model.so.3.0" \
  convert "$tmp/robot.urdf" --to sdf -o "$tmp/robot.sdf"
[ ! -e "$tmp/robot.sdf" ] || fail "urdf_sdf: an output written"

# The batch: the file that needs libxml2 fails, the plain one is upgraded.
run_without upgrade 1 "libxml2.so.2" upgrade -j 1 -o "$tmp/out" "$tmp/tree"
expect_grep upgrade "$tmp/upgrade.err" "error[LIBRARY_MISSING]"
[ -s "$tmp/out/plain.sdf" ] || fail "upgrade: plain.sdf not written"
[ ! -e "$tmp/out/reference.sdf" ] || fail "upgrade: reference.sdf written"

# urdfdom runs out of memory in its parse: OUT_OF_MEMORY for the file,
# exit 2, nothing written (its std::bad_alloc crosses from the shared C++
# library into sdfconv's own).
export SDFCONV_TEST_DLOPEN_INSTEAD="liburdfdom_model.so.3.0=$urdfdom_oom"
run_without urdf_oom 2 "" check "$tmp/robot.urdf"
expect_grep urdf_oom "$tmp/urdf_oom.err" "robot.urdf: error[OUT_OF_MEMORY]"
expect_no_grep urdf_oom "$tmp/urdf_oom.err" "URDF_INVALID"
run_without urdf_oom_sdf 2 "" \
  convert "$tmp/robot.urdf" --to sdf -o "$tmp/robot_oom.sdf"
expect_grep urdf_oom_sdf "$tmp/urdf_oom_sdf.err" "error[OUT_OF_MEMORY]"
[ ! -e "$tmp/robot_oom.sdf" ] || fail "urdf_oom_sdf: an output written"
unset SDFCONV_TEST_DLOPEN_INSTEAD

# And with every library there, the same files read.
run reference_allowed 0 check "$tmp/tree/reference.sdf"

finish
