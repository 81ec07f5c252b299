#!/bin/sh
# layers.sh — the layers of src/ hold: a file includes headers of its own
# layer and those below it, never above, and only the full-screen game
# includes curses. The order, lowest first (include/mnk/ is the core's and
# the strategies' public interface, the core's rank):
#
#   core engine strategies util protocol play storage tui cli
#
# Exits 0 when every #include keeps to it, 1 naming each that does not.
#
# usage: layers.sh SOURCE_ROOT
set -u
root=${1:?usage: layers.sh SOURCE_ROOT}
cd "$root" || exit 1

rank() {
    case $1 in
    mnk | core) echo 0 ;;
    engine) echo 1 ;;
    strategies) echo 2 ;;
    util) echo 3 ;;
    protocol) echo 4 ;;
    play) echo 5 ;;
    storage) echo 6 ;;
    tui) echo 7 ;;
    cli) echo 8 ;;
    *) echo -1 ;;
    esac
}

checked=0
bad=0
for f in src/*/*.c src/*/*.h include/mnk/*.h; do
    [ -f "$f" ] || continue
    layer=$(basename "$(dirname "$f")")
    mine=$(rank "$layer")
    if [ "$mine" -lt 0 ]; then
        echo "FAIL: $f: src/$layer is no layer this test knows"
        bad=$((bad + 1))
        continue
    fi
    # "LAYER/name.h" includes; config.h and system headers are no layer.
    for inc in $(sed -n 's/^#include "\([a-z_]*\)\/[a-z0-9_]*\.h".*/\1/p' "$f"); do
        theirs=$(rank "$inc")
        checked=$((checked + 1))
        if [ "$theirs" -lt 0 ] || [ "$theirs" -gt "$mine" ]; then
            echo "FAIL: $f ($layer) includes a header of $inc"
            bad=$((bad + 1))
        fi
    done
    if grep -q '^#include <n\{0,1\}curses\.h>' "$f" && [ "$layer" != tui ]; then
        echo "FAIL: $f ($layer) includes curses"
        bad=$((bad + 1))
    fi
done
[ "$checked" -gt 100 ] || { echo "FAIL: only $checked includes found: is $root a checkout?"; exit 1; }
echo "$((checked - bad)) passed, $bad failed"
[ "$bad" -eq 0 ]
