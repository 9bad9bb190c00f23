#!/usr/bin/env bash
# End-to-end test of `sdfconv upgrade` on the real binary and engine: the
# modes (-o, --in-place with and without backups, --check), model.config,
# a failing file in the middle of a batch, outputs that cannot be written,
# -j 1 against -j 4, usage errors, and Ctrl-C (SIGINT) during a batch.
#   usage: upgrade_cli_test.sh SDFCONV EXAMPLES_DIR UPGRADE_DATA_DIR
# EXAMPLES_DIR holds SDFormat 1.8 files (unchanged by an upgrade);
# UPGRADE_DATA_DIR holds legacy/ (a 1.6 model and its model.config) and
# broken/ (a file that is not XML).
set -u

sdfconv=$1
examples=$2
data=$3
tmp=${TEST_TMPDIR:-$(mktemp -d)}
. cli/testing/cli_test_lib.sh

no_temporaries() {  # no_temporaries NAME DIR
  local left
  left=$(find "$2" -name '*.tmp.*')
  [ -z "$left" ] || fail "$1: temporaries left behind: $left"
}

# The 1.8 examples that are valid (an upgrade copies them byte for byte).
mkdir -p "$tmp/in18/a" "$tmp/in18/b/c"
cp "$examples/arm.sdf" "$tmp/in18/a/arm.sdf"
cp "$examples/workcell.sdf" "$tmp/in18/b/c/workcell.world"
cp "$data/legacy/model.config" "$tmp/config16"
sed 's/version="1.6"/version="1.8"/' "$tmp/config16" >"$tmp/in18/a/model.config"

# -o: a tree of 1.8 files is mirrored byte for byte; nothing else appears.
run mirror18 0 upgrade "$tmp/in18" -o "$tmp/out18" --report "$tmp/mirror18.json"
diff -r "$tmp/in18" "$tmp/out18" >/dev/null || fail "mirror18: output tree differs from input"
expect_empty mirror18 "$tmp/mirror18.out"
expect_grep mirror18 "$tmp/mirror18.err" "0 upgraded, 3 unchanged, 0 failed (3 files"
expect_count mirror18 "$tmp/mirror18.json" '"status": "unchanged"' 3

# --report to a FIFO (the test's own) is written into, not replaced.
mkfifo "$tmp/report.pipe"
cat "$tmp/report.pipe" >"$tmp/report_from_pipe.json" &
reader=$!
run report_fifo 0 upgrade --check "$tmp/in18" --report "$tmp/report.pipe"
wait "$reader"
[ -p "$tmp/report.pipe" ] || fail "report_fifo: the FIFO was replaced"
expect_count report_fifo "$tmp/report_from_pipe.json" '"status": "unchanged"' 3

# --check on 1.8 files: nothing would change, exit 0.
run check18 0 upgrade --check "$tmp/in18"
expect_empty check18 "$tmp/check18.out"

# -o on the 1.6 model: upgraded to 1.8, comments and plugins kept, and the
# result passes `sdfconv check`; the input is not modified.
cp -rL "$data/legacy" "$tmp/legacy"
run legacy_out 0 upgrade "$tmp/legacy" -o "$tmp/legacy18" --report "$tmp/legacy.json"
expect_same legacy_out "$tmp/legacy/model.sdf" "$data/legacy/model.sdf"
expect_same legacy_out "$tmp/legacy/model.config" "$data/legacy/model.config"
expect_grep legacy_out "$tmp/legacy18/model.sdf" '<sdf version="1.8">'
expect_grep legacy_out "$tmp/legacy18/model.sdf" "Its upgrade must keep this comment"
expect_grep legacy_out "$tmp/legacy18/model.sdf" "<gain>2.5</gain>"
expect_grep legacy_out "$tmp/legacy18/model.config" 'version="1.8"'
expect_grep legacy_out "$tmp/legacy18/model.config" "<description>A pendulum for the upgrade tests.</description>"
expect_count legacy_out "$tmp/legacy.json" '"status": "upgraded"' 2
run legacy_valid 0 check "$tmp/legacy18/model.sdf"

# --check on the 1.6 model: exit 1, both files listed, nothing written.
run check16 1 upgrade --check "$tmp/legacy"
expect_grep check16 "$tmp/check16.out" "$tmp/legacy/model.sdf: would change"
expect_grep check16 "$tmp/check16.out" "$tmp/legacy/model.config: would change"
[ "$(ls "$tmp/legacy")" = "$(printf 'model.config\nmodel.sdf')" ] ||
  fail "check16: --check wrote files: $(ls "$tmp/legacy")"

# -v after the mode option (the app's option, given to the subcommand) is
# taken, not passed back and forth between the subcommand and its option
# group until the stack runs out.
run check16_verbose 1 upgrade "$tmp/legacy" --check -v
expect_grep check16_verbose "$tmp/check16_verbose.out" "$tmp/legacy/model.sdf: would change"

# --in-place: the same result as -o, the original kept as FILE.bak; a
# second run finds nothing to do and writes nothing.
cp -rL "$data/legacy" "$tmp/inplace"
run inplace 0 upgrade --in-place "$tmp/inplace"
expect_same inplace "$tmp/inplace/model.sdf" "$tmp/legacy18/model.sdf"
expect_same inplace "$tmp/inplace/model.config" "$tmp/legacy18/model.config"
expect_same inplace "$tmp/inplace/model.sdf.bak" "$data/legacy/model.sdf"
expect_same inplace "$tmp/inplace/model.config.bak" "$data/legacy/model.config"
run inplace_again 0 upgrade --in-place "$tmp/inplace"
expect_grep inplace_again "$tmp/inplace_again.err" "0 upgraded, 2 unchanged, 0 failed"
[ "$(ls "$tmp/inplace" | wc -l)" -eq 4 ] || fail "inplace_again: $(ls "$tmp/inplace")"
run inplace_check 0 upgrade --check "$tmp/inplace"

# --in-place --no-backup: no FILE.bak.
cp -rL "$data/legacy" "$tmp/nobackup"
run nobackup 0 upgrade --in-place --no-backup "$tmp/nobackup"
expect_same nobackup "$tmp/nobackup/model.sdf" "$tmp/legacy18/model.sdf"
[ -z "$(find "$tmp/nobackup" -name '*.bak')" ] || fail "nobackup: a backup was written"

# A failing file in the middle of a batch: the others are upgraded, exit 1,
# the summary and the report name it with its diagnostics.
mkdir -p "$tmp/mid/a" "$tmp/mid/c"
cp "$examples/arm.sdf" "$tmp/mid/a/arm.sdf"
cp "$data/broken/not_xml.sdf" "$tmp/mid/b_not_xml.sdf"
cp "$data/legacy/model.sdf" "$tmp/mid/c/model.sdf"
run middle 1 upgrade "$tmp/mid" -o "$tmp/mid_out" -j 2 --report "$tmp/middle.json"
expect_grep middle "$tmp/middle.out" "$tmp/mid/b_not_xml.sdf: failed"
expect_grep middle "$tmp/middle.err" "b_not_xml.sdf:"
expect_grep middle "$tmp/middle.err" "1 upgraded, 1 unchanged, 1 failed (3 files"
expect_same middle "$tmp/mid_out/a/arm.sdf" "$examples/arm.sdf"
expect_same middle "$tmp/mid_out/c/model.sdf" "$tmp/legacy18/model.sdf"
[ ! -e "$tmp/mid_out/b_not_xml.sdf" ] || fail "middle: an output for the failed file"
expect_count middle "$tmp/middle.json" '"status": "failed"' 1
expect_grep middle "$tmp/middle.json" '"severity": "error"'
expect_grep middle "$tmp/middle.json" '"code": "'
expect_grep middle "$tmp/middle.json" "\"path\": \"$tmp/mid/b_not_xml.sdf\""

# An output directory that cannot be created fails its files, clearly; the
# others are written.
mkdir -p "$tmp/blocked/a" "$tmp/blocked/c" "$tmp/blocked_out"
cp "$examples/arm.sdf" "$tmp/blocked/a/arm.sdf"
cp "$data/legacy/model.sdf" "$tmp/blocked/c/model.sdf"
echo "a file where a directory should be" >"$tmp/blocked_out/c"
run blocked 1 upgrade "$tmp/blocked" -o "$tmp/blocked_out"
expect_grep blocked "$tmp/blocked.err" "cannot create directory '$tmp/blocked_out/c'"
expect_grep blocked "$tmp/blocked.out" "$tmp/blocked/c/model.sdf: failed"
expect_same blocked "$tmp/blocked_out/a/arm.sdf" "$examples/arm.sdf"

# A read-only output directory: every file fails with a clear message.
# As root, permission bits bind only without CAP_DAC_OVERRIDE: drop it.
unprivileged=()
if [ "$(id -u)" -eq 0 ]; then
  if command -v setpriv >/dev/null 2>&1 &&
     setpriv --bounding-set -dac_override,-dac_read_search true 2>/dev/null; then
    unprivileged=(setpriv --bounding-set -dac_override,-dac_read_search)
  else
    unprivileged=(skip)
  fi
fi
mkdir -p "$tmp/readonly_out"
chmod 0555 "$tmp/readonly_out"
if [ "${unprivileged[0]:-}" = skip ]; then
  echo "note: running as root without setpriv: read-only output test skipped" >&2
else
  "${unprivileged[@]}" "$sdfconv" upgrade "$tmp/in18" -o "$tmp/readonly_out" \
    >"$tmp/readonly.out" 2>"$tmp/readonly.err"
  status=$?
  [ "$status" -eq 1 ] || fail "readonly: exited $status, expected 1"
  expect_grep readonly "$tmp/readonly.err" "Permission denied"
  expect_grep readonly "$tmp/readonly.err" "0 upgraded, 0 unchanged, 3 failed"
  [ -z "$(ls -A "$tmp/readonly_out")" ] || fail "readonly: wrote into a read-only directory"
fi
chmod 0755 "$tmp/readonly_out"

# -j 1 and -j 4: the same outputs and the same report (but for the time).
mkdir -p "$tmp/many"
for i in 0 1 2 3 4 5 6 7 8 9; do
  mkdir -p "$tmp/many/d$i"
  cp "$data/legacy/model.sdf" "$tmp/many/d$i/model.sdf"
  cp "$data/legacy/model.config" "$tmp/many/d$i/model.config"
  cp "$examples/arm.sdf" "$tmp/many/d$i/arm.sdf"
done
cp "$data/broken/not_xml.sdf" "$tmp/many/d4/broken.sdf"
run jobs1 1 upgrade "$tmp/many" -o "$tmp/many1" -j 1 --report "$tmp/jobs1.json"
run jobs4 1 upgrade "$tmp/many" -o "$tmp/many4" -j 4 --report "$tmp/jobs4.json"
diff -r "$tmp/many1" "$tmp/many4" >/dev/null || fail "jobs: -j 1 and -j 4 wrote different trees"
normalize() { grep -v '"seconds"' "$1" | sed "s#$2#OUT#g"; }
[ "$(normalize "$tmp/jobs1.json" "$tmp/many1")" = "$(normalize "$tmp/jobs4.json" "$tmp/many4")" ] ||
  fail "jobs: -j 1 and -j 4 reports differ"
expect_count jobs1 "$tmp/jobs1.json" '"status": "upgraded"' 20

# Usage errors: exit 2, nothing written.
run no_mode 2 upgrade "$tmp/legacy"
run two_modes 2 upgrade "$tmp/legacy" --check --in-place
run backup_without_in_place 2 upgrade "$tmp/legacy" -o "$tmp/never" --no-backup
run missing_path 2 upgrade "$tmp/no_such_dir" -o "$tmp/never"
expect_grep missing_path "$tmp/missing_path.err" "cannot find '$tmp/no_such_dir'"
run zero_jobs 2 upgrade "$tmp/legacy" -o "$tmp/never" -j 0
run onto_input 2 upgrade "$tmp/legacy" -o "$tmp/legacy"
expect_grep onto_input "$tmp/onto_input.err" "use --in-place"
[ ! -e "$tmp/never" ] || fail "usage errors: $tmp/never was created"
expect_same onto_input "$tmp/legacy/model.sdf" "$data/legacy/model.sdf"
run no_path 2 upgrade --check
run help_upgrade 0 upgrade --help
expect_grep help_upgrade "$tmp/help_upgrade.out" "--in-place"
run help 0 --help
expect_grep help "$tmp/help.out" "upgrade"

# Ctrl-C: SIGINT during an in-place batch of many files (-j 1). Every file
# is then either old (no backup) or new (its backup holds the old bytes),
# no temporary remains, the report says what happened; exit 130 (or 0 if
# the batch was done before the signal arrived).
original=$(cat "$data/legacy/model.sdf")
for d in $(seq 0 59); do
  mkdir -p "$tmp/sigint/d$d"
  for f in $(seq 0 49); do
    printf '%s\n' "$original" >"$tmp/sigint/d$d/m$f.sdf"
  done
done
"$sdfconv" upgrade --in-place -j 1 "$tmp/sigint" --report "$tmp/sigint.json" \
  >"$tmp/sigint.out" 2>"$tmp/sigint.err" &
pid=$!
for _ in $(seq 1 2000); do
  [ -e "$tmp/sigint/d0/m0.sdf.bak" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
kill -INT "$pid" 2>/dev/null
wait "$pid"
status=$?
if [ "$status" -ne 130 ] && [ "$status" -ne 0 ]; then
  fail "sigint: exited $status, expected 130"
  sed 's/^/  stderr: /' "$tmp/sigint.err" >&2
fi
no_temporaries sigint "$tmp/sigint"
# One md5sum over the tree (not a process per file): count new files (with
# a backup of the old bytes), old files (without one), and anything else.
old_sum=$(md5sum <"$data/legacy/model.sdf" | cut -d' ' -f1)
new_sum=$(md5sum <"$tmp/legacy18/model.sdf" | cut -d' ' -f1)
find "$tmp/sigint" -type f -exec md5sum {} + >"$tmp/sigint.sums"
read -r new old bad < <(awk -v old="$old_sum" -v new="$new_sum" '
  { sum[$2] = $1 }
  END {
    for (f in sum) {
      if (f ~ /\.bak$/) continue
      if (sum[f] == new && sum[f ".bak"] == old) n++
      else if (sum[f] == old && !((f ".bak") in sum)) o++
      else { b++; print "  neither old nor new: " f > "/dev/stderr" }
    }
    printf "%d %d %d\n", n, o, b
  }' "$tmp/sigint.sums")
[ "$bad" -eq 0 ] || fail "sigint: $bad files are neither old nor new"
[ $((new + old)) -eq 3000 ] || fail "sigint: $((new + old)) files of 3000"
[ "$new" -gt 0 ] || fail "sigint: no file was upgraded before the signal"
expect_count sigint "$tmp/sigint.json" '"status": "upgraded"' "$new"
if [ "$status" -eq 130 ]; then
  expect_grep sigint "$tmp/sigint.json" '"interrupted": true'
  expect_grep sigint "$tmp/sigint.err" "upgrade: interrupted: $new upgraded"
  echo "sigint: interrupted after $new of 3000 files"
else
  echo "note: sigint: the batch finished before the signal ($new files)" >&2
fi

# Includes: the proof reads the included models when every include is found
# (next to the file, or in --model-path). Without them it falls back to
# stand-ins, which cannot see into two unnamed file:// includes (003
# Example 1.1): there the same file fails.
mkdir -p "$tmp/inc/alone"
cp "$examples/arm.sdf" "$tmp/inc/arm.sdf"
cp "$examples/models/parallel_gripper/model.sdf" "$tmp/inc/gripper.sdf"
cat >"$tmp/inc/cell.sdf" <<'XML'
<?xml version="1.0"?>
<sdf version="1.8">
  <model name="cell">
    <include><uri>file://arm.sdf</uri></include>
    <include>
      <uri>file://gripper.sdf</uri>
      <placement_frame>mount</placement_frame>
      <pose relative_to="arm::tool"/>
    </include>
    <joint name="weld" type="fixed">
      <parent>arm::tool</parent>
      <child>parallel_gripper::mount</child>
    </joint>
  </model>
</sdf>
XML
cp "$tmp/inc/cell.sdf" "$tmp/inc/alone/cell.sdf"
run include_found 0 upgrade --check "$tmp/inc/cell.sdf"
expect_grep include_found "$tmp/include_found.err" "1 unchanged"
run include_alone 1 upgrade --check "$tmp/inc/alone/cell.sdf"
expect_grep include_alone "$tmp/include_alone.err" "JOINT_PARENT_LINK_INVALID"
# A relative URI not found next to the file is looked for in --model-path.
run include_model_path 0 upgrade --check "$tmp/inc/alone/cell.sdf" \
  --model-path "$tmp/inc"

# An include of a file that never ends (/proc/kmsg) or of a FIFO is refused
# before it is opened: check and upgrade end at once, saying what it is.
mkdir -p "$tmp/special"
mkfifo "$tmp/special/pipe.sdf"
for uri in file:///proc/kmsg pipe.sdf; do
  printf '<sdf version="1.8"><world name="w"><include><uri>%s</uri></include></world></sdf>\n' \
    "$uri" >"$tmp/special/world.sdf"
  status=0
  timeout 60 "$sdfconv" check "$tmp/special/world.sdf" >/dev/null 2>"$tmp/special.err" || status=$?
  [ "$status" -eq 1 ] || fail "special $uri: check exited $status, expected 1"
  expect_grep special "$tmp/special.err" "not a regular file"
  status=0
  timeout 60 "$sdfconv" upgrade --check "$tmp/special/world.sdf" >/dev/null 2>&1 || status=$?
  [ "$status" -le 1 ] || fail "special $uri: upgrade --check exited $status"
done

finish
