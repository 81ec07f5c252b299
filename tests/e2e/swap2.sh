#!/bin/sh
# swap2.sh — end-to-end test of the swap2 opening in the full-screen game at
# 80×24: a person places the three opening stones and sees the computer's
# choice; then a person is the second player, chooses to place two more,
# and sees the computer choose its colour. Every text cut to fit is logged
# (MNK_CUT_LOG) and must not be. Exits 77 (skipped) without tmux.
#
# usage: swap2.sh PATH/TO/mnk
set -u

MNK=${1:?usage: swap2.sh PATH/TO/mnk}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
CUTS=$WORK/cuts
RUN_ENV="MNK_CUT_LOG=$CUTS"

# ---------------------------------------------------------------------------
echo "# swap2: the person proposes, the computer chooses"
start_shell
run --opening swap2 --black human --white club --seed 7
expect "Black places the 3 opening stones: 1 of 3, a black one" "the status says whose step it is"
keys Enter                                   # h8, Black
expect "2 of 3, a white one" "the second opening stone is White's, placed by Black"
keys Right Enter                             # i8, White
expect "3 of 3, a black one" "the third is Black's again"
keys Up Enter                                # i9, Black: the computer chooses
if wait_for "the computer took" || wait_for "the computer placed two more"; then
    pass "the computer answers the three stones with its choice"
else
    fail "no word of the computer's choice"
fi
if screen | grep -qF "the computer placed two more"; then
    expect "The opening: your choice" "after two more stones, the person is asked to choose"
    keys b
    expect "you play Black" "b takes Black"
    expect "Black  human" "the panel shows the person as Black"
fi
keys q
expect "Quit" "q asks before leaving a game in progress"
keys y
expect_restored 0 "quitting the first game"

# ---------------------------------------------------------------------------
echo "# swap2: the computer proposes, the person places two more, the computer picks"
start_shell
run --opening swap2 --black club --white human --seed 7
expect "The opening: your choice" "the computer's three stones, then the person's choice"
expect "b  play Black (White moves" "the choice names the keys, beside the board"
expect "2  place two more stones," "swap2 offers two more stones"
# The choice is about the stones: all three stay in sight on the grid.
grid=$(screen | grep -oE '^ +[0-9]+ [^0-9]+ [0-9]+')
blacks=$(printf '%s' "$grid" | grep -o '●' | wc -l)
whites=$(printf '%s' "$grid" | grep -o '○' | wc -l)
if [ "$blacks" -eq 2 ] && [ "$whites" -eq 1 ]; then
    pass "the three opening stones show while the choice is asked"
else
    fail "the grid shows $blacks black and $whites white stones during the choice"
fi
keys Enter
expect "first choose: b plays Black, w plays White" "a stone is refused until the choice is made"
keys 2
expect "place two more stones, a white one, then a black one" "2 asks for White's stone, then Black's"
# Two empty cells far from the centre.
keys Left Left Left Left Left Enter
expect "White places 2 more stones: 2 of 2, a black one" "then Black's"
keys Up Up Up Up Enter
if wait_for "you play White" || wait_for "you play Black"; then
    pass "the computer takes a colour and says so"
else
    fail "no word of the computer's colour"
fi
keys u
expect "took back" "undo goes back through the computer's choice"
expect "4 moves" "back to the person's last stone"
expect "▶ ○ White human" "the person, second player, sits as White again"
keys q y
expect_restored 0 "quitting the second game"

if [ -s "$CUTS" ]; then
    fail "texts were cut to fit at 80x24: $(head -n 5 "$CUTS")"
else
    pass "no text cut at 80x24"
fi

# ---------------------------------------------------------------------------
echo "# the form's Opening row says each rule whole"
start_shell
run
expect "New game" "the menu"
keys Enter
expect "Opening" "the new-game form"
keys Down Down Down Down Down Down Down
expect "Black moves first." "no opening: Black moves first"
keys Right
expect "Black places 3, White picks" "swap's note"
expect "Black places 3 stones (black, white, black), then White picks a colour." "swap's rule under the form"
keys Right
expect "Black places 3, White picks or adds 2" "swap2's note, a whole sentence"
expect "Black places 3; White picks a colour, or places 2 more and Black picks." "swap2's rule under the form"
if screen | grep -q "Black moves first"; then
    fail "the form still says Black moves first under swap2"
else
    pass "nothing says Black moves first under swap2"
fi
keys Escape q
expect_restored 0 "leaving the form"

# ---------------------------------------------------------------------------
echo "# swap2 without room for a panel: the key line offers the choice"
start_shell
T resize-window -t e2e -x 60 -y 24
run --size 19 --opening swap2 --black club --white human --seed 7
expect "b play Black  w play White  2 two more" "the key line names the choice"
grid=$(screen | grep -oE '^ +[0-9]+ [^0-9]+ [0-9]+')
if [ "$(printf '%s' "$grid" | grep -o '[●○]' | wc -l)" -eq 3 ]; then
    pass "and the three stones show"
else
    fail "the stones are hidden during the choice"
fi
keys w
expect "you play White" "w takes White"
keys q y
expect_restored 0 "quitting the narrow game"

echo "$CHECKS checks passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
