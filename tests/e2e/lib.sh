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

# wait_gone TEXT: polls like wait_for until the screen no longer shows TEXT;
# false if it stays.
wait_gone() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        screen | grep -qF -- "$1" || return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# expect TEXT WHAT: the screen shows TEXT, else the check named WHAT fails.
expect() {
    if wait_for "$1"; then pass "$2"; else fail "$2 (no '$1' on screen)"; fi
}

# expect_whole_board N LETTERS WHAT: the game's board of N rows shows whole
# (the check named WHAT): the column letters LETTERS, the rows numbered N
# and 1, each with its number on both sides of the grid.
expect_whole_board() {
    if ! wait_for "$2"; then
        fail "$3 (no letters '$2')"
        return
    fi
    # The letters come first; under a slow wrapper the rows may not all be
    # drawn yet: look again until they are, for as long as wait_for would.
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        shot=$(screen)
        if printf '%s\n' "$shot" | grep -qE "^ +$1 [^0-9]+ $1( |\$)" &&
           printf '%s\n' "$shot" | grep -qE '^ +1 [^0-9]+ 1( |$)'; then
            pass "$3"
            return
        fi
        sleep 0.1
        tries=$((tries - 1))
    done
    fail "$3 (rows $1 and 1 not both numbered on both sides)"
}

# locale_works NAME [DIR]: true when a program can switch to the UTF-8
# locale NAME (such as zh_CN.UTF-8): the system's, or DIR's as LOCPATH.
locale_works() (
    [ -n "${2:-}" ] && { LOCPATH=$2; export LOCPATH; }
    [ "$(LC_ALL=$1 locale charmap 2>/dev/null)" = UTF-8 ] &&
        [ -z "$(LC_ALL=$1 locale 2>&1 >/dev/null)" ]
)

# need_locale NAME: makes the UTF-8 locale NAME (LANGUAGE_TERRITORY.UTF-8)
# usable without root for the shells start_shell starts, or skips the test
# (exit 77) when it cannot be made here. A machine that lacks it gets it
# compiled by localedef, from the sources in Debian's `locales` package,
# into a private directory (with the system's C.UTF-8 beside it) that those
# shells get as LOCPATH: $MNK_E2E_LOCALES when set, so that tests share one
# copy, else one under WORK. A compilation that fails although localedef
# and the sources are there fails the test.
E2E_LOCPATH=
need_locale() {
    locale_works "$1" && return 0
    dir=${MNK_E2E_LOCALES:-$WORK/locales}
    if ! locale_works "$1" "$dir"; then
        command -v localedef >/dev/null 2>&1 ||
            { echo "skip: no $1 locale, and no localedef to make it"; exit 77; }
        sources=${I18NPATH:-/usr/share/i18n}
        if [ ! -f "$sources/locales/${1%%.*}" ] ||
                { [ ! -e "$sources/charmaps/UTF-8.gz" ] && [ ! -e "$sources/charmaps/UTF-8" ]; }; then
            echo "skip: no $1 locale, and no locale sources in $sources (Debian: locales)"
            exit 77
        fi
        # Made aside and renamed into place: tests running at once never
        # see half a locale. localedef's status 1 means warnings only.
        mkdir -p "$dir" || exit 1
        new=$(mktemp -d "$dir/.new.XXXXXX") || exit 1
        localedef -i "${1%%.*}" -f UTF-8 "$new/$1" >"$new/log" 2>&1
        if [ ! -f "$new/$1/LC_CTYPE" ]; then
            echo "localedef could not make $1:"
            cat "$new/log"
            rm -rf "$new"
            exit 1
        fi
        # One left by another glibc (an old build directory) is replaced.
        locale_works "$1" "$dir" || rm -rf "${dir:?}/$1"
        mv -T "$new/$1" "$dir/$1" 2>/dev/null
        rm -rf "$new"
        for c in /usr/lib/locale/C.utf8 /usr/lib/locale/C.UTF-8; do
            [ -d "$c" ] && [ ! -e "$dir/${c##*/}" ] && ln -s "$c" "$dir/${c##*/}" 2>/dev/null
        done
        locale_works "$1" "$dir" || { echo "the $1 locale made in $dir does not load"; exit 1; }
    fi
    E2E_LOCPATH=$dir
}

# start_shell [LOCALE]: a shell in an 80×24 window for mnk to run in, in the
# UTF-8 locale LOCALE (its LANG; C.UTF-8 by default, another one made
# usable first with need_locale). With
# STATE set, that directory is emptied first and is mnk's XDG_STATE_HOME, so
# each part starts with no game kept for Resume. Each part has settings of
# its own ($WORK/config-N is its XDG_CONFIG_HOME, in CONFIG): none at first.
start_shell() {
    T kill-server >/dev/null 2>&1
    PART=$((PART + 1))
    lang=${1:-C.UTF-8}
    locpath_env=
    [ -n "$E2E_LOCPATH" ] && locpath_env="LOCPATH=\"$E2E_LOCPATH\""
    state_env=
    if [ -n "${STATE:-}" ]; then
        rm -rf "$STATE"
        state_env="XDG_STATE_HOME=\"$STATE\""
    fi
    CONFIG=$WORK/config-$PART
    T new-session -d -s e2e -x 80 -y 24 \
        "env -i PATH=\"$PATH\" HOME=\"$WORK\" XDG_CONFIG_HOME=\"$CONFIG\" $state_env $locpath_env LANG=$lang TERM=tmux-256color PS1='$ ' sh" ||
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
    # Type only once the shell shows its prompt again: typed earlier, the
    # text is echoed by the terminal before the prompt, not by the shell.
    tries=$PATIENCE
    while ! screen | grep -qx '\$ *' && [ "$tries" -gt 0 ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
    T send-keys -t e2e "echo typed-back" Enter
    # With echo restored, the command itself shows, not only its output.
    if wait_for '$ echo typed-back'; then
        pass "$what: shell echoes input again"
    else
        fail "$what: shell input not echoed"
    fi
}

# quit WHAT [KEY...]: q, then the KEYs (y where mnk asks), and expect_restored 0 WHAT.
quit() {
    what=$1
    shift
    keys q "$@"
    expect_restored 0 "$what"
}

# The games a test keeps for Resume, for tests that set STATE and GAMES
# ($STATE/mnk/games): kept prints them concatenated (nothing if none),
# count_kept says how many there are, wait_kept PATTERN polls until one
# matches the extended regex.
kept() { cat "$GAMES"/*.sgf 2>/dev/null; }
count_kept() { find "$GAMES" -maxdepth 1 -name '*.sgf' 2>/dev/null | wc -l; }
wait_kept() {
    tries=$PATIENCE
    while [ "$tries" -gt 0 ]; do
        kept | grep -Eq -- "$1" && return 0
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# second_window: a second shell, in a new window of the same tmux server
# (the same settings and, with STATE set, the same kept games), which
# becomes the one the helpers talk to; `T select-window -t e2e:0` goes
# back.
second_window() {
    T new-window -t e2e \
        "env -i PATH=\"$PATH\" HOME=\"$WORK\" XDG_CONFIG_HOME=\"$CONFIG\" XDG_STATE_HOME=\"${STATE:-$WORK/.local/state}\" LANG=C.UTF-8 TERM=tmux-256color PS1='$ ' sh"
    wait_for '$' || { echo "no shell prompt in the second window"; exit 1; }
}
