"""Frantic, the second game module (issue 34; docs/games/frantic.md): a shedding game for 2 to 8
players. This package holds its words (:mod:`.vocabulary`: primitives, argument kinds in
:mod:`.kinds`, selectors in :mod:`.selectors`, AST nodes in :mod:`.nodes`) and its card kinds
(:mod:`.cards`), its table (:mod:`.table`), its primitives' effects (:mod:`.effects`) and its
game loop (:mod:`.match`).

``GAME`` names its pieces lazily, as Fort's does, and fortlang's ``pyproject.toml`` declares it
in the ``fortlang.games`` entry-point group: ``fortlang check cards/frantic-base`` reads the set
with these kinds and words, and ``fortlang simulate --sets cards/frantic-base`` plays it."""

from __future__ import annotations

from fortlang.games.frantic.cards import CARD_KINDS
from fortlang.module import GameModule

GAME = GameModule(
    name="frantic",
    titles={"en": "Frantic", "fr": "Frantic", "ru": "Frantic"},  # the editions keep its name
    players=range(2, 9),  # F2: 2 to 8 players
    new_table="fortlang.games.frantic.table:new_table",
    run="fortlang.games.frantic.match:run_game",
    flow="fortlang.games.frantic.flow:FRANTIC_FLOW",
    vocabulary="fortlang.games.frantic.vocabulary:VOCABULARY",
    cards=CARD_KINDS,
    narration="fortlang.games.frantic.narration:NARRATION",
    scenarios="fortlang.games.frantic.scenarios:SCENARIOS",
    # the numbered digest (F1-F16), and its translation where there is one
    rules_pages={"en": "fortlang:docs/games/frantic.md",
                 "fr": "fortlang:docs/translations/fr/games/frantic.md",
                 "ru": "fortlang:docs/translations/ru/games/frantic.md"},
    determinization="fortlang.games.frantic.hidden:HIDDEN",
    # its nouns: the core's sentences (a scoring formula's points) say Frantic's words
    phrasebooks={lang: f"fortlang.games.frantic.phrasebook:{lang.upper()}"
                 for lang in ("en", "fr", "ru")},
)
