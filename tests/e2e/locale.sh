#!/usr/bin/env bash
# locale.sh — the end-to-end tests can run under a Chinese locale: need_locale
# makes zh_CN.UTF-8 usable (compiling it without root when the machine lacks
# it) and start_shell zh_CN.UTF-8 starts a shell in it, whose programs then
# count CJK text in characters and whose output comes back from the tmux
# screen intact, two columns a character.
#
#   locale.sh
#
# Exit 0 when all checks pass, 1 on a failure, 77 without tmux, or when the
# locale is missing and cannot be made (no localedef or no locale sources).
# The $(...) sent as keys are the tmux shell's to expand: single quotes.
# shellcheck disable=SC2016
set -u

command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"

need_locale zh_CN.UTF-8
if [ -n "$E2E_LOCPATH" ]; then
    echo "zh_CN.UTF-8 made in $E2E_LOCPATH"
else
    echo "zh_CN.UTF-8 from the system"
fi
start_shell zh_CN.UTF-8

# wait_line LINE: like wait_for, for a whole line of the screen.
wait_line() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        screen | grep -qxF -- "$1" && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# The shell's programs really are in the locale: one that failed to load
# says so on standard error and falls back to ASCII.
keys 'clear; echo "$(locale territory) $(locale charmap) errors=$(locale 2>&1 >/dev/null | wc -l)"' Enter
expect "China UTF-8 errors=0" "the shell's programs run in zh_CN.UTF-8"

# Multibyte-aware: six bytes, two characters.
keys 'clear; echo "chars=$(printf 对局 | wc -m)"' Enter
expect "chars=2" "wc -m counts 对局 as two characters"

# The text comes back from the screen as it was written.
keys "clear; printf '对局|五子棋|\\n'" Enter
if wait_line '对局|五子棋|'; then
    pass "对局|五子棋| comes back from the screen"
else
    fail "对局|五子棋| does not come back from the screen"
fi

# Each CJK character takes two columns: the cursor stands at column 10
# after five of them, and forty fill a line of 80 exactly.
keys "clear; printf '对局五子棋'; read x" Enter
wait_line '对局五子棋'
x=$(T display-message -p -t e2e '#{cursor_x}')
if [ "$x" = 10 ]; then
    pass "five CJK characters take ten columns"
else
    fail "five CJK characters took $x columns, not 10"
fi
keys Enter
row=棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋棋
keys "clear; printf '%s|\\n' $row" Enter
if wait_line '|' && screen | grep -qxF "$row"; then
    pass "forty CJK characters fill a line of 80 columns"
else
    fail "forty CJK characters do not fill exactly one line"
fi

echo "$CHECKS checks passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
