"""What a game's docs site draws and says besides its words' declarations (issue 33 items 1, 5):
the value a game module names in ``GameModule.docs``. Fort's (fortlang.games.fort.docs) holds
its suits' icons, its best-friend star, its suits' French and Russian meanings, its cards'
faces and glossary pages, its own rules, card browser and reference pages, the hand-written
pages its site carries and its site's texts; the core reaches it through Fort's module, never
by importing it, and a game that declares none draws only its words' own icons and gets the
generic pages. One builder (:mod:`fortlang.docsite.site`) writes any game's site from what it
declares here, and every picture or meaning is asked of the game being documented (its
:func:`game_docs`), never of the default game.

>>> from fortlang.docsite.icons import Icon
>>> docs = GameDocs(words={"ace": Icon("ace", "#000000", "")})
>>> docs.icon("ace").name, docs.icon("king"), docs.said("quantity", "ace", "fr")
('ace', None, None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from fortlang.docsite.icons import Icon
from fortlang.module import DEFAULT_GAME, GameModule

if TYPE_CHECKING:
    from fortlang.docsite.faces import Printed
    from fortlang.model import CardSet


class ReferencePage(Protocol):
    """A game's own reference page (``GameDocs.reference``): ``(lang, sets, *, card_format,
    error_codes) -> Markdown``, where ``card_format``, ``error_codes`` say the site has those
    pages, so the reference links them (Fort's lists its card files' JSON Schemas too)."""

    def __call__(self, lang: str, sets: Iterable[CardSet], *, card_format: bool,
                 error_codes: bool) -> str: ...


#: The hand-written pages of docs/ a game's site carries unless its GameDocs names others
#: (``GameDocs.pages``), as (title key in the lexicon, file): the module author's guide and
#: the pages it links, each with a section for other games (scenario files, the search bot);
#: tests/test_docs_modules.py checks that no page carried links one left out.
GAME_PAGES: tuple[tuple[str, str], ...] = (
    ("games", "games.md"), ("scenarios", "scenarios.md"), ("search_bot", "search-bot.md"))


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
    #: which the site and the print-and-play sheet draw, the card back after them; None: each
    #: card's face as the game draws it (``GameModule.face``, else the generic face).
    faces: Callable[[CardSet, str], list[Printed]] | None = None
    #: A set's glossary page, ``(card_set, lang) -> Markdown`` (Fort's, its cards with their
    #: faces, actions and provenance: ``glossary/<set>.md``); None: the generic glossary of
    #: its cards (:func:`fortlang.docsite.gameglossary.glossary_page`).
    glossary: Callable[[CardSet, str], str] | None = None
    #: Its rules page in a language, ``lang -> Markdown | None`` (Fort's digest of
    #: ``docs/rules/<lang>.md`` with its numbers anchored), which the site writes as
    #: ``rules.md`` after the turn structure of the game's flow; None: a module's digest
    #: (``GameModule.rules_pages``), else no rules page.
    rules_page: Callable[[str], str | None] | None = None
    #: Its card browser over the sets, ``(sets, lang) -> Markdown`` (Fort's, filtered by kind,
    #: suit, action and provenance: ``cards.md``); None: the generic browser of a game
    #: module's cards (:func:`fortlang.docsite.browser.game_browser_page`).
    browser: Callable[[Sequence[CardSet], str], str] | None = None
    #: Its reference page (:class:`ReferencePage`: Fort's, with its resources and scoring
    #: sub-language); None: the generic reference of its words
    #: (:func:`fortlang.docsite.reference.game_reference_page`).
    reference: ReferencePage | None = None
    #: The hand-written pages of docs/ its site carries, as (title key in the lexicon, file)
    #: pairs, in its menu's order (Fort's: the card-file format, scenarios, expansions,
    #: plugins...); None: :data:`GAME_PAGES`.
    pages: tuple[tuple[str, str], ...] | None = None
    #: Its site's own texts, ``(key, lang) -> str | None`` (Markdown, but for "back"): "site"
    #: (the site's name), "rules" (its rules page's title), "intro", "unofficial" (the home
    #: page's and every page's footer note), "home" (an overview under the home page's links)
    #: and "back" (the word across its cards' backs, in capitals); None, or None for a key:
    #: the generic text over the game's title (none for "home").
    texts: Callable[[str, str], str | None] | None = None

    def icon(self, word: str) -> Icon | None:
        return self.words.get(word)

    def said(self, kind: str, word: str, lang: str) -> str | None:
        return self.meaning(kind, word, lang) if self.meaning is not None else None

    def every_icon(self) -> tuple[Icon, ...]:
        return (*self.words.values(), *self.marks.values())

    def own_text(self, key: str, lang: str) -> str | None:
        """Its own text ``key`` (:attr:`texts`) in ``lang``, or None."""
        return self.texts(key, lang) if self.texts is not None else None


NONE = GameDocs()


def game_docs(game: GameModule) -> GameDocs:
    """What ``game`` declares (``GameModule.docs``), or nothing; E351 when it fails to load."""
    from fortlang.games import declared

    found = declared(game, "docs", GameDocs, "its docs pictures")
    return found if found is not None else NONE


def words_docs(game: GameModule) -> GameDocs:
    """What the words ``game``'s cards are written in draw and say (their pictures, their
    template meanings): ``game``'s own where it declares its vocabulary; else the default
    game's, whose words its cards are then written in (as
    :func:`fortlang.registry.vocabulary_of` reads them: the default because it named none),
    nothing where that one is not installed."""
    if game.vocabulary or game.name == DEFAULT_GAME:
        return game_docs(game)
    from fortlang.games import game_named, installed

    return game_docs(game_named(DEFAULT_GAME)) if DEFAULT_GAME in installed() else NONE
