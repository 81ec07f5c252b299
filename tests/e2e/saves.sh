#!/bin/sh
# saves.sh — end-to-end tests of the autosave beyond tui.sh's: every move is
# on disk at once (kill -9 loses nothing, no temporary file left), two
# instances and a new game keep each other's games, Resume lists them newest
# first, d asks and n keeps, a resumed game goes on in its own file, a
# corrupt file is set aside and reported once, and a game that cannot be
# kept says why on the game screen (a read-only directory);
# then saving by hand: the default directory, relative names, overwriting;
# and a crash (SIGSEGV) after which stty -a shows echo and icanon again.
# Exits 77 (skipped) without tmux.
#
# usage: saves.sh PATH/TO/mnk
set -u

MNK=${1:?usage: saves.sh PATH/TO/mnk}
WRAPPER=
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state
GAMES=$STATE/mnk/games

# ---------------------------------------------------------------------------
echo "# kill -9 after n moves keeps the n moves"
start_shell
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game to kill"
keys Enter Left Enter Up Enter               # Black c3, White b3, Black b4
expect "1. c3   b3" "three moves on the board"
expect "last b4" "the third is the last"
if wait_kept ';B\[cc\];W\[bc\];B\[bb\]\)'; then
    pass "the three moves are on disk before anything else happens"
else
    fail "kept after 3 moves: $(kept)"
fi
kill -9 "$(cat "$WORK/pid")"
wait_for "exit=137" || fail "mnk did not die"
if kept | grep -q ';B\[cc\];W\[bc\];B\[bb\])'; then
    pass "kill -9 after 3 moves: all 3 kept"
else
    fail "after kill -9: $(kept)"
fi
# The game, and the name of its lock (a killed window holds no lock, but
# its lock file stays until the game is opened again): nothing else.
if [ "$(find "$GAMES" -maxdepth 1 -type f ! -name '*.sgf.lock' | wc -l)" -eq 1 ] &&
   [ "$(find "$GAMES" -maxdepth 1 -type f -name '*.sgf.lock' | wc -l)" -le 1 ]; then
    pass "no temporary file left behind"
else
    fail "the autosave directory holds: $(ls -a "$GAMES")"
fi

# ---------------------------------------------------------------------------
echo "# two instances, and a new game, keep each other's games"
start_shell
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "the first instance"
keys Enter                                   # c3
expect "last c3" "the first instance's move"
second_window
run --size 6 --win 4 --black human --white human
expect "6×6 k=4 freestyle" "a second instance beside it"
keys Enter Down Enter                        # two moves, one under the other
expect "1. c3   c2" "two moves in the second instance"
if [ "$(count_kept)" -eq 2 ]; then pass "two instances: two files"; else fail "kept: $(ls "$GAMES")"; fi
keys n y
expect "Start" "n, y: the new-game form"
keys Enter
expect "6×6 k=4 freestyle" "a new game in the second instance"
keys Enter
expect "last " "a move in the new game"
wait_kept 'SZ\[6\].*;B\[[a-z][a-z]\]\)' >/dev/null
if [ "$(count_kept)" -eq 3 ]; then
    pass "the new game did not replace the one left"
else
    fail "after a new game, kept: $(ls "$GAMES")"
fi
kill -9 "$(cat "$WORK/pid")"
wait_for "exit=137" || fail "the second instance did not die"
T select-window -t e2e:0
quit "the first instance quits" y
if [ "$(count_kept)" -eq 3 ] && kept | grep -q 'SZ\[5\]' && kept | grep -q 'SZ\[6\]'; then
    pass "both instances' games are kept"
else
    fail "kept: $(ls "$GAMES")"
fi

echo "# Resume lists them newest first; d deletes one after a y"
run
expect "Resume" "the menu offers Resume"
keys Enter
expect "Unfinished games, newest first" "Resume lists the kept games"
expect "6×6 k=4 freestyle  human vs human  1 move, White to play" "the new game of the second instance"
expect "6×6 k=4 freestyle  human vs human  2 moves, Black to play" "the game it left"
expect "5×5 k=4 freestyle  human vs human  1 move, White to play" "the first instance's game"
newest=$(screen | grep -n "6×6 k=4 freestyle  human vs human  1 move" | cut -d: -f1)
middle=$(screen | grep -n "6×6 k=4 freestyle  human vs human  2 moves" | cut -d: -f1)
oldest=$(screen | grep -n "5×5 k=4 freestyle  human vs human" | cut -d: -f1)
if [ "$newest" -lt "$middle" ] && [ "$middle" -lt "$oldest" ]; then
    pass "newest first"
else
    fail "not newest first"
fi
keys d
expect "Delete this unfinished game?" "d asks first"
keys n
if [ "$(count_kept)" -eq 3 ]; then pass "n keeps it"; else fail "n deleted a game"; fi
expect "Unfinished games, newest first" "and the list stays"
keys d y
tries=$PATIENCE
while [ "$(count_kept)" -ne 2 ] && [ "$tries" -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
if [ "$(count_kept)" -eq 2 ] && kept | grep -q 'SZ\[5\]' &&
   ! kept | grep -Eq 'SZ\[6\][^;]*;B\[[a-z]{2}\]\)'; then
    pass "d, y deletes the highlighted game, and only it"
else
    fail "after d y: $(ls "$GAMES")"
fi
expect "Unfinished games, newest first" "the list stays after a delete"
keys Down Enter
expect "resumed where you left off" "another one opens from the list"
keys Left Left Enter
expect "1. c3   a3" "a move in the resumed game"
quit "q, y in the resumed game" y
if [ "$(count_kept)" -eq 2 ]; then
    pass "a resumed game goes on in its own file: still two"
else
    fail "after resuming: $(ls "$GAMES")"
fi

# ---------------------------------------------------------------------------
echo "# the same game in two windows: each window's moves are kept"
start_shell
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game for two windows"
keys Enter                                   # c3
expect "last c3" "its first move"
quit "left unfinished" y
run
expect "Resume" "the first window offers Resume"
keys Enter Enter
expect "resumed where you left off" "the first window resumes the game"
second_window
run
expect "Resume" "the second window offers Resume"
keys Enter
expect "to play  open elsewhere" "its list says the game is open in the first"
keys Enter
expect "This game is open in another window" "Enter asks before touching it"
keys y
expect "a copy of the game open in another window" "y: a copy of its own"
keys Left Enter                              # White b3, in the copy
expect "last b3" "the second window's move"
T select-window -t e2e:0
keys Left Enter Up Enter Up Enter            # White b3, Black b4, White b5
expect "last b5" "the first window's three moves"
quit "the first window quits" y
T select-window -t e2e:1
quit "the second window quits" y
if [ "$(count_kept)" -eq 2 ] && kept | grep -q ';B\[cc\];W\[bc\];B\[bb\];W\[ba\])' &&
   kept | grep -q ';B\[cc\];W\[bc\])'; then
    pass "both windows' moves are kept, each in a file of its own"
else
    fail "two windows on one game: $(kept)"
fi

echo "# a window killed on a game does not lock it"
T select-window -t e2e:0
run
expect "Resume" "Resume once more"
keys Enter
expect "4 moves" "the game with the first window's moves"
# The list's rows, newest first: go down to the one with 4 moves.
row=$(screen | grep "human vs human" | grep -n "4 moves" | cut -d: -f1)
i=1
while [ "$i" -lt "${row:-1}" ]; do keys Down; i=$((i + 1)); done
keys Enter
expect "resumed where you left off" "the game is open in the first window"
kill -9 "$(cat "$WORK/pid")"
wait_for "exit=137" || fail "the first window did not die"
T select-window -t e2e:1
run
expect "Resume" "the second window, after the first was killed"
keys Enter
expect "4 moves" "lists the game"
if screen | grep -q "open elsewhere"; then
    fail "a killed window still holds its game"
else
    pass "nothing is open in another window any more"
fi
row=$(screen | grep "human vs human" | grep -n "4 moves" | cut -d: -f1)
i=1
while [ "$i" -lt "${row:-1}" ]; do keys Down; i=$((i + 1)); done
keys Enter
expect "resumed where you left off" "it resumes, no copy asked for"
keys Right Enter                             # Black, right of the cursor: free
if wait_kept ';W\[ba\];B\[[a-e]{2}\]\)'; then pass "a move in it is kept"; else fail "no fifth move: $(kept)"; fi
quit "the second window quits again" y
if [ "$(count_kept)" -eq 2 ] && kept | grep -Eq ';B\[cc\];W\[bc\];B\[bb\];W\[ba\];B\[[a-e]{2}\]\)'; then
    pass "the game the killed window held goes on in its own file"
else
    fail "after the kill: $(kept)"
fi

echo "# D deletes every unfinished game but the one open in another window"
T select-window -t e2e:0
# Killed, mnk left this terminal in its modes: Enter is no newline there.
keys "stty sane" C-j
wait_for '$' >/dev/null
run
expect "Resume" "a window to hold one game"
keys Enter Enter
expect "resumed where you left off" "it holds the newest"
T select-window -t e2e:1
run
expect "Resume" "Resume in the other window"
keys Enter
expect "D delete all" "the list's key line offers D"
keys D
expect "Delete all 2 unfinished games?" "D asks first, with the count"
keys y
expect "1 game open in another window was not deleted" "the game held elsewhere is spared, and said"
if [ "$(count_kept)" -eq 1 ]; then pass "D deleted the other"; else fail "after D: $(ls "$GAMES")"; fi
quit "the second window quits"
T select-window -t e2e:0
keys q
expect "Quit? The game is kept for Resume." "quitting says the game is kept"
keys y
# (Its terminal's modes were set by hand above: only the status is compared.)
if wait_for "exit=0"; then pass "the first window quits: exit status 0"; else fail "no exit 0"; fi
if [ "$(count_kept)" -eq 1 ]; then pass "and its game is kept"; else fail "kept: $(ls "$GAMES")"; fi

# ---------------------------------------------------------------------------
echo "# a corrupt autosave is set aside and reported once"
start_shell
mkdir -p "$GAMES"
printf '(;GM[4]SZ[7];B[zz' >"$GAMES/broken.sgf"
run
expect "set aside as" "the menu reports the file set aside"
if [ -e "$GAMES/broken.sgf" ]; then fail "broken.sgf still there"; else pass "moved away"; fi
aside=$(find "$GAMES" -name 'broken.sgf.corrupt-*' | wc -l)
if [ "$aside" -eq 1 ] && grep -q 'B\[zz' "$GAMES"/broken.sgf.corrupt-*; then
    pass "kept as it was under a .corrupt- name"
else
    fail "set aside: $(ls "$GAMES")"
fi
quit "q"
run
expect "New game" "the menu again"
if screen | grep -qF "set aside"; then fail "reported twice"; else pass "reported once only"; fi
quit "q"

# ---------------------------------------------------------------------------
echo "# a read-only autosave directory: the game screen says so"
# Root writes anywhere: then the directory is a plain file instead, which
# nobody can write under.
start_shell
mkdir -p "$STATE/mnk"
if [ "$(id -u)" -ne 0 ]; then
    mkdir "$GAMES"
    chmod 500 "$GAMES"
    why="ermission denied"
else
    : >"$GAMES"
    why="Not a directory"
fi
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game that cannot be kept"
keys Enter
expect "could not be kept" "the warning is on the game screen"
expect "$why" "with the reason"
keys Left Enter
expect "last b3" "the game goes on"
expect "could not be kept" "the warning stays"
keys q y
expect "could not be kept" "and is repeated once the screen is left"
expect_restored 1 "the exit status says the game was not kept"
[ -d "$GAMES" ] && chmod 700 "$GAMES"

# ---------------------------------------------------------------------------
echo "# saving by hand: the default directory, relative names, replacing a file"
start_shell
mkdir -p "$WORK/here"
T send-keys -t e2e "cd $WORK/here" Enter
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game to save"
keys Enter
expect "last c3" "a move"
keys s
expect "Save the game as: " "s asks for a name"
expect ".local/share/mnk/games/mnk-20" "offering a dated name in ~/.local/share/mnk/games"
keys Enter
expect "saved to $WORK/.local/share/mnk/games/mnk-20" "Enter saves there, the directory made"
if [ "$(find "$WORK/.local/share/mnk/games" -name 'mnk-20*.sgf' | wc -l)" -eq 1 ]; then
    pass "the file is in the data directory"
else
    fail "no file in $WORK/.local/share/mnk/games"
fi
keys s C-u
keys -l "mine"
keys Enter
expect "saved to $WORK/here/mine.sgf" "a relative name is relative to where mnk started"
keys Left Enter
expect "last b3" "another move"
keys s C-u
keys -l "mine"
keys Enter
expect "Replace mine.sgf?" "saving over a file asks first"
keys n
if grep -q 'W\[bc\]' "$WORK/here/mine.sgf"; then fail "n replaced the file"; else pass "n keeps the file"; fi
keys s C-u
keys -l "mine.sgf"
keys Enter
expect "Replace mine.sgf?" "asked again"
keys y
expect "saved to $WORK/here/mine.sgf" "y replaces it"
if grep -q ';B\[cc\];W\[bc\]' "$WORK/here/mine.sgf"; then pass "with both moves"; else fail "mine.sgf: $(cat "$WORK/here/mine.sgf")"; fi
quit "q, y" y

# ---------------------------------------------------------------------------
echo "# a crash gives the terminal back, and the game is kept"
start_shell
T send-keys -t e2e "ulimit -c 0" Enter
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game that will crash"
keys Enter Left Enter
expect "1. c3   b3" "two moves"
wait_kept ';B\[cc\];W\[bc\]\)' || true
kill -s SEGV "$(cat "$WORK/pid")"
expect_restored 139 "SIGSEGV"
keys -l "clear; stty -a | tr -s ' ;' '\\n\\n' | grep -x -e echo -e icanon | sort | tr '\\n' ,; echo"
keys Enter
expect "echo,icanon," "stty -a: echo and icanon are back"
if kept | grep -q ';B\[cc\];W\[bc\])'; then pass "the crashed game is kept"; else fail "kept: $(kept)"; fi

echo "$CHECKS passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
