#!/bin/sh
# layers.sh — the layers of src/ form the graph below: a layer uses its own
# headers and those of the layers its line names, nothing else; only the
# full-screen game (tui) includes curses, and only network play (net) opens
# sockets or speaks TLS. include/mnk/ is the core's and the strategies'
# public interface and counts as the core's.
#
# Each line: a layer, then the layers it may use. A layer names only layers
# on lines above its own, so the graph has no cycle and the lines are an
# order to build it in (src/meson.build's).
graph='
core:
util:       core
engine:     core util
strategies: core util engine
protocol:   core util engine strategies
net:        core util
storage:    core util strategies
play:       core util engine strategies protocol net storage
tui:        core util engine strategies protocol net storage play
cli:        core util engine strategies protocol net storage play tui
'
# Checked: every `#include "LAYER/name.h"` of src/*/ and include/mnk/, and
# every `NAME_dep` that src/LAYER/meson.build names (its libraries'
# dependencies), against the graph; a dependency from outside (threads_dep,
# m_dep, curses_dep, gnutls_dep) is no layer, curses is the tui's alone and
# GnuTLS and the socket headers are net's.
#
# Exits 0 when all keep to it, 1 naming each that does not.
#
# usage: layers.sh SOURCE_ROOT
set -u
root=${1:?usage: layers.sh SOURCE_ROOT}
cd "$root" || exit 1

# The layers LAYER may use, or "-" when LAYER is no layer.
allowed() {
    line=$(printf '%s\n' "$graph" | grep "^$1:") || { echo -; return; }
    echo "${line#*:}"
}

# Whether layer $2 is $1 itself or one that $1 may use.
may_use() {
    [ "$1" = "$2" ] && return 0
    for l in $(allowed "$1"); do
        [ "$l" = "$2" ] && return 0
    done
    return 1
}

# The layer a directory or an include's first path part stands for.
layer_of() {
    case $1 in
    mnk) echo core ;;
    *) echo "$1" ;;
    esac
}

# The layer a meson dependency belongs to: "ext" for one from outside.
dep_layer() {
    case $1 in
    threads_dep | m_dep | curses_dep | gnutls_dep) echo ext ;;
    tui_logic_dep) echo tui ;;
    cli_args_dep) echo cli ;;
    *) echo "${1%_dep}" ;;
    esac
}

checked=0
bad=0
fail() {
    echo "FAIL: $*"
    bad=$((bad + 1))
}

# The graph itself: each layer names only layers above it in the list.
seen=
for layer in $(printf '%s\n' "$graph" | sed -n 's/^\([a-z_]*\):.*/\1/p'); do
    for l in $(allowed "$layer"); do
        case " $seen " in
        *" $l "*) ;;
        *) fail "graph: $layer may use $l, which is not listed above it" ;;
        esac
    done
    seen="$seen $layer"
done

for f in src/*/*.c src/*/*.h include/mnk/*.h; do
    [ -f "$f" ] || continue
    layer=$(layer_of "$(basename "$(dirname "$f")")")
    if [ "$(allowed "$layer")" = - ]; then
        fail "$f: src/$layer is no layer this test knows"
        continue
    fi
    # "LAYER/name.h" includes; config.h and system headers are no layer.
    for inc in $(sed -n 's/^#include "\([a-z_]*\)\/[a-z0-9_]*\.h".*/\1/p' "$f"); do
        checked=$((checked + 1))
        may_use "$layer" "$(layer_of "$inc")" || fail "$f ($layer) includes a header of $inc"
    done
    if grep -q '^#include <n\{0,1\}curses\.h>' "$f" && [ "$layer" != tui ]; then
        fail "$f ($layer) includes curses"
    fi
    if grep -q '^#include <\(gnutls/\|sys/socket\.h\|netdb\.h\)' "$f" && [ "$layer" != net ]; then
        fail "$f ($layer) includes a network header"
    fi
done
[ "$checked" -gt 100 ] || { echo "FAIL: only $checked includes found: is $root a checkout?"; exit 1; }

for m in src/*/meson.build; do
    layer=$(basename "$(dirname "$m")")
    if [ "$(allowed "$layer")" = - ]; then
        fail "$m: src/$layer is no layer this test knows"
        continue
    fi
    # The dependencies it names, comments left out.
    for dep in $(sed 's/#.*//' "$m" | grep -o '[a-z_]*_dep\b' | sort -u); do
        checked=$((checked + 1))
        theirs=$(dep_layer "$dep")
        if [ "$theirs" = ext ]; then
            [ "$dep" != curses_dep ] || [ "$layer" = tui ] ||
                fail "$m ($layer) links curses"
            [ "$dep" != gnutls_dep ] || [ "$layer" = net ] ||
                fail "$m ($layer) links GnuTLS"
        elif [ "$(allowed "$theirs")" = - ]; then
            fail "$m ($layer) names $dep, of no layer this test knows"
        else
            may_use "$layer" "$theirs" || fail "$m ($layer) depends on $dep ($theirs)"
        fi
    done
done

echo "$((checked - bad)) passed, $bad failed"
[ "$bad" -eq 0 ]
