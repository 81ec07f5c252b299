# checks.sh — the counted checks of the end-to-end tests that run mnk's
# commands and tools and go on past a failure (analyze.sh, defences.sh,
# puzzlefiles.sh): sourced after $tmp is made; the script ends with
#   echo "$checks checks, $fails failed"; [ "$fails" -eq 0 ]
#   ok                    one check passed
#   bad WHY               one failed: says why
#   status EXPECTED DESCRIPTION COMMAND...
#                         runs COMMAND, its output in $tmp/out and $tmp/err,
#                         and checks its exit status (showing its stderr
#                         when it is not EXPECTED)
#   has FILE TEXT DESCRIPTION
#                         FILE holds TEXT (shown when it does not)
fails=0 checks=0
ok() { checks=$((checks + 1)); }
bad() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }
status() {
    local want=$1 what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok; else
        bad "$what: exit status $got, expected $want"; sed 's/^/  | /' "$tmp/err"
    fi
}
has() {
    if grep -qF -- "$2" "$1"; then ok; else bad "$3: no '$2' in"; sed 's/^/  | /' "$1"; fi
}
