"""The docs' icons, as SVG: the core's operators, and the icons of a vocabulary's words and
primitives from their declarations (``WordSpec.drawing``, ``PrimitiveSpec.drawing``/``icon``),
Fort's as a plugin's. A game's other pictures (Fort's suits and best-friend star) are its own,
declared by its module (``GameModule.docs``: :mod:`fortlang.docsite.gamedocs`).

Every icon is drawn on a 24x24 grid from a few basic shapes (rect, circle, path), one flat colour
per icon, so it renders the same in browsers and in fpdf2's SVG converter (print-and-play).
A test checks that every declared word of Fort's has an icon.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from fortlang.registry import PrimitiveSpec, Vocabulary, WordSpec, default_words
from fortlang.svgshapes import fill, stroke


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


def _word_icon(word: WordSpec) -> Icon:
    return Icon(word.icon_name or word.word, word.colour, word.drawing)


class _WordIcons(Mapping[str, Icon]):
    """The icons of some of the default game's words, by word, from their declarations
    (``WordSpec.drawing``), drawn the first time one is asked for: the core reaches the
    game's words when it needs them, never when it is imported; none where the default game
    is not installed (a game module alone, issue 33 item 5)."""

    def __init__(self, words: Callable[[Vocabulary], tuple[WordSpec, ...]]) -> None:
        self._words = words

    @cached_property
    def _icons(self) -> dict[str, Icon]:
        fort = default_words()
        return {} if fort is None else {w.word: _word_icon(w) for w in self._words(fort)
                                        if w.drawing}

    def __getitem__(self, word: str) -> Icon:
        return self._icons[word]

    def __iter__(self) -> Iterator[str]:
        return iter(self._icons)

    def __len__(self) -> int:
        return len(self._icons)


#: Resource icons, by the printer's resource words (``Vocabulary.resource_word``).
RESOURCES: Mapping[str, Icon] = _WordIcons(lambda v: v.resources)
#: Quantities after ``x`` that are not suits, by word.
QUANTITIES: Mapping[str, Icon] = _WordIcons(lambda v: v.quantities)

def action_icon(spec: PrimitiveSpec) -> Icon | None:
    """A primitive's icon, from its declaration: its drawing (``PrimitiveSpec.drawing``, as
    Fort's primitives declare), or its path data drawn as strokes (``PrimitiveSpec.icon``, a
    plugin's or a game module's), or None (its keyword is shown instead). Another game's
    primitive named as one of Fort's (Frantic's `draw`) is named apart, so its file never
    takes the place of Fort's (where Fort is not installed, none can)."""
    if spec.drawing:
        body = spec.drawing
    elif spec.icon:
        body = "".join(stroke(d, 1.8) for d in spec.icon)
    else:
        return None
    fort = default_words()
    apart = fort is not None and spec.name in fort.primitive_by_name and not any(
        p is spec for p in fort.primitives)
    name = f"{spec.name}-game" if apart else spec.name
    return Icon(name, spec.colour, body)


def action_icons() -> dict[str, Icon]:
    """Fort's primitives' icons, by the primitive's grammar name (none where Fort is not
    installed)."""
    fort = default_words()
    return {} if fort is None else {spec.name: icon for spec in fort.primitives
                                    if (icon := action_icon(spec)) is not None}


def every_icon(primitives: Iterable[PrimitiveSpec] = (), words: Iterable[Icon] = (),
               marks: Iterable[Icon] = ()) -> dict[str, Icon]:
    """All icons by file name (without ``.svg``), for writing them next to the docs: ``words``
    first, the declared words' and operators' icons, then ``marks``; with ``primitives``,
    those of another vocabulary's primitives too."""
    out: dict[str, Icon] = {}
    for group in (words, RESOURCES.values(), action_icons().values(),
                  QUANTITIES.values(), OPERATORS.values(), marks):
        out.update({icon.name: icon for icon in group})
    for spec in primitives:
        icon = action_icon(spec)
        if icon is not None:
            out.setdefault(icon.name, icon)
    return out


def game_icons(vocab: Vocabulary, own: Iterable[Icon] = ()) -> dict[str, Icon]:
    """The icons a game module's site writes, by file name: ``own`` (its ``GameModule.docs``),
    the drawings its words and primitives declare (``vocab``, the game's own), and the core's
    operators; never another game's, Fort's included (issue 33 item 5)."""
    out = {icon.name: icon for icon in own}
    for word in (*vocab.resources, *vocab.quantities, *vocab.metrics):
        if word.drawing:
            out.setdefault(word.icon_name or word.word, _word_icon(word))
    for spec in vocab.primitives:
        icon = action_icon(spec)
        if icon is not None:
            out.setdefault(icon.name, icon)
    out.update({icon.name: icon for icon in OPERATORS.values()})
    return out


#: The operators of an action, drawn (not typed) so the faces need no special font glyphs.
OPERATORS: dict[str, Icon] = {
    "x": Icon("times", "#343a40", stroke("M7 7l10 10M17 7L7 17", 2.6)),
    "then": Icon("then", "#343a40", fill("M6 5l13 7-13 7z")),
    "or": Icon("or", "#343a40", stroke("M16 3L8 21", 2.6)),
    "(": Icon("lpar", "#343a40", stroke("M15 2q-7 10 0 20", 2.4)),
    ")": Icon("rpar", "#343a40", stroke("M9 2q7 10 0 20", 2.4)),
    # a fork in the path: the action happens only one way
    "if ->": Icon("if", "#343a40", stroke("M4 12h7M11 12l8-7M11 12l8 7", 2.4)),
    # who performs it (core C6): rivals as heads, an arrow to the action
    "each rival ->": Icon("each_rival", "#a61e4d",
                          '<circle cx="6" cy="7" r="3" fill="$c"/>'
                          '<circle cx="12" cy="5" r="3" fill="$c"/>'
                          '<circle cx="18" cy="7" r="3" fill="$c"/>' + stroke("M4 17h14l-3-3", 2)),
    "a rival ->": Icon("a_rival", "#a61e4d", '<circle cx="12" cy="6" r="3.5" fill="$c"/>'
                       + stroke("M4 17h14l-3-3", 2)),
    "each player ->": Icon("each_player", "#343a40",
                           '<circle cx="5" cy="7" r="2.6" fill="$c"/>'
                           '<circle cx="10" cy="5" r="2.6" fill="$c"/>'
                           '<circle cx="15" cy="5" r="2.6" fill="$c"/>'
                           '<circle cx="20" cy="7" r="2.6" fill="$c"/>'
                           + stroke("M4 17h14l-3-3", 2)),
}


def tint(colour: str, amount: float = 0.85) -> str:
    """``colour`` mixed with white: the pale background of a card of that suit."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)
