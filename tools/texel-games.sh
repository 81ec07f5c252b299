#!/bin/sh
# texel-games.sh — self-play games for fitting the evaluation (tools/texel).
#
#   tools/texel-games.sh --out DIR [--games N] [--nodes N] [--seed S] [--rule RULE]
#                        [--mnk PATH]
#     --out DIR    where the records go: DIR/game-N.sgf (made if missing)
#     --games N    games to play (default 1000)
#     --nodes N    nodes a move of the weaker player; the stronger gets
#                  twice as many (default 10000)
#     --seed S     seed of the random openings and the players (default 1)
#     --rule RULE  the rule the games are played under: freestyle or renju
#                  (or any rule `mnk match --rule` takes; default freestyle);
#                  the records name it, and tools/texel --renju reads renju's
#     --mnk PATH   the binary that plays (default: build/src/cli/mnk, built
#                  from the current sources first); give a copy of your own
#                  to keep the games' player fixed while the sources change
#
# The games are 15x15, freestyle unless --rule says otherwise, between two
# copies of the built `search` engine (build/src/cli/mnk, or --mnk) at a
# fixed number of nodes a move, so the load of the machine does not change
# them. Two things make them differ
# from one another: each game starts from its own random opening (three to six
# stones, Black and White in turn, in the central 7x7, each within two cells
# of an earlier one), and the players search different numbers of nodes, so
# the game of an opening with colours swapped is another game. The records
# keep the result; tools/texel reads them and labels each quiet position with
# it.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
out= games=1000 nodes=10000 seed=1 rule=freestyle mnk=
while [ $# -gt 0 ]; do
    case $1 in
    --out) out=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --rule) rule=$2; shift 2 ;;
    --mnk) mnk=$2; shift 2 ;;
    *) echo "usage: tools/texel-games.sh --out DIR [--games N] [--nodes N] [--seed S]" \
            "[--rule RULE] [--mnk PATH]" >&2
       exit 2 ;;
    esac
done
[ -n "$out" ] || { echo "texel-games.sh: --out DIR is required" >&2; exit 2; }
mkdir -p "$out"
if [ -z "$mnk" ]; then
    [ -d "$root/build" ] || meson setup "$root/build" "$root" >/dev/null
    ninja -C "$root/build" src/cli/mnk >/dev/null
    mnk=$root/build/src/cli/mnk
fi
[ -x "$mnk" ] || { echo "texel-games.sh: $mnk is not an executable" >&2; exit 2; }

# One opening per pair of games (the match plays each with both colours).
awk -v n=$(((games + 1) / 2)) -v seed="$seed" '
BEGIN {
    srand(seed);
    cols = "abcdefghijklmno";
    for (g = 0; g < n; g++) {
        stones = 3 + int(rand() * 4);
        delete taken;
        line = "";
        xs[0] = 7; ys[0] = 7; taken[7, 7] = 1; line = "h8";
        for (i = 1; i < stones; i++) {
            do {
                j = int(rand() * i);
                x = xs[j] + int(rand() * 5) - 2;
                y = ys[j] + int(rand() * 5) - 2;
            } while (x < 4 || x > 10 || y < 4 || y > 10 || ((x, y) in taken));
            xs[i] = x; ys[i] = y; taken[x, y] = 1;
            line = line " " substr(cols, x + 1, 1) (y + 1);
        }
        print line;
    }
}' >"$out/openings.txt"

nice -n 10 "$mnk" match --rule "$rule" \
    --black "engine:$mnk engine --nodes $nodes --seed $seed" \
    --white "engine:$mnk engine --nodes $((2 * nodes)) --seed $seed" \
    --openings "$out/openings.txt" --games "$games" --seed "$seed" \
    --save "$out" --quiet
