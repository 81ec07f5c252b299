#!/bin/sh
# puzzles.sh — end-to-end tests of the Puzzles screen at 80×24: the main
# menu's Puzzles opens it on the easiest freestyle puzzle with its task in
# words; H marks the area, then the move; the solution's moves, played with
# the keys, are answered from the proof until "Solved", and the solution
# then plays through; a wrong move is refuted on the board and taken back;
# s shows the solution; Tab goes to the renju puzzles, whose forbidden
# cells are marked and refused; Esc goes back to the menu. From your
# games is empty at first and says how to fill it; the review's analysis
# (a) of a game the person lost after missing a win by fours says it added
# that position, and Tab finds it there, with the game it came from, to be
# solved; `mnk analyze` of the record adds it once (not again, not with
# --no-puzzles) and says so. Then in Chinese and without colour (three
# puzzles solved, the replies said in Chinese). The
# player's rating: a new player's at first, each puzzle's visit counted
# once in $XDG_DATA_HOME/mnk/puzzles-rating (a hint, a wrong move, giving
# up are losses; a clean solve a win), N the puzzle nearest the rating;
# the statistics screen's puzzle section; a corrupt record set aside and
# said. No line of the screen is cut to fit 80×24 (mnk logs
# each text it cuts to MNK_CUT_LOG). The answers are read from `mnk puzzle
# show`, so the test follows the collection as it is. Exits 77 (skipped)
# without tmux.
#
# usage: puzzles.sh PATH/TO/mnk
set -u

MNK=${1:?usage: puzzles.sh PATH/TO/mnk}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
CUTS=$WORK/cuts
RECORD=$WORK/.local/share/mnk/puzzles-rating

# expect_re REGEX WHAT: like expect, for an extended regular expression.
expect_re() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        screen | grep -qE -- "$1" && { pass "$2"; return; }
        sleep 0.1
        tries=$((tries - 1))
    done
    fail "$2 (no /$1/ on screen)"
}

# record_has TEXT WHAT: the puzzle record holds the line TEXT.
record_has() {
    if grep -qx "$1" "$RECORD" 2>/dev/null; then
        pass "$2"
    else
        fail "$2: no '$1' in $(cat "$RECORD" 2>&1)"
    fi
}

# no_cuts WHAT: nothing was cut to fit since the last check.
no_cuts() {
    if [ -s "$CUTS" ]; then
        fail "$1: cut to fit: $(cat "$CUTS")"
    else
        pass "$1: every line fits"
    fi
    rm -f "$CUTS"
}

# The cursor, in board columns and rows from the top, and the board's size.
CX=7
CY=7
SIZE=15

# The id of the puzzle on view (the panel's first line).
puzzle_id() { screen | grep -o '[a-z]*-[0-9][0-9][0-9][0-9]' | head -1; }

# The player's moves of the solution of puzzle $1, one a line.
player_moves() {
    "$MNK" puzzle show "$1" | sed -n 's/^Solution: //p' | tr ' ' '\n' |
        grep -E '^[a-z][0-9]+$'
}

# The other side's replies, in order, one a line.
replies() {
    "$MNK" puzzle show "$1" | sed -n 's/^Solution: //p' | tr ' ' '\n' |
        sed -n 's/^(\([a-z][0-9]*\))$/\1/p'
}

# goto CELL: moves the cursor from (CX, CY) to CELL with the arrow keys.
goto() {
    col=$(printf '%s' "$1" | cut -c1)
    row=$(printf '%s' "$1" | cut -c2-)
    x=$(($(printf '%d' "'$col") - 97))
    y=$((SIZE - row))
    while [ "$CX" -lt "$x" ]; do keys Right; CX=$((CX + 1)); done
    while [ "$CX" -gt "$x" ]; do keys Left; CX=$((CX - 1)); done
    while [ "$CY" -lt "$y" ]; do keys Down; CY=$((CY + 1)); done
    while [ "$CY" -gt "$y" ]; do keys Up; CY=$((CY - 1)); done
}

# at CELL: the cursor is now on CELL (a reply moves it there).
at() {
    col=$(printf '%s' "$1" | cut -c1)
    row=$(printf '%s' "$1" | cut -c2-)
    CX=$(($(printf '%d' "'$col") - 97))
    CY=$((SIZE - row))
}

# solve ID: plays the solution of puzzle ID from where the cursor is, each
# reply awaited and the cursor following it.
solve() {
    moves=$(player_moves "$1")
    answers=$(replies "$1")
    n=0
    for m in $moves; do
        n=$((n + 1))
        goto "$m"
        keys Enter
        r=$(printf '%s\n' "$answers" | sed -n "${n}p")
        if [ -n "$r" ]; then
            wait_for "${ANSWERS:-answers} $r" || fail "no answer $r to $m"
            at "$r"
        fi
    done
}

# ---------------------------------------------------------------------------
echo "# the menu opens the puzzles; hints; a puzzle solved"
start_shell
RUN_ENV="MNK_CUT_LOG=$CUTS" run
expect "Puzzles" "the main menu offers Puzzles"
keys Down Down Down Enter                   # Load, Statistics, Puzzles
expect "mnk  puzzles  freestyle 1/" "Puzzles opens on the first freestyle puzzle"
if screen | grep -qE "to play and win|the only move that"; then
    pass "the task is said in words"
else
    fail "no task in words"
fi
expect "difficulty" "its measured difficulty is shown"
expect "your rating 1500 +/- 350" "a new player's rating is shown"
expect "puzzle's rating" "and the puzzle's"
id=$(puzzle_id)
[ -n "$id" ] && pass "the panel names the puzzle ($id)" || fail "no puzzle id shown"
keys H
expect "the answer is in the marked area" "H marks the area"
keys H
expect "the answer is the marked cell" "H again marks the move"
expect "hints 2" "the hints are counted"
expect_re "your rating [0-9]+ \\(-[0-9]+\\)" "a hint counts as a loss, its change shown"
record_has "counts 0 1 0 0" "the hint's loss is in the record, once"
solve "$id"
expect "Solved" "the solution's moves solve it, each answered from the proof"
expect "solved" "the panel says it is solved"
keys Enter                                  # the rest of the play-through at once
sleep 0.3

echo "# a wrong move refuted and taken back; the solution shown"
keys n
expect "freestyle 2/" "n: the next puzzle"
CX=7
CY=7
id=$(puzzle_id)
first=$(player_moves "$id" | head -1)
# A wrong move: the first empty corner that is not the answer.
for c in a1 o1 a15 o15 b2 n2; do
    [ "$c" != "$first" ] || continue
    goto "$c"
    keys Enter
    if wait_for "is not it"; then
        break
    fi
done
expect "is not it" "a wrong move is said to be wrong"
expect "mistakes 1" "and counted"
keys Enter
expect "your move again" "Enter takes it back"
solve "$id"
expect "Solved, with help on the way" "then solved, the mistake said"
keys Enter
sleep 0.3
record_has "counts 0 2 0 0" "the wrong move counted as one loss, the solve after it not"
keys n
expect "freestyle 3/" "n: the next puzzle"
keys s
expect "the solution plays through" "s shows the solution"
expect "given up" "the panel says it was given up"
sleep 1
keys r s
sleep 0.3
record_has "counts 0 3 0 0" "giving up is a loss, counted once per visit"
[ "$(grep -c '^attempt ' "$RECORD")" -eq 3 ] && pass "three attempts in the history" ||
    fail "the history: $(cat "$RECORD")"

echo "# N: the puzzle nearest the rating, solved cleanly"
keys N
sleep 0.3
if screen | grep -q "freestyle 3/"; then
    fail "N stayed on the puzzle on view"
else
    pass "N goes to another puzzle"
fi
CX=7
CY=7
id=$(puzzle_id)
solve "$id"
expect "Solved! The solution" "solved without help"
expect_re "your rating [0-9]+ \\(\\+[0-9]+\\)" "a clean solve raises the rating"
record_has "counts 1 3 1 1" "the win and the streak are in the record"
keys Enter
sleep 0.3

echo "# renju: the forbidden cells marked and refused"
keys Tab
expect "mnk  puzzles  renju 1/" "Tab goes to the renju puzzles"
CX=7
CY=7
# A row of the grid with a forbidden cell (the title's 15×15 is no cell).
forbidden_row() { screen | grep -E '^ *[0-9]+ .*×' | head -1; }
tries=120
while [ -z "$(forbidden_row)" ] && [ "$tries" -gt 0 ]; do
    keys n
    sleep 0.1
    tries=$((tries - 1))
done
if [ -n "$(forbidden_row)" ]; then
    pass "a renju puzzle marks Black's forbidden cells"
    # The marked cell: its row's number, its column's letter from the
    # letters line above the grid.
    text=$(forbidden_row)
    pre=${text%%×*}
    colpos=$(printf '%s' "$pre" | LC_ALL=C.UTF-8 wc -m)
    letters=$(screen | grep -E '^ +a b c' | head -1)
    col=$(printf '%s' "$letters" | cut -c$((colpos + 1)))
    row=$(printf '%s' "$text" | awk '{print $1}')
    CX=7
    CY=7
    goto "$col$row"
    keys Enter
    expect "forbidden to Black" "a forbidden cell is refused, with the reason"
else
    fail "no renju puzzle with a forbidden cell marked"
fi
keys Escape
expect "Puzzles" "Esc goes back to the menu"
no_cuts "the puzzles in English"
quit "q from the menu"

echo "# the statistics screen shows the puzzle record"
start_shell
RUN_ENV="MNK_CUT_LOG=$CUTS" run
expect "Puzzles" "the main menu again"
keys Down Down Enter                        # Load, Statistics
expect_re "Rating [0-9]+ \\+/- [0-9]+: 1 solved, 3 failed" "the rating and the counts"
expect "Current streak: 1 solved   Best streak: 1 solved" "the streaks"
expect "Last attempts:" "the last attempts"
expect_re "[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{5}  $id  solved" "the newest first, with the puzzle"
no_cuts "the statistics' puzzles"
keys Escape
quit "q from the menu after the statistics"

echo "# a corrupt record: set aside and said"
printf 'mnk-puzzles 1\nnonsense\n' > "$RECORD"
start_shell
RUN_ENV="MNK_CUT_LOG=$CUTS" run
expect "Puzzles" "the main menu again"
keys Down Down Down Enter
expect "puzzle record moved to puzzles-rating.corrupt-" "the corrupt record is said"
if ls "$RECORD".corrupt-* >/dev/null 2>&1; then
    pass "and set aside beside it, not deleted"
else
    fail "no $RECORD.corrupt-*"
fi
expect "your rating 1500 +/- 350" "the rating starts afresh"
keys H
sleep 0.3
if screen | grep -q "puzzle record moved"; then
    fail "the note is said again"
else
    pass "the note is said once"
fi
record_has "counts 0 1 0 0" "counting starts afresh"
no_cuts "the corrupt record's note"
keys Escape
quit "q from the menu after the corrupt record"

# ---------------------------------------------------------------------------
echo "# From your games: empty, then a win missed in a game analysed"
YOURS=$WORK/.local/share/mnk/puzzles/yours.sgf
start_shell
RUN_ENV="MNK_CUT_LOG=$CUTS" run
expect "Puzzles" "the main menu offers Puzzles"
keys Down Down Down Enter
expect "mnk  puzzles  freestyle 1/" "the puzzles open"
keys Tab Tab Tab
expect "From your games" "Tab thrice: the player's own collection"
expect "Analyse a game in review (a) to make puzzles from it" "empty, it says how to fill it"
keys Tab
expect "mnk  puzzles  freestyle" "Tab goes round to freestyle"
keys Escape
quit "q from the menu"
# Black, a person, had a win by fours (j10 first), played a1 and resigned
# to club, White.
cat >"$WORK/missed.sgf" <<'EOF'
(;FF[4]GM[4]SZ[15]RU[freestyle]WIN[5]PB[human]PW[club]DT[2026-12-02]RE[W+R]
AB[dd][gf][hg][jh][lh][ii][ji][ki][mi][ij][jj][hk][gl]
AW[ee][ff][hf][gg][hh][ih][kh][hi][li][hj][ik][jk][fm]
PL[B];B[ao];W[jf])
EOF
start_shell
RUN_ENV="MNK_CUT_LOG=$CUTS" run "$WORK/missed.sgf"
expect "review" "the game lost opens in review"
keys a
expect "1 puzzle added to From your games" "the review's analysis adds the win missed"
yid=$("$MNK" puzzle list "$YOURS" | awk 'NR == 1 { print $1 }')
case $yid in
y-*) pass "the collection holds it ($yid)" ;;
*) fail "no puzzle y-... in $YOURS" ;;
esac
keys q
expect "Puzzles" "q goes to the menu"
keys Down Down Down Enter
expect "mnk  puzzles  freestyle 1/" "the puzzles open"
keys Tab Tab Tab
expect "From your games 1/1" "the missed win is in From your games"
expect "from your game vs club," "the panel names the game it came from"
expect "before 1." "and the move"
expect "Black to play and win" "its task is said"
CX=7
CY=7
solution=$("$MNK" puzzle show --file "$YOURS" "$yid" | sed -n 's/^Solution: //p' | tr ' ' '\n')
moves=$(printf '%s\n' "$solution" | grep -E '^[a-z][0-9]+$')
answers=$(printf '%s\n' "$solution" | sed -n 's/^(\([a-z][0-9]*\))$/\1/p')
first=$(printf '%s\n' "$moves" | head -1)
[ "$first" = j10 ] && pass "its first move is the win missed, j10" ||
    fail "its first move is $first, not j10"
n=0
for m in $moves; do
    n=$((n + 1))
    goto "$m"
    keys Enter
    r=$(printf '%s\n' "$answers" | sed -n "${n}p")
    if [ -n "$r" ]; then
        wait_for "answers $r" || fail "no answer $r to $m"
        at "$r"
    fi
done
expect "Solved" "the player finds the win they missed"
keys Escape
no_cuts "From your games"
quit "q from the menu"

# mnk analyze, by node budget (the same judgement every run).
analyze() {
    env -u XDG_DATA_HOME HOME="$WORK" "$MNK" analyze --nodes 20000 "$@" "$WORK/missed.sgf" \
        >/dev/null 2>"$WORK/analyze.err"
}
analyze
if grep -q "puzzle added" "$WORK/analyze.err"; then
    fail "mnk analyze added the game's puzzle again"
else
    pass "mnk analyze of the same game adds nothing new"
fi
rm -f "$YOURS"
analyze --no-puzzles
[ ! -e "$YOURS" ] && pass "--no-puzzles adds none" || fail "--no-puzzles made $YOURS"
analyze
if grep -q "1 puzzle added to From your games" "$WORK/analyze.err"; then
    pass "mnk analyze says it added the missed win"
else
    fail "mnk analyze added no puzzle: $(cat "$WORK/analyze.err")"
fi
[ "$("$MNK" puzzle list "$YOURS" | awk '{ print $1 }')" = "$yid" ] &&
    pass "the same puzzle, once" || fail "not the puzzle $yid alone: $("$MNK" puzzle list "$YOURS")"

# ---------------------------------------------------------------------------
echo "# imported puzzles: a collection of their own, after From your games"
ids=$("$MNK" puzzle list --rule renju --kind vcf | awk 'NR <= 2 { print $1 }' | tr '\n' ' ')
# shellcheck disable=SC2086
"$MNK" puzzle export $ids --output "$WORK/two.sgf" 2>/dev/null
if env -u XDG_DATA_HOME HOME="$WORK" "$MNK" puzzle import "$WORK/two.sgf" >"$WORK/import.out"; then
    pass "two puzzles imported"
else
    fail "the import failed: $(cat "$WORK/import.out")"
fi
start_shell
RUN_ENV="MNK_CUT_LOG=$CUTS" run
expect "Puzzles" "the menu"
keys Down Down Down Enter
expect "mnk  puzzles  freestyle" "the Puzzles screen"
keys Tab Tab Tab Tab
if wait_for "imported 1/2"; then pass "Tab reaches the imported puzzles"; else
    fail "no imported collection"; fi
first=$(echo "$ids" | awk '{ print $1 }')
if screen | grep -qF "$first"; then pass "the imported puzzle is on view"; else
    fail "not the imported puzzle $first"; fi
keys Tab
expect "mnk  puzzles  freestyle" "Tab goes round to the first collection"
keys Escape
quit "q after the imported puzzles"

# ---------------------------------------------------------------------------
echo "# in Chinese, without colour"
start_shell
RUN_ENV="NO_COLOR=1 MNK_CUT_LOG=$CUTS" run --lang zh_CN
expect "题目" "the Chinese menu offers Puzzles"
keys Down Down Down Enter
expect "mnk  题目" "the screen opens in Chinese"
if screen | grep -qE "黑先|白先|黑方：|白方："; then
    pass "the task is said in Chinese"
else
    fail "no Chinese task"
fi
# Three puzzles solved in Chinese, each reply said in Chinese ("白应 h9").
ANSWERS=应
for k in 1 2 3; do
    CX=7
    CY=7
    id=$(puzzle_id)
    solve "$id"
    expect "解出来了！" "puzzle $k ($id) solved in Chinese"
    keys Enter
    sleep 0.3
    keys n
    expect "自由 $((k + 1))/" "n: the next one"
done
ANSWERS=
keys H
expect "答案在标出的区域内" "the hint in Chinese, without colour"
keys n n s Enter Tab H
sleep 0.5
keys Escape
expect "题目" "Esc goes back to the menu"
no_cuts "the puzzles in Chinese"
quit "q from the Chinese menu"

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
