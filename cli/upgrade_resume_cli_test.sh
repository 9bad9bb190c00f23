#!/usr/bin/env bash
# `sdfconv upgrade` is resumable: an --in-place batch killed (SIGKILL) at
# random moments leaves every file either old or new (and then its backup
# holds the old bytes), never part-written, and running the same command
# once more finishes the job with exit 0 and no manual step: the backups a
# killed run made are reused, its temporaries removed. Also: a backup that
# differs from the file still stops that file, and only the temporaries of
# dead processes beside the batch's own targets are removed.
#   usage: upgrade_resume_cli_test.sh SDFCONV UPGRADE_DATA_DIR [KILLS [MARK]]
# MARK is cli/testing:mark_temporary, which marks a file as sdfconv's
# temporary (only such files are ever removed).
# UPGRADE_DATA_DIR holds legacy/ (a 1.6 model).
set -u

sdfconv=$1
data=$2
kills=${3:-30}
mark=${4:-}
tmp=${TEST_TMPDIR:-$(mktemp -d)}
. cli/testing/cli_test_lib.sh

temporaries() { find "$1" -name '*.tmp.*' | wc -l; }

# A pid that no process has any more.
dead_pid() { sh -c 'echo $$'; }

# The expected upgrade of the legacy model.
cp -rL "$data/legacy" "$tmp/legacy"
run expected 0 upgrade "$tmp/legacy" -o "$tmp/legacy18"
old=$tmp/legacy/model.sdf
new=$tmp/legacy18/model.sdf
old_sum=$(md5sum <"$old" | cut -d' ' -f1)
new_sum=$(md5sum <"$new" | cut -d' ' -f1)

# 20 folders of 10 copies of the legacy model.
make_tree() {
  rm -rf "$1"
  for d in $(seq 0 19); do
    mkdir -p "$1/d$d"
    for f in $(seq 0 9); do cp "$old" "$1/d$d/m$f.sdf"; done
  done
}

# tally DIR: "NEW OLD BAD" over the models (.bak and temporaries aside). A
# new file needs a backup of the old bytes; an old one may have one (the
# run was killed between the two); any other state is bad.
tally() {
  find "$1" -type f ! -name '*.tmp.*' -exec md5sum {} + |
    awk -v old="$old_sum" -v new="$new_sum" '
      { sum[$2] = $1 }
      END {
        for (f in sum) {
          if (f ~ /\.bak$/) {
            if (sum[f] != old) { b++; print "  bad backup: " f > "/dev/stderr" }
            continue
          }
          if (sum[f] == new && sum[f ".bak"] == old) n++
          else if (sum[f] == old) o++
          else { b++; print "  neither old nor new: " f > "/dev/stderr" }
        }
        printf "%d %d %d\n", n, o, b
      }'
}

# How long a whole batch takes here, to spread the kills over it.
make_tree "$tmp/timing"
start=$(date +%s%N)
run timing 0 upgrade --in-place -j 1 "$tmp/timing"
span_ms=$((($(date +%s%N) - start) / 1000000))
[ "$span_ms" -gt 0 ] || span_ms=1

RANDOM=${SDFCONV_RESUME_SEED:-20261126}
with_temporaries=0
with_backup_only=0
partial=0
for k in $(seq 1 "$kills"); do
  tree=$tmp/kill$k
  make_tree "$tree"
  delay_ms=$((RANDOM % (span_ms + span_ms / 4 + 1)))
  jobs=$((1 + k % 2))
  "$sdfconv" upgrade --in-place -j "$jobs" "$tree" >/dev/null 2>&1 &
  pid=$!
  sleep "$(awk -v ms="$delay_ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  read -r n o bad < <(tally "$tree")
  [ "$bad" -eq 0 ] || fail "kill$k: $bad files neither old nor whole-new after SIGKILL at ${delay_ms} ms"
  [ $((n + o)) -eq 200 ] || fail "kill$k: $((n + o)) files of 200 after SIGKILL"
  [ "$n" -gt 0 ] && [ "$o" -gt 0 ] && partial=$((partial + 1))
  [ "$(temporaries "$tree")" -gt 0 ] && with_temporaries=$((with_temporaries + 1))
  # An old file with its backup already made.
  for b in $(find "$tree" -name '*.bak'); do
    if cmp -s "${b%.bak}" "$old"; then
      with_backup_only=$((with_backup_only + 1))
      break
    fi
  done
  # The same command once more finishes the job.
  run "resume$k" 0 upgrade --in-place -j "$jobs" "$tree"
  read -r n o bad < <(tally "$tree")
  [ "$n" -eq 200 ] && [ "$bad" -eq 0 ] ||
    fail "resume$k: $n of 200 files upgraded, $bad bad, after one re-run"
  [ "$(temporaries "$tree")" -eq 0 ] ||
    fail "resume$k: temporaries left: $(find "$tree" -name '*.tmp.*')"
  rm -rf "$tree"
done
echo "killed $kills batches of 200 files over ${span_ms} ms: $partial part-done," \
  "$with_temporaries left temporaries, $with_backup_only left a backup of a" \
  "file not yet replaced; every one finished by one re-run"

# A backup equal to the file (what a killed run leaves) is reused.
mkdir -p "$tmp/reuse"
cp "$old" "$tmp/reuse/m.sdf"
cp "$old" "$tmp/reuse/m.sdf.bak"
run reuse 0 upgrade --in-place "$tmp/reuse"
expect_same reuse "$tmp/reuse/m.sdf" "$new"
expect_same reuse "$tmp/reuse/m.sdf.bak" "$old"

# A backup that differs is older work: never overwritten, the file fails.
mkdir -p "$tmp/differs"
cp "$old" "$tmp/differs/m.sdf"
echo "an older backup" >"$tmp/differs/m.sdf.bak"
run differs 1 upgrade --in-place "$tmp/differs"
expect_grep differs "$tmp/differs.err" "error[BACKUP_CONFLICT]"
expect_same differs "$tmp/differs/m.sdf" "$old"
expect_grep differs "$tmp/differs/m.sdf.bak" "an older backup"

# Stale temporaries: sdfconv's own (marked) of dead processes beside the
# batch's targets go (the file's, its backup's, the report's); a live
# process's, a file's that the batch does not write, and a user's file that
# is only named like one, stay.
temporary() {  # temporary PATH PID: as a killed sdfconv run leaves one
  echo part >"$1"
  "$mark" "$1" "$2" || fail "cannot mark $1"
}
mkdir -p "$tmp/stale"
cp "$old" "$tmp/stale/m.sdf"
gone=$(dead_pid)
sleep 60 &
alive=$!
temporary "$tmp/stale/m.sdf.tmp.$gone" "$gone"
temporary "$tmp/stale/m.sdf.bak.tmp.$gone" "$gone"
temporary "$tmp/stale/m.sdf.tmp.$alive" "$alive"
temporary "$tmp/stale/notes.txt.tmp.$gone" "$gone"
temporary "$tmp/stale/report.json.tmp.$gone" "$gone"
echo "the user's" >"$tmp/stale/m.sdf.bak.tmp.1$gone"
# Killed just after --in-place exchanged n.sdf with its replacement: the
# original (also n.sdf.bak) is at the temporary's name, unmarked.
cp "$new" "$tmp/stale/n.sdf"
cp "$old" "$tmp/stale/n.sdf.bak"
ln "$tmp/stale/n.sdf.bak" "$tmp/stale/n.sdf.tmp.$gone"
run stale 0 upgrade --in-place "$tmp/stale" --report "$tmp/stale/report.json"
kill "$alive" 2>/dev/null
wait "$alive" 2>/dev/null
expect_grep stale "$tmp/stale.err" "removed 4 temporary file(s) an interrupted run left"
for f in m.sdf.tmp.$gone m.sdf.bak.tmp.$gone report.json.tmp.$gone n.sdf.tmp.$gone; do
  [ ! -e "$tmp/stale/$f" ] || fail "stale: $f was not removed"
done
for f in m.sdf.tmp.$alive notes.txt.tmp.$gone m.sdf.bak.tmp.1$gone; do
  [ -e "$tmp/stale/$f" ] || fail "stale: $f was removed"
done
expect_same stale "$tmp/stale/m.sdf" "$new"
expect_same stale "$tmp/stale/n.sdf.bak" "$old"

# -o: a killed run's temporaries in the output tree go too.
mkdir -p "$tmp/outdir/in" "$tmp/outdir/out"
cp "$old" "$tmp/outdir/in/m.sdf"
temporary "$tmp/outdir/out/m.sdf.tmp.$gone" "$gone"
run outdir 0 upgrade "$tmp/outdir/in" -o "$tmp/outdir/out"
[ "$(temporaries "$tmp/outdir")" -eq 0 ] || fail "outdir: temporaries left"
expect_same outdir "$tmp/outdir/out/m.sdf" "$new"

finish
