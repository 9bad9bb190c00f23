#!/usr/bin/env bash
# tools/bench/generate.sh: every family gives the same bytes for the same
# size (those the benchmarks were measured on), each file is one that
# sdfconv reads as valid, and the URDF chain has the kinematics its
# comment says (link i at 0.1 i up, turned 0.01 i about z).
#   generate_test.sh SDFCONV JSON_GET GENERATE
sdfconv=$1
json_get=$2
generate=$3
tmp=${TEST_TMPDIR:-$(mktemp -d)}
# shellcheck source=cli/testing/cli_test_lib.sh
. cli/testing/cli_test_lib.sh

specs=(arm:4 frames:5 nested:3 includes:2 urdfchain:4)
"$generate" "$tmp/a" "${specs[@]}" >"$tmp/a.list" || fail "generate a"
"$generate" "$tmp/b" "${specs[@]}" >"$tmp/b.list" || fail "generate b"
expect_count listed "$tmp/a.list" "$tmp/a/" 5
for name in arm_4.sdf frames_5.sdf nested_3.sdf urdfchain_4.urdf \
  include_part.sdf; do
  expect_same "same_$name" "$tmp/a/$name" "$tmp/b/$name"
done
# The bytes the figures of docs/benchmarks.md were measured on (mawk, as
# on Debian): a change to a family shows here, and the figures then need
# measuring again.
while read -r sum name; do
  got=$(sha256sum "$tmp/a/$name" | cut -d ' ' -f 1)
  [ "$got" = "$sum" ] || fail "pinned_$name: sha256 $got, expected $sum"
done <<'SUMS'
1f650794484ac7b0ebde8b68ff6f8622306e4db5c140989c5fa5868f20cf3730 arm_4.sdf
9eee4444be4dd1beb50860bbe51ad519efc920a750065bcd99778f93d10bd846 frames_5.sdf
f32f38f8eaa5ac0e2c7a5d5b91eb45e967ba9eec3603deb6a38991cc7e97c00e nested_3.sdf
ff32bd83447f4cf3695a275bc7f625dbab4f74ed63a810afee624e023a6666db urdfchain_4.urdf
010830e510811282e3d3cdf6933fd2c189df486bb2c84939073d19276b21e7af include_part.sdf
SUMS
# The includes name their part by its absolute path: the same bytes but
# for the folder.
sed "s|$tmp/b/|$tmp/a/|" "$tmp/b/includes_2.sdf" >"$tmp/includes_b.sdf"
expect_same same_includes "$tmp/a/includes_2.sdf" "$tmp/includes_b.sdf"

for file in arm_4.sdf frames_5.sdf nested_3.sdf includes_2.sdf \
  urdfchain_4.urdf; do
  run "check_$file" 0 check "$tmp/a/$file"
  expect_grep "check_$file" "$tmp/check_$file.out" "$file: valid"
done

# urdfchain: l0..l3 and j1..j3; the fourth link, l3, where three 0.1 m
# steps up, each turned 0.01 rad about z, put it.
run chain_flat 0 convert "$tmp/a/urdfchain_4.urdf" --to flat \
  -o "$tmp/chain.json"
expect_count chain_links "$tmp/chain.json" '"kind":"link"' 4
expect_count chain_joints "$tmp/chain.json" '"kind":"joint"' 3
pose=""
for ((i = 0; i < 20; i++)); do
  name=$("$json_get" "$tmp/chain.json" "/frames/$i/name" 2>/dev/null) || break
  if [ "$name" = "chain::l3" ]; then
    pose=$("$json_get" "$tmp/chain.json" "/frames/$i/pose/xyz" \
      "/frames/$i/pose/rpy" | tr -d '[]' | tr ',\n' '  ')
  fi
done
awk -v p="$pose" 'BEGIN {
  n = split(p, v, " ")
  split("0 0 0.3 0 0 0.03", want, " ")
  if (n != 6) exit 1
  for (k = 1; k <= 6; k++) {
    d = v[k] - want[k]; if (d < 0) d = -d
    if (d > 1e-12) exit 1
  }
}' || fail "chain_l3: pose '$pose', expected 0 0 0.3 0 0 0.03"

# A family it does not know is a usage error.
"$generate" "$tmp/c" wheel:3 >/dev/null 2>"$tmp/unknown.err"
[ $? -eq 2 ] || fail "unknown family: exit status not 2"
expect_grep unknown "$tmp/unknown.err" "unknown family 'wheel'"

finish
