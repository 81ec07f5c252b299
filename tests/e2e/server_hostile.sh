#!/usr/bin/env bash
# server_hostile.sh — `mnk server` on the loopback address under attack
# while two players play a game on the clock and a third lists the lobby:
# 300 connections that never speak (more than the server lets shake hands
# at once), random bytes and a flood in place of TLS, a line past the
# limit, control characters in a name, a message before HELLO, another
# major version, half a line, and a client that asks and never reads
# (tests/e2e/hostile_peer.py does the harm). Each attacker must be ended by
# the server; the game must reach the same result on both sides, the
# lobby must answer through it all, and the server must still be running
# and answering at the end. Every process runs under a timeout.
#
#   server_hostile.sh MNK_BINARY
#
# Exit 0 when every check passes, 1 on the first failure, 77 (skip) when a
# tool it needs is missing.
set -u

mnk=${1:?usage: server_hostile.sh MNK_BINARY}
for tool in timeout grep sed mktemp python3; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
python3 -c 'import ssl; ssl.TLSVersion.TLSv1_3' 2>/dev/null ||
    { echo "skip: python3 has no TLS 1.3"; exit 77; }
peer=$(dirname "$0")/hostile_peer.py
. "$(dirname "$0")/clilib.sh"
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config HOME=$tmp

# feed SECONDS MOVE...: the moves on standard output, one every SECONDS,
# so that the game lasts through the attacks.
feed() {
    local pause=$1
    shift
    for m in "$@"; do
        sleep "$pause"
        echo "$m"
    done
}

timeout 120 "$mnk" server --bind 127.0.0.1 --port 0 --for 110 \
    >"$tmp/server.out" 2>"$tmp/server.err" &
server=$!
wait_line "$tmp/server.out" '^port ' || fail "no port printed"
port=$(sed -n 's/^port //p' "$tmp/server.out")
ok "the server listens on $port"

# The crowd that never speaks, from the start.
timeout 60 python3 "$peer" "$port" silent 300 20 >"$tmp/silent.out" 2>&1 &
silent=$!
sleep 1

# Ann opens a 7x7 game on a 2-minute clock; Bob sits down. Their moves
# come one every 2 seconds: the game lasts while the attacks run.
feed 2 a1 b1 c1 d1 | timeout 90 "$mnk" join "127.0.0.1:$port" --name ann --create \
    --size 7 --win 4 --tc 2+0 >"$tmp/ann.out" 2>"$tmp/ann.err" &
ann=$!
wait_line "$tmp/ann.out" '^seat ' || fail "ann got no seat while 300 connections said nothing"
game=$(sed -n 's/^seat //p' "$tmp/ann.out")
ok "ann opened game $game through the silent crowd"
feed 2 a2 b2 c2 | timeout 90 "$mnk" join "127.0.0.1:$port" --name bob --game "$game" \
    >"$tmp/bob.out" 2>"$tmp/bob.err" &
bob=$!

for attack in garbage flood longline controls early wrongver half noread; do
    timeout 60 python3 "$peer" "$port" "$attack" >"$tmp/$attack.out" 2>&1 ||
        fail "$(cat "$tmp/$attack.out")"
    ok "$(cat "$tmp/$attack.out")"
    timeout 10 "$mnk" join "127.0.0.1:$port" --name lister --list >"$tmp/list.out" \
        2>"$tmp/list.err" || fail "the lobby did not answer after '$attack'"
done
ok "the lobby answered after each attack"

wait "$silent" || fail "$(cat "$tmp/silent.out")"
ok "$(cat "$tmp/silent.out")"

wait "$ann"
ann_rc=$?
wait "$bob"
bob_rc=$?
[ "$ann_rc" -eq 0 ] && [ "$bob_rc" -eq 0 ] || fail "exit statuses: ann $ann_rc, bob $bob_rc"
a=$(grep '^result ' "$tmp/ann.out")
b=$(grep '^result ' "$tmp/bob.out")
[ "$a" = "$b" ] || fail "ann says '$a', bob '$b'"
case $a in
"result black line 7"*) ok "the game under attack ended alike for both: $a" ;;
*) fail "expected Black's line at move 7, got '$a'" ;;
esac
grep -q '^dropped' "$tmp/ann.out" "$tmp/bob.out" && fail "a player's link dropped under attack"
ok "neither player's link dropped"

kill -0 "$server" 2>/dev/null || fail "the server is gone"
timeout 10 "$mnk" join "127.0.0.1:$port" --name last --list >"$tmp/last.out" 2>"$tmp/last.err" ||
    fail "the server does not answer at the end"
ok "the server is still running and answering"
echo "$checks checks passed"
