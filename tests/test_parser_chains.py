"""A long `then` / `or` chain costs work linear in its length (issue 31 item 8): the parser
used to copy the whole chain for each item it added (`left.items + items`), so 200,000 items
took two minutes. The work is counted, not timed: every tuple of items the parser sets on a
chain is counted by its length, for chains of n and 4n items."""

from __future__ import annotations

import pytest

from fortlang import nodes as n
from fortlang import parser
from fortlang.parser import parse_action


def _items_copied(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[n.Node, int]:
    """The AST of ``text`` and how many items the parser copied into chains' ``items``."""
    copied = 0
    real = parser._SET

    def counting(obj: object, name: str, value: object) -> None:
        nonlocal copied
        if name == "items" and isinstance(value, tuple | list):
            copied += len(value)
        real(obj, name, value)

    monkeypatch.setattr(parser, "_SET", counting)
    node = parse_action(text)
    monkeypatch.setattr(parser, "_SET", real)
    return node, copied


CHAINS = {
    "then": lambda k: " then ".join(["gain pizza"] * k),
    "or": lambda k: " or ".join(["gain toy"] * k),
    "mixed": lambda k: " or ".join(["draw then gain pizza"] * (k // 2)),
    "grouped": lambda k: " then ".join(["(gain toy then pack)"] * (k // 2)),
    "nested groups": lambda k: "(" * (k // 2) + "gain toy" + " then pack)" * (k // 2),
    "repeated groups": lambda k: " or ".join(["(gain toy then pack) x 2"] * (k // 2)),
}


@pytest.mark.parametrize("shape", CHAINS)
def test_a_chain_costs_work_linear_in_its_length(monkeypatch: pytest.MonkeyPatch,
                                                 shape: str) -> None:
    small, copies_small = _items_copied(monkeypatch, CHAINS[shape](2000))
    big, copies_big = _items_copied(monkeypatch, CHAINS[shape](8000))
    assert copies_big <= 4.5 * copies_small, (copies_small, copies_big)
    # and the AST is what the nodes' own constructors make (flat, items as tuples)
    for node in (small, big):
        for each in node.walk():
            if isinstance(each, n.Then | n.Choice):
                assert type(each.items) is tuple
                assert each == type(each)(each.items)


def test_chains_are_built_as_their_constructors_build_them() -> None:
    a, b, c, d = (parse_action(t) for t in ("gain pizza", "gain toy", "pack", "draw"))
    assert parse_action("gain pizza then gain toy then pack") == n.Then((a, b, c))
    assert parse_action("(gain pizza then gain toy) then (pack then draw)") == n.Then((a, b, c, d))
    assert parse_action("gain pizza or gain toy then pack or draw") == n.Choice(
        (a, n.Then((b, c)), d))
    assert parse_action("(gain pizza or gain toy) x 2 then pack") == n.Then(
        (n.Repeat(n.Choice((a, b)), n.Fixed(2)), c))
    assert parse_action("each rival -> (gain pizza then pack) or draw") == n.Choice(
        (n.Target(n.Who("each rival"), n.Then((a, c))), d))
    whole = parse_action("gain pizza then gain toy")
    assert type(whole.items) is tuple  # type: ignore[attr-defined]
    assert hash(whole) == hash(n.Then((a, b)))
