"""Fortune and Glory's table and whole game: not built yet (issue 35 builds the skill tests
and their odds; the board, travel, turn and adventures of G7 wait for the core's table and
flow, issue 33 stages 7 and 8). The two functions ``GAME`` names say so when called."""

from __future__ import annotations

from typing import NoReturn

_WHY = ("Fortune and Glory's table and turn (G7) are not built yet: only its skill tests, "
        "dangers and their odds are (fortlang odds)")


def new_table(*args: object, **kwargs: object) -> NoReturn:
    raise NotImplementedError(_WHY)


def run_game(*args: object, **kwargs: object) -> NoReturn:
    raise NotImplementedError(_WHY)
