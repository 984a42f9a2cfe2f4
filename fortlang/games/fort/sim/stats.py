"""Streaming statistics over many games: integer sums only, so merging chunks in any grouping
gives the same figures (``--workers`` and ``--backend`` never change the results) and memory
stays flat. Intervals: Wilson for proportions (win rates), Student's t for means (what one play
yields); docs/simulate.md explains them and their limits."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from fortlang.games.fort.gains import CARD_RATE
from fortlang.games.fort.match import Outcome
from fortlang.games.fort.model import kids_of, perks_of, rules_of
from fortlang.model import CardSet
from fortlang.sim.intervals import (  # noqa: F401 (Fort's callers import them here too)
    MIN_PLAYS,
    flag_against_median,
    flag_outliers,
    t_interval,
    wilson,
)

#: A shared win (R11.3) gives each winner 1/k of a win; 12 = lcm(1..4) keeps it an integer.
SHARE = 12


@dataclass
class Tally:
    games: int = 0
    wins: int = 0  # in 1/SHARE of a win
    score: int = 0
    score_sq: int = 0

    def add(self, won: int, score: int) -> None:
        self.games += 1
        self.wins += won
        self.score += score
        self.score_sq += score * score

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.score += other.score
        self.score_sq += other.score_sq

    def figures(self) -> dict[str, Any]:
        n = self.games
        rate = self.wins / SHARE / n if n else 0.0
        low, high = wilson(self.wins / SHARE, n)
        mean = self.score / n if n else 0.0
        var = self.score_sq / n - mean * mean if n else 0.0
        return {"games": n, "win_rate": round(rate, 4), "ci95": [round(low, 4), round(high, 4)],
                "mean_score": round(mean, 2), "score_sd": round(math.sqrt(max(var, 0.0)), 2)}


@dataclass
class ItemTally:
    """One kid card, perk or made-up rule over a run. Sums of yields are in 1/``scale`` point
    (integers: exact whatever the grouping of batches)."""

    played: int = 0  # times played as leader (kids), used (perks)
    followed: int = 0  # times discarded to follow (R6)
    recruited: int = 0  # times it came into a player's cards during a game
    acquired: int = 0  # player-games that had it at some point
    acquired_wins: int = 0  # in 1/SHARE of a win
    yields: int = 0  # plays measured (kids) or games scored (made-up rules)
    points: int = 0  # in 1/scale point
    points_sq: int = 0
    #: what the plays measured brought, summed by Gain's part: native ints (compiled, a
    #: list's items would be boxed at every play's sum)
    vp: int = 0
    resources: int = 0
    cards: int = 0
    fort: int = 0

    def merge(self, other: ItemTally) -> None:
        for name in ("played", "followed", "recruited", "acquired", "acquired_wins", "yields",
                     "points", "points_sq", "vp", "resources", "cards", "fort"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def parts(self) -> list[int]:
        """The sums of the plays' gains by part: vp, resources, cards, fort."""
        return [self.vp, self.resources, self.cards, self.fort]


@dataclass
class Aggregate:
    """Every figure of a run. ``rate``: points per resource (fortlang.games.fort.gains); ``kinds``:
    item id -> "kid", "perk" or "rule", for every item of the sets played."""

    rate: Fraction = Fraction(1)
    kinds: dict[str, str] = field(default_factory=dict)
    games: int = 0
    turns: int = 0
    levels: int = 0  # summed over every player of every game
    player_games: int = 0
    player_wins: int = 0  # in 1/SHARE
    seats: dict[int, Tally] = field(default_factory=dict)
    bots: dict[str, Tally] = field(default_factory=dict)
    positions: dict[int, Tally] = field(default_factory=dict)  # 0 = the first player (R2.1)
    overall: Tally = field(default_factory=Tally)
    triggers: Counter = field(default_factory=Counter)
    perks: Counter = field(default_factory=Counter)
    items: dict[str, ItemTally] = field(default_factory=dict)
    score_hist: Counter = field(default_factory=Counter)  # final score -> player-games
    turns_hist: Counter = field(default_factory=Counter)  # game length in turns -> games
    #: :meth:`_units` of the last (rate, card rate) it was worked out for, by identity: a
    #: Fraction's numerator and denominator are interpreted properties, read once a run
    _units_of: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    def _item(self, key: str) -> ItemTally:
        return _item_of(self.items, key)

    def add(self, out: Outcome, bots: list[str]) -> None:
        """One game; ``bots[seat]`` is the bot that sat there. Runs once a game in simulate's
        loop, compiled with the engine (pyproject.toml): plain dict updates through typed
        locals (a Counter's ``update`` and a dataclass made for ``setdefault``'s default cost
        more than the game's figures), each yield's points in integers when the exchange
        rates allow it (:meth:`_units`)."""
        self.games += 1
        turns = out.turns
        self.turns += turns
        _bump(self.turns_hist, turns, 1)
        winners = out.winners
        credit = SHARE // len(winners)
        scores = out.scores
        seats = len(scores)
        first = out.first
        acquired = out.acquired
        items = self.items
        by_seat, by_bot, by_position = self.seats, self.bots, self.positions
        overall, score_hist = self.overall, self.score_hist
        for s in scores:
            seat, total = s.seat, s.total
            won = credit if seat in winners else 0
            _tally(by_seat, seat).add(won, total)
            _tally(by_bot, bots[seat]).add(won, total)
            _tally(by_position, (seat - first) % seats).add(won, total)
            overall.add(won, total)
            _bump(score_hist, total, 1)
            self.levels += s.level
            self.player_games += 1
            self.player_wins += won
            if acquired:
                for key in acquired[seat]:
                    t = items.get(key)
                    if t is None:
                        t = _new_item(items, key)
                    t.acquired += 1
                    t.acquired_wins += won
        triggers, perks = self.triggers, self.perks
        for key in out.triggers:
            _bump(triggers, key, 1)
        # each item's tally looked up in place (_item_of's lookup, without its call per item)
        for key, k in out.played.items():
            t = items.get(key)
            if t is None:
                t = _new_item(items, key)
            t.played += k
        for key, k in out.followed.items():
            t = items.get(key)
            if t is None:
                t = _new_item(items, key)
            t.followed += k
        for key, k in out.perks_used.items():
            _bump(perks, key, k)
            _item_of(items, key).played += k
        for key, k in out.recruited.items():
            t = items.get(key)
            if t is None:
                t = _new_item(items, key)
            t.recruited += k
        units = self._units()
        rate = self.rate
        point = resource = card = 0
        if units is not None:
            point, resource, card = units
        for key, gain in out.yields:  # a play's yield: the most frequent figure of all
            t = items.get(key)
            if t is None:
                t = _new_item(items, key)
            vp, resources, cards, fort = gain
            if units is not None:  # a part that is 0 adds 0 (no multiplication made for it)
                value = 0
                points = vp + fort
                if points:
                    value = points * point
                if resources:
                    value += resources * resource
                if cards:
                    value += cards * card
            else:
                value = int(gain.points(rate) * rate.denominator)
            t.yields += 1
            t.points += value
            t.points_sq += value * value
            t.vp += vp
            t.resources += resources
            t.cards += cards
            t.fort += fort

    def _units(self) -> tuple[int, int, int] | None:
        """A point, a resource and a card in 1/denominator of the resource rate, when a card
        is a whole number of points (then a yield's points in that unit are exact integers,
        what ``int(gain.points(rate) * denominator)`` gives); None otherwise."""
        known = self._units_of
        rate, card_rate = self.rate, CARD_RATE
        if len(known) == 3 and known[0] is rate and known[1] is card_rate:
            units: tuple[int, int, int] | None = known[2]
            return units
        if card_rate.denominator != 1:
            units = None
        else:
            scale = rate.denominator
            units = scale, rate.numerator, card_rate.numerator * scale
        self._units_of = (rate, card_rate, units)
        return units

    def merge(self, other: Aggregate) -> None:
        if not self.kinds:
            self.rate, self.kinds = other.rate, dict(other.kinds)
        self.games += other.games
        self.turns += other.turns
        self.levels += other.levels
        self.player_games += other.player_games
        self.player_wins += other.player_wins
        for mine, theirs in ((self.seats, other.seats), (self.bots, other.bots),
                             (self.positions, other.positions)):
            for key, t in theirs.items():
                mine.setdefault(key, Tally()).merge(t)  # type: ignore[arg-type]
        self.overall.merge(other.overall)
        self.triggers.update(other.triggers)
        self.perks.update(other.perks)
        self.score_hist.update(other.score_hist)
        self.turns_hist.update(other.turns_hist)
        for key, c in other.items.items():
            self._item(key).merge(c)

    def _item_figures(self, key: str, t: ItemTally) -> dict[str, Any]:
        scale = self.rate.denominator
        n_without = self.player_games - t.acquired
        wins_without = (self.player_wins - t.acquired_wins) / SHARE
        effect = t.points / scale / t.yields if t.yields else None
        ci = t_interval(t.points / scale, t.points_sq / scale / scale, t.yields)
        out: dict[str, Any] = {
            "kind": self.kinds.get(key, "kid"),
            "recruited": t.recruited, "played": t.played, "followed": t.followed,
            "acquired": t.acquired,
            "win_rate_acquired": _rate(t.acquired_wins / SHARE, t.acquired),
            "win_rate_acquired_ci95": _ci(t.acquired_wins / SHARE, t.acquired),
            "win_rate_not_acquired": _rate(wins_without, n_without),
            "win_rate_not_acquired_ci95": _ci(wins_without, n_without),
            "effect": round(effect, 3) if effect is not None else None,
            "effect_ci95": [round(ci[0], 3), round(ci[1], 3)] if ci else None,
            "effect_n": t.yields,
            "flag": None,
        }
        if t.yields and self.kinds.get(key, "kid") != "rule":
            vp, res, cards, fort = (x / t.yields for x in t.parts)
            out["yield"] = {"vp": round(vp, 3), "resources": round(res, 3),
                            "cards": round(cards, 3), "fort_points": round(fort, 3)}
        return out

    def figures(self, margin: float = 0.0) -> dict[str, Any]:
        """Everything reported, as plain data (``--json``); ``margin``: see
        :func:`flag_against_median`."""
        n = self.games or 1
        by_kind: dict[str, dict[str, Any]] = {"kid": {}, "perk": {}, "rule": {}}
        keys = sorted(set(self.items) | set(self.kinds))
        for key in keys:
            kind = self.kinds.get(key, "kid")
            by_kind[kind][key] = self._item_figures(key, self.items.get(key, ItemTally()))
        cards = by_kind["kid"]
        median = flag_against_median(cards, margin)
        ranking = sorted((k for k, c in cards.items() if c["effect"] is not None),
                         key=lambda k: (-cards[k]["effect"], k))
        return {
            "games": self.games,
            "mean_turns": round(self.turns / n, 2),
            "mean_fort_level": round(self.levels / max(self.player_games, 1), 3),
            "score": self.overall.figures(),
            "seats": {str(k): self.seats[k].figures() for k in sorted(self.seats)},
            "bots": {k: self.bots[k].figures() for k in sorted(self.bots)},
            "turn_order": {str(k): self.positions[k].figures() for k in sorted(self.positions)},
            "end_triggers": {k: round(v / n, 4) for k, v in sorted(self.triggers.items())},
            "perks_used": dict(sorted(self.perks.items())),
            "exchange_rate": {"vp": 1, "fort_point": 1, "card": float(CARD_RATE),
                              "resource": round(float(self.rate), 4),
                              "resource_fraction": f"{self.rate.numerator}/"
                                                   f"{self.rate.denominator}"},
            "median_effect": round(median, 3) if median is not None else None,
            "flag_margin": margin,
            "ranking": ranking,
            "cards": cards,
            "perks": by_kind["perk"],
            "rules": by_kind["rule"],
            "score_histogram": {str(k): v for k, v in sorted(self.score_hist.items())},
            "turns_histogram": {str(k): v for k, v in sorted(self.turns_hist.items())},
        }


def _item_of(items: dict[str, ItemTally], key: str) -> ItemTally:
    t = items.get(key)
    if t is None:
        t = items[key] = ItemTally()
    return t


def _new_item(items: dict[str, ItemTally], key: str) -> ItemTally:
    """A new tally for ``key``, in ``items`` (which has none for it)."""
    t = items[key] = ItemTally()
    return t


def _tally(tallies: dict[Any, Tally], key: Any) -> Tally:
    t = tallies.get(key)
    if t is None:
        t = tallies[key] = Tally()
    return t


def _bump(counter: dict[Any, int], key: Any, k: int) -> None:
    """``counter[key] += k`` on a Counter (Aggregate's), through dict's own item assignment:
    a Counter's is a slot that looks ``__setitem__`` up at every call (Counter defines
    ``__delitem__``), the same dict written."""
    _SET_ITEM(counter, key, counter.get(key, 0) + k)


#: fetched once (compiled, a class attribute is a lookup at each use)
_SET_ITEM: Final = dict.__setitem__


def _rate(wins: float, n: int) -> float | None:
    return round(wins / n, 4) if n else None


def _ci(wins: float, n: int) -> list[float] | None:
    if not n:
        return None
    low, high = wilson(wins, n)
    return [round(low, 4), round(high, 4)]


def kinds_of(cardset: CardSet) -> dict[str, str]:
    """Item id -> kind, for every kid card, perk and made-up rule of a set."""
    out = {k.id: "kid" for k in kids_of(cardset)}
    out.update({p.id: "perk" for p in perks_of(cardset)})
    out.update({r.id: "rule" for r in rules_of(cardset)})
    return out
