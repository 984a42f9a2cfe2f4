"""fortlang's own icon set: suits, resources, action primitives and quantities, as SVG.

Every icon is drawn on a 24x24 grid from a few basic shapes (rect, circle, path), one flat colour
per icon, so it renders the same in browsers and in fpdf2's SVG converter (print-and-play).
The set is keyed by the registry's own words: a suit's value, a resource word, a primitive's
grammar name, a quantity word. A test checks that every registry entry has an icon.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from fortlang.nodes import Suit
from fortlang.registry import FORT, PrimitiveSpec


@dataclass(frozen=True)
class Icon:
    name: str
    colour: str
    body: str  # SVG elements on a 24x24 grid; "$c" stands for the icon's colour

    def elements(self) -> str:
        return self.body.replace("$c", self.colour)

    def group(self, x: float, y: float, size: float) -> str:
        """The icon inlined at (x, y), ``size`` units wide (for card faces)."""
        scale = size / 24
        return (f'<g transform="translate({x:g} {y:g}) scale({scale:g})" '
                f'class="fl-icon fl-icon-{self.name}">{self.elements()}</g>')

    def svg(self, size: int = 24) -> str:
        """A standalone SVG file, with a title for screen readers and for tests."""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
                f'viewBox="0 0 24 24" role="img"><title>{self.name}</title>'
                f"{self.elements()}</svg>\n")


def _stroke(d: str, width: float = 2) -> str:
    return (f'<path d="{d}" fill="none" stroke="$c" stroke-width="{width:g}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def _fill(d: str) -> str:
    return f'<path d="{d}" fill="$c"/>'


# A playing card outline, reused by the card actions.
_CARD = _stroke("M7 3h10v18H7z", 1.6)
_CROSS = _stroke("M9 9l6 6M15 9l-6 6", 2.2)
_BACKPACK = (_stroke("M6 9a6 6 0 0 1 12 0v11H6z", 1.8) + _stroke("M9 4a3 3 0 0 1 6 0", 1.6)
             + _stroke("M9 14h6", 1.6))
_TOWER = _stroke("M6 21V8h2V6h2v2h4V6h2v2h2v13z", 1.6)
# a trophy: victory points (R12.8); the star belongs to best friends (R1.2)
_TROPHY = (_fill("M6 2h12v6a6 6 0 0 1-12 0z") + _stroke("M6 4H3q0 5 4 6M18 4h3q0 5-4 6", 1.6)
           + _fill("M10.5 13h3v4h-3z") + _fill("M7 18h10v3H7z"))

SUITS: dict[Suit, Icon] = {
    Suit.SKATEBOARD: Icon("skateboard", "#d9480f",
                          _stroke("M2 11q0 3 3 3h14q3 0 3-3", 2.2)
                          + '<circle cx="7" cy="18" r="2.2" fill="$c"/>'
                          + '<circle cx="17" cy="18" r="2.2" fill="$c"/>'),
    Suit.SHOVEL: Icon("shovel", "#8d5a2b",
                      _stroke("M12 2v11", 2.2) + _stroke("M9 2h6", 2.2)
                      + _fill("M7 13h10v4a5 5 0 0 1-10 0z")),
    Suit.GLUE: Icon("glue", "#1c7ed6",
                    _fill("M10 2h4v4h-4z") + _fill("M7 7h10v13a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z")
                    + '<path d="M9 11h6v6H9z" fill="#ffffff"/>'),
    Suit.WATER_GUN: Icon("water_gun", "#0ca678",
                         _fill("M3 7h15v5H3z") + _fill("M18 8h4v3h-4z")
                         + _fill("M7 12h5l-2 9H5z") + _fill("M9 3h5v4H9z")),
    Suit.CROWN: Icon("crown", "#e8a400",
                     _fill("M3 19l-1-12 6 5 4-8 4 8 6-5-1 12z")),
    Suit.BOOK: Icon("book", "#7048e8",
                    _fill("M2 5q5-2 9 1v15q-4-3-9-1z") + _fill("M22 5q-5-2-9 1v15q4-3 9-1z")),
    Suit.COIN: Icon("coin", "#b08900",
                    '<circle cx="12" cy="12" r="10" fill="$c"/>'
                    '<circle cx="12" cy="12" r="6.5" fill="none" stroke="#fff3bf" '
                    'stroke-width="1.6"/>'),
}

#: Resource icons, keyed by the printer's resource words (registry.RESOURCE_WORD).
RESOURCES: dict[str, Icon] = {
    "pizza": Icon("pizza", "#f08c00",
                  _fill("M12 22L3 5q9-4 18 0z")
                  + '<circle cx="10" cy="9" r="1.6" fill="#c92a2a"/>'
                  + '<circle cx="14" cy="12" r="1.6" fill="#c92a2a"/>'),
    "toy": Icon("toy", "#e64980",
                '<circle cx="12" cy="12" r="9" fill="$c"/>'
                + _stroke("M3 12q9 5 18 0", 1.6).replace("$c", "#ffffff")
                + '<circle cx="12" cy="7" r="2" fill="#ffffff"/>'),
    # a slice and a ball, each in its own colour, apart on either side of a slash (R12.1)
    "pizza/toy": Icon("pizza_or_toy", "#495057",
                      '<path d="M1.5 2.5q5.5-2 11 0L7 13z" fill="#f08c00"/>'
                      '<circle cx="5.5" cy="5" r="1.1" fill="#c92a2a"/>'
                      '<circle cx="8.3" cy="6.8" r="1.1" fill="#c92a2a"/>'
                      + _stroke("M15 3L9 21", 1.8)
                      + '<circle cx="17.5" cy="16.5" r="5.5" fill="#e64980"/>'
                      + _stroke("M12 16.5q5.5 3 11 0", 1.3).replace("$c", "#ffffff")),
}

#: One icon per action primitive, keyed by the registry's grammar name.
ACTIONS: dict[str, Icon] = {
    "gain": Icon("gain", "#2b8a3e", _stroke("M12 4v16M4 12h16", 3)),
    "pack": Icon("pack", "#5c940d", _BACKPACK),
    "lookout": Icon("lookout", "#1864ab",
                    _stroke("M2 12q10-10 20 0q-10 10-20 0z", 1.8)
                    + '<circle cx="12" cy="12" r="3" fill="$c"/>'),
    "destroy_card": Icon("destroy_card", "#c92a2a", _CARD + _CROSS),
    "destroy_this": Icon("destroy_this", "#c92a2a",
                         _fill("M7 3h10v18H7z") + _CROSS.replace("$c", "#ffffff")),
    "recruit": Icon("recruit", "#1971c2",
                    '<circle cx="9" cy="7" r="3.5" fill="$c"/>' + _fill("M2 21a7 7 0 0 1 14 0z")
                    + _stroke("M19 8v6M16 11h6", 2)),
    "advance": Icon("advance", "#5f3dc4", _TOWER + _stroke("M12 18v-7M9 13l3-3 3 3", 1.8)),
    # a trophy: victory points (R12.8); the star belongs to best friends (R1.2)
    "score": Icon("score", "#e67700", _TROPHY),
    "spend": Icon("spend", "#868e96", _stroke("M4 12h16", 3)),
    "destroy_rival": Icon("destroy_rival", "#a61e4d",
                          _CARD + _CROSS + '<circle cx="19" cy="4" r="3" fill="$c"/>'),
    "copy_pack": Icon("copy_pack", "#2f9e44",
                      _BACKPACK + _stroke("M2 4h4M4 2v4", 1.6)),
    "copy_rival_pack": Icon("copy_rival_pack", "#a61e4d",
                            _BACKPACK + '<circle cx="21" cy="4" r="2.5" fill="$c"/>'),
    "convert": Icon("convert", "#0b7285",
                    _stroke("M4 9h14l-4-4M20 15H6l4 4", 2.2)),
    # the core's primitives for expansions (core C1-C4)
    "draw": Icon("draw", "#1971c2", _CARD + _stroke("M12 8v8M9 13l3 3 3-3", 1.8)),
    "lose": Icon("lose", "#e67700",
                 _stroke("M12 2l3 6.5 7 .8-5.2 4.8 1.5 7L12 17.6 5.7 21l1.5-7L2 9.3l7-.8z", 1.6)
                 + _stroke("M8 12h8", 2.4)),
    "take": Icon("take", "#a61e4d", _stroke("M21 12H5M10 7l-5 5 5 5", 2.4)
                 + '<circle cx="21" cy="5" r="2.5" fill="$c"/>'),
    "give": Icon("give", "#2b8a3e", _stroke("M3 12h16M14 7l5 5-5 5", 2.4)
                 + '<circle cx="21" cy="5" r="2.5" fill="$c"/>'),
}

def _counted(body: str) -> str:
    """A quantity's icon: its thing, smaller, in a dashed frame, so ``x pack`` (the resources
    in your pack, R13.3) never looks like the action ``pack`` (R12.2)."""
    return ('<rect x="1" y="1" width="22" height="22" rx="5" fill="none" stroke="$c" '
            'stroke-width="1.5" stroke-dasharray="3 2"/>'
            f'<g transform="translate(4.5 4.5) scale(0.625)">{body}</g>')


#: Quantities after ``x`` that are not suits, keyed by the registry's words.
QUANTITIES: dict[str, Icon] = {
    "any": Icon("any", "#495057",
                '<circle cx="12" cy="12" r="10" fill="none" stroke="$c" stroke-width="2"/>'
                + _stroke("M9 9a3 3 0 1 1 3 3v2", 2.2)
                + '<circle cx="12" cy="18" r="1.4" fill="$c"/>'),
    "pack": Icon("pack_size", "#5c940d", _counted(_BACKPACK)),
    "level": Icon("level", "#5f3dc4", _counted(_TOWER)),
    "lookout": Icon("lookout_size", "#1864ab",
                    _counted(_stroke("M2 12q10-10 20 0q-10 10-20 0z", 1.8)
                             + '<circle cx="12" cy="12" r="3" fill="$c"/>')),
    # the performer's zones and tokens (core constructs), framed as counts like the others
    "hand": Icon("hand_size", "#1971c2", _counted(_stroke("M4 6h9v14H4z", 1.6)
                 + _stroke("M9 4h9v14", 1.6) + _stroke("M14 2h6v14", 1.6))),
    "yard": Icon("yard_size", "#2b8a3e", _counted(_stroke(
        "M3 20h18M5 20v-8M9 20v-8M13 20v-8M17 20v-8M3 14h18", 1.8))),
    "discard": Icon("discard_size", "#868e96", _counted(_stroke("M5 8h10v13H5z", 1.6)
                    + _stroke("M9 5h10v13", 1.6))),
    "deck": Icon("deck_size", "#343a40", _counted(_fill("M6 6h11v15H6z")
                                                  + _stroke("M9 3h10v15", 1.6))),
    "pizza": Icon("pizza_count", "#f08c00", _counted(_fill("M12 22L3 5q9-4 18 0z"))),
    "toy": Icon("toy_count", "#e64980", _counted('<circle cx="12" cy="12" r="9" fill="$c"/>')),
    "vp": Icon("vp_count", "#e67700", _counted(_TROPHY)),  # score's trophy, not the friends' star
}

STAR = Icon("best_friend", "#f59f00",
            _fill("M12 2l3 6.5 7 .8-5.2 4.8 1.5 7L12 17.6 5.7 21l1.5-7L2 9.3l7-.8z")
            + '<path d="M12 2l3 6.5 7 .8-5.2 4.8 1.5 7L12 17.6 5.7 21l1.5-7L2 9.3l7-.8z" '
              'fill="none" stroke="#7c5400" stroke-width="1"/>')


def action_icon(spec: PrimitiveSpec) -> Icon | None:
    """A primitive's icon: Fort's own drawing, or the one a plugin's or a game module's
    declaration gives (path data drawn as strokes, ``PrimitiveSpec.icon``), or None (its
    keyword is shown instead). Another game's primitive named as one of Fort's (Frantic's
    `draw`) is not Fort's: it never borrows Fort's drawing, and its own is named apart."""
    own = ACTIONS.get(spec.name)
    forts = own is not None and any(p is spec for p in FORT.primitives)
    if forts or not spec.icon:
        return own if forts else None
    name = spec.name if own is None else f"{spec.name}-game"
    return Icon(name, spec.colour, "".join(_stroke(d, 1.8) for d in spec.icon))


def every_icon(primitives: Iterable[PrimitiveSpec] = ()) -> dict[str, Icon]:
    """All icons by file name (without ``.svg``), for writing them next to the docs; with
    ``primitives``, those of another vocabulary's primitives too."""
    out: dict[str, Icon] = {}
    for group in (SUITS.values(), RESOURCES.values(), ACTIONS.values(), QUANTITIES.values(),
                  OPERATORS.values()):
        out.update({icon.name: icon for icon in group})
    out[STAR.name] = STAR
    for spec in primitives:
        icon = action_icon(spec)
        if icon is not None:
            out.setdefault(icon.name, icon)
    return out


#: The operators of an action, drawn (not typed) so the faces need no special font glyphs.
OPERATORS: dict[str, Icon] = {
    "x": Icon("times", "#343a40", _stroke("M7 7l10 10M17 7L7 17", 2.6)),
    "then": Icon("then", "#343a40", _fill("M6 5l13 7-13 7z")),
    "or": Icon("or", "#343a40", _stroke("M16 3L8 21", 2.6)),
    "(": Icon("lpar", "#343a40", _stroke("M15 2q-7 10 0 20", 2.4)),
    ")": Icon("rpar", "#343a40", _stroke("M9 2q7 10 0 20", 2.4)),
    # a fork in the path: the action happens only one way
    "if ->": Icon("if", "#343a40", _stroke("M4 12h7M11 12l8-7M11 12l8 7", 2.4)),
    # who performs it (core C6): rivals as heads, an arrow to the action
    "each rival ->": Icon("each_rival", "#a61e4d",
                          '<circle cx="6" cy="7" r="3" fill="$c"/>'
                          '<circle cx="12" cy="5" r="3" fill="$c"/>'
                          '<circle cx="18" cy="7" r="3" fill="$c"/>' + _stroke("M4 17h14l-3-3", 2)),
    "a rival ->": Icon("a_rival", "#a61e4d", '<circle cx="12" cy="6" r="3.5" fill="$c"/>'
                       + _stroke("M4 17h14l-3-3", 2)),
    "each player ->": Icon("each_player", "#343a40",
                           '<circle cx="5" cy="7" r="2.6" fill="$c"/>'
                           '<circle cx="10" cy="5" r="2.6" fill="$c"/>'
                           '<circle cx="15" cy="5" r="2.6" fill="$c"/>'
                           '<circle cx="20" cy="7" r="2.6" fill="$c"/>'
                           + _stroke("M4 17h14l-3-3", 2)),
}


def tint(colour: str, amount: float = 0.85) -> str:
    """``colour`` mixed with white: the pale background of a card of that suit."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)
