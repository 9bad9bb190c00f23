#!/usr/bin/env bash
# End-to-end test of `sdfconv convert FILE --to sdf --expand-includes`: a
# world including a model folder by model:// (found with --model-path) and a
# file by a relative path comes out as one self-contained SDFormat 1.8 file
# whose flat world poses are those of the input; without the flag the
# includes stay; an unresolved URI and a cycle write nothing and exit 1.
#   usage: expand_includes_cli_test.sh SDFCONV
set -u

sdfconv=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}/expand_includes_cli
rm -rf "$tmp"
mkdir -p "$tmp/models/box" "$tmp/parts" "$tmp/out"
. cli/testing/cli_test_lib.sh

cat >"$tmp/models/box/model.config" <<'EOF'
<?xml version="1.0"?>
<model><name>box</name><sdf version="1.4">model.sdf</sdf></model>
EOF
cat >"$tmp/models/box/model.sdf" <<'EOF'
<?xml version="1.0"?>
<sdf version="1.4">
  <model name="box">
    <link name="base"/>
    <link name="lid">
      <pose>0 0 0.5 0 1.5707963267948966 0</pose>
    </link>
    <joint name="hinge" type="revolute">
      <parent>base</parent>
      <child>lid</child>
      <axis><xyz>1 0 0</xyz></axis>
    </joint>
  </model>
</sdf>
EOF
cat >"$tmp/parts/post.sdf" <<'EOF'
<sdf version="1.8">
  <model name="post">
    <link name="link"/>
    <frame name="top"><pose>0 0 2 0 0 0</pose></frame>
  </model>
</sdf>
EOF
cat >"$tmp/world.sdf" <<'EOF'
<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <include>
      <uri>parts/post.sdf</uri>
      <pose>1 0 0 0 0 0</pose>
    </include>
    <include>
      <uri>model://box</uri>
      <name>box_on_post</name>
      <pose relative_to="post::top">0 0 0 0 0 1.5707963267948966</pose>
    </include>
  </world>
</sdf>
EOF
cat >"$tmp/missing.sdf" <<'EOF'
<sdf version="1.8">
  <world name="w">
    <include><uri>model://not_in_any_path</uri></include>
  </world>
</sdf>
EOF
cat >"$tmp/a.sdf" <<'EOF'
<sdf version="1.8">
  <model name="a"><link name="l"/><include><uri>b.sdf</uri></include></model>
</sdf>
EOF
cat >"$tmp/b.sdf" <<'EOF'
<sdf version="1.8">
  <model name="b"><link name="l"/><include><uri>a.sdf</uri></include></model>
</sdf>
EOF

models=$tmp/models
export SDF_PATH= GZ_SIM_RESOURCE_PATH= IGN_GAZEBO_RESOURCE_PATH= GAZEBO_MODEL_PATH=

# Expanded: no include left, the 1.4 axis now in __model__, and a 1.8 file
# that checks on its own (no --model-path needed any more).
run expand 0 convert "$tmp/world.sdf" --to sdf --expand-includes \
  --model-path "$models" -o "$tmp/out/world.sdf"
if grep -q "<include" "$tmp/out/world.sdf"; then
  fail "expand: an <include> is left in the output"
fi
expect_grep expand "$tmp/out/world.sdf" '<model name="box_on_post">'
expect_grep expand "$tmp/out/world.sdf" '<pose relative_to="post::top">'
expect_grep expand "$tmp/out/world.sdf" 'expressed_in="__model__"'
run expand_check 0 check "$tmp/out/world.sdf"

# Same world poses as the input, frame by frame.
run flat_in 0 convert "$tmp/world.sdf" --to flat --format csv \
  --model-path "$models"
run flat_out 0 convert "$tmp/out/world.sdf" --to flat --format csv
cmp -s "$tmp/flat_in.out" "$tmp/flat_out.out" ||
  fail "flat poses differ: $(diff "$tmp/flat_in.out" "$tmp/flat_out.out" | head -5)"
expect_grep flat_out "$tmp/flat_out.out" "box_on_post::lid,link,"
expect_grep flat_out "$tmp/flat_out.out" "box_on_post::lid,link,box_on_post::lid,1,0,2.5,"

# Without the flag the includes stay (a 1.8 file comes back byte for byte).
run keep 0 convert "$tmp/world.sdf" --to sdf --model-path "$models"
cmp -s "$tmp/world.sdf" "$tmp/keep.out" ||
  fail "keep: without --expand-includes the file changed"

# Errors: nothing written, exit 1, the code on stderr.
run missing 1 convert "$tmp/missing.sdf" --to sdf --expand-includes \
  -o "$tmp/out/missing.sdf"
expect_grep missing "$tmp/missing.err" "error[INCLUDE_URI_UNRESOLVED]"
expect_grep missing "$tmp/missing.err" "not_in_any_path"
[ ! -e "$tmp/out/missing.sdf" ] || fail "missing: wrote an output"
run cycle 1 convert "$tmp/a.sdf" --to sdf --expand-includes
expect_grep cycle "$tmp/cycle.err" "error[INCLUDE_CYCLE]"
[ ! -s "$tmp/cycle.out" ] || fail "cycle: wrote to stdout"

finish
