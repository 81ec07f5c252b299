#!/bin/sh
# locks.sh — end-to-end tests of the autosaves' locks beyond saves.sh's: a
# lock file that cannot be used (a directory, a FIFO in its place) is never
# taken for free — two windows that choose the game each play on a copy of
# their own and the game itself is left as it was — a FIFO never holds the
# game up at start, and a list read before another window opened a game
# learns it while it is on screen.
# Exits 77 (skipped) without tmux.
#
# usage: locks.sh PATH/TO/mnk
set -u

MNK=${1:?usage: locks.sh PATH/TO/mnk}
WRAPPER=
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
GAMES=$STATE/mnk/games

# wait_count N: polls until the autosave directory holds N games.
wait_count() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        [ "$(count_kept)" -eq "$1" ] && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# one_game: a 5×5 game with Black's c3, left unfinished; $game is its file.
one_game() {
    run --size 5 --win 4 --black human --white human
    expect "5×5 k=4 freestyle" "a game to keep"
    keys Enter
    expect "last c3" "its first move"
    quit "left unfinished" y
    game=$(find "$GAMES" -maxdepth 1 -name '*.sgf' | head -n 1)
    [ -n "$game" ] || { fail "no game kept"; exit 1; }
}

# ---------------------------------------------------------------------------
echo "# a lock file that is a directory: two windows, two copies, the game untouched"
start_shell
one_game
mkdir "$game.lock"
before=$(cat "$game")
run
expect "Resume" "the first window offers Resume"
keys Enter
expect "lock unusable" "its list says the game's lock cannot be used"
keys Enter
expect "This game's lock file cannot be used" "Enter asks before touching it"
keys y
expect "playing a copy: the game's lock file cannot be used (Is a directory)" "y: a copy, and why"
keys Left Enter Up Enter Up Enter            # White b3, Black b4, White b5
expect "last b5" "the first window's three moves"
second_window
run
expect "Resume" "the second window offers Resume"
keys Enter
expect "lock unusable" "the second window's list says so too"
# Its list holds the first window's copy too: pick the game with 1 move.
row=$(screen | grep "human vs human" | grep -n "1 move," | cut -d: -f1)
i=1
while [ "$i" -lt "${row:-1}" ]; do keys Down; i=$((i + 1)); done
keys Enter
expect "This game's lock file cannot be used" "the second window asks too"
keys y
expect "playing a copy: the game's lock file" "and plays on a copy as well"
keys Left Enter Down Enter                   # White b3, Black b2
expect "last b2" "the second window's two moves"
quit "the second window quits" y
T select-window -t e2e:0
quit "the first window quits" y
if [ "$(cat "$game")" = "$before" ]; then
    pass "the game whose lock cannot be used is left as it was"
else
    fail "the game was written: $(cat "$game")"
fi
if [ "$(count_kept)" -eq 3 ] && kept | grep -q ';B\[cc\];W\[bc\];B\[bb\];W\[ba\])' &&
   kept | grep -q ';B\[cc\];W\[bc\];B\[bd\])'; then
    pass "both windows' moves are kept, each in a copy of its own"
else
    fail "kept: $(kept)"
fi
rmdir "$game.lock"

# ---------------------------------------------------------------------------
echo "# a lock file that is a FIFO neither hangs the start nor is taken"
start_shell
one_game
mkfifo "$game.lock"
run
expect "Resume" "the menu comes up at once"
keys Enter
expect "lock unusable" "the list says the lock cannot be used"
keys Enter
expect "This game's lock file cannot be used" "choosing it asks"
keys y
expect "lock file cannot be used (not a regular file)" "a copy, and why"
quit "q works" y
rm -f "$game.lock"

# ---------------------------------------------------------------------------
echo "# a list read before another window opened a game learns it"
start_shell
rm -rf "$GAMES"
one_game
run
expect "Resume" "the first window's menu"
keys Enter
expect "1 move, White to play" "its list, the game free"
if screen | grep -q "open elsewhere"; then fail "free game shown as open"; else pass "shown free"; fi
second_window
run
expect "Resume" "a second window"
keys Enter Enter
expect "resumed where you left off" "the second window opens the game"
T select-window -t e2e:0
expect "open elsewhere" "the first window's list, still on screen, says it is open elsewhere"
keys Enter
expect "This game is open in another window" "and choosing it asks for a copy"
keys n
expect "open elsewhere" "after the question the list still says so"
T select-window -t e2e:1
quit "the second window leaves the game" y
T select-window -t e2e:0
if wait_gone "open elsewhere"; then
    pass "the list sees the other window leave"
else
    fail "the list still says open elsewhere after the other window left"
fi
keys Enter
expect "resumed where you left off" "now it resumes with no question"
quit "the first window quits" y
wait_count 1 || fail "one game expected: $(ls "$GAMES")"

echo "$CHECKS passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
