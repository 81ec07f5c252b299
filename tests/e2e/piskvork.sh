#!/usr/bin/env bash
# piskvork.sh — `mnk host --piskvork` and `mnk join --piskvork` against a
# Piskvork-protocol peer written from the protocol's description
# (piskvork_peer.py: Python 3, standard library, 127.0.0.1 only): a game
# to a win each way, takebacks accepted and refused, chat with non-ASCII
# text both ways, and malformed messages, which mnk reports and survives.
#
#   piskvork.sh MNK_BINARY
#
# Exit 0 when every check passes, 1 on the first failure, 77 (skip) when a
# tool it needs is missing.
set -u

mnk=${1:?usage: piskvork.sh MNK_BINARY}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
for tool in timeout grep sed mktemp python3; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
. "$here/clilib.sh"
has() { grep -qF -- "$2" "$tmp/$1" || fail "$1 lacks: $2"; }

# ---- mnk hosts, the peer joins ----
printf 'a1\nsay 你好, Piskvork\nb1\nyes\nc1\nno\nd1\ne1\n' >"$tmp/host.in"
timeout 30 "$mnk" host --piskvork --bind 127.0.0.1 --port 0 <"$tmp/host.in" \
    >"$tmp/host.out" 2>"$tmp/host.err" &
pid=$!
wait_line "$tmp/host.out" '^port ' 100
port=$(sed -n 's/^port //p' "$tmp/host.out")
[ -n "$port" ] || fail "the host printed no port"
has host.out "notice Piskvork's network game is not encrypted: anyone on the way can read and change it"
timeout 30 python3 "$here/piskvork_peer.py" join "$port" >"$tmp/peer1.out" 2>"$tmp/peer1.err" ||
    fail "the peer against mnk host"
wait "$pid" || fail "mnk host exited $?"
has host.out "connected 127.0.0.1:"
has host.out "start you=black"
has host.out "chat héllo 世界 😀"
has host.out "offer takeback"
has host.out "undo 3"
grep -c '^offer takeback' "$tmp/host.out" | grep -qx 2 || fail "host: two takeback offers"
grep -c '^notice the other side sent a malformed message' "$tmp/host.out" | grep -qx 3 ||
    fail "host: three malformed messages reported"
has host.out "move 9 black e1"
has host.out "result black line 9"
ok "mnk host --piskvork: a won game, takebacks answered, chat, malformed bytes survived"

# ---- the peer hosts, mnk joins ----
python3 "$here/piskvork_peer.py" host "$tmp/port" >"$tmp/peer2.out" 2>"$tmp/peer2.err" &
peer=$!
tries=100
while [ $tries -gt 0 ] && ! [ -s "$tmp/port" ]; do
    sleep 0.1
    tries=$((tries - 1))
done
port=$(cat "$tmp/port")
[ -n "$port" ] || fail "the peer printed no port"
printf 'yes\na1\nb1\ntakeback\nc3\ntakeback\ne5\ng7\nj9\n' >"$tmp/join.in"
timeout 30 "$mnk" join --piskvork "127.0.0.1:$port" <"$tmp/join.in" \
    >"$tmp/join.out" 2>"$tmp/join.err" || fail "mnk join exited $?"
wait "$peer" || fail "the peer against mnk join"
has join.out "settings 15x15 k=5 freestyle none"
has join.out "black=joiner"
has join.out "answer takeback yes"
has join.out "undo 2"
has join.out "answer takeback no"
has join.out "notice the other side sent a malformed message"
has join.out "chat ça va?"
has join.out "result white line 10"
ok "mnk join --piskvork: a lost game, takebacks asked, chat, a malformed line survived"

# ---- what the command line refuses ----
timeout 10 "$mnk" join --piskvork >/dev/null 2>"$tmp/noargs.err" </dev/null
[ $? -eq 2 ] || fail "join --piskvork without a host is a usage error"
timeout 10 "$mnk" host --piskvork --opening swap --port 0 >/dev/null 2>"$tmp/opening.err" </dev/null
[ $? -eq 1 ] && grep -q "no opening rule" "$tmp/opening.err" || fail "host --piskvork --opening"
ok "the command line refuses what Piskvork cannot play"
echo "$checks checks passed"
