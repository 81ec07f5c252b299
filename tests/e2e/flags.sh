#!/usr/bin/env bash
# flags.sh — every command refuses bad flag values the same way: exit status
# 2, nothing on standard output (no game, no terminal set-up), and exactly one
# line on standard error that names the flag and says what is allowed.
#
#   flags.sh MNK_BINARY
#
# Exit 0 when every row passes, 1 listing the rows that fail, 77 when a tool
# is missing.
set -u

mnk=${1:?usage: flags.sh MNK_BINARY}
command -v timeout >/dev/null || { echo "skip: timeout not found"; exit 77; }
[ -x "$mnk" ] || { echo "not executable: $mnk"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# COMMAND ARGUMENTS | the flag the message must name | what it must say is
# allowed (an extended regex). Arguments are split on blanks; '' is an empty
# argument.
table=$(cat <<'EOF'
play --size 2                      | --size     | 3 to 26
play --size 27                     | --size     | 3 to 26
play --size 0x5                    | --size     | 3 to 26
play --size 7x                     | --size     | 3 to 26
play --size abc                    | --size     | 3 to 26
play --size ''                     | --size     | 3 to 26
play --win 2                       | --win      | from 3 to
play --win 99                      | --win      | from 3 to
play --win x                       | --win      | from 3 to
play --size 3 --win 4              | --win      | from 3 to 3
play --size 7x4 --win 8            | --win      | from 3 to 7
play --rule foo                    | --rule     | freestyle, exact, renju or caro
play --rule renju --win 4          | --rule     | renju.*five in a row
play --rule renju --size 3         | --rule     | renju.*five in a row
play --white perfect --rule caro   | --white    | perfect does not play caro
play --black perfect --rule renju  | --black    | perfect does not play renju
play --black nobody                | --black    | human.*random
play --white ''                    | --white    | human.*random
play --black engine:               | --black    | human.*engine:COMMAND
play --level 0                     | --level    | 1 to [0-9]+
play --level 99                    | --level    | 1 to [0-9]+
play --level godlike               | --level    | 1 to [0-9]+.*starter
play --black godlike               | --black    | starter.*random
play --time-ms -5                  | --time-ms  | from 0 to 3600000
play --time-ms 3600001             | --time-ms  | from 0 to 3600000
play --time-ms 99999999999999999999 | --time-ms | from 0 to 3600000
play --seed -1                     | --seed     | from 0 to
play --seed x                      | --seed     | from 0 to
play --seed 0x                     | --seed     | from 0 to
play --bogus                       | --bogus    | unknown
play --size                        | --size     | missing|expected
engine --ai nobody                 | --ai       | one of: .*random
engine --win 2                     | --win      | from 3 to 26
engine --win 27                    | --win      | from 3 to 26
engine --rule x                    | --rule     | freestyle, exact, renju or caro
engine --rule renju --win 6        | --rule     | renju.*five in a row
engine --ai perfect --rule caro    | --ai       | perfect does not play caro
engine --memory 0                  | --memory   | from 1 to 65536
engine --memory 65537              | --memory   | from 1 to 65536
engine --time-ms 0                 | --time-ms  | from 1 to 3600000
engine --time-ms 3600001           | --time-ms  | from 1 to 3600000
engine --seed -3                   | --seed     | from 0 to
engine --level nope                | --level    | one of: starter.*maximum
engine --nodes 0                   | --nodes    | from 1 to
engine --depth 0                   | --depth    | from 1 to 200
engine --threads 0                 | --threads  | from 1 to 64
engine --threads 65                | --threads  | from 1 to 64
engine --bogus 1                   | --bogus    | unknown
engine --win                       | --win      | missing
match --black random --white random --games 0       | --games    | from 1 to 100000
match --black random --white random --games 100001  | --games    | from 1 to 100000
match --black random --white random --size 27       | --size     | 3 to 26
match --black random --white random --size 5 --win 6 | --win     | from 3 to 5
match --black random --white random --win 2         | --win      | from 3 to
match --black random --white random --rule x        | --rule     | freestyle, exact, renju or caro
match --black random --white random --rule renju --win 4 | --rule | renju.*five in a row
match --black perfect --white random --rule caro | --black | perfect does not play caro
match --black random --white perfect --rule renju | --white | perfect does not play renju
match --black random --white random --seed x        | --seed     | from 0 to
match --black random --white random --time-ms 0     | --time-ms  | from 1 to 3600000
match --black random --white random --threads 0     | --threads  | N or A,B, each from 1 to 64
match --black random --white random --threads 2,65  | --threads  | N or A,B, each from 1 to 64
match --black random --white random --threads 2,x   | --threads  | N or A,B
match --black random --white random --threads 1,2,3 | --threads  | N or A,B
match --black random --white random --ponder c      | --ponder   | a, b or both
match --black random --white random --tc x          | --tc       | no time
match --black random --white random --tc 3+         | --tc       | no time
match --black random --white random --tc 0+2        | --tc       | main time must be more than 0
match --black random --white random --tc 0s/move    | --tc       | more than 0
match --black random --white random --tc ''         | --tc       | empty time control
match --black random --white random --tc 3+2 --time-ms 100 | --tc | do not go together.*60s/move
match --black random --white random --openings /nonexistent | --openings | /nonexistent
match --black random --white random --openings /          | --openings | cannot read
match --black random --white random --openings @BINARY    | --openings | not a cell
match --black random --white nobody                 | --white    | one of|random
match --black human --white random                  | --black    | computer
match --black random                                | --white    | required|missing|expected
match --white random                                | --black    | required|missing|expected
match --black random --white random --bogus         | --bogus    | unknown
solve --size 2 --win 3             | --size     | 3 to 26|3\.\.26
solve --size 4                     | --win      | required|missing
solve --win 3                      | --size     | required|missing
solve --size 4 --win 5             | --win      | from 3 to 4|3\.\.4
solve --size 4 --win 3 --memory 0  | --memory   | from 1 to 65536
solve --size 4 --win 3 --time -1   | --time     | from 0 to
solve --size 4 --win 3 --nodes -1  | --nodes    | from 0 to
solve --size 4 --win 3 --nodes x   | --nodes    | from 0 to
solve --size 4 --win 3 --rule x    | --rule     | freestyle, exact, renju or caro
solve --size 4 --win 3 --rule renju | --rule    | renju.*five in a row
solve --size 5x3 --win 3 --rule caro --position b2,a2,c2,e2 | --rule | caro: the solver knows freestyle and exact only
solve --size 15 --win 5 --rule renju | --rule    | renju: the solver knows freestyle and exact only
solve --size 4 --win 3 --position zz9 | --position | zz9
solve --size 3 --win 3 --position a1,a1 | --position | a1
solve --size 4 --win 3 --bogus 1   | --bogus    | unknown
host --port 70000                  | --port     | from 0 to 65535
host --black nobody                | --black    | me or them
host --tc 3x                       | --tc       | no time
host --size 3 --win 4              | --win      | from 3 to 3
host --rule renju --win 4          | --rule     | renju.*five in a row
host --opening swap3               | --opening  | none, swap, swap2
host --bogus                       | --bogus    | unknown
server --live                      | --live     | missing
server --live ''                   | --live     | expected a name
join 127.0.0.1                     | join       | say what to do on the server
join 127.0.0.1 --list --game 3     | join       | say what to do on the server
join 127.0.0.1 --list --name a,b   | join       | no space or comma
join 127.0.0.1 ABCD                | join       | 12 digits and letters
join 127.0.0.1:0 7KQ2-M9XD-4HPW    | join       | 1 to 65535
bench --depth 0                    | --depth    | from 1 to 60
bench --depth 61                   | --depth    | from 1 to 60
bench --depth x                    | --depth    | from 1 to 60
bench --depth                      | --depth    | missing
bench --file /nonexistent          | --file     | cannot open
bench --bogus                      | --bogus    | unknown
convert --to xyz a.sgf -           | --to       | sgf or psq
convert --bogus a.sgf b.sgf        | --bogus    | unknown
convert a.sgf b.sgf --to           | --to       | missing
convert a.sgf                      | convert    | two files
convert a.sgf b.sgf c.sgf          | convert    | two files
convert a.sgf b.txt                | b.txt      | \.sgf or \.psq
play --size=2                      | --size     | 3 to 26
play --size=                       | --size     | 3 to 26
play --time 5                      | --time     | unknown
play --help=1                      | --help     | no value
engine --win=2                     | --win      | from 3 to 26
match --black=random --white=random --size=27 | --size | 3 to 26
match --black=random --white=random --games=0 | --games | from 1 to 100000
solve --size=4 --win=3 --time-ms=-1 | --time-ms | from 0 to
solve --size 4 --win 3 --time-ms 10 --time 1 | --time-ms | not both
bench --depth=61                   | --depth    | from 1 to 60
analyze --time-ms=0 a.sgf          | --time-ms  | from 1 to 600000
analyze a.sgf -o                   | -o         | missing
convert --to=xyz a.sgf -           | --to       | sgf or psq
show --bogus=1 a.sgf               | --bogus    | unknown
levels --bogus                     | --bogus    | unknown
puzzle list --rule x               | --rule     | freestyle, exact, renju or caro
puzzle list --kind riddle          | --kind     | vcf, vct, defend, perfect
puzzle list --bogus                | --bogus    | unknown
puzzle show --file                 | --file     | missing|expected
puzzle check --sample -1 a.sgf     | --sample   | from 0 to 1000000
puzzle check --sample x a.sgf      | --sample   | from 0 to 1000000
EOF
)

# A file of binary junk: its words must be quoted in printable ASCII.
printf 'h8 \001\033[2J\377x\n' > "$tmp/binary"

rows=0
bad=0
while IFS='|' read -r cmdline flag allowed; do
    flag=${flag// /}
    allowed=${allowed#"${allowed%%[! ]*}"}
    read -r -a words <<< "$cmdline"
    args=()
    for w in "${words[@]}"; do
        [ "$w" = "''" ] && w=
        [ "$w" = @BINARY ] && w=$tmp/binary
        args+=("$w")
    done
    rows=$((rows + 1))
    timeout 10 "$mnk" "${args[@]}" < /dev/null > "$tmp/out" 2> "$tmp/err"
    rc=$?
    why=
    [ $rc -eq 2 ] || why="exit status $rc, not 2"
    [ -s "$tmp/out" ] && why="${why:+$why; }wrote to standard output"
    n=$(wc -l < "$tmp/err")
    msg=$(head -n 1 "$tmp/err")
    if [ "$n" -ne 1 ]; then
        why="${why:+$why; }$n lines on standard error"
    else
        grep -qF -- "$flag" "$tmp/err" || why="${why:+$why; }message does not name $flag"
        grep -qE -- "$allowed" "$tmp/err" || why="${why:+$why; }message does not say /$allowed/"
        LC_ALL=C grep -q '[^ -~]' "$tmp/err" && why="${why:+$why; }message not in printable ASCII"
    fi
    if [ -n "$why" ]; then
        echo "FAIL: mnk $cmdline: $why: '$msg'"
        bad=$((bad + 1))
    fi
done <<< "$table"
[ $bad -eq 0 ] || { echo "flags.sh: $bad of $rows rows failed"; exit 1; }
echo "flags.sh: $rows rows passed"
