#!/usr/bin/env bash
# spellings.sh — every command takes its flags the same ways: `--flag=value`
# and `--flag value` have the same effect, an unknown flag is refused with
# exit status 2 and one "mnk COMMAND: unknown option" line, a long flag must
# be spelt in full, and every flag the help lists is one the command accepts.
#
#   spellings.sh MNK_BINARY RECORDS_DIR
#
# Exit 0 when every check passes, 1 listing the failures, 77 when a tool is
# missing.
set -u

mnk=${1:?usage: spellings.sh MNK_BINARY RECORDS_DIR}
records=${2:?usage: spellings.sh MNK_BINARY RECORDS_DIR}
command -v timeout >/dev/null || { echo "skip: timeout not found"; exit 77; }
[ -x "$mnk" ] || { echo "not executable: $mnk"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

checks=0
fails=0
ok() { checks=$((checks + 1)); }
bad() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }

# run NAME ARGS...: runs mnk with no input; output in $tmp/NAME.out, .err,
# exit status in $rc.
run() {
    local name=$1
    shift
    timeout 60 "$mnk" "$@" < /dev/null > "$tmp/$name.out" 2> "$tmp/$name.err"
    rc=$?
}

# same A B WHAT: the runs A and B printed the same, and exited alike.
same() {
    if cmp -s "$tmp/$1.out" "$tmp/$2.out" && cmp -s "$tmp/$1.err" "$tmp/$2.err"; then
        ok
    else
        bad "$3: '$1' and '$2' differ: $(diff "$tmp/$1.out" "$tmp/$2.out" | head -3)" \
            "$(diff "$tmp/$1.err" "$tmp/$2.err" | head -3)"
    fi
}

# has NAME.EXT TEXT WHAT: the file holds TEXT (fixed string).
has() {
    if grep -qF -- "$2" "$tmp/$1"; then ok; else bad "$3: no '$2' in $1: $(head -c 300 "$tmp/$1")"; fi
}

status() {
    if [ "$rc" -eq "$1" ]; then ok; else bad "$2: exit status $rc, not $1: $(head -c 300 "$tmp/$3.err")"; fi
}

sgf=$records/tictactoe-draw.sgf
big=$records/gomoku-missed-four.sgf

echo "# play: the board the flags give (its --win bound names it)"
for spelling in eq sp; do
    if [ $spelling = eq ]; then
        run play-$spelling play --size=7x5 --win=8 --rule=exact --black=random --seed=3
    else
        run play-$spelling play --size 7x5 --win 8 --rule exact --black random --seed 3
    fi
    status 2 "play $spelling" play-$spelling
    has play-$spelling.err "mnk play: --win: expected a whole number from 3 to 7 for a 7x5 board, got 8" \
        "play $spelling: the size was taken"
done
same play-eq play-sp "play"
run load-eq play --load="$sgf" --size=5
run load-sp play --load "$sgf" --size 5
same load-eq load-sp "play --load"
has load-eq.err "tictactoe-draw.sgf: a record has its own board" "play --load=FILE"
# The game itself needs a terminal: with good flags it gets that far.
run play-ok --size=5 --win=4 --black=computer --level=2 --time-ms=10
status 1 "play with good flags and no terminal" play-ok
has play-ok.err "the game needs a terminal" "play: the flags were all accepted"

echo "# match: a seeded match plays the same either way"
run match-eq match --black=random --white=random --games=2 --size=5 --win=4 --seed=3 --quiet
run match-sp match --black random --white random --games 2 --size 5 --win 4 --seed 3 --quiet
status 0 "match" match-eq
same match-eq match-sp "match"
has match-eq.out "random/A vs random/B: 2 games" "match: --games taken"
has match-eq.out "seed 3" "match: --seed taken"
if grep -q '^game ' "$tmp/match-eq.out"; then bad "match: --quiet not taken"; else ok; fi

echo "# convert: --to names the format"
run conv-eq convert --to=psq "$sgf" -
run conv-sp convert --to psq "$sgf" -
run conv-sgf convert --to=sgf "$sgf" -
status 0 "convert" conv-eq
same conv-eq conv-sp "convert"
has conv-eq.out "Piskvorky 3x3" "convert --to=psq writes PSQ"
has conv-sgf.out "(;FF[4]" "convert --to=sgf writes SGF"

echo "# engine: --win decides which boards it takes"
for spelling in eq sp; do
    for win in 3 4; do
        if [ $spelling = eq ]; then
            set -- engine --ai=random --win=$win --seed=1
        else
            set -- engine --ai random --win $win --seed 1
        fi
        printf 'START 3\nEND\n' | timeout 60 "$mnk" "$@" > "$tmp/eng-$spelling-$win.out" 2> "$tmp/eng-$spelling-$win.err"
    done
    has eng-$spelling-3.out "OK" "engine $spelling: 3 in a row fits 3x3"
    has eng-$spelling-4.out "ERROR unsupported board 3x3 with 4 in a row" "engine $spelling: --win 4 taken"
done
same eng-eq-4 eng-sp-4 "engine"

echo "# bench: --depth and --file"
printf '# one position\n7 4 freestyle d4 c3\n' > "$tmp/positions.txt"
run bench-eq bench --depth=2 --file="$tmp/positions.txt"
run bench-sp bench --depth 2 --file "$tmp/positions.txt"
status 0 "bench" bench-eq
has bench-eq.out "positions 1  depth 2" "bench: --depth=2 and --file= taken"
has bench-sp.out "positions 1  depth 2" "bench: --depth 2 and --file taken"
diff <(grep -o 'total nodes [0-9]*' "$tmp/bench-eq.out") \
     <(grep -o 'total nodes [0-9]*' "$tmp/bench-sp.out") > /dev/null &&
    ok || bad "bench: the node counts differ"

echo "# solve: the board, and --time-ms with its older spelling --time"
run solve-eq solve --size=3 --win=3 --position=b2 --time-ms=60000
run solve-sp solve --size 3 --win 3 --position b2 --time 60
status 0 "solve" solve-eq
status 0 "solve --time" solve-sp
has solve-eq.out "solving 3x3 k=3 freestyle, 1 stones on the board, White to move" "solve: flags taken"
has solve-sp.out "solving 3x3 k=3 freestyle, 1 stones on the board, White to move" "solve: flags taken"
has solve-eq.out "result: draw" "solve: solved"
run solve-both solve --size 3 --win 3 --time-ms 10 --time 1
status 2 "solve --time-ms and --time" solve-both
has solve-both.err "mnk solve: give --time-ms or --time, not both" "solve: one time limit"

echo "# analyze: --nodes, --output and -o"
run an-eq analyze --nodes=300 --output="$tmp/an-eq.sgf" "$big"
run an-sp analyze "$big" --nodes 300 --output "$tmp/an-sp.sgf"
run an-short analyze -o "$tmp/an-short.sgf" --nodes 300 "$big"
run an-glued analyze "-o$tmp/an-glued.sgf" --nodes=300 "$big"
status 0 "analyze" an-eq
same an-eq an-sp "analyze"
same an-eq an-short "analyze -o"
same an-eq an-glued "analyze -oOUT"
for f in an-sp an-short an-glued; do
    cmp -s "$tmp/an-eq.sgf" "$tmp/$f.sgf" && ok || bad "analyze: $f.sgf differs from an-eq.sgf"
done
has an-eq.sgf "Analysed by mnk" "analyze: the output written"

echo "# show and levels: flags only --help; operands still work"
run show show -- "$sgf"
status 0 "show -- FILE" show
has show.out "Board: 3x3, 3 in a row, freestyle" "show"
run levels levels
status 0 "levels" levels
run levels-x levels --help=yes
status 2 "levels --help=yes" levels-x
has levels-x.err "mnk levels: --help: takes no value" "a switch with a value"

echo "# mnk --help: the commands, not play's whole help; a manual that opens"
run top-help --help
status 0 "--help" top-help
has top-help.out "commands:" "--help lists the commands"
long=$(awk 'length > 79' "$tmp/top-help.out")
[ -z "$long" ] && ok || bad "--help: a line past column 79: $long"
grep -q "usage: mnk play" "$tmp/top-help.out" && bad "--help repeats play's help" || ok
has top-help.out "'mnk play --help'" "--help says where the game's options are"
# The binary tested is the build tree's: it names the checkout's page,
# which exists (man 6 mnk would find nothing before meson install).
page=$(sed -n 's/.*man -l \(.*\)$/\1/p' "$tmp/top-help.out")
[ -n "$page" ] && [ -f "$page" ] && ok || bad "--help names no manual page that exists: '$page'"

echo "# every command: an unknown flag, a flag not spelt in full, the help"
for cmd in play match convert engine bench solve show analyze levels; do
    run unk-$cmd $cmd --nonesuch=1
    status 2 "$cmd --nonesuch" unk-$cmd
    [ "$(wc -l < "$tmp/unk-$cmd.err")" -eq 1 ] && [ ! -s "$tmp/unk-$cmd.out" ] && ok ||
        bad "$cmd --nonesuch: not one line on stderr and nothing on stdout"
    has unk-$cmd.err "mnk $cmd: unknown option '--nonesuch'; see 'mnk $cmd --help'" "$cmd --nonesuch"

    run help-$cmd $cmd --help
    status 0 "$cmd --help" help-$cmd
    has help-$cmd.out "usage: mnk $cmd" "$cmd --help"
    long=$(awk 'length > 79' "$tmp/help-$cmd.out")
    [ -z "$long" ] && ok || bad "$cmd --help: a line past column 79: $long"
    run h-$cmd $cmd -h
    same help-$cmd h-$cmd "$cmd -h"

    # Every flag the help lists is accepted: given an empty value, it is
    # refused for its value, never as unknown.
    flags=$(grep -oE '^  (-[a-z], )?--[a-z-]+' "$tmp/help-$cmd.out" | grep -oE -- '--[a-z-]+' |
            grep -v -- '--help')
    for flag in $flags; do
        run listed $cmd "$flag="
        if grep -q 'unknown option' "$tmp/listed.err"; then
            bad "$cmd --help lists $flag, which it does not take: $(cat "$tmp/listed.err")"
        else
            ok
        fi
    done
done
run plain --nonesuch
has plain.err "mnk play: unknown option '--nonesuch'" "mnk without a command is play"
run abbrev play --time 5
status 2 "play --time (an abbreviation of --time-ms)" abbrev
has abbrev.err "unknown option '--time' (did you mean --time-ms?)" "no abbreviations"

echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
