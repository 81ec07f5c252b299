#!/usr/bin/env bash
# puzzlefiles.sh — `mnk puzzle export` writes the puzzles chosen as one SGF
# collection that mnk reads back the same (list, show, check) and that an
# independent SGF parser (sgf2dg, when installed) accepts; the filters and
# the ids choose exactly those puzzles; an unknown id, an empty choice and
# an unwritable output are refused with a message and exit status 1, the
# file that was there left as it was. `mnk puzzle import` re-proves a
# file's puzzles and keeps those that hold in the player's imported
# collection, once each, naming any it refuses.
#
#   puzzlefiles.sh MNK_BINARY
set -u
mnk=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CONFIG_HOME=$tmp/config
# shellcheck source=tests/e2e/checks.sh
. "$(dirname "$0")/checks.sh"
same() { # same FILE_A FILE_B DESCRIPTION
    if cmp -s "$1" "$2"; then ok; else bad "$3"; diff "$1" "$2" | head -10 | sed 's/^/  | /'; fi
}

# Everything of one kind: the same puzzles, listed the same, and they all
# re-prove from the exported file.
"$mnk" puzzle list --kind perfect >"$tmp/listed"
status 0 "export --kind perfect" "$mnk" puzzle export --kind perfect --output "$tmp/perfect.sgf"
has "$tmp/err" "puzzles written to $tmp/perfect.sgf" "export says what it wrote"
"$mnk" puzzle list "$tmp/perfect.sgf" >"$tmp/relisted"
same "$tmp/listed" "$tmp/relisted" "the exported perfect puzzles list as the shipped ones"
status 0 "check of the export" "$mnk" puzzle check --sample 10 "$tmp/perfect.sgf"
has "$tmp/out" "all hold" "the exported puzzles re-prove"

# Named puzzles, to the standard output: those, in the collection's order,
# each shown as before (position, task, solution, proof).
ids=$("$mnk" puzzle list --rule renju --kind vcf | awk 'NR == 3 || NR == 1 { print $1 }')
id1=$(echo "$ids" | sed -n 1p) id2=$(echo "$ids" | sed -n 2p)
status 0 "export two ids" "$mnk" puzzle export "$id2" "$id1"
cp "$tmp/out" "$tmp/two.sgf"
"$mnk" puzzle list "$tmp/two.sgf" | awk '{ print $1 }' >"$tmp/two.ids"
printf '%s\n%s\n' "$id1" "$id2" >"$tmp/want.ids"
same "$tmp/want.ids" "$tmp/two.ids" "export of two ids writes those two, in order"
"$mnk" puzzle show "$id2" >"$tmp/show.shipped"
"$mnk" puzzle show --file "$tmp/two.sgf" "$id2" >"$tmp/show.exported"
same "$tmp/show.shipped" "$tmp/show.exported" "an exported puzzle shows as the shipped one"
has "$tmp/two.sgf" "MNKPUZZLE[vcf]" "the kind is in the file"
has "$tmp/two.sgf" "RU[renju]" "the rule is in the file"
if grep -q '^PL\[[BW]\]C\[.* to play and win with fours' "$tmp/two.sgf"; then ok; else
    bad "the task is the root's comment"; head -5 "$tmp/two.sgf" | sed 's/^/  | /'
fi
if command -v sgf2dg >/dev/null 2>&1; then
    if (cd "$tmp" && sgf2dg -o two.tex two.sgf >sgf2dg.out 2>&1); then ok; else
        bad "sgf2dg refuses the export"; sed 's/^/  | /' "$tmp/sgf2dg.out"
    fi
fi

# The filters and ids together: only ids the filters keep.
status 1 "an id the filter leaves out" "$mnk" puzzle export --rule freestyle "$id1"
has "$tmp/err" "no puzzle is kept" "an empty choice is said"

# Refusals leave the file in place alone.
echo keep >"$tmp/kept.sgf"
status 1 "unknown id" "$mnk" puzzle export no-such-puzzle --output "$tmp/kept.sgf"
has "$tmp/err" "no puzzle 'no-such-puzzle'" "an unknown id is named"
echo keep >"$tmp/want.kept"
same "$tmp/want.kept" "$tmp/kept.sgf" "a refused export leaves the file as it was"
mkdir "$tmp/dir.sgf"
status 1 "output a directory" "$mnk" puzzle export "$id1" --output "$tmp/dir.sgf"
has "$tmp/err" "mnk puzzle export:" "an unwritable output is said"
status 1 "a file that is no collection" "$mnk" puzzle export --file "$tmp/kept.sgf"
status 2 "bad usage" "$mnk" puzzle export --kind riddle

# Import: the puzzles that re-prove go to the player's imported
# collection, once; a puzzle whose answer was changed is refused and named,
# the others of its file still kept; a file that is no collection is said.
imported=$XDG_DATA_HOME/mnk/puzzles/imported.sgf
status 0 "import" "$mnk" puzzle import "$tmp/two.sgf"
has "$tmp/out" "2 puzzles imported to $imported (0 already there, 0 refused)" "import says what it kept"
"$mnk" puzzle list "$imported" | awk '{ print $1 }' >"$tmp/imported.ids"
same "$tmp/want.ids" "$tmp/imported.ids" "the imported collection holds the two puzzles"
status 0 "import again" "$mnk" puzzle import "$tmp/two.sgf"
has "$tmp/out" "0 puzzles imported to $imported (2 already there, 0 refused)" "a second import adds nothing"
# The first puzzle's answer moved to another cell: it no longer holds.
awk -v id="$id1" 'BEGIN { t = 0 } /GN\[/ { t = index($0, "GN[" id "]") > 0 }
    t && /^;[BW]\[/ && !done { sub(/^;[BW]\[[a-z][a-z]\]/, substr($0, 1, 3) "aa]"); done = 1 } { print }' \
    "$tmp/two.sgf" >"$tmp/tampered.sgf"
rm -f "$imported"
status 1 "import of a tampered puzzle" "$mnk" puzzle import "$tmp/tampered.sgf"
has "$tmp/out" "$tmp/tampered.sgf: $id1: refused:" "the puzzle that does not hold is named"
has "$tmp/out" "1 puzzle imported to $imported (0 already there, 1 refused)" "the one that holds is kept"
status 1 "import of a file that is no collection" "$mnk" puzzle import "$tmp/kept.sgf"
has "$tmp/err" "mnk puzzle import: $tmp/kept.sgf" "the file that does not read is named"
status 2 "import without a file" "$mnk" puzzle import

echo "# $checks checks, $fails failed"
[ "$fails" -eq 0 ]
