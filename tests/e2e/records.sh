#!/usr/bin/env bash
# records.sh — the sample records in data/records load, and `mnk convert`
# carries a game from SGF to PSQ and back without losing a move.
#
#   records.sh MNK_BINARY RECORDS_DIR
set -u
mnk=$1 dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 checks=0
check() { # check DESCRIPTION COMMAND...
    local what=$1; shift
    checks=$((checks + 1))
    if ! "$@" >"$tmp/out" 2>&1; then
        fails=$((fails + 1))
        echo "FAIL: $what"; sed 's/^/  | /' "$tmp/out"
    fi
}

n=0
for f in "$dir"/*.sgf "$dir"/*.psq; do
    [ -e "$f" ] || continue
    n=$((n + 1))
    check "$(basename "$f") loads" "$mnk" convert --to sgf "$f" -
done
checks=$((checks + 1))
[ "$n" -ge 3 ] || { fails=$((fails + 1)); echo "FAIL: expected sample records in $dir, found $n"; }

# SGF -> PSQ -> SGF keeps every move of a 15x15 game.
src="$dir/gomoku-search-vs-threat.sgf"
check "sgf to psq" "$mnk" convert "$src" "$tmp/a.psq"
check "psq to sgf" "$mnk" convert "$tmp/a.psq" "$tmp/b.sgf"
moves() { tr -d '\n' < "$1" | grep -o ';[BW]\[[a-z][a-z]\]' | tr -d '\n'; }
checks=$((checks + 1))
if [ "$(moves "$src")" != "$(moves "$tmp/b.sgf")" ] || [ -z "$(moves "$src")" ]; then
    fails=$((fails + 1)); echo "FAIL: moves changed in the round trip"
fi

# A bad record is refused with a message and status 1, and no output file.
printf '(;GM[4]SZ[15];B[hh];W[hh])' > "$tmp/bad.sgf"
checks=$((checks + 1))
"$mnk" convert "$tmp/bad.sgf" "$tmp/out.sgf" 2>"$tmp/err"; rc=$?
if [ $rc -ne 1 ] || ! grep -q "occupied" "$tmp/err" || [ -e "$tmp/out.sgf" ]; then
    fails=$((fails + 1)); echo "FAIL: bad record: status $rc, $(cat "$tmp/err")"
fi

echo "$((checks - fails)) passed, $fails failed"
[ $fails -eq 0 ]
