"""Fort's scenario rules (issue 33 item 5): what ``fortlang test`` and the language server reach
through Fort's :class:`~fortlang.module.GameModule` (``scenarios``), like any game's. Fort's
files have a shape of their own (``schemas/scenario.schema.json``: `options`, the file's own
`cards`, moves by verb, `then: error`), so Fort reads a whole file itself (:mod:`.format`)
and runs what it read (:mod:`.run`); the core finds the files, picks the game from their
`sets:` and reports."""

from __future__ import annotations

from fortlang.games.fort.kinds import KIDS, PERKS, RULES
from fortlang.games.fort.scenarios.format import (
    PLAYER_ZONES,
    SCENARIO,
    TABLE_ZONES,
    catalog_of,
    load_file,
)
from fortlang.games.fort.scenarios.hover import describe, detail
from fortlang.games.fort.scenarios.run import run_scenario
from fortlang.module import ACTION
from fortlang.scenario.rules import NamePlace, ScenarioRules

_ZONES = "|".join(PLAYER_ZONES + TABLE_ZONES)
#: Where a Fort scenario names a card: a move's card (`play`, `follow`, `recruit`) and the
#: kids it adds, looks out or chooses (R5, R6, R8); outside the moves, the zones' kids (R2),
#: the perks of a player or the perk row (R15), the made-up rules of the pile or a player's
#: (R14).
PLACES = (
    NamePlace("when.*.play|follow|recruit", (KIDS.name,)),
    NamePlace("when.**.add|lookout|choose.#", (KIDS.name,)),
    NamePlace(f"!when.**.{_ZONES}.#", (KIDS.name,)),
    NamePlace("!when.**.perks|perk_row.#", (PERKS.name,)),
    NamePlace("!when.**.rule_pile.#", (RULES.name,)),
    NamePlace("players.**.rule", (RULES.name,)),
    NamePlace("!when.**.players.**.rule", (RULES.name,)),
)

SCENARIOS = ScenarioRules(
    # Fort's file schema is its own (SCENARIO), checked by its reader: the core's per-part
    # schemas stay open
    given={}, when={}, then={},
    read_file=load_file, run_read=run_scenario,
    file_kind=SCENARIO, names=catalog_of, places=PLACES,
    rule_places=("then.error",),  # what a scenario that expects a refusal cites (R1-R15)
    # the file's own kids' boxes (R1.1) and a move's action performed as it stands
    text_places=(("cards.#.public|private", ACTION), ("scenarios.*.when.*.perform", ACTION)),
    detail=detail, describe=describe,
)
