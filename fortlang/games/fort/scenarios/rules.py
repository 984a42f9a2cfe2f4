"""Fort's scenario rules (issue 33 item 5): what ``fortlang test`` and the language server reach
through Fort's :class:`~fortlang.module.GameModule` (``scenarios``), like any game's. Fort's
files have a shape of their own (``schemas/scenario.schema.json``: `options`, the file's own
`cards`, moves by verb, `then: error`), so Fort reads a whole file itself (:mod:`.format`)
and runs what it read (:mod:`.run`); the core finds the files, picks the game from their
`sets:` and reports."""

from __future__ import annotations

from fortlang.games.fort.scenarios.format import (
    PLAYER_ZONES,
    SCENARIO,
    TABLE_ZONES,
    catalog_of,
    load_file,
)
from fortlang.games.fort.scenarios.hover import describe
from fortlang.games.fort.scenarios.run import run_scenario
from fortlang.scenario.rules import ScenarioRules

SCENARIOS = ScenarioRules(
    # Fort's file schema is its own (SCENARIO), checked by its reader: the core's per-part
    # schemas stay open
    given={}, when={}, then={},
    read_file=load_file, run_read=run_scenario,
    file_kind=SCENARIO, card_lists=frozenset(PLAYER_ZONES + TABLE_ZONES), names=catalog_of,
    describe=describe,
)
