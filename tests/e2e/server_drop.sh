#!/usr/bin/env bash
# server_drop.sh — games through `mnk server` on the loopback address when
# links and processes fail, and what the server carries between players:
#   (a) chat (a line with a control character is refused, never shown raw),
#       a takeback refused, and a rematch with the colours swapped, each
#       game with its own record naming its players in their seats;
#   (b) a player's TCP connection cut, then one gone silent (tcp_cut.py,
#       a relay between it and the server): each time it comes back to
#       its seat by itself and the game goes on from the same position;
#   (c) kill -9 of the server mid-game, with a game kept in its live
#       directory (0600, the seats' tokens in it): restarted on the same
#       port with the same data, it restores the game, both players come
#       back, the time it was away is charged to nobody, and the game is
#       played to its end with its record written once and the live file
#       gone.
# (d) A player's `mnk join` killed with -9 mid-game comes back with
#     --rejoin and the token it printed, and the game ends alike; a wrong
#     token is refused.
# Every process is bounded (timeout, --for) and the script waits on files
# for at most a few seconds each.
#
#   server_drop.sh MNK_BINARY
#
# Exit 0 when every check passes, 1 on the first failure, 77 (skip) when a
# tool it needs is missing.
set -u

mnk=${1:?usage: server_drop.sh MNK_BINARY}
here=$(cd "$(dirname "$0")" && pwd)
for tool in timeout grep sed mktemp stat python3; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
. "$here/clilib.sh"
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config HOME=$tmp
records=$XDG_DATA_HOME/mnk/server/games
live=$XDG_DATA_HOME/mnk/server/live

# gate NAME: until the file $tmp/NAME exists (30 s), for a player's input
# to wait on.
gate() {
    local tries=300
    while [ $tries -gt 0 ] && [ ! -e "$tmp/$1" ]; do
        sleep 0.1
        tries=$((tries - 1))
    done
}

# start_server NAME PORT: a server on PORT (0: a free one), its port in
# $port and its process in $server (mnk itself, for kill -9).
start_server() {
    "$mnk" server --bind 127.0.0.1 --port "$2" --for 90 >"$tmp/$1.out" 2>"$tmp/$1.err" &
    server=$!
    wait_line "$tmp/$1.out" '^port ' 150 || fail "$1: no port printed"
    port=$(sed -n 's/^port //p' "$tmp/$1.out")
}

# join NAME ARGS...: `mnk join` on 127.0.0.1 as player NAME, its standard
# input from the function input_NAME, in the background; what an earlier
# part left in its files is gone first, so that no wait sees it.
join() {
    local who=$1
    shift
    rm -f "$tmp/$who.out" "$tmp/$who.err"
    "input_$who" | timeout 60 "$mnk" join --name "$who" "$@" \
        >"$tmp/$who.out" 2>"$tmp/$who.err" &
}

# moves FILE: the moves of an SGF record.
moves() { grep -o ';[BW]\[[a-z][a-z]\]' "$1" | wc -l; }

start_server s1 0
ok "the server listens on $port"

# ---- (a) chat, a takeback refused, a rematch ------------------------------
# Ann (Black) plays a1 and asks to take it back; Bob chats, says no, and
# they play to Ann's four in a row; then a rematch, Bob Black, Bob's four.
# A move while a game is over is refused, so each waits for the rematch's
# start before its moves.
input_ann() {
    printf 'a1\ntakeback\nb1\nc1\nd1\nrematch\n'
    wait_line "$tmp/ann.out" '^start you=white$' 150 && printf 'a2\nb2\nc2\n'
}
input_bob() {
    printf 'say hello from bob\nsay bad\033[31mline\nno\na2\nb2\nc2\nrematch\n'
    wait_line "$tmp/bob.out" '^start you=black$' 150 && printf 'a1\nb1\nc1\nd1\n'
}
join ann "127.0.0.1:$port" --create --size 7 --win 4
ann=$!
wait_line "$tmp/ann.out" '^seat ' 150 || fail "ann got no seat"
game=$(sed -n 's/^seat //p' "$tmp/ann.out")
join bob "127.0.0.1:$port" --game "$game"
bob=$!
wait "$ann" || fail "ann's join failed"
wait "$bob" || fail "bob's join failed"
grep -q '^chat hello from bob$' "$tmp/ann.out" || fail "the chat did not reach ann"
ok "chat reaches the other player through the server"
grep -q $'\033' "$tmp/ann.out" && fail "a control character reached ann raw"
grep -q 'bad.*line: a line of chat cannot hold that' "$tmp/bob.err" ||
    fail "bob was not told why his line was refused"
[ "$(grep -c '^chat ' "$tmp/ann.out")" -eq 1 ] || fail "ann got more than one chat line"
ok "a chat line with a control character is refused, never shown raw"
grep -q '^offer takeback$' "$tmp/bob.out" && grep -q '^answer takeback no$' "$tmp/ann.out" ||
    fail "the takeback was not asked and refused"
grep -q '^undo ' "$tmp/ann.out" "$tmp/bob.out" && fail "a takeback refused was made"
ok "a takeback refused is not made"
[ "$(grep -c '^result black line 7' "$tmp/ann.out")" -eq 2 ] &&
    [ "$(grep -c '^result black line 7' "$tmp/bob.out")" -eq 2 ] ||
    fail "expected two wins by Black at move 7 on both sides"
grep -q '^start you=white$' "$tmp/ann.out" && grep -q '^start you=black$' "$tmp/bob.out" ||
    fail "the rematch did not swap the colours"
ok "the rematch swapped the colours and was played to its end"
r1=$records/server-$game-1.sgf
r2=$records/server-$game-2.sgf
# The records are written by the server's disk thread, which says so.
wait_line "$tmp/s1.out" "game $game: record .*server-$game-2.sgf" 150 ||
    fail "the server did not say the second record was written"
[ -f "$r1" ] && [ -f "$r2" ] || fail "the two games' records are not both there"
grep -q 'PB\[ann\]' "$r1" && grep -q 'PW\[bob\]' "$r1" || fail "game 1's record: $(cat "$r1")"
grep -q 'PB\[bob\]' "$r2" && grep -q 'PW\[ann\]' "$r2" || fail "game 2's record: $(cat "$r2")"
[ -z "$(ls "$live")" ] || fail "games over left live files: $(ls "$live")"
ok "each game has its record, its players in their seats, and no live file"

# ---- (b) a player's connection cut, then silent ---------------------------
rm -f "$tmp"/*.in "$tmp/cut.go" "$tmp/freeze.go"
python3 "$here/tcp_cut.py" "$port" "$tmp/relay.port" 80 \
    >"$tmp/relay.out" 2>"$tmp/relay.err" &
relay=$!
gate relay.port
rport=$(cat "$tmp/relay.port" 2>/dev/null) || fail "the relay printed no port"
input_ann() { printf 'a1\nb1\n'; gate cut.go; printf 'c1\n'; gate freeze.go; printf 'd1\n'; }
input_bob() { printf 'a2\n'; gate cut.go; printf 'b2\n'; gate freeze.go; printf 'c2\n'; }
join ann "127.0.0.1:$port" --create --size 7 --win 4
ann=$!
wait_line "$tmp/ann.out" '^seat ' 150 || fail "ann got no seat"
game=$(sed -n 's/^seat //p' "$tmp/ann.out")
join bob "127.0.0.1:$rport" --game "$game"
bob=$!
wait_line "$tmp/bob.out" '^move 3 black b1' 150 || fail "bob did not see move 3"
kill -USR1 "$relay"
wait_line "$tmp/relay.out" '^cut' 150 || fail "the relay did not cut"
wait_line "$tmp/bob.out" '^dropped' 150 || fail "bob did not see his link drop"
wait_line "$tmp/bob.out" '^resumed 3$' 150 || fail "bob did not come back at move 3"
wait_line "$tmp/s1.out" "game $game: bob reconnected" 150 || fail "the server did not take bob back"
ok "bob's connection was cut and he came back to his seat at move 3"
touch "$tmp/cut.go"
# Silent: nothing more passes either way, and nothing says so. Each side
# hears nothing for its silence limit (15 s), then the player comes back.
wait_line "$tmp/bob.out" '^move 5 black c1' 150 || fail "bob did not see move 5"
kill -USR2 "$relay"
wait_line "$tmp/relay.out" '^frozen' 150 || fail "the relay did not fall silent"
tries=300
while [ $tries -gt 0 ] && ! grep -q '^resumed 5$' "$tmp/bob.out"; do
    sleep 0.1
    tries=$((tries - 1))
done
grep -q '^resumed 5$' "$tmp/bob.out" || fail "bob did not come back at move 5 after the silence"
[ "$(grep -c "game $game: bob reconnected" "$tmp/s1.out")" -eq 2 ] ||
    fail "the server did not take bob back after the silence"
grep -q "game $game: bob's link dropped: .*nothing heard" "$tmp/s1.out" ||
    fail "the server did not say the link fell silent"
ok "bob's link fell silent, was dropped, and he came back at move 5"
touch "$tmp/freeze.go"
wait "$ann" || fail "ann's join failed"
wait "$bob" || fail "bob's join failed"
a=$(grep '^result ' "$tmp/ann.out")
b=$(grep '^result ' "$tmp/bob.out")
[ "$a" = "$b" ] || fail "ann says '$a', bob '$b'"
case $a in
"result black line 7"*) ok "the game went on from the same position: $a" ;;
*) fail "expected Black's line at move 7, got '$a'" ;;
esac
[ "$(moves "$records/server-$game-1.sgf")" -eq 7 ] || fail "the record has not 7 moves"
ok "its record has the seven moves"
kill "$relay" 2>/dev/null

# ---- (c) kill -9 of the server mid-game ------------------------------------
rm -f "$tmp/kill.go"
input_ann() { printf 'a1\n'; gate kill.go; printf 'b1\nc1\nd1\n'; }
input_bob() { printf 'a2\n'; gate kill.go; printf 'b2\nc2\n'; }
join ann "127.0.0.1:$port" --create --size 7 --win 4 --tc 5+0
ann=$!
wait_line "$tmp/ann.out" '^seat ' 150 || fail "ann got no seat"
game=$(sed -n 's/^seat //p' "$tmp/ann.out")
join bob "127.0.0.1:$port" --game "$game"
bob=$!
wait_line "$tmp/ann.out" '^move 2 white a2' 150 || fail "ann did not see move 2"
file=$live/game-$game.sgf
tries=50
while [ $tries -gt 0 ] && [ "$(moves "$file" 2>/dev/null || echo 0)" != 2 ]; do
    sleep 0.1
    tries=$((tries - 1))
done
[ "$(moves "$file")" -eq 2 ] || fail "the live file does not hold the two moves"
[ "$(stat -c %a "$file")" = 600 ] && [ "$(stat -c %a "$live")" = 700 ] ||
    fail "the live file or its directory can be read by others"
grep -q 'MNKSERVERSEATS\[[0-9a-f]*,[0-9a-f]*\]' "$file" && grep -q "MNKSERVER\[$game\]" "$file" ||
    fail "the live file lacks the game's number or its seats: $(cat "$file")"
ok "the game under way is in its live file, 0600, with its seats"
kill -9 "$server"
wait "$server" 2>/dev/null
wait_line "$tmp/ann.out" '^dropped' 150 && wait_line "$tmp/bob.out" '^dropped' 150 ||
    fail "the players did not see the server go"
sleep 3 # the server away: this time must be charged to nobody
start_server s2 "$port"
grep -q "game $game: ann against bob, restored at move 2" "$tmp/s2.out" ||
    fail "the restarted server did not restore game $game"
ok "the restarted server restored game $game at move 2"
wait_line "$tmp/ann.out" '^resumed 2$' 150 && wait_line "$tmp/bob.out" '^resumed 2$' 150 ||
    fail "the players did not come back to their seats"
ok "both players came back"
touch "$tmp/kill.go"
wait "$ann" || fail "ann's join failed"
wait "$bob" || fail "bob's join failed"
a=$(grep '^result ' "$tmp/ann.out")
b=$(grep '^result ' "$tmp/bob.out")
[ "$a" = "$b" ] || fail "ann says '$a', bob '$b'"
case $a in
"result black line 7"*) ok "the game was played to its end: $a" ;;
*) fail "expected Black's line at move 7, got '$a'" ;;
esac
ms=$(sed -n 's/^move 3 black b1 //p' "$tmp/ann.out")
[ -n "$ms" ] && [ "$ms" -lt 2500 ] || fail "move 3 was charged '$ms' ms: the time away counted"
ok "the time the server was away was charged to nobody (move 3: $ms ms)"
wait_line "$tmp/s2.out" "game $game: record .*server-$game-1.sgf" 150 ||
    fail "the restored game's record was not said written"
n=$(ls "$records"/server-"$game"-*.sgf 2>/dev/null | wc -l)
[ "$n" -eq 1 ] || fail "game $game has $n records"
[ "$(moves "$records/server-$game-1.sgf")" -eq 7 ] || fail "the record has not 7 moves"
[ ! -e "$file" ] && [ -z "$(ls "$live")" ] || fail "the live file is still there: $(ls "$live")"
ok "the record was written once, with the seven moves, and the live file is gone"

# A damaged live file is set aside with a line in the log, never a crash;
# the file of a game over whose record was never written becomes that
# record.
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
printf '(;GM[4]FF[4]SZ[7];B[zz' >"$live/game-77.sgf"
seats=0123456789abcdef0123456789abcdef,fedcba9876543210fedcba9876543210
printf '(;GM[4]FF[4]SZ[7]RU[freestyle]WIN[4]PB[ann]PW[bob]MNKSERVER[50]%s%s%s\n%s)\n' \
    'MNKSERVERGAME[1]' 'MNKNETBLACK[host]' "MNKSERVERNAMES[ann,bob]MNKSERVERSEATS[$seats]" \
    ';B[aa];W[ab];B[ba];W[bb];B[ca];W[cb];B[da]' >"$live/game-50.sgf"
start_server s3 "$port"
wait_line "$tmp/s3.out" 'game-77.sgf.*set aside as' 150 || fail "the damaged file was not set aside"
ls "$live"/game-77.sgf.corrupt-* >/dev/null 2>&1 && [ ! -e "$live/game-77.sgf" ] ||
    fail "the damaged file is not beside, renamed"
timeout 10 "$mnk" join "127.0.0.1:$port" --name lister --list >"$tmp/list.out" 2>&1 ||
    fail "the server with a damaged file does not answer"
grep -q '^games 0$' "$tmp/list.out" || fail "the damaged file or the game over made a game"
ok "a damaged live file is set aside and the server goes on"
wait_line "$tmp/s3.out" 'game 50: record .*server-50-1.sgf' 150 || fail "game 50's record not written"
[ "$(moves "$records/server-50-1.sgf")" -eq 7 ] && [ ! -e "$live/game-50.sgf" ] ||
    fail "game 50's record or its live file is wrong"
ok "a game over left in the live directory goes to its record"

"$mnk" server --bind 127.0.0.1 --port 0 --for 5 >"$tmp/s4.out" 2>"$tmp/s4.err" &&
    fail "a second server took the same live directory"
grep -q 'another server keeps its games in' "$tmp/s4.err" || fail "the refusal does not say why"
ok "a second server on the same live directory is refused"
: >"$tmp/not-a-dir"
"$mnk" server --bind 127.0.0.1 --port 0 --for 5 --live "$tmp/not-a-dir" >"$tmp/s5.out" \
    2>"$tmp/s5.err" && fail "a server took a file for its live directory"
grep -q 'not-a-dir is not a directory' "$tmp/s5.err" || fail "the refusal does not say why"
ok "a live directory that is a file is refused at the start"

printf 'quit\n' >"$tmp/quit.in"
timeout 10 "$mnk" join "127.0.0.1:$port" --name cyd --create <"$tmp/quit.in" \
    >"$tmp/cyd.out" 2>"$tmp/cyd.err"
grep -q '^seat 51$' "$tmp/cyd.out" || fail "a new game is not numbered above the records"
ok "a new game takes the number after the records'"

# ---- (d) a player's command killed: --rejoin with its token -------------
printf 'a1\nb1\nc1\nd1\n' >"$tmp/eda.in"
timeout 40 "$mnk" join "127.0.0.1:$port" --name eda --create --size 7 --win 4 --tc 2+0 \
    <"$tmp/eda.in" >"$tmp/eda.out" 2>"$tmp/eda.err" &
eda=$!
wait_line "$tmp/eda.out" '^seat ' 150 || fail "eda got no seat"
egame=$(sed -n 's/^seat //p' "$tmp/eda.out")
# Fed by a pipe that stays open: the command waits for the game, killed
# after the first move.
mkfifo "$tmp/fin.fifo"
"$mnk" join "127.0.0.1:$port" --name fin --game "$egame" <"$tmp/fin.fifo" \
    >"$tmp/fin.out" 2>"$tmp/fin.err" &
fin=$!
exec 7>"$tmp/fin.fifo"
wait_line "$tmp/fin.out" '^move 1 black a1' 150 || fail "fin did not see the first move"
token=$(sed -n 's/^token //p' "$tmp/fin.out")
[ -n "$token" ] || fail "no token line for the seat"
kill -9 "$fin"
exec 7>&-
wait_line "$tmp/s3.out" "game $egame: fin's link dropped" 150 || fail "the server did not see fin go"
printf 'a2\nb2\nc2\n' >"$tmp/fin2.in"
timeout 40 "$mnk" join "127.0.0.1:$port" --rejoin "$token" <"$tmp/fin2.in" \
    >"$tmp/fin2.out" 2>"$tmp/fin2.err" || fail "the rejoined command failed"
wait "$eda" || fail "eda's command failed"
grep -q '^result black line 7' "$tmp/fin2.out" && grep -q '^result black line 7' "$tmp/eda.out" ||
    fail "the rejoined game did not end alike"
grep -q '^move 1 black a1' "$tmp/fin2.out" || fail "the rejoined command did not get the game so far"
timeout 10 "$mnk" join "127.0.0.1:$port" --rejoin "$egame:00000000000000000000000000000000" \
    </dev/null >"$tmp/bad.out" 2>"$tmp/bad.err" && fail "a wrong token was let in"
ok "a killed player's command comes back with --rejoin and its token; a wrong token does not"
echo "$checks checks passed"
