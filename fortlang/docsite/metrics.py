"""How wide a line of face text is, so the layout can wrap it inside its box.

The faces name DejaVu Sans first (the print-and-play sheet sets the same font), so a line is
measured with DejaVu Sans's own advance widths, regular and bold, for the characters the three
languages print (ASCII, Latin-1, the French ligatures and typographic marks, Cyrillic). They are
kept in ``font_widths.json`` (thousandths of an em) so the layout never depends on the fonts of
the machine that builds the site; ``python -m fortlang.docsite.metrics FONT.ttf BOLD.ttf``
writes them again from the font files (fonttools, in the docs extra). A character outside the
table counts as one em, wider than any letter it could be, so an unknown script wraps early
rather than overflows.

>>> round(text_width("Gagnez", 10.0), 1)
38.0
>>> text_width("Bb", 10.0, bold=True) > text_width("Bb", 10.0)
True
"""

from __future__ import annotations

import json
import sys
from functools import cache, lru_cache
from importlib.resources import files

_FILE = "font_widths.json"
#: What the table covers: ASCII, Latin-1, French's œ/Œ, typographic spaces and marks, Cyrillic.
RANGES = ((0x20, 0x7F), (0xA0, 0x100), (0x152, 0x154), (0x2000, 0x2027), (0x2039, 0x203B),
          (0x20AC, 0x20AD), (0x400, 0x460))
_UNKNOWN = 1000  # thousandths of an em: an unknown glyph counts as a full square


@cache
def _table(bold: bool) -> dict[str, int]:
    data = json.loads(files("fortlang.docsite").joinpath(_FILE).read_text(encoding="utf-8"))
    return data["bold" if bold else "regular"]


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` set at ``size`` (any unit: the result is in the same)."""
    return em_width(text, bold) * size


@lru_cache(maxsize=8192)  # a face is laid out at several sizes: its words are measured once
def em_width(text: str, bold: bool = False) -> float:
    """The advance width of ``text`` in ems."""
    table = _table(bold)
    return sum(table.get(c, _UNKNOWN) for c in text) / 1000


def _widths(font_path: str) -> dict[str, int]:
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # docs extra, via fpdf2

    font = TTFont(font_path)
    per_em = font["head"].unitsPerEm
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    return {chr(cp): round(hmtx[cmap[cp]][0] * 1000 / per_em)
            for start, end in RANGES for cp in range(start, end) if cp in cmap}


def main(argv: list[str]) -> int:
    from fortlang.output import write_output

    if len(argv) != 2:
        print("usage: python -m fortlang.docsite.metrics REGULAR.ttf BOLD.ttf", file=sys.stderr)
        return 2
    data = {"font": "DejaVu Sans", "regular": _widths(argv[0]), "bold": _widths(argv[1])}
    target = files("fortlang.docsite").joinpath(_FILE)
    write_output(str(target), json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
