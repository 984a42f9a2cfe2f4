"""Fort's bots (issue 33 item 5): ``greedy`` (one ply, by the static values of Fort's cards and
Fort's decisions), and the bots ``--bots`` names at Fort's table (:data:`BOTS`, which Fort's
module declares as its ``bots``): ``random`` (uniform over legal options), ``greedy`` and
``mcts`` (Fort's search bot, :mod:`fortlang.games.fort.agents.mcts`). All answer
:class:`~fortlang.engine.choices.Decision` through the one agent interface from the seat's
:class:`~fortlang.games.fort.view.GameView`, as the terminal player does.

The names, seeds and lineups are any game's (:mod:`fortlang.agents.bots`): each bot gets its own
generator derived from the game seed and its seat, so the game's shuffles never depend on how
many questions a bot was asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from fortlang.agents.bots import make_bot as _make_bot
from fortlang.agents.bots import make_bots as _make_bots
from fortlang.agents.bots import worth
from fortlang.engine.asker import CountAnswerer
from fortlang.engine.chance import choice
from fortlang.engine.choices import Decision, Give, Kind, RandomAgent, Seat, Transfer
from fortlang.games.fort import nodes as n
from fortlang.games.fort.model import KidCard
from fortlang.games.fort.table import CardDef
from fortlang.games.fort.view import GameView

#: The token kinds' class, as a compiled constant (house order: no ``n.X`` lookup inside a
#: compiled function).
_RESOURCE: Final = n.Resource
_GAME_VIEW: Final = GameView
_FOLLOW: Final = Kind.FOLLOW

# -- a static value of a card (worth of its actions: fortlang.agents.bots.worth) --------------


def card_worth(card: KidCard) -> float:
    """Deck quality: what a card adds to a deck (both boxes, suits for boosting)."""
    return _values(card).deck


def play_worth(card: KidCard) -> float:
    """What playing a card brings at once: both its boxes."""
    return _values(card).play


class _Values:
    """A card's static values: :func:`play_worth` and :func:`card_worth`, and the card, kept so
    that its id stays its own. A native class: compiled, its floats are read unboxed (a tuple's
    would be boxed, and a tuple made at every look, issue 38)."""

    __slots__ = ("card", "play", "deck")

    def __init__(self, card: KidCard, play: float, deck: float) -> None:
        self.card = card
        self.play = play
        self.deck = deck


#: The static values of the cards seen, worked out once per card (so once per card set, not
#: at every decision of every game), by ``id(card)``. Emptied when it outgrows any card set (a
#: long-lived process that loads many sets). Final: compiled, a module global that is not is
#: looked up in the module's dictionary at each use.
_VALUES: Final[dict[int, _Values]] = {}
_VALUES_MAX: Final = 4096


def _values(card: KidCard) -> _Values:
    hit = _VALUES.get(id(card))
    if hit is None or hit.card is not card:
        if len(_VALUES) >= _VALUES_MAX:
            _VALUES.clear()
        play = worth(card.public) + worth(card.private)
        hit = _VALUES[id(card)] = _Values(card, play, play + 0.3 * len(card.suits))
    return hit


#: The same values by the id an option names its card by (a string, its hash kept: no number
#: made of the card's address, no integer hashed, at each look); the card kept in each checks
#: that the id still names that card.
_BY_ID: Final[dict[Any, _Values]] = {}


def _values_of(card_id: Any, card: KidCard) -> _Values:
    """:func:`_values` of ``card``, which an option names ``card_id``."""
    hit = _BY_ID.get(card_id)
    if hit is None or hit.card is not card:
        if len(_BY_ID) >= _VALUES_MAX:
            _BY_ID.clear()
        hit = _BY_ID[card_id] = _values(card)
    return hit


class GreedyAgent(CountAnswerer):
    """One ply: each option is valued by what it brings at once (VP, fort progress, resources)
    or to the deck, using the static action values above; ties go to the first option."""

    def __init__(self, rng: random.Random | int = 0) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.cards: dict[str, KidCard] = {}
        # While a decision's options are valued the table stands still: after one look at it,
        # a card not found is not there (another look would find no more).
        self.valuing = False
        self.looked = False

    def choose(self, view: Any, decision: Decision) -> int:
        code = _RATER_CODE.get(decision.kind, 0)
        self.valuing, self.looked = True, False
        # The best value and the options that have it, found in the loop: compiled, native
        # floats compared, never boxed into a list of values (issue 38). An option better than
        # every one before starts the ties afresh: those had less; the list of ties is made
        # once a second option has the best value. (A first value that is not a number equals
        # none: no option ties with it, as none equalled it in a list.)
        first = -1  # the first option with the best value
        ties: list[int] | None = None  # every option with it, once there are two
        best = 0.0
        for i in range(len(decision.options)):
            value = _rate(code, self, view, decision, i)
            if not i or value > best:
                best = value
                first = i if value == value else -1
                ties = None
            elif value == best:
                if ties is None:
                    ties = [first, i]
                else:
                    ties.append(i)
        self.valuing = self.looked = False
        if ties is None:
            ties = [first] if first >= 0 else []
        return choice(self.rng, ties)

    def answer_by_count(self, kind: Kind, count: int, items: list[Any] | None = None) -> int:
        """What :meth:`choose` answers to a decision of ``kind`` among ``count`` options the rules
        settled (:meth:`Journal.ask_count <fortlang.engine.journal.Journal.ask_count>`), without
        the decision: a follow by :meth:`follow_by_count`; a yes-or-no perk (R15: DIY, Birthday
        Party, Rough Housing, a perk's action; "no" first) by :meth:`yes_by_count`; a decision
        whose ``items`` name each option's card (else the value the option carries) by
        :meth:`card_by_count`; -1 for any other (its values need the options, the view)."""
        if kind is _FOLLOW:
            return self.follow_by_count(count)
        code = _BY_COUNT.get(kind, -1)
        if code == _YES:
            return self.yes_by_count(count)
        if code < 0 or items is None or len(items) != count:
            return -1
        return self.card_by_count(code, items)

    def yes_by_count(self, count: int) -> int:
        """What :meth:`choose` answers to a yes-or-no decision of ``count`` options, "no" (its
        value False) then "yes" (True): :func:`_first_yes` values them 0 and 0.99, the yes
        drawn from the generator as :meth:`choose` draws among its best; -1 for another count."""
        return choice(self.rng, [1]) if count == 2 else -1

    def card_by_count(self, code: int, items: list[Any]) -> int:
        """What :meth:`choose` answers to a decision whose options name ``items``: a card (its
        :class:`~fortlang.games.fort.table.CardDef`: the card the view shows under the id the
        option carries), else the option's value; valued by :data:`_BY_COUNT`'s ``code`` as
        :meth:`choose`'s rater values the option: ``_PLAY_CODE`` as :func:`_play` (the skip,
        None, -1; a card its play worth), ``_DECK_CODE`` as :func:`_value_card` (None -1; a
        card its deck worth; another value, a card no view shows such as the park deck's top,
        0.5), ``_DESTROY_CODE`` as :func:`_destroy` (a card minus its deck worth, anything else
        0). Ties drawn alike."""
        # The same search for the best as choose's (its ties, a first value that is not a number)
        first = -1
        ties: list[int] | None = None
        best = 0.0
        for i in range(len(items)):
            item = items[i]
            if isinstance(item, CardDef):  # a native class: a type check, no generic call
                defn: CardDef = item  # its values by its id: a string, its hash kept
                values = _values_of(defn.id, defn.card)
                value = (values.play if code == _PLAY_CODE else
                         values.deck if code == _DECK_CODE else -values.deck)
            elif code == _DESTROY_CODE:
                value = 0.0
            elif item is None:
                value = -1.0
            else:
                value = 0.0 if code == _PLAY_CODE else 0.5
            if not i or value > best:
                best = value
                first = i if value == value else -1
                ties = None
            elif value == best:
                if ties is None:
                    ties = [first, i]
                else:
                    ties.append(i)
        if ties is None:
            ties = [first] if first >= 0 else []
        return choice(self.rng, ties)

    def follow_by_count(self, count: int) -> int:
        """What :meth:`choose` answers to a follow decision (``Kind.FOLLOW``) of ``count``
        options, declining first (its value None) and each other a discard (its value the
        cards' ids, R6.1), without the decision (games/fort/play.py, when every option is
        settled without a trial): :func:`_first_yes` values them 0, 0.99, 0.98...: one best,
        the first discard (declining if it is the only option), drawn from the generator as
        :meth:`choose` draws among its best."""
        return choice(self.rng, [1 if count > 1 else 0])

    def card(self, view: Any, card_id: Any) -> KidCard | None:
        cards = self.cards
        if not cards:
            _look(view, cards, True)
            self.looked = self.valuing
        found = cards.get(card_id)
        if found is None and not self.looked:
            _look(view, cards, False)
            self.looked = self.valuing
            found = cards.get(card_id)
        return found


def _look(view: Any, cards: dict[str, KidCard], lookout: bool) -> None:
    """Every card ``view`` shows, by id, into ``cards``: the hand, the park, every yard, the
    discard pile (and the lookout if ``lookout``), in that order. A seat's own view reads them
    natively (GameView.note_cards); any other view through its attributes."""
    if type(view) is _GAME_VIEW:
        game_view: GameView = view
        game_view.note_cards(cards, lookout)
        return
    me = view.me
    for zone in (me.hand or ()), view.park, *(p.yard for p in view.players), me.discard:
        for c in zone:
            cards[c.id] = c
    if lookout:
        for c in me.lookout:
            cards[c.id] = c


Rater = Callable[[GreedyAgent, Any, Decision, int], float]


def _value_card(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    value = d.options[i].value
    card_id = value[-1] if isinstance(value, tuple) else value
    card = agent.card(view, card_id) if card_id is not None else None
    if card is None:
        return 0.5 if value is not None else -1.0
    return _values_of(card_id, card).deck  # card_worth(card)


def _play(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    value = d.options[i].value
    if value is None:
        return -1.0
    card = agent.card(view, value)
    return _values_of(value, card).play if card is not None else 0.0  # play_worth(card)


def _order(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    return float(len(d.options[i].value or ()))  # both actions beat one


def _stop_last(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    return -1.0 if d.options[i].value is None else 1.0  # add every card that counts (R5.3)


def _first_yes(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    value = d.options[i].value
    return 0.0 if value is None or value is False else 1.0 - 0.01 * i


def _destroy(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    value = d.options[i].value
    if not isinstance(value, tuple):
        return 0.0
    card_id = value[-1]
    card = agent.card(view, card_id)
    return -_values_of(card_id, card).deck if card is not None else 0.0  # -card_worth(card)


def _resource(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    res = d.options[i].value
    if not isinstance(res, _RESOURCE):
        return 0.0
    me = view.me
    costs = view.board.costs
    need = costs[me.level] if me.level < len(costs) else ()
    return need.count(res) - 0.1 * me.stuff.get(res, 0)


def _choice(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    return -0.01 * i  # the printer's label is all we have; keep the first alternative


def _rival(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    """Core C3, C4, C6: take from, or aim `a rival ->` at, the rival with most VP; give to the
    one with fewest."""
    value = d.options[i].value
    if not isinstance(value, (Seat, Transfer)):
        return 0.0
    vp = float(view.players[value.seat].vp)
    return -vp if isinstance(value, Give) else vp


def _rule(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    return _RULE_PREFERENCE.get(str(d.options[i].value), 0.0)


def _perk(agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    return _PERK_PREFERENCE.get(str(d.options[i].value), 0.0)


#: The decisions :meth:`GreedyAgent.answer_by_count` answers without them, by kind: a yes or no,
#: or each option's card valued as its rater (in ``_RATERS``) values it.
_YES: Final = 0
_PLAY_CODE: Final = 1
_DECK_CODE: Final = 2
_DESTROY_CODE: Final = 3
_BY_COUNT: Final[dict[str, int]] = {
    Kind.DIY: _YES, Kind.EXTRA_RECRUIT: _YES, Kind.ROUGH_HOUSING: _YES, Kind.PERK_ACTION: _YES,
    Kind.PLAY: _PLAY_CODE,
    Kind.RECRUIT: _DECK_CODE, Kind.LOOKOUT: _DECK_CODE, Kind.RECYCLE: _DECK_CODE,
    Kind.DO_OVER: _DECK_CODE,
    Kind.DESTROY: _DESTROY_CODE,
}

_RULE_PREFERENCE = {"popularity": 3.0, "secret-stash": 2.5, "big-plans": 2.0,
                    "friendship-bracelet": 4.0, "sleepover": 3.0, "pizza-party": 2.0,
                    "piggy-bank": 2.0, "play-palace": 2.5, "slime-lab": 2.5}
_PERK_PREFERENCE = {"birthday-party": 3.0, "do-over": 2.5, "xxl-backpack": 2.0, "diy": 2.0,
                    "copy-cat": 2.0, "sticky-fingers": 1.5, "bribe": 1.5, "recycling": 1.0}

_RATERS: dict[str, Rater] = {
    Kind.PLAY: _play,
    Kind.ORDER: _order,
    Kind.BOOST: _stop_last,
    Kind.RECRUIT: _value_card,
    Kind.LOOKOUT: _value_card,
    Kind.DRAFT: _value_card,
    Kind.RECYCLE: _value_card,
    Kind.DO_OVER: _value_card,
    Kind.DESTROY: _destroy,
    Kind.RESOURCE: _resource,
    Kind.CHOICE: _choice,
    Kind.RULE: _rule,
    Kind.PERK: _perk,
    Kind.FOLLOW: _first_yes,
    Kind.DIY: _first_yes,
    Kind.EXTRA_RECRUIT: _first_yes,
    Kind.ROUGH_HOUSING: _first_yes,
    Kind.RIVAL: _rival,
    Kind.PERK_ACTION: _first_yes,
}

#: Every rater, once; a kind's rater by its index here (``_RATER_CODE``), which :func:`_rate`
#: calls directly: compiled, a function read from a dictionary is called generically (its
#: arguments boxed and parsed), three times per decision.
_RATER_LIST: Final[tuple[Rater, ...]] = (_first_yes, _play, _order, _stop_last, _value_card,
                                         _destroy, _resource, _choice, _rule, _perk, _rival)
_RATER_CODE: Final[dict[str, int]] = {kind: _RATER_LIST.index(rate)
                                      for kind, rate in _RATERS.items()}


def _rate(code: int, agent: GreedyAgent, view: Any, d: Decision, i: int) -> float:
    """``_RATER_LIST[code](agent, view, d, i)``, as a direct call."""
    if code == 4:
        return _value_card(agent, view, d, i)
    if code == 0:
        return _first_yes(agent, view, d, i)
    if code == 1:
        return _play(agent, view, d, i)
    if code == 2:
        return _order(agent, view, d, i)
    if code == 3:
        return _stop_last(agent, view, d, i)
    if code == 5:
        return _destroy(agent, view, d, i)
    if code == 6:
        return _resource(agent, view, d, i)
    if code == 7:
        return _choice(agent, view, d, i)
    if code == 8:
        return _rule(agent, view, d, i)
    if code == 9:
        return _perk(agent, view, d, i)
    return _rival(agent, view, d, i)


def _mcts(seed: int, budget: str | None = None) -> Any:
    """The search bot: greedy playouts, the static card values above in its estimate."""
    from fortlang.games.fort.agents.mcts import (  # imports the pull API: only when asked
        Budget,
        MctsAgent,
    )

    return MctsAgent(seed, GreedyAgent, card_worth,
                     Budget.parse(budget) if budget is not None else None)


#: Fort's bots by the names ``--bots`` takes (fortlang.agents.bots.BOT_NAMES), as Fort's
#: module declares them (``GameModule.bots``): factory(generator or seed[, budget]).
BOTS: dict[str, Callable[..., Any]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": _mcts,
}


def make_bot(spec: str, seed: int) -> Any:
    """Fort's bot ``spec`` names (``greedy``, ``mcts:400``: fortlang.agents.bots.bot_spec),
    with its own generator ``seed``."""
    return _make_bot(spec, seed, BOTS)


def make_bots(names: list[str], n_players: int, game_seed: int) -> list[Any]:
    """Fort's bots for every seat, ``names`` repeated in seat order, each with its own seed
    (fortlang.agents.bots.agent_seed)."""
    return _make_bots(names, n_players, game_seed, BOTS)


__all__ = ["BOTS", "GreedyAgent", "card_worth", "make_bot", "make_bots", "play_worth"]
