#!/bin/sh
# ladder.sh — measures the ladder of levels with `mnk match`: each level
# against the one below it, and the lowest against the tutorial scorer, on
# 15x15 from the openings in data/openings/freestyle-15.txt, colours
# alternating. Prints one line per match as it finishes, then a Markdown
# table (level, Elo above the lowest, the match that measured it, time per
# move) for the README; the Elo column goes into src/strategies/level.c by hand.
#
#   tools/ladder.sh [OPTIONS]
#     --mnk PATH      the binary (default build/src/cli/mnk)
#     --games N       games per pair (default 200)
#     --slow N        the top N pairs, whose games take minutes, play
#                     --slow-games games instead (default 2)
#     --slow-games N  (default 40)
#     --from NAME     start at this level (default the lowest)
#     --base ELO      with --from, the Elo of the level below NAME (default 0)
#     --to NAME       stop after this level (default the top)
#     --seed S        match seed (default 1)
#     --top-scaled L MS
#                     measure the top level (the one limited by time) at
#                     MS a move against level L instead of the level below,
#                     for when the full budgets take too long: choose L and
#                     MS so that both budgets are scaled alike (say a
#                     quarter of the top's time against the level whose
#                     nodes are a quarter of the one below it); the
#                     difference measured stands for the top against the
#                     level below it, and is added to that level's Elo
#
# Matches run one at a time under `nice -n 10`; with the default games the
# whole ladder takes a few hours on one core, most of it in the top pairs.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
mnk=$root/build/src/cli/mnk
games=200
slow=2
slow_games=40
from=
base_elo=0
to=
seed=1
top_against=
top_ms=
openings=$root/data/openings/freestyle-15.txt

while [ $# -gt 0 ]; do
    case $1 in
    --mnk) mnk=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --slow) slow=$2; shift 2 ;;
    --slow-games) slow_games=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --base) base_elo=$2; shift 2 ;;
    --to) to=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --top-scaled) top_against=$2; top_ms=$3; shift 3 ;;
    *) echo "usage: tools/ladder.sh [--mnk PATH] [--games N] [--slow N] [--slow-games N]" \
            "[--from NAME [--base ELO]] [--to NAME] [--seed S] [--top-scaled L MS]" >&2; exit 2 ;;
    esac
done
[ -x "$mnk" ] || { echo "ladder.sh: no mnk at $mnk (build first)" >&2; exit 1; }

# The level names, weakest first: the first word of each line of
# `mnk levels` between the header and the blank line.
levels=$("$mnk" levels | awk 'NR > 1 && NF == 0 { exit } NR > 1 { print $1 }')
count=$(echo "$levels" | wc -l)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# match A B GAMES FILE [ARGS]: A (as --black) against B; the summary lines
# go to FILE.
match() {
    a=$1 b=$2 n=$3 file=$4
    shift 4
    nice -n 10 "$mnk" match --black "$a" --white "$b" --games "$n" --seed "$seed" \
        --openings "$openings" --quiet "$@" > "$file"
    echo "$(date '+%F %T') $a vs $b: $(sed -n 1p "$file" | sed 's/.*games, //')" \
         "$(sed -n 2p "$file")" >&2
}

# elo FILE: the Elo difference of a summary, "+inf"/"-inf" when one side
# won every game; error FILE: its 95% error bar, or "?".
elo() { sed -n 's/^Elo difference: \([-+]*[0-9a-z]*\).*/\1/p' "$1"; }
error() { sed -n 's/.*+\/- \([0-9]*\).*/\1/p' "$1" | grep . || echo '?'; }
score() { sed -n 's/.*score \([0-9.]*%\).*/\1/p' "$1"; }
# ms FILE N: the mean time per move of the N-th player (1 = A) in FILE.
ms() { sed -n 's/^time per move: //p' "$1" | tr ',' '\n' | sed -n "${2}p" |
       sed 's/.* \([0-9.]*\) ms (max.*/\1/'; }

i=0
prev=
started=${from:+no}
total=$base_elo
echo "| level | Elo | measured by | time per move |"
echo "| --- | ---: | --- | ---: |"
for l in $levels; do
    i=$((i + 1))
    if [ "${started:-yes}" = no ]; then
        [ "$l" = "$from" ] || { prev=$l; continue; }
        started=yes
    fi
    if [ -z "$prev" ]; then
        # The lowest level against the tutorial scorer: it should lose clearly.
        match "$l" tutorial "$games" "$out/$i"
        echo "| $l | 0 | against tutorial: $games games, score $(score "$out/$i")," \
             "$(elo "$out/$i") ± $(error "$out/$i") | $(ms "$out/$i" 1) ms |"
    else
        n=$games
        [ $((count - i)) -lt "$slow" ] && n=$slow_games
        against=$prev base=$total how=
        if [ "$i" -eq "$count" ] && [ -n "$top_against" ]; then
            # Scaled: the top at top_ms against a lower level, standing for
            # the top at its own time against the level below it.
            against=$top_against
            how=" at $top_ms ms a move (scaled, for $l against $prev)"
            match "$l" "$against" "$n" "$out/$i" --time-ms "$top_ms"
        else
            match "$l" "$prev" "$n" "$out/$i"
        fi
        d=$(elo "$out/$i")
        case $d in *inf*) total="$base$d" ;; *) total=$((base + d)) ;; esac
        echo "| $l | $total | against $against$how: $n games, score $(score "$out/$i")," \
             "$d ± $(error "$out/$i") | $(ms "$out/$i" 1) ms |"
    fi
    prev=$l
    [ "$l" != "$to" ] || break
done
