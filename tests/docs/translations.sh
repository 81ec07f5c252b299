#!/usr/bin/env bash
# translations.sh — the Chinese documents cannot fall behind the English ones
# silently: the manual pages mention the same flags and have the same
# sections, subsections and tagged paragraphs, and the READMEs list the same
# commands and flags and run the same shell examples (comments aside).
#
#   translations.sh SOURCE_ROOT
#
# Exit 0 when they agree, 1 naming what differs.
set -u

root=${1:?usage: translations.sh SOURCE_ROOT}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0

# same WHAT ENGLISH CHINESE: the two lists (files, one item a line) are the
# same; else the difference is shown, < for the English, > for the Chinese.
same() {
    if diff "$2" "$3" >"$tmp/diff"; then
        echo "ok: $1 ($(wc -l <"$2") the same)"
    else
        echo "FAIL: $1 differ (< English, > Chinese):"
        cat "$tmp/diff"
        failed=1
    fi
}

# Long flags: --name, as roff (\-\-name) or Markdown writes them.
flags() { sed 's/\\-/-/g' "$1" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u; }

man_en=$root/data/mnk.6
man_zh=$root/data/mnk.zh_CN.6
flags "$man_en" >"$tmp/en"
flags "$man_zh" >"$tmp/zh"
same "flags in mnk.6 and mnk.zh_CN.6" "$tmp/en" "$tmp/zh"

# The structure: .SH, .SS and .TP in the same order (their titles are
# translated), each .TP with the flags its tag names.
structure() {
    sed 's/\\-/-/g' "$1" |
        awk '/^\.(SH|SS|TP)( |$)/ { print $1; tag = ($1 == ".TP"); next }
             tag { s = $0; f = ""
                   while (match(s, /--?[a-z][a-z0-9-]*/)) {
                       f = f " " substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) }
                   if (f != "") print "   " f
                   tag = 0 }'
}
structure "$man_en" >"$tmp/en"
structure "$man_zh" >"$tmp/zh"
same "sections and tagged paragraphs of mnk.6 and mnk.zh_CN.6" "$tmp/en" "$tmp/zh"

readme_en=$root/README.md
readme_zh=$root/README.zh_CN.md
# The commands table: its rows whose first cell is a command line.
# shellcheck disable=SC2016  # backquotes of Markdown, not of the shell
commands() { grep -o '^| `mnk[^`]*`' "$1"; }
commands "$readme_en" >"$tmp/en"
commands "$readme_zh" >"$tmp/zh"
if [ ! -s "$tmp/en" ]; then
    echo "FAIL: no commands table found in README.md"
    failed=1
fi
same "commands in README.md and README.zh_CN.md" "$tmp/en" "$tmp/zh"

flags "$readme_en" >"$tmp/en"
flags "$readme_zh" >"$tmp/zh"
same "flags in README.md and README.zh_CN.md" "$tmp/en" "$tmp/zh"

# The shell examples (```sh blocks), without their comments.
examples() {
    awk '/^```sh/ { on = 1; next } /^```/ { on = 0 } on' "$1" |
        sed -e 's/^#.*//' -e 's/  *# .*//' -e 's/ *$//' | grep -v '^$'
}
examples "$readme_en" >"$tmp/en"
examples "$readme_zh" >"$tmp/zh"
same "shell examples in README.md and README.zh_CN.md" "$tmp/en" "$tmp/zh"

# Each names the other at the top.
grep -q 'README.zh_CN.md' "$readme_en" || { echo "FAIL: README.md does not link README.zh_CN.md"; failed=1; }
grep -q '(README.md)' "$readme_zh" || { echo "FAIL: README.zh_CN.md does not link README.md"; failed=1; }
exit "$failed"
