"""The scenario's answers: each decision the engine asks, answered from what a move says, by
decision kind.

A move says things the way a player would ("add The Moles", "use public first", "choose
pizza"); the engine asks in its own order. The runner has the engine ask every question, even
one with a single possible answer, and list the options the rules never offer with the rule
that refuses each (``Game.explain``). So each kind of decision takes its answer from its own
queue: boost decisions from `add` then `lookout` (then "stop"), the order from `use` (default:
the first legal order), coins from `coin`, `x any` from `suit`, following from `follow` /
`decline`, the play phase and the perks from the move's verb and keys, and every other choice
from `choose`: the first answer that fits the question. A question with one possible answer
that no answer fits takes that answer; every answer written must be used (R-less scenario
mistake otherwise, see :meth:`Script.leftovers`). An answer naming an option the rules exclude
or refuse raises :class:`~fortlang.engine.IllegalMove` with that rule (R5.3, R5.5, R6.1, R12.4...).
Cards are matched by identity (the option's value), never by the start of a label.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fortlang.engine.choices import Decision, IllegalMove, Kind, resolve
from fortlang.games.fort.model import KidCard, PerkHook
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.play import order_options
from fortlang.games.fort.scenarios.format import RECRUIT_NOTHING, RECYCLE_MOMENTS, Answer, Move
from fortlang.games.fort.sim.pull import ChanceNode
from fortlang.games.fort.table import Game
from fortlang.scenario.answers import LeftOver, Unanswered, chance_answer, describe

__all__ = ["LeftOver", "ScenarioAgent", "Script", "Unanswered", "describe"]


class Script:
    """What one seat says during one move; queues shrink as the engine asks."""

    def __init__(self, move: Move | None = None) -> None:
        self.move = move
        #: the move whose `use`, `coin` and `suit` answer now: Do-Over's second card's own
        #: (`do_over` as a mapping) once it is played
        self.answers = move
        self.carried: list[str] = []  # the first card's answers left over at Do-Over
        verb = move.verb if move else None
        self.add: list[KidCard] = list(move.add) if move else []
        self.lookout: list[KidCard] = list(move.lookout) if move else []
        self.choose: list[Answer] = list(move.choose) if move else []
        self.coins: list[Suit] = list(move.coins) if move else []
        self.chance: list[str | int] = list(move.chance) if move else []
        #: `use`, a single `coin` and `suit` answer every question of their kind: each must
        #: answer at least one
        self.unused = {key for key in ("use", "coin", "suit")
                       if move is not None and getattr(move, key) is not None}
        self.follow: tuple[KidCard, ...] | None = (move.cards if move and verb == "follow"
                                                   else None)
        self.rough_housing = verb == "rough housing"
        #: follow and decline moves answering a later played card (`of`: Do-Over's, R15)
        self.later: list[Move] = []
        self.followed = False  # the engine asked this seat to follow
        #: the play phase: the card to play, "skip", "diy", or None (the move plays nothing)
        self.play: KidCard | str | None = (move.card if move and verb in ("play", "turn")
                                           and move.card
                                           else "diy" if verb == "diy" or (move and move.diy)
                                           else "skip" if verb in ("skip", "turn")
                                           else None)
        self.played: KidCard | None = None  # the card being played now (for `use`)
        self.recruits = [r for r in move.recruits if r[1] != RECRUIT_NOTHING] if move else []
        #: `recruit: none`: the leader means to recruit nothing (R7.1 refuses it if asked)
        self.recruit_nothing = move is not None and any(r[1] == RECRUIT_NOTHING
                                                        for r in move.recruits)
        self.recycle = move.recycle if move else None
        self.do_over = move.do_over if move else None
        #: the table, read (never changed) to say which rule refuses an answer
        self.table: Game | None = None
        #: the perk giving a second recruit, once used (its decision's context: "Birthday
        #: Party (R15)")
        self.extra_recruit: str | None = None

    def leftovers(self) -> list[str]:
        """What the move said that the engine never asked about (each answer must be used)."""
        out = self.carried + self.answers_left()
        if isinstance(self.play, KidCard):
            out.append(f"play {self.play.name}")
        elif self.play == "diy":
            out.append("DIY (R15)")
        out += [f"recruit {c.name if c else 'the top of the park deck'}"
                for c, _ in self.recruits]
        if self.recycle is not None:
            out.append(f"recycle {self.recycle.name} (R15)")
        if self.do_over is not None:
            out.append(f"do over with {self.do_over.name} (R15)")
        if self.rough_housing:
            out.append("rough housing (R15)")
        return out


    def answers_left(self) -> list[str]:
        """The card answers (add, lookout, choose, coins, use, coin, suit) not asked for."""
        out = [f"add {c.name}" for c in self.add]
        out += [f"count {c.name} from the lookout" for c in self.lookout]
        out += [f"choose `{a.text}`" for a in self.choose]
        out += [f"coin {s.value}" for s in self.coins]
        out += [f"chance {c}" for c in self.chance]
        answers = self.answers
        if answers is not None:
            said = {"use": " then ".join(answers.use or ()),
                    "coin": answers.coin.value if answers.coin else "",
                    "suit": answers.suit.value if answers.suit else ""}
            out += [f"{key} {said[key]}" for key in sorted(self.unused)]
        return out

    def second_card(self, second: Move) -> None:
        """Do-Over's second card is played (R15): its own answers answer from now on."""
        self.carried += self.answers_left()
        self.answers = second
        self.add, self.lookout = list(second.add), list(second.lookout)
        self.choose, self.coins = list(second.choose), list(second.coins)
        self.chance = list(second.chance)
        self.unused = {key for key in ("use", "coin", "suit")
                       if getattr(second, key) is not None}


class ScenarioAgent:
    """One per seat; the runner sets ``script`` before each move and asks :meth:`choose`."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.script = Script()

    def choose(self, view: Any, decision: Decision) -> int:
        try:
            return _BY_KIND.get(decision.kind, _from_choose)(self.script, decision)
        except IllegalMove as e:  # say the question the scenario's way (player 1, not seat 0)
            said = str(e).replace(decision.describe(), describe(decision))
            if said == str(e):
                raise
            raise type(e)(said, e.rule, e.decision) from None


    def outcome(self, node: ChanceNode) -> int:
        """The outcome of a chance point this seat's action meets: the move's next `chance`
        answer, by an outcome's value or label (issue 33 stage 6)."""
        return chance_answer(self.script.chance, node.dist, node.context, self.seat)


def _names(label: str, name: str) -> bool:
    """Whether an option's label is about the card ``name`` ("Bug (shovel)", "add Bug (...)",
    "discard Bug (...)", "Bug from your hand")."""
    for verb in ("", "add ", "discard ", "count from your lookout "):
        if label.startswith(f"{verb}{name} ") or label == f"{verb}{name}":
            return True
    return False


def _refused(d: Decision, cards: tuple[KidCard, ...] | list[KidCard], what: str) -> IllegalMove:
    """The rule that excludes or refuses an option naming one of ``cards``, or a plain "not an
    option" (no rule: the scenario names something that is not there)."""
    for card in cards:
        for label, rule in d.excluded:
            if _names(label, card.name):
                return IllegalMove(f"{what}: `{label}` is not allowed here ({rule})", rule, d)
    return Unanswered(f"{what} is not an option:\n{describe(d)}", decision=d)


def _by_value(d: Decision, value: object) -> int | None:
    return next((i for i, o in enumerate(d.options) if o.value == value), None)


def _boost(s: Script, d: Decision) -> int:
    for queue, where, what in ((s.add, "hand", "add"), (s.lookout, "lookout", "count")):
        if queue:
            index = _by_value(d, (where, queue[0].id))
            if index is None:
                raise _refused(d, queue[:1], f"{what} {queue[0].name}")
            queue.pop(0)
            return index
    return resolve(d, "stop adding cards")


def _order(s: Script, d: Decision) -> int:
    move = s.answers
    if move is None or move.use is None or s.played is None:
        return 0  # the first legal order: public then private when both are legal
    _, options = order_options(s.played)
    s.unused.discard("use")
    label = next((o.label for o in options if o.value == move.use), None)
    if label is None:
        raise IllegalMove(f"{s.played.name} has no {' then '.join(move.use)} to use "
                          "(a blank box)", "R5.2", d)
    index = _by_value(d, move.use)  # the order offered, by value
    return index if index is not None else resolve(d, label)  # refused: resolve names the rule


def _coin(s: Script, d: Decision) -> int:
    """`coin: shovel` names every coin of the move; `coin: [shovel, crown]` one per question."""
    if s.coins:
        try:
            index = resolve(d, s.coins[0].value)
        except IllegalMove:
            if len(d.options) == 1 and not any(r for _, r in d.excluded):
                return 0  # a coin with one possible name: asked, answered alone
            raise
        s.coins.pop(0)
        return index
    return _suit("coin", "coin")(s, d)


def _suit(attr: str, word: str) -> Callable[[Script, Decision], int]:
    def answer(s: Script, d: Decision) -> int:
        suit = getattr(s.answers, attr, None) if s.answers else None
        if suit is None:
            if len(d.options) == 1:
                return 0
            raise Unanswered(f"{d.context or d.kind}: say `{word}: <suit>`; the options are "
                             + ", ".join(d.labels), decision=d)
        try:
            index = resolve(d, suit.value)
        except IllegalMove as e:
            if len(d.options) == 1 and e.rule is None:
                return 0  # a question with one answer, which the scalar was not meant for
            raise
        s.unused.discard(attr)
        return index
    return answer


def _follow(s: Script, d: Decision) -> int:
    later = s.later[0] if s.later else None
    if s.follow is None and later is not None and later.of is not None \
            and d.context.startswith(f"follow {later.of.name} ("):
        s.later.pop(0)  # a follow or decline of Do-Over's second card (R15)
        if later.verb == "follow":
            s.follow = later.cards
    s.followed = True
    if s.follow is None:
        return 0  # decline, said or not
    cards, s.follow = s.follow, None
    what = "follow with " + " and ".join(c.name for c in cards)
    _follow_by_the_rules(s, d, cards, what)
    want = sorted(c.id for c in cards)
    index = next((i for i, o in enumerate(d.options)
                  if isinstance(o.value, tuple) and sorted(o.value) == want), None)
    if index is not None:
        return index
    refusal = _refused(d, cards, what)
    if refusal.rule is None and len(cards) > 1:  # two cards without Copy Cat (R15)
        raise IllegalMove(f"{what}: a follower discards one card (two with Copy Cat)", "R6.2", d)
    raise refusal


def _follow_by_the_rules(s: Script, d: Decision, cards: tuple[KidCard, ...], what: str) -> None:
    """The refusals the engine's options cannot show: more cards than a follower may discard
    (R6.2: one; R15 Copy Cat: up to two), a card from the follower's lookout (R6.2)."""
    table = s.table
    if table is None:
        return
    p = table.players[d.player]
    perk = p.perk(PerkHook.FOLLOW_DISCARD_MORE)
    most = int(str(perk.param("max_discards"))) if perk is not None else 1
    if len(cards) > most:
        if perk is not None:
            raise IllegalMove(f"{what}: {perk.name} discards up to {most} cards (R15)", "R15",
                              d)
        raise IllegalMove(f"{what}: a follower discards one card (R6.2)", "R6.2", d)
    in_hand = [c.card.id for c in p.hand]
    for card in cards:
        if card.id in in_hand:
            in_hand.remove(card.id)
        elif any(c.card.id == card.id for c in p.lookout):
            raise IllegalMove(f"{what}: {card.name} is in the lookout, and a follower never "
                              "discards from the lookout (R6.2)", "R6.2", d)


def _play(s: Script, d: Decision) -> int:
    """The play phase (R5.1): the move's card, or "skip"."""
    play, s.play = s.play, None
    if play == "diy":
        raise IllegalMove("DIY cannot be used: no DIY perk, or its advance cannot be paid",
                          "R15", d)
    if play is None or play == "skip":
        return 0
    assert isinstance(play, KidCard)
    index = _by_value(d, play.id)
    if index is None:
        refusal = _refused(d, [play], f"play {play.name}")
        if refusal.rule is None:  # the engine lists every hand card it does not offer
            raise IllegalMove(f"{play.name} is not in player {d.player + 1}'s hand", "R5.1", d)
        raise refusal
    s.played = play
    return index


def _diy(s: Script, d: Decision) -> int:
    if s.play == "diy":
        s.play = None
        return 1
    return 0


def _do_over(s: Script, d: Decision) -> int:
    card, s.do_over = s.do_over, None
    if card is None:
        return 0
    index = _by_value(d, card.id)
    if index is None:
        raise Unanswered(f"do over with {card.name} (R15): not a card that can be played "
                         f"now:\n{describe(d)}", decision=d)
    s.played = card
    if s.move is not None and s.move.second is not None:
        s.second_card(s.move.second)
    return index


def _recycle(s: Script, d: Decision) -> int:
    """Recycling (R15, at any moment of the turn): the `recycle` card at the `recycle_at`
    moment, or at the first moment it is offered; every other offer is declined."""
    card = s.recycle
    if card is None:
        return 0
    at = s.move.recycle_at if s.move is not None else None
    index = _by_value(d, card.id)
    if at is None:
        if index is None:
            return 0  # not in the discard pile yet: a later moment may offer it
    elif not d.context.endswith(f"at {RECYCLE_MOMENTS[at]}"):
        return 0
    elif index is None:
        raise Unanswered(f"recycle {card.name} (R15): not in the discard pile at "
                         f"{RECYCLE_MOMENTS[at]}:\n{describe(d)}", decision=d)
    s.recycle = None
    return index


def _extra_recruit(s: Script, d: Decision) -> int:
    if not s.recruits:
        return 0
    s.extra_recruit = d.context  # Birthday Party: a second recruit was written (R15)
    return 1


def _rough_housing(s: Script, d: Decision) -> int:
    if s.rough_housing:
        s.rough_housing = False
        return 1
    return 0


def _from_choose(s: Script, d: Decision) -> int:
    """The first `choose` answer that fits this decision; answers before it stay for later
    decisions. A question with one possible answer that no answer fits takes that answer."""
    if not s.choose:
        if len(d.options) == 1:
            return 0
        example = d.options[0].label if d.options else "..."
        raise Unanswered(f"the engine asks this, and the move has no `choose` answer left for "
                         f"it (say e.g. `choose: [{example}]`):\n{describe(d)}", decision=d)
    first: IllegalMove | None = None
    for i, answer in enumerate(s.choose):
        try:
            index = _match(d, answer)
        except IllegalMove as e:
            if e.rule is not None:
                raise  # an option the rules exclude: the move is illegal
            first = first or e
            continue
        del s.choose[i]
        return index
    if len(d.options) == 1:
        return 0
    assert first is not None
    raise first


def _match(d: Decision, answer: Answer) -> int:
    if answer.card_id is not None:  # a card: the option that moves that very card
        hits = [i for i, o in enumerate(d.options)
                if isinstance(o.value, tuple) and o.value and o.value[-1] == answer.card_id]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            for label, rule in d.excluded:
                if answer.card_name is not None and _names(label, answer.card_name):
                    raise IllegalMove(f"`{label}` is not allowed here ({rule})", rule, d)
    return resolve(d, answer.text)


def _recruit(s: Script, d: Decision) -> int:
    """The recruit phase (R7.1) and Birthday Party's second recruit (R15) are answered by the
    move's `recruit` (and `from`); a recruit inside an action (R12.6) from `choose`."""
    if not s.recruits and s.recruit_nothing and "(R7.1)" in d.context:
        raise IllegalMove("recruit nothing: the leader must recruit one card when there is one "
                          f"(R7.1):\n{describe(d)}", "R7.1", d)
    if not s.recruits:
        if len(d.options) > 1 and "(R7.1)" in d.context and not s.choose:
            raise Unanswered("the recruit phase: say which card with `recruit: <card>` (or "
                             f"`recruit: top of park deck`):\n{describe(d)}", decision=d)
        return _from_choose(s, d)
    card, place = s.recruits.pop(0)
    said = f"recruit {card.name if card else 'the top of the park deck'}"

    def fits(value: object) -> bool:
        if not isinstance(value, tuple):
            return False
        if card is None:
            return value == ("park_deck",)
        if value[-1] != card.id:
            return False
        return place is None or value[:-1] == place

    hits = [i for i, o in enumerate(d.options) if fits(o.value)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise Unanswered(f"{said}: which one? say `from: park`, `from: park deck` or "
                         f"`from: yard of player N`:\n{describe(d)}", decision=d)
    if s.extra_recruit is not None and card is not None and _in_a_yard(s.table, card):
        perk = s.extra_recruit.removesuffix(" (R15)")
        raise IllegalMove(f"{said}: {perk} recruits a second card from the places it names, "
                          f"never from a yard (R15):\n{describe(d)}", "R15", d)
    raise IllegalMove(f"{said}: no such card there to recruit:\n{describe(d)}", "R7.1", d)


def _in_a_yard(table: Game | None, card: KidCard) -> bool:
    return table is not None and any(c.card.id == card.id for p in table.players
                                     for c in p.yard)


_BY_KIND: dict[Kind, Callable[[Script, Decision], int]] = {
    Kind.BOOST: _boost,
    Kind.ORDER: _order,
    Kind.COIN_SUIT: _coin,
    Kind.ANY_SUIT: _suit("suit", "suit"),
    Kind.FOLLOW: _follow,
    Kind.RECRUIT: _recruit,
    Kind.PLAY: _play,
    Kind.DIY: _diy,
    Kind.DO_OVER: _do_over,
    Kind.RECYCLE: _recycle,
    Kind.EXTRA_RECRUIT: _extra_recruit,
    Kind.ROUGH_HOUSING: _rough_housing,
}
