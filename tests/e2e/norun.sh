#!/bin/sh
# norun.sh — a record never starts a program. A hostile record whose players
# are `engine:` commands that would create marker files is opened every way a
# record can be: `mnk FILE`, the menu's Load, Resume, `mnk convert`. The
# markers must never appear, the players become humans and the screen says
# so. Exits 77 (skipped) without tmux.
#
# usage: norun.sh PATH/TO/mnk
set -u

MNK=${1:?usage: norun.sh PATH/TO/mnk}
WRAPPER=
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
STATE=$WORK/state

MARK=$WORK/ran
hostile=$WORK/hostile.sgf
printf '(;GM[4]FF[4]SZ[7]WIN[4]PB[engine:touch %s-black]PW[engine:sh -c "touch %s-white"]\n;B[dd];W[de])\n' \
    "$MARK" "$MARK" >"$hostile"

# no_marker WHAT: neither marker file exists.
no_marker() {
    if [ -e "$MARK-black" ] || [ -e "$MARK-white" ]; then
        fail "$1: a command from the record was run"
    else
        pass "$1: nothing from the record was run"
    fi
}

# ---------------------------------------------------------------------------
echo "# mnk convert carries names, never commands"
"$MNK" convert "$hostile" "$WORK/out.sgf" 2>"$WORK/err"
rc=$?
if [ $rc -eq 0 ] && ! grep -q 'engine:' "$WORK/out.sgf" && grep -q 'PB\[touch\]' "$WORK/out.sgf"; then
    pass "convert writes the programs' names only"
else
    fail "convert: status $rc, $(cat "$WORK/out.sgf" "$WORK/err" 2>/dev/null)"
fi
no_marker "convert"

# ---------------------------------------------------------------------------
echo "# mnk FILE"
start_shell
run "$hostile"
expect "yours to play: a record never starts a program" "the screen says the record's engine is not run"
expect "1. d4   d3" "the record's moves are there"
expect "Black human" "Black is a human's"
quit "q, y" y
no_marker "mnk FILE"

# ---------------------------------------------------------------------------
echo "# the menu's Load"
start_shell
run
expect "New game" "the menu"
keys Down Enter
expect "open a game" "Load shows a field for a path"
keys -l "$hostile"
keys Enter
expect "yours to play" "Load: the record's engine is not run, and that is said"
quit "q, y" y
no_marker "Load"

# ---------------------------------------------------------------------------
echo "# Resume"
start_shell
mkdir -p "$STATE/mnk/games"
cp "$hostile" "$STATE/mnk/games/hostile.sgf"
run
expect "Resume" "the menu offers the hostile game for Resume"
keys Enter
expect "Unfinished games" "the list of unfinished games"
keys Enter
expect "yours to play" "Resume: the record's engine is not run, and that is said"
keys u                                       # a change: the game is kept again
sleep 0.5
quit "q, y" y
no_marker "Resume"
if grep -q 'engine:' "$STATE/mnk/games/hostile.sgf" 2>/dev/null; then
    fail "the game kept for Resume still holds an engine command"
else
    pass "the game kept for Resume holds no command"
fi

echo "$CHECKS passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
