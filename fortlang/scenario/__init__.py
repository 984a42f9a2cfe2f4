"""Scenario files: a designer says "given this table, when a player makes these moves, then
expect this" in YAML, and ``fortlang test`` checks it against the rules engine.

* :mod:`~fortlang.scenario.format`: reading a file (positioned diagnostics, E701-E705) into
  :class:`Scenario` values; the shape is ``schemas/scenario.schema.json``.
* :mod:`~fortlang.scenario.given`: the `given` table as an engine :class:`~fortlang.engine.Game`.
* :mod:`~fortlang.scenario.agent`, :mod:`~fortlang.scenario.moves`: the `when` moves, answered
  by kind of decision from what each move says.
* :mod:`~fortlang.scenario.expect`: the `then` fields compared, as :class:`Diff` values.
* :mod:`~fortlang.scenario.runner`: :func:`run_scenario`, :func:`run_paths`.

>>> from fortlang.scenario import load_text, run_scenario
>>> [scenario] = load_text('''
... scenarios:
...   - name: Bug digs up pizza
...     given: {players: [{hand: [Bug, The Moles]}]}
...     when: [{play: Bug, add: [The Moles], use: public only}]
...     then: {players: [{stuff: {pizza: 3}, hand: []}]}
... ''')
>>> run_scenario(scenario).passed
True
"""

from __future__ import annotations

from fortlang.scenario.expect import Diff, compare
from fortlang.scenario.format import Move, Scenario, load_file, load_text
from fortlang.scenario.runner import Outcome, Report, run_paths, run_scenario, scenario_files

__all__ = ["Diff", "Move", "Outcome", "Report", "Scenario", "compare", "load_file", "load_text",
           "run_paths", "run_scenario", "scenario_files"]
