#!/usr/bin/env bash
# records.sh — the sample records in data/records load, and `mnk convert`
# carries a game from SGF to PSQ and back without losing a move.
#
#   records.sh MNK_BINARY RECORDS_DIR
set -u
mnk=$1 dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# mnk analyze adds the puzzles of a person's misses to the data directory:
# the test's own, never the home of whoever runs it.
export XDG_DATA_HOME="$tmp/data"
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

# want STATUS DESCRIPTION COMMAND...: the command exits with STATUS within
# 10 s (nothing blocks); its output is left in $tmp/out and $tmp/err.
want() {
    local status=$1 what=$2; shift 2
    checks=$((checks + 1))
    timeout 10 "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne "$status" ]; then
        fails=$((fails + 1)); echo "FAIL: $what: status $rc, expected $status"
        sed 's/^/  | /' "$tmp/err"
    fi
}
has() { # has FILE TEXT DESCRIPTION
    checks=$((checks + 1))
    grep -qF -- "$2" "$1" || { fails=$((fails + 1)); echo "FAIL: $3: no '$2' in"; sed 's/^/  | /' "$1"; }
}

# PSQ keeps the win length and the rule: tic-tac-toe and an exact-rule
# 7x7 come back as they were; a PSQ from another program is five in a row.
for f in tictactoe-draw.sgf 7x7-k4.sgf; do
    want 0 "$f to psq" "$mnk" convert "$dir/$f" "$tmp/k.psq"
    want 0 "$f back from psq" "$mnk" convert "$tmp/k.psq" "$tmp/k.sgf"
    for prop in SZ RU WIN; do
        a=$(grep -o "$prop\[[^]]*\]" "$dir/$f" | head -n 1)
        b=$(grep -o "$prop\[[^]]*\]" "$tmp/k.sgf" | head -n 1)
        checks=$((checks + 1))
        [ -n "$b" ] && { [ -z "$a" ] || [ "$a" = "$b" ]; } ||
            { fails=$((fails + 1)); echo "FAIL: $f: $prop was '$a', came back '$b'"; }
    done
    checks=$((checks + 1))
    [ "$(moves "$dir/$f")" = "$(moves "$tmp/k.sgf")" ] ||
        { fails=$((fails + 1)); echo "FAIL: $f: moves changed through psq"; }
done
printf 'Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\npbrain-a.zip\npbrain-b.zip\n-1\n' > "$tmp/foreign.psq"
want 0 "a foreign psq" "$mnk" convert --to sgf "$tmp/foreign.psq" -
has "$tmp/out" "WIN[5]" "a foreign psq is five in a row"
printf 'Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8.8.8\n7,7,0\n-1\n' > "$tmp/junk.psq"
want 1 "a junk line in a psq" "$mnk" convert --to sgf "$tmp/junk.psq" -
has "$tmp/err" "junk.psq: line 5" "the junk psq error names the file and line"

# Renju and caro travel: another program's RU[Renju] comes back from psq
# as renju, show and analyze name it; a rule mnk does not know is refused
# by name, never read as freestyle.
printf '(;FF[4]GM[4]SZ[15]RU[Renju]PB[Ann]PW[Bo];B[hh];W[ii];B[hi];W[ig])\n' > "$tmp/renju.sgf"
want 0 "renju to psq" "$mnk" convert "$tmp/renju.sgf" "$tmp/renju.psq"
has "$tmp/renju.psq" "mnk win=5 rule=renju" "the psq keeps renju"
want 0 "renju back from psq" "$mnk" convert "$tmp/renju.psq" "$tmp/renju2.sgf"
has "$tmp/renju2.sgf" "RU[renju]WIN[5]" "renju comes back from psq"
want 0 "show renju" "$mnk" show "$tmp/renju2.sgf"
has "$tmp/out" "Board: 15x15, 5 in a row, renju" "show names renju"
want 0 "analyze renju" "$mnk" analyze "$tmp/renju.sgf" --nodes 200 -o "$tmp/renju-an.sgf"
has "$tmp/out" "5 in a row, renju" "analyze names renju"
has "$tmp/renju-an.sgf" "RU[renju]" "analyze keeps renju"
printf '(;FF[4]GM[4]SZ[15]RU[caro];B[hh];W[ii])\n' > "$tmp/caro.sgf"
want 0 "caro to psq" "$mnk" convert --to psq "$tmp/caro.sgf" -
has "$tmp/out" "mnk win=5 rule=caro" "the psq keeps caro"
printf '(;FF[4]GM[4]SZ[15]RU[Yamaguchi];B[hh];W[ii])\n' > "$tmp/yamaguchi.sgf"
for cmd in "convert --to psq" show; do
    # shellcheck disable=SC2086
    want 1 "$cmd RU[Yamaguchi]" "$mnk" $cmd "$tmp/yamaguchi.sgf" $([ "$cmd" = show ] || echo -)
    has "$tmp/err" "unknown rule 'Yamaguchi' in RU[]" "$cmd names the unknown rule"
done
printf '(;FF[4]GM[4]SZ[15]RU[renju]WIN[4];B[hh])\n' > "$tmp/renju4.sgf"
want 1 "renju with k=4" "$mnk" show "$tmp/renju4.sgf"
has "$tmp/err" "renju is played with five in a row (win length 5)" "renju with k=4 says why"

# Inputs that are not files are refused at once, by every command.
mkfifo "$tmp/pipe.sgf"
mkdir "$tmp/dir.sgf"
for cmd in "convert --to sgf" show analyze; do
    # shellcheck disable=SC2086
    want 1 "$cmd on a pipe" "$mnk" $cmd "$tmp/pipe.sgf" $([ "$cmd" = "convert --to sgf" ] && echo -)
    has "$tmp/err" "pipe.sgf: is a pipe, not a file" "$cmd says what the pipe is"
    # shellcheck disable=SC2086
    want 1 "$cmd on a directory" "$mnk" $cmd "$tmp/dir.sgf" $([ "$cmd" = "convert --to sgf" ] && echo -)
    has "$tmp/err" "dir.sgf: is a directory" "$cmd says what the directory is"
done

# convert never leaves a partial output, and says why it could not write.
want 1 "convert into a missing directory" "$mnk" convert "$src" "$tmp/none/out.sgf"
has "$tmp/err" "No such file or directory" "the reason of a failed write"
mkdir "$tmp/ro" && chmod 500 "$tmp/ro"
if [ "$(id -u)" -ne 0 ]; then
    want 1 "convert into a read-only directory" "$mnk" convert "$src" "$tmp/ro/out.sgf"
    has "$tmp/err" "Permission denied" "the reason of a refused write"
fi
checks=$((checks + 1))
[ -z "$(find "$tmp" -name 'out.sgf*')" ] || { fails=$((fails + 1)); echo "FAIL: partial output left"; }

# convert writes into a device or a pipe as it stands: no file is renamed
# over it (as root, over /dev/null). Nodes made here, where mknod works.
if mknod "$tmp/null" c 1 3 2>/dev/null; then
    want 0 "convert into a device" "$mnk" convert --to sgf "$src" "$tmp/null"
    checks=$((checks + 1))
    [ -c "$tmp/null" ] || { fails=$((fails + 1)); echo "FAIL: the device was replaced by a file"; }
fi
checks=$((checks + 1))
"$mnk" convert --to sgf "$src" /dev/stdout | cat > "$tmp/piped.sgf"
[ "$(moves "$src")" = "$(moves "$tmp/piped.sgf")" ] ||
    { fails=$((fails + 1)); echo "FAIL: convert into /dev/stdout, a pipe"; }
mkdir "$tmp/here.sgf"
want 1 "convert onto a directory" "$mnk" convert "$src" "$tmp/here.sgf"
has "$tmp/err" "here.sgf: is a directory" "convert says the output is a directory"

# Other programs' root properties and names survive an SGF to SGF convert.
printf '\357\273\277(;FF[4]GM[4]SZ[15]EV[Club night]GC[A game \\] to keep]PB[Ann]PW[Bo]XZ[own];B[hh];W[ii])' \
    > "$tmp/foreign.sgf"
want 0 "a foreign sgf with a byte-order mark" "$mnk" convert "$tmp/foreign.sgf" "$tmp/kept.sgf"
for text in 'EV[Club night]' 'GC[A game \] to keep]' 'XZ[own]' 'PB[Ann]' 'PW[Bo]'; do
    has "$tmp/kept.sgf" "$text" "convert keeps $text"
done

# mnk show: players, board, rule, result, the position and the moves.
want 0 "show" "$mnk" show "$dir/gomoku-missed-four.sgf"
for text in "Black: human" "Board: 15x15, 5 in a row, freestyle" "Result: White wins after 10 moves" \
            "  1  .  X  O  O  O  O (O)" "   5. h12  g1"; do
    has "$tmp/out" "$text" "show prints '$text'"
done
printf '(;GM[4]SZ[9]PB[evil\033\\]0;title\007];B[ee])' > "$tmp/esc.sgf"
want 0 "show a name with escapes" "$mnk" show "$tmp/esc.sgf"
checks=$((checks + 1))
if grep -q $'\033' "$tmp/out"; then fails=$((fails + 1)); echo "FAIL: show printed an escape"; fi
# Names that are no text (invalid UTF-8, a C1 control) come out escaped as
# on the game screen, never raw; a character of the locale stays whole.
printf '(;GM[4]SZ[9]PB[bad\377\376 name]PW[\351\243\236 \302\205];B[ee])' > "$tmp/utf.sgf"
LC_ALL=C.UTF-8 want 0 "show names that are not UTF-8" "$mnk" show "$tmp/utf.sgf"
has "$tmp/out" 'Black: bad\xff\xfe name' "show escapes invalid UTF-8"
has "$tmp/out" $'White: \351\243\236 \\xc2\\x85' "show escapes a C1 control, keeps a character"
checks=$((checks + 1))
if LC_ALL=C grep -q -e $'\377' -e $'\376' -e $'\302\205' "$tmp/out"; then
    fails=$((fails + 1)); echo "FAIL: show printed bytes that are not UTF-8, or a C1 control"
fi
# A record whose clock cannot be read opens without it, and says so;
# converting it keeps its moves.
printf '(;FF[4]GM[4]SZ[15]TM[60];B[hh]BL[abc];W[ii])' > "$tmp/badclock.sgf"
want 0 "show a record with a bad clock" "$mnk" show "$tmp/badclock.sgf"
has "$tmp/err" "bad time left BL[abc]: the record is read without its clock" "show says the clock is left out"
has "$tmp/out" "1. h8   i7" "show gives the moves all the same"
want 0 "convert a record with a bad clock" "$mnk" convert "$tmp/badclock.sgf" "$tmp/badclock.psq"
has "$tmp/err" "read without its clock" "convert says the clock is left out"
# A set-up position cannot go to PSQ: refused with the reason, no file.
printf '(;FF[4]GM[4]SZ[15]AB[hh][ii]AW[jj]PL[W];W[gg])' > "$tmp/setup.sgf"
want 1 "convert a set-up position to psq" "$mnk" convert "$tmp/setup.sgf" "$tmp/setup.psq"
has "$tmp/err" "save it as .sgf" "the refusal says what to do"
checks=$((checks + 1))
if [ -e "$tmp/setup.psq" ]; then fails=$((fails + 1)); echo "FAIL: a psq was written"; fi
want 0 "show a set-up position" "$mnk" show "$tmp/setup.sgf"
want 2 "show without a file" "$mnk" show
want 1 "show a missing file" "$mnk" show "$tmp/none.sgf"

echo "$((checks - fails)) passed, $fails failed"
[ $fails -eq 0 ]
