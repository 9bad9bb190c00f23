#!/usr/bin/env bash
# End-to-end test of Fuel includes and --unresolved-includes: a world that
# includes Fuel models by URL is read from a Fuel cache the test builds
# (GZ_FUEL_CACHE_PATH; HOME is the test's, never the user's), the newest
# version unless the URL names one, owner and name in any case; a model not
# cached is an error naming the URI and the cache, kept as written with a
# warning under --unresolved-includes=keep by check, upgrade and convert
# --to sdf, and refused, naming the include, by --to flat, --to urdf,
# --expand-includes and graph.
#   usage: fuel_includes_cli_test.sh SDFCONV
set -u

sdfconv=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}/fuel_includes_cli
rm -rf "$tmp"
mkdir -p "$tmp/home" "$tmp/out"
. cli/testing/cli_test_lib.sh

export HOME=$tmp/home
unset IGN_FUEL_CACHE_PATH
export SDF_PATH= GZ_SIM_RESOURCE_PATH= IGN_GAZEBO_RESOURCE_PATH= GAZEBO_MODEL_PATH=

# cached_model VERSION Z: version VERSION of OpenRobotics/Coke (its folders
# spelt as a download writes them, lower case), its link Z above the model.
cached_model() {
  local folder=$tmp/fuel/fuel.gazebosim.org/openrobotics/models/coke/$1
  mkdir -p "$folder"
  cat >"$folder/model.config" <<EOF
<?xml version="1.0"?>
<model><name>Coke</name><sdf version="1.6">model.sdf</sdf></model>
EOF
  cat >"$folder/model.sdf" <<EOF
<?xml version="1.0"?>
<sdf version="1.6">
  <model name="coke">
    <link name="link"><pose>0 0 $2 0 0 0</pose></link>
  </model>
</sdf>
EOF
}
cached_model 1 0.25
cached_model 2 0.5
cached_model 10 0.75
mkdir -p "$tmp/fuel/fuel.gazebosim.org/openrobotics/models/coke/11"  # no model.config

cat >"$tmp/world.sdf" <<'EOF'
<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <include>
      <uri>https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke</uri>
      <name>newest</name>
      <pose>1 0 0 0 0 0</pose>
    </include>
    <include>
      <uri>https://fuel.gazebosim.org/1.0/openrobotics/models/COKE/2</uri>
      <name>second</name>
      <pose>2 0 0 0 0 0</pose>
    </include>
  </world>
</sdf>
EOF
cat >"$tmp/missing.sdf" <<'EOF'
<?xml version="1.0"?>
<sdf version="1.6">
  <world name="w">
    <include>
      <uri>https://fuel.gazebosim.org/1.0/OpenRobotics/models/Vending Machine</uri>
      <pose>0 3 0 0 0 0</pose>
    </include>
    <model name="box">
      <pose>0 0 1 0 0 0</pose>
      <link name="link"/>
    </model>
  </world>
</sdf>
EOF
uri='https://fuel.gazebosim.org/1.0/OpenRobotics/models/Vending Machine'

# With the cache: the newest version (10, by number), and version 2.
export GZ_FUEL_CACHE_PATH=$tmp/fuel
run check_cached 0 check "$tmp/world.sdf"
expect_empty check_cached "$tmp/check_cached.err"
run flat_cached 0 convert "$tmp/world.sdf" --to flat --format csv
expect_grep flat_cached "$tmp/flat_cached.out" "newest::link,link,newest::link,1,0,0.75,"
expect_grep flat_cached "$tmp/flat_cached.out" "second::link,link,second::link,2,0,0.5,"
run expand_cached 0 convert "$tmp/world.sdf" --to sdf --expand-includes \
  -o "$tmp/out/expanded.sdf"
expect_grep expand_cached "$tmp/out/expanded.sdf" '<pose>0 0 0.75 0 0 0</pose>'
expect_no_grep expand_cached "$tmp/out/expanded.sdf" '<include>'

# Without it (HOME's ~/.gz/fuel and ~/.ignition/fuel are empty): an error
# naming the URI, the folder looked for and where.
unset GZ_FUEL_CACHE_PATH
run check_uncached 1 check "$tmp/world.sdf"
expect_grep check_uncached "$tmp/check_uncached.err" \
  "world.sdf:4: error[INCLUDE_URI_UNRESOLVED]: <include> of 'https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke'"
expect_grep check_uncached "$tmp/check_uncached.err" \
  "no folder fuel.gazebosim.org/OpenRobotics/models/Coke/VERSION"
expect_grep check_uncached "$tmp/check_uncached.err" "$tmp/home/.gz/fuel (~/.gz/fuel)"

# A model the cache lacks: an error by default, a warning when kept.
export GZ_FUEL_CACHE_PATH=$tmp/fuel
run check_missing 1 check "$tmp/missing.sdf"
expect_grep check_missing "$tmp/check_missing.err" \
  "missing.sdf:4: error[INCLUDE_URI_UNRESOLVED]: <include> of '$uri'"
expect_grep check_missing "$tmp/check_missing.err" "$tmp/fuel (GZ_FUEL_CACHE_PATH)"
expect_grep check_missing "$tmp/check_missing.out" "missing.sdf: invalid"
run check_keep 0 check "$tmp/missing.sdf" --unresolved-includes=keep
expect_grep check_keep "$tmp/check_keep.err" \
  "missing.sdf:4: warning[INCLUDE_URI_UNRESOLVED]: <include> of '$uri'"
expect_count check_keep "$tmp/check_keep.err" "INCLUDE_URI_UNRESOLVED" 1
expect_grep check_keep "$tmp/check_keep.out" "missing.sdf: valid"
run check_keep_json 0 check "$tmp/missing.sdf" --unresolved-includes keep \
  --format json
expect_grep check_keep_json "$tmp/check_keep_json.out" '"outcome": "valid"'
expect_grep check_keep_json "$tmp/check_keep_json.out" '"warnings": 1'
expect_grep check_keep_json "$tmp/check_keep_json.out" '"code": "INCLUDE_URI_UNRESOLVED"'

# check and upgrade still find what else is wrong.
sed 's|<link name="link"/>|<link name="link"/><joint name="j" type="fixed"><parent>link</parent><child>nothing</child></joint>|' \
  "$tmp/missing.sdf" >"$tmp/missing_and_broken.sdf"
run check_keep_broken 1 check "$tmp/missing_and_broken.sdf" \
  --unresolved-includes=keep
expect_grep check_keep_broken "$tmp/check_keep_broken.err" "error[JOINT_CHILD_LINK_INVALID]"
expect_grep check_keep_broken "$tmp/check_keep_broken.err" "warning[INCLUDE_URI_UNRESOLVED]"

# upgrade and convert --to sdf keep the include as written, and say so.
run upgrade_keep 0 upgrade "$tmp/missing.sdf" -o "$tmp/out/upgraded" \
  --unresolved-includes=keep
expect_grep upgrade_keep "$tmp/upgrade_keep.err" \
  "missing.sdf:4: warning[INCLUDE_URI_UNRESOLVED]"
expect_grep upgrade_keep "$tmp/out/upgraded/missing.sdf" "<sdf version=\"1.8\">"
expect_grep upgrade_keep "$tmp/out/upgraded/missing.sdf" "<uri>$uri</uri>"
run convert_keep 0 convert "$tmp/missing.sdf" --to sdf --unresolved-includes=keep
expect_grep convert_keep "$tmp/convert_keep.err" "warning[INCLUDE_URI_UNRESOLVED]"
expect_grep convert_keep "$tmp/convert_keep.out" "<uri>$uri</uri>"
run upgrade_keep_broken 1 upgrade --check "$tmp/missing_and_broken.sdf" \
  --unresolved-includes=keep
expect_grep upgrade_keep_broken "$tmp/upgrade_keep_broken.err" "error[JOINT_CHILD_LINK_INVALID]"

# What needs the included model refuses, naming the include, and writes
# nothing.
for target in flat urdf; do
  run "refuse_$target" 1 convert "$tmp/missing.sdf" --to "$target" \
    --unresolved-includes=keep -o "$tmp/out/refused.$target"
  expect_grep "refuse_$target" "$tmp/refuse_$target.err" \
    "missing.sdf:4: error[INCLUDE_URI_UNRESOLVED]: <include> of '$uri'"
  expect_grep "refuse_$target" "$tmp/refuse_$target.err" \
    "--unresolved-includes=keep cannot stand in for"
  [ ! -e "$tmp/out/refused.$target" ] || fail "refuse_$target: wrote an output"
done
run refuse_expand 1 convert "$tmp/missing.sdf" --to sdf --expand-includes \
  --unresolved-includes=keep -o "$tmp/out/refused.sdf"
expect_grep refuse_expand "$tmp/refuse_expand.err" \
  "missing.sdf:4: error[INCLUDE_URI_UNRESOLVED]: <include> of '$uri'"
expect_grep refuse_expand "$tmp/refuse_expand.err" \
  "--unresolved-includes=keep cannot stand in for"
[ ! -e "$tmp/out/refused.sdf" ] || fail "refuse_expand: wrote an output"
run refuse_graph 1 graph "$tmp/missing.sdf" --unresolved-includes=keep
expect_grep refuse_graph "$tmp/refuse_graph.err" \
  "missing.sdf:4: error[INCLUDE_URI_UNRESOLVED]: <include> of '$uri'"
expect_grep refuse_graph "$tmp/refuse_graph.err" \
  "--unresolved-includes=keep cannot stand in for"

# Only the two words.
run bad_word 2 check "$tmp/missing.sdf" --unresolved-includes=ignore

finish
