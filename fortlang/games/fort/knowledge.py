"""What one seat knows about the hidden cards, and determinization: a table consistent with it.

A seat sees the public zones (every discard pile, yard, lookout and played card, the park, the
box), the sizes of every hand and deck, its own hand, and the contents (not the order) of its own
deck (R2.5, R2.6: it drew its starting cards itself). Hidden from it: rivals' hands and decks,
the park deck's order, every deck's order, rivals' made-up rules and the rule pile (R10.3), and
the game's generator (future shuffles, R9.1).

:class:`Knowledge` remembers where hidden cards must be, from what the seat saw each time it
looked at the table (each of its decisions):

- best friends never leave their owner (R1.2): one not in sight is in its owner's hand or deck;
- a card last seen in a rival's discard pile, in play or in a lookout and now out of sight was
  shuffled into that rival's deck (R9.1; Recycling, R15, takes it to that rival's hand);
- a card last seen in a yard or the park and now out of sight was recruited and shuffled away
  (R7.1, R9.1): by the one rival in a two-player game; at a bigger table it is not located.

Cards are only ever hidden by a reshuffle at the draw (R9.1), so nothing else can be inferred
from what was seen. A card that passes through sight between two looks is not remembered (the
seat errs on the side of knowing less). :func:`determinize` then deals every hidden card to a
hidden place, uniformly among the tables consistent with that knowledge.

Nothing here reads a hidden card to decide: the pool of hidden cards is everything not in
sight, sorted by uid, so two tables that differ only in hidden cards give the same samples.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from fortlang.engine.chance import shuffle  # rng.shuffle's draws, compiled with the engine
from fortlang.games.fort.model import MadeUpRule
from fortlang.games.fort.table import CardInstance, Game, Player

#: Public zones whose cards can only leave for their owner's hand or deck (or another public
#: zone): R5.3, R6.1, R8.1, R9.1, R1.5 (the lookout is never emptied).
_OWNER_ONLY = ("discard", "in_play", "lookout")


def _public(game: Game) -> dict[int, tuple[int | None, str]]:
    """Every card in sight: uid -> (owner seat, zone); the park and the box have no owner."""
    seen: dict[int, tuple[int | None, str]] = {}
    for p in game.players:
        for zone, cards in (("discard", p.discard), ("yard", p.yard),
                            ("lookout", p.lookout), ("in_play", p.in_play)):
            for c in cards:
                seen[c.uid] = (p.seat, zone)
    for c in game.park:
        seen[c.uid] = (None, "park")
    for c in game.box:
        seen[c.uid] = (None, "box")
    return seen


def _own_hidden(p: Player) -> Iterator[CardInstance]:
    """The seat's own hand and deck: it knows both as sets (not the deck's order)."""
    yield from p.hand
    yield from p.deck


class Knowledge:
    """Where ``seat`` knows hidden cards to be; :meth:`look` after every change of table."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.located: dict[int, int] = {}  # uid -> the rival whose hand or deck holds it
        self._last: dict[int, tuple[int | None, str]] = {}
        self._friends: dict[int, int] | None = None  # best friend uid -> owner (R1.2, R2.1)

    def look(self, game: Game) -> None:
        """Update from the table as the seat sees it now (public zones, its own cards)."""
        if self._friends is None:
            # Which best friends sit where is public from set-up on (R2.1: a board and its two
            # best friends, face up): only that flag of hidden cards is read.
            self._friends = {c.uid: p.seat for p in game.players
                             for _, zone in p.zones() for c in zone if c.card.best_friend}
        now = _public(game)
        mine = {c.uid for c in _own_hidden(game.players[self.seat])}
        rivals = [p.seat for p in game.players if p.seat != self.seat]
        for uid, (owner, zone) in self._last.items():
            if uid in now or uid in mine:
                continue
            if owner is not None and zone in _OWNER_ONLY:
                if owner != self.seat:
                    self.located[uid] = owner
            elif len(rivals) == 1:
                self.located[uid] = rivals[0]
        for uid in now:
            self.located.pop(uid, None)
        for uid in mine:
            self.located.pop(uid, None)
        self._last = now

    def where(self, uid: int) -> int | None:
        """The rival known to hold ``uid`` out of sight, or None."""
        friend = self._friends.get(uid) if self._friends else None
        if friend is not None and friend != self.seat:
            return friend
        return self.located.get(uid)


def determinize(game: Game, knowledge: Knowledge, rules: Sequence[MadeUpRule],
                rng: random.Random) -> None:
    """Deal ``game``'s hidden cards anew, as ``knowledge.seat`` could imagine them: rivals'
    hands and decks, the park deck and the seat's own deck order; rivals' made-up rules and
    the rule pile from ``rules`` (the table's, less the seat's own); reseed the game's generator.
    Zone sizes stay; lists are refilled in place (a parked engine keeps references to them).

    ``game`` must be the seat's own copy (a clone): this rewrites it."""
    seat = knowledge.seat
    me = game.players[seat]
    rivals = [p for p in game.players if p.seat != seat]
    hidden: list[CardInstance] = [c for p in rivals for c in (*p.hand, *p.deck)]
    hidden += game.park_deck
    hidden.sort(key=lambda c: c.uid)  # the pool as a set: the true order never shows through
    known: dict[int, list[CardInstance]] = {p.seat: [] for p in rivals}
    pool: list[CardInstance] = []
    for c in hidden:
        owner = knowledge.where(c.uid)
        (known[owner] if owner in known else pool).append(c)
    shuffle(rng, pool)
    for i, p in enumerate(rivals):
        slots = len(p.hand) + len(p.deck)
        cards = known[p.seat]
        if len(cards) > slots:  # the knowledge places too many with this rival (it errs)
            pool.extend(cards[slots:])
            cards = cards[:slots]
        if slots - len(cards) > len(pool):
            # ... or with a later one, so the pool runs dry here: that surplus is dealt here
            # (issue 31: a 10-level board, 4 players). Only then: the deals stay as they were.
            for q in rivals[i + 1:]:
                room = len(q.hand) + len(q.deck)
                pool.extend(known[q.seat][room:])
                del known[q.seat][room:]
        cards = cards + [pool.pop() for _ in range(slots - len(cards))]
        shuffle(rng, cards)
        hand = len(p.hand)
        p.hand[:] = cards[:hand]
        p.deck[:] = cards[hand:]
    game.park_deck[:] = pool
    own = sorted(me.deck, key=lambda c: c.uid)
    shuffle(rng, own)
    me.deck[:] = own
    _deal_rules(game, me, rivals, rules, rng)
    game.rng.seed(rng.getrandbits(64))  # future shuffles (R9.1) are unknown too


def _deal_rules(game: Game, me: Player, rivals: Sequence[Player],
                rules: Sequence[MadeUpRule], rng: random.Random) -> None:
    """Rivals' made-up rules and the pile (R2.2, R10.3: chosen secretly, the pile face down)."""
    holders = [p for p in rivals if p.rule is not None]  # who has one is public
    if not holders and not game.rule_pile:
        return
    unknown = [r for r in rules if me.rule is None or r.id != me.rule.id]
    shuffle(rng, unknown)
    need = len(holders) + len(game.rule_pile)
    if len(unknown) < need:  # a table with fewer rules than places: keep what is there
        return
    for p in holders:
        p.rule = unknown.pop()
    game.rule_pile[:] = unknown[: len(game.rule_pile)]
