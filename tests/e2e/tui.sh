#!/bin/sh
# tui.sh — end-to-end tests of the full-screen game: the real mnk binary runs
# in a private tmux server at 80×24; keys go in with send-keys, and every
# check is made on what capture-pane shows. Exits 77 (skipped) without tmux.
#
# usage: tui.sh PATH/TO/mnk
# With MNK_E2E_WRAPPER set (say, to a valgrind command line ending in an
# option), mnk runs under it, and an exit status of the wrapper's own
# (valgrind's --error-exitcode) fails the checks on exit statuses.
set -u

MNK=${1:?usage: tui.sh PATH/TO/mnk}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# The shared helpers: a private tmux server per part, screen checks, run
# and expect_restored. Each part starts with no game kept for Resume.
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state

# wait_file_moves N: within the patience, the one kept game (or the newest)
# holds exactly N moves.
wait_file_moves() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        f=$(ls -t "$STATE"/mnk/games/*.sgf 2>/dev/null | head -n 1)
        if [ -n "$f" ] && [ "$(tr -d '\n' < "$f" | grep -o ';[BW]\[' | wc -l)" -eq "$1" ]; then
            return 0
        fi
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# level_name N: the name of the N-th level, weakest first, as `mnk levels`
# lists them.
level_name() { "$MNK" levels | awk -v n="$1" 'NR == n + 1 { print $1 }'; }

# expect_not TEXT WHAT: the screen stops showing TEXT as soon as it can.
expect_not() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        if ! screen | grep -qF -- "$1"; then pass "$2"; return; fi
        sleep 0.1
        tries=$((tries - 1))
    done
    fail "$2 ('$1' still on screen)"
}

# expect_shell_screen WHAT: after mnk, the shell's own screen is back (not
# curses' alternate one) and the cursor shows: the modes a shell would not
# put right by itself.
expect_shell_screen() {
    if [ "$(T display-message -p -t e2e '#{alternate_on}#{cursor_flag}')" = 01 ]; then
        pass "$1: the normal screen and the cursor are back"
    else
        fail "$1: left in the alternate screen or with no cursor"
    fi
}

# ---------------------------------------------------------------------------
echo "# 3x3, human against human: refused move, undo, redo, a win"
start_shell
run --size 3 --black human --white human
expect "3×3 k=3 freestyle" "game screen with board and rule in the status"
expect "Black to play" "Black moves first"
keys Enter                                   # Black b2 (the cursor starts at the centre)
expect "last b2" "Enter places a stone where the cursor is"
keys Enter                                   # b2 again: refused
expect "b2 is taken" "an occupied cell is refused with a message"
expect "▶ ○ White" "a refused move leaves the turn alone"
keys u
expect "took back" "u takes the move back"
expect_not "last b2" "after undo no move is on the board"
keys r
expect "last b2" "r plays it again"
keys Left Enter                              # White a2
expect "last a2" "arrows move the cursor"
keys Up Enter                                # Black a3
keys Right Enter                             # White b3
keys Right Down Down Enter                   # Black c1: a3 b2 c1
expect "Black wins" "the diagonal wins for Black"
if screen | grep -qE 'line (a3.c1|c1.a3)'; then
    pass "the winning line is named in the status bar"
else
    fail "the winning line is not named"
fi
# The three stones of the line are drawn in the winning style (green
# background, SGR 42), one per board row.
marked=$(T capture-pane -p -e -t e2e | grep '│' | grep -c '42m')
if [ "$marked" -eq 3 ]; then
    pass "the winning line is highlighted on the board"
else
    fail "expected 3 rows with highlighted winning stones, saw $marked"
fi
keys q                                       # game over: quits without asking
expect_restored 0 "q after the game"

# ---------------------------------------------------------------------------
echo "# a mouse click places a stone"
start_shell
run --size 3
expect "3×3 k=3 freestyle" "a 3×3 game"
# Where c1 is on the screen: the row labelled 1, the column lettered c.
wait_for "│ 1" && wait_for "Black to play"
y=$(screen | awk '/^ *1 [|│]/ { print NR - 1; exit }')
x=$(screen | awk '/^ *a +b +c/ { print index($0, "c") - 1; exit }')
if [ -n "$y" ] && [ -n "$x" ]; then
    # An X10 mouse report: ESC [ M, then button, column and row, each + 32
    # (columns and rows counted from 1).
    press=$(printf "\033[M %b%b" "\\0$(printf %o $((x + 33)))" "\\0$(printf %o $((y + 33)))")
    keys -l "$press"
    expect "last c1" "clicking c1 plays there"
else
    fail "cannot find c1 on the screen"
fi
keys q y
expect_restored 0 "q, y"

# ---------------------------------------------------------------------------
echo "# without UTF-8: line drawing, X and O"
start_shell
RUN_ENV="LANG=C LC_ALL=C" run --size 3
expect "3x3 k=3 freestyle" "the status in ASCII"
keys Enter
expect "[X]" "Black's stone is an X"
keys Left Enter
expect "[O]" "White's stone is an O"
keys q y
expect_restored 0 "q, y in the C locale"

# ---------------------------------------------------------------------------
echo "# the menu, to a 15x15 k=5 game against the computer"
start_shell
run
expect "New game" "plain mnk opens the menu"
keys Enter
expect "Win length" "New game opens the form"
keys Left Left Left Left Left Left           # presets: down to Tic-tac-toe
expect "Tic-tac-toe 3×3 k=3" "left/right change the preset"
keys Right Right Right                       # up to Gomoku 15x15
expect "Gomoku 15×15 k=5" "the 15×15 preset"
keys Down Down Down Down Down Down            # to the White row
expect "computer: $(level_name 7)" "White starts as the computer at a middle level"
expect "level 7 of" "the form says where the level stands"
expect "$(level_name 7): " "and what the level is like, under the form"
for _ in $(seq 20); do keys Left; done        # human
keys Right Right                             # level 2
expect "computer: $(level_name 2)" "White set to the computer"
keys Enter
expect "15×15 k=5 freestyle" "the game starts from the form"
expect "White computer, $(level_name 2)" "White is the computer"
keys Enter                                   # Black h8
expect "1. h8" "the move list shows the human move"
if wait_for "2 moves  last"; then
    pass "the computer answered"
else
    fail "the computer did not answer"
fi
expect "Black to play" "the turn is back to the human"
# Waiting for a key costs nothing: over two seconds the process wakes up at
# most a few times (context switches) and gathers at most a few clock ticks;
# polling every few milliseconds would wake it hundreds of times.
wakeups() { awk '/^(non)?voluntary_ctxt_switches/ { n += $2 } END { print n }' "$1"; }
ticks() { awk '{ print $14 + $15 }' "$1"; }
pid=$(cat "$WORK/pid")
if [ -z "$WRAPPER" ] && [ -r "/proc/$pid/status" ]; then
    w0=$(wakeups "/proc/$pid/status")
    t0=$(ticks "/proc/$pid/stat")
    sleep 2
    w=$(($(wakeups "/proc/$pid/status") - w0))
    t=$(($(ticks "/proc/$pid/stat") - t0))
    if [ "$w" -le 10 ] && [ "$t" -le 5 ]; then
        pass "idle while waiting for a key ($w wake-ups, $t ticks in 2 s)"
    else
        fail "not idle while waiting for a key: $w wake-ups, $t ticks in 2 s"
    fi
fi
keys q
expect "Quit? The game is kept for Resume." "q asks before leaving a game in progress"
keys n
expect_not "Quit? The game is kept for Resume." "n keeps playing"
keys '?'
expect "Keys while playing" "? opens the help"
expect "undo" "the help lists the keys"
keys Escape
expect_not "Keys while playing" "any key closes the help"

# ---------------------------------------------------------------------------
echo "# resizing to a tiny window and back"
T resize-window -t e2e -x 20 -y 6
expect "terminal too small" "a tiny window shows a notice"
# Too narrow for the notice on one row: it wraps between words. (At 20
# columns it already did; "small: need" on one row says the 30 have come.)
T resize-window -t e2e -x 30 -y 10
expect "too small: need at" "the notice takes the wider window"
if screen | grep -qE '^ *least 40×10 *$'; then
    pass "the notice wraps between words, not inside one"
else
    fail "the notice breaks a word"
fi
T resize-window -t e2e -x 1 -y 1
sleep 0.3 # nothing can be shown at 1×1 to wait for; let it take the signal
if kill -0 "$(cat "$WORK/pid")" 2>/dev/null; then
    pass "still running at 1×1"
else
    fail "mnk died at 1×1"
fi
T resize-window -t e2e -x 80 -y 24
expect "15×15 k=5 freestyle" "the game is back at 80×24"
expect "1. h8" "with its moves"
T resize-window -t e2e -x 200 -y 60
expect "1. h8" "and at 200×60"
T resize-window -t e2e -x 80 -y 24
keys n
expect "New game? This one is kept for Resume." "n asks before leaving a game in progress"
keys y
expect "Win length" "n, y opens the form"
expect "computer: $(level_name 2)" "filled in from the game just left"
keys Escape
expect "Quit" "Esc goes back to the main menu"
keys q
expect_restored 0 "q in the main menu"

# ---------------------------------------------------------------------------
echo "# the standard 19×19 board whole at 80×24"
start_shell
run --size 19 --win 5 --black human --white human
expect "19×19 k=5 freestyle" "a 19×19 game in 80×24"
expect_whole_board 19 "a b c d e f g h i j k l m n o p q r s" \
    "every row and column of 19×19 shows, numbered"
expect "Black to play" "the status line shows under it"
expect "q quit" "and the keys"
T resize-window -t e2e -x 40 -y 10
expect "19×19 k=5" "the game goes on at 40×10"
if kill -0 "$(cat "$WORK/pid")" 2>/dev/null; then
    pass "still running at 40×10"
else
    fail "mnk died at 40×10"
fi
T resize-window -t e2e -x 80 -y 24
expect_whole_board 19 "a b c d e f g h i j k l m n o p q r s" "whole again back at 80×24"
quit "quit from 19×19"

# ---------------------------------------------------------------------------
echo "# Ctrl-C and a board larger than the window"
start_shell
run --size 26 --win 5 --black human --white human
expect "26×26 k=5 freestyle" "a 26×26 game in 80×24"
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13; do keys Down; done
keys Enter
expect "last m1" "the board scrolls down to row 1"
keys C-c
expect_restored 130 "Ctrl-C"
if grep -q ';B\[mz\]' "$STATE"/mnk/games/*.sgf 2>/dev/null; then
    pass "Ctrl-C kept the game for Resume"
else
    fail "Ctrl-C: no game kept in $STATE/mnk/games"
fi

# ---------------------------------------------------------------------------
echo "# the computer thinking: the UI stays live, u cancels, q quits"
# Timing-bound (keys sent while a search runs): a valgrind run is too slow
# for it to say anything about memory that the other sections don't.
if [ -z "$WRAPPER" ]; then
    start_shell
    # A minute to think: the search is surely still going when the keys
    # arrive (it may stop once 60% of its time is gone).
    run --size 15 --black human --white search --time-ms 60000
    expect "15×15 k=5 freestyle" "a game against a slow search"
    keys Enter
    expect "computer is thinking" "the status says the computer is thinking"
    expect "depth " "with the depth it has reached"
    # The clock in the status line moves on while the search runs.
    secs() { screen | sed -n 's/.*computer is thinking[^0-9]*\([0-9]*\.[0-9]\) s.*/\1/p' | head -n 1; }
    t1=$(secs)
    sleep 1.2
    t2=$(secs)
    if [ -n "$t1" ] && [ -n "$t2" ] && awk -v a="$t1" -v b="$t2" 'BEGIN { exit !(b > a) }'; then
        pass "the thinking clock advances ($t1 s, then $t2 s)"
    else
        fail "the thinking clock did not advance ('$t1', then '$t2')"
    fi
    if screen | grep -qE 'depth [0-9]+, (even|(Black|White) (slightly better|better|much better|wins))'; then
        pass "with the depth and an evaluation in words"
    else
        fail "no evaluation in words while thinking"
    fi
    keys Left Left                               # moves while the computer thinks
    keys u
    expect "took back" "u cancels the search and takes the move back"
    expect_not "last h8" "the move is off the board"
    keys Enter
    expect "1. f8" "the cursor had moved during the search"
    expect "computer is thinking" "and the computer thinks again"
    # Well inside its minute: quitting does not wait for the search.
    keys q y
    expect_restored 0 "q, y while the computer thinks"
    if grep -q ';B\[fh\]' "$STATE"/mnk/games/*.sgf 2>/dev/null; then
        pass "the game left while the computer thought is kept for Resume"
    else
        fail "no game kept in $STATE/mnk/games"
    fi
else
    echo "# (skipped under $WRAPPER)"
fi

# ---------------------------------------------------------------------------
echo "# threat marks on 7×7 k=4: no open-three noise around every stone"
start_shell
printf '(;FF[4]GM[4]SZ[7]WIN[4]PB[human]PW[human];B[dd];W[ag])\n' >"$WORK/small.sgf"
run "$WORK/small.sgf"
expect "last a1" "two stones on 7×7 k=4, marks on"
dots=$(screen | grep -oE '^ +[0-9]+ [^0-9]+ [0-9]+' | grep -o '∙' | wc -l)
if [ "$dots" -eq 0 ]; then
    pass "two stones make no open-three marks"
else
    fail "$dots open-three marks after two stones"
fi
keys Right Right Right Right Up Up Up Enter  # Black e4 (the cursor on a1): d4 e4, open
expect "Black has an open two: block at" "a real threat is still named"
quit "q after the small board" y

echo "# threat marks, a hint, resigning; the stones' colours"
start_shell
# Black h8 i8, White a1 j10: Black to move, the cursor on j10.
printf '(;FF[4]GM[4]SZ[15]PB[human]PW[human];B[hh];W[ao];B[ih];W[jf])\n' >"$WORK/three.sgf"
run "$WORK/three.sgf"
expect "last j10" "a record with Black to move"
keys Down Down Enter                         # Black j8: h8 i8 j8, open at both ends
expect "Black has an open three: block at g8 or k8" \
    "the status names the open three and where to block it"
if screen | grep -E '^ +8 ' | grep -q '\*.*[●○].*[●○].*[●○].*\*'; then
    pass "the cells that would make an open four are marked on the board"
else
    fail "no open-four marks around h8 i8 j8"
fi
# Stones in two colours: Black red (SGR 31), White cyan (36).
colours=$(T capture-pane -p -e -t e2e)
case $colours in
*'31m●'*) pass "Black's stones are red" ;;
*) fail "Black's stones are not drawn red" ;;
esac
case $colours in
*'36m○'*) pass "White's stones are cyan" ;;
*) fail "White's stones are not drawn cyan" ;;
esac
keys H
expect "hint: " "H gives a hint"
if screen | grep -qE 'hint: [a-o][0-9]+, '; then
    pass "the hint names a cell and says why: $(screen | grep -o 'hint: .*' | head -n 1)"
else
    fail "the hint names no cell"
fi
keys t
expect "threat marks off" "t turns the marks off"
if screen | grep -E '^ +8 ' | grep -q '\*'; then fail "marks still shown"; else pass "and they go"; fi
keys t
expect "threat marks on" "t turns them on again"
keys R
expect "Resign this game?" "R asks before resigning"
keys y
expect "Black wins by resignation" "White, to move, resigned"
keys q
expect_restored 0 "q after resigning"

echo "# settings survive a restart; a settings file not understood is said"
start_shell
run
expect "New game" "the menu"
keys Enter
expect "Win length" "the form"
keys Down Down Down Down Down Down
expect "computer: $(level_name 7)" "White at the middle level, with no settings yet"
keys Left
expect "computer: $(level_name 6)" "one level down"
keys Enter
expect "White computer, $(level_name 6)" "the game starts"
keys t
expect "threat marks off" "t turns the marks off"
keys D
expect "drawing full-width" "D draws the board full-width"
if screen | grep -q '┼' || ! screen | grep -qF '・・・'; then
    fail "the full-width board is not drawn"
else
    pass "full-width points, no box drawing"
fi
keys D
expect "drawing in plain ASCII" "D again draws the board in plain ASCII"
if screen | grep -q '┼\|・'; then fail "box drawing still shown"; else pass "no box drawing left"; fi
keys q
sleep 0.5
screen | grep -qF "Quit? The game is kept for Resume." && keys y
expect_restored 0 "quitting"
if grep -qx "white = $(level_name 6)" "$CONFIG/mnk/settings" &&
   grep -qx "marks = no" "$CONFIG/mnk/settings" &&
   grep -qx "drawing = ascii" "$CONFIG/mnk/settings"; then
    pass "the settings file keeps White's level and the marks"
else
    fail "settings file: $(cat "$CONFIG/mnk/settings" 2>&1)"
fi
run
expect "New game" "the menu again"
keys Enter
keys Down Down Down Down Down Down
expect "computer: $(level_name 6)" "the form remembers White's level"
keys Down Enter
expect "White computer, $(level_name 6)" "a game at the remembered level"
if screen | grep -q '┼'; then fail "the drawing style was not remembered"; else
    pass "the board is drawn in ASCII again"
fi
keys t
expect "threat marks on" "the marks were remembered off: t turns them on"
keys q
sleep 0.5
screen | grep -qF "Quit? The game is kept for Resume." && keys y
expect_restored 0 "quitting again"
printf 'width = banana\n' >"$CONFIG/mnk/settings"
run
expect "settings:1: not understood, skipped" "a bad settings line is said on the menu"
keys q
expect_restored 0 "quitting from the menu"

echo "# without colour (NO_COLOR): the stones differ by attribute"
start_shell
RUN_ENV="NO_COLOR=1" run "$WORK/three.sgf"
expect "last j10" "the record again"
expect "q quit" "the key line, written last: the board above it is drawn"
attrs=$(T capture-pane -p -e -t e2e)
case $attrs in
*'31m'* | *'36m'*) fail "colour under NO_COLOR" ;;
*'1m●'*) pass "Black's stones are bold under NO_COLOR" ;;
*) fail "Black's stones are not bold" ;;
esac
case $attrs in
*'4m○'*) pass "White's stones are underlined under NO_COLOR" ;;
*) fail "White's stones are not underlined" ;;
esac
keys q y
expect_restored 0 "q, y"

# ---------------------------------------------------------------------------
echo "# the exact rule says why an overline does not win"
start_shell
# 9x9 k=4 exact: Black a1 b1 d1 e1, White a9 b9 d9 i5; Black to move.
printf '(;FF[4]GM[4]SZ[9]WIN[4]RU[exact]PB[human]PW[human];B[ai];W[aa];B[bi];W[ba];B[di];W[da];B[ei];W[ie])\n' \
    >"$WORK/overline.sgf"
run "$WORK/overline.sgf"
expect "9×9 k=4 exact" "an exact-rule game from a record"
keys Left Left Left Left Left Left Down Down Down Down Enter   # Black c1: a1..e1
expect "last c1" "Black fills c1"
expect "5 in a row is an overline: under the exact rule only 4 wins" \
    "the status says the overline does not win"
expect "▶ ○ White human" "and the game goes on, White to move"
keys q y
expect_restored 0 "q, y"

# ---------------------------------------------------------------------------
echo "# SIGTERM and SIGHUP"
for sig in TERM HUP; do
    start_shell
    run --size 5 --win 4 --black human --white random
    expect "5×5 k=4 freestyle" "a game to stop with SIG$sig"
    keys Enter
    expect "1. c3" "a move on the board"
    kill -s "$sig" "$(cat "$WORK/pid")"
    case $sig in TERM) status=143 ;; HUP) status=129 ;; esac
    expect_restored "$status" "SIG$sig"
    if grep -q ';B\[cc\]' "$STATE"/mnk/games/*.sgf 2>/dev/null; then
        pass "SIG$sig kept the game for Resume"
    else
        fail "SIG$sig: no game kept in $STATE/mnk/games"
    fi
    if [ "$sig" = TERM ]; then
        run
        # One move or two: the signal may come before random has answered
        # (valgrind makes that likely).
        expect "5×5 k=4 freestyle  human vs random" "Resume offers it"
        keys Enter Enter
        expect "1. c3" "it comes back"
        expect "White computer (random)" "with its computer player"
        keys q y
        expect_restored 0 "q, y in the resumed game"
    fi
done

# ---------------------------------------------------------------------------
echo "# s saves the game; quitting keeps it; Resume brings it back"
start_shell
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a 5×5 game to save"
keys Enter Left Enter                        # Black c3, White b3
expect "1. c3   b3" "two moves on the board"
keys s
expect "Save the game as:" "s asks for a file name"
expect "mnk-20" "prefilled with a dated name"
keys Escape
expect_not "Save the game as:" "Esc cancels"
keys s C-u
keys -l "$WORK/no/such/dir/x.sgf"
keys Enter
expect "not saved:" "a path that cannot be written is refused"
keys s C-u
keys -l "$WORK/savedé"
keys BSpace                                  # é is two bytes, one character
keys Enter
expect "saved to $WORK/saved.sgf" "the status says where the game went (.sgf added)"
if grep -q 'SZ\[5\]' "$WORK/saved.sgf" && grep -q 'WIN\[4\]' "$WORK/saved.sgf" &&
   grep -q ';B\[cc\];W\[bc\]' "$WORK/saved.sgf"; then
    pass "the file holds the board, k and both moves"
else
    fail "saved.sgf: $(cat "$WORK/saved.sgf" 2>&1)"
fi
keys s C-u
keys -l "$WORK/saved.sgf"
keys Enter
expect "Replace saved.sgf?" "saving over a file asks first"
keys n
expect_not "Replace saved.sgf?" "n keeps the file"
keys s
expect ".local/share/mnk/games/mnk-20" "the offered name is in the games directory"
keys Enter
expect "saved to $WORK/.local/share/mnk/games/mnk-20" "and saving there makes the directory"
keys q y
expect_restored 0 "q, y with a game in progress"
kept() { find "$STATE/mnk/games" -name '*.sgf' 2>/dev/null; }
if [ "$(kept | wc -l)" -eq 1 ] && grep -q ';B\[cc\];W\[bc\]' "$(kept)"; then
    pass "the game is kept in \$XDG_STATE_HOME/mnk/games"
else
    fail "no autosave in $STATE/mnk/games: $(kept)"
fi
run
expect "Resume" "the menu offers Resume"
expect "5×5 k=4 freestyle  human vs human  2 moves, Black to play" "and says what it would open"
keys Enter
expect "Unfinished games, newest first" "Resume lists the unfinished games"
keys Enter
expect "resumed where you left off" "Enter on the list reopens the game"
expect "1. c3   b3" "with its moves"
keys u
expect "took back" "undo works in a resumed game"
expect "1 move  last c3" "the last move is off the board (stones counted, as Resume does)"
if wait_file_moves 1; then pass "the undo is kept at once"; else fail "the undo was not kept"; fi
keys r
expect "2 moves  last b3" "and redo puts it back"
# Black c4, White a1, Black c2, White a2, Black c1: four in column c.
keys Right Up Enter Left Left Down Down Down Enter Right Right Up Enter Left Left Enter \
     Right Right Down Enter
expect "Black wins" "the resumed game is played to its end"
keys q
expect_restored 0 "q after the resumed game ended"
if [ -z "$(kept)" ]; then
    pass "a game that ends is no longer kept"
else
    fail "the finished game is still kept: $(kept)"
fi

# ---------------------------------------------------------------------------
echo "# kill -9 keeps every move; two at once keep both; a broken file is set aside"
start_shell
run --size 7 --win 4 --black human --white human
expect "7×7 k=4 freestyle" "a game to kill"
keys Enter Left Enter Left Enter             # d4, c4, b4
expect "2. b4" "three moves"
if wait_file_moves 3; then pass "three moves kept while playing"; else fail "moves not kept"; fi
kill -9 "$(cat "$WORK/pid")"
expect "exit=137" "killed"
# kill -9 leaves the terminal as the program had set it: set it right.
# (C-j: with the terminal raw, Enter's carriage return is not a newline.)
keys "stty sane; tput rmcup 2>/dev/null; clear" C-j
sleep 0.3
if wait_file_moves 3; then pass "kill -9 after 3 moves keeps 3 moves"; else fail "lost moves"; fi
first=$(kept)
# Two instances at once, each with a game of its own.
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a first instance"
keys Enter
expect "1. c3" "its move"
T new-session -d -s e2e2 -x 80 -y 24 \
    "env -i PATH=\"$PATH\" HOME=\"$WORK\" XDG_CONFIG_HOME=\"$CONFIG\" XDG_STATE_HOME=\"$STATE\" LANG=C.UTF-8 TERM=tmux-256color ${WRAPPER:-} $MNK --size 6 --win 4 --black human --white human"
# Polled, not slept: under valgrind on a busy machine the second instance
# takes seconds to start and to write its game.
tries=200
until T capture-pane -p -t e2e2 2>/dev/null | grep -q "6×6 k=4" || [ "$tries" -eq 0 ]; do
    sleep 0.1; tries=$((tries - 1))
done
T send-keys -t e2e2 Enter Left Enter
tries=200
while [ "$(kept | wc -l)" -lt 3 ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
if [ "$(kept | wc -l)" -eq 3 ]; then pass "two instances and the killed game: three files"; else
    fail "expected three kept games: $(kept)"
fi
T send-keys -t e2e2 q y
keys q y
expect_restored 0 "the first instance quits"
# The second instance writes its game as it quits: wait for it to be gone.
tries=200
while T has-session -t e2e2 2>/dev/null && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
if [ "$(kept | wc -l)" -eq 3 ] && [ -e "$first" ]; then
    pass "quitting one instance keeps the others' games"
else
    fail "games lost: $(kept)"
fi
printf '(;GM[4]SZ[5];B[cc];W[cc])' >"$STATE/mnk/games/broken.sgf"
run
expect "set aside as" "a kept game that does not load is set aside, and said"
if ls "$STATE/mnk/games/" | grep -q '^broken.sgf.corrupt-'; then
    pass "renamed .corrupt-DATE, not deleted"
else
    fail "not set aside: $(ls "$STATE/mnk/games")"
fi
keys Enter                                   # Resume, highlighted
expect "Unfinished games, newest first" "the list"
expect "7×7 k=4 freestyle  human vs human  3 moves, White to play" "the killed game is there"
keys d
expect "Delete this unfinished game?" "d asks before deleting"
keys y
expect_not "6×6 k=4" "the newest game is gone from the list"
if [ "$(kept | wc -l)" -eq 2 ]; then pass "and from the disk"; else fail "after delete: $(kept)"; fi
keys Escape q
expect_restored 0 "quitting from the menu"

# ---------------------------------------------------------------------------
echo "# Load from the menu: a bad path, a bad file, a good record; mnk FILE"
start_shell
printf '(;GM[4]FF[4]SZ[5];B[cc];W[zz])\n' >"$WORK/bad.sgf"
run
expect "New game" "the menu, with nothing to resume"
if screen | grep -qF "Resume"; then fail "Resume shown with no game kept"; else pass "no Resume entry"; fi
keys Down Enter
expect "open a game" "Load opens the list of games, with a path field"
keys -l "$WORK/nothere.sgf"
keys Enter
expect "No such file" "a missing file is named with the reason"
expect "open a game" "and the Load screen stays"
keys C-u
keys -l "$WORK/bad.sgf"
keys Enter
expect "bad.sgf: " "a broken record is refused with a reason"
expect "open a game" "the Load screen stays"
keys Escape
expect_not "bad.sgf" "Esc clears the path"
keys Escape
expect "New game" "Esc again goes back to the menu"
keys Enter
expect "open a game" "Load again"
keys -l "$WORK/saved.sgf"
keys Enter
expect "opened $WORK/saved.sgf" "a good record opens"
expect "1. c3   b3" "at its last move, with its history"
expect "▶ ● Black human" "with the right side to move"
keys u u
expect_not "last c3" "undo goes back through its history"
keys q
expect_restored 0 "q with no move left on the board"
printf '(;GM[4]FF[4]SZ[5]WIN[4]GC[a club game]EV[Spring cup]PB[Ann]PW[Bo];B[cc];W[bc])\n' \
    >"$WORK/club.sgf"
run "$WORK/club.sgf"
expect "in the record) is yours to play" "mnk FILE.sgf opens the record, its people are people"
expect "1. c3   b3" "with its moves"
keys s C-u
keys -l "$WORK/club-copy.sgf"
keys Enter
expect "saved to" "the record saved again"
if grep -q 'GC\[a club game\]EV\[Spring cup\]' "$WORK/club-copy.sgf" &&
   grep -q 'PB\[Ann\]PW\[Bo\]' "$WORK/club-copy.sgf"; then
    pass "the record's comment, event and names survive a load and save"
else
    fail "lost on the way: $(cat "$WORK/club-copy.sgf")"
fi
keys q y
expect_restored 0 "q, y"
# A PSQ record (Piskvork): 1-based x,y from the top left.
printf 'Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,9,0\n-1\n' >"$WORK/game.psq"
run --load "$WORK/game.psq"
expect "1. h8   i7" "--load opens a PSQ record"
expect "2. h7" "all of it"
keys q y
expect_restored 0 "q, y"

# ---------------------------------------------------------------------------
echo "# an external engine as a player"
start_shell
run --size 15 --black human --white "'engine:$MNK engine --ai threat'"
expect "15×15 k=5 freestyle" "a game against mnk engine"
keys Enter
if wait_for "2 moves  last"; then pass "the engine answered"; else fail "the engine did not answer"; fi
expect "Black to play" "the turn is back to the human"
keys q y
expect_restored 0 "q, y against an engine"
run --size 15 --black human --white engine:false
keys Enter
expect "Black wins by forfeit: White could not move (engine exited" \
    "an engine that dies forfeits the game, and the status says why"
keys q
expect_restored 0 "q after a forfeit"

# ---------------------------------------------------------------------------
echo "# a crash restores the terminal; the game is on disk"
if [ -z "$WRAPPER" ]; then
    start_shell
    keys "ulimit -c 0" Enter
    run --size 5 --win 4 --black human --white human
    expect "5×5 k=4 freestyle" "a game to crash"
    keys Enter
    expect "1. c3" "a move on the board"
    wait_file_moves 1 || true
    kill -s SEGV "$(cat "$WORK/pid")"
    expect_restored 139 "SIGSEGV: the shell is usable after the crash"
    expect_shell_screen SIGSEGV
    if wait_file_moves 1; then pass "the crashed game is kept"; else fail "the crashed game is lost"; fi
    RUN_ENV= run --size 5 --win 4 --black human --white human
    expect "5×5 k=4 freestyle" "another game"
    keys Enter
    expect "1. c3" "a move"
    kill -s ABRT "$(cat "$WORK/pid")"
    expect_restored 134 "SIGABRT: the shell is usable after the crash"
    expect_shell_screen SIGABRT
else
    echo "# (skipped under $WRAPPER, which handles the signals itself)"
fi

# ---------------------------------------------------------------------------
echo "# the game cannot be kept: said on screen at once, and the exit status"
start_shell
: >"$WORK/not-a-directory"
RUN_ENV="XDG_STATE_HOME=$WORK/not-a-directory" run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game with nowhere to keep it"
keys Enter
expect "1. c3" "a move on the board"
expect "could not be kept" "the player is told while playing"
keys q y
expect "could not be kept" "and again once the screen is left"
expect_restored 1 "the exit status says the game was not kept"

# ---------------------------------------------------------------------------
echo "# move numbers on the stones (m), remembered; the bell at the computer's move (B)"
start_shell
run --size 15 --win 5 --black human --white human
expect "15×15 k=5 freestyle" "a game for move numbers"
keys Enter
expect "last h8" "Black h8"
keys Right Enter
expect "last i8" "White i8"
keys m
expect "move numbers on the stones" "m turns the numbers on"
row8=$(screen | grep -oE '^ +8 [^0-9]+.*[^0-9] 8( |$)')
case $row8 in
*"1"*"2"*) pass "h8 and i8 show 1 and 2" ;;
*) fail "no numbers on row 8: $row8" ;;
esac
if screen | grep -oE '^ +8 .* 8( |$)' | grep -q '[●○]'; then
    fail "stones still drawn with numbers on"
else
    pass "the numbers stand for the stones"
fi
quit "q with numbers on" y
run --size 15 --win 5 --black human --white human
expect "15×15 k=5 freestyle" "a new game"
keys Enter
expect "last h8" "a stone in it"
if screen | grep -oE '^ +8 [^0-9]+.*[^0-9] 8( |$)' | grep -q ' 1 \|─1─\|1─'; then
    pass "the numbers are remembered"
else
    fail "the numbers were not remembered"
fi
keys m
expect "move numbers off" "m turns them off"
quit "q with numbers off" y
rm -f "$WORK/raw"
T pipe-pane -t e2e -o "cat >> $WORK/raw"
run --size 7 --win 4 --black human --white club
expect "7×7 k=4 freestyle" "a game against the computer"
keys B
expect "the bell rings at the computer's move" "B turns the bell on"
: >"$WORK/raw"
keys Enter
expect "2 moves" "the computer answers"
sleep 0.3
if tr -dc '\007' <"$WORK/raw" | grep -q .; then
    pass "the bell rings at the computer's move"
else
    fail "no bell at the computer's move"
fi
keys B
expect "no bell at the computer's move" "B turns it off"
: >"$WORK/raw"
keys Left Left Left Enter
expect "4 moves" "the computer answers again"
sleep 0.3
if tr -dc '\007' <"$WORK/raw" | grep -q .; then
    fail "the bell rang though it is off"
else
    pass "silent with the bell off"
fi
T pipe-pane -t e2e
quit "q after the bell" y

# ---------------------------------------------------------------------------
echo "# bad flags"
for args in "--size 2" "--size 27" "--win 9 --size 5" "--rule sideways" \
            "--black nobody" "--level 99" "--bogus" "$WORK/nothere.sgf" \
            "--size 9 $WORK/saved.sgf" "--load"; do
    # shellcheck disable=SC2086
    "$MNK" $args >"$WORK/out" 2>"$WORK/err" </dev/null
    status=$?
    lines=$(wc -l <"$WORK/err")
    if [ "$status" -eq 2 ] && [ "$lines" -eq 1 ] && [ ! -s "$WORK/out" ]; then
        pass "mnk $args: exit 2, one line: $(cat "$WORK/err")"
    else
        fail "mnk $args: exit $status with $lines stderr lines"
    fi
done

echo "$CHECKS checks passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
