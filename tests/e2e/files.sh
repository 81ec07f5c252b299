#!/bin/sh
# files.sh — end-to-end tests of what stands where mnk keeps its files:
# a settings file that is a symlink to /dev/zero, a FIFO or a directory
# is refused at once and said on the menu (no hang at start-up, no
# "read error"); a statistics file that cannot be read (a FIFO, an I/O
# error, no permission) is said as such, on the Statistics screen (which
# does not freeze) and at the end of a game, and is neither set aside nor
# written over; names with a newline or an escape sequence in them are
# shown escaped, each on its own row of the Load list; a state path too
# long is said as such (not "HOME is not set"), a reason after a long path
# is not cut off, and settings that cannot be written at quit are said on
# stderr, the exit status staying 0. Exits 77 (skipped) without tmux.
#
# usage: files.sh PATH/TO/mnk
set -u

MNK=${1:?usage: files.sh PATH/TO/mnk}
WRAPPER=
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state

# said TEXT WHAT: the screen shows TEXT, lines wrapped by the terminal
# joined (what mnk wrote on stderr at the end may be longer than a row).
said() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        if T capture-pane -p -J -t e2e | grep -qF -- "$1"; then
            pass "$2"
            return
        fi
        sleep 0.1
        tries=$((tries - 1))
    done
    fail "$2 (no '$1' on screen)"
}

# settings_are KIND MAKE...: a new shell whose settings file is made by the
# command MAKE (run with the path as its last argument); mnk must start at
# once, say that the file is KIND on the menu, and quit normally.
settings_are() {
    kind=$1
    shift
    start_shell
    mkdir -p "$CONFIG/mnk"
    "$@" "$CONFIG/mnk/settings"
    run
    expect "New game" "the menu, with a $kind for settings"
    expect "settings: is a $kind" "the $kind is said on the menu"
    quit "q with a $kind for settings"
}

# ---------------------------------------------------------------------------
echo "# what is no settings file is refused at once"
settings_are device ln -s /dev/zero
settings_are pipe mkfifo
settings_are directory mkdir

# ---------------------------------------------------------------------------
DATA=$WORK/.local/share/mnk   # HOME is $WORK and XDG_DATA_HOME unset
STATS=$DATA/stats

# The menu's entries, from New game: Load, then Statistics.
open_stats() {
    expect "New game" "the menu"
    keys Down Down Enter
    expect "mnk  statistics" "Statistics opens from the menu"
}

# stats_unreadable WHAT SAYS: with the statistics file made unreadable
# beforehand (WHAT describes how), the Statistics screen says "cannot
# read" and SAYS, at once and without a table; a game against the
# computer that ends says so too and is not counted; the file is neither
# set aside nor written over (the caller checks what it holds).
stats_unreadable() {
    start_shell
    run
    open_stats
    expect "cannot read" "$1: the screen says it cannot read the statistics"
    expect "$2" "$1: and why"
    if screen | grep -qF "No games against the computer yet"; then
        fail "$1: the screen claims there are no games"
    else
        pass "$1: no games claimed"
    fi
    keys Escape
    expect "Statistics" "$1: Esc goes back to the menu"
    quit "$1: q in the menu"
    run --size 5 --win 4 --black human --white club
    expect "5×5 k=4 freestyle" "$1: a game against club"
    keys Enter
    if wait_for "2 moves  last"; then pass "$1: the computer answered"; else fail "$1: no answer"; fi
    keys R y
    expect "White wins by resignation; cannot read" "$1: the end of the game says so"
    quit "$1: q after the game"
    set -- "$1" "$DATA"/stats.corrupt-*
    if [ -e "$2" ]; then
        fail "$1: set aside as $2"
    else
        pass "$1: not set aside"
    fi
}

echo "# a statistics file that cannot be read is not corrupt"
mkdir -p "$DATA"
mkfifo "$STATS"
stats_unreadable "a FIFO" "is a pipe"
if [ -p "$STATS" ]; then pass "the FIFO is still there"; else fail "the FIFO is gone"; fi
rm -f "$STATS"
# /proc/self/mem read at address 0 fails with EIO whoever reads it, root too.
if [ -e /proc/self/mem ]; then
    ln -s /proc/self/mem "$STATS"
    stats_unreadable "an I/O error" "Input/output error"
    if [ -L "$STATS" ]; then
        pass "the symlink is not written over"
    else
        fail "the symlink was written over"
    fi
    rm -f "$STATS"
fi
if [ "$(id -u)" -ne 0 ]; then
    printf 'mnk-stats 1\nstreak L 1 0\ncomputer club 5x5 4 freestyle 0 1 0 L 1 0\n' >"$STATS"
    cp "$STATS" "$WORK/kept-stats"
    chmod 000 "$STATS"
    stats_unreadable "no permission" "Permission denied"
    chmod 600 "$STATS"
    if cmp -s "$STATS" "$WORK/kept-stats"; then
        pass "the unreadable statistics are as they were"
    else
        fail "the unreadable statistics changed: $(cat "$STATS")"
    fi
    rm -f "$STATS"
fi

# ---------------------------------------------------------------------------
echo "# names with controls in them stay on their row of the Load list"
GAMES=$DATA/games
mkdir -p "$GAMES"
record='(;FF[4]GM[4]SZ[3]RU[freestyle]WIN[3]PB[human]PW[club];B[aa])'
# Short names: the list shows the end of each row only on a wide screen.
printf '%s\n' "$record" >"$GAMES/$(printf 'n\nl.sgf')"
printf '%s\n' "$record" >"$GAMES/$(printf 'e\033[7m.sgf')"
start_shell
run
expect "New game" "the menu"
keys Down Enter
expect "2 games, newest first" "the Load list has both games"
# (No backslash goes into a check's name or message: sh's echo obeys it.)
if wait_for 'n\nl.sgf'; then
    pass "a newline in a name is shown escaped"
else
    fail "a newline in a name is not shown escaped"
fi
if wait_for 'e\x1b[7m.sgf'; then
    pass "an escape sequence in a name is shown, not obeyed"
else
    fail "an escape sequence in a name is not shown"
fi
for kind in newline escape; do
    name='n\nl.sgf'
    [ $kind = escape ] && name='e\x1b[7m.sgf'
    case $(screen | grep -F "$name" | head -n 1) in
    *"3×3 k=3"*) pass "the name with the $kind is on the row of its game" ;;
    *) fail "the name with the $kind is not on its game's row" ;;
    esac
done
if screen | grep -q '^l\.sgf'; then
    fail "a name ran into the next row"
else
    pass "no name runs into the next row"
fi
if screen | tail -n 1 | grep -qF "Esc back"; then
    pass "the key line is still the last row"
else
    fail "the key line is not the last row"
fi
# Tab brings the name into the field, which shows it escaped too.
keys -l "$GAMES/n"
keys Tab
if wait_for 'l.sgf' && screen | grep -F 'File:' | grep -qF 'n\nl.sgf'; then
    pass "the field shows the completed name escaped, on its row"
else
    fail "the completed name in the field"
fi
keys Escape Escape
expect "Load" "Esc goes back to the menu"
quit "q in the menu"
rm -rf "$GAMES"

# ---------------------------------------------------------------------------
echo "# each reason the game cannot be kept is its own, and whole"
# with_state_home PATH: mnk runs with PATH as its XDG_STATE_HOME, through a
# script: a command line that long would not fit a terminal's line.
with_state_home() {
    printf '#!/bin/sh\nXDG_STATE_HOME='\''%s'\'' exec "%s" "$@"\n' "$1" "$REAL_MNK" >"$WORK/mnk-state"
    chmod +x "$WORK/mnk-state"
    MNK=$WORK/mnk-state
}
REAL_MNK=$MNK
# A state directory whose path leaves no room for a game's file: the path
# is too long, which is no missing HOME.
with_state_home "$WORK/$(printf '%04070d' 0)"
start_shell
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game with a state path too long"
keys Enter
expect "could not be kept: the path under \$XDG_STATE_HOME is too long" \
    "the game screen says the path is too long"
if screen | grep -qF "HOME is not set"; then fail "it blames HOME"; else pass "HOME is not blamed"; fi
keys q y
said "nowhere to keep it: the path under \$XDG_STATE_HOME is too long" "and again on stderr"
expect_restored 1 "the game was not kept"
# A name longer than a directory may have (ENAMETOOLONG) deep in a long
# path: the system's reason, not cut off after the path.
with_state_home "$WORK/$(printf '%03900d' 0)"
start_shell
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game with a state directory name too long"
keys Enter
expect "could not be kept: File name too long" "the reason comes first on the game screen"
keys q y
said "00: File name too long" "and whole after the path on stderr"
expect_restored 1 "the game was not kept"
MNK=$REAL_MNK

# ---------------------------------------------------------------------------
echo "# settings that cannot be written at quit are said on stderr"
start_shell
mkdir -p "$CONFIG/mnk/settings"
run --size 5 --win 4 --black human --white human
expect "5×5 k=4 freestyle" "a game"
keys t                                       # threat marks off: a setting
keys q
expect_restored 0 "a setting lost is no game lost"
said "mnk: settings not kept: $CONFIG/mnk/settings: is a directory" \
    "the settings not kept are said on stderr"

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
