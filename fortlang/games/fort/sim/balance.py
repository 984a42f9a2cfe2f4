"""Fort's balance report, its drivers' ``report`` (``fortlang balance``): every card, perk and
made-up rule played is measured against the others and flagged only as an outlier (issue 36),
then the sets asked for are kept (``--set``) and the page with its plots is written
(fortlang.sim.report, which reads the keys Fort's figures have: fortlang.games.fort.sim.stats)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fortlang.sim.intervals import flag_outliers
from fortlang.sim.report import only_sets, write_report


def report(out: Path, figures: dict[str, Any], margin: float, sets: list[str]
           ) -> tuple[Path, list[str]]:
    """Write ``out/index.html`` and ``out/figures.json``; the page and the cards flagged."""
    # The report flags outliers only (issue 36); simulate keeps the median test of its figures.
    figures["flagging"] = flag_outliers(figures["cards"], margin)
    only_sets(figures, sets)
    page = write_report(out, figures)
    return page, [k for k in figures["ranking"] if figures["cards"][k]["flag"]]
