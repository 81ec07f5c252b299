#!/usr/bin/env bash
# review.sh — looking back on a game: a finished record opens in review,
# Home shows the empty board, End the final position, Left steps back; the
# analysis marks the known blunder of the sample game (Black's h12 leaves
# White's four open) and draws the graph, its legend in words; the analysis
# saved comes back when the record is opened through Load or as mnk FILE,
# with no analysis run, its lines those of the record's comments and of
# `mnk analyze`, in English and in Chinese, one numbering; a move played
# after a hint is marked; "continue from here" plays on from before the
# blunder; a game on screen enters review with v and comes back with q.
#
#   review.sh MNK_BINARY RECORDS_DIR
#
# Exit 0 when all checks pass, 1 on a failure, 77 without tmux.
set -u

MNK=${1:?usage: review.sh MNK_BINARY RECORDS_DIR}
RECORDS=${2:?usage: review.sh MNK_BINARY RECORDS_DIR}
WRAPPER=${MNK_E2E_WRAPPER:-}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
# shellcheck source=tests/e2e/lib.sh
. "$(dirname "$0")/lib.sh"

SAMPLE=$RECORDS/gomoku-missed-four.sgf
STATE=$WORK/state

# A finished record opens in review at its end.
start_shell
run "$SAMPLE"
expect "review" "a finished record opens in review"
expect "1 └─●─○─○─○─○[○]" "review starts at the final position"
expect "5. White g1" "the status names the last move"

keys Home
expect "1 └─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┘" "Home shows the empty board"
expect "the start: 10 moves to come" "Home says the start"
if screen | grep -qF "●─"; then fail "Home: stones on the board"; else pass "Home: no stone on the board"; fi

keys End
expect "1 └─●─○─○─○─○[○]" "End shows the final position"
keys Left
expect "5. Black h12" "Left steps back to h12"
expect "1 └─●─○─○─○─○─┴" "Left takes g1 off the board"
keys Left
expect "4. White f1" "Left again: f1"
expect "1 └─●─○─○─○[○]┴" "f1 is the last move marked"
keys PPage
expect "the start" "PgUp goes back ten (to the start)"
keys NPage
expect "5. White g1" "PgDn goes forward ten (to the end)"

# The analysis: the blunder marked in the list and in words, the graph drawn.
keys a
expect "analysing" "a starts the analysis with a progress bar"
PATIENCE=600 # 60 s on a loaded machine
expect "Decided at 5. Black h12" "the analysis finishes with its summary, numbered as the list"
PATIENCE=50
expect "h12??" "h12 is marked ?? in the move list"
# Under load the search may find more to say, never less: h12 is a blunder.
# Said in words, or in the list's signs when the words do not fit the line.
if screen | grep -qE "Black: [0-9]+ blunders?|Black [0-9]+[?][?]"; then
    pass "the summary counts Black's blunder"
else
    fail "no blunder of Black's in the summary"
fi
expect "Evaluation (Black up)" "the graph is drawn"
# White's forced win fills the lower half of the graph to the bottom.
if screen | grep -qF "⣿"; then pass "the graph has braille bars"; else fail "no braille in the graph"; fi
if screen | sed -n '/Evaluation/,/Moves/p' | grep -q "X"; then
    pass "the graph's mark row shows the blunder"
else
    fail "no blunder mark under the graph"
fi
keys Left
expect "5. Black h12" "back on h12"
expect "5. Black h12 ?? blunder" "h12 is called a blunder in words"
expect "better g1" "the engine's better move is g1"
# The position before and after h12 in words, not "+12.87 → -#1".
expect "White wins in" "the move line says in words that White now wins"
if screen | grep -E "5\. Black h12" | grep -qE '[-+]#|[-+][0-9]+\.[0-9]{2}'; then
    fail "the move line still speaks in engine notation"
else
    pass "no engine notation on the move line"
fi
if screen | sed -n '/Evaluation/,/Moves/p' | grep -qF "X blunder  ? mistake" &&
   screen | sed -n '/Evaluation/,/Moves/p' | grep -qF "· inaccuracy"; then
    pass "the graph's marks have a legend in words"
else
    fail "no legend in words under the graph's marks"
fi

# Saved from the review: the record carries the analysis.
keys s C-u
keys -l "$WORK/analysed.sgf"
keys Enter
expect "with the analysis" "s saves the game with its analysis"
if grep -q 'BM\[2\]' "$WORK/analysed.sgf" && [ "$(grep -o 'C\[' "$WORK/analysed.sgf" | wc -l)" -ge 10 ] &&
   "$MNK" show "$WORK/analysed.sgf" >/dev/null 2>&1; then
    pass "the saved record has the blunder marked, a comment on every move, and reads back"
else
    fail "the saved record: $(cat "$WORK/analysed.sgf" 2>&1)"
fi
if grep -qF 'C[5. Black h12 ?? blunder' "$WORK/analysed.sgf"; then
    pass "the record's comment numbers the move as the review does"
else
    fail "the record's comment of h12: $(grep -o 'C\[[0-9]*\. Black h12[^]]*' "$WORK/analysed.sgf")"
fi

# Continue from before the blunder: Black to play, as a person; block at g1.
keys Left
expect "4. White f1" "on f1, Black to play"
keys c
expect "Continue from here" "c opens the continue form"
expect "the 2 later moves will be dropped" "the form says what is dropped"
keys Enter
expect "playing on after 8 moves" "Enter plays on from the position (counted as Resume counts)"
expect "▶ ● Black" "Black is to play"
if screen | grep -qF "h12"; then fail "the dropped moves are still listed"; else pass "later moves dropped"; fi
keys Right Enter
expect "last g1" "a move is played in the continued game"
expect "1 └─●─○─○─○─○[●]" "Black blocked at g1"

# A game on screen: v reviews it, q comes back to it.
keys v
expect "review" "v opens the review of the game on screen"
expect "5. Black g1" "the review starts at the current move"
keys Home
expect "the start" "Home in the review of the game on screen"
keys q
expect "White to play" "q goes back to the game, not the menu"
expect "last g1" "the game is as it was"
if screen | grep -qF "review"; then fail "still in review after q"; else pass "left the review"; fi

keys q
if wait_for "Quit? The game is kept for Resume."; then keys y; fi
expect_restored 0 "quit from the continued game"

# The Load screen: a game saved in the games directory and the records of
# the current directory, listed newest first; Tab completes a typed name;
# a finished game opens in review, a path typed opens too.
GAMES=$WORK/.local/share/mnk/games
HERE=$WORK/here
mkdir -p "$GAMES" "$HERE"
cp "$SAMPLE" "$GAMES/saved-by-hand.sgf"
touch -d '2020-01-01 12:00' "$GAMES/saved-by-hand.sgf"
cp "$RECORDS/7x7-k4.sgf" "$HERE/seven.sgf"
cp "$RECORDS/gomoku-search-vs-threat.psq" "$HERE/"
echo "not a record" > "$HERE/broken.sgf"
start_shell
keys "cd $HERE" Enter
run
expect "New game" "the menu"
keys Down Enter
expect "open a game" "Load opens the list of games"
expect "3 games, newest first (some files could not be read)" "three games listed, the broken file counted"
expect "seven.sgf" "a record of the current directory is listed"
expect "gomoku-search" "a PSQ record is listed"
expect "saved-by-hand" "a game of the games directory is listed"
expect "./gomoku-search-vs-threat.psq" "the newest game's whole path is shown under the list"
expect "7×7 k=4   search - threat   9 Black wins" "each with board, players, moves and result"
if screen | grep -n "saved-by-hand" | grep -q "^8:"; then
    pass "the oldest game is last"
else
    fail "the oldest game is not last"
fi
keys End
expect "$GAMES/saved-by-hand.sgf" "the path follows the game picked"
keys Enter
expect "review" "Enter on a finished game opens it in review"
expect "5. White g1" "the game picked is the one opened"
keys q
expect "New game" "q leaves that review for the menu"
keys Enter
expect "open a game" "Load again (still the entry chosen)"
keys s e Tab
expect "File: seven.sgf" "Tab completes a unique name"
keys C-u g Tab
expect "File: gomoku-search-vs-threat.psq" "Tab completes the only g file"
keys C-u n o p e Enter
expect "nope" "a path that does not exist is said"
keys C-u
keys "$GAMES/saved" Tab Enter
expect "White wins" "a typed path opens"
keys q q

# At 80 columns the list keeps what tells games apart: the whole file name,
# extension and all (the .sgf and the .psq of one game are two rows), and
# the board's rule; the players and the date give way first.
HERE2=$WORK/here2
mkdir -p "$HERE2"
sed 's/RU\[freestyle\]/RU[exact]/' "$RECORDS/7x7-k4.sgf" >"$HERE2/gomoku-search.sgf"
"$MNK" convert "$HERE2/gomoku-search.sgf" "$HERE2/gomoku-search.psq" ||
    fail "mnk convert made no .psq"
sed 's/RU\[freestyle\]/RU[caro]/' "$RECORDS/7x7-k4.sgf" >"$HERE2/caro-game.sgf"
start_shell
keys "cd $HERE2" Enter
run
expect "New game" "the menu"
keys Down Enter
expect "open a game" "the Load screen"
expect "gomoku-search.sgf" "the .sgf's whole name at 80 columns"
expect "gomoku-search.psq" "the .psq's whole name at 80 columns"
if [ "$(screen | grep -c "7×7 k=4 exact .*gomoku-search\.\(sgf\|psq\)\$")" -eq 2 ]; then
    pass "both rows show the rule, exact, and end with the name"
else
    fail "a row without its rule or its name"
fi
if screen | grep -q "7×7 k=4 caro .*caro-game\.sgf\$"; then
    pass "a caro game's row names its rule"
else
    fail "a caro game's row without its rule"
fi

# A move played after a hint (HINT[1] in the record): starred in the move
# list, said on its line.
sed 's/;B\[hd\]/;B[hd]HINT[1]/' "$SAMPLE" >"$WORK/hinted.sgf"
start_shell
run "$WORK/hinted.sgf"
expect "h12*" "the move played after a hint is starred in the list"
keys Left
expect "5. Black h12 (hint)  (9 of 10)" "its line says the hint"
keys q q
expect_restored 0 "quit the record with a hint"

# A saved analysis comes back. The one saved from the review above, opened
# through Load: the graph, the marks, the legend, the summary and the
# blunder's line, with no analysis run.
HERE3=$WORK/here3
mkdir -p "$HERE3"
cp "$WORK/analysed.sgf" "$HERE3/from-review.sgf"
start_shell
keys "cd $HERE3" Enter
run
expect "New game" "the menu"
keys Down Enter
expect "from-review.sgf" "Load lists the analysis saved from the review"
keys Enter
expect "Evaluation (Black up)" "opened through Load, the graph is back"
expect "h12??" "the blunder's mark is back in the move list"
expect "X blunder  ? mistake" "the legend is back"
expect "Decided at 5. Black h12." "the summary is back, numbered as the list"
if screen | grep -qF "analysing"; then
    fail "the analysis ran again"
else
    pass "the analysis did not run again"
fi
keys Left
expect "5. Black h12 ?? blunder, better g1: " "the blunder's line is back, with the better move"
keys q q
expect_restored 0 "quit after Load"

# `mnk analyze`'s record of the game with a hint asked before h12, opened
# as mnk FILE: the move line is the record's comment and mnk analyze's
# line, word for word (its arrow drawn as one), and the hinted move is
# starred in the list; the same in Chinese.
sed 's/;B\[hd\]/;B[hd]HINT[1]/' "$SAMPLE" >"$HERE3/hinted.sgf"
"$MNK" analyze "$HERE3/hinted.sgf" --nodes 20000 -o "$HERE3/annotated.sgf" >"$WORK/analyze.out" 2>&1 ||
    fail "mnk analyze: $(cat "$WORK/analyze.out")"
"$MNK" --lang zh_CN analyze "$HERE3/hinted.sgf" --nodes 20000 >"$WORK/analyze.zh" 2>&1 ||
    fail "mnk analyze in Chinese: $(cat "$WORK/analyze.zh")"
start_shell
run "$HERE3/annotated.sgf"
expect "Evaluation (Black up)" "mnk FILE opens the record with its analysis"
expect "h12??*" "the blunder marked, the move after a hint starred"
keys Left
expect "5. Black h12 (hint) ?? blunder, better g1: " "the move line says the hint"
line=$(screen | grep -o '5\. Black h12 (hint) .*' | sed 's/ *$//')
said=$(grep -o '5\. Black h12 (hint) .*' "$WORK/analyze.out" | sed 's/->/→/')
comment=$(tr -d '\n' <"$HERE3/annotated.sgf" | grep -o 'C\[5\. Black h12 (hint) [^]]*\]' |
    sed 's/^C\[//; s/\.\]$//; s/->/→/')
if [ -n "$line" ] && [ "$line" = "$said" ] && [ "$line" = "$comment" ]; then
    pass "the review, mnk analyze and the record say it alike: $line"
else
    fail "three ways: review '$line', mnk analyze '$said', record '$comment'"
fi
keys q q
expect_restored 0 "quit the analysed record"

start_shell
run --lang zh_CN "$HERE3/annotated.sgf"
expect "X 败着  ? 失误" "the legend in Chinese words"
keys Left
expect "5. 黑方 h12（提示） ?? 败着，更好的是 g1：" "the move line in Chinese, the hint said"
line=$(screen | grep -o '5\. 黑方 h12（提示） .*' | sed 's/ *$//')
said=$(grep -o '5\. 黑方 h12（提示） .*' "$WORK/analyze.zh")
if [ -n "$line" ] && [ "$line" = "$said" ]; then
    pass "the review and mnk analyze say it alike in Chinese: $line"
else
    fail "in Chinese: review '$line', mnk analyze '$said'"
fi
keys q q
expect_restored 0 "quit the analysed record, in Chinese"

echo "# move numbers in review (m)"
start_shell
run "$RECORDS/gomoku-missed-four.sgf"
expect "(10 of 10)" "a record in review"
keys m
tries=$PATIENCE
row1=
while [ "$tries" -gt 0 ]; do
    row1=$(screen | grep -oE '^ +1 [^0-9].* 1( |$)')
    case $row1 in *"1"*"2"*"4"*"6"*"8"*"10"*) break ;; esac
    sleep 0.1
    tries=$((tries - 1))
done
case $row1 in
*"1"*"2"*"4"*"6"*"8"*"10"*) pass "the stones of row 1 show their numbers" ;;
*) fail "no move numbers on row 1: $row1" ;;
esac
keys Left Left
expect "(8 of 10)" "two moves back"
if screen | grep -oE '^ +1 [^0-9].* 1( |$)' | grep -q "10"; then
    fail "a move not yet played shows its number"
else
    pass "the numbers follow the position shown"
fi
keys q q
expect_restored 0 "quit the numbered review"

echo "$CHECKS checks passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
