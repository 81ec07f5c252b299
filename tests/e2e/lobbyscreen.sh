#!/usr/bin/env bash
# lobbyscreen.sh — the Network game screen's *Play on a server* at 80×24,
# against `mnk server` on the loopback address (its data in a directory of
# its own) and `mnk join` clients playing scripts on their standard input,
# every process under a timeout. The screen connects under a name, says
# that the server's key is now remembered with the fingerprint the server
# printed, opens a 7×7 four-in-a-row game (the form's last choice, from the
# settings file); a client sits down at it from the command line, the
# screen's player wins, both sides say the same result, and the list shows
# the game. Then the screen watches a game two clients play on a clock: it
# shows the players, both clocks, the moves as they come and the result.
# Last, a server with another key at the same address is refused with the
# link's sentence, a port where nothing listens is a sentence too, and Esc
# goes back to the choice and the menu. The settings keep the last server
# reached and the name given there; and a screen seated on the server that
# is killed (kill -9) mid-game takes its seat back through Resume, the game
# played to its end.
#
#   lobbyscreen.sh MNK_BINARY
set -u
MNK=${1:?usage: lobbyscreen.sh PATH/TO/mnk}
for tool in tmux timeout sed grep; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
. "$(dirname "$0")/lib.sh"
trap 'kill $(jobs -p) 2>/dev/null; cleanup' EXIT INT TERM
SERVER_DATA=$WORK/server-data
# The command-line clients keep their known servers apart from the screen's
# (which has HOME=$WORK): each pins the key itself.
export HOME=$WORK/cli XDG_DATA_HOME=$WORK/cli/data XDG_CONFIG_HOME=$WORK/cli/config

# wait_file FILE PATTERN: until FILE has a line matching PATTERN (10 s).
wait_file() {
    tries=100
    while [ $tries -gt 0 ] && ! grep -q "$2" "$1" 2>/dev/null; do
        sleep 0.1
        tries=$((tries - 1))
    done
    grep -q "$2" "$1" 2>/dev/null
}

# start_server NAME [PORT]: a server on PORT (a free one by default), for
# 60 s at most; its port in $port, its key's fingerprint in $key, its
# process in $server.
start_server() {
    XDG_DATA_HOME=$SERVER_DATA timeout 70 "$MNK" server --bind 127.0.0.1 --port "${2:-0}" \
        --for 60 >"$WORK/$1.out" 2>"$WORK/$1.err" &
    server=$!
    wait_file "$WORK/$1.out" '^key ' || { echo "FAIL: $1 printed no key"; exit 1; }
    port=$(sed -n 's/^port //p' "$WORK/$1.out")
    key=$(sed -n 's/^key //p' "$WORK/$1.out")
}

# Connects the screen, from the Network game's choice, to the server on
# $port as NAME.
connect() {
    keys Down Down Enter                          # Play on a server
    wait_for "The server's address" || fail "no address asked"
    keys C-u "127.0.0.1:$port" Enter
    wait_for "Your name on the server" || fail "no name asked"
    keys C-u "$1" Enter
}

start_server server
echo "# the screen opens a game; mnk join sits down and loses"
start_shell
mkdir -p "$CONFIG/mnk"
printf 'width = 7\nheight = 7\nwin = 4\n' >"$CONFIG/mnk/settings"
run
wait_for "New game" || fail "no menu"
keys Down Down Down Down Enter                    # Network game
if wait_for "Play on a server"; then pass "the network game offers a server"; else
    fail "no server choice"; fi
connect tui
if wait_for "tui on 127.0.0.1:$port"; then pass "the screen is in the lobby under its name"; else
    fail "not in the lobby"; fi
if wait_for "First connection to 127.0.0.1:$port: its key" && screen | grep -qF "$key is now"
then pass "the first connection says the key is remembered, with the server's fingerprint"
else fail "no word of the key pinned"; fi
if [ -s "$WORK/.local/share/mnk/known-servers" ]; then
    pass "the key is in the known-servers file mnk join uses"
else fail "no known-servers file"; fi
if wait_for "No game on the server yet"; then pass "an empty lobby says so"; else
    fail "the empty list is not said"; fi
if screen | grep -q "n opens: 7.7 k=4"; then pass "n offers the form's last settings"; else
    fail "the new game's settings are not shown"; fi
keys n
if wait_for "game 1 on 127.0.0.1:$port"; then pass "n opens game 1 and waits on the game screen"
else fail "no seat at game 1"; fi
timeout 10 "$MNK" join "127.0.0.1:$port" --name lister --list >"$WORK/list1.out" 2>&1
if grep -q "^game 1 open tui - 7x7 k=4 freestyle none - black=host" "$WORK/list1.out"; then
    pass "the command line lists the screen's open game"
else fail "the list: $(cat "$WORK/list1.out")"; fi
printf 'a1\na2\na3\n' >"$WORK/bob.in"
timeout 40 "$MNK" join "127.0.0.1:$port" --name bob --game 1 <"$WORK/bob.in" \
    >"$WORK/bob.out" 2>"$WORK/bob.err" &
bob=$!
if wait_for "your move"; then pass "the game begins when bob sits down"; else
    fail "the game did not begin"; fi
if wait_for "your opponent: bob"; then pass "the screen names its opponent"; else
    fail "no opponent's name"; fi
# Black d4 (the centre), then e4, f4, g4 as White answers a1 .. a3.
keys Enter
for i in 1 2 3; do
    wait_for "$i. White a$i" || fail "White's move $i did not show"
    keys Right Enter
done
if wait_for "Black wins"; then pass "four in a row wins on the screen"; else fail "no win shown"; fi
wait "$bob"
if grep -q '^result black line 7' "$WORK/bob.out"; then pass "bob says the same result"; else
    fail "bob's result: $(cat "$WORK/bob.out" "$WORK/bob.err")"; fi
keys Escape
wait_for "Play on a server" || fail "Esc after the game did not go back to the choice"
if grep -qx "server = 127.0.0.1:$port" "$CONFIG/mnk/settings" &&
    grep -qx "name = tui" "$CONFIG/mnk/settings"; then
    pass "the settings keep the server and the name"
else fail "the settings: $(cat "$CONFIG/mnk/settings")"; fi

echo "# kill -9 of the seated screen: Resume takes it back to its seat"
keys Enter                                        # Play on a server, still selected
wait_for "The server's address" || fail "no address asked again"
keys Enter
wait_for "Your name on the server" || fail "no name asked again"
keys Enter
wait_for "tui on 127.0.0.1:$port" || fail "not in the lobby again"
keys n
wait_for "on 127.0.0.1:$port: waiting for the other player" || fail "no second game opened"
seated=$(screen | sed -n 's/.*game \([0-9]*\) on 127.0.0.1.*/\1/p' | head -1)
printf 'a1\na2\na3\n' >"$WORK/dan.in"
timeout 60 "$MNK" join "127.0.0.1:$port" --name dan --game "$seated" <"$WORK/dan.in" \
    >"$WORK/dan.out" 2>"$WORK/dan.err" &
dan=$!
wait_for "your move" || fail "the second game did not begin"
keys Enter
wait_for "1. White a1" || fail "White's first move did not show"
keys Right Enter
wait_for "2. White a2" || fail "White's second move did not show"
pid=$(cat "$WORK/pid")
kill -9 "$pid"
tries=50
while kill -0 "$pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
if kill -0 "$pid" 2>/dev/null; then fail "the seated screen did not die"; fi
keys C-j "stty sane" C-j
run
if wait_for "Resume"; then pass "the server's game is offered for Resume"; else fail "no Resume"; fi
keys Enter
wait_for "Unfinished games" || fail "no list of kept games"
keys Enter
if wait_for "resumed where you left off"; then pass "Resume takes the server's game up"; else
    fail "the server's game did not resume"; fi
if wait_for "the link is back"; then pass "the screen is back in its seat on the server"; else
    fail "the seat was not taken back"; fi
keys Right Enter
wait_for "3. White a3" || fail "White's third move did not show after the resume"
keys Right Enter
if wait_for "Black wins"; then pass "the resumed game is won"; else fail "no win after the resume"; fi
wait "$dan"
if grep -q '^result black line 7' "$WORK/dan.out"; then pass "dan saw the same game to its end"
else fail "dan's result: $(cat "$WORK/dan.out" "$WORK/dan.err")"; fi
keys Escape
wait_for "Play on a server" || fail "Esc after the resumed game did not go back to the choice"
keys Down Down                                    # a new process: Play on a server again

echo "# the screen watches ann and cid play on a clock"
printf 'a1\nb1\nc1\nd1\n' >"$WORK/ann.in"
(sleep 3; cat "$WORK/ann.in") |
    timeout 40 "$MNK" join "127.0.0.1:$port" --name ann --create --size 7 --win 4 --tc 1+0 \
        >"$WORK/ann.out" 2>"$WORK/ann.err" &
ann=$!
wait_file "$WORK/ann.out" '^seat ' || fail "ann got no seat"
game=$(sed -n 's/^seat //p' "$WORK/ann.out")
keys Enter                                        # Play on a server, still selected
wait_for "The server's address" || fail "no address asked again"
keys Enter                                        # the address and name typed before
wait_for "Your name on the server" || fail "no name asked again"
keys Enter
wait_for "tui on 127.0.0.1:$port" || fail "not in the lobby again"
if screen | grep -q "First connection"; then fail "the key is said to be new again"; else
    pass "a second connection pins nothing"; fi
if wait_for "ann - ?" && screen | grep -qE "$game +waiting +ann - \? +7.7 k=4 freestyle none 1\+0"
then pass "the list shows ann's open game, its players and settings"
else fail "ann's game is not listed"; fi
tries=5
while [ $tries -gt 0 ] && ! screen | grep -qE "^ *> *$game +waiting"; do keys Down; sleep 0.2; tries=$((tries - 1)); done
keys w
if wait_for "watching game $game"; then pass "w watches the selected game"; else
    fail "not watching"; fi
printf 'a2\nb2\nc2\n' >"$WORK/cid.in"
(sleep 2; cat "$WORK/cid.in") |
    timeout 40 "$MNK" join "127.0.0.1:$port" --name cid --game "$game" \
        >"$WORK/cid.out" 2>"$WORK/cid.err" &
cid=$!
if wait_for "Black  ann"; then pass "the watcher names the players"; else fail "no names"; fi
if screen | grep -q "1:00" || screen | grep -q "0:5"; then pass "both clocks show"; else
    fail "no clock shown"; fi
if wait_for "1. Black a1"; then pass "the moves show as they come"; else fail "no moves"; fi
if wait_for "White  cid"; then pass "the second player's name shows once seated"; else
    fail "no name for White"; fi
# Small terminals while the game goes on: the too-small notice, then the
# board again.
T resize-window -t e2e -x 30 -y 8
sleep 0.3
T resize-window -t e2e -x 12 -y 4
sleep 0.3
T resize-window -t e2e -x 80 -y 24
if wait_for "Black  ann" && kill -0 "$(cat "$WORK/pid")" 2>/dev/null; then
    pass "the watching screen survives a tiny terminal"
else fail "the watching screen did not come back from a tiny terminal"; fi
PATIENCE=150
if wait_for "Black wins: Esc goes back to the lobby"; then pass "the watcher sees the result"; else
    fail "no result seen"; fi
PATIENCE=50
wait "$ann" "$cid"
if grep -q '^result black line 7' "$WORK/ann.out"; then pass "ann won as the watcher saw"; else
    fail "ann's result: $(grep result "$WORK/ann.out")"; fi

echo "# another key at the same address is refused, a closed port is said"
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
mv "$SERVER_DATA" "$WORK/old-server-data"
start_server server2 "$port"
keys Escape                                       # back to the lobby: connects again
if wait_for "different key"; then pass "a server with another key is refused, said on screen"
else fail "no refusal of the other key"; fi
if screen | grep -q "Enter.*try again"; then pass "the refusal offers to try again"; else
    fail "no way on after the refusal"; fi
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
keys Enter
wait_for "The server's address" || fail "Enter did not ask the address again"
keys C-u "127.0.0.1:1" Enter
wait_for "Your name on the server" || fail "no name asked"
keys Enter
if wait_for "refused" || wait_for "could not"; then pass "a closed port is a sentence on screen"
else fail "no sentence for a closed port"; fi
keys Escape
if wait_for "Play on a server"; then pass "Esc goes back to the choice"; else
    fail "Esc did not leave the lobby"; fi
keys Escape
wait_for "New game" || fail "not back at the menu"
quit "leaving after the lobby"
if grep -qx "server = 127.0.0.1:$port" "$CONFIG/mnk/settings"; then
    pass "a server not reached is not remembered over the last one reached"
else fail "the settings after a failed connection: $(cat "$CONFIG/mnk/settings")"; fi

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
