"""Fort's cards built from their card files (STYLE #11; docs/card-format.md): each of Fort's
card kinds (``kinds.py``) names its builder here (``CardKind.build``), and the core's card
loader (:mod:`fortlang.cardset.build`) calls it with an entry's data as written (valid by its
schema), its texts in Fort's language parsed, and where it is written: a kid card or best
friend (R1.1, R1.2), a made-up rule (R14), a perk (R15), the player board (R1.5, R10).

>>> from fortlang.games.fort.kinds import BOARD
>>> board = build_board(BOARD, {"costs": [["pizza"], ["toy", "either"]], "points": [0, 2, 5]},
...                     {}, None)
>>> board.max_level, [r.name for r in board.costs[1]]
(2, ['TOY', 'EITHER'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fortlang.games.fort.model import Board, KidCard, MadeUpRule, Perk, PerkHook
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.model import Origin, Source
from fortlang.module import CardKind
from fortlang.nodes import Action, Expr, Node

#: The board's word for "one resource of either kind" (R1.5).
COST_WORDS = {"pizza": Resource.PIZZA, "toy": Resource.TOY, "either": Resource.EITHER}

Texts = Mapping[str, Node | None]


def _names(data: Mapping[str, Any]) -> dict[str, str]:
    return dict(data.get("names") or {})


def _printed(data: Mapping[str, Any]) -> dict[str, str]:
    return dict(data.get("printed") or {})


def build_kid(kind: CardKind, data: Mapping[str, Any], texts: Texts,
              origin: Origin | None) -> KidCard:
    """A kid card (R1.1) or best friend (R1.2); a box whose text does not parse is built
    blank (its error is reported: the set is not played)."""
    public, private = texts.get("public"), texts.get("private")
    assert public is None or isinstance(public, Action)
    assert private is None or isinstance(private, Action)
    return KidCard(
        id=data["id"], name=data["name"], suits=tuple(Suit(s) for s in data["suits"]),
        public=public, private=private,
        copies=data.get("copies", 1), best_friend=data.get("best_friend", False),
        source=Source(data.get("source", Source.PROVISIONAL.value)),
        note=data.get("note", ""), names=_names(data), origin=origin,
        notes=dict(data.get("notes") or {}))


def build_rule(kind: CardKind, data: Mapping[str, Any], texts: Texts,
               origin: Origin | None) -> MadeUpRule | None:
    """A made-up rule (R14); none when its scoring does not parse."""
    score = texts.get("score")
    if score is None:
        return None
    assert isinstance(score, Expr)
    return MadeUpRule(id=data["id"], name=data["name"], score=score, names=_names(data),
                      text=data.get("text", ""), origin=origin, printed=_printed(data))


def build_perk(kind: CardKind, data: Mapping[str, Any], texts: Texts,
               origin: Origin | None) -> Perk | None:
    """A perk (R15): an engine hook with its parameters, or an action in the language used
    ``when`` its trigger comes (none when that action does not parse)."""
    action = texts.get("action")
    if "when" in data and action is None:
        return None  # its action has a syntax error, reported already
    assert action is None or isinstance(action, Action)
    return Perk(id=data["id"], name=data["name"],
                hook=PerkHook(data.get("hook", PerkHook.ACTION.value)),
                params=dict(data.get("params") or {}),
                single_use=data.get("single_use", False), names=_names(data),
                text=data.get("text", ""), origin=origin, printed=_printed(data),
                when=data.get("when", ""), action=action)


def build_board(kind: CardKind, data: Mapping[str, Any], texts: Texts,
                origin: Origin | None) -> Board:
    """The player board (R1.5, R10): its fort track's costs and points, and its limits."""
    costs = tuple(tuple(COST_WORDS[w] for w in step) for step in data["costs"])
    fields = {k: v for k, v in data.items() if k not in ("costs", "points")}
    return Board(costs=costs, points=tuple(data["points"]), **fields)
