#!/usr/bin/env bash
# defences.sh — tools/defences makes the defence suite from a lost game
# and measures it: the game's position where the loser played a move that
# lost to threats while another held is kept once (a second run adds
# nothing), the winner's side gives none, and the measure gives a line per
# entry and the summary; a game that cannot be read, a missing suite, a
# line that is no position and bad flags are refused with exit status 1 or
# 2 and a message.
#
#   defences.sh DEFENCES_BINARY MNK_BINARY LOST_GAME
set -u
defences=$1 mnk=$2 game=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CONFIG_HOME=$tmp/config
# shellcheck source=tests/e2e/checks.sh
. "$(dirname "$0")/checks.sh"

suite=$tmp/suite.txt
status 0 "--make" "$defences" --make --player club "$suite" "$game"
has "$tmp/err" "1 lost by club: 1 entries added to $suite (0 there already)" \
    "the missed defence is kept"
has "$tmp/err" "move 14: club played g10, e10 holds" "the entry names the move played and one that holds"
has "$suite" " | g10 | defences-lost.sgf move 14, e10 holds" "the suite's line"
status 0 "--make again" "$defences" --make --player club "$suite" "$game"
has "$tmp/err" "0 entries added to $suite (1 there already)" "an entry already there is not added"
[ "$(grep -c . "$suite")" -eq 1 ] && ok || bad "the suite has one line: $(cat "$suite")"
status 0 "--make for the winner" "$defences" --make --player strong "$suite" "$game"
has "$tmp/err" "0 lost by strong" "the winner's game is not mined"

status 0 "measure" "$defences" --max-nodes 64000 "$suite"
if grep -Eq '^ +1 [.+?]{3}  (found from [0-9]+ nodes|not found)$' "$tmp/out"; then ok
else bad "a line per puzzle with its three budgets' verdicts:"; sed 's/^/  | /' "$tmp/out"; fi
has "$tmp/out" "found within: 16k" "the summary's budgets"
has "$tmp/out" "(of 1)" "the summary counts the puzzle"
has "$tmp/out" "score: " "the score"

printf 'not a record\n' >"$tmp/junk.sgf"
status 1 "an unreadable game" "$defences" --make "$suite" "$tmp/junk.sgf"
has "$tmp/err" "junk.sgf" "the unreadable game is named"
status 1 "a missing suite" "$defences" "$tmp/none.txt"
has "$tmp/err" "cannot read $tmp/none.txt" "the missing suite is named"
printf '15x15 5 freestyle | h8 h8 | i9 | twice\n' >"$tmp/bad.txt"
status 1 "a suite's bad line" "$defences" "$tmp/bad.txt"
has "$tmp/err" "bad.txt:1: a move that cannot be played" "the bad line is named"
status 2 "a bad --max-nodes" "$defences" --max-nodes 5 "$suite"
status 2 "--make without games" "$defences" --make "$suite"

echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
