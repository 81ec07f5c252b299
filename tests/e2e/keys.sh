#!/usr/bin/env bash
# keys.sh — random keys at the full-screen game: thousands of keys, escape
# sequences, mouse reports and junk bytes, with the window resized between
# bursts (80×24, 20×8, 200×60, down to 1×1), first in a game against the threat player,
# then from the menu. mnk must stay alive and keep something on the screen;
# if the keys happen to quit it (the menu's Quit), it must have exited 0 with
# the terminal restored, and it is started again. At the end it quits with
# q (and y when asked) and leaves the terminal as it found it. Last, unknown,
# unset and cursorless (dumb) terminals are refused cleanly.
#
#   keys.sh MNK_BINARY [BURSTS]
#
# Deterministic: bash's RANDOM is seeded. Exit 0 when all checks pass, 1 on
# a failure, 77 without tmux.
set -u

MNK=${1:?usage: keys.sh MNK_BINARY [BURSTS]}
BURSTS=${2:-30}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"

RANDOM=7
# Named keys tmux knows, then literal sequences (sent with -l). No q, Ctrl-C
# Ctrl-\ or Ctrl-Z: those quit, kill or stop by design.
named=(Up Down Left Right Enter Space Escape Tab BTab BSpace Home End PPage NPage
       IC DC F1 F2 F5 F10 u r n y '?' h j k l a z 1 9 0 - + C-l C-a M-x S-Up)
ESC=$'\033'
literal=("${ESC}[A" "${ESC}[1;5C" "${ESC}[" "${ESC}O" "${ESC}[999;999R" "${ESC}[?1;2c"
         "${ESC}[200~paste${ESC}[201~" "${ESC}[<0;5;5M" "${ESC}[<64;1;1M" "${ESC}[M !!"
         "${ESC}[M#~~" "${ESC}${ESC}${ESC}" "é" "日本" $'\x7f' $'\x01' $'\x1f' "${ESC}[24~")

# burst N: N random keys, a few at a time.
burst() {
    local n=$1 batch=()
    for ((i = 0; i < n; i++)); do
        if ((RANDOM % 4 == 0)); then
            ((${#batch[@]})) && keys "${batch[@]}"
            batch=()
            keys -l "${literal[RANDOM % ${#literal[@]}]}"
        elif ((RANDOM % 40 == 0)); then
            # an X10 mouse report at a random cell, maybe outside the window
            keys -l "${ESC}[M$(printf "\\$(printf %o $((32 + RANDOM % 3)))\\$(printf %o $((33 + RANDOM % 94)))\\$(printf %o $((33 + RANDOM % 94)))")"
        else
            batch+=("${named[RANDOM % ${#named[@]}]}")
            ((${#batch[@]} >= 20)) && { keys "${batch[@]}"; batch=(); }
        fi
    done
    ((${#batch[@]})) && keys "${batch[@]}"
}

alive() { kill -0 "$(cat "$WORK/pid" 2>/dev/null)" 2>/dev/null; }
# gone: polls for up to 2 s until mnk has exited; false if it has not.
gone() {
    local t=20
    while alive && [ "$t" -gt 0 ]; do
        sleep 0.1
        t=$((t - 1))
    done
    ! alive
}

# not_blank: the screen has something on it (polls, as drawing may lag).
not_blank() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        screen | grep -q '[^[:space:]]' && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

sizes=("80 24" "20 8" "200 60" "1 1" "33 11" "120 40" "4 2" "80 24")

# storm ARGS: starts mnk with ARGS and sends BURSTS bursts at it.
storm() {
    local what=$1
    shift
    start_shell
    run "$@"
    local restarts=0
    for ((b = 0; b < BURSTS; b++)); do
        local size=${sizes[b % ${#sizes[@]}]}
        T resize-window -t e2e -x "${size% *}" -y "${size#* }"
        burst 60
        sleep 0.05
        if ! alive; then
            # Quit by a key: fine if it was a clean exit (the status is in a
            # file: at 1×1 the screen cannot show it).
            tries=$PATIENCE
            while [ ! -s "$WORK/status" ] && [ "$tries" -gt 0 ]; do
                sleep 0.1
                tries=$((tries - 1))
            done
            local status
            status=$(cat "$WORK/status" 2>/dev/null)
            if [ "$status" != 0 ]; then
                fail "$what: mnk died during burst $b at $size, exit status '$status'"
                return
            fi
            # The rest of the burst went to the shell: start afresh.
            restarts=$((restarts + 1))
            start_shell
            run "$@"
            continue
        fi
        # Below 20×8 there may be no room even for the notice.
        [ "${size% *}" -lt 20 ] || not_blank || { fail "$what: empty screen after burst $b at $size"; return; }
    done
    pass "$what: alive after $BURSTS bursts of keys ($restarts clean quits on the way)"
    T resize-window -t e2e -x 80 -y 24
    # Leave from wherever the keys left it: Esc closes help and dialogs (a
    # second Esc, sent apart, leaves the open-a-game screen, where the first
    # only clears the file field and a q would be typed into it), q quits
    # the menu or asks to leave a game, y confirms. On a loaded machine the
    # last bursts' keys (or a computer's move) may still be in the way, so
    # each q and y waits up to 2 s for the exit.
    for ((tries = 0; tries < 8; tries++)); do
        alive || break
        keys Escape; sleep 0.3
        alive || break
        keys Escape; sleep 0.3
        alive || break
        keys q
        gone && break
        screen | grep -q '?' && { keys y; gone && break; }
    done
    alive && { fail "$what: could not quit"; return; }
    expect_restored 0 "$what: quit after the keys"
}

storm "game against threat" --size 15 --black threat --white human --time-ms 50
storm "menu"

# Terminals mnk cannot drive: a message, exit 1, the terminal untouched.
for term in xyz dumb ''; do
    start_shell
    RUN_ENV="TERM=$term" run --size 3
    expect "mnk: " "TERM='$term' is refused with a message"
    expect_restored 1 "TERM='$term'"
done

echo "$CHECKS checks passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
