"""Scenario files of any game: a designer says "given this table, when a player makes these
moves, then expect this" in YAML, and ``fortlang test`` checks it against the game's rules.

The core finds the files, picks each file's game from its `sets:` and reads and runs it through
that game's :class:`~fortlang.scenario.rules.ScenarioRules` (``GameModule.scenarios``); Fort's
own reader and runner are Fort's (``fortlang.games.fort.scenarios``).

* :mod:`~fortlang.scenario.rules`: what a game declares.
* :mod:`~fortlang.scenario.games`: which game a file is about, reading a file.
* :mod:`~fortlang.scenario.answers`: a move's `choose`, `answers` and `chance`, the asker.
* :mod:`~fortlang.scenario.outcome`: :class:`Outcome`, :class:`Diff`.
* :mod:`~fortlang.scenario.runner`: :func:`run_paths`, :func:`scenario_files`.
"""

from __future__ import annotations

from fortlang.scenario.outcome import Diff, Outcome
from fortlang.scenario.runner import Report, run_paths, scenario_files

__all__ = ["Diff", "Outcome", "Report", "run_paths", "scenario_files"]
