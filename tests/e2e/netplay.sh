#!/usr/bin/env bash
# netplay.sh — `mnk host` and `mnk join` as two processes on the loopback
# address, each playing a script on its standard input: a game to a win,
# the same game kept as a record (--save), an agreed draw, a resignation, a
# refused takeback, a flag that falls, a joiner that falls silent mid-game
# (SIGSTOP, as a pulled cable) and comes back, and a joiner with a wrong
# code. Both sides must print the same result; every process runs under a
# timeout.
#
#   netplay.sh MNK_BINARY
#
# Exit 0 when every check passes, 1 on the first failure, 77 (skip) when a
# tool it needs is missing.
set -u

mnk=${1:?usage: netplay.sh MNK_BINARY}
for tool in timeout grep sed mktemp; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
. "$(dirname "$0")/clilib.sh"

# game NAME HOST_SCRIPT JOIN_SCRIPT [HOST_FLAGS...]: plays one game; the
# outputs in $tmp/NAME.host.out and NAME.join.out, the statuses in
# $host_rc and $join_rc.
game() {
    local name=$1 hs=$2 js=$3
    shift 3
    printf '%b' "$hs" >"$tmp/$name.host.in"
    printf '%b' "$js" >"$tmp/$name.join.in"
    timeout 30 "$mnk" host --bind 127.0.0.1 --port 0 "$@" <"$tmp/$name.host.in" \
        >"$tmp/$name.host.out" 2>"$tmp/$name.host.err" &
    local pid=$!
    wait_line "$tmp/$name.host.out" '^port '
    port=$(sed -n 's/^port //p' "$tmp/$name.host.out")
    code=$(sed -n 's/^code //p' "$tmp/$name.host.out")
    [ -n "$port" ] && [ -n "$code" ] || fail "$name: the host printed no port and code"
    timeout 30 "$mnk" join "127.0.0.1:$port" "$code" <"$tmp/$name.join.in" \
        >"$tmp/$name.join.out" 2>"$tmp/$name.join.err"
    join_rc=$?
    wait "$pid"
    host_rc=$?
}

# same_result NAME EXPECTED: both sides print the one result line EXPECTED.
same_result() {
    local h j
    h=$(grep '^result ' "$tmp/$1.host.out")
    j=$(grep '^result ' "$tmp/$1.join.out")
    [ "$host_rc" -eq 0 ] || fail "$1: the host exited with $host_rc"
    [ "$join_rc" -eq 0 ] || fail "$1: the joiner exited with $join_rc"
    [ "$h" = "$j" ] || fail "$1: the host says '$h', the joiner '$j'"
    case $h in
    "$2"*) ok "$1: both say $h" ;;
    *) fail "$1: expected '$2', got '$h'" ;;
    esac
}

# A win: 7x7, four in a row, on the clock.
game win 'a1\nb1\nc1\nd1\n' 'yes\na2\nb2\nc2\n' --size 7 --win 4 --tc 1+0
same_result win "result black line 7"
grep -qx 'address 127.0.0.1' "$tmp/win.host.out" || fail "win: the host did not say its address"
ok "win: the host says the address it listens on"
grep -q '^settings 7x7 k=4 freestyle none 1+0 black=host$' "$tmp/win.join.out" ||
    fail "win: the joiner did not print the settings"
ok "win: the joiner saw the settings"
[ "$(grep -c '^move ' "$tmp/win.host.out")" -eq 7 ] &&
    [ "$(grep '^move ' "$tmp/win.host.out" | cut -d' ' -f1-4)" = \
      "$(grep '^move ' "$tmp/win.join.out" | cut -d' ' -f1-4)" ] ||
    fail "win: the two sides print different moves"
ok "win: the same seven moves on both sides"

# The same game kept by the host (--save): one record with both names, the
# moves, the clock and the result, named where the host said.
mkdir -p "$tmp/rec"
game saved 'a1\nb1\nc1\nd1\n' 'yes\na2\nb2\nc2\n' --size 7 --win 4 --tc 1+0 --name ann \
    --save "$tmp/rec"
same_result saved "result black line 7"
rec=$(sed -n 's/^record //p' "$tmp/saved.host.out")
[ -n "$rec" ] && [ -f "$rec" ] || fail "saved: no record line, or no file: '$rec'"
[ "$(ls "$tmp/rec" | wc -l)" -eq 1 ] || fail "saved: not one record: $(ls "$tmp/rec")"
grep -q 'PB\[ann\]' "$rec" && grep -q "PW\[$(id -un 2>/dev/null || echo player)\]\|PW\[player\]" "$rec" ||
    fail "saved: the record does not name both players: $(cat "$rec")"
grep -q 'RE\[B+' "$rec" || fail "saved: no result in the record: $(cat "$rec")"
[ "$(grep -o ';[BW]\[' "$rec" | wc -l)" -eq 7 ] || fail "saved: not seven moves: $(cat "$rec")"
grep -q 'TM\[60\]\|1+0\|OT\[' "$rec" || fail "saved: no time control in the record: $(cat "$rec")"
ok "saved: the host kept the game, both names, moves, clock and result"
timeout 10 "$mnk" host --save "$tmp/no-such-dir" </dev/null >"$tmp/nodir.out" 2>&1
[ $? -eq 2 ] && grep -q 'existing directory' "$tmp/nodir.out" ||
    fail "--save to a missing directory: $(cat "$tmp/nodir.out")"
ok "--save to a missing directory is refused"

# An agreed draw: the joiner offers, the host's yes waits for the question.
game draw 'a1\nyes\n' 'yes\na2\ndraw\n' --size 9 --win 5
same_result draw "result draw agreed 2"

# A resignation, the joiner holding Black, with chat both ways.
game resign 'say hello\ne5\nsay good game\n' 'yes\nsay 你好\nd4\nc3\nresign\n' --size 9 --black them
same_result resign "result white resign 3"
grep -q '^chat 你好$' "$tmp/resign.host.out" || fail "resign: the host did not get the chat"
grep -q '^chat hello$' "$tmp/resign.join.out" || fail "resign: the joiner did not get the chat"
ok "resign: the chat went both ways"

# A refused takeback: the joiner asks after its move, the host says no, and
# the game goes on to Black's win.
game takeback 'a1\nno\nb1\nc1\nd1\n' 'yes\na2\ntakeback\nb2\nc2\n' --size 7 --win 4
same_result takeback "result black line 7"
grep -q '^answer takeback no$' "$tmp/takeback.join.out" ||
    fail "takeback: the joiner did not hear the refusal"
[ "$(grep -c '^undo ' "$tmp/takeback.host.out" "$tmp/takeback.join.out" | grep -v ':0$')" = "" ] ||
    fail "takeback: a move was taken back after all"
ok "takeback: refused, and nothing taken back"

# A flag that falls: 2 seconds each, and the joiner never answers Black's
# second move.
game flag 'a1\nb1\n' 'yes\na2\n' --size 7 --win 4 --tc 2s+0
same_result flag "result black time 3"

# A link that falls silent, as when a cable is pulled: the joiner is
# stopped (SIGSTOP) mid-game; the host hears nothing, counts it gone after
# 15 s and waits; once the joiner runs again it finds its link dead,
# reconnects by itself with the same code, and the game ends alike.
feed() { local pause=$1; shift; for m in "$@"; do sleep "$pause"; echo "$m"; done; }
feed 3 a1 b1 c1 d1 | timeout 90 "$mnk" host --bind 127.0.0.1 --port 0 --size 7 --win 4 \
    --tc 5+0 >"$tmp/silent.host.out" 2>"$tmp/silent.host.err" &
hpid=$!
wait_line "$tmp/silent.host.out" '^port ' 100
port=$(sed -n 's/^port //p' "$tmp/silent.host.out")
code=$(sed -n 's/^code //p' "$tmp/silent.host.out")
# The joiner runs as itself (no timeout in between, which would take the
# signals), bounded by a watchdog of its own.
printf 'yes\na2\nb2\nc2\n' >"$tmp/silent.join.in"
"$mnk" join "127.0.0.1:$port" "$code" <"$tmp/silent.join.in" \
    >"$tmp/silent.join.out" 2>"$tmp/silent.join.err" &
jpid=$!
(for _ in $(seq 900); do kill -0 "$jpid" 2>/dev/null || exit 0; sleep 0.1; done
 kill -CONT "$jpid"; kill "$jpid") >/dev/null 2>&1 &
wait_line "$tmp/silent.join.out" '^move 2 ' 150
grep -q '^move 2 ' "$tmp/silent.join.out" || fail "silent: the game did not begin"
kill -STOP "$jpid"
wait_line "$tmp/silent.host.out" '^dropped' 250
kill -CONT "$jpid"
grep -q '^dropped' "$tmp/silent.host.out" || fail "silent: the host never counted the joiner gone"
ok "silent: the host counted the silent joiner gone"
wait "$jpid"
join_rc=$?
wait "$hpid"
host_rc=$?
same_result silent "result black line 7"
grep -q '^resumed ' "$tmp/silent.join.out" && grep -q '^resumed ' "$tmp/silent.host.out" ||
    fail "silent: no resume on both sides"
[ "$(grep '^move ' "$tmp/silent.host.out" | cut -d' ' -f1-4)" = \
  "$(grep '^move ' "$tmp/silent.join.out" | cut -d' ' -f1-4)" ] ||
    fail "silent: the two sides print different moves"
ok "silent: resumed, the same moves on both sides"

# A wrong code: refused, and the joiner says so.
printf '' >"$tmp/wrong.in"
timeout 30 "$mnk" host --bind 127.0.0.1 --port 0 <"$tmp/wrong.in" \
    >"$tmp/wrong.host.out" 2>"$tmp/wrong.host.err" &
hpid=$!
wait_line "$tmp/wrong.host.out" '^port ' 100
port=$(sed -n 's/^port //p' "$tmp/wrong.host.out")
timeout 30 "$mnk" join "127.0.0.1:$port" 0000-0000-0000 </dev/null \
    >"$tmp/wrong.join.out" 2>"$tmp/wrong.join.err"
rc=$?
kill "$hpid" 2>/dev/null
wait "$hpid" 2>/dev/null
[ $rc -eq 1 ] || fail "wrong code: the joiner exited with $rc, not 1"
grep -q '^ended the join code does not match this game$' "$tmp/wrong.join.out" ||
    fail "wrong code: no word of it from the joiner"
ok "wrong code: refused"

echo "$checks checks passed"
