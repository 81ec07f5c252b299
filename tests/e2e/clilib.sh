# clilib.sh — what the end-to-end tests of mnk's commands without a
# terminal share (netplay.sh, piskvork.sh, server.sh, server_drop.sh,
# server_hostile.sh):
# sourced after `set -u` and the tools' check. It checks that $mnk can be
# run, makes $tmp (removed at exit, with every background job of the
# script killed), counts the checks that pass, and gives:
#   fail WHY              says why, shows every $tmp/*.out and *.err (control
#                         characters made visible) and exits 1
#   ok WHAT               one check passed
#   wait_line FILE PAT [TENTHS]
#                         until FILE has a line matching PAT, at most TENTHS
#                         tenths of a second (default 100): false after
[ -x "$mnk" ] || { echo "not executable: $mnk"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
checks=0

fail() {
    echo "FAIL: $*"
    for f in "$tmp"/*.out "$tmp"/*.err; do
        [ -s "$f" ] && { echo "---- $f"; cat -v "$f"; }
    done
    exit 1
}

ok() { checks=$((checks + 1)); echo "ok: $*"; }

wait_line() {
    local tries=${3:-100}
    while [ "$tries" -gt 0 ] && ! grep -q "$2" "$1" 2>/dev/null; do
        sleep 0.1
        tries=$((tries - 1))
    done
    grep -q "$2" "$1" 2>/dev/null
}
