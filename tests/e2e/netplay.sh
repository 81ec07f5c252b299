#!/usr/bin/env bash
# netplay.sh — `mnk host` and `mnk join` as two processes on the loopback
# address, each playing a script on its standard input: a game to a win, an
# agreed draw, a resignation, and a joiner with a wrong code. Both sides
# must print the same result; every process runs under a timeout.
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
[ -x "$mnk" ] || { echo "not executable: $mnk"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
checks=0

fail() {
    echo "FAIL: $*"
    for f in "$tmp"/*.out "$tmp"/*.err; do
        [ -s "$f" ] && { echo "---- $f"; cat "$f"; }
    done
    exit 1
}
ok() { checks=$((checks + 1)); echo "ok: $*"; }

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
    local pid=$! tries=100
    while [ $tries -gt 0 ] && ! grep -q '^port ' "$tmp/$name.host.out"; do
        sleep 0.1
        tries=$((tries - 1))
    done
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
grep -q '^settings 7x7 k=4 freestyle none 1+0 black=host$' "$tmp/win.join.out" ||
    fail "win: the joiner did not print the settings"
ok "win: the joiner saw the settings"
[ "$(grep -c '^move ' "$tmp/win.host.out")" -eq 7 ] &&
    [ "$(grep '^move ' "$tmp/win.host.out" | cut -d' ' -f1-4)" = \
      "$(grep '^move ' "$tmp/win.join.out" | cut -d' ' -f1-4)" ] ||
    fail "win: the two sides print different moves"
ok "win: the same seven moves on both sides"

# An agreed draw: the joiner offers, the host's yes waits for the question.
game draw 'a1\nyes\n' 'yes\na2\ndraw\n' --size 9 --win 5
same_result draw "result draw agreed 2"

# A resignation, the joiner holding Black, with chat both ways.
game resign 'say hello\ne5\nsay good game\n' 'yes\nsay 你好\nd4\nc3\nresign\n' --size 9 --black them
same_result resign "result white resign 3"
grep -q '^chat 你好$' "$tmp/resign.host.out" || fail "resign: the host did not get the chat"
grep -q '^chat hello$' "$tmp/resign.join.out" || fail "resign: the joiner did not get the chat"
ok "resign: the chat went both ways"

# A wrong code: refused, and the joiner says so.
printf '' >"$tmp/wrong.in"
timeout 30 "$mnk" host --bind 127.0.0.1 --port 0 <"$tmp/wrong.in" \
    >"$tmp/wrong.host.out" 2>"$tmp/wrong.host.err" &
hpid=$!
tries=100
while [ $tries -gt 0 ] && ! grep -q '^port ' "$tmp/wrong.host.out"; do
    sleep 0.1
    tries=$((tries - 1))
done
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
