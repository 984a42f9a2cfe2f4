"""Fort's simulation drivers as its module declares them (``GameModule.simulation``): the core's
``simulate``, ``balance``, ``replay``, backends and search bot reach Fort's pull API, batches,
figures, their text (``show``) and balance report (``report``) through this value, never by
importing them (issue 33 item 5)."""

from __future__ import annotations

from fortlang.games.fort.sim.balance import report
from fortlang.games.fort.sim.batch import jobs, run_chunk
from fortlang.games.fort.sim.pull import GameState
from fortlang.games.fort.sim.show import show
from fortlang.games.fort.sim.stats import Aggregate
from fortlang.sim.drivers import Drivers

DRIVERS = Drivers(state=GameState, jobs=jobs, run_chunk=run_chunk, figures=Aggregate,
                  show=show, report=report)
