"""Fort, the first game module (issue 33; docs/design/game-modules.md §2.4): its set-up (R2),
turn (R3-R9), play and follow (R5, R6), end and scoring (R11, R14), invariants, what a seat may
see (disclosure, knowledge, ``view.py``), its bots (``agents/``: greedy, its search bot, a
person at its terminal), the narration of a game, its scenario files (``scenarios/``), its
phrasebooks (``phrasebook/``: its nouns, glossary, perks' and made-up rules' words) and its words
(``vocabulary.py``: primitives, resources, quantities, metrics, triggers), its primitives' ops
and counts (``ops/``, named by those words) and the moves they share (``moves.py``). The core
engine's state still holds Fort's table (issue 33, stage 7 moves it).

``GAME`` names its pieces lazily, so loading it imports no engine; fortlang's ``pyproject.toml``
declares it in the ``fortlang.games`` entry-point group, the only way the core reaches it."""

from __future__ import annotations

from fortlang.games.fort.kinds import CARD_KINDS
from fortlang.module import GameModule

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
    face="fortlang.games.fort.docs.face:face",
    docs="fortlang.games.fort.docs:DOCS",
    phrasebooks={lang: f"fortlang.games.fort.phrasebook.{lang}" for lang in ("en", "fr", "ru")},
)
