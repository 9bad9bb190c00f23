#!/usr/bin/env bash
# End-to-end test of `--sdf-version V` (convert --to sdf, upgrade): the
# bundled arm (SDFormat 1.8, relative_to poses) written as every version
# from 1.4 to 1.12 reads back with the same world poses and axes (the flat
# CSV, compared at 1e-9) and declares V; a legacy 1.6 model written as 1.11
# and back; a URDF written as 1.6; a mimic below 1.11 refused, or dropped
# with --drop-mimic; includes kept and said; --poses model-absolute; the
# batch writes a model folder's file for V and its entries as V; unknown versions are usage
# errors.
#   usage: sdf_version_cli_test.sh SDFCONV EXAMPLES_DIR
set -u

sdfconv=$1
examples=$2
tmp=${TEST_TMPDIR:-$(mktemp -d)}/sdf_version_cli
rm -rf "$tmp"
mkdir -p "$tmp/tree/box" "$tmp/out"
. cli/testing/cli_test_lib.sh

# same_poses NAME A.csv B.csv: every row of A (by name: a frame may come
# back as a link) is in B with every number within 1e-9; B may hold more
# (the fixed joint of a frame written as a link).
same_poses() {
  awk -F, -v name="$1" '
    FNR == 1 { next }
    NR == FNR { row[$1] = $0; next }
    {
      key = $1
      if (!(key in row)) next
      n = split(row[key], a, ",")
      for (i = 4; i <= n; ++i) {
        if (a[i] == "" && $i == "") continue
        d = a[i] - $i; if (d < 0) d = -d
        # a quaternion may come back negated: compare |q| below instead
        if (i >= 10 && i <= 13) continue
        if (d > 1e-9) { print name ": " key " column " i ": " a[i] " vs " $i; bad = 1 }
      }
      dot = a[10] * $10 + a[11] * $11 + a[12] * $12 + a[13] * $13
      if (dot < 0) dot = -dot
      if (1 - dot > 1e-9) { print name ": " key " rotation differs"; bad = 1 }
      delete row[key]
    }
    END {
      for (k in row) { print name ": " k " missing from the output"; bad = 1 }
      exit bad
    }' "$2" "$3" >&2 || fail "$1: world poses differ"
}

run arm_flat 0 convert "$examples/arm.sdf" --to flat --format csv -o "$tmp/arm.csv"
# Below 1.7 the arm's frames (attached to other links than the canonical
# one) are written as links: their poses are compared too.
for v in 1.4 1.5 1.6 1.7 1.8 1.9 1.10 1.11 1.12; do
  run "arm_$v" 0 convert "$examples/arm.sdf" --to sdf --sdf-version "$v" --frames links -o "$tmp/arm_$v.sdf"
  expect_grep "arm_$v" "$tmp/arm_$v.sdf" "<sdf version=\"$v\">"
  run "arm_${v}_check" 0 check --strict "$tmp/arm_$v.sdf"
  run "arm_${v}_flat" 0 convert "$tmp/arm_$v.sdf" --to flat --format csv -o "$tmp/arm_$v.csv"
  same_poses "arm_$v" "$tmp/arm.csv" "$tmp/arm_$v.csv"
done
# Below 1.7 nothing of 1.7 is left.
for v in 1.4 1.5 1.6; do
  expect_no_grep "arm_${v}_legacy" "$tmp/arm_$v.sdf" "<pose relative_to"
  expect_no_grep "arm_${v}_legacy" "$tmp/arm_$v.sdf" "<xyz expressed_in"
  expect_grep "arm_${v}_legacy" "$tmp/arm_$v.err" "warning[VERSION_CONSTRUCT_REWRITTEN]"
done

# A legacy model up to 1.11 and back to 1.6.
cat >"$tmp/legacy.sdf" <<'EOF'
<?xml version="1.0"?>
<sdf version="1.6">
  <!-- a legacy arm -->
  <model name="legacy">
    <pose>1 2 0 0 0 0.5</pose>
    <link name="base"><pose>0 0 0.1 0 0 0</pose></link>
    <link name="arm"><pose>0 0 0.6 0 0.3 0</pose></link>
    <joint name="shoulder" type="revolute">
      <pose>0 0 -0.25 0 0 0</pose>
      <parent>base</parent><child>arm</child>
      <axis><xyz>1 0 0</xyz><use_parent_model_frame>true</use_parent_model_frame></axis>
    </joint>
  </model>
</sdf>
EOF
run legacy_flat 0 convert "$tmp/legacy.sdf" --to flat --format csv -o "$tmp/legacy.csv"
run legacy_1.11 0 convert "$tmp/legacy.sdf" --to sdf --sdf-version 1.11 -o "$tmp/legacy_1.11.sdf"
run legacy_back 0 convert "$tmp/legacy_1.11.sdf" --to sdf --sdf-version 1.6 -o "$tmp/legacy_back.sdf"
expect_grep legacy_back "$tmp/legacy_back.sdf" "<!-- a legacy arm -->"
expect_grep legacy_back "$tmp/legacy_back.sdf" "<use_parent_model_frame>true</use_parent_model_frame>"
# The default: a frame 1.6 cannot hold is left out, and said.
run arm_drop 0 convert "$examples/arm.sdf" --to sdf --sdf-version 1.6 -o "$tmp/arm_drop.sdf"
expect_count arm_drop "$tmp/arm_drop.err" "warning[VERSION_CONSTRUCT_DROPPED]" 2
expect_no_grep arm_drop "$tmp/arm_drop.sdf" '<frame name="tool"'
run legacy_back_flat 0 convert "$tmp/legacy_back.sdf" --to flat --format csv -o "$tmp/legacy_back.csv"
same_poses legacy_back "$tmp/legacy.csv" "$tmp/legacy_back.csv"

# A URDF written as 1.6.
cat >"$tmp/robot.urdf" <<'EOF'
<robot name="r">
  <link name="a"/>
  <link name="b"/>
  <joint name="j" type="revolute">
    <origin xyz="0 0 1" rpy="0 0.5 0"/>
    <parent link="a"/><child link="b"/>
    <axis xyz="1 0 0"/>
    <limit lower="-1" upper="1" effort="10" velocity="1"/>
  </joint>
</robot>
EOF
run urdf_16 0 convert "$tmp/robot.urdf" --to sdf --sdf-version 1.6 -o "$tmp/robot_1.6.sdf"
expect_grep urdf_16 "$tmp/robot_1.6.sdf" 'version="1.6"'
expect_no_grep urdf_16 "$tmp/robot_1.6.sdf" "relative_to"
run urdf_flat 0 convert "$tmp/robot.urdf" --to flat --format csv -o "$tmp/robot.csv"
run urdf_16_flat 0 convert "$tmp/robot_1.6.sdf" --to flat --format csv -o "$tmp/robot_1.6.csv"
same_poses urdf_16 "$tmp/robot.csv" "$tmp/robot_1.6.csv"

# A mimic has no form before 1.11.
cat >"$tmp/mimic.sdf" <<'EOF'
<sdf version="1.11">
  <model name="m">
    <link name="a"/><link name="b"/><link name="c"/>
    <joint name="j1" type="revolute"><parent>a</parent><child>b</child>
      <axis><xyz>0 0 1</xyz></axis></joint>
    <joint name="j2" type="revolute"><parent>b</parent><child>c</child>
      <axis><xyz>0 0 1</xyz><mimic joint="j1"><multiplier>2</multiplier></mimic></axis></joint>
  </model>
</sdf>
EOF
run mimic_refused 1 convert "$tmp/mimic.sdf" --to sdf --sdf-version 1.10 -o "$tmp/mimic_1.10.sdf"
expect_grep mimic_refused "$tmp/mimic_refused.err" "mimic.sdf:7: error[VERSION_CONSTRUCT_UNSUPPORTED]"
[ ! -e "$tmp/mimic_1.10.sdf" ] || fail "mimic_refused: an output was written"
run mimic_dropped 0 convert "$tmp/mimic.sdf" --to sdf --sdf-version 1.10 --drop-mimic -o "$tmp/mimic_1.10.sdf"
expect_grep mimic_dropped "$tmp/mimic_dropped.err" "warning[VERSION_CONSTRUCT_DROPPED]"
expect_no_grep mimic_dropped "$tmp/mimic_1.10.sdf" "<mimic"

# Includes are kept, and said.
cat >"$tmp/tree/box/model.config" <<'EOF'
<?xml version="1.0"?>
<model><name>box</name><sdf version="1.4">model.sdf</sdf><sdf version="1.5">other.sdf</sdf></model>
EOF
cat >"$tmp/tree/box/model.sdf" <<'EOF'
<?xml version="1.0"?>
<sdf version="1.4">
  <model name="box">
    <link name="body"><pose>0 0 0.5 0 0 0</pose></link>
  </model>
</sdf>
EOF
sed 's/version="1.4"/version="1.5"/' "$tmp/tree/box/model.sdf" >"$tmp/tree/box/other.sdf"
cat >"$tmp/tree/world.sdf" <<'EOF'
<sdf version="1.6">
  <world name="w">
    <include><uri>model://box</uri><pose>1 0 0 0 0 0</pose></include>
  </world>
</sdf>
EOF
run include_kept 0 convert "$tmp/tree/world.sdf" --to sdf --sdf-version 1.11 --model-path "$tmp/tree" -o "$tmp/world_1.11.sdf"
expect_grep include_kept "$tmp/include_kept.err" "world.sdf:3: warning[INCLUDE_NOT_CONVERTED]"
expect_grep include_kept "$tmp/world_1.11.sdf" "<uri>model://box</uri>"
run include_expanded 0 convert "$tmp/tree/world.sdf" --to sdf --sdf-version 1.11 --expand-includes --model-path "$tmp/tree" -o "$tmp/world_expanded.sdf"
expect_no_grep include_expanded "$tmp/world_expanded.sdf" "<include"
expect_grep include_expanded "$tmp/world_expanded.sdf" 'version="1.11"'
expect_no_grep include_expanded "$tmp/include_expanded.err" "INCLUDE_NOT_CONVERTED"

# The batch: every file as V; in the model folder, the file a parser of V
# loads (other.sdf, 1.5), its entry then saying V, and the 1.4 variant kept.
run batch 0 upgrade "$tmp/tree" -o "$tmp/out" --sdf-version 1.11 -j 2
expect_grep batch "$tmp/out/box/model.config" '<sdf version="1.4">model.sdf</sdf><sdf version="1.11">other.sdf</sdf>'
expect_grep batch "$tmp/out/box/other.sdf" '<sdf version="1.11">'
cmp -s "$tmp/out/box/model.sdf" "$tmp/tree/box/model.sdf" || fail "batch: the 1.4 variant changed"
expect_grep batch "$tmp/out/world.sdf" '<sdf version="1.11">'

# Model-absolute poses: every link and joint pose relative to the model.
run absolute 0 convert "$examples/arm.sdf" --to sdf --sdf-version 1.8 --poses model-absolute -o "$tmp/arm_absolute.sdf"
expect_no_grep absolute "$tmp/arm_absolute.sdf" '<pose relative_to="base'
run absolute_flat 0 convert "$tmp/arm_absolute.sdf" --to flat --format csv -o "$tmp/arm_absolute.csv"
same_poses absolute "$tmp/arm.csv" "$tmp/arm_absolute.csv"
run absolute_16 1 convert "$examples/arm.sdf" --to sdf --sdf-version 1.6 --poses model-absolute
expect_grep absolute_16 "$tmp/absolute_16.err" "VERSION_CONSTRUCT_UNSUPPORTED"

# Versions that cannot be written are usage errors.
run bad_version 2 convert "$examples/arm.sdf" --to sdf --sdf-version 1.3
run bad_version_upgrade 2 upgrade "$tmp/tree" --check --sdf-version 1.13

finish
