"""Comparing the `then` fields with the table: only the fields written are compared.

Card zones compare as multisets of card names (a designer lists what is there, in any order);
tokens compare per kind written (`stuff: {pizza: 4}` says nothing about toys); perks and the
made-up rule compare by name; `score` is the final score and `winners` who wins if the game
ends now (R11.2, R11.3, from the game loop's scoring). Each difference is a :class:`Diff`
with a field path such as ``player1.stuff.pizza`` (players numbered from 1, as in `given`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from fortlang.games.fort.model import KidCard
from fortlang.games.fort.scenarios.format import PLAYER_ZONES, TABLE_ZONES, TableState
from fortlang.games.fort.scenarios.given import RESOURCES
from fortlang.games.fort.table import CardInstance, Game, Player, Pool
from fortlang.scenario.outcome import Diff


def _names(cards: Any) -> list[str]:
    return sorted(c.name for c in cards)


def _zone(expected: tuple[KidCard, ...], got: list[CardInstance]) -> tuple[Any, Any] | None:
    want, have = _names(expected), _names(got)
    return None if want == have else (want, have)


def _same(expected: Any, got: Any) -> tuple[Any, Any] | None:
    return None if expected == got else (expected, got)


def _tokens(path: str, expected: Mapping[str, int], got: Pool) -> Iterator[Diff]:
    for word, amount in expected.items():
        have = got[RESOURCES[word]]
        if have != amount:
            yield Diff(f"{path}.{word}", amount, have)


#: Player field -> (expected value, player) -> (expected, got) when they differ.
_PLAYER_FIELDS: dict[str, Callable[[Any, Player], tuple[Any, Any] | None]] = {
    **{zone: (lambda z: lambda want, p: _zone(want, getattr(p, z)))(zone)
       for zone in PLAYER_ZONES},
    "level": lambda want, p: _same(want, p.level),
    "vp": lambda want, p: _same(want, p.vp),
    "rule": lambda want, p: _same(want.name if want else None, p.rule.name if p.rule else None),
    "perks": lambda want, p: _same(sorted(k.name for k in want), sorted(k.name for k in p.perks)),
}


def _final(game: Game, p: Player) -> int:
    from fortlang.games.fort.scoring import final_score  # the game loop's scoring (R11.2, R14)

    return final_score(game, p).total


def _winners(game: Game) -> list[int]:
    from fortlang.games.fort.scoring import final_score, winners

    return [s + 1 for s in winners([final_score(game, p) for p in game.players])]


#: Table fields that are not card zones: (expected, game) -> (expected, got) when they differ.
_TABLE_FIELDS: dict[str, Callable[[Any, Game], tuple[Any, Any] | None]] = {
    "macaroni": lambda want, game: _same(want, None if game.macaroni is None
                                         else game.macaroni + 1),
    "winners": lambda want, game: _same(sorted(want), _winners(game)),
    "rule_pile": lambda want, game: _same(sorted(r.name for r in want),
                                          sorted(r.name for r in game.rule_pile)),
    "perk_row": lambda want, game: _same(sorted(k.name for k in want),
                                         sorted(k.name for k in game.perk_row)),
}


def compare(expect: TableState, game: Game, over: bool = False,
            triggers: Sequence[str] = (), first: int = 0) -> list[Diff]:
    """Every difference between the expected fields and the table, in the order written
    (``over``: whether the game has ended, ``triggers``: the end triggers that happened,
    R11.1; ``first``: the first player's seat, R2.1)."""
    out: list[Diff] = []
    for i, spec in enumerate(expect.players):
        p = game.players[i]
        for key, want in spec.fields.items():
            path = f"player{i + 1}.{key}"
            if key in ("stuff", "pack"):
                out.extend(_tokens(path, want, getattr(p, key)))
                continue
            diff = _same(want, _final(game, p)) if key == "score" else _PLAYER_FIELDS[key](want, p)
            if diff is not None:
                out.append(Diff(path, *diff))
    for key, want in expect.fields.items():
        if key == "supply":
            out.extend(_tokens("supply", want, game.supply))
        elif key == "game_over":
            if want != over:
                out.append(Diff(key, want, over))
        elif key == "first_player":
            if want != first + 1:
                out.append(Diff(key, want, first + 1))
        elif key == "triggers":
            if sorted(want) != sorted(triggers):
                out.append(Diff(key, sorted(want), sorted(triggers)))
        else:
            diff = (_zone(want, getattr(game, key)) if key in TABLE_ZONES
                    else _TABLE_FIELDS[key](want, game))
            if diff is not None:
                out.append(Diff(key, *diff))
    return out
