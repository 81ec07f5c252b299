#!/bin/sh
# draw.sh — end-to-end tests of draw offers. Between two people, = asks
# the other: no declines and play goes on, yes ends the game "Draw
# agreed", which undo does not take back, a saved record says RE[0] and
# opens as agreed, and the statistics count a draw. Against the computer
# in a position it has won, the offer is declined on the status line. On
# tic-tac-toe the computer, its draw proven, offers one, and = accepts it.
# Exits 77 (skipped) without tmux.
#
# usage: draw.sh PATH/TO/mnk
set -u

MNK=${1:?usage: draw.sh PATH/TO/mnk}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
STATS=$WORK/.local/share/mnk/stats   # HOME is $WORK and XDG_DATA_HOME unset

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

# ---------------------------------------------------------------------------
echo "# two people: the other is asked"
start_shell
run --size 7 --win 4 --black human --white human
expect "7×7 k=4 freestyle" "a game between two people"
keys Enter Left Enter                        # Black d4, White c4
expect "1. d4   c4" "two moves on the board"
keys =
expect "Black offers a draw. White, do you accept?" "= asks White"
keys n
expect "White declines the draw" "n declines"
keys Right Right Enter                       # Black e4: play goes on
expect "3 moves  last e4" "the game goes on after a no"
keys =
expect "White offers a draw. Black, do you accept?" "= asks Black, now White offers"
keys y
expect "Draw agreed" "y agrees to the draw"
if wait_stats '^people 7x7 4 freestyle none 0 0 1 0$'; then
    pass "the statistics count a draw"
else
    fail "the people's row: $(cat "$STATS" 2>/dev/null)"
fi
keys u
expect "Draw agreed: the result stands" "undo does not take the agreement back"
keys s C-u
keys -l "$WORK/agreed.sgf"
keys Enter
expect "saved to $WORK/agreed.sgf" "the agreed game is saved"
if grep -q 'RE\[0\]' "$WORK/agreed.sgf" && grep -q ';B\[dd\];W\[cd\];B\[ed\])' "$WORK/agreed.sgf"; then
    pass "the record says a draw after the three moves"
else
    fail "agreed.sgf: $(cat "$WORK/agreed.sgf" 2>&1)"
fi
quit "q after the agreed draw"

echo "# the record opens as agreed"
start_shell
run "$WORK/agreed.sgf"
expect "Draw agreed" "the saved game opens drawn by agreement"
keys q
expect "New game" "q goes to the menu from a record opened"
quit "q in the menu"

# ---------------------------------------------------------------------------
echo "# the computer declines in a position it has won"
# White's open four f10-i10 against Black's scattered h8, h6, a1 and a3;
# Black, the person, to move.
printf '(;FF[4]GM[4]SZ[15]PB[human]PW[club];B[hh];W[ff];B[hj];W[gf];B[ao];W[hf];B[am];W[if])\n' \
    >"$WORK/won.sgf"
start_shell
run "$WORK/won.sgf"
expect "White computer, club" "a game against club, White's four open"
keys =
expect "the computer declines the draw: it sees a win" "the computer declines, and says why"
keys q
expect "Quit? The game is kept for Resume." "the game goes on: quitting asks"
keys y
expect_restored 0 "q, y after the offer"

# ---------------------------------------------------------------------------
echo "# tic-tac-toe: the computer offers the draw it proved"
start_shell
run --size 3 --black human --white club
expect "3×3 k=3 freestyle" "tic-tac-toe against club"
keys Enter                                   # Black b2
expect "White offers a draw: = accepts, a move plays on" "the computer offers a draw"
keys =
expect "Draw agreed" "= accepts it"
if wait_stats '^computer club 3x3 3 freestyle none 0 0 1 0 '; then
    pass "the statistics count the draw against club"
else
    fail "the club row: $(cat "$STATS" 2>/dev/null)"
fi
quit "q after the agreed draw"

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
