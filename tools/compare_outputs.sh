#!/usr/bin/env bash
# Compares two runs of tools/corpus_outputs.sh (before and after a change)
# and lists every file and command whose exit status, output or diagnostics
# differ, with the reason given for it in REASONS.
#   usage: tools/compare_outputs.sh BEFORE_DIR AFTER_DIR [REASONS]
# REASONS (default tools/corpus_output_changes.tsv) holds lines
#   PATTERN<TAB>COMMANDS<TAB>WHAT<TAB>REASON
# PATTERN is a shell pattern on the corpus path, COMMANDS a comma-separated
# list (check,flat,sdf,expand,urdf,upgrade or *), WHAT which part may differ (exit,
# out, err, or * for any). Lines starting with # are comments. The first
# matching line explains a difference. Exit 0 when every difference is
# explained, 1 otherwise.
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_DIR AFTER_DIR [REASONS]" >&2; exit 2; }
before=$1/manifest.tsv
after=$2/manifest.tsv
reasons=${3:-$(dirname "$0")/corpus_output_changes.tsv}
[ -f "$reasons" ] || reasons=/dev/null

declare -a patterns commands whats texts
while IFS=$'\t' read -r pattern cmds what text; do
  case $pattern in ''|'#'*) continue ;; esac
  patterns+=("$pattern"); commands+=("$cmds"); whats+=("$what"); texts+=("$text")
done <"$reasons"

reason_for() {  # reason_for FILE COMMAND PARTS
  local i
  for i in "${!patterns[@]}"; do
    # shellcheck disable=SC2254
    case $1 in ${patterns[$i]}) ;; *) continue ;; esac
    case ",${commands[$i]}," in *",$2,"*|*",*,"*) ;; *) continue ;; esac
    if [ "${whats[$i]}" != "*" ]; then
      local part ok=1
      for part in $3; do
        case ",${whats[$i]}," in *",$part,"*) ;; *) ok=0 ;; esac
      done
      [ "$ok" = 1 ] || continue
    fi
    echo "${texts[$i]}"
    return 0
  done
  return 1
}

same=0 explained=0 unexplained=0
declare -A count
# One line per difference: FILE CMD DETAIL PARTS (awk pairs the manifests).
while IFS=$'\t' read -r file cmd detail parts; do
  if [ "$cmd" = "=" ]; then same=$file; continue; fi
  count[$cmd]=$((${count[$cmd]:-0} + 1))
  if why=$(reason_for "$file" "$cmd" "$parts"); then
    explained=$((explained + 1))
    echo "changed: $file $cmd ($detail): $why"
  else
    unexplained=$((unexplained + 1))
    echo "UNEXPLAINED: $file $cmd ($detail)"
  fi
done < <(awk -F'\t' '
  NR == FNR { seen[$1 "\t" $2] = $3 "\t" $4 "\t" $5; next }
  {
    key = $1 "\t" $2
    if (!(key in seen)) { print key "\tnew\tout"; next }
    split(seen[key], b, "\t"); delete seen[key]
    parts = ""
    if (b[1] != $3) parts = parts " exit"
    if (b[2] != $4) parts = parts " out"
    if (b[3] != $5) parts = parts " err"
    if (parts == "") { same++; next }
    print key "\texit " b[1] "->" $3 "," parts "\t" parts
  }
  END {
    for (key in seen) print key "\tmissing after\tout"
    print same "\t="
  }' "$before" "$after")
for cmd in "${!count[@]}"; do echo "differences in $cmd: ${count[$cmd]}"; done | sort
echo "$same identical, $explained changed with a reason, $unexplained unexplained"
[ "$unexplained" -eq 0 ]
