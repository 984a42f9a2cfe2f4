"""The few SVG shapes fortlang's icons are drawn from, on a 24x24 grid, ``$c`` standing for the
icon's colour: the docs' own icons (fortlang.docsite.icons) and the drawings a vocabulary
declares for its primitives (``PrimitiveSpec.drawing``) share them. Plain strings, no imports,
so a declaration can use them without pulling in the docs.

>>> stroke("M4 12h16", 3)
'<path d="M4 12h16" fill="none" stroke="$c" stroke-width="3" stroke-linecap="round" \
stroke-linejoin="round"/>'
"""

from __future__ import annotations


def stroke(d: str, width: float = 2) -> str:
    return (f'<path d="{d}" fill="none" stroke="$c" stroke-width="{width:g}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def fill(d: str) -> str:
    return f'<path d="{d}" fill="$c"/>'


#: A playing card outline, reused by the card actions.
CARD = stroke("M7 3h10v18H7z", 1.6)
CROSS = stroke("M9 9l6 6M15 9l-6 6", 2.2)
BACKPACK = (stroke("M6 9a6 6 0 0 1 12 0v11H6z", 1.8) + stroke("M9 4a3 3 0 0 1 6 0", 1.6)
            + stroke("M9 14h6", 1.6))
TOWER = stroke("M6 21V8h2V6h2v2h4V6h2v2h2v13z", 1.6)
#: A trophy: victory points (R12.8); the star belongs to best friends (R1.2).
TROPHY = (fill("M6 2h12v6a6 6 0 0 1-12 0z") + stroke("M6 4H3q0 5 4 6M18 4h3q0 5-4 6", 1.6)
          + fill("M10.5 13h3v4h-3z") + fill("M7 18h10v3H7z"))
#: An eye: the lookout (R12.3).
EYE = stroke("M2 12q10-10 20 0q-10 10-20 0z", 1.8) + '<circle cx="12" cy="12" r="3" fill="$c"/>'


def framed(body: str) -> str:
    """A quantity's icon: its thing, smaller, in a dashed frame, so ``x pack`` (the resources
    in your pack, R13.3) never looks like the action ``pack`` (R12.2)."""
    return ('<rect x="1" y="1" width="22" height="22" rx="5" fill="none" stroke="$c" '
            'stroke-width="1.5" stroke-dasharray="3 2"/>'
            f'<g transform="translate(4.5 4.5) scale(0.625)">{body}</g>')
