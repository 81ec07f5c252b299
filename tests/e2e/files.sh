#!/bin/sh
# files.sh — end-to-end tests of what stands where mnk keeps its files:
# a settings file that is a symlink to /dev/zero, a FIFO or a directory
# is refused at once and said on the menu (no hang at start-up, no
# "read error"). Exits 77 (skipped) without tmux.
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

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
