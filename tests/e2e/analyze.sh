#!/usr/bin/env bash
# analyze.sh — `mnk analyze` finds the blunder of a sample record, names the
# move that was needed, writes an annotated SGF that this project's reader
# and an independent SGF parser (sgf2dg, when installed) both accept, with a
# comment on every move, and refuses bad usage and unwritable outputs.
#
#   analyze.sh MNK_BINARY RECORDS_DIR
set -u
mnk=$1 dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 checks=0
ok() { checks=$((checks + 1)); }
bad() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }
expect_in() { # expect_in FILE TEXT DESCRIPTION
    if grep -qF -- "$2" "$1"; then ok; else bad "$3: no '$2' in"; sed 's/^/  | /' "$1"; fi
}
status() { # status EXPECTED DESCRIPTION COMMAND...
    local want=$1 what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok; else
        bad "$what: exit status $got, expected $want"; sed 's/^/  | /' "$tmp/err"
    fi
}

src=$dir/gomoku-missed-four.sgf

# The summary marks Black's 9th move, which leaves White's four standing.
status 0 "analyze" "$mnk" analyze "$src" --nodes 20000 -o "$tmp/an.sgf"
expect_in "$tmp/out" "9. Black h12" "the blunder is listed"
expect_in "$tmp/out" "allows a forced loss" "the blunder is named"
expect_in "$tmp/out" "better g1" "the block is offered"
expect_in "$tmp/out" "decided by move 9" "where the game was decided"

# The annotated record: one comment per move, the blunder marked BM[2].
moves=$(tr -d '\n' < "$src" | grep -o ';[BW]\[[a-z][a-z]\]' | wc -l)
comments=$(grep -o 'C\[[0-9]*\. ' "$tmp/an.sgf" | wc -l)
if [ "$moves" -eq 10 ] && [ "$comments" -eq "$moves" ]; then ok; else
    bad "expected a comment on each of 10 moves, found $comments of $moves"
fi
if tr -d '\n' < "$tmp/an.sgf" | grep -q ';B\[hd\]BM\[2\]'; then ok; else
    bad "move 9 is not annotated BM[2]"; sed 's/^/  | /' "$tmp/an.sgf"
fi

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
    expect_in "$tmp/out" "9. Black h12: evaluation" "sgf2dg sees the comments"
    printf '(;FF[4]GM[4]SZ[15];B[hh]C[unclosed' > "$tmp/broken.sgf"
    status 9 "sgf2dg refuses a broken record (it really checks)" \
        sgf2dg -converter ASCII -i "$tmp/broken.sgf" -o -
else
    echo "note: sgf2dg is not installed; the independent parser check is skipped"
fi

# Progress on stderr when it takes more than a moment.
status 0 "analyze with time" "$mnk" analyze "$dir/gomoku-search-vs-threat.sgf" --time-ms 150
expect_in "$tmp/err" "analysing: 23 of 23 moves" "progress on stderr"
expect_in "$tmp/out" "inaccuracies  mistakes  blunders" "the summary table"

# The record on standard output, the summary then on stderr.
status 0 "-o -" "$mnk" analyze "$src" --nodes 2000 -o -
expect_in "$tmp/out" ";B[hd]" "the record on stdout"
expect_in "$tmp/err" "Black h12" "the summary on stderr"

# Bad usage and bad files.
status 2 "no file" "$mnk" analyze
status 2 "--time-ms 0" "$mnk" analyze "$src" --time-ms 0
status 2 "both limits" "$mnk" analyze "$src" --time-ms 10 --nodes 10
status 2 "unknown flag" "$mnk" analyze "$src" --frobnicate
status 1 "missing record" "$mnk" analyze "$tmp/none.sgf"
expect_in "$tmp/err" "none.sgf" "the missing file is named"
status 1 "unwritable output" "$mnk" analyze "$src" --nodes 100 -o "$tmp/no/such/dir/x.sgf"
expect_in "$tmp/err" "No such file or directory" "the reason is given"
if [ -z "$(find "$tmp" -name 'x.sgf*')" ]; then ok; else bad "a partial output was left"; fi
status 0 "--help" "$mnk" analyze --help
expect_in "$tmp/out" "usage: mnk analyze" "help text"

echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
