#!/bin/sh
# sprt.sh — is the working tree's search stronger than a base commit's?
#
# Builds the base commit (default HEAD) in a temporary directory and the
# working tree in build/, then plays the two as Gomocup engines at a fixed
# number of nodes a move (load-independent, so it can run on a busy
# machine: the engines' clock, a millisecond for every 20 nodes and at
# least a second, is only a guard), colours alternating, until the SPRT of
# `mnk match --sprt` decides. At a fixed node count both engines play the
# same game every time from the same opening, so the games are only as
# many as twice the openings: each pair of games gets an opening of its
# own, so that no game counts twice as evidence. By default they come from
# data/openings/sprt-15.txt, openings a strong engine judged near even (a
# game decided by its opening says nothing about the change; most random
# short openings are won for Black); when --games asks for more than twice
# its lines (and --from is not given), from random openings
# (tools/openings.py --random) instead.
#
#   tools/sprt.sh [--base REV] [--nodes N] [--elo E0,E1] [--games MAX]
#                 [--openings FILE] [--from K] [--rule RULE] [--tune SPEC]
#     --base REV      the commit to compare with (default HEAD)
#     --nodes N       nodes a move for both (default 100000)
#     --elo E0,E1     the SPRT's hypotheses (default 0,10)
#     --games MAX     the most games to play (default: twice the openings)
#     --openings F    another file of openings (each gives only two games)
#     --from K        begin at the file's K-th opening (default 1): to give
#                     two runs at once openings of their own, or to go on
#                     with a test past the openings it played (at a fixed
#                     node count an opening played again replays the same
#                     two games: no new evidence)
#     --rule RULE     the rule of the games (default freestyle; renju tests
#                     the renju tables, pattern_renju.c)
#     --tune SPEC     the working tree's engine plays with these constants
#                     (`mnk engine --tune`, src/engine/params.c): to test
#                     what tools/spsa.py found before writing it into
#                     params.c
#
# However it ends (stopped too), it says on standard error which of the
# file's openings its games used, and the --from that goes on past them.
#
# Exit status: 0 when H1 was accepted (the new search is better), 1 when
# H0 was, 2 when the cap came first or something failed.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
base=HEAD nodes=100000 elo=0,10 games= rule=freestyle
openings='' from=1 tune=
while [ $# -gt 0 ]; do
    case $1 in
    --base) base=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --elo) elo=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --openings) openings=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --rule) rule=$2; shift 2 ;;
    --tune) tune=$2; shift 2 ;;
    *) echo "usage: tools/sprt.sh [--base REV] [--nodes N] [--elo E0,E1] [--games MAX]" \
            "[--openings FILE] [--from K] [--rule RULE] [--tune SPEC]" >&2; exit 2 ;;
    esac
done
positive() {
    case $2 in
    ''|*[!0-9]*|0*)
        echo "tools/sprt.sh: $1 wants a positive number, not '$2'" >&2; exit 2 ;;
    esac
}
positive --nodes "$nodes"
positive --from "$from"
# The engines' clock: never the limit (the nodes are), only a guard.
cap_ms=$((nodes / 20))
[ "$cap_ms" -ge 1000 ] || cap_ms=1000
[ "$cap_ms" -le 3600000 ] || cap_ms=3600000

tmp=$(mktemp -d)
# Games 2k − 1 and 2k of the match use its k-th opening.
used_openings() {
    [ -n "$file" ] && [ -s "$tmp/out" ] || return 0
    n=$(grep -c '^game' "$tmp/out" || true)
    [ "$n" -gt 0 ] || return 0
    last=$((from + (n + 1) / 2 - 1))
    echo "tools/sprt.sh: $n games on openings $from-$last of $file;" \
         "to go on with this change: --from $((last + 1))" >&2
}
file=
trap 'used_openings; rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM
: "${openings:=$root/data/openings/sprt-15.txt}"
if [ ! -r "$openings" ]; then
    echo "tools/sprt.sh: cannot read the openings file '$openings'" >&2; exit 2
fi
file=$openings
if [ "$from" -gt 1 ]; then
    # Only the openings from the K-th on (the file's lines that are moves).
    grep '^[a-z]' "$openings" | tail -n "+$from" >"$tmp/from.txt"
    if [ ! -s "$tmp/from.txt" ]; then
        echo "tools/sprt.sh: $openings has fewer than $from openings" >&2; exit 2
    fi
    openings=$tmp/from.txt
elif [ "$openings" = "$root/data/openings/sprt-15.txt" ]; then
    if [ -n "$games" ] && [ $((2 * $(grep -c '^[a-z]' "$openings"))) -lt "$games" ]; then
        echo "more games than twice the openings of $openings: random openings instead" >&2
        openings=$tmp/openings.txt
        file=
        python3 "$root/tools/openings.py" --random $(((games + 1) / 2)) --seed 1 >"$openings"
    fi
fi
# By default as many games as the openings give.
: "${games:=$((2 * $(grep -c '^[a-z]' "$openings")))}"

echo "building $base in $tmp ..." >&2
git -C "$root" archive "$base" | tar -x -C "$tmp"
meson setup "$tmp/build" "$tmp" >/dev/null
ninja -C "$tmp/build" src/cli/mnk >/dev/null
echo "building the working tree ..." >&2
[ -d "$root/build" ] || meson setup "$root/build" "$root" >/dev/null
ninja -C "$root/build" src/cli/mnk >/dev/null

new=$root/build/src/cli/mnk old=$tmp/build/src/cli/mnk
nice -n 10 "$new" match --rule "$rule" \
    --black "engine:$new engine --nodes $nodes --time-ms $cap_ms --seed 1${tune:+ --tune $tune}" \
    --white "engine:$old engine --nodes $nodes --time-ms $cap_ms --seed 1" \
    --openings "$openings" --sprt "$elo" --games "$games" --seed 1 | tee "$tmp/out"
case $(grep '^SPRT' "$tmp/out") in
*"H1 accepted"*) exit 0 ;;
*"H0 accepted"*) exit 1 ;;
*) exit 2 ;;
esac
