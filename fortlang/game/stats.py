"""Streaming statistics over many games: integer sums only, so merging chunks in any grouping
gives the same figures (``--workers`` never changes the results) and memory stays flat."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from fortlang.game.match import Outcome

#: A shared win (R11.3) gives each winner 1/k of a win; 12 = lcm(1..4) keeps it an integer.
SHARE = 12


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


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
class CardTally:
    held: int = 0  # player-games whose cards included it at the end
    held_wins: int = 0
    played: int = 0
    followed: int = 0

    def merge(self, other: CardTally) -> None:
        self.held += other.held
        self.held_wins += other.held_wins
        self.played += other.played
        self.followed += other.followed


@dataclass
class Aggregate:
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
    cards: dict[str, CardTally] = field(default_factory=dict)

    def add(self, out: Outcome, bots: list[str]) -> None:
        self.games += 1
        self.turns += out.turns
        credit = SHARE // len(out.winners)
        for s in out.scores:
            won = credit if s.seat in out.winners else 0
            self.seats.setdefault(s.seat, Tally()).add(won, s.total)
            self.bots.setdefault(bots[s.seat], Tally()).add(won, s.total)
            position = (s.seat - out.first) % len(out.scores)
            self.positions.setdefault(position, Tally()).add(won, s.total)
            self.overall.add(won, s.total)
            self.levels += s.level
            self.player_games += 1
            self.player_wins += won
            for card_id in out.holdings[s.seat]:
                t = self.cards.setdefault(card_id, CardTally())
                t.held += 1
                t.held_wins += won
        self.triggers.update(out.triggers)
        self.perks.update(out.perks_used)
        for card_id, k in out.played.items():
            self.cards.setdefault(card_id, CardTally()).played += k
        for card_id, k in out.followed.items():
            self.cards.setdefault(card_id, CardTally()).followed += k

    def merge(self, other: Aggregate) -> None:
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
        for key, c in other.cards.items():
            self.cards.setdefault(key, CardTally()).merge(c)

    def figures(self) -> dict[str, Any]:
        """Everything reported, as plain data (``--json``)."""
        n = self.games or 1
        cards = {}
        for card_id in sorted(self.cards):
            c = self.cards[card_id]
            not_held = self.player_games - c.held
            cards[card_id] = {
                "played": c.played, "followed": c.followed, "held": c.held,
                "win_rate_with": round(c.held_wins / SHARE / c.held, 4) if c.held else None,
                "win_rate_without": round((self.player_wins - c.held_wins) / SHARE / not_held, 4)
                if not_held else None,
            }
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
            "cards": cards,
        }
