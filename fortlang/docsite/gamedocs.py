"""What a game's docs site draws and says besides its words' declarations (issue 33 items 1, 5):
the value a game module names in ``GameModule.docs``. Fort's (fortlang.games.fort.docs) holds
its suits' icons, its best-friend star, its suits' French and Russian meanings, its cards'
faces and glossary pages, and its own rules, card browser and reference pages; the core
reaches it through Fort's module, never by importing it, and a game that declares none draws
only its words' own icons and gets the generic pages (fortlang.docsite.gamesite).

>>> from fortlang.docsite.icons import Icon
>>> docs = GameDocs(words={"ace": Icon("ace", "#000000", "")})
>>> docs.icon("ace").name, docs.icon("king"), docs.said("quantity", "ace", "fr")
('ace', None, None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from fortlang.docsite.icons import Icon
from fortlang.module import DEFAULT_GAME, GameModule

if TYPE_CHECKING:
    from fortlang.docsite.faces import Printed
    from fortlang.model import CardSet


class ReferencePage(Protocol):
    """A game's own reference page (``GameDocs.reference``): ``(lang, sets, schema_dir, *,
    card_format, error_codes) -> Markdown``, where ``schema_dir`` holds the card files' JSON
    Schemas (or None) and ``card_format``, ``error_codes`` say the site has those pages, so
    the reference links them."""

    def __call__(self, lang: str, sets: Iterable[CardSet], schema_dir: Path | None, *,
                 card_format: bool, error_codes: bool) -> str: ...


@dataclass(frozen=True)
class GameDocs:
    #: Icons of the words whose declaration draws none (Fort's suits), by word, in the order
    #: its card backs repeat them.
    words: Mapping[str, Icon] = field(default_factory=dict)
    #: The other marks its pages and faces show (Fort's best-friend star), by name.
    marks: Mapping[str, Icon] = field(default_factory=dict)
    #: What a word means in a language its declaration does not say, ``(kind, word, lang) ->
    #: str | None`` (``kind``: "quantity", "metric"...): Fort's suits' template.
    meaning: Callable[[str, str, str], str | None] | None = None
    #: The faces of a set's own cards in print order, ``(card_set, lang) ->
    #: list[fortlang.docsite.faces.Printed]`` (Fort's kids, made-up rules, perks and board),
    #: which the site and the print-and-play sheet draw, the card back after them; None: none.
    faces: Callable[[CardSet, str], list[Printed]] | None = None
    #: A set's glossary page, ``(card_set, lang) -> Markdown`` (Fort's, its cards with their
    #: faces, actions and provenance: ``glossary/<set>.md``); None: none.
    glossary: Callable[[CardSet, str], str] | None = None
    #: Its rules page in a language, ``lang -> Markdown | None`` (Fort's digest of
    #: ``docs/rules/<lang>.md`` with its numbers anchored), which the site writes as
    #: ``rules.md`` after the turn structure of the game's flow; None: a module's digest
    #: (``GameModule.rules_pages``), else no rules page. Any game's site reads it (gamesite).
    rules_page: Callable[[str], str | None] | None = None
    #: Its card browser over the sets, ``(sets, lang) -> Markdown`` (Fort's, filtered by kind,
    #: suit, action and provenance: ``cards.md``); None: the generic browser of a game
    #: module's cards (:func:`fortlang.docsite.browser.game_browser_page`).
    browser: Callable[[Sequence[CardSet], str], str] | None = None
    #: Its reference page (:class:`ReferencePage`: Fort's, with its resources and scoring
    #: sub-language); None: the generic reference of its words
    #: (:func:`fortlang.docsite.reference.game_reference_page`).
    reference: ReferencePage | None = None

    def icon(self, word: str) -> Icon | None:
        return self.words.get(word)

    def said(self, kind: str, word: str, lang: str) -> str | None:
        return self.meaning(kind, word, lang) if self.meaning is not None else None

    def every_icon(self) -> tuple[Icon, ...]:
        return (*self.words.values(), *self.marks.values())


NONE = GameDocs()


def game_docs(game: GameModule) -> GameDocs:
    """What ``game`` declares (``GameModule.docs``), or nothing; E351 when it fails to load."""
    from fortlang.games import declared

    found = declared(game, "docs", GameDocs, "its docs pictures")
    return found if found is not None else NONE


def default_docs() -> GameDocs:
    """The default game's (Fort's), or nothing where its module is not installed (a game
    module alone). Not remembered here: the installed games are (fortlang.games.forget)."""
    from fortlang.games import game_named, installed

    return game_docs(game_named(DEFAULT_GAME)) if DEFAULT_GAME in installed() else NONE


def default_face() -> Callable[[object, str], object]:
    """The default game's face function (``GameModule.face``: Fort's draws its kids, made-up
    rules, perks and board)."""
    from fortlang.games import game_named

    return game_named(DEFAULT_GAME).piece("face")  # type: ignore[return-value]
