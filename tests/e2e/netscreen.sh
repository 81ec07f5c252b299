#!/usr/bin/env bash
# netscreen.sh — the Network game screen at 80×24, against `mnk host` and
# `mnk join` on the loopback address (each playing a script on its
# standard input, under a timeout): the screen hosts a game, shows its
# code and port, a joiner with them is let in, its chat line and moves
# show, the screen's player wins with five and both sides say the same
# result, the game is kept as a record; then the screen joins a game with
# a 1+0 clock from the host's address and code, reads the settings, says
# yes, sees both clocks, refuses the host's draw offer (the host hears
# no), plays a move and resigns after a yes (the host hears it). Esc then
# goes back to the choice and the menu; the two games are counted in the
# statistics against each friend's name (one in Chinese), and the
# Statistics screen shows them; q quits cleanly. Last, the hosting
# screen is killed (kill -9) mid-game: Resume takes the game up on the same
# port and code, the joiner comes back by itself and the game is won, one
# record holding it all and nothing left to resume; and the joining screen
# is killed: Resume reconnects it to the host that waited, and the game
# ends the same on both sides. Last, with python3, the screen joins a
# Piskvork player (piskvork_peer.py hosts): the choice warns that it is not
# encrypted, a takeback is granted and one refused, chat shows, and the
# Piskvork player's five wins on both sides.
#
#   netscreen.sh MNK_BINARY
set -u
MNK=${1:?usage: netscreen.sh PATH/TO/mnk}
for tool in tmux timeout; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
. "$(dirname "$0")/lib.sh"
trap 'kill $(jobs -p) 2>/dev/null; cleanup' EXIT INT TERM
RECORDS=$WORK/.local/share/mnk/games

# Opens the Network game screen from the main menu.
open_net() {
    keys Down Down Down Down Enter                # Load, Statistics, Puzzles, Network game
    if wait_for "Host a game"; then pass "the menu opens the network game"; else
        fail "no network game screen"; fi
}

echo "# the screen hosts; mnk join plays White"
start_shell
RUN_ENV="MNK_NET_BIND=127.0.0.1 MNK_NET_PORT=0" run
wait_for "New game" || fail "no menu"
open_net
if screen | grep -q "You take Black"; then pass "the host takes Black by default"; else
    fail "who takes Black is not said"; fi
keys Enter
if wait_for "Join code:"; then pass "hosting shows the join code"; else fail "no join code"; fi
if screen | grep -q "This computer's address: 127.0.0.1"; then
    pass "and the address it listens on"
else fail "no address shown to the host"; fi
code=$(screen | sed -n 's/.*Join code: \([A-Z0-9-]*\).*/\1/p')
port=$(screen | sed -n 's/.*Port: \([0-9]*\).*/\1/p')
[ -n "$code" ] && [ -n "$port" ] || fail "no code or port to read: '$code' '$port'"
printf 'yes\nsay hello there\na1\na2\na3\na4\n' >"$WORK/join1.in"
timeout 60 "$MNK" join --name bob "127.0.0.1:$port" "$code" <"$WORK/join1.in" >"$WORK/join1.out" \
    2>"$WORK/join1.err" &
joiner=$!
if wait_for "your move"; then pass "the game begins on the host's screen"; else
    fail "the game did not begin"; fi
if wait_for "friend: hello there"; then pass "the joiner's chat line shows"; else
    fail "no chat line"; fi
if screen | grep -q "your opponent: bob"; then pass "the joiner's name shows"; else
    fail "the joiner's name is not shown"; fi
# Black h8 (the cursor starts in the centre), then i8 .. l8 as White
# answers a1 .. a4: five in a row.
keys Enter
for i in 1 2 3 4; do
    wait_for "$i. White a$i" || fail "White's move $i did not show"   # moves by pairs
    keys Right Enter
done
if wait_for "Black wins"; then pass "five in a row wins on the host's screen"; else
    fail "no win shown"; fi
wait "$joiner"
if grep -q '^result black line 9' "$WORK/join1.out"; then pass "the joiner says the same result"
else fail "the joiner's result: $(grep result "$WORK/join1.out")"; cat "$WORK/join1.out"; fi
if grep -ql ';B\[hh\]' "$RECORDS"/net-*.sgf 2>/dev/null; then
    pass "the game is kept as a record"
else fail "no record of the network game in $RECORDS"; ls -la "$RECORDS"; fi
if grep -ql 'PW\[bob\]' "$RECORDS"/net-*.sgf 2>/dev/null; then
    pass "the record names the friend"
else fail "no PW[bob] in the record"; cat "$RECORDS"/net-*.sgf; fi
STATS=$WORK/.local/share/mnk/stats
if grep -q '^network bob 15x15 5 freestyle none 1 0 0 0 W 1 1$' "$STATS" 2>/dev/null; then
    pass "the win is counted against bob"
else fail "the statistics: $(cat "$STATS" 2>&1)"; fi
if grep -q "^opponent $(id -un)" "$WORK/join1.out" || grep -q '^opponent player' "$WORK/join1.out"
then pass "the joiner hears the host's name"
else fail "no opponent line: $(grep opponent "$WORK/join1.out")"; fi
keys Escape
if wait_for "Host a game"; then pass "Esc after the game goes back to the choice"; else
    fail "Esc did not leave the game"; fi

echo "# the screen joins a game on the clock; mnk host plays Black"
printf 'h8\ndraw\nh10\n' >"$WORK/host2.in"
timeout 90 "$MNK" host --name 张三 --bind 127.0.0.1 --port 0 --tc 1+0 <"$WORK/host2.in" \
    >"$WORK/host2.out" 2>"$WORK/host2.err" &
host=$!
tries=100
while [ $tries -gt 0 ] && ! grep -q '^port ' "$WORK/host2.out"; do sleep 0.1; tries=$((tries - 1)); done
port=$(sed -n 's/^port //p' "$WORK/host2.out")
code=$(sed -n 's/^code //p' "$WORK/host2.out")
keys Down Enter
if wait_for "The host's address"; then pass "join asks for the address"; else fail "no address asked"; fi
keys "127.0.0.1:$port" Enter
if wait_for "join code your friend reads out"; then pass "then for the code"; else fail "no code asked"; fi
keys "$code" Enter
if wait_for "The host offers:"; then pass "the joiner reads the settings"; else fail "no settings shown"; fi
if screen | grep -q "clock 1+0"; then pass "the settings name the clock"; else fail "no clock in the settings"; fi
keys y
if wait_for "your friend asks for a draw"; then pass "the host's draw offer shows"; else
    fail "no draw offer"; fi
if screen | grep -q "1:00" || screen | grep -q "0:5"; then pass "the clocks show"; else
    fail "no clock on the screen"; fi
keys n
tries=50
while [ $tries -gt 0 ] && ! grep -q '^answer draw no' "$WORK/host2.out"; do sleep 0.1; tries=$((tries - 1)); done
if grep -q '^answer draw no' "$WORK/host2.out"; then pass "the host hears the draw refused"; else
    fail "the host did not hear no"; fi
keys Up Enter                                     # h9
if wait_for "1. White h9"; then pass "the joiner's move shows"; else fail "the move did not show"; fi
wait_for "2. Black h10" || fail "the host's next move did not show"
keys r
if wait_for "resign this game?"; then pass "r asks before resigning"; else fail "no question"; fi
keys y
if wait_for "Black wins"; then pass "the resignation ends the game"; else fail "no result after resigning"; fi
wait "$host"
if grep -q '^result black resign' "$WORK/host2.out"; then pass "the host hears the resignation"; else
    fail "the host's result: $(grep result "$WORK/host2.out")"; fi
if grep -q '^network 张三 15x15 5 freestyle 1+0 0 1 0 0 L 1 0$' "$STATS"; then
    pass "the loss is counted against the host's name, in its script"
else fail "the statistics: $(cat "$STATS" 2>&1)"; fi
keys Escape
wait_for "Host a game" || fail "Esc did not go back to the choice"
keys Escape
if wait_for "New game"; then pass "Esc again goes back to the menu"; else fail "not back at the menu"; fi
keys Up Up Enter                                  # from Network game: Puzzles, Statistics
if wait_for "Over the network"; then pass "the statistics show the network's games"; else
    fail "no network part in the statistics"; fi
if screen | grep -q "bob" && screen | grep -q "张三"; then pass "each friend has a row"; else
    fail "the rows: $(screen)"; fi
keys Escape
wait_for "New game" || fail "the statistics did not go back to the menu"
quit "leaving after network games"

echo "# kill -9 of the hosting screen: Resume takes the game up, the joiner comes back"
sleep 1.1                                   # records of this part are newer than:
touch "$WORK/part3"
RUN_ENV="MNK_NET_BIND=127.0.0.1 MNK_NET_PORT=0" run
wait_for "New game" || fail "no menu"
open_net
keys Enter
wait_for "Join code:" || fail "no join code"
code=$(screen | sed -n 's/.*Join code: \([A-Z0-9-]*\).*/\1/p')
port=$(screen | sed -n 's/.*Port: \([0-9]*\).*/\1/p')
printf 'yes\na1\na2\na3\na4\n' >"$WORK/join3.in"
timeout 120 "$MNK" join "127.0.0.1:$port" "$code" <"$WORK/join3.in" >"$WORK/join3.out" \
    2>"$WORK/join3.err" &
joiner=$!
wait_for "your move" || fail "the game did not begin"
keys Enter
wait_for "1. White a1" || fail "White's first move did not show"
keys Right Enter
wait_for "2. White a2" || fail "White's second move did not show"
pid=$(cat "$WORK/pid")
kill -9 "$pid"
tries=50
while kill -0 "$pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
if kill -0 "$pid" 2>/dev/null; then fail "the hosting screen did not die"; fi
keys C-j "stty sane" C-j
RUN_ENV="MNK_NET_BIND=127.0.0.1 MNK_NET_PORT=0" run
if wait_for "Resume"; then pass "the network game is offered for Resume"; else fail "no Resume"; fi
keys Enter
wait_for "Unfinished games" || fail "no list of kept games"
keys Enter
if wait_for "resumed where you left off"; then pass "Resume takes the network game up"; else
    fail "the network game did not resume"; fi
if wait_for "the link is back"; then pass "the joiner comes back to the same port and code"; else
    fail "the joiner did not come back"; fi
for i in 3 4; do
    keys Right Enter
    wait_for "$i. White a$i" || fail "White's move $i did not show after the resume"
done
keys Right Enter
if wait_for "Black wins"; then pass "the resumed game is won"; else fail "no win after the resume"; fi
wait "$joiner"
if grep -q '^result black line 9' "$WORK/join3.out"; then
    pass "the joiner saw the same game to its end"
else fail "the joiner's result: $(grep -E 'result|dropped|resumed' "$WORK/join3.out")"; fi
if ls "$WORK"/.local/state/mnk/games/*.sgf >/dev/null 2>&1; then
    fail "the finished network game is still kept for Resume"
else pass "a finished network game leaves nothing to resume"; fi
new=$(find "$RECORDS" -name 'net-*.sgf' -newer "$WORK/part3")
if [ "$(echo "$new" | grep -c .)" -eq 1 ] && grep -q ';B\[lh\]' "$new"; then
    pass "one record holds the whole game"
else fail "records of the resumed game: $new"; fi
quit "leaving after the resumed game"

echo "# kill -9 of the joining screen: Resume reconnects to the host that waited"
printf 'h8\ni8\nj8\nk8\nl8\n' >"$WORK/host4.in"
timeout 120 "$MNK" host --bind 127.0.0.1 --port 0 <"$WORK/host4.in" >"$WORK/host4.out" \
    2>"$WORK/host4.err" &
host=$!
tries=100
while [ $tries -gt 0 ] && ! grep -q '^port ' "$WORK/host4.out"; do sleep 0.1; tries=$((tries - 1)); done
port=$(sed -n 's/^port //p' "$WORK/host4.out")
code=$(sed -n 's/^code //p' "$WORK/host4.out")
RUN_ENV="MNK_NET_BIND=127.0.0.1" run
wait_for "New game" || fail "no menu"
open_net
keys Down Enter
wait_for "The host's address" || fail "no address asked"
keys "127.0.0.1:$port" Enter
wait_for "join code your friend reads out" || fail "no code asked"
keys "$code" Enter
wait_for "The host offers:" || fail "no settings shown"
keys y
wait_for "1. Black h8" || fail "the host's first move did not show"
keys Left Left Left Left Left Left Left Down Down Down Down Down Down Down Enter   # a1
wait_for "2. Black i8" || fail "the host's second move did not show"
keys Up Enter                                                                     # a2
wait_for "3. Black j8" || fail "the host's third move did not show"
pid=$(cat "$WORK/pid")
kill -9 "$pid"
tries=50
while kill -0 "$pid" 2>/dev/null && [ $tries -gt 0 ]; do sleep 0.1; tries=$((tries - 1)); done
keys C-j "stty sane" C-j
RUN_ENV="MNK_NET_BIND=127.0.0.1" run
if wait_for "Resume"; then pass "the joined game is offered for Resume"; else fail "no Resume"; fi
keys Enter
wait_for "Unfinished games" || fail "no list of kept games"
keys Enter
if wait_for "the link is back"; then pass "Resume reconnects the joiner to the host"; else
    fail "the joiner did not reconnect"; fi
keys Up Enter                                                                     # a3
wait_for "4. Black k8" || fail "the host's fourth move did not show"
keys Up Enter                                                                     # a4
if wait_for "Black wins"; then pass "the host's five ends the resumed game"; else
    fail "no result after the joiner's resume"; fi
wait "$host"
if grep -q '^result black line 9' "$WORK/host4.out"; then pass "the host saw the same game"
else fail "the host's result: $(grep -E 'result|dropped|resumed' "$WORK/host4.out")"; fi
quit "leaving after the joiner's resume"

echo "# the screen joins a Piskvork player (piskvork_peer.py hosts) and loses"
if command -v python3 >/dev/null; then
    start_shell
    run
    wait_for "New game" || fail "no menu"
    open_net
    keys Down Down Down Down                      # Join a Piskvork player's game
    if wait_for "is not encrypted"; then pass "the Piskvork choice warns it is not encrypted"
    else fail "no warning on the Piskvork choice"; fi
    python3 "$(dirname "$0")/piskvork_peer.py" host "$WORK/piskport" >"$WORK/peer.out" \
        2>"$WORK/peer.err" &
    peer=$!
    tries=100
    while [ $tries -gt 0 ] && ! [ -s "$WORK/piskport" ]; do sleep 0.1; tries=$((tries - 1)); done
    keys Enter
    wait_for "The Piskvork player's address" || fail "no Piskvork address asked"
    keys C-u "127.0.0.1:$(cat "$WORK/piskport")" Enter
    if wait_for "play this game?"; then pass "the Piskvork host's settings are asked about"; else
        fail "no settings question"; fi
    keys y
    wait_for "the game begins" || fail "the Piskvork game did not begin"
    keys Left Left Left Left Left Left Left Down Down Down Down Down Down Down Enter   # a1
    wait_for "1. White a15" || fail "the peer's a15 did not show"
    keys Right Enter                              # b1
    wait_for "2. Black b1" || fail "b1 did not show"
    keys u
    if wait_for "a move taken back"; then pass "a takeback the Piskvork player agreed to"; else
        fail "no takeback"; fi
    keys Right Up Up Enter                        # c3
    wait_for "2. Black c3" || fail "c3 did not show"
    keys u
    if wait_for "your friend refused a"; then pass "a takeback refused"; else
        fail "no refusal"; fi
    if wait_for "friend: ça va?"; then pass "the Piskvork player's chat shows"; else
        fail "no chat"; fi
    wait_for "2. White b15" || fail "b15 did not show"
    keys Right Right Up Up Enter                  # e5
    wait_for "3. White c15" || fail "c15 did not show"
    keys Right Right Up Up Enter                  # g7
    wait_for "4. White d15" || fail "d15 did not show"
    keys Right Right Right Up Up Enter            # j9
    if wait_for "White wins"; then pass "the Piskvork player's five wins on the screen"; else
        fail "no result against the Piskvork player"; fi
    if wait "$peer"; then pass "the Piskvork player saw the same game"; else
        fail "the peer: $(cat "$WORK/peer.err")"; fi
    if grep -q '^network piskvork 15x15 5 freestyle none 0 1 0 0 L 1 0$' "$STATS"; then
        pass "the loss is counted against the Piskvork player"
    else fail "the statistics after the Piskvork game: $(cat "$STATS")"; fi
    keys Escape
    wait_for "Host a game" || fail "Esc did not leave the Piskvork game"
    quit "leaving after the Piskvork game"
else
    echo "# no python3: the Piskvork part is left out"
fi

echo "# $CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
