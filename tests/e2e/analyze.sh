#!/usr/bin/env bash
# analyze.sh — `mnk analyze` finds the blunder of a sample record, names the
# move that was needed, says it in the review's words and numbering (in
# English and in Chinese, no engine numbers), names a move played after a
# hint, writes an annotated SGF that this project's reader and an
# independent SGF parser (sgf2dg, when installed) both accept, with a
# comment on every move and mnk's exact numbers, and refuses bad usage and
# unwritable outputs.
#
#   analyze.sh MNK_BINARY RECORDS_DIR
set -u
mnk=$1 dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# mnk analyze adds the puzzles of a person's misses to the data directory:
# the test's own, never the home of whoever runs it.
export XDG_DATA_HOME="$tmp/data"
# shellcheck source=tests/e2e/checks.sh
. "$(dirname "$0")/checks.sh"

src=$dir/gomoku-missed-four.sgf

# The summary marks Black's 9th stone, h12 (move 5 of the move list's
# pairs), which leaves White's four standing: in the review's words, the
# position before and after it, never the engine's numbers.
status 0 "analyze" "$mnk" analyze "$src" --nodes 20000 -o "$tmp/an.sgf"
has "$tmp/out" "  5. Black h12 ?? blunder, better g1: Black better -> White wins in 1 move" \
    "the blunder's line, as the review says it"
has "$tmp/out" "Decided at 5. Black h12. Black: 1 blunder" "where the game was decided, one numbering"
if grep -qE '[-+]#|[-+][0-9]+\.[0-9]{2}' "$tmp/out"; then
    bad "the summary speaks in engine numbers"; sed 's/^/  | /' "$tmp/out"
else ok; fi

# The same in Chinese.
status 0 "analyze in Chinese" "$mnk" --lang zh_CN analyze "$src" --nodes 20000
has "$tmp/out" "  5. 黑方 h12 ?? 败着，更好的是 g1：黑方占优 -> 白方 1 手内胜" \
    "the blunder's line in Chinese"
has "$tmp/out" "5. 黑方 h12 决定胜负。" "where the game was decided, in Chinese"

# A move played after a hint is said so, and counted.
sed 's/;B\[hd\]/;B[hd]HINT[1]/' "$src" >"$tmp/hinted.sgf"
status 0 "analyze a game with a hint" "$mnk" analyze "$tmp/hinted.sgf" --nodes 20000
has "$tmp/out" "  5. Black h12 (hint) ?? blunder" "the hinted move's line says the hint"
has "$tmp/out" "Black: 1 blunder, 1 inaccuracy, 1 hint." "the summary counts the hint"

# The annotated record: one comment per move, each the line of the
# summary (the blunder's word for word), the blunder marked BM[2], mnk's
# exact numbers on every move.
moves=$(tr -d '\n' < "$src" | grep -o ';[BW]\[[a-z][a-z]\]' | wc -l)
comments=$(grep -o 'C\[[0-9]*\. ' "$tmp/an.sgf" | wc -l)
evals=$(grep -oE 'MNKEVAL\[-?[0-9]+:-?[0-9]+:([a-z][a-z])?:[0-9]+\]' "$tmp/an.sgf" | wc -l)
if [ "$moves" -eq 10 ] && [ "$comments" -eq "$moves" ] && [ "$evals" -eq "$moves" ]; then ok; else
    bad "expected a comment and MNKEVAL on each of 10 moves, found $comments and $evals of $moves"
fi
if tr -d '\n' < "$tmp/an.sgf" | grep -q ';B\[hd\]BM\[2\]'; then ok; else
    bad "move 9 is not annotated BM[2]"; sed 's/^/  | /' "$tmp/an.sgf"
fi
has "$tmp/an.sgf" "C[5. Black h12 ?? blunder, better g1: Black better -> White wins in 1 move.]" \
    "the comment is the summary's line"
has "$tmp/an.sgf" "GC[Analysed by mnk. Decided at 5. Black h12." "the record's summary, one numbering"

# This project's reader takes it back, with the same moves.
status 0 "the annotated record reads back" "$mnk" convert --to sgf "$tmp/an.sgf" -
if [ "$(grep -o ';[BW]\[[a-z][a-z]\]' "$tmp/out" | tr -d '\n')" = \
     "$(tr -d '\n' < "$src" | grep -o ';[BW]\[[a-z][a-z]\]' | tr -d '\n')" ]; then ok; else
    bad "the moves changed on the way"
fi

# An independent parser accepts it and sees the comments.
if command -v sgf2dg >/dev/null; then
    status 0 "sgf2dg parses the annotated record" \
        sgf2dg -converter ASCII -i "$tmp/an.sgf" -o -
    has "$tmp/out" "5. Black h12 ?? blunder" "sgf2dg sees the comments"
    printf '(;FF[4]GM[4]SZ[15];B[hh]C[unclosed' > "$tmp/broken.sgf"
    status 9 "sgf2dg refuses a broken record (it really checks)" \
        sgf2dg -converter ASCII -i "$tmp/broken.sgf" -o -
else
    echo "note: sgf2dg is not installed; the independent parser check is skipped"
fi

# Progress on stderr when it takes more than a moment.
status 0 "analyze with time" "$mnk" analyze "$dir/gomoku-search-vs-threat.sgf" --time-ms 150
has "$tmp/err" "analysing: 23 of 23 moves" "progress on stderr"
has "$tmp/out" "Black: " "the summary"

# The record on standard output, the summary then on stderr.
status 0 "-o -" "$mnk" analyze "$src" --nodes 2000 -o -
has "$tmp/out" ";B[hd]" "the record on stdout"
has "$tmp/err" "Black h12" "the summary on stderr"
if grep -qF "Final position" "$tmp/out"; then bad "the summary went to stdout with the record"; else ok; fi

# Bad usage and bad files.
status 2 "no file" "$mnk" analyze
status 2 "--time-ms 0" "$mnk" analyze "$src" --time-ms 0
status 2 "both limits" "$mnk" analyze "$src" --time-ms 10 --nodes 10
status 2 "unknown flag" "$mnk" analyze "$src" --frobnicate
status 1 "missing record" "$mnk" analyze "$tmp/none.sgf"
has "$tmp/err" "none.sgf" "the missing file is named"
status 1 "unwritable output" "$mnk" analyze "$src" --nodes 100 -o "$tmp/no/such/dir/x.sgf"
has "$tmp/err" "No such file or directory" "the reason is given"
if [ -z "$(find "$tmp" -name 'x.sgf*')" ]; then ok; else bad "a partial output was left"; fi
status 0 "--help" "$mnk" analyze --help
has "$tmp/out" "usage: mnk analyze" "help text"

echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
