"""The core's flow (design §5): turns, rounds, a direction of play, skipped turns, events,
reaction windows, an effect stack and lasting effects, for any game module.

* :mod:`~fortlang.flow.spec`: what a game declares (``FlowSpec``, ``Phase``, ``Cycle``,
  ``Window``);
* :mod:`~fortlang.flow.events`: the events (``FlowEvent``, ``EventPattern``, the runtime's names);
* :mod:`~fortlang.flow.clock`: whose turn it is (``Clock``);
* :mod:`~fortlang.flow.journal`: the undo-log operations the flow writes through (``Journal``);
* :mod:`~fortlang.flow.runtime`: the ``Flow`` that runs it all, with ``Pending`` effects,
  ``Lasting`` effects and ``Reaction``s.

Games run on it: Fort (``fortlang.games.fort.match.FORT_FLOW``, the five phases of its turn,
the triggers of its timed perks as events, design §5.2) and Frantic
(``fortlang.games.frantic.flow.FRANTIC_FLOW``: its rounds, cycle, skips and Nice Try's window).
"""

from __future__ import annotations

from fortlang.flow.clock import Clock
from fortlang.flow.events import EventPattern, FlowEvent
from fortlang.flow.journal import Journal
from fortlang.flow.runtime import Flow, Lasting, Pending, Reaction
from fortlang.flow.spec import Cycle, FlowSpec, Phase, Window

__all__ = ["Clock", "Cycle", "EventPattern", "Flow", "FlowEvent", "FlowSpec", "Journal",
           "Lasting", "Pending", "Phase", "Reaction", "Window"]
