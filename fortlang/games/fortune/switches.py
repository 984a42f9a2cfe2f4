"""Fortune and Glory's rules switches (docs/games/fortune-and-glory.md G10): where the summary's
wording allows two readings, each is a value of a switch, the default first.

>>> Switches().keep_rolling, Switches(keep_rolling="failed_dice").reroll
('all_dice', 'once_per_roll')
>>> Switches(keep_rolling="sometimes")
Traceback (most recent call last):
...
ValueError: fortune.keep_rolling is one of all_dice, failed_dice, off, not 'sometimes'
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Switch:
    """One switch: its name, values (the default first), the rule it reads, and why."""

    name: str
    values: tuple[str, ...]
    rule: str
    doc: str

    @property
    def default(self) -> str:
        return self.values[0]


SWITCHES: tuple[Switch, ...] = (
    Switch("fortune.keep_rolling", ("all_dice", "failed_dice", "off"), "G2.3",
           "After a roll that brought a success and not enough of them, the hero rolls "
           "again: every die of the test (all_dice), only the dice that failed (failed_dice), "
           "or not at all (off: one roll). A test's text says `keep_rolling` or `once` to "
           "override it (`keep_rolling` under `off` rolls all dice)."),
    Switch("fortune.reroll", ("once_per_roll", "once_per_test"), "G2.6",
           "A test's `reroll N` lets the hero roll N failed dice again on every roll "
           "(once_per_roll) or N in the whole test (once_per_test)."),
)
_BY_NAME = {s.name: s for s in SWITCHES}


@dataclass(frozen=True)
class Switches:
    """The switches' values for one computation of odds."""

    keep_rolling: str = "all_dice"
    reroll: str = "once_per_roll"

    def __post_init__(self) -> None:
        for f in fields(self):
            switch = _BY_NAME[f"fortune.{f.name}"]
            value = getattr(self, f.name)
            if value not in switch.values:
                raise ValueError(f"{switch.name} is one of {', '.join(switch.values)}, "
                                 f"not {value!r}")
