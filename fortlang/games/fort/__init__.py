"""Fort, the first game module (issue 33; docs/design/game-modules.md §2.4): its card model
(``model.py``: kids, made-up rules, perks, the board), card kinds (``kinds.py``), their builders
(``cards.py``) and checks (``cardchecks.py``), its set-up (R2),
turn (R3-R9), play and follow (R5, R6), end and scoring (R11, R14), invariants, what a seat may
see (disclosure, knowledge, ``view.py``), its bots (``agents/``: greedy, its search bot, a
person at its terminal), the narration of a game, its scenario files (``scenarios/``), its
phrasebooks (``phrasebook/``: its nouns, glossary, perks' and made-up rules' words) and its words
(``vocabulary.py``: primitives, resources, quantities, metrics, triggers), its primitives' ops
and counts (``ops/``, named by those words) and the moves they share (``moves.py``), its table
(``table.py``: :class:`~fortlang.games.fort.table.Game`, ``Player``, ``CardInstance``,
``Rules``, ``DEFAULT_BOARD``, re-exported here when first named) and its metrics
(``metrics.py``, R14).

``GAME`` names its pieces lazily, so loading it imports no engine; fortlang's ``pyproject.toml``
declares it in the ``fortlang.games`` entry-point group, the only way the core reaches it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fortlang.games.fort.kinds import CARD_KINDS
from fortlang.module import GameModule

if TYPE_CHECKING:
    from fortlang.games.fort.table import DEFAULT_BOARD, CardInstance, Game, Player, Rules

#: Fort's table (``table.py``), loaded when first named: loading the module imports no engine.
_TABLE: frozenset[str] = frozenset({"DEFAULT_BOARD", "CardInstance", "Game", "Player", "Rules"})


def __getattr__(name: str) -> Any:
    if name in _TABLE:
        from fortlang.games.fort import table

        return getattr(table, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


GAME = GameModule(
    name="fort",
    titles={"en": "Fort", "fr": "Fort", "ru": "Форт"},
    players=range(2, 5),  # R1.2: four player boards; `simulate --players` takes 2-4
    new_table="fortlang.games.fort.setup:new_game",
    run="fortlang.games.fort.match:run_game",
    flow="fortlang.games.fort.match:FORT_FLOW",
    cards=CARD_KINDS,
    scenarios="fortlang.games.fort.scenarios.rules:SCENARIOS",
    invariants="fortlang.games.fort.invariants:assert_invariants",
    setup_sizes="fortlang.games.fort.setup",
    dead_cards="fortlang.games.fort.play",
    search="fortlang.games.fort.search",
    bots="fortlang.games.fort.agents.bots:BOTS",
    disclosure="fortlang.games.fort.disclosure",
    terminal="fortlang.games.fort.terminal:play_fort",
    playtest="fortlang.games.fort.playtest.table:Table",
    simulation="fortlang.games.fort.sim.drivers:DRIVERS",
    vocabulary="fortlang.games.fort.vocabulary:FORT",
    checks="fortlang.games.fort.checks",
    card_checks="fortlang.games.fort.cardchecks",
    face="fortlang.games.fort.docs.face:face",
    docs="fortlang.games.fort.docs:DOCS",
    phrasebooks={lang: f"fortlang.games.fort.phrasebook.{lang}" for lang in ("en", "fr", "ru")},
    ui={lang: f"fortlang.games.fort.i18n.{lang}:UI" for lang in ("en", "fr", "ru")},
)

__all__ = ["CardInstance", "DEFAULT_BOARD", "GAME", "Game", "Player", "Rules"]
