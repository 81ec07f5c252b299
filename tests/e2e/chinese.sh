#!/usr/bin/env bash
# chinese.sh — the game under zh_CN.UTF-8, as a Chinese-speaking player sees
# it, against the same under C.UTF-8: the menu speaks Chinese, a finished
# game's status says who won in Chinese, a file name typed in Chinese shows
# whole in the save prompt and names the file saved; the board sits in the
# same columns in both locales (CJK text around it never pushes it), and the
# full-width drawing, the default under Chinese, keeps its labels where the
# usual drawing has them; a 19×19 board shows whole at 80×24 in it, and the
# notice of a small window wraps without splitting "40×10"; the statistics'
# numbers end where their Chinese column names do, and the Load list has
# Chinese dates and player words; a box closed over Chinese text leaves
# it whole, and Ctrl-L repaints the screen. --lang and the locale choose
# the language; an unknown language falls back to English.
#
#   chinese.sh MNK_BINARY
#
# Exit 0 when all checks pass, 1 on a failure, 77 without tmux, or when the
# locale is missing and cannot be made.
set -u

MNK=${1:?usage: chinese.sh MNK_BINARY}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"

need_locale zh_CN.UTF-8

# The board's lines on screen, from the row number on the left to the one on
# the right (the grid has no digits; the move list beside it is cut off).
board_lines() { screen | grep -oE '^ +[0-9]+ [^0-9]+ [0-9]+'; }

# move KEYS... CELL: moves the cursor with KEYS, places a stone and waits
# for CELL in the move list (one step at a time: a loaded machine must not
# run keys together).
move() {
    cell=${*: -1}
    set -- "${@:1:$#-1}"
    [ $# -gt 0 ] && keys "$@"
    keys Enter
    wait_for " $cell" || fail "no move $cell"
}

# first_move_board LOCALE FILE WHAT: in a fresh shell under LOCALE, with the
# usual drawing chosen in the settings, a 15×15 game's first move (h8, the
# check named WHAT); the board's lines go to FILE and mnk is left running.
first_move_board() {
    start_shell "$1"
    mkdir -p "$CONFIG/mnk" && printf 'drawing = unicode\n' >"$CONFIG/mnk/settings"
    run --size 15 --black human --white human
    keys Enter
    expect "h8" "$3"
    board_lines >"$2"
}

# A tic-tac-toe that Black wins down the middle column: b2 a2 b3 a3 b1.
play_black_win() {
    move b2
    move Left a2
    move Right Up b3
    move Left a3
    move Right Down Down b1
}

echo "# Chinese: menu, a finished game, a Chinese file name"
start_shell zh_CN.UTF-8
run
expect "新对局" "the menu is in Chinese"
quit "quit from the Chinese menu"
run --size 3 --black human --white human
play_black_win
expect "黑方胜" "a finished game says who won, in Chinese"
keys s C-u
keys -l "$WORK/对局.sgf"
expect "$WORK/对局.sgf" "a Chinese file name shows whole as it is typed"
if screen | grep -qF "对局.s f"; then fail "the name is cut apart"; else pass "no gap in the name"; fi
keys Enter
tries=$PATIENCE
while [ ! -f "$WORK/对局.sgf" ] && [ "$tries" -gt 0 ]; do
    sleep 0.1
    tries=$((tries - 1))
done
if [ -f "$WORK/对局.sgf" ] && "$MNK" show "$WORK/对局.sgf" >/dev/null 2>&1; then
    pass "the game is saved under its Chinese name, and reads back"
else
    fail "no 对局.sgf: $(ls "$WORK")"
fi
quit "quit from the finished game"

echo "# the board sits in the same columns in both locales"
first_move_board C.UTF-8 "$WORK/board-c" "a move under C.UTF-8"
quit "quit under C.UTF-8" y
first_move_board zh_CN.UTF-8 "$WORK/board-zh" "the same move under zh_CN.UTF-8"
if [ -s "$WORK/board-c" ] && cmp -s "$WORK/board-c" "$WORK/board-zh"; then
    pass "the board is drawn alike, column for column"
else
    fail "the board moved: $(diff "$WORK/board-c" "$WORK/board-zh")"
fi
quit "quit under zh_CN.UTF-8" y

echo "# the full-width drawing, the default under Chinese"
start_shell zh_CN.UTF-8
run --size 15 --black human --white human
keys Enter
expect "Ｘ" "the stones are full-width by default under Chinese"
# The row labels stand where the usual drawing has them: every cell is two
# columns either way. Columns, not characters: wc -L under a UTF-8 locale.
label_columns() {
    sed -E 's/[0-9]+$//' "$1" | while IFS= read -r line; do
        printf '%s\n' "$line" | LC_ALL=C.UTF-8 wc -L
    done | sort -u
}
board_lines >"$WORK/board-wide"
if [ "$(wc -l <"$WORK/board-wide")" -eq 15 ] &&
   [ "$(label_columns "$WORK/board-wide")" = "$(label_columns "$WORK/board-c")" ]; then
    pass "the right-hand row numbers are in the same column"
else
    fail "the full-width board is out of line: $(cat "$WORK/board-wide")"
fi
quit "quit from the full-width board" y

echo "# statistics and the Load list in Chinese"
# cols TEXT: the screen columns TEXT takes.
cols() { printf '%s\n' "$1" | LC_ALL=C.UTF-8 wc -L; }
# ends_under NAMES HEAD NUMBER WHAT: on the screen, the column name HEAD
# (on the first line that holds the column name NAMES) ends in the column
# where NUMBER ends on the first line below that holds it.
ends_under() {
    names=$1
    shift
    head=$(screen | grep -m1 -F -- "$names")
    row=$(screen | grep -A20 -F -- "$names" | grep -m1 -E -- " $2( |\$)")
    at_head=$(cols "${head%%"$1"*}$1")
    at_row=$(cols "${row%%" $2"*} $2")
    if [ -n "$head" ] && [ -n "$row" ] && [ "$at_head" -eq "$at_row" ]; then
        pass "$3"
    else
        fail "$3: '$1' ends at column $at_head, '$2' at $at_row"
    fi
}
mkdir -p "$WORK/.local/share/mnk"
printf '%s\n' 'mnk-stats 2' 'computer club 15x15 5 freestyle none 41 27 38 0 W 2 5' \
    'computer club 15x15 5 freestyle 3+2 3 12 1 7 L 1 2' 'people 15x15 5 freestyle none 19 23 4 0' \
    >"$WORK/.local/share/mnk/stats"
STATE=$WORK/state-zh   # no game kept: the menu has no Resume
start_shell zh_CN.UTF-8
run
expect "新对局" "the menu in Chinese"
keys Down Down Enter
expect "mnk  战绩" "the statistics in Chinese"
expect "club" "the table's row"
ends_under 对手 "胜" 41 "the games won sit under 胜"
ends_under 对手 "负" 27 "the games lost sit under 负"
ends_under 对手 "和" 38 "the games drawn sit under 和"
ends_under 对手 "超时" 7 "the games lost on time sit under 超时"
ends_under 局数 "黑方胜" 19 "Black's wins sit under 黑方胜"
ends_under 局数 "白方胜" 23 "White's wins sit under 白方胜"
keys Escape
expect "新对局" "back to the menu"
quit "quit from the menu"
# A record between two people, in the directory mnk starts in.
mkdir -p "$WORK/zh-here"
cp "$WORK/对局.sgf" "$WORK/zh-here/" 2>/dev/null ||
    printf '(;FF[4]GM[4]SZ[3]RU[freestyle]WIN[3]PB[human]PW[human];B[aa])\n' >"$WORK/zh-here/对局.sgf"
keys "cd $WORK/zh-here" Enter
run
expect "新对局" "the menu again"
keys Down Enter
expect "mnk  打开对局" "the Load screen in Chinese"
expect "月" "the date has a Chinese month"
if screen | grep -qE '\<(human|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\>'; then
    fail "English left on the Chinese Load screen"
else
    pass "no English player word or month on the Chinese Load screen"
fi
keys Escape
expect "新对局" "back to the menu"
quit "quit after Load"

echo "# 19×19 whole at 80×24 in Chinese, and the notice of a small window"
start_shell zh_CN.UTF-8
run --lang zh_CN --size 19 --win 5 --black human --white human
expect "k=5 自由" "a 19×19 game in Chinese"
expect_whole_board 19 "a b c d e f g h i j k l m n o p q r s" \
    "every row and column of 19×19 shows, numbered, in the full-width drawing"
expect "轮到黑方" "the status line shows under it"
expect "q 退出" "and the keys"
# The notice wraps at 20 columns between characters, not inside "40×10".
T resize-window -t e2e -x 20 -y 6
expect "终端太小" "a small window shows the notice in Chinese"
if screen | grep -qE '(^| )40[×x]10'; then
    pass "the notice keeps the size whole"
else
    fail "the notice splits the size"
fi
T resize-window -t e2e -x 80 -y 24
expect_whole_board 19 "a b c d e f g h i j k l m n o p q r s" "whole again back at 80×24"
quit "quit from 19×19 in Chinese"

echo "# a box closed over Chinese text leaves it whole, and Ctrl-L repaints"
start_shell zh_CN.UTF-8
run --lang zh_CN --size 15 --win 5 --black human --white human
expect "轮到黑方" "a 15×15 game in Chinese"
keys Enter
expect "轮到白方" "a stone placed"
keys '?'
expect "其他键关闭" "the help over the game"
keys x
expect "方向键 移动" "the help closed"
bottom=$(screen | tail -n 4)
case $bottom in
*"黑方 人"*"轮到白方"*"方向键 移动"*"q 退出"*) pass "the lines under the help are whole again" ;;
*) fail "the lines under the help: $bottom" ;;
esac
if printf '%s\n' "$bottom" | grep -qE '[+|┘└┐┌│─]'; then
    fail "a piece of the help's box is left: $bottom"
else
    pass "no piece of the help's box is left"
fi
# Something else writes over the screen: Ctrl-L paints it all again.
printf 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX' >"$(T display-message -p -t e2e '#{pane_tty}')"
wait_for "XXXXXXXXXX" || fail "the scribble did not show"
keys C-l
if wait_gone "XXXXXXXXXX"; then
    pass "Ctrl-L repaints the whole screen"
else
    fail "Ctrl-L left the scribble"
fi
expect "轮到白方" "and the game is as it was"
quit "quit after Ctrl-L" y

echo "# the threat words: a shape's name fills the sentence once"
start_shell zh_CN.UTF-8
run --lang zh_CN --size 15 --win 5 --black human --white human
expect "轮到黑方" "a game for the threat words"
# Black h8 i8 j8 k8 against White's h9 i9 j9 g8, then Black e8 (away).
for step in "Enter" "Up Enter" "Down Right Enter" "Up Enter" "Down Right Enter" \
            "Up Enter" "Down Right Enter" "Left Left Left Left Enter"; do
    # shellcheck disable=SC2086
    keys $step
    sleep 0.1
done
expect "黑方可在 l8 走成连五" "Black's five to make, named once"
keys Left Left Enter
expect "黑方威胁在 l8 走成连五" "Black's five threatened, named once"
if screen | grep -q "成成"; then fail "a doubled 成 on screen"; else pass "no doubled 成"; fi
quit "quit the threat game" y

echo "# the form's opening rules in Chinese"
start_shell zh_CN.UTF-8
run --lang zh_CN
expect "新对局" "the menu in Chinese"
keys Enter
expect "开局" "the new-game form in Chinese"
keys Down Down Down Down Down Down Down Right
expect "交换" "swap is named in Chinese"
keys Right
expect "二次交换" "swap2 is named in Chinese"
expect "黑方摆 3 子，白方选色或再摆 2 子" "swap2's note in Chinese"
if screen | grep -qE 'swap2?( |$)'; then fail "an opening left in English"; else pass "no opening left in English"; fi
keys Escape q
expect_restored 0 "leaving the Chinese form"

echo "# choosing the language"
start_shell C.UTF-8
run --lang zh_CN
expect "新对局" "--lang zh_CN speaks Chinese under C.UTF-8"
# Down to the Language entry (where Resume is, it comes first).
tries=8
while ! screen | grep -q "按 Enter 切换" && [ "$tries" -gt 0 ]; do
    keys Down
    sleep 0.2
    tries=$((tries - 1))
done
expect "简体中文（由 --lang 选定，按 Enter 切换）" "the Language entry says Chinese is in force, and why"
keys Enter
expect "English, the system's language (Enter changes it)" "the next is the system's, which says what it is"
keys Enter
expect "English (Enter changes it)" "then English, chosen in the menu"
keys Enter
expect "简体中文（按 Enter 切换）" "then Chinese, chosen in the menu"
keys Enter                                   # back to the system's, remembered
expect "English, the system's language" "and round to the system's again"
quit "quit"
RUN_ENV="LANGUAGE=xx_YY" run
expect "New game" "an unknown language falls back to English"
quit "quit"

echo "$CHECKS checks passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
