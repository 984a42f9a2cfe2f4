"""Fort's scenario files: a designer says "given this table, when a player makes these moves, then
expect this" in YAML, and ``fortlang test`` checks it against the rules engine. The core reaches
them through Fort's scenario rules (:mod:`.rules`, ``GameModule.scenarios``), like any game's.

* :mod:`.format`: reading a file (positioned diagnostics, E701-E709) into :class:`Scenario`
  values; the shape is ``schemas/scenario.schema.json``.
* :mod:`.given`: the `given` table as an engine :class:`~fortlang.games.fort.table.Game`.
* :mod:`.agent`, :mod:`.moves`: the `when` moves, answered by kind of decision from what each
  move says.
* :mod:`.expect`: the `then` fields compared, as :class:`~fortlang.scenario.outcome.Diff`
  values.
* :mod:`.run`: :func:`run_scenario`.

>>> from fortlang.games.fort.scenarios import load_text, run_scenario
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

from fortlang.games.fort.scenarios.expect import compare
from fortlang.games.fort.scenarios.format import Move, Scenario, load_file, load_text
from fortlang.games.fort.scenarios.run import run_scenario

__all__ = ["Move", "Scenario", "compare", "load_file", "load_text", "run_scenario"]
