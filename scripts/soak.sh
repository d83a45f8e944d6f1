#!/usr/bin/env bash
# A soak: long matches of every arena through every protocol, as reliability evidence (issue 35).
#
#   cargo build --release -p duel-programs
#   scripts/soak.sh [GAMES_PER_MATCH] [OUT_DIR]      # defaults: 1000 games, soak-<date>/
#
# Seven matches, two games at once each, node-limited where the program allows (Fruit Rage
# plays on its own clock, 5 s a game, a quarter as many games): Reversi contest protocol against NBoard; Ataxx
# Botzone simple against JSON, and UAI against UAI (standard rules); Filler's contest program
# against the greedy built-in, at 10 and 20; Fruit Rage's program against minimax3 at 8 and
# 14. Every game is recorded; at the end each match's end reasons are counted. A game that did
# not end by the rules (a crash, an illegal move or answer, a time-out) makes the script exit 1
# and is listed. Progress: one line a match on stderr.
set -euo pipefail
games=${1:-1000}
out=${2:-soak-$(date -u +%Y%m%d-%H%M%S)}
bin=${DUEL_BIN:-target/release}
mkdir -p "$out"
for p in duel reversi ataxx filler fruit-rage; do
  [ -x "$bin/$p" ] || { echo "soak: $bin/$p missing: cargo build --release -p duel-programs" >&2; exit 2; }
done

run() { # name games game args...
  local name=$1 count=$2 game=$3
  shift 3
  echo "soak: $name: $count games" >&2
  local started=$SECONDS
  "$bin/duel" arena "$game" "$@" --games "$count" --concurrency 2 --seed 11 \
    --record "$out/$name.jsonl" > "$out/$name.txt" 2> "$out/$name.err" || true
  echo "soak: $name: done in $((SECONDS - started)) s" >&2
}

run reversi "$games" reversi --openings data/openings/reversi-8ply.txt \
  --a "name=contest cmd='$bin/reversi --nodes 3000' proto=contest" \
  --b "name=nboard cmd='$bin/reversi --nboard --nodes 2000' proto=nboard" --tc 1000
run ataxx-botzone "$games" ataxx --openings data/openings/ataxx-4ply.txt \
  --a "name=simple cmd='$bin/ataxx --nodes 3000' proto=contest" \
  --b "name=json cmd='$bin/ataxx --nodes 2000' proto=contest" --protocol-b json
run ataxx-uai "$games" ataxx --openings data/openings/ataxx-4ply.txt --rules standard --tc 1000+1 \
  --a "name=a cmd='$bin/ataxx --uai' proto=uai nodes=3000" \
  --b "name=b cmd='$bin/ataxx --uai' proto=uai nodes=2000"
run filler-10 "$games" filler --size 10 \
  --a "name=duel cmd='$bin/filler --nodes 3000 --moves-played {moves}'" --b builtin:greedy
run filler-20 "$games" filler --size 20 \
  --a "name=duel cmd='$bin/filler --nodes 3000 --moves-played {moves}'" --b builtin:greedy
run fruit-rage-8 "$(( (games + 3) / 4 ))" fruit-rage --size 8 --types 4 --time 5 \
  --a "name=duel cmd='$bin/fruit-rage'" --b builtin:minimax3
run fruit-rage-14 "$(( (games + 3) / 4 ))" fruit-rage --size 14 --types 6 --time 5 \
  --a "name=duel cmd='$bin/fruit-rage'" --b builtin:minimax3

# Every record's end reason; the rules' own endings are fine, anything else is a finding.
status=0
total=0
for record in "$out"/*.jsonl; do
  name=$(basename "$record" .jsonl)
  n=$(wc -l < "$record")
  total=$((total + n))
  bad=$(grep -cv '"reason":"\(game over\|threefold repetition\)"' "$record" || true)
  echo "soak: $name: $n games, $bad not ended by the rules"
  if [ "$bad" -gt 0 ]; then
    status=1
    grep -v '"reason":"\(game over\|threefold repetition\)"' "$record" | head -5
  fi
done
echo "soak: $total games in all; records in $out/"
exit $status
