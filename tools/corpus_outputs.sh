#!/usr/bin/env bash
# Records what one sdfconv binary makes of every file of the corpus, so that
# two binaries (before and after a change) can be compared with
# tools/compare_outputs.sh.
#   usage: tools/corpus_outputs.sh SDFCONV OUTDIR [CORPUS]
# For every *.sdf, *.world and *.urdf under CORPUS (default ../shared/corpus)
# it runs `check`, `convert --to flat`, `convert --to sdf` (and with
# `--expand-includes`), `convert --to urdf` and `upgrade -o` (model:// URIs
# searched in CORPUS/gazebo_models),
# and writes OUTDIR/manifest.tsv: one line per file and command with the
# exit status and the SHA-256 of what it wrote (stdout, or the upgraded file)
# and of its diagnostics (stderr). The outputs themselves are kept under
# OUTDIR/files/ for reading the differences.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 SDFCONV OUTDIR [CORPUS]" >&2; exit 2; }
sdfconv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$(mkdir -p "$2" && cd "$2" && pwd)
corpus=$(cd "${3:-$(dirname "$0")/../../shared/corpus}" && pwd)
rm -rf "$out/files" && mkdir -p "$out/files"

one() {  # one RELATIVE_FILE: every command on one file, manifest lines on stdout
  local f=$1 key cmd status
  key=$(printf '%s' "$f" | tr '/' '%')
  local scratch; scratch=$(mktemp -d)
  for cmd in check flat sdf expand urdf upgrade; do
    local o="$out/files/$key.$cmd.out" e="$out/files/$key.$cmd.err"
    local args=(convert --model-path gazebo_models "$f" --to "$cmd")
    case $cmd in
      check) args=(check --model-path gazebo_models "$f") ;;
      expand) args=(convert --model-path gazebo_models "$f" --to sdf --expand-includes) ;;
      upgrade) args=(upgrade --model-path gazebo_models -j 1 "$f" -o "$scratch") ;;
    esac
    set +e
    "$sdfconv" "${args[@]}" >"$o" 2>"$e"
    status=$?
    set -e
    if [ "$cmd" = upgrade ]; then
      cat "$scratch/$(basename "$f")" >"$o" 2>/dev/null || true
    fi
    # The upgrade's summary line names its folder and time: not outputs.
    sed -i -e "s#$scratch#OUTDIR#g" -e 's/, [0-9.]* s)/)/' "$e"
    printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$cmd" "$status" \
      "$(sha256sum <"$o" | cut -c1-16)" "$(sha256sum <"$e" | cut -c1-16)"
  done
  rm -rf "$scratch"
}
export -f one
export sdfconv out

cd "$corpus"
find . -type f \( -name '*.sdf' -o -name '*.world' -o -name '*.urdf' \) |
  sed 's#^\./##' | LC_ALL=C sort |
  xargs -P "$(nproc)" -I{} bash -c 'one "$1"' _ {} |
  LC_ALL=C sort >"$out/manifest.tsv"
echo "$(wc -l <"$out/manifest.tsv") results for $(cut -f1 "$out/manifest.tsv" | sort -u | wc -l) files in $out/manifest.tsv"
