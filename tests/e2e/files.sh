#!/bin/sh
# files.sh — end-to-end tests of what stands where mnk keeps its files:
# a settings file that is a symlink to /dev/zero, a FIFO or a directory
# is refused at once and said on the menu (no hang at start-up, no
# "read error"); a statistics file that cannot be read (a FIFO, an I/O
# error, no permission) is said as such, on the Statistics screen (which
# does not freeze) and at the end of a game, and is neither set aside nor
# written over; names with a newline or an escape sequence in them are
# shown escaped, each on its own row of the Load list. Exits 77 (skipped)
# without tmux.
#
# usage: files.sh PATH/TO/mnk
set -u

MNK=${1:?usage: files.sh PATH/TO/mnk}
WRAPPER=
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state

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
    if wait_for "move 2  last"; then pass "$1: the computer answered"; else fail "$1: no answer"; fi
    keys R y
    expect "White wins by resignation; cannot read" "$1: the end of the game says so"
    quit "$1: q after the game"
    if ls "$DATA" | grep -q corrupt; then
        fail "$1: set aside: $(ls "$DATA")"
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
    if [ -L "$STATS" ]; then pass "the symlink is not written over"; else fail "replaced"; fi
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
# (The checks' names hold no backslash: sh's echo would obey it.)
expect 'n\nl.sgf' "a newline in a name is shown escaped"
expect 'e\x1b[7m.sgf' "an escape sequence in a name is shown, not obeyed"
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

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
