#!/usr/bin/env bash
# The screenshot of docs/editors.md, taken for real: Neovim in xterm on a virtual X display,
# `fortlang lsp` attached to a card file with a misspelt suit, a hover open on an action.
# Needs Debian's neovim, xvfb, xterm, x11-apps and netpbm; FORTLANG (default: fortlang on PATH).
# Usage: examples/editors/screenshot/take.sh [OUT.png]   (default: docs/img/editor-neovim.png)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(realpath -m "${1:-$here/../../../docs/img/editor-neovim.png}")"
export FORTLANG="${FORTLANG:-$(command -v fortlang)}"
cd "$here"
Xvfb :77 -screen 0 1100x480x24 >/dev/null 2>&1 & xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
DISPLAY=:77 xterm -geometry 120x24+0+0 -fa "DejaVu Sans Mono" -fs 11 -bg "#1e1e1e" -fg "#d4d4d4" \
  -e nvim -u init-nvim-0.7.lua -c "call cursor(19, 28)" \
  -c "lua vim.defer_fn(function() vim.lsp.buf.hover() end, 6000)" my-expansion/kids.yaml &
term=$!
sleep 10
DISPLAY=:77 xwd -root -silent | xwdtopnm 2>/dev/null | pnmcut 0 0 1090 464 | pnmtopng > "$out"
kill $term 2>/dev/null || true
echo "wrote $out"
