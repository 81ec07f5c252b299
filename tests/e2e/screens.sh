#!/bin/sh
# screens.sh — every line a screen writes fits its width at 80×24, in
# English and in Chinese: the menu, the new-game form, a game with a threat
# to describe (on 7×7 k=4, where the words are longest), its help scrolled
# to its end and its quit question, the review of an analysed game (its
# graph's legend in words), Load
# (listing the records of data/records), Statistics (with games on the
# clock: every column there, none dropped), Resume's list, a game
# against the computer with a hint, its review without an analysis, the
# save prompt and its Replace question. mnk writes each text it had to cut
# to the file MNK_CUT_LOG names; here none may be cut, and the review and
# Load screens show no ellipsis (a list's cells are cut apart from the
# log). At 40×10 lines may be cut, but each cut ends in an ellipsis
# (draw.c), the help wraps instead, and the game goes on.
#
#   screens.sh MNK_BINARY RECORDS_DIR
#
# Exit 0 when all checks pass, 1 on a failure, 77 without tmux (or the
# Chinese locale, see lib.sh's need_locale).
set -u

MNK=${1:?usage: screens.sh MNK_BINARY RECORDS_DIR}
RECORDS=${2:?usage: screens.sh MNK_BINARY RECORDS_DIR}
WRAPPER=
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }

# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"
need_locale zh_CN.UTF-8
CUTS=$WORK/cuts
RUN_ENV="MNK_CUT_LOG=$CUTS"

# A record of Black c4 d4 e4 on 7×7 k=4 (White to play: two cells make
# four in a row), for the small window.
THREE=$WORK/three.sgf
printf '%s\n' '(;GM[4]FF[4]SZ[7]WIN[4]RU[freestyle]PB[human]PW[human]' \
    ';B[cd];W[ag];B[dd];W[af];B[ed])' >"$THREE"

# no_cuts WHAT: nothing was cut since the last call.
no_cuts() {
    if [ -s "$CUTS" ]; then
        fail "$1: cut to fit: $(cat "$CUTS")"
    else
        pass "$1: every line fits"
    fi
    rm -f "$CUTS"
}

# no_ellipsis WHAT: the screen shows no ellipsis (… or, in the full-width
# drawing, "..."): a list's cells are cut without going through the log.
no_ellipsis() {
    if screen | grep -qE '…|\.\.\.'; then
        fail "$1: something is cut short"
    else
        pass "$1: nothing is cut short"
    fi
}

# walk LANG WORD...: the screens at 80×24 in --lang LANG; the WORDs are
# what each screen shows in that language, to know it is there.
walk() {
    lang=$1 threat=$2 decided=$3 resume=$4 hint=$5 replace=$6 legend=$7
    rm -rf "$WORK/.local/state"   # no game left over from another walk
    run --lang "$lang" --size 7 --win 4 --black human --white human
    sleep 1
    # From the centre: Black d4, White a1, Black c4, White a2, Black e4.
    keys Enter Left Left Left Down Down Down Enter Right Right Up Up Up Enter \
        Left Left Down Down Enter Right Right Right Right Up Up Enter
    expect "$threat" "$lang: the game describes Black's threat"
    no_cuts "$lang: the game screen with a threat"
    keys '?'
    sleep 0.5
    # Every line of the help, scrolled through to its end.
    i=0
    while [ "$i" -lt 120 ]; do keys Down; i=$((i + 1)); done
    sleep 0.5
    keys Escape
    keys q
    sleep 0.5
    no_cuts "$lang: the help and the quit question"
    keys y
    expect_restored 0 "$lang: left"
    # From the records' directory: Load lists them, names and players.
    T send-keys -t e2e "cd $RECORDS" Enter
    run --lang "$lang" "$RECORDS/gomoku-missed-four.sgf"
    sleep 1
    keys a
    PATIENCE=600
    expect "$decided" "$lang: the analysis is done"
    PATIENCE=50
    expect "$legend" "$lang: the graph's legend says its marks in words"
    keys Left
    sleep 0.5
    no_cuts "$lang: the review of an analysed game"
    no_ellipsis "$lang: the review of an analysed game"
    keys q
    sleep 0.5
    keys Down Down Enter          # Load
    sleep 1
    expect "gomoku19-search-selfplay.sgf" "$lang: Load lists the records"
    # The records' rows show whole; the unfinished games' longest players
    # (grandmaster twice, below) may be cut in the list, and show whole
    # under it once picked.
    if screen | grep -E '\.(sgf|psq) *$' | grep -qE '…|\.\.\.'; then
        fail "$lang: a record's row in the Load list is cut short"
    else
        pass "$lang: the records' rows in the Load list show whole"
    fi
    keys Escape Down Enter        # Statistics
    sleep 1
    # The longest name and clock, and every count: the games on time too.
    row=$(screen | grep -m1 -F "grandmaster" | tr -s ' ')
    case $row in
    *" 10m+5x30s 10 13 7 2 "*" 2") pass "$lang: Statistics shows every column" ;;
    *) fail "$lang: the row of grandmaster at 10m+5x30s: '$row'" ;;
    esac
    no_ellipsis "$lang: Statistics"
    keys Escape Up Up Up Enter    # the new-game form
    sleep 1
    no_cuts "$lang: the menu, Load, Statistics and the form"
    keys Escape q
    expect_restored 0 "$lang: quit"
    T send-keys -t e2e "cd $WORK" Enter

    # The game of the threat is kept, and one with the longest names:
    # Resume's list of them; then a game against the computer, a hint, its
    # review, and the Replace question.
    run --lang "$lang" --size 19 --win 5 --rule exact --black grandmaster --white grandmaster
    sleep 2
    keys p q
    sleep 0.5
    keys y
    expect_restored 0 "$lang: a game of two computers left"
    run --lang "$lang"
    sleep 1
    keys Enter
    expect "$resume" "$lang: Resume's list is open"
    no_cuts "$lang: Resume's list"
    keys Escape Down Down Enter             # Load: the newest first
    if wait_for "White grandmaster" || wait_for "白方 grandmaster"; then
        pass "$lang: Load names the picked game's players whole"
    else
        fail "$lang: Load does not name the picked game's players whole"
    fi
    keys Escape q
    expect_restored 0 "$lang: quit from Resume"
    : >"$WORK/taken.sgf"
    run --lang "$lang" --size 15 --win 5 --black human --white keen
    sleep 1
    keys Enter
    sleep 3
    keys H
    PATIENCE=200
    expect "$hint" "$lang: the hint is given"
    PATIENCE=50
    no_cuts "$lang: a game against the computer, and a hint"
    keys v
    sleep 1
    no_cuts "$lang: the review without analysis"
    keys q
    sleep 0.5
    keys s C-u
    keys -l "$WORK/taken.sgf"
    keys Enter
    expect "$replace" "$lang: the save asks before replacing a file"
    no_cuts "$lang: the save prompt and its Replace question"
    keys n q y
    expect_restored 0 "$lang: quit from the game"
}

# Statistics with clocks, the longest cells a player is likely to have.
mkdir -p "$WORK/.local/share/mnk"
printf '%s\n' 'mnk-stats 2' 'streak L 3 4' \
    'computer club 15x15 5 freestyle none 41 27 38 0 W 2 5' \
    'computer club 15x15 5 freestyle 3+2 12 9 1 4 L 1 3' \
    'computer grandmaster 15x15 5 renju 10m+5x30s 10 13 2 7 L 3 2' \
    'people 15x15 5 freestyle none 19 23 4 0' 'people 7x7 4 freestyle 3s+1s 1 2 0 3' \
    >"$WORK/.local/share/mnk/stats"

echo "# 80×24 in English"
start_shell
walk en "only one can be blocked" "Decided at" "Unfinished games" "hint: " "Replace taken.sgf?" \
    "X blunder  ? mistake"

echo "# 80×24 in Chinese"
start_shell zh_CN.UTF-8
walk zh_CN "只能挡住一处" "决定胜负" "未完成的对局" "提示" "替换 taken.sgf" \
    "X 败着  ? 失误  . 欠佳"

# small LOCALE LANG: at 40×10 lines may be cut, each with its ellipsis, and
# the game goes on; the help wraps its lines instead, and cuts none.
small() {
    start_shell "$1"
    T resize-window -t e2e -x 40 -y 10
    long=$WORK/a-record-whose-name-is-too-long-for-forty-columns.sgf
    cp "$THREE" "$long"
    run --lang "$2" "$long"
    sleep 1
    # "opened PATH" is longer than the window. The ellipsis is … or, in
    # the full-width drawing, "...".
    if [ -s "$CUTS" ] && screen | grep -qE '…|\.\.\.'; then
        pass "$2, 40×10: what is cut says so"
    else
        fail "$2, 40×10: no cut, or one without an ellipsis"
    fi
    rm -f "$CUTS"
    keys '?'
    sleep 0.5
    i=0
    while [ "$i" -lt 150 ]; do keys Down; i=$((i + 1)); done
    sleep 0.5
    no_cuts "$2, 40×10: the help, wrapped"
    keys Escape q y
    expect_restored 0 "$2, 40×10: quit"
}

echo "# 40×10 in English and in Chinese"
small C.UTF-8 en
small zh_CN.UTF-8 zh_CN

echo "$CHECKS passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
