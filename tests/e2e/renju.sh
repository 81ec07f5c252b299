#!/bin/sh
# renju.sh — end-to-end test of renju and caro in the full-screen game at
# 80×24, two people at one keyboard. Renju: Black's stones make a double
# three point at h8, which the board marks (× in the terminal's characters,
# # in plain ASCII) and the status line explains; a move
# there is refused with its reason and changes nothing (no stone, no turn,
# the kept record the same); the game saved by hand says RU[renju], and
# resumed from the menu it shows the mark again; t hides it. All of it once
# more under NO_COLOR=1, and in ASCII (the C locale). A White move that
# leaves the computer's Black no legal move draws the game, with no forfeit
# and no hint. Caro: a five blocked at both ends does not end the
# game, an open one wins, and the statistics count it under caro. Every text cut to fit is logged (MNK_CUT_LOG) and
# must not be. Exits 77 (skipped) without tmux.
#
# usage: renju.sh PATH/TO/mnk
set -u

MNK=${1:?usage: renju.sh PATH/TO/mnk}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
GAMES=$STATE/mnk/games
CUTS=$WORK/cuts

# The cursor of a new 15×15 game is on h8; `to CELL` moves it from where
# the last `to` left it to CELL (column letter, row number) and places a
# stone there with Enter.
CX=7
CY=7
to() {
    x=$(printf '%s' "$1" | cut -c1)
    x=$(($(printf '%d' "'$x") - 97))
    y=$((15 - $(printf '%s' "$1" | cut -c2-)))
    while [ "$CX" -lt "$x" ]; do keys Right; CX=$((CX + 1)); done
    while [ "$CX" -gt "$x" ]; do keys Left; CX=$((CX - 1)); done
    while [ "$CY" -lt "$y" ]; do keys Down; CY=$((CY + 1)); done
    while [ "$CY" -gt "$y" ]; do keys Up; CY=$((CY - 1)); done
    keys Enter
}

# play CELL...: places the stones in turn.
play() {
    for cell in "$@"; do to "$cell"; done
}

# kept: the game kept for Resume (one at a time here).
kept() { cat "$GAMES"/*.sgf 2>/dev/null; }

# row8 MARK: row 8 of the board shows g8's black stone, then MARK on h8
# (after the grid's line: ─, or q where tmux shows the terminal's line
# drawing in the C locale).
row8() {
    screen | grep -qE "^ +8 .*(●─|Xq)[$1]"
}

# renju_part NAME LOCALE: the whole renju check in LOCALE (C.UTF-8, or C
# for ASCII), under RUN_ENV as it is.
renju_part() {
    echo "# renju ($1): the double three at h8"
    if [ "$2" = C ]; then
        X='#' TIMES=x DOT=: TURN=">" BLACK=X
    else
        X=× TIMES=× DOT=∙ TURN=▶ BLACK=●
    fi
    start_shell "$2"
    CX=7
    CY=7
    run --rule renju
    expect "15${TIMES}15 k=5 renju" "$1: a renju game between two people"
    # Black f8 g8 h10 h9 (open threes through h8 both ways), White far off.
    play f8 c3 g8 d3 h10 e2 h9 m13
    expect "8 moves  last m13" "$1: eight stones"
    expect "$X forbidden to Black" "$1: the status line says what the mark means"
    if row8 "$X"; then pass "$1: h8 is marked"; else fail "$1: no $X on h8"; fi
    before=$(kept)
    case $before in
    *'RU[renju]'*) pass "$1: the kept game is renju" ;;
    *) fail "$1: the kept game: $before" ;;
    esac

    to h8
    expect "h8 is forbidden to Black: double three" "$1: the move is refused with its reason"
    expect "8 moves  last m13" "$1: no stone added"
    expect "$TURN $BLACK Black human" "$1: still Black's turn"
    if row8 "$X"; then pass "$1: h8 still empty and marked"; else fail "$1: h8 changed"; fi
    sleep 0.3
    if [ "$(kept)" = "$before" ]; then
        pass "$1: the kept game is untouched"
    else
        fail "$1: the kept game changed: $(kept)"
    fi

    keys t
    expect "threat marks off; t shows them" "$1: t hides the marks"
    if row8 "$X" || screen | grep -qF "forbidden to Black"; then
        fail "$1: the mark or its legend still shows"
    else
        pass "$1: no mark, no legend"
    fi
    keys t
    expect "marks on: ! five, * open four, + four, $DOT open three, $X forbidden to Black" \
        "$1: t shows them again, and says what $X is"

    keys s C-u
    keys -l "$WORK/renju-$1.sgf"
    keys Enter
    expect "saved to $WORK/renju-$1.sgf" "$1: saved by hand"
    if grep -q 'RU\[renju\]' "$WORK/renju-$1.sgf"; then
        pass "$1: the record says RU[renju]"
    else
        fail "$1: the record: $(cat "$WORK/renju-$1.sgf")"
    fi
    keys q
    expect "Quit" "$1: q asks before leaving a game in progress"
    keys y
    expect_restored 0 "$1: quitting the renju game"

    run
    expect "Resume" "$1: the menu offers the game again"
    keys Enter
    expect "15${TIMES}15 k=5 renju" "$1: the list names the rule"
    keys Enter
    expect "8 moves  last m13" "$1: resumed at its last move"
    if row8 "$X"; then pass "$1: resumed, h8 is marked again"; else fail "$1: resumed, no $X on h8"; fi
    keys q y
    expect_restored 0 "$1: quitting the resumed game"
}

RUN_ENV="MNK_CUT_LOG=$CUTS"
renju_part colour C.UTF-8
RUN_ENV="MNK_CUT_LOG=$CUTS NO_COLOR=1"
renju_part no-colour C.UTF-8
renju_part ascii C
RUN_ENV="MNK_CUT_LOG=$CUTS"

# ---------------------------------------------------------------------------
echo "# renju: White's move leaves the computer's Black no legal move"
# tests/unit/boards.h's BOARDS_RENJU_STUCK without White's last move, g3:
# after it, both empty cells (d1, d2) are overlines for Black. The game is a
# draw there; the computer is never asked (it used to answer d2 and forfeit),
# and a hint has nothing to say.
cat > "$WORK/stuck.sgf" <<'SGF'
(;FF[4]GM[4]SZ[7:6]RU[renju]WIN[5]
;B[ca];W[aa];B[ea];W[ba];B[fa];W[da];B[ab];W[ga];B[eb];W[bb];B[ac];W[cb];B[ec]
;W[db];B[cd];W[fb];B[ae];W[gb];B[be];W[bc];B[ce];W[cc];B[fe];W[dc];B[ee];W[fc]
;B[ge];W[gc];B[af];W[ad];B[bf];W[bd];B[cf];W[dd];B[ef];W[ed];B[ff];W[fd];B[gf])
SGF
start_shell
run --black search --white human "$WORK/stuck.sgf"
expect "39 moves  last g1" "the record opens at its last move, White to play"
keys Up Up Enter                             # from g1 to g3
expect "draw: Black has no legal move" "g3 ends the game as a draw, and says why"
if screen | grep -qE "forfeit|could not move"; then
    fail "Black forfeited: $(screen | grep -E 'forfeit|could not move')"
else
    pass "no forfeit"
fi
keys H
expect "the game is over: no hint" "H in that position: nothing to suggest"
quit "quitting the drawn game"

# ---------------------------------------------------------------------------
echo "# caro: a five blocked at both ends goes on, an open five wins"
start_shell
CX=7
CY=7
run --rule caro
expect "15×15 k=5 caro" "a caro game between two people"
# Black d8..h8 between White's c8 and i8, White's other stones on row 15.
play d8 c8 e8 i8 f8 a15 g8 c15 h8
expect "9 moves  last h8" "Black's five, blocked at both ends"
expect "▶ ○ White human" "the game goes on: White's turn"
if screen | grep -qF "wins"; then fail "a blocked five won"; else pass "no win"; fi
play e15 d6 g15 e6 i15 f6 k15 g6 m15 h6
expect "Black wins" "an open five wins"
expect "line d6" "the winning line is named"
keys q
expect_restored 0 "quitting the caro game"
# Counted for two people under its own rule, and shown so.
if grep -q '^people 15x15 5 caro none 1 0 0 0$' "$WORK/.local/share/mnk/stats" 2>/dev/null; then
    pass "the statistics count the game under caro"
else
    fail "the statistics: $(cat "$WORK/.local/share/mnk/stats" 2>&1)"
fi
run
expect "New game" "the menu"
keys Down Down Enter                         # Load, then Statistics
expect "Two people at one keyboard" "the people's table"
if screen | grep -qE '15×15 k=5 +caro +(–|-) +1 '; then
    pass "its row names the rule"
else
    fail "no caro row in the people's table"
fi
keys Escape q
expect_restored 0 "quitting from the menu"

if [ -s "$CUTS" ]; then
    fail "texts were cut to fit at 80x24: $(head -n 5 "$CUTS")"
else
    pass "no text cut at 80x24"
fi

echo "$CHECKS checks passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
