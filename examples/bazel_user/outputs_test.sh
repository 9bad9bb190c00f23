#!/usr/bin/env bash
# The example's outputs hold what they should: the included box placed on
# the post's top frame, every legacy file upgraded at its path, 1.11 where
# asked, and a URDF that sdfconv reads back.
set -u
sdfconv=$1 poses=$2 legacy=$3 box=$4 arm_urdf=$5
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# post at x=2, its top frame 2 m up; the box 0.1 m above that.
grep -q '^box_on_post,model,box_on_post::base,2,0,2.1,' "$poses" ||
  fail "box_on_post is not at (2, 0, 2.1): $(grep box_on_post, "$poses")"
grep -q '^post::top,frame,' "$poses" || fail "post::top missing from the poses"

for f in shelf/model.sdf shelf/model.config worlds/empty.world; do
  [ -f "$legacy/$f" ] || fail "$f is not in the upgraded tree"
done
grep -q '<sdf version="1.8">' "$legacy/shelf/model.sdf" || fail "shelf/model.sdf is not 1.8"
grep -q '<sdf version="1.8">model.sdf</sdf>' "$legacy/shelf/model.config" ||
  fail "shelf/model.config does not name 1.8"
"$sdfconv" check "$legacy/shelf/model.sdf" "$legacy/worlds/empty.world" ||
  fail "the upgraded files do not check"
# The board's back link keeps its world pose: 0.15 m behind, 1.0 m up.
"$sdfconv" convert "$legacy/shelf/model.sdf" --to flat --format csv |
  grep -q '^shelf::back,link,world,0,0.15,1,' ||
  fail "shelf::back moved in the upgrade"

grep -q '<sdf version="1.11">' "$box" || fail "box_1_11 is not 1.11"
grep -q '<robot name="arm">' "$arm_urdf" || fail "arm_urdf is not the arm"

[ "$failures" -eq 0 ] || exit 1
echo "all checks passed"
