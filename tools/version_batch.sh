#!/usr/bin/env bash
# gazebo_models upgraded in batch to other SDFormat versions (issue 13's
# evidence): for each version (default 1.11 and 1.6), `sdfconv upgrade
# CORPUS/gazebo_models -o OUT --sdf-version V` runs with -j 1 and with -j 2;
# the two output trees must be identical byte for byte and the two reports
# identical but for their timing (summary.seconds) and
# output folder. Prints, per version, the
# files written / unchanged / failed, and the failures by error code.
#
#   bazel build --disk_cache=/work/.bazel-disk-cache --jobs=2 //cli:sdfconv
#   tools/version_batch.sh [--corpus DIR] [--sdfconv BIN] [--keep DIR] [V...]
#
# Exit status: 0 when every version's -j 1 and -j 2 runs agree, 1 otherwise.
set -u
here="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$here/../shared/corpus"
sdfconv="$here/bazel-bin/cli/sdfconv"
keep=""
versions=()
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) corpus="$2"; shift 2 ;;
    --sdfconv) sdfconv="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) versions+=("$1"); shift ;;
  esac
done
[ ${#versions[@]} -eq 0 ] && versions=(1.11 1.6)
models="$(cd "$corpus/gazebo_models" && pwd)" || exit 2
work="${keep:-$(mktemp -d)}"
mkdir -p "$work"
# Includes resolve against the corpus only, never the environment.
unset SDF_PATH GZ_SIM_RESOURCE_PATH IGN_GAZEBO_RESOURCE_PATH GAZEBO_MODEL_PATH

status=0
for v in "${versions[@]}"; do
  for j in 1 2; do
    out="$work/$v-j$j"
    rm -rf "$out"
    "$sdfconv" upgrade "$models" -o "$out" --sdf-version "$v" -j "$j" \
      --model-path "$models" --report "$work/$v-j$j.json" \
      >"$work/$v-j$j.stdout" 2>"$work/$v-j$j.stderr"
    echo $? >"$work/$v-j$j.rc"
  done
  same_tree=yes
  diff -r "$work/$v-j1" "$work/$v-j2" >"$work/$v.treediff" || same_tree=no
  same_report=$(python3 - "$work/$v-j1.json" "$work/$v-j2.json" "$work/$v-j1" \
    "$work/$v-j2" <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for r, out in ((a, sys.argv[3]), (b, sys.argv[4])):
    r.get("summary", {}).pop("seconds", None)
    for f in r.get("files", []):  # each run writes under its own folder
        if f.get("output", "").startswith(out + "/"):
            f["output"] = f["output"][len(out) + 1:]
print("yes" if a == b else "no")
EOF
)
  same_rc=$([ "$(cat "$work/$v-j1.rc")" = "$(cat "$work/$v-j2.rc")" ] && echo yes || echo no)
  echo "SDFormat $v: gazebo_models (exit status $(cat "$work/$v-j1.rc"))"
  python3 - "$work/$v-j1.json" <<'EOF'
import collections, json, sys
r = json.load(open(sys.argv[1]))
files = r.get("files", [])
status = collections.Counter(f.get("status", "?") for f in files)
print("  %5d  files" % len(files))
for k, n in sorted(status.items()):
    print("  %5d  %s" % (n, k))
codes = collections.Counter()
for f in files:
    errs = sorted({d.get("code", "?") for d in f.get("diagnostics", [])
                   if d.get("severity") == "error"})
    for c in errs:
        codes[c] += 1
for c, n in codes.most_common():
    print("         %5d  with error %s" % (n, c))
s = dict(r.get("summary", {}))
s.pop("seconds", None)
print("  summary: %s" % json.dumps(s, sort_keys=True))
EOF
  echo "  -j 1 and -j 2: trees identical: $same_tree; reports identical" \
       "(timing aside): $same_report; exit status identical: $same_rc"
  if [ "$same_tree" != yes ] || [ "$same_report" != yes ] || [ "$same_rc" != yes ]; then
    status=1
  fi
done
[ -z "$keep" ] && rm -rf "$work"
exit $status
