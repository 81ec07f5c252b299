#!/usr/bin/env bash
# engine.sh — end-to-end checks of `mnk engine` (the Gomocup protocol) and
# `mnk match` (built-ins and `mnk engine` as an external engine).
#
#   engine.sh MNK_BINARY OPENINGS_DIR
#
# Exit 0 when every check passes, 1 on the first failure, 77 (skip) when a
# tool it needs is missing.
set -u

mnk=${1:?usage: engine.sh MNK_BINARY OPENINGS_DIR}
openings=${2:?usage: engine.sh MNK_BINARY OPENINGS_DIR}/freestyle-15.txt
openings19=$(dirname "$openings")/freestyle-19.txt
openings_sprt=$(dirname "$openings")/sprt-15.txt
for tool in timeout grep head wc mktemp; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
[ -x "$mnk" ] || { echo "not executable: $mnk"; exit 1; }

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
checks=0

fail() { echo "FAIL: $*"; exit 1; }
ok() { checks=$((checks + 1)); }

# expect LINE_NO REGEX FILE: line LINE_NO of FILE matches REGEX.
expect() {
    local got
    got=$(sed -n "$1p" "$3")
    [[ $got =~ $2 ]] || fail "line $1: expected /$2/, got '$got' (in $3)"
    ok
}

# --- A scripted session with bad lines in between: the answers, in order. ---
long=$(head -c 10000 /dev/zero | tr '\0' 'x')
{
    printf 'FOO bar\n'
    printf 'TURN 1,1\n'                  # before START
    printf 'START 30\n'                  # too big
    printf 'start 3\r\n'                 # lower case, CRLF
    printf 'INFO timeout_turn 1000\n'    # no answer
    printf 'INFO max_memory 10000000\n'  # no answer (re-creates the player)
    printf 'TURN 5,5\n'                  # outside 3x3
    printf 'TURN a,b\n'
    printf '%s\n' "$long"                # overlong
    printf '\001\002\377\n'              # junk
    printf 'BOARD\n0,0,1\n1,1,2\nDONE\n' # a move, neither 0,0 nor 1,1
    printf 'TAKEBACK 0,0\n'
    printf 'TAKEBACK 0,0\n'              # empty now
    printf 'TURN 1,1\n'                  # occupied
    printf 'RESTART\n'
    printf 'ABOUT\n'
    printf '\n'                          # empty: no answer
    printf 'END\n'
    printf 'ABOUT\n'                     # never read
} > "$tmp/session.in"
timeout 60 "$mnk" engine --win 3 --ai random --seed 1 < "$tmp/session.in" > "$tmp/session.out" 2> "$tmp/session.err"
rc=$?
[ $rc -eq 0 ] || fail "engine exited with $rc after END"; ok
[ -s "$tmp/session.err" ] && fail "engine wrote to stderr: $(head -3 "$tmp/session.err")"
expect 1 '^UNKNOWN ' "$tmp/session.out"
expect 2 '^ERROR .*START' "$tmp/session.out"
expect 3 '^ERROR .*30x30' "$tmp/session.out"
expect 4 '^OK$' "$tmp/session.out"
expect 5 '^ERROR .*outside' "$tmp/session.out"
expect 6 '^ERROR ' "$tmp/session.out"
expect 7 '^ERROR line too long' "$tmp/session.out"
expect 8 '^UNKNOWN ' "$tmp/session.out"
expect 9 '^[0-2],[0-2]$' "$tmp/session.out"
move=$(sed -n 9p "$tmp/session.out")
[ "$move" != 0,0 ] && [ "$move" != 1,1 ] || fail "BOARD answered an occupied cell $move"; ok
expect 10 '^OK$' "$tmp/session.out"
expect 11 '^ERROR .*empty' "$tmp/session.out"
expect 12 '^ERROR .*occupied' "$tmp/session.out"
expect 13 '^OK$' "$tmp/session.out"
expect 14 '^name="mnk", version="[^"]+", author="[^"]+", country="[^"]+"' "$tmp/session.out"
[ "$(wc -l < "$tmp/session.out")" -eq 14 ] || fail "expected 14 answers, got $(wc -l < "$tmp/session.out")"; ok

# --- End of input without END: exit 0. k larger than the board: ERROR. ---
out=$(printf 'START 15\n' | timeout 30 "$mnk" engine --ai random)
[ $? -eq 0 ] && [ "$out" = OK ] || fail "EOF session: '$out'"; ok
out=$(printf 'START 3\n' | timeout 30 "$mnk" engine --ai random --win 5)
[[ $out =~ ^ERROR ]] || fail "k=5 on 3x3 accepted: '$out'"; ok
out=$(printf 'RECTSTART 7,4\nINFO rule 1\nBEGIN\n' | timeout 30 "$mnk" engine --ai random --win 4)
[[ $out =~ ^OK.[0-6],[0-3]$ ]] || fail "RECTSTART session: '$out'"; ok
out=$("$mnk" engine --win 99 2>&1 < /dev/null)
[ $? -eq 2 ] && [[ $out =~ --win ]] || fail "bad --win: '$out'"; ok

# --- Time. now_ms: the wall clock in milliseconds.
now_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }
# Bash unsets ENG and ENG_PID as soon as it reaps the coprocess, which may
# be before `wait` runs: each start keeps copies.
start_engine() { eng_pid=$ENG_PID eng_in=${ENG[1]} eng_out=${ENG[0]}; }
# Three quiet positions (mirror images, no forced line), as BOARD blocks.
positions=('7,7,1\n8,8,2\n8,7,1\n9,9,2' '7,7,1\n6,8,2\n6,7,1\n5,9,2' '7,7,1\n8,6,2\n8,7,1\n9,5,2')
position="BOARD\n${positions[0]}\nDONE\n"

# Without any time information (no INFO limits, no --time-ms) a move takes
# about a second. Loosely bounded, the machine may be busy: the three
# positions answered in under 8 s, each within 5 s (at five seconds a move
# they took 14 s).
coproc ENG { timeout 60 "$mnk" engine --seed 1; }
start_engine
send() { printf "$1" >&"$eng_in"; }
# recv WHAT SECONDS: the next answer, past the search's progress lines
# (MESSAGE depth ...), which are no answer.
recv() {
    while IFS= read -r -t "$2" reply <&"$eng_out" || fail "no answer to $1 within $2 s"; do
        [[ $reply == "MESSAGE depth "* ]] || return 0
    done
}
send 'START 15\n'; recv START 30; [ "$reply" = OK ] || fail "START 15: '$reply'"
t0=$(now_ms)
for p in "${positions[@]}"; do
    send "BOARD\n$p\nDONE\n"; recv BOARD 5
    [[ $reply =~ ^[0-9]+,[0-9]+$ ]] || fail "BOARD: '$reply'"
done
took=$(($(now_ms) - t0))
[ $took -lt 8000 ] || fail "three moves without time limits took $took ms"; ok
send 'END\n'
wait "$eng_pid"; rc=$?
[ $rc -eq 0 ] || fail "engine exited with $rc after END"; ok

# The end of input in the middle of a search stops it: a minute's turn, the
# input closed a second into it; the move so far is answered, status 0.
t0=$(now_ms)
{ printf "START 15\nINFO timeout_turn 60000\n$position"; sleep 1; } |
    timeout 60 "$mnk" engine --seed 1 > "$tmp/eof.out" 2> "$tmp/eof.err"
rc=$? took=$(($(now_ms) - t0))
[ $rc -eq 0 ] || fail "engine exited with $rc at the end of input in a search"; ok
[ $took -lt 5000 ] || fail "the end of input did not stop the search: $took ms"; ok
[ -s "$tmp/eof.err" ] && fail "engine wrote to stderr: $(head -3 "$tmp/eof.err")"
# A second's search says what it found at each depth, as MESSAGE lines a
# manager shows, before the move.
grep -Eq '^MESSAGE depth [0-9]+ \| eval [-+]?[0-9a-z ]+ \| nodes [0-9]+ \| speed [0-9]+ knps \| time [0-9]+ ms \| pv [a-o][0-9]+' \
    "$tmp/eof.out" || fail "no progress lines while searching: $(cat "$tmp/eof.out")"; ok
grep -v '^MESSAGE depth ' "$tmp/eof.out" >"$tmp/eof.answers"
expect 1 '^OK$' "$tmp/eof.answers"
expect 2 '^[0-9]+,[0-9]+$' "$tmp/eof.answers"
move=$(sed -n 2p "$tmp/eof.answers")
case $move in 7,7|8,8|8,7|9,9) fail "answered an occupied cell $move" ;; esac
[ "$(wc -l < "$tmp/eof.answers")" -eq 2 ] || fail "expected 2 answers, got $(cat "$tmp/eof.out")"; ok
# --quiet, and INFO show_detail 0, say none.
{ printf "START 15\nINFO timeout_turn 300\n$position"; sleep 1; } |
    timeout 60 "$mnk" engine --seed 1 --quiet > "$tmp/quiet.out" 2>&1
grep -q '^MESSAGE' "$tmp/quiet.out" && fail "--quiet still sent: $(cat "$tmp/quiet.out")"
[ "$(wc -l < "$tmp/quiet.out")" -eq 2 ] || fail "--quiet: $(cat "$tmp/quiet.out")"; ok
{ printf "START 15\nINFO show_detail 0\nINFO timeout_turn 300\n$position"; sleep 1; } |
    timeout 60 "$mnk" engine --seed 1 > "$tmp/detail.out" 2>&1
grep -q '^MESSAGE' "$tmp/detail.out" && fail "show_detail 0 still sent: $(cat "$tmp/detail.out")"
ok

# END in the middle of a search ends the engine promptly, status 0.
coproc ENG { timeout 60 "$mnk" engine --seed 1; }
start_engine
send "START 15\nINFO timeout_turn 60000\n"; recv START 30
t0=$(now_ms)
send "$position"; sleep 0.5; send 'END\n'
wait "$eng_pid"; rc=$?
took=$(($(now_ms) - t0))
[ $rc -eq 0 ] || fail "engine exited with $rc after END in a search"; ok
[ $took -lt 5000 ] || fail "END did not stop the search: $took ms"; ok

# --- Whole games of tic-tac-toe against the engine, move by move: every
# answer is a legal empty cell, until the board is full or someone has three.
for first in engine us; do
    coproc ENG { timeout 60 "$mnk" engine --win 3 --ai random; }
    start_engine
    declare -A cell=()
    send() { printf '%s\n' "$1" >&"$eng_in"; }
    recv() { IFS= read -r -t 30 reply <&"$eng_out" || fail "no answer to '$1'"; }
    send 'START 3'; recv START; [ "$reply" = OK ] || fail "START 3: '$reply'"; ok
    if [ $first = engine ]; then send BEGIN; recv BEGIN; cell[$reply]=E; fi
    while [ ${#cell[@]} -lt 9 ]; do
        for c in 0,0 1,0 2,0 0,1 1,1 2,1 0,2 1,2 2,2; do
            [ -z "${cell[$c]:-}" ] && break
        done
        cell[$c]=U
        [ ${#cell[@]} -eq 9 ] && break
        send "TURN $c"; recv "TURN $c"
        [[ $reply =~ ^[0-2],[0-2]$ ]] || fail "TURN $c: '$reply'"
        [ -z "${cell[$reply]:-}" ] || fail "engine played the occupied cell $reply"
        cell[$reply]=E
        ok
    done
    send END
    wait "$eng_pid"; rc=$?
    [ $rc -eq 0 ] || fail "engine exited with $rc after END"; ok
    unset cell
done

# --- Renju on 7x6, Black to move with both empty cells (3,4 and 3,5)
# overlines for Black (tests/unit/boards.h, BOARDS_RENJU_STUCK): no move to
# send, so an ERROR that says why, from every strategy and from the levels
# at both ends of the ladder; never 3,4, the first empty cell. perfect,
# which does not play renju, says so first (a MESSAGE at INFO rule).
stuck_rows=(WWBWBBW BWWWBWW BWWWBWW WWBWWWW BBB.BBB BBB.BBB)
{
    printf 'RECTSTART 7,6\nINFO rule 4\nBOARD\n'
    for y in 0 1 2 3 4 5; do
        for x in 0 1 2 3 4 5 6; do
            case ${stuck_rows[$y]:$x:1} in
            B) printf '%d,%d,1\n' "$x" "$y" ;;
            W) printf '%d,%d,2\n' "$x" "$y" ;;
            esac
        done
    done
    printf 'DONE\nEND\n'
} > "$tmp/stuck.in"
strategies=$("$mnk" engine --help | sed -n 's/^strategies: //p' | tr -d ,)
[ -n "$strategies" ] || fail "no strategies listed by mnk engine --help"
for who in $strategies level:starter level:maximum; do
    case $who in
    level:*) flag=(--level "${who#level:}") ;;
    *) flag=(--ai "$who") ;;
    esac
    timeout 60 "$mnk" engine "${flag[@]}" --seed 1 < "$tmp/stuck.in" > "$tmp/stuck.out" 2>&1 ||
        fail "$who: the engine failed on the renju position: $(cat "$tmp/stuck.out")"
    lines=2
    expect 1 '^OK$' "$tmp/stuck.out"
    if [ "$who" = perfect ]; then
        expect 2 '^MESSAGE perfect does not play renju ' "$tmp/stuck.out"
        lines=3
    fi
    expect "$lines" '^ERROR no legal move: every empty cell is forbidden to Black$' "$tmp/stuck.out"
    [ "$(wc -l < "$tmp/stuck.out")" -eq "$lines" ] ||
        fail "$who: more answers: $(cat "$tmp/stuck.out")"; ok
done

# --- mnk match, renju on 7x6: an engine as Black left with no legal move
# draws, it does not forfeit. Two scripted engines play the last eight moves
# of tests/unit/boards.h's BOARDS_RENJU_STUCK, its first 32 the opening;
# Black's would answer 3,4, an overline, if it were asked once more.
# scripted MOVE...: an engine's command that answers each move asked for
# (BEGIN, TURN, a BOARD's DONE) with the next MOVE.
scripted() {
    # shellcheck disable=SC2016 # the engine's shell expands these, not ours
    printf 'set -- %s; while read -r cmd rest; do case $cmd in START|RECTSTART) echo OK;; BEGIN|TURN|DONE) echo "$1"; shift;; END) exit 0;; esac; done' "$*"
}
echo 'c6 a6 e6 b6 f6 d6 a5 g6 e5 b5 a4 c5 e4 d5 c3 f5 a2 g5 b2 b4 c2 c4 f2 d4 e2 f4 g2 g4 a1 a3 b1 b3' \
    > "$tmp/stuck-opening"
timeout 120 "$mnk" match --black "engine:$(scripted 2,5 4,5 5,5 6,5 3,4)" \
    --white "engine:$(scripted 3,3 4,3 5,3 6,3)" --size 7x6 --rule renju \
    --openings "$tmp/stuck-opening" --games 1 --time-ms 1000 > "$tmp/stuck-match" 2>&1 ||
    fail "the renju match failed: $(cat "$tmp/stuck-match")"
grep -q '^game 1: .*: draw (Black has no legal move), 40 moves' "$tmp/stuck-match" ||
    fail "Black with no legal move: $(cat "$tmp/stuck-match")"; ok
grep -q forfeit "$tmp/stuck-match" && fail "a forfeit: $(cat "$tmp/stuck-match")"; ok

# --- Matches: built-ins, reproducible by seed; an external engine. ---
timeout 120 "$mnk" match --black random --white random --games 6 --size 7 --win 4 --seed 5 > "$tmp/m1" ||
    fail "match failed"
timeout 120 "$mnk" match --black random --white random --games 6 --size 7 --win 4 --seed 5 > "$tmp/m2"
cmp -s "$tmp/m1" "$tmp/m2" || fail "the same seed gave different matches"; ok
[ "$(grep -c '^game [1-6]: ' "$tmp/m1")" -eq 6 ] || fail "expected 6 game lines"; ok
grep -q '^game 2: Black random/B, White random/A' "$tmp/m1" || fail "colours did not alternate"; ok
grep -q '^random/A vs random/B: 6 games' "$tmp/m1" || fail "no summary"; ok
grep -q '^Elo difference: ' "$tmp/m1" || fail "no Elo line"; ok

timeout 300 "$mnk" match --black random --white "engine:$mnk engine --ai random --win 4 --seed 3" \
    --games 2 --size 7 --win 4 --seed 5 --time-ms 200 > "$tmp/m3" 2> "$tmp/m3.err" ||
    fail "match against an external engine failed: $(cat "$tmp/m3.err")"
[ "$(grep -c '^game [12]: ' "$tmp/m3")" -eq 2 ] || fail "expected 2 games: $(cat "$tmp/m3")"; ok
grep -q forfeit "$tmp/m3" && fail "the external engine forfeited: $(cat "$tmp/m3")"; ok

# --- mnk match on the clock: a level against mnk as an external engine,
# which is told the clock by INFO lines; every game says what the clocks
# used, the summary the time each player used and no flag fall; the saved
# records carry the clock.
mkdir -p "$tmp/clocked"
timeout 300 "$mnk" match --black club --white "engine:$mnk engine --level keen --win 4" \
    --games 2 --size 7 --win 4 --seed 5 --tc 2s+0.1s --save "$tmp/clocked" \
    > "$tmp/tc1" 2> "$tmp/tc1.err" || fail "match on the clock failed: $(cat "$tmp/tc1.err")"
[ "$(grep -c '^game [12]: .*, clocks used Black [0-9.]* s, White [0-9.]* s; ' "$tmp/tc1")" -eq 2 ] ||
    fail "game lines without the clocks: $(cat "$tmp/tc1")"; ok
grep -Eq '^clock 2s\+0\.1s: time used club [0-9.]+ s in [1-9][0-9]* moves \([0-9]+ ms a move, closest to the flag [0-9]+ ms\), .*engine --level keen --win 4 [0-9.]+ s in [1-9][0-9]* moves' "$tmp/tc1" ||
    fail "no clock line: $(cat "$tmp/tc1")"; ok
grep -q '^flag falls: 0 by club, 0 by ' "$tmp/tc1" || fail "a flag fell: $(cat "$tmp/tc1")"; ok
grep -Eq 'forfeit|on time' "$tmp/tc1" && fail "a forfeit or a loss on time: $(cat "$tmp/tc1")"; ok
grep -q 'OT\[2s+0.1s\]' "$tmp/clocked/game-1.sgf" && grep -q 'BL\[' "$tmp/clocked/game-1.sgf" ||
    fail "the record has no clock: $(cat "$tmp/clocked/game-1.sgf")"; ok
# A tic-tac-toe board at a limit per move, and the clock's line without
# --tc absent.
timeout 120 "$mnk" match --black keen --white steady --size 3 --games 2 --seed 1 --tc 1s/move \
    > "$tmp/tc2" || fail "3x3 match on the clock failed"
grep -q '^clock 1s/move: time used keen ' "$tmp/tc2" || fail "no clock line: $(cat "$tmp/tc2")"; ok
grep -q '^flag falls: 0 by keen, 0 by steady$' "$tmp/tc2" || fail "flags: $(cat "$tmp/tc2")"; ok
grep -q "^share of the 1000 ms turn:" "$tmp/tc2" || fail "no share line: $(cat "$tmp/tc2")"; ok
grep -q '^clock \|^flag falls' "$tmp/m1" && fail "a clock line without --tc: $(cat "$tmp/m1")"; ok
# An engine too slow for its limit per move loses on time, not by forfeit.
timeout 60 "$mnk" match --black random \
    --white 'engine:while read -r c r; do case $c in START) echo OK;; BEGIN|TURN|DONE) sleep 1; echo 0,0;; esac; done' \
    --games 1 --size 7 --win 4 --tc 200ms/move > "$tmp/tc3" 2>&1
grep -q '^game 1: .*: Black wins (White lost on time)' "$tmp/tc3" || fail "slow engine: $(cat "$tmp/tc3")"; ok
grep -q '^flag falls: 0 by random, 1 by ' "$tmp/tc3" || fail "flag count: $(cat "$tmp/tc3")"; ok

# --- Threads: two against one, the external engine told INFO thread_num
# (it logs its lines), games that end by a line or the full board.
timeout 300 "$mnk" match --black search --white "engine:tee -a $tmp/told | $mnk engine --quiet" \
    --threads 2,3 --games 2 --size 9 --win 5 --seed 5 --time-ms 100 > "$tmp/th" 2>&1 ||
    fail "a match with threads failed: $(cat "$tmp/th")"
[ "$(grep -c '^game [12]: .* wins (line)\|^game [12]: .*: draw' "$tmp/th")" -eq 2 ] ||
    fail "two games expected: $(cat "$tmp/th")"; ok
grep -q forfeit "$tmp/th" && fail "a forfeit with threads: $(cat "$tmp/th")"; ok
grep -q '^INFO thread_num 3' "$tmp/told" || fail "the engine was not told its threads"; ok

timeout 60 "$mnk" match --black random --white 'engine:exit 0' --games 1 --size 7 --win 4 \
    --time-ms 100 > "$tmp/m4" 2>&1
grep -q 'forfeit' "$tmp/m4" || fail "a dead engine was not a forfeit: $(cat "$tmp/m4")"; ok
# An engine whose command is not found (127) or cannot be run (126) would
# forfeit every game: the match is refused before its first, saying why.
printf 'not a program\n' > "$tmp/not-executable"
chmod -x "$tmp/not-executable"
for cmd in "$tmp/no-such-engine" "$tmp/not-executable"; do
    timeout 60 "$mnk" match --black random --white "engine:$cmd" --games 4 --size 7 --win 4 \
        --time-ms 100 > "$tmp/m6" 2> "$tmp/m6err"
    rc=$?
    [ $rc -eq 1 ] || fail "a missing engine: status $rc, not 1: $(cat "$tmp/m6" "$tmp/m6err")"
    grep -q '^game ' "$tmp/m6" && fail "games played with a missing engine: $(cat "$tmp/m6")"
    grep -q -- "--white engine:$cmd: engine could not be started (exit status 12[67])" \
        "$tmp/m6err" || fail "no reason given for a missing engine: $(cat "$tmp/m6err")"
    ok
done

timeout 120 "$mnk" match --black random --white random --openings "$openings" --games 4 \
    --seed 1 > "$tmp/m5" || fail "match with openings failed"
[ "$(grep -c ', opening [a-o][0-9]' "$tmp/m5")" -eq 4 ] || fail "openings not shown: $(cat "$tmp/m5")"; ok
# Past the last opening the file starts over, and stderr says from which game.
printf 'h8 i9\nh8 h9\n' > "$tmp/two-openings"
timeout 60 "$mnk" match --black random --white random --openings "$tmp/two-openings" --games 6 \
    --seed 1 > "$tmp/m7" 2> "$tmp/m7err" || fail "match past its openings failed"
[ "$(grep -c ', opening h8 i9;' "$tmp/m7")" -eq 4 ] || fail "openings not reused: $(cat "$tmp/m7")"
[ "$(cat "$tmp/m7err")" = "mnk match: from game 5 on, the openings are played again" ] ||
    fail "no note of the reuse: '$(cat "$tmp/m7err")'"; ok
timeout 60 "$mnk" match --black random --white random --openings "$tmp/two-openings" --games 4 \
    --seed 1 > /dev/null 2> "$tmp/m8err" || fail "match of all openings failed"
[ -s "$tmp/m8err" ] && fail "a note with no opening reused: $(cat "$tmp/m8err")"; ok
# Every opening of the shipped files is playable: two games each.
for f in "$openings" "$openings19" "$openings_sprt"; do
    size=15; [ "$f" = "$openings19" ] && size=19
    n=$(grep -c '^[a-s]' "$f")
    [ "$n" -ge 10 ] || fail "$f: only $n openings"
    out=$(timeout 120 "$mnk" match --black random --white random --size $size --openings "$f" --quiet --seed 1) ||
        fail "$f: $out"
    [[ $out =~ ^random/A\ vs\ random/B:\ $((2 * n))\ games ]] || fail "$f: '$out'"; ok
done

# A level plays through the protocol, and as a match player by name.
printf 'START 15\nBEGIN\nTURN 0,0\nEND\n' | timeout 30 "$mnk" engine --level casual --seed 1 > "$tmp/lv" ||
    fail "engine --level casual failed"
expect 1 '^OK$' "$tmp/lv"
expect 2 '^[0-9]+,[0-9]+$' "$tmp/lv"
expect 3 '^[0-9]+,[0-9]+$' "$tmp/lv"
timeout 120 "$mnk" match --black casual --white "engine:$mnk engine --level starter --nodes 500" \
    --games 2 --seed 1 --quiet > "$tmp/m6" || fail "a level against an engine level failed"
[[ $(head -n 1 "$tmp/m6") =~ ^casual\ vs\ .*engine\ --level\ starter.*:\ 2\ games ]] || fail "level match: $(cat "$tmp/m6")"; ok

# SPRT: a clearly stronger level is accepted as such well before the cap;
# between equals the cap ends the match without a decision.
timeout 300 "$mnk" match --black keen --white starter --sprt 0,200 --games 400 --seed 1 \
    --openings "$openings" --quiet > "$tmp/sprt" || fail "sprt match failed"
line=$(grep '^SPRT' "$tmp/sprt")
[[ $line =~ H1\ accepted\ after\ ([0-9]+)\ games ]] && [ "${BASH_REMATCH[1]}" -lt 400 ] ||
    fail "sprt: '$line'"; ok
n=$(head -n 1 "$tmp/sprt" | sed 's/.*: \([0-9]*\) games.*/\1/')
[ "$n" = "${BASH_REMATCH[1]}" ] || fail "the summary counts $n games, the test ${BASH_REMATCH[1]}"; ok
timeout 120 "$mnk" match --black random --white random --sprt 0,5 --games 6 --seed 1 > "$tmp/sprt2" ||
    fail "sprt match failed"
grep -q '^sprt: LLR' "$tmp/sprt2" || fail "no LLR line after a pair: $(cat "$tmp/sprt2")"; ok
grep -q 'no decision after 6 games' "$tmp/sprt2" || fail "cap: $(cat "$tmp/sprt2")"; ok

# Bad flags: exit 2, one line on stderr naming the flag, no game played.
for args in "--black random --white random --games 0" "--black random --white nobody" \
            "--black random --white random --size 2" "--black random" \
            "--black random --white random --size 3 --win 4" \
            "--black random --white random --openings /nonexistent" \
            "--black random --white random --sprt 5,0" "--black random --white random --sprt x" \
            "--black random --white random --alpha 0.9"; do
    # shellcheck disable=SC2086
    "$mnk" match $args > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ $rc -eq 2 ] || fail "'$args' exited with $rc"
    [ -s "$tmp/out" ] && fail "'$args' printed results"
    [ "$(wc -l < "$tmp/err")" -eq 1 ] || fail "'$args': expected one stderr line, got: $(cat "$tmp/err")"
    ok
done

echo "engine.sh: $checks checks passed"
