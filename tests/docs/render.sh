#!/usr/bin/env bash
# render.sh — every manual page formats without a warning from groff (all
# warnings on, -ww: a line that cannot be broken or adjusted, an unknown
# macro or escape, a bad font), through preconv as man does (the Chinese one says it is UTF-8),
# and comes out in its language.
#
#   render.sh SOURCE_ROOT
#
# Exit 0 when all pages are clean, 1 otherwise, 77 without groff.
set -u

root=${1:?usage: render.sh SOURCE_ROOT}
command -v groff >/dev/null 2>&1 || { echo "groff not found (Debian: groff-base): skipped"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

failed=0
# render PAGE TEXT: PAGE formats cleanly and its output shows TEXT.
render() {
    page=$root/data/$1
    bad=0
    LC_ALL=C.UTF-8 groff -k -man -Tutf8 -P-cbou -ww "$page" >"$tmp/out" 2>"$tmp/err" ||
        { echo "FAIL: groff exits with status $? on $1"; bad=1; }
    if [ -s "$tmp/err" ]; then
        echo "FAIL: groff warns on $1:"
        cat "$tmp/err"
        bad=1
    fi
    grep -qF -- "$2" "$tmp/out" || { echo "FAIL: $1 formatted shows no '$2'"; bad=1; }
    if [ "$bad" -eq 0 ]; then
        echo "ok: $1 formats cleanly, $(wc -l <"$tmp/out") lines"
    else
        failed=1
    fi
}

render mnk.6 'from tic-tac-toe to gomoku'
render mnk.zh_CN.6 '从井字棋到五子棋的 m,n,k 棋类游戏'
exit "$failed"
