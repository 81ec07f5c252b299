#!/bin/sh
# editor.sh — end-to-end tests of the board editor. The form's Position
# row opens it; stones of both colours go on, the side to move follows
# them until t chooses it; Esc takes the position to the form, Start plays
# from it, with the side to move first. The game is kept with its set-up
# stones (AB, AW, PL) and resumes as it was. A five on the board is shown
# and refused; the help lists the editor's keys; Chinese says it too.
# Exits 77 (skipped) without tmux.
#
# usage: editor.sh PATH/TO/mnk
set -u

MNK=${1:?usage: editor.sh PATH/TO/mnk}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
GAMES=$STATE/mnk/games

# to_position: from the main menu, opens the form with both sides human
# and picks its Position row.
to_position() {
    keys Enter                                 # New game: the form
    wait_for "Position" || fail "no Position row in the form"
    keys Down Down Down Down Down Down         # White
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do keys Left; done
    keys Down Down Down                        # Opening, Clock, Position
}

# ---------------------------------------------------------------------------
echo "# a position set up, played from, kept and resumed"
start_shell
run
expect "New game" "the menu"
to_position
expect "empty board" "the Position row starts empty"
keys Enter
expect "set up a position" "Enter on Position opens the editor"
expect "0 stones" "the editor starts on an empty board"
# The cursor starts at h8: Black h8, White i8, Black j8, Black j9.
keys b Right w Right b Up Enter
expect "Black  3 stones" "b, w and Enter put stones of both colours"
expect "White  1 stone" "White's stone counted"
expect "White to move" "with a stone more, Black has moved: White to move"
keys t
expect "Black to move" "t chooses the side to move"
expect "(chosen with t)" "the choice is said"
keys t
expect "White to move" "t again: White"
keys ?
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 \
    31 32 33 34 35 36 37 38 39 40; do
    keys Down
done
expect "Keys in the board editor" "the help lists the editor's keys"
keys Escape
keys Escape
expect "4 stones, White to move" "Esc takes the position to the form"
expect "White moves first" "the form says who moves first"
keys Down Enter                                # Start
expect "White to play" "the game starts with White to move"
keys Down Enter                                # White h7
expect "1 move  last h7" "White's move is the first"
expect "Black to play" "then Black"
if wait_kept 'AB\[hh\]'; then
    pass "the kept game has its set-up stones"
else
    fail "kept: $(kept)"
fi
if kept | grep -q 'AW\[ih\]' && kept | grep -q 'PL\[W\]' && kept | grep -q ';W\[hi\]'; then
    pass "White's stone, White first, and White's move h7 are kept"
else
    fail "kept: $(kept)"
fi
quit "q in a game from a set-up position" y
run
expect "Resume" "the game is offered for Resume"
keys Enter
expect "1 move" "the list shows the game"
keys Enter
expect "last h7" "the game resumes after White's h7"
expect "▶ ● Black" "with Black to move"
keys u
expect "▶ ○ White" "undo goes back to the set-up position"
keys u
expect "nothing to undo" "the set-up stones are not moves"
quit "q in the resumed game" y

# ---------------------------------------------------------------------------
echo "# a five already on the board"
start_shell
run
to_position
keys Enter
keys b Right b Right b Right b Right b
expect "there is a winning line on the board already" "a five is shown as no position to play"
keys Escape
keys Down Enter
expect "there is a winning line on the board already" "Start refuses it in the form"
expect "New game" "and stays in the form"
keys Escape Escape
quit "q in the menu"

# ---------------------------------------------------------------------------
echo "# Chinese"
start_shell zh_CN.UTF-8
run --lang zh_CN
keys Enter
wait_for "局面" || fail "no Position row in Chinese"
keys Up Up Enter
expect "摆设局面" "the editor's title in Chinese"
expect "轮到黑方" "the side to move in Chinese"
keys q
expect_restored 0 "q in the editor quits"

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
