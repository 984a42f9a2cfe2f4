"""The balance view (issue 35 item 4): every hero of a set against every danger of its danger
deck (G4.6: one deck, the set's dangers), the exact chance of success and, for a danger the hero
overcomes best by fighting (G6.1), the fight's expected wounds: each cell is
:func:`~fortlang.games.fortune.report.odds_of` for that pair, never sampled.

>>> from fortlang.games.fortune.deck import SAMPLE, read_set
>>> table = balance_table(read_set(SAMPLE), hero_id="jake_zane")
>>> print(table.text().splitlines()[1])
Jake Zane  Agents of Evil  812993363012336/813017529723391  100.00%  0.84 (fight)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fortlang.escape import shown
from fortlang.games.fortune.deck import Deck
from fortlang.games.fortune.odds import DEFAULT
from fortlang.games.fortune.report import Figures, odds_of
from fortlang.games.fortune.switches import Switches


@dataclass(frozen=True)
class Row:
    """One hero's figures against each danger, in the table's order of dangers."""

    hero: str
    name: str
    cells: tuple[Figures, ...]


@dataclass(frozen=True)
class Table:
    dangers: list[str]  # ids, sorted
    names: dict[str, str]  # danger id -> its name
    rows: list[Row]

    def text(self) -> str:
        """Aligned plain text, a line per (hero, danger); every card value escaped."""
        lines = [("hero", "danger", "success", "%", "expected wounds")]
        for row in self.rows:
            for cell in row.cells:
                wounds = ("-" if cell.wounds is None
                          else f"{float(cell.wounds):.2f} (fight)")
                percent = f"{100 * float(cell.exact):.2f}%"
                if cell.runs:
                    percent += f" (rolled {100 * cell.passed / cell.runs:.2f}%)"
                lines.append((shown(row.name), shown(self.names[cell.what]), str(cell.exact),
                              percent, wounds))
        widths = [max(len(line[i]) for line in lines) for i in range(4)]
        padded = (" ".join([*(v.ljust(w + 1) for v, w in zip(line, widths, strict=False)),
                            line[4]]).rstrip() for line in lines)
        return "\n".join(padded)

    def to_json(self) -> dict[str, Any]:
        rows = []
        for row in self.rows:
            for cell in row.cells:
                figures = cell.to_json()
                entry: dict[str, Any] = {
                    "hero": row.hero, "danger": cell.what, "by": cell.how,
                    "success": {"fraction": figures["exact"]["fraction"],
                                "probability": figures["exact"]["probability"]},
                    "expected_wounds": figures.get("expected_wounds")}
                if "simulated" in figures:
                    entry["simulated"] = figures["simulated"]
                rows.append(entry)
        return {"heroes": [r.hero for r in self.rows], "dangers": self.dangers,
                "names": {**{r.hero: r.name for r in self.rows}, **self.names}, "rows": rows}


def balance_table(deck: Deck, *, hero_id: str | None = None, runs: int = 0, seed: int = 0,
                  switches: Switches = DEFAULT) -> Table:
    """Every hero of ``deck`` (or only ``hero_id``: E363 when it has none) against every
    danger of ``deck``, by id order."""
    heroes = [hero_id] if hero_id is not None else sorted(deck.heroes)
    dangers = sorted(deck.dangers)
    rows = [Row(h, str(deck.find("hero", h, "--hero").get("name", h)),
                tuple(odds_of(d, h, deck, runs=runs, seed=seed, switches=switches)
                      for d in dangers)) for h in heroes]
    return Table(dangers, {d: str(deck.dangers[d].get("name", d)) for d in dangers}, rows)
