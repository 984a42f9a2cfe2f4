"""Small builders for tests, scenarios and benchmarks: kid cards from action text, and a table
with cards dealt into chosen zones.

>>> bug = kid("Bug", "shovel", "gain pizza x shovel", "score x level")
>>> bug.suits, bug.private
((<Suit.SHOVEL: 'shovel'>,), Repeat(body=Score(amount=1), count=FortLevel()))
"""

from __future__ import annotations

import random
from typing import Any

from fortlang.engine.choices import RandomAgent, ScriptedAgent
from fortlang.games.fort.model import (
    KidCard,
    best_friends_of,
    board_of,
    park_kids_of,
    perks_of,
    rules_of,
)
from fortlang.games.fort.nodes import TOKENS, Suit
from fortlang.games.fort.table import CardInstance, Game
from fortlang.model import CardSet
from fortlang.parser import parse_action
from fortlang.sim.seats import Seats


def kid(name: str, suits: str, public: str | None = None, private: str | None = None,
        *, best_friend: bool = False) -> KidCard:
    """A kid card; ``suits`` is space- or plus-separated (``"coin crown"``); None is a blank box."""
    return KidCard(
        id=name.lower().replace(" ", "-"),
        name=name,
        suits=tuple(Suit(s) for s in suits.replace("+", " ").split()),
        public=parse_action(public) if public else None,
        private=parse_action(private) if private else None,
        best_friend=best_friend,
    )


class Recorder(ScriptedAgent):
    """A scripted agent that also keeps every decision it was asked, for tests to inspect."""

    def __init__(self, answers=()):
        super().__init__(answers)
        self.seen = []

    def choose(self, view, decision):
        self.seen.append(decision)
        return super().choose(view, decision)


def bare_table(cardset: CardSet) -> Game:
    """Two seats on the set's board, random agents seeded 0 and 1, the first seat without
    perks (the table the lead's shortcut tests play one made-up card on)."""
    game = Game(2, board_of(cardset),
                asker=Seats([RandomAgent(random.Random(s)) for s in range(2)]))
    game.players[0].perks.clear()
    return game


def random_table(cardset: CardSet, n_players: int, seed: int, *, agents: str = "random",
                 debug: bool = False) -> Game:
    """A plausible mid-game table for tests and benchmarks: the set's kids shuffled into the
    park deck and dealt to random zones, random tokens, levels and perks, random agents.

    Not a set-up by the rules (R2 is the game loop's job): it exists to reach many states."""
    rng = random.Random(seed)
    game = Game(n_players, board_of(cardset), seed=seed, debug=debug,
                asker=Seats([RandomAgent(rng.getrandbits(32)) for _ in range(n_players)])
                if agents == "random" else None)
    kids = [k for k in park_kids_of(cardset) for _ in range(k.copies)]
    rng.shuffle(kids)
    game.new_cards(kids, game.park_deck)
    for _ in range(3):
        game.move(game.park_deck, len(game.park_deck) - 1, game.park)
    friends = list(best_friends_of(cardset))
    for p in game.players:
        game.new_cards(friends[2 * p.seat: 2 * p.seat + 2], p.deck)
        p.level = rng.randrange(0, 4)
        zones = (p.hand, p.hand, p.hand, p.discard, p.discard, p.yard, p.deck)
        for _ in range(rng.randrange(6, 14)):
            if game.park_deck:
                game.move(game.park_deck, len(game.park_deck) - 1, rng.choice(zones))
        for _ in range(rng.randrange(0, game.lookout_capacity(p) + 1)):
            if game.park_deck:
                game.move(game.park_deck, len(game.park_deck) - 1, p.lookout)
        for res in TOKENS:
            game.give(p, res, rng.randrange(0, game.board.stuff_capacity + 1))
        for _ in range(rng.randrange(0, game.pack_capacity(p) + 1)):
            game.give(p, rng.choice(TOKENS), 1, to_pack=True)
    rules, perks = list(rules_of(cardset)), list(perks_of(cardset))
    rng.shuffle(rules)
    rng.shuffle(perks)
    game.rule_pile.extend(rules[: n_players + 1])
    game.perk_row.extend(perks[: n_players + 1])
    for p in game.players:
        if rng.random() < 0.3 and game.perk_row:
            p.perks.append(game.perk_row.pop())
    return game


def recorded_play(game: Game, seat: int, card: CardInstance, *, follow: bool = True) -> tuple:
    """Play ``card`` (from the hand of ``seat``) if it can be played: the rule that forbids it
    or None (R5.4, R5.5), every decision as offered (its kind, options, the options excluded
    with their rules, the answer) and the final state. Plays compared this way (a shortcut on
    and off) offer the same options, exclude the same ones for the same rules and end alike."""
    from fortlang.games.fort.play import play_card, why_not_by_search

    seen: list[tuple] = []
    game.on_decision = lambda d, i: seen.append((d.kind, d.labels, d.excluded, i))
    rule = why_not_by_search(game, seat, card)
    if rule is None:
        play_card(game, seat, card, checked=True, follow=follow)
    return rule, seen, game.snapshot()


def played_game(cardset: CardSet, lineup: list[str], players: int, seed: int) -> tuple[list, Any]:
    """A whole game of ``lineup``'s bots (simulate's seating and seeds for game ``seed``), played
    by the engine's own loop: its decision log and its Outcome."""
    from fortlang.games.fort.agents.bots import make_bots
    from fortlang.games.fort.match import run_game
    from fortlang.games.fort.setup import new_game

    agents = make_bots(lineup, players, seed)
    game, first = new_game(cardset, players, seed=seed, agents=agents)
    out = run_game(cardset, players, agents, seed=seed, game=game, first=first)
    return list(game.log), out
