#!/usr/bin/env bash
# hostile.sh — `mnk engine` under a stream of bad protocol input.
#
#   hostile.sh MNK_BINARY [LINES_PER_SESSION]
#
# Several sessions, each from a fixed seed: an awk generator mixes valid
# commands with hostile ones (overlong lines, NUL bytes, binary junk, huge and
# negative numbers, BOARD without DONE, DONE without BOARD, TURN before START,
# bad START/RECTSTART sizes, junk INFO, repeated RESTART, TAKEBACK of empty
# cells, brain answers sent back, END in the middle). After every command
# outside a BOARD block the driver sends ABOUT and reads up to its answer, so
# each answer is tied to the line that caused it. A checker then replays the
# transcript against a model of the board built from the engine's own
# acceptances and asserts that:
#   - every answer is a protocol line (OK, ERROR, UNKNOWN, MESSAGE, DEBUG,
#     x,y or the ABOUT line) in printable ASCII;
#   - every move of the engine is inside the board on an empty cell, and a
#     move comes only from TURN, BEGIN, DONE or PLAY;
#   - a TURN, PLAY, TAKEBACK or BOARD it accepts was legal on the model;
#   - no line goes unanswered for 30 s, and the engine exits 0 (after END,
#     or at the end of input) with nothing on standard error;
# and, after the junk, that a whole valid game still plays to the end.
# Then mnk match meets engines that answer junk or nothing: forfeits, no crash.
# Exit 0 when all pass, 1 on a failure, 77 when a tool is missing.
set -u

mnk=${1:?usage: hostile.sh MNK_BINARY [LINES_PER_SESSION]}
lines=${2:-2000}
for tool in awk timeout mktemp; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not found"; exit 77; }
done
[ -x "$mnk" ] || { echo "not executable: $mnk"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; exit 1; }

# gen SEED N WITH_END: N chunks of input, one per line, as "S line" (send,
# then sync with ABOUT) or "N line" (inside a BOARD block: no sync). Lines
# are printf %b text: \xHH escapes stand for raw bytes, so NUL can be sent.
gen() {
    awk -v seed="$1" -v n="$2" -v with_end="$3" '
    function r(k) { return int(rand() * k) }
    function pick(s,   a, c) { c = split(s, a, "|"); return a[r(c) + 1] }
    function num() { return pick("0|1|2|3|5|7|9|14|15|18|19|25|26|27|-1|-0|99999|100000|4294967297|99999999999999999999") }
    function cellnum() { return r(10) < 8 ? r(size + 2) : num() }
    function junk(len,   s, i, c) {
        s = ""
        for (i = 0; i < len; i++) {
            c = 1 + r(255)
            if (c == 10 || c == 13 || c == 92) c = 0
            s = s sprintf("\\x%02x", c)
        }
        return s
    }
    function big(ch, len,   s) { s = ""; while (length(s) < len) s = s ch; return s }
    function emit(tag, line) { print tag " " line }
    function field_line() {
        if (r(10) < 7) return r(size) "," r(size) "," (1 + r(2))
        return pick(r(size) "," r(size) ",0|" r(size) "," r(size) ",4|" size "," r(size) ",1|-1,0,1|1,1|1,1,1,1|x,y,z|99999999999,1,1")
    }
    BEGIN {
        srand(seed)
        size = 15
        for (i = 0; i < n; i++) {
            k = r(40)
            if (k < 10) emit("S", pick("TURN|turn|  TuRn ") " " cellnum() pick(",| , |,,") cellnum() pick("||\\x0d|  "))
            else if (k < 12) { size = pick("15|15|3|7|19|20|26"); emit("S", "START " size) }
            else if (k < 13) emit("S", "START " pick("0|1|2|27|100000|-15|99999999999|15,15|15x|"))
            else if (k < 14) {
                w = pick("3|26|5|0|1|27|-1|7"); h = pick("3|26|4|0|1|27|-1|20")
                emit("S", "RECTSTART " pick(w "," h "|" w "|" w "," h "," w "|" w " " h "|," h))
                if (w >= 3 && w <= 26 && h >= 3 && h <= 26) size = (w < h ? w : h)
            }
            else if (k < 15) emit("S", "BEGIN")
            else if (k < 19) {
                emit("S_", "BOARD")
                m = r(8)
                for (j = 0; j < m; j++) {
                    q = r(12)
                    if (q < 9) emit("N", field_line())
                    else if (q < 10) emit("N", "TURN " r(size) "," r(size))
                    else if (q < 11) emit("N", junk(1 + r(20)))
                    else emit("N", "")
                }
                emit("S", pick("DONE|done|  DONE  "))
            }
            else if (k < 20) {
                if (r(2)) emit("S", pick("DONE|" field_line()))
                else { emit("S_", "SWAP2BOARD"); emit("N", "7,7"); emit("N", field_line()); emit("S", "DONE") }
            }
            else if (k < 22) emit("S", "TAKEBACK " cellnum() "," cellnum())
            else if (k < 23) emit("S", "PLAY " cellnum() "," cellnum())
            else if (k < 25) { m = 1 + r(3); for (j = 0; j < m; j++) emit("S", "RESTART") }
            else if (k < 28) emit("S", "INFO " pick("timeout_turn|timeout_match|time_left|max_memory|rule|game_type|folder|evaluate|" junk(3) "|") " " pick(num() "|" junk(5) "|-5|1 2|"))
            else if (k < 29) emit("S", pick("TURN |START |INFO folder |") big(pick("1|x|9"), 3000 + r(9000)))
            else if (k < 31) emit("S", pick("TURN 1\\x00,1|\\x00\\x00\\x00|START\\x0015|\\x00TURN 2,2|BOARD\\x00"))
            else if (k < 34) emit("S", junk(1 + r(60)))
            else if (k < 36) emit("S", pick("OK|7,7|MESSAGE hi|SUGGEST 1,1|ERROR x|UNKNOWN y|DEBUG z||   |FOO bar"))
            else if (k < 37 && with_end && i > n / 2) { emit("S", "END"); exit }
            else emit("S", "TURN " r(size) "," r(size))
        }
    }'
}

# session NAME SEED N WITH_END ENGINE_ARGS...: drives one engine through a
# generated stream and a final game; the transcript is "> line" for what was
# sent and "< line" for each answer.
session() {
    local name=$1 seed=$2 n=$3 with_end=$4
    shift 4
    local t=$tmp/$name.log
    : > "$t"
    coproc ENG { timeout 600 "$mnk" engine "$@" 2> "$tmp/$name.err"; }
    local in=${ENG[1]} out=${ENG[0]} pid=$ENG_PID tag line reply ended=0
    sync_about() {
        printf 'ABOUT\n' >&"$in"
        while :; do
            IFS= read -r -t 30 reply <&"$out" || fail "$name: no answer after '$line'"
            [[ $reply =~ ^name=\"mnk\" ]] && break
            printf '< %s\n' "$reply" >> "$t"
        done
    }
    while IFS= read -r tag_line; do
        tag=${tag_line%% *}
        line=${tag_line#* }
        printf '> %s\n' "$line" >> "$t"
        printf '%b\n' "$line" >&"$in"
        if [ "$line" = END ]; then ended=1; break; fi
        [ "$tag" = S ] && sync_about
    done < <(gen "$seed" "$n" "$with_end")
    if [ $ended = 0 ]; then
        # A whole game on a fresh 7x7 board after the junk: our stones go on
        # the first empty cells in order, the engine answers every one.
        line='START 7'; printf '> %s\n' "$line" >> "$t"; printf '%s\n' "$line" >&"$in"; sync_about
        grep -q '^< OK$' <(tail -n 1 "$t") || fail "$name: START 7 after the junk: $(tail -n 2 "$t")"
        local -A taken=()
        local moves=0 i c
        while [ $moves -lt 24 ]; do
            c=
            for ((i = 0; i < 49; i++)); do
                [ -z "${taken[$((i % 7)),$((i / 7))]:-}" ] && { c=$((i % 7)),$((i / 7)); break; }
            done
            [ -n "$c" ] || break
            taken[$c]=1
            line="TURN $c"; printf '> %s\n' "$line" >> "$t"; printf '%s\n' "$line" >&"$in"; sync_about
            reply=$(tail -n 1 "$t")
            [[ $reply =~ ^\<\ ([0-6]),([0-6])$ ]] || fail "$name: '$line' in the final game got '$reply'"
            taken[${BASH_REMATCH[1]},${BASH_REMATCH[2]}]=1
            moves=$((moves + 1))
        done
        [ $moves -eq 24 ] || fail "$name: final game stopped after $moves moves"
        printf '> END\n' >> "$t"
        printf 'END\n' >&"$in"
    fi
    # After END nothing more is read: the engine exits on its own, answering nothing.
    IFS= read -r -t 30 reply <&"$out" && fail "$name: an answer after END: '$reply'"
    wait "$pid"
    local rc=$?
    [ $rc -eq 0 ] || fail "$name: the engine exited with status $rc"
    [ -s "$tmp/$name.err" ] && fail "$name: the engine wrote to stderr: $(head -n 3 "$tmp/$name.err")"
    check "$name" "$t"
    echo "ok: $name: $(grep -c '^>' "$t") lines sent, $(grep -c '^<' "$t") answers checked"
}

# check NAME TRANSCRIPT: replays the transcript on a model of the board.
check() {
    awk -v name="$1" '
    function die(msg) { printf "FAIL: %s: line %d of the transcript: %s\n", name, NR, msg; bad = 1; exit 1 }
    function clear_board(   k) { for (k in stone) delete stone[k]; stones = 0 }
    function norm(s) { sub(/\\x0d$/, "", s); s = toupper(s); gsub(/[ \t]/, "", s); return s }
    function inside(x, y) { return started && x ~ /^[0-9]+$/ && y ~ /^[0-9]+$/ && x + 0 < W && y + 0 < H }
    function move(reply, why,   p) {
        split(reply, p, ",")
        if (!inside(p[1], p[2])) die(why ": move " reply " outside the " W "x" H " board")
        if ((p[1] + 0 "," p[2] + 0) in stone) die(why ": move " reply " on an occupied cell")
        stone[p[1] + 0 "," p[2] + 0] = 1; stones++
    }
    # Applies the answers collected for the last command sent.
    function settle(   i, a, xy, k, f, ok, seen) {
        if (cmd == "") return
        for (i = 1; i <= nans; i++) {
            a = ans[i]
            if (a !~ /^[ -~]*$/) die("non-printable answer to " cmd)
            if (a !~ /^(OK|ERROR .*|UNKNOWN .*|MESSAGE .*|DEBUG .*|[0-9]+,[0-9]+)$/) die("not a protocol answer: " a)
            if (a ~ /^[0-9]/ && !(cmd ~ /^(TURN|BEGIN|DONE|PLAY)/)) die("move " a " answering " cmd)
        }
        a = nans > 0 ? ans[nans] : ""
        if (cmd ~ /^START[0-9]+$/ && a == "OK") { W = H = substr(cmd, 6) + 0; started = 1; clear_board() }
        else if (cmd ~ /^RECTSTART[0-9]+,[0-9]+$/ && a == "OK") {
            split(substr(cmd, 10), xy, ","); W = xy[1] + 0; H = xy[2] + 0; started = 1; clear_board()
        }
        else if (cmd == "RESTART" && a == "OK") clear_board()
        else if (cmd ~ /^TURN[0-9]+,[0-9]+$/ && a ~ /^[0-9]/) {
            split(substr(cmd, 5), xy, ",")
            if (!inside(xy[1], xy[2]) || (xy[1] + 0 "," xy[2] + 0) in stone) die("accepted an illegal " cmd)
            stone[xy[1] + 0 "," xy[2] + 0] = 1; stones++
            move(a, cmd)
        }
        else if (cmd == "BEGIN" && a ~ /^[0-9]/) move(a, cmd)
        else if (cmd ~ /^PLAY[0-9]+,[0-9]+$/ && a ~ /^[0-9]/) {
            split(substr(cmd, 5), xy, ",")
            if (a != xy[1] + 0 "," xy[2] + 0) die(cmd " answered " a)
            move(a, cmd)
        }
        else if (cmd ~ /^TAKEBACK[0-9]+,[0-9]+$/ && a == "OK") {
            split(substr(cmd, 9), xy, ",")
            k = xy[1] + 0 "," xy[2] + 0
            if (!(k in stone)) die("accepted " cmd " of an empty cell")
            delete stone[k]; stones--
        }
        else if (cmd == "DONE" && doneblock && a ~ /^[0-9]/) {
            if (blockbad || !started) die("a faulty BOARD block was answered with a move")
            clear_board()
            for (i = 1; i <= nf; i++) {
                split(fld[i], f, ",")
                k = f[1] + 0 "," f[2] + 0
                if (!inside(f[1], f[2]) || (k in stone)) die("accepted a BOARD with " fld[i])
                stone[k] = 1; stones++
            }
            move(a, "BOARD")
        }
        else if (cmd ~ /^(TURN|BEGIN|PLAY|DONE)/ && a ~ /^[0-9]/) die("a move answering " cmd)
        cmd = ""; nans = 0; doneblock = 0
    }
    /^> / {
        line = substr($0, 3); c = norm(line)
        if (inblock && c != "DONE") {
            if (c == "") next
            if (c ~ /^[0-9]+,[0-9]+,[123]$/) fld[++nf] = c
            else blockbad = 1
            next
        }
        settle()
        if (inblock) { inblock = 0; doneblock = 1 } # this line is its DONE
        if (c == "BOARD" || c == "SWAP2BOARD") { inblock = 1; nf = 0; blockbad = c != "BOARD"; next }
        cmd = c
        next
    }
    /^< / { ans[++nans] = substr($0, 3); next }
    END { if (!bad) settle(); exit bad }
    ' "$2" || exit 1
}

session random-1 1 "$lines" 0 --ai random --seed 1
session random-2 2 "$lines" 1 --ai random --seed 2 --win 3
session threat-3 3 "$lines" 0 --ai threat --seed 3 --time-ms 20
session threat-4 4 "$lines" 0 --ai threat --seed 4 --time-ms 20 --rule exact --win 4
session random-5 5 "$lines" 1 --ai random --seed 5 --win 4
session search-6 6 "$lines" 0 --ai search --seed 6 --time-ms 20

# The other way round: mnk match against engines that answer junk, floods,
# out-of-range or occupied moves, or nothing at all. Each game must end
# promptly as a forfeit by the engine, with mnk exiting 0 and quiet on stderr.
for engine in 'yes' 'cat /dev/urandom' 'head -c 100000000 /dev/zero' "sh -c 'echo OK; yes 0,0'" \
              "sh -c 'echo OK; while read -r l; do echo 99999999999999,-1; done'" 'exit 3'; do
    timeout 120 "$mnk" match --black random --white "engine:$engine" --games 2 --size 7 --win 4 \
        --time-ms 200 --seed 1 > "$tmp/match.out" 2> "$tmp/match.err"
    rc=$?
    [ $rc -eq 0 ] || fail "match against '$engine' exited with $rc: $(head -n 3 "$tmp/match.err")"
    grep -q "forfeits: 0 by random, 2 by " "$tmp/match.out" ||
        fail "match against '$engine': $(tail -n 3 "$tmp/match.out")"
    [ -s "$tmp/match.err" ] && fail "match against '$engine' wrote: $(head -n 3 "$tmp/match.err")"
    echo "ok: a match against engine:$engine ends in forfeits"
done
echo "hostile.sh: all sessions passed"
