"""Issue 38: a payment plan's label is made once per plan, not at every advance the greedy bot
is asked about (it reads the plan, the option's value, never the label)."""

from __future__ import annotations

from fortlang.games.fort.ops import track


def test_a_plans_label_is_made_once_and_reads_as_before() -> None:
    plan = (1, 0, 0, 2)
    first = track._plan_label(plan)
    assert first == "pay 1 pizza from stuff, 2 toy from pack"
    assert track._plan_label((1, 0, 0, 2)) is first  # the same string: not made again
    assert track._plan_label((0, 0, 0, 0)) == "pay nothing"
