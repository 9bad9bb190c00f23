#!/usr/bin/env bash
# `sdfconv graph` end to end: every graph of the bundled examples as DOT,
# which Graphviz's `dot` parses when installed; an invalid file still
# draws (exit 1, its cycle red, its diagnostics on stderr); standard input;
# -o; --format svg through `dot`, and a clear refusal without it.
#   usage: graph_cli_test.sh SDFCONV EXAMPLES_DIR
set -u

sdfconv=$1
examples=$2
tmp=${TEST_TMPDIR:-$(mktemp -d)}/graph_cli
rm -rf "$tmp"
mkdir -p "$tmp/nodot"
. cli/testing/cli_test_lib.sh

have_dot=0
if command -v dot >/dev/null 2>&1; then
  have_dot=1
else
  echo "note: Graphviz's dot is not installed; DOT outputs are not parsed by it" >&2
fi

# Every graph of every example: written, stable, and parsed by dot.
for f in arm workcell arm_with_gripper; do
  for g in kinematic attached_to relative_to; do
    run "$f-$g" 0 graph "$examples/$f.sdf" --graph "$g" \
      --model-path "$examples/models"
    expect_grep "$f-$g" "$tmp/$f-$g.out" "digraph \"$g\" {"
    expect_empty "$f-$g" "$tmp/$f-$g.err"
    run "$f-$g-again" 0 graph "$examples/$f.sdf" --graph "$g" \
      --model-path "$examples/models"
    expect_same "$f-$g" "$tmp/$f-$g.out" "$tmp/$f-$g-again.out"
    if [ "$have_dot" -eq 1 ]; then
      dot -Tsvg "$tmp/$f-$g.out" >"$tmp/$f-$g.svg" 2>"$tmp/$f-$g.dot.err" ||
        fail "$f-$g: dot refuses the DOT: $(cat "$tmp/$f-$g.dot.err")"
    fi
  done
done
expect_grep kinematic "$tmp/arm-kinematic.out" \
  '"link:arm::base" -> "link:arm::upper_arm" [penwidth=1.5, label="shoulder\nrevolute"];'
expect_grep canonical "$tmp/arm-kinematic.out" 'label="base\n(canonical)"'
expect_grep world "$tmp/arm_with_gripper-kinematic.out" '"world" [shape=doublecircle'
expect_grep cluster "$tmp/workcell-kinematic.out" 'subgraph "cluster_model:table" {'

# An invalid file draws, its cycle red, exit 1, the diagnostic on stderr.
run cycle 1 graph "$examples/invalid_cycle.sdf" --graph relative_to
expect_grep cycle "$tmp/cycle.err" "invalid_cycle.sdf:16: error[POSE_RELATIVE_TO_CYCLE]"
expect_count cycle "$tmp/cycle.out" "color=red, fontcolor=red, penwidth=2.5" 3
if [ "$have_dot" -eq 1 ]; then
  dot -Tsvg "$tmp/cycle.out" >/dev/null || fail "cycle: dot refuses the DOT"
fi

# Standard input, and -o.
run stdin 0 graph - < <(cat "$examples/arm.sdf")
expect_grep stdin "$tmp/stdin.out" 'graph [label="<stdin>: kinematic"'
run to_file 0 graph "$examples/arm.sdf" -o "$tmp/arm.dot"
expect_empty to_file "$tmp/to_file.out"
sed 's|testdata/examples/arm.sdf|X|' "$tmp/arm.dot" >"$tmp/arm.dot.x"
sed 's|testdata/examples/arm.sdf|X|' "$tmp/arm-kinematic.out" >"$tmp/arm.out.x"
expect_same to_file "$tmp/arm.dot.x" "$tmp/arm.out.x"

# Unreadable: exit 2; not XML: exit 1, nothing written.
run missing 2 graph "$tmp/no-such.sdf" -o "$tmp/missing.dot"
[ ! -e "$tmp/missing.dot" ] || fail "missing: an output was written"
printf 'not xml' >"$tmp/junk.sdf"
run junk 1 graph "$tmp/junk.sdf"
expect_grep junk "$tmp/junk.err" "nothing written"

# SVG through dot; without dot on PATH, a clear refusal and exit 2.
if [ "$have_dot" -eq 1 ]; then
  run svg 0 graph "$examples/workcell.sdf" --format svg -o "$tmp/workcell.svg"
  grep -q "<svg" "$tmp/workcell.svg" || fail "svg: no <svg> in the output"
  expect_grep svg "$tmp/workcell.svg" ">camera_mount</text>"
fi
PATH="$tmp/nodot" "$sdfconv" graph "$examples/arm.sdf" --format svg \
  -o "$tmp/nodot.svg" >"$tmp/nodot.out" 2>"$tmp/nodot.err"
[ $? -eq 2 ] || fail "nodot: expected exit 2"
expect_grep nodot "$tmp/nodot.err" "apt-get install graphviz"
[ ! -e "$tmp/nodot.svg" ] || fail "nodot: an output was written"

finish
