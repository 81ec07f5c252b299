#!/bin/sh
# po_check.sh SOURCE_ROOT [XGETTEXT ARGS...] — the translations are whole.
#
# Regenerates the template from the sources, as the build does (the same
# xgettext arguments, passed by tests/meson.build), merges it into each
# language of po/LINGUAS, and fails when a message has no translation, a
# fuzzy one (its English changed since it was translated), or the .po keeps
# one the sources no longer have; and when msgfmt --check finds a
# translation whose printf conversions differ from its English. Also fails
# when a source file marks text but is not listed in po/POTFILES.
set -eu
root=$1
shift
cd "$root"
for tool in xgettext msgmerge msgattrib msgfmt; do
    command -v "$tool" >/dev/null || { echo "po_check: $tool is missing (package gettext)"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# Files that mark text must be in POTFILES, or their text is never offered.
for f in $(grep -rlE '(^|[^A-Za-z0-9_])N?_\("' src include | sort); do
    if ! grep -qxF "$f" po/POTFILES; then
        echo "po/POTFILES: $f marks text for translation but is not listed"
        status=1
    fi
done

xgettext --package-name=mnk -f po/POTFILES -D . -k_ -o "$tmp/mnk.pot" "$@"

# Prints the msgids of a .po file (after msgattrib's selection), one a line.
ids() {
    msgattrib --no-wrap "$@" | sed 's/^#~ //' | awk '
        /^msgid "/ { id = substr($0, 8, length($0) - 8); on = 1; next }
        /^"/ && on { id = id substr($0, 2, length($0) - 2); next }
        on { if (id != "") print id; on = 0 }'
}

for lang in $(sed 's/#.*//' po/LINGUAS); do
    po=po/$lang.po
    if [ ! -f "$po" ]; then
        echo "$po: missing"
        status=1
        continue
    fi
    msgmerge --quiet --no-wrap -o "$tmp/$lang.po" "$po" "$tmp/mnk.pot"
    for kind in untranslated only-fuzzy only-obsolete; do
        case $kind in
        untranslated) what="no translation" ;;
        only-fuzzy) what="a fuzzy translation (its English changed)" ;;
        only-obsolete) what="a translation of text the sources no longer have" ;;
        esac
        ids --$kind "$tmp/$lang.po" >"$tmp/list"
        if [ -s "$tmp/list" ]; then
            echo "$po: $(wc -l <"$tmp/list") messages with $what:"
            sed 's/^/    /' "$tmp/list"
            status=1
        fi
    done
    # Conversions and plural forms agree with the English, on the .po as
    # written and as merged with today's sources (c-format flags).
    if ! msgfmt --check -o /dev/null "$po" || ! msgfmt --check -o /dev/null "$tmp/$lang.po"; then
        echo "$po: msgfmt --check fails"
        status=1
    fi
done
exit $status
