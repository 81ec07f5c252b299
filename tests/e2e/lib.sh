# shellcheck shell=sh
# lib.sh — helpers for end-to-end tests that drive mnk in a private tmux
# server; sourced, not run. The caller sets MNK (the binary) and may set
# WRAPPER (a command line mnk runs under, e.g. valgrind); checks count into
# CHECKS and FAILED. Each start_shell gets a fresh server, mnk-e2e-PID-N,
# and the EXIT trap removes them all with the work directory.

PART=0
WORK=$(mktemp -d)
CHECKS=0
FAILED=0
T() { tmux -L "mnk-e2e-$$-$PART" -f /dev/null "$@"; }
cleanup() {
    while [ "$PART" -gt 0 ]; do
        T kill-server >/dev/null 2>&1
        PART=$((PART - 1))
    done
    rm -rf "$WORK"
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/mnk-e2e-$$-"*
}
trap cleanup EXIT INT TERM

fail() {
    echo "FAIL: $*"
    echo "---- screen ----"
    T capture-pane -p -t e2e 2>/dev/null
    echo "----------------"
    FAILED=$((FAILED + 1))
}

pass() {
    CHECKS=$((CHECKS + 1))
    echo "ok: $*"
}

screen() { T capture-pane -p -t e2e; }
keys() { T send-keys -t e2e "$@"; }

# wait_for TEXT: polls the screen every 0.1 s until it shows TEXT (a fixed
# string), for at most 5 s (20 s under a wrapper); false if it never does.
PATIENCE=50
[ -n "${WRAPPER:-}" ] && PATIENCE=200
wait_for() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# expect TEXT WHAT: the screen shows TEXT, else the check named WHAT fails.
expect() {
    if wait_for "$1"; then pass "$2"; else fail "$2 (no '$1' on screen)"; fi
}

# A shell in an 80×24 window, in a UTF-8 locale, for mnk to run in. With
# STATE set, that directory is emptied first and is mnk's XDG_STATE_HOME, so
# each part starts with no game kept for Resume. Each part has settings of
# its own ($WORK/config-N is its XDG_CONFIG_HOME, in CONFIG): none at first.
start_shell() {
    T kill-server >/dev/null 2>&1
    PART=$((PART + 1))
    state_env=
    if [ -n "${STATE:-}" ]; then
        rm -rf "$STATE"
        state_env="XDG_STATE_HOME=\"$STATE\""
    fi
    CONFIG=$WORK/config-$PART
    T new-session -d -s e2e -x 80 -y 24 \
        "env -i PATH=\"$PATH\" HOME=\"$WORK\" XDG_CONFIG_HOME=\"$CONFIG\" $state_env LANG=C.UTF-8 TERM=tmux-256color PS1='$ ' sh" ||
        { echo "cannot start tmux"; exit 1; }
    wait_for '$' || { echo "no shell prompt in tmux"; exit 1; }
}

# run ARGS: starts mnk in the shell, noting the terminal modes before and
# the exit status and modes after, so a test can check they were restored.
# mnk's process id is left in $WORK/pid (it replaces the sh that wrote it),
# its exit status in $WORK/status.
run() {
    T send-keys -t e2e "clear; rm -f $WORK/after $WORK/pid $WORK/status; stty -g > $WORK/before; env ${RUN_ENV:-} sh -c 'echo \$\$ > $WORK/pid; exec ${WRAPPER:-} \"\$0\" \"\$@\"' $MNK $*; echo \$? > $WORK/status; echo \"exit=\$(cat $WORK/status)\"; stty -g > $WORK/after" Enter
    tries=$PATIENCE
    while [ ! -s "$WORK/pid" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
}

# The terminal is as mnk found it: shell prompt back, same stty modes, and the
# exit status STATUS shown.
expect_restored() {
    status=$1
    what=$2
    if wait_for "exit=$status"; then pass "$what: exit status $status"; else fail "$what: exit status"; fi
    tries=$PATIENCE
    while [ ! -s "$WORK/after" ] && [ "$tries" -gt 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
    if cmp -s "$WORK/before" "$WORK/after"; then
        pass "$what: terminal modes restored"
    else
        fail "$what: terminal modes differ after mnk"
    fi
    T send-keys -t e2e "echo typed-back" Enter
    # With echo restored, the command itself shows, not only its output.
    if wait_for '$ echo typed-back'; then
        pass "$what: shell echoes input again"
    else
        fail "$what: shell input not echoed"
    fi
}
