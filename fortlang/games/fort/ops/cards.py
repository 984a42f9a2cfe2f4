"""Fort's card primitives (R12.3-R12.6, R12.10, core C1): lookout, destroy card, recruit,
destroy a rival's card, draw, destroy this.
"""

from __future__ import annotations

from typing import Any, Final, cast

from fortlang.engine.choices import K_DESTROY, K_DESTROY_RIVAL, K_LOOKOUT, K_RECRUIT
from fortlang.engine.interpreter import Ctx
from fortlang.engine.program import CARDS_MOVED, Judgement, K, Op
from fortlang.games.fort import nodes as n
from fortlang.games.fort.context import FortCtx, FortJudgement
from fortlang.games.fort.model import PerkHook
from fortlang.games.fort.moves import card_moves, distinct, perk_places, recruit_places, yard_place
from fortlang.games.fort.ops import DECK, DISCARD, HAND, LEVEL, LOOKOUT, SOURCES
from fortlang.games.fort.table import Player

#: Enum members as module constants (a global, not an enum lookup).
LOOKOUT_FROM_ANYWHERE: Final = PerkHook.LOOKOUT_FROM_ANYWHERE

# -- cards (R12.3-R12.6, R12.10, core C1) --------------------------------------------------------


class _CardsOp(Op):
    known = True
    touches = CARDS_MOVED


class LookoutOp(_CardsOp):
    """R12.3 (capacity R10.2); Bribe (R15) widens the sources on your turn to the places its
    data names: the park, the park deck, rivals' yards, your discard pile."""

    unhelpful = True
    exact_once = True
    exact_repeated = True  # for a follower: no perk widens it (R15)
    uniform = True  # a card from any place offered: one more in the lookout
    on_turn = True
    needs = HAND | LOOKOUT | LEVEL
    lowers = HAND | LOOKOUT  # other places only with a perk (see on_turn)

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        game, p = ctx.game, ctx.player
        if game.lookout_room(p) <= 0:
            return k(False)
        places: list[tuple[list, str, Any]] = [(p.hand, "from your hand", ("hand",))]
        perk = p.perk(LOOKOUT_FROM_ANYWHERE) if ctx.leader and p.perks else None
        if perk is None:
            return card_moves(ctx, places, p.lookout, K_LOOKOUT, k, refill_park=True)
        sources = perk_places(perk)
        if "park" in sources:
            places.append((game.park, "from the park", ("park",)))
        if "park_deck" in sources:
            places.append((game.park_deck, "", ()))
        if "yard" in sources:
            places += [yard_place(q) for q in game.rivals(ctx.seat)]
        if "discard" in sources:
            places.append((p.discard, "from your discard", ("discard",)))

        def used(zone: list) -> None:
            if zone is not p.hand:
                game.use_perk(p, perk)

        return card_moves(ctx, places, p.lookout, K_LOOKOUT, k, refill_park=True, used=used)

    def now(self, j: Judgement) -> bool:
        s = cast(FortJudgement, j)
        return s.game.lookout_room(s.p) > 0 and len(s.p.hand) > s.leaving

    def stuck(self, j: Judgement) -> bool:
        """No room in the lookout, or no card in the hand (once ``leaving`` cards left it; cards
        added later only leave it emptier) and no perk that may widen the places (R15,
        Bribe): no card is moved."""
        s = cast(FortJudgement, j)
        if s.game.lookout_room(s.p) <= 0:
            return True
        return not s.turn_perks() and len(s.p.hand) <= s.leaving

    def repeated(self, j: Judgement, times: int) -> bool:
        """Room for each card, and a hand card for each (a perk's other places only leave
        more in the hand)."""
        s = cast(FortJudgement, j)
        return s.game.lookout_room(s.p) >= times and len(s.p.hand) - s.leaving >= times


def _in_play(p: Player) -> list[tuple[str, str]]:
    """The cards `destroy card` never offers (``Game.explain``): played or added (R12.4). A
    module function with a partial, not a closure: compiled, a closure's environment is one more
    object and a reference cycle."""
    return [(f"{p.in_play[i].name} (played or added: in play)", "R12.4")
            for i in distinct(p.in_play)]


class _Refusals:
    """``_in_play`` of one player, as a thunk."""

    def __init__(self, p: Player) -> None:
        self.p = p

    def __call__(self) -> list[tuple[str, str]]:
        return _in_play(self.p)


class DestroyCardOp(_CardsOp):
    """R12.4: hand or discard pile, never the deck; played and added cards are in play."""

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        p = ctx.player
        places = [(p.hand, "from your hand", ("hand",)),
                  (p.discard, "from your discard", ("discard",))]
        return card_moves(ctx, places, ctx.game.box, K_DESTROY, k, refused=_Refusals(p))

    uniform = True  # a card from either place: one destroyed
    needs = HAND | DISCARD
    lowers = HAND | DISCARD

    def now(self, j: Judgement) -> bool:
        s = cast(FortJudgement, j)
        return len(s.p.hand) > s.leaving or bool(s.p.discard)

    def repeated(self, j: Judgement, times: int) -> bool:
        """A card for each, from the hand and the discard pile together."""
        s = cast(FortJudgement, j)
        return len(s.p.hand) - s.leaving + len(s.p.discard) >= times


class RecruitOp(_CardsOp):
    """R12.6: as the recruit phase (R7.1)."""

    unhelpful = True
    exact_once = True

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        return card_moves(ctx, recruit_places(ctx.game), ctx.player.discard, K_RECRUIT, k,
                          refill_park=True)

    uniform = True  # a card from any place: one recruited
    exact_repeated = True
    needs = SOURCES
    lowers = SOURCES  # and adds to the discard pile

    def now(self, j: Judgement) -> bool:
        s = cast(FortJudgement, j)
        game = s.game
        return bool(game.park or game.park_deck or any(q.yard for q in game.players))

    def repeated(self, j: Judgement, times: int) -> bool:
        """A card for each among the park, the park deck (refilling the park keeps their sum)
        and the yards (R7.1); none comes back to them."""
        s = cast(FortJudgement, j)
        game = s.game
        total = len(game.park) + len(game.park_deck)
        for q in game.players:
            total += len(q.yard)
        return total >= times


class DestroyRivalOp(_CardsOp):
    """R12.10: box a card from a rival's yard."""

    unhelpful = True
    exact_once = True

    def run(self, c: Ctx, k: K) -> bool:
        ctx = cast(FortCtx, c)
        game = ctx.game
        places = [yard_place(q) for q in game.rivals(ctx.seat)]
        return card_moves(ctx, places, game.box, K_DESTROY_RIVAL, k)

    uniform = True  # a card from any rival's yard: one boxed
    exact_repeated = True
    needs = SOURCES
    lowers = SOURCES

    def now(self, j: Judgement) -> bool:
        s = cast(FortJudgement, j)
        return any(q.yard for q in s.game.rivals(s.p.seat))

    def repeated(self, j: Judgement, times: int) -> bool:
        """A card for each in the rivals' yards together."""
        s = cast(FortJudgement, j)
        total = 0
        for q in s.game.rivals(s.p.seat):
            total += len(q.yard)
        return total >= times


class DrawOp(_CardsOp):
    """Core C1: from the top of the deck into the hand; an empty deck is not refilled (a
    reshuffle is random, and only the draw phase does it, R9.1): in full if N were drawn."""

    straight = True
    needs = DECK
    lowers = DECK  # and adds to the hand

    def __init__(self, node: n.Draw) -> None:
        super().__init__(node)
        self.amount: int = node.amount

    def once(self, c: Ctx) -> bool:
        ctx = cast(FortCtx, c)
        game, p = ctx.game, ctx.player
        got = min(self.amount, len(p.deck))
        for _ in range(got):
            game.move(p.deck, len(p.deck) - 1, p.hand)
        return got == self.amount

    def now(self, s: Judgement) -> bool:
        return self.repeated(s, 1)

    def repeated(self, j: Judgement, times: int) -> bool:
        """Enough cards in the deck for every draw (it is not refilled meanwhile)."""
        s = cast(FortJudgement, j)
        return self.amount >= 1 and len(s.p.deck) >= self.amount * times


class DestroyThisOp(Op):
    """R12.5: the leader's card is boxed once the followers are done (see play.py). A follower
    has no "this card" of their own: for them it does nothing (interpretation)."""

    known = True
    touches = 0
    unhelpful = True
    straight = True
    needs = 0
    lowers = 0

    def once(self, c: Ctx) -> bool:
        ctx = cast(FortCtx, c)
        if ctx.play is not None:
            ctx.game.set(ctx.play, "destroy_this", True)
        return True

    def now(self, s: Judgement) -> bool:
        return True  # the leader's card is marked; a follower does nothing
