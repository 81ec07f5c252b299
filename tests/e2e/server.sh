#!/usr/bin/env bash
# server.sh — `mnk server` on the loopback address with three clients:
# one opens a game (--create), one lists the games and sits down at it
# (--game), one watches it (--watch). They play to a win on the clock; both
# players and the spectator must see the same result, the server must keep
# the record with both names; a game under the swap opening is placed,
# chosen and played to the same end on both sides; and a client must pin
# the server's key on first use and refuse a server that shows another
# one. Every process runs under a timeout.
#
#   server.sh MNK_BINARY
#
# Exit 0 when every check passes, 1 on the first failure, 77 (skip) when a
# tool it needs is missing.
set -u

mnk=${1:?usage: server.sh MNK_BINARY}
for tool in timeout grep sed mktemp; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
. "$(dirname "$0")/clilib.sh"
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config HOME=$tmp

# start_server NAME [PORT]: a server on PORT (a free one by default), its
# port in $port.
start_server() {
    timeout 60 "$mnk" server --bind 127.0.0.1 --port "${2:-0}" --for 50 \
        >"$tmp/$1.out" 2>"$tmp/$1.err" &
    wait_line "$tmp/$1.out" '^port ' || fail "$1: no port printed"
    port=$(sed -n 's/^port //p' "$tmp/$1.out")
}

start_server server
grep -q '^key SHA256:' "$tmp/server.out" || fail "the server printed no key fingerprint"
ok "the server listens on $port and prints its key"

# Ann opens a 7x7 game, four in a row, 1 minute each, and takes Black.
printf 'a1\nb1\nc1\nd1\n' >"$tmp/ann.in"
timeout 40 "$mnk" join "127.0.0.1:$port" --name ann --create --size 7 --win 4 --tc 1+0 \
    <"$tmp/ann.in" >"$tmp/ann.out" 2>"$tmp/ann.err" &
ann=$!
wait_line "$tmp/ann.out" '^seat ' || fail "ann got no seat"
game=$(sed -n 's/^seat //p' "$tmp/ann.out")
grep -q '^notice first connection to 127.0.0.1:' "$tmp/ann.out" ||
    fail "the first connection did not say it pinned the key"
ok "ann opened game $game, and the server's key was pinned"

timeout 10 "$mnk" join "127.0.0.1:$port" --name lister --list >"$tmp/list.out" 2>"$tmp/list.err" ||
    fail "--list failed"
grep -q "^game $game open ann - 7x7 k=4 freestyle none 1+0 black=host watchers=0$" \
    "$tmp/list.out" || fail "the list does not show ann's open game"
grep -q '^games 1$' "$tmp/list.out" || fail "the list does not end with its count"
ok "the lobby lists the open game"

timeout 40 "$mnk" join "127.0.0.1:$port" --name eve --watch "$game" \
    >"$tmp/eve.out" 2>"$tmp/eve.err" &
eve=$!
wait_line "$tmp/eve.out" '^settings ' || fail "the spectator got no settings"
ok "eve watches"

printf 'a2\nb2\nc2\n' >"$tmp/bob.in"
timeout 40 "$mnk" join "127.0.0.1:$port" --name bob --game "$game" \
    <"$tmp/bob.in" >"$tmp/bob.out" 2>"$tmp/bob.err"
bob_rc=$?
wait "$ann"
ann_rc=$?
wait "$eve"
eve_rc=$?
[ "$ann_rc" -eq 0 ] && [ "$bob_rc" -eq 0 ] && [ "$eve_rc" -eq 0 ] ||
    fail "exit statuses: ann $ann_rc, bob $bob_rc, eve $eve_rc"
a=$(grep '^result ' "$tmp/ann.out")
b=$(grep '^result ' "$tmp/bob.out")
[ "$a" = "$b" ] || fail "ann says '$a', bob '$b'"
case $a in
"result black line 7"*) ok "both players: $a" ;;
*) fail "expected Black's line at move 7, got '$a'" ;;
esac
grep -q '^opponent bob$' "$tmp/ann.out" && grep -q '^opponent ann$' "$tmp/bob.out" ||
    fail "the players were not told each other's names"
ok "each player knows the other's name"
grep -q '^result black 7$' "$tmp/eve.out" || fail "the spectator did not see the result"
[ "$(grep -c '^move ' "$tmp/eve.out")" -eq 7 ] || fail "the spectator did not see seven moves"
ok "the spectator saw the seven moves and the result"

# Written by the server's disk thread, which says so in the log.
wait_line "$tmp/server.out" "game $game: record " || fail "the server did not say it kept the record"
record=$(ls "$XDG_DATA_HOME"/mnk/server/games/server-"$game"-1.sgf 2>/dev/null)
[ -n "$record" ] || fail "the server kept no record"
grep -q 'PB\[ann\]' "$record" && grep -q 'PW\[bob\]' "$record" ||
    fail "the record does not name the players: $(cat "$record")"
ok "the server kept the record with both names"

# A swap opening through the server: Ann places three stones (Black,
# White, Black), Bob chooses to stay White, and the game goes on to
# Black's five; both see the same thirteen moves.
printf 'h8\ni9\nj10\nk8\nk9\nk10\nk11\nk12\n' >"$tmp/sann.in"
timeout 40 "$mnk" join "127.0.0.1:$port" --name sann --create --opening swap --tc 1+0 \
    <"$tmp/sann.in" >"$tmp/sann.out" 2>"$tmp/sann.err" &
sann=$!
wait_line "$tmp/sann.out" '^seat ' || fail "sann got no seat"
sgame=$(sed -n 's/^seat //p' "$tmp/sann.out")
printf 'white\na1\nc1\ne1\ng1\na3\n' >"$tmp/sbob.in"
timeout 40 "$mnk" join "127.0.0.1:$port" --name sbob --game "$sgame" <"$tmp/sbob.in" \
    >"$tmp/sbob.out" 2>"$tmp/sbob.err" || fail "sbob's game failed"
wait "$sann" || fail "sann's game failed"
grep -q '^choice 3 white$' "$tmp/sann.out" || fail "sann did not hear sbob's choice"
[ "$(grep '^move ' "$tmp/sann.out" | cut -d' ' -f1-4)" = \
  "$(grep '^move ' "$tmp/sbob.out" | cut -d' ' -f1-4)" ] ||
    fail "the swap game's moves differ between the players"
grep -q '^result black line 13' "$tmp/sann.out" && grep -q '^result black line 13' "$tmp/sbob.out" ||
    fail "the swap game did not end alike in Black's five"
ok "a swap opening through the server: placed, chosen, played to the same end"

# A server with another key at the same address is refused.
kill %1 2>/dev/null
wait 2>/dev/null
mv "$XDG_DATA_HOME/mnk/server" "$tmp/old-server"
start_server server2 "$port"
timeout 10 "$mnk" join "127.0.0.1:$port" --list >"$tmp/mitm.out" 2>"$tmp/mitm.err" &&
    fail "a server with another key was trusted"
grep -q 'different key' "$tmp/mitm.err" || fail "the refusal does not say why"
ok "a server with another key is refused"
echo "$checks checks passed"
