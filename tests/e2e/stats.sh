#!/bin/sh
# stats.sh — end-to-end tests of the statistics: the menu's Statistics
# says when there is nothing yet; a game against the computer that the
# player resigns is counted once and stands (undo does not take it back,
# Resume does not offer it), survives a restart of mnk and shows in the
# table; a
# finished game opened from a record is not counted; a game between two
# people is counted apart; a statistics file that is not
# understood is set aside with its content and said once, on the screen
# and at the end of a game; games on a clock are rows of their own, a flag
# that falls is counted on time, and the screen shows each row's clock and
# the totals per clock. Exits 77 (skipped) without tmux.
#
# usage: stats.sh PATH/TO/mnk
set -u

MNK=${1:?usage: stats.sh PATH/TO/mnk}
WRAPPER=
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
DATA=$WORK/.local/share/mnk   # HOME is $WORK and XDG_DATA_HOME unset
STATS=$DATA/stats

# wait_stats PATTERN: polls until the statistics file matches the extended
# regex.
wait_stats() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        grep -Eq -- "$1" "$STATS" 2>/dev/null && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# club_game DESC: a new shell and a 5×5 k=4 game against club (DESC checks
# it opened); Black plays c3 and the computer answers.
club_game() {
    start_shell
    run --size 5 --win 4 --black human --white club
    expect "5×5 k=4 freestyle" "$1"
    keys Enter                               # Black c3
    if wait_for "2 moves  last"; then pass "the computer answered"; else fail "no answer"; fi
}

# The menu's entries, from New game: Load, then Statistics.
open_stats() {
    expect "New game" "the menu"
    keys Down Down Enter
    expect "mnk  statistics" "Statistics opens from the menu"
}

# ---------------------------------------------------------------------------
echo "# no games yet"
start_shell
run
open_stats
expect "No games against the computer yet" "the empty state says so"
keys Escape
expect "Statistics" "Esc goes back to the menu"
quit "q in the menu"
[ -e "$STATS" ] && fail "looking made a file" || pass "looking makes no file"

# ---------------------------------------------------------------------------
echo "# a resigned game against the computer, counted once"
club_game "a small game against club"
keys R
expect "Resign this game?" "R asks first"
keys y
expect "White wins by resignation" "resigned"
if wait_stats '^computer club 5x5 4 freestyle none 0 1 0 0 L 1 0$'; then
    pass "the loss is in the file at once"
else
    fail "the loss is not in the file: $(cat "$STATS" 2>/dev/null)"
fi
keys u                                       # the result stands
expect "White wins by resignation: the result stands" "u does not take the resignation back"
keys R
sleep 0.3
if screen | grep -q "Resign this game?"; then
    fail "R asks again after the game ended"
else
    pass "nothing is left to resign"
fi
if [ "$(grep -c '^computer ' "$STATS")" -eq 1 ] &&
   grep -q '^computer club 5x5 4 freestyle none 0 1 0 0 L 1 0$' "$STATS"; then
    pass "the game counts once"
else
    fail "counted again: $(cat "$STATS")"
fi
quit "q after the game"

echo "# the loss survives a restart"
start_shell
run
open_stats
expect "1 game: 0 won, 1 lost, 0 drawn" "the totals after a restart"
expect "Current streak: 1 lost" "the streak"
row=$(screen | grep -F "club")
case $row in
*"5×5 k=4"*freestyle*" 0 "*" 1 "*" 0 "*"1 lost"*) pass "the row: club, 5×5 k=4, one loss" ;;
*) fail "the row for club: '$row'" ;;
esac
keys q
expect "Statistics" "q goes back to the menu"
quit "q in the menu"

echo "# a finished game opened from its record is not counted again"
printf '(;FF[4]GM[4]SZ[3]RU[freestyle]WIN[3]PB[human]PW[club];B[aa];W[ba];B[ab];W[bb];B[ac])\n' \
    >"$WORK/won.sgf"
cp "$STATS" "$WORK/before-record"
start_shell
run "$WORK/won.sgf"
expect "3×3 k=3 freestyle" "the record opens"
keys q
# Where a finished game opens in review, q goes back to the menu first.
tries=$PATIENCE
while [ "$tries" -gt 0 ] && ! screen | grep -qF "exit="; do
    if screen | grep -qF "New game"; then keys q; break; fi
    sleep 0.1
    tries=$((tries - 1))
done
expect_restored 0 "q"
if cmp -s "$STATS" "$WORK/before-record"; then
    pass "the statistics are as they were"
else
    fail "changed by opening a record: $(cat "$STATS")"
fi

# ---------------------------------------------------------------------------
echo "# two people: counted apart, per board"
start_shell
run --size 3 --black human --white human
expect "3×3 k=3 freestyle" "a game between two people"
keys Enter Left Enter Up Enter Right Enter   # b2 a2 a3 b3
keys Right Down Down Enter                   # c1: a3 b2 c1
expect "Black wins" "Black wins"
if wait_stats '^people 3x3 3 freestyle none 1 0 0 0$'; then
    pass "a win for Black on 3×3"
else
    fail "the people's row: $(cat "$STATS")"
fi
quit "q after the game"
start_shell
run
open_stats
expect "Two people at one keyboard" "the people's table"
expect "1 game: 0 won, 1 lost, 0 drawn" "the computer's totals unchanged"
keys Escape
expect "Statistics" "Esc goes back to the menu"
quit "q in the menu"

# ---------------------------------------------------------------------------
echo "# a file not understood: set aside, said once"
printf 'mnk-stats 1\ncomputer club 5x5 4 freestyle 0 many 0 L 1 0\n' >"$STATS"
cp "$STATS" "$WORK/junk"
start_shell
run
open_stats
expect "statistics moved to stats.corrupt-" "the screen says where the file went"
expect "(line 2: " "and what was wrong"
expect "No games against the computer yet" "counting starts afresh"
aside=$(ls "$DATA" | grep '^stats\.corrupt-[0-9]\{8\}-[0-9]\{6\}$')
if [ -n "$aside" ] && cmp -s "$DATA/$aside" "$WORK/junk" && [ ! -e "$STATS" ]; then
    pass "renamed stats.corrupt-DATE with its content"
else
    fail "set aside: $(ls "$DATA")"
fi
keys Escape
expect "Statistics" "Esc goes back to the menu"
keys Enter                                   # Statistics is still highlighted
expect "mnk  statistics" "Statistics again"
if screen | grep -qF "not understood"; then fail "said twice"; else pass "said once"; fi
keys Escape
expect "Statistics" "Esc goes back to the menu"
quit "q in the menu"

echo "# ... and at the end of a game"
rm -f "$DATA"/stats*
printf 'mnk-stats 7x\n' >"$STATS"
club_game "a game against club"
keys R y
expect "White wins by resignation; statistics moved to stats.corrupt-" "the end of the game says so"
if wait_stats '^computer club 5x5 4 freestyle none 0 1 0 0 L 1 0$' &&
   [ "$(ls "$DATA" | grep -c '^stats\.corrupt-')" -eq 1 ]; then
    pass "the bad file set aside, the game counted afresh"
else
    fail "after the game: $(ls "$DATA"); $(cat "$STATS" 2>/dev/null)"
fi
quit "q after the game"

echo "# a resigned game is not taken back, nor kept for Resume"
club_game "another game against club"
keys R y
expect "White wins by resignation" "resigned"
if wait_stats '^computer club 5x5 4 freestyle none 0 2 0 0 L 2 0$'; then
    pass "the second loss is counted"
else
    fail "not counted: $(cat "$STATS" 2>/dev/null)"
fi
keys u
expect "the result stands (v reviews the game)" "u is refused"
quit "q after the game, not asked"
run                                          # the same shell
expect "New game" "the menu after the resigned game"
if screen | grep -q "Resume"; then
    fail "the resigned game is offered for Resume"
else
    pass "nothing to resume"
fi
quit "q in the menu"

# ---------------------------------------------------------------------------
echo "# on the clock: the person's flag falls against the computer"
start_shell
run --size 5 --win 4 --black human --white club --tc 2s
expect "Black lost on time" "Black's flag falls at two seconds"
if wait_stats '^computer club 5x5 4 freestyle 2s\+0s 0 1 0 1 L 1 0$' &&
   grep -q '^computer club 5x5 4 freestyle none 0 2 0 0 L 2 0$' "$STATS"; then
    pass "a row of its own, lost on time"
else
    fail "the timed row: $(cat "$STATS" 2>/dev/null)"
fi
quit "q after the flag"

echo "# ... and between two people, White's"
start_shell
run --size 7 --win 4 --black human --white human --tc 3s+1s
expect "both clocks low" "a game of three seconds a side"
keys Enter                                   # Black d4 at once
expect "White lost on time" "White's flag falls"
if wait_stats '^people 7x7 4 freestyle 3s\+1s 1 0 0 1$'; then
    pass "the people's row of the clock, won on time"
else
    fail "the people's timed row: $(cat "$STATS" 2>/dev/null)"
fi
quit "q after the flag"

echo "# the statistics show the clocks"
start_shell
run
open_stats
expect "3 games: 0 won, 3 lost, 0 drawn" "the totals count every clock"
expect "no clock  2 games: 0 won, 2 lost, 0 drawn" "the totals without a clock"
expect "2s+0s     1 game: 0 won, 1 lost (1 on time), 0 drawn" "the totals on the clock"
screen >"$WORK/stats-screen"
# row TEXT: the screen's first line holding TEXT, blanks squeezed.
row() { grep -m1 -F -- "$1" "$WORK/stats-screen" | tr -s ' '; }
case $(row "club") in
*"club 5×5 k=4 freestyle – 0 2 – 0 2 lost 0"*) pass "the row without a clock" ;;
*) fail "the untimed row: '$(row "club")'" ;;
esac
case $(grep -F "club" "$WORK/stats-screen" | sed -n 2p | tr -s ' ') in
*"club 5×5 k=4 freestyle 2s+0s 0 1 1 0 1 lost 0"*) pass "the row of its clock, 1 lost on time" ;;
*) fail "the timed row: '$(grep -F "club" "$WORK/stats-screen" | tr -s ' ')'" ;;
esac
case $(row "3s+1s") in
*"7×7 k=4 freestyle 3s+1s 1 1 0 1 0"*) pass "the people's row of its clock, 1 won on time" ;;
*) fail "the people's timed row: '$(row "3s+1s")'" ;;
esac
case $(row "Clock") in
*"Opponent Board Rule Clock Won Lost On time Drawn Streak Best"*) pass "the columns' names" ;;
*) fail "the head: '$(row "Clock")'" ;;
esac
if grep -q '…' "$WORK/stats-screen"; then
    fail "something is cut: $(cat "$WORK/stats-screen")"
else
    pass "nothing is cut at 80 columns"
fi
keys Escape
expect "Statistics" "Esc goes back to the menu"
quit "q in the menu"

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
