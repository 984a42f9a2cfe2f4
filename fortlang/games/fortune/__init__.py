"""Fortune and Glory, a game module (issue 35; docs/games/fortune-and-glory.md): its skill
tests as vocabulary (``vocabulary.py``), its card kinds (``cards.py``), its rules switches
(``switches.py``) and their exact odds (``odds.py`` over the core's ``engine/odds.py``); a
hero facing tests, dangers and enemies on the engine (``play.py``) and the scenario rules
``fortlang test`` reads (``scenarios.py``).

``GAME`` names its pieces lazily, as Fort's does; fortlang's ``pyproject.toml`` declares it in
the ``fortlang.games`` entry-point group as ``fortune-and-glory``, the manifest's ``game:``.

The board game's table and flow (G7: initiative, movement, adventure, end) do not exist yet,
so ``GAME`` names no ``new_table`` and no ``run``: ``simulate`` says the game cannot be played
whole yet (E906); ``fortlang odds`` needs only ``odds.py``, a scenario only the hero's table.
"""

from __future__ import annotations

from fortlang.games.fortune.cards import CARDS
from fortlang.module import GameModule

GAME = GameModule(
    name="fortune-and-glory",
    titles={"en": "Fortune and Glory", "fr": "Fortune and Glory", "ru": "Fortune and Glory"},
    players=range(1, 9),  # the summary's co-operative chart goes from 1 to 8 heroes (G9.4)
    vocabulary="fortlang.games.fortune.vocabulary:VOCABULARY",
    cards=CARDS,
    scenarios="fortlang.games.fortune.scenarios:SCENARIOS",
    commands={"odds": "fortlang.games.fortune.cli:odds"},  # an artifact's exact odds (G8.3)
    # the numbered digest, and its translation where there is one
    rules_pages={"en": "fortlang:docs/games/fortune-and-glory.md",
                 "fr": "fortlang:docs/translations/fr/games/fortune-and-glory.md",
                 "ru": "fortlang:docs/translations/ru/games/fortune-and-glory.md"},
)
