#!/usr/bin/env bash
# mouse.sh — the mouse in a real terminal emulator: mnk runs in xterm on a
# private virtual X server (Xvfb), and xdotool moves the pointer, presses
# and releases its button as a player's hand does, so that the reports are
# xterm's own, split over reads as they come (tmux's send-keys, in the other
# tests, hands a report over whole). The checks: a click held for 80 ms is
# answered by the computer with no other input; so is a short one; an
# analysis goes on after a held click on a move; the board takes clicks as
# far out on its right as on its left; a menu entry, a form's row, arrow
# and Start, the review's Continue panel, a puzzle's answer and a dialog's
# buttons take clicks; a click on nothing does not blank the title bar.
#
# The screen is read through xterm's print-immediate action, bound to F12:
# xterm writes its screen (with each character's colours) to a file, and
# the program in it receives nothing. Every wait polls, with time to spare
# on a slow machine.
#
# usage: mouse.sh PATH/TO/mnk
# Exits 77 (skipped) without Xvfb, xterm or xdotool (Debian: xvfb, xterm,
# xdotool); 0 when all checks pass, 1 otherwise.
set -u

MNK=${1:?usage: mouse.sh PATH/TO/mnk}
for tool in Xvfb xterm xdotool; do
    command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
# Columns are counted in characters, not bytes (${#text}).
export LC_ALL=C.UTF-8

WORK=$(mktemp -d)
CHECKS=0
FAILED=0
XVFB_PID=
TERM_PID=
cleanup() {
    [ -n "$TERM_PID" ] && kill "$TERM_PID" 2>/dev/null
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

pass() {
    CHECKS=$((CHECKS + 1))
    echo "ok: $*"
}

fail() {
    echo "FAIL: $*"
    echo "---- screen ----"
    screen
    echo "----------------"
    FAILED=$((FAILED + 1))
}

# Seconds to wait for what should come at once: the machine may be slow
# and shared.
PATIENCE=20

# --- the X server ---------------------------------------------------------

# Xvfb picks a free display itself (-displayfd) and says which: no guessing
# at numbers another test or user may hold. -noreset: by default it starts
# over when its last client leaves, and refuses the next meanwhile. Its
# built-in fonts only (`fixed`, 6×13): the same on every machine, whatever
# font packages it has.
Xvfb -displayfd 3 -screen 0 800x600x24 -nolisten tcp -noreset -fp built-ins \
    3>"$WORK/display" >"$WORK/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq $((PATIENCE * 10))); do
    [ -s "$WORK/display" ] && break
    kill -0 "$XVFB_PID" 2>/dev/null || break
    sleep 0.1
done
if [ ! -s "$WORK/display" ]; then
    echo "Xvfb did not start:"
    cat "$WORK/xvfb.log"
    exit 1
fi
DISPLAY=:$(head -n 1 "$WORK/display")
export DISPLAY
echo "# Xvfb on $DISPLAY"

# --- xterm running mnk ----------------------------------------------------

PART=0
WIN=
CELL_W=
CELL_H=

# start_term ARGS...: ends the xterm before, then runs `mnk ARGS` in a new
# 80×24 one with the font `fixed` and no border, as TERM=xterm in C.UTF-8, with a fresh HOME and XDG
# directories ($STATE holds the autosaves). mnk's exit status is left in
# $STATUS. Sets WIN (the window) and CELL_W, CELL_H (a character's size in
# pixels); false when the window does not come.
start_term() {
    stop_term
    PART=$((PART + 1))
    local dir=$WORK/part-$PART
    STATE=$dir/state
    STATUS=$dir/status
    DUMPS=$dir/dumps
    mkdir -p "$dir/home" "$dir/config" "$dir/data" "$STATE" "$DUMPS"
    env LANG=C.UTF-8 LC_ALL=C.UTF-8 xterm -b 0 -fn fixed -geometry 80x24+0+0 \
        -xrm 'XTerm*printModeImmediate: 2' \
        -xrm "XTerm*printFileImmediate: $DUMPS/screen" \
        -xrm 'XTerm*VT100.translations: #override <Key>F12: print-immediate()' \
        -e env -i PATH="$PATH" HOME="$dir/home" XDG_CONFIG_HOME="$dir/config" \
        XDG_DATA_HOME="$dir/data" XDG_STATE_HOME="$STATE" TERM=xterm LANG=C.UTF-8 \
        sh -c '"$0" "$@"; echo $? > "'"$STATUS"'"' "$MNK" "$@" \
        >"$dir/xterm.log" 2>&1 &
    TERM_PID=$!
    WIN=
    for _ in $(seq $((PATIENCE * 10))); do
        WIN=$(xdotool search --onlyvisible --pid "$TERM_PID" 2>/dev/null | tail -n 1)
        [ -n "$WIN" ] && break
        sleep 0.1
    done
    if [ -z "$WIN" ]; then
        echo "no xterm window:"
        cat "$dir/xterm.log"
        return 1
    fi
    local WIDTH='' HEIGHT=''
    eval "$(xdotool getwindowgeometry --shell "$WIN" | grep -E '^(WIDTH|HEIGHT)=[0-9]+$')"
    CELL_W=$((WIDTH / 80))
    CELL_H=$((HEIGHT / 24))
    # Keys (F12 only) go to the window with the focus; with no window
    # manager, to the one under the pointer unless it is given.
    xdotool windowfocus --sync "$WIN"
    xdotool mousemove --window "$WIN" 1 1
}

stop_term() {
    if [ -n "$TERM_PID" ]; then
        kill "$TERM_PID" 2>/dev/null
        wait "$TERM_PID" 2>/dev/null
    fi
    TERM_PID=
}

# raw_screen: the screen as xterm prints it, each character after the
# escape sequence of its colours; nothing when xterm does not answer.
raw_screen() {
    [ -n "$TERM_PID" ] && kill -0 "$TERM_PID" 2>/dev/null || return 0
    rm -f "$DUMPS"/screen*
    xdotool key F12
    local f='' size=-1
    for _ in $(seq $((PATIENCE * 20))); do
        f=$(ls "$DUMPS"/screen* 2>/dev/null | head -n 1)
        if [ -n "$f" ]; then
            # Written when its size stops changing.
            [ "$(wc -c < "$f")" -eq "$size" ] && break
            size=$(wc -c < "$f")
        fi
        sleep 0.05
    done
    [ -n "$f" ] && cat "$f"
}

# screen: the screen's text, 24 lines (xterm ends them with CR LF).
screen() { raw_screen | sed 's/\x1b\[[0-9;]*m//g; s/\x1b#[0-9]//g; s/\r$//'; }

# wait_grep MODE PATTERN: true once `grep -MODE` finds PATTERN on the screen.
wait_grep() {
    local end=$((SECONDS + PATIENCE))
    while [ "$SECONDS" -lt "$end" ]; do
        screen | grep -q"$1" -- "$2" && return 0
        sleep 0.2
    done
    return 1
}

# wait_for TEXT: true once the screen shows TEXT (a fixed string).
wait_for() { wait_grep F "$1"; }

# wait_for_re RE: the same for an extended regular expression.
wait_for_re() { wait_grep E "$1"; }

expect() {
    if wait_for "$1"; then pass "$2"; else fail "$2 (no '$1' on screen)"; fi
}

expect_not() {
    local end=$((SECONDS + PATIENCE))
    while [ "$SECONDS" -lt "$end" ]; do
        if ! screen | grep -qF -- "$1"; then pass "$2"; return; fi
        sleep 0.2
    done
    fail "$2 ('$1' still on screen)"
}

# locate TEXT: sets Y and X to the row and column (from 0) of the first
# place the screen shows TEXT; false when it shows none.
locate() {
    local text row=0 line
    text=$(screen)
    while IFS= read -r line; do
        if [ "${line#*"$1"}" != "$line" ]; then
            local before=${line%%"$1"*}
            Y=$row
            X=${#before}
            return 0
        fi
        row=$((row + 1))
    done <<<"$text"
    return 1
}

# cell COLUMN ROW: sets Y and X to where a board cell is (COLUMN a letter,
# ROW its number as labelled), from the labels around the grid; false
# when they are not on the screen.
cell() {
    local text row=0 line
    text=$(screen)
    Y=
    X=
    while IFS= read -r line; do
        if [ -z "$X" ] && [[ $line =~ ^\ +a\ +b\ +c ]]; then
            local padded="$line " before
            before=${padded%%" $1 "*}
            X=$((${#before} + 1))
        fi
        if [ -z "$Y" ] && [[ $line =~ ^\ *$2[^0-9] ]]; then
            Y=$row
        fi
        row=$((row + 1))
    done <<<"$text"
    [ -n "$Y" ] && [ -n "$X" ]
}

# point ROW COL: the pointer to the middle of that character.
point() {
    xdotool mousemove --window "$WIN" $(($2 * CELL_W + CELL_W / 2)) $(($1 * CELL_H + CELL_H / 2))
}

# click ROW COL [HOLD]: the first button pressed there and released, after
# HOLD seconds when given (a hand's click), else at once.
click() {
    point "$1" "$2"
    if [ -n "${3:-}" ]; then
        xdotool mousedown 1 sleep "$3" mouseup 1
    else
        xdotool mousedown 1 mouseup 1
    fi
}

# moves: the moves in the newest autosave (0 when there is none).
moves() {
    local f
    f=$(ls -t "$STATE"/mnk/games/*.sgf 2>/dev/null | head -n 1)
    if [ -z "$f" ]; then echo 0; return; fi
    tr -d '\n' < "$f" | grep -o ';[BW]\[' | wc -l
}

# wait_moves N SECONDS: true once the autosave holds N moves or more,
# within SECONDS.
wait_moves() {
    local end=$((SECONDS + $2))
    while [ "$SECONDS" -lt "$end" ]; do
        [ "$(moves)" -ge "$1" ] && return 0
        sleep 0.2
    done
    return 1
}

# ---------------------------------------------------------------------------
echo "# a click held 80 ms, then a short one, against the computer"
# The computer thinks for a second: longer than the click is held, so its
# answer comes after the release. Nothing but the clicks goes to mnk.
start_term play --size 15 --win 5 --white maximum --time-ms 1000 || exit 1
expect "Black to play" "the game is on screen"
if cell h 8; then
    click "$Y" "$X" 0.08
    if wait_moves 1 "$PATIENCE"; then
        pass "the held click places Black's stone"
    else
        fail "the held click placed no stone ($(moves) moves kept)"
    fi
    if wait_moves 2 $((PATIENCE + 10)); then
        pass "the computer answers the held click with no other input"
    else
        fail "no answer to the held click with no other input ($(moves) moves kept)"
    fi
    expect "2 moves  last" "and its answer is on screen"
    # a1: far from both stones, surely empty.
    if cell a 1; then
        click "$Y" "$X"
        if wait_moves 4 $((PATIENCE + 10)); then
            pass "a short click is answered too"
        else
            fail "no answer to a short click ($(moves) moves kept)"
        fi
    else
        fail "cannot find a1 on the screen"
    fi
else
    fail "cannot find h8 on the screen"
fi

# ---------------------------------------------------------------------------
echo "# the board's edges"
start_term play --size 15 --win 5 --white human || exit 1
expect "Black to play" "a game between two people"
if cell o 8; then
    click "$Y" $((X + 1))
    expect "last o8" "a click just right of the last column plays there"
    kept=$(moves)
    click "$Y" $((X + 2))
    sleep 1
    if [ "$(moves)" -eq "$kept" ]; then
        pass "a click two columns right of the last plays nowhere"
    else
        fail "a click two columns right of the board played"
    fi
else
    fail "cannot find o8 on the screen"
fi
if cell a 8; then
    click "$Y" $((X - 1))
    expect "last a8" "a click just left of the first column plays there"
else
    fail "cannot find a8 on the screen"
fi

# ---------------------------------------------------------------------------
echo "# the menu and the form"
start_term || exit 1
expect "New game" "plain mnk opens the menu"
title=$(raw_screen | head -n 1)
# A click on nothing: below the tagline, left of the entries.
click 5 2 0.08
sleep 1
if [ "$(raw_screen | head -n 1)" = "$title" ]; then
    pass "a click on nothing leaves the title bar as it was"
else
    fail "a click on nothing changed the title bar"
fi
if locate "New game"; then
    click "$Y" "$X"
    expect "Win length" "a click on New game opens the form"
else
    fail "no New game entry on the screen"
fi
# The Black row: a click picks it, one on its right arrow makes Black the
# computer's first level.
first=$("$MNK" levels | awk 'NR == 2 { print $1 }')
if locate "Black"; then
    click "$Y" $((X + 16))
    expect "‹ human ›" "a click on a row picks it"
    if locate "‹ human ›"; then
        click "$Y" $((X + 8))
        expect "computer: $first" "a click on its right arrow changes the value"
    fi
else
    fail "no Black row in the form"
fi
if locate "[ Start ]"; then
    click "$Y" $((X + 3))
    expect "15×15 k=5" "a click on Start starts the game"
    if wait_moves 1 "$PATIENCE"; then
        pass "with Black the computer, which moves first"
    else
        fail "Black did not move ($(moves) moves kept)"
    fi
else
    fail "no Start on the form"
fi

# ---------------------------------------------------------------------------
echo "# the review: a held click during an analysis, the Continue panel"
# An unfinished 15x15 game of 20 scattered moves: no position in it is
# decided, so each takes the analysis its full time.
record=$WORK/scattered.sgf
printf '%s\n' '(;FF[4]GM[4]SZ[15]RU[freestyle]WIN[5]' \
    ';B[aa];W[oo];B[ao];W[oa];B[ha];W[ho];B[ah];W[oh];B[dd];W[ll]' \
    ';B[dl];W[ld];B[hh];W[hd];B[dh];W[lh];B[hl];W[bf];B[nj];W[fn])' >"$record"
start_term play "$record" || exit 1
expect "last f2" "the record opens where it stopped"
# Half a second a position: the analysis runs for some ten seconds.
xdotool key plus
xdotool key a
expect "Evaluation (Black up)" "a analyses the game; the graph shows"
# Back to the start: the list shows its first row.
xdotool key Home
if locate "Moves 20"; then
    click $((Y + 1)) $((X + 6)) 0.08
    expect "1. Black a15" "a held click on the list picks the first move"
    # Nothing more is sent: the analysis must go on to its end by itself.
    # Its summary is in words ("Black: 1 blunder. White: ...") or, when
    # those would not fit the line, in the list's signs ("Black 1??, White
    # -"): which one depends on what the engine finds.
    if PATIENCE=$((PATIENCE + 30)) wait_for_re 'Black(: .*\. White: |.*, White )'; then
        pass "the analysis goes on to its end with no other input"
    else
        fail "the analysis stopped after the held click"
    fi
else
    fail "no list of moves on the screen"
fi
xdotool key c
expect "Continue from here" "c opens the Continue panel"
# Black's row: picked by a click, then its right arrow clicked to make
# Black the computer's first level.
first=$("$MNK" levels | awk 'NR == 2 { print $1 }')
if locate "Black   ‹ human ›"; then
    click "$Y" "$X"
    # The right arrow: after "Black   ", "‹", " human ".
    click "$Y" $((X + 8 + 8))
    expect "‹ computer: $first ›" "clicks on a side's row and its right arrow change the player"
else
    fail "no Black row on the panel"
fi
if locate "[ Start ]"; then
    click "$Y" $((X + 3))
    expect "Black  $first" "a click on Start plays on from the move picked"
else
    fail "no Start on the panel"
fi

# ---------------------------------------------------------------------------
echo "# the puzzles: the menu's entry and the answer clicked"
start_term || exit 1
expect "New game" "the menu"
if locate "Puzzles"; then
    click "$Y" "$X"
    expect "mnk  puzzles" "a click on Puzzles opens them"
    id=$(screen | grep -oE '[a-z]+-[0-9]{4}' | head -n 1)
    first=$("$MNK" puzzle show "$id" | sed -n 's/^Solution: 1\. \([a-z][0-9]*\).*/\1/p')
    if [ -n "$first" ] && cell "${first:0:1}" "${first:1}"; then
        click "$Y" "$X"
        if wait_for_re "Solved|right:"; then
            pass "a click on the answer ($first of $id) plays it"
        else
            fail "a click on $first of $id was not taken as the answer"
        fi
    else
        fail "cannot find the answer of '$id' on the screen"
    fi
else
    fail "no Puzzles entry in the menu"
fi
stop_term

# ---------------------------------------------------------------------------
echo "# a dialog's buttons"
start_term play --size 3 || exit 1
expect "Black to play" "a 3×3 game"
if cell b 2; then
    click "$Y" "$X"
    expect "last b2" "a click plays b2"
else
    fail "cannot find b2 on the screen"
fi
xdotool key q
expect "Quit? The game is kept for Resume." "q asks first"
if locate "[N]o"; then
    click "$Y" "$X"
    expect_not "Quit? The game is kept for Resume." "a click on No closes the question"
else
    fail "no No button on the screen"
fi
xdotool key q
expect "Quit? The game is kept for Resume." "q asks again"
if locate "[Y]es"; then
    click "$Y" "$X"
    end=$((SECONDS + PATIENCE))
    while [ ! -s "$STATUS" ] && [ "$SECONDS" -lt "$end" ]; do sleep 0.2; done
    if [ "$(cat "$STATUS" 2>/dev/null)" = 0 ]; then
        pass "a click on Yes quits, with status 0"
    else
        fail "a click on Yes: status '$(cat "$STATUS" 2>/dev/null)'"
    fi
else
    fail "no Yes button on the screen"
fi
stop_term

echo "$CHECKS checks passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
