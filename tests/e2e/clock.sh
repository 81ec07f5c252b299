#!/bin/sh
# clock.sh — end-to-end tests of the game clock. The form's Clock row goes
# through the usual controls and takes a typed one (a bad one is refused
# with the reason), and the settings remember it. On the game screen both
# clocks show, the one of the side to move running; a flag that falls ends
# the game ("White lost on time"), which the record (RE[B+T], TM, BL/WL)
# and the statistics keep; p stops the clock; undo brings a clock back as
# it was; a game killed with -9 resumes with its clocks as kept, the time
# away not charged. "low" says a clock is short of time in words (so
# without colour too), in Chinese as well.
# Exits 77 (skipped) without tmux.
#
# usage: clock.sh PATH/TO/mnk
set -u

MNK=${1:?usage: clock.sh PATH/TO/mnk}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
GAMES=$STATE/mnk/games
STATS=$WORK/.local/share/mnk/stats   # HOME is $WORK and XDG_DATA_HOME unset

# face SIDE: the time the panel shows for SIDE (Black or White).
face() {
    screen | grep -E "[●○] $1  human" | head -1 | grep -Eo '[0-9]+:[0-9]{2}(\.[0-9])?' | tail -1
}

# ---------------------------------------------------------------------------
echo "# the form's Clock row, remembered"
start_shell
run
keys Enter                                   # the form
keys Up Up Up                                # Clock
expect "Clock" "the form has a Clock row"
keys Right Right
expect "3 min each, +2 s a move" "right goes to 3+2"
keys Enter C-u
keys -l "xyz"
keys Enter
expect "is no time" "a control that is none is refused with the reason"
keys C-u
keys -l "10m+5x30s"
keys Enter
expect "10 min each, then 5×30 s a move" "a typed byo-yomi is taken and said in words"
keys Down Down Enter                         # Start
expect "10:00" "the game starts with ten minutes a side"
expect "clock 10m+5x30s" "the panel names the control"
keys q y
expect_restored 0 "q in the game on the clock"
if grep -q '^clock = 10m+5x30s$' "$CONFIG/mnk/settings"; then
    pass "the settings remember the control"
else
    fail "settings: $(cat "$CONFIG/mnk/settings" 2>&1)"
fi

# ---------------------------------------------------------------------------
echo "# a flag that falls"
start_shell
run --size 7 --win 4 --black human --white human --tc 4s+1s
expect "0:0" "both clocks show, under ten seconds with tenths"
expect "both clocks low" "a clock short of time says so in words"
keys Enter                                   # Black d4 at once
expect "White lost on time" "White's flag falls: the game is lost on time"
keys s C-u
keys -l "$WORK/flag.sgf"
keys Enter
expect "saved to $WORK/flag.sgf" "the game is saved"
if grep -q 'RE\[B+T\]' "$WORK/flag.sgf" && grep -q 'TM\[4\]' "$WORK/flag.sgf" &&
    grep -q ';B\[dd\]BL\[' "$WORK/flag.sgf"; then
    pass "the record keeps the loss on time, the control and Black's clock"
else
    fail "flag.sgf: $(cat "$WORK/flag.sgf" 2>&1)"
fi
tries=$PATIENCE
while [ "$tries" -gt 0 ] && ! grep -q '^people 7x7 4 freestyle' "$STATS" 2>/dev/null; do
    sleep 0.1
    tries=$((tries - 1))
done
if grep -q '^people 7x7 4 freestyle 4s+1s 1 0 0 1$' "$STATS" 2>/dev/null; then
    pass "the statistics count Black's win on time"
else
    fail "stats: $(cat "$STATS" 2>&1)"
fi
quit "q after the flag"

# ---------------------------------------------------------------------------
echo "# a pause, an undo, and a game killed and resumed on the clock"
start_shell
run --size 7 --win 4 --black human --white human --tc 1+0
expect "clock 1+0" "a game of a minute a side"
keys p
expect "paused; p resumes" "p stops the clock between two people"
expect "(stopped)" "the panel says the clock is stopped"
before=$(face Black)
sleep 1.5
if [ -n "$before" ] && [ "$(face Black)" = "$before" ]; then
    pass "a stopped clock does not run ($before)"
else
    fail "Black's clock ran while stopped: $before, then $(face Black)"
fi
keys Enter
expect "the clock is stopped: p starts it again" "no move while the clock is stopped"
keys p
sleep 2.2
keys Enter                                   # Black d4 after two seconds
expect "1 move  last d4" "Black moves"
black=$(face Black)
case $black in
    0:5[0-8]) pass "Black's clock was charged the move ($black)" ;;
    *) fail "Black's clock after two seconds: $black" ;;
esac
keys Right Enter                             # White e4 at once
expect "2 moves  last e4" "White moves"
keys u
expect "1 move  last d4" "undo takes White's move back"
if [ "$(face Black)" = "$black" ]; then
    pass "Black's clock stays as it was after its move"
else
    fail "Black's clock after the undo: $(face Black), was $black"
fi
keys u
expect "no move yet" "undo takes Black's move back"
case $(face Black) in
    1:00 | 0:59) pass "Black's clock is back to its minute" ;;
    *) fail "Black's clock after undoing its move: $(face Black)" ;;
esac
sleep 3.2
keys Enter                                   # Black e4 (the cursor's), three seconds on
expect "1 move  last e4" "Black moves again"
black=$(face Black)
if wait_kept ';B\[ed\]BL\['; then
    pass "the kept game has Black's clock"
else
    fail "kept: $(kept)"
fi
kill -9 "$(cat "$WORK/pid")"
expect "exit=137" "mnk killed with -9"
keys C-j "stty sane" C-j                     # the terminal as mnk left it
sleep 2
run
expect "Resume" "the game is offered for Resume"
keys Enter
expect "1 move" "the list shows the game"
keys Enter
expect "last e4" "the game resumes"
if [ "$(face Black)" = "$black" ]; then
    pass "Black's clock is as kept ($black)"
else
    fail "Black's clock resumed: $(face Black), was $black"
fi
case $(face White) in
    1:00 | 0:59) pass "White's clock was not charged the time away" ;;
    *) fail "White's clock resumed: $(face White)" ;;
esac
quit "q in the resumed game" y

# ---------------------------------------------------------------------------
echo "# Chinese, and without colour"
start_shell zh_CN.UTF-8
RUN_ENV="NO_COLOR=1" run --lang zh_CN --size 7 --win 4 --black human --white human --tc 4s+1s
expect "双方时间都紧" "the low-time warning in Chinese"
expect "时间紧" "a low clock is marked in words without colour"
keys Enter
expect "白方超时负" "a loss on time in Chinese"
quit "q in Chinese"

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
