#!/usr/bin/env bash
# twoscreens.sh — two full-screen mnk in two tmux windows, 80×24, play a
# friend's game over the loopback address on a 1+0 clock: the first hosts
# (its form's last choice: 7×7, four in a row, from the settings file),
# the second reads the code and port off the first's screen, joins, reads
# the settings and says yes; both show both clocks; the joiner asks for a
# takeback and the host refuses (the joiner hears it, nothing is taken
# back); the host's four in a row wins on both screens, each counts the
# game in the statistics they share, and both quit cleanly.
#
#   twoscreens.sh MNK_BINARY
set -u
MNK=${1:?usage: twoscreens.sh PATH/TO/mnk}
for tool in tmux timeout; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
. "$(dirname "$0")/lib.sh"
trap 'kill $(jobs -p) 2>/dev/null; cleanup' EXIT INT TERM

host() { T select-window -t e2e:0; }
joiner() { T select-window -t e2e:1; }

start_shell
mkdir -p "$CONFIG/mnk"
printf 'width = 7\nheight = 7\nwin = 4\nclock = 1+0\n' >"$CONFIG/mnk/settings"
RUN_ENV="MNK_NET_BIND=127.0.0.1 MNK_NET_PORT=0" run
wait_for "New game" || fail "no menu in the first window"
keys Down Down Down Down Enter                    # Network game
wait_for "Host a game" || fail "no network game screen"
keys Enter
if wait_for "Join code:"; then pass "the first screen hosts and shows its code"; else
    fail "no join code"; fi
code=$(screen | sed -n 's/.*Join code: \([A-Z0-9-]*\).*/\1/p')
port=$(screen | sed -n 's/.*Port: \([0-9]*\).*/\1/p')
[ -n "$code" ] && [ -n "$port" ] || fail "no code or port to read: '$code' '$port'"

second_window
T send-keys -t e2e "env MNK_NET_BIND=127.0.0.1 $MNK; echo exit=\$?" Enter
wait_for "New game" || fail "no menu in the second window"
keys Down Down Down Down Enter Down Enter         # Network game, Join a friend's game
wait_for "The host's address" || fail "no address asked"
keys "127.0.0.1:$port" Enter
wait_for "join code your friend reads out" || fail "no code asked"
keys "$code" Enter
if wait_for "The host offers:" && screen | grep -q "clock 1+0"; then
    pass "the second screen reads the host's settings, clock included"
else fail "no settings shown to the joiner"; fi
keys y
if wait_for "the game begins" && screen | grep -q "White  you"; then pass "the joiner plays White"
else fail "the game did not begin"; fi

host
if wait_for "your move"; then pass "the host's screen says it is its move"; else
    fail "no move asked of the host"; fi
if screen | grep -q "1:00" || screen | grep -q "0:5"; then pass "the host shows the clocks"; else
    fail "no clocks on the host's screen"; fi
keys Enter                                        # d4, the centre

joiner
wait_for "1. Black d4" || fail "the joiner did not see d4"
keys Left Left Left Down Down Down Enter          # a1
wait_for "1. White a1" || fail "the joiner's a1 did not show"
keys u
host
if wait_for "your friend asks for a takeback"; then pass "the host is asked for a takeback"; else
    fail "no takeback asked"; fi
keys n
joiner
if wait_for "your friend refused"; then pass "the joiner hears the refusal"; else
    fail "no refusal heard"; fi

host
keys Right Enter                                  # e4
joiner
wait_for "2. Black e4" || fail "the joiner did not see e4"
keys Up Enter                                     # a2
host
wait_for "2. White a2" || fail "the host did not see a2"
keys Right Enter                                  # f4
joiner
wait_for "3. Black f4" || fail "the joiner did not see f4"
keys Up Enter                                     # a3
host
wait_for "3. White a3" || fail "the host did not see a3"
keys Right Enter                                  # g4: four in a row
if wait_for "Black wins"; then pass "the host's four in a row wins on its screen"; else
    fail "no win on the host's screen"; fi
joiner
if wait_for "Black wins"; then pass "and on the joiner's"; else fail "no win on the joiner's screen"; fi
if screen | grep -q "a move taken back"; then fail "a move was taken back after the refusal"
else pass "nothing was taken back"; fi

STATS=$WORK/.local/share/mnk/stats
# Both screens have the same login name and statistics file: one row, the
# host's win and the joiner's loss in it.
tries=50
while [ $tries -gt 0 ] && ! grep -q '^network player 7x7 4 freestyle 1+0 1 1 0 0 ' "$STATS" 2>/dev/null
do
    sleep 0.1
    tries=$((tries - 1))
done
if grep -q '^network player 7x7 4 freestyle 1+0 1 1 0 0 ' "$STATS"; then
    pass "each screen counted the game, a win and a loss"
else fail "the statistics: $(cat "$STATS" 2>&1)"; fi

keys q
if wait_for "exit=0"; then pass "the joiner's screen quits cleanly"; else fail "the joiner did not quit"; fi
host
quit "the host's screen"

echo "$CHECKS checks, $FAILED failed"
[ "$FAILED" -eq 0 ]
