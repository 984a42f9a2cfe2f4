"""Choices are data (STYLE #10): a :class:`Decision` says whose choice it is, what kind, and the
legal options; an :class:`Agent` answers with an option's index. Agents see a read-only
:class:`~fortlang.games.fort.view.GameView`, never the mutable state.

Only legal options are offered: the engine tries each one (with rollback) and keeps those from
which the whole move can still be completed legally. The ones it drops are listed in
``Decision.excluded`` with the rule that forbids them, so a scripted move that names one can
report *why* it is illegal (e.g. R5.5). A decision with a single option and nothing excluded is
not asked (and not logged).
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, Final, Protocol

from mypy_extensions import i64, mypyc_attr

from fortlang.engine.chance import LOW_26, TWO_53, below, bit_length
from fortlang.errors import MessageError


class Kind(StrEnum):
    """Every kind of decision the engine asks (and logs)."""

    PLAY = "play"  # R5.1 which card to play, or skip
    COIN_SUIT = "coin_suit"  # R5.6, R6.3 the suit a coin stands for
    ANY_SUIT = "any_suit"  # R5.7 the suit `x any` counts
    BOOST = "boost"  # R5.3 add a card (from hand or lookout), or stop
    ORDER = "order"  # R5.2 which actions, in which order
    CHOICE = "choice"  # `or`: which branch
    RESOURCE = "resource"  # R12.1, R12.9 pizza or toy
    PACK = "pack"  # R12.2 which token to pack
    LOOKOUT = "lookout"  # R12.3 which card goes to the lookout
    DESTROY = "destroy"  # R12.4 which of your cards to box
    RECRUIT = "recruit"  # R7.1, R12.6 where to recruit from
    PAYMENT = "payment"  # R10.1, R13.2 how to pay an advance
    SPEND = "spend"  # R12.9 from stuff or pack
    DESTROY_RIVAL = "destroy_rival"  # R12.10 which rival yard card
    RIVAL_PACK = "rival_pack"  # R12.12 whose pack to copy
    CONVERT = "convert"  # R12.13 which token to swap
    RULE = "rule"  # R10.3 a made-up rule from the pile
    PERK = "perk"  # R10.3 a perk from the row
    FOLLOW = "follow"  # R6 follow with which card, or decline
    ROUGH_HOUSING = "rough_housing"  # R15 destroy the leader's played card?
    RIVAL = "rival"  # core: which rival performs `a rival -> ...`, or gives to/takes from you
    PRIMITIVE = "primitive"  # a choice inside a vocabulary plugin's primitive (fortlang.plugins)
    # asked by the game loop (fortlang.games.fort), not by the interpreter:
    DRAFT = "draft"  # R2.5 advanced set-up: which card to keep
    DIY = "diy"  # R15 DIY: destroy the perk to advance instead of playing?
    DO_OVER = "do_over"  # R15 Do-Over: destroy the perk to play a second card?
    RECYCLE = "recycle"  # R15 Recycling: destroy the perk to take a discarded card?
    EXTRA_RECRUIT = "extra_recruit"  # R15 Birthday Party: recruit another card?
    PERK_ACTION = "perk_action"  # a perk in the language (issue 18.3): use it now?
    # asked by the flow (fortlang.flow), out of turn:
    REACT = "react"  # a reaction window: pass, or react to an event (design §5.1)


#: Each kind as a Final constant: compiled, ``Kind.PLAY`` is a generic call on the enum class
#: (EnumType.__getattr__) at every use, ``K_PLAY`` a C static (tests check one per kind).
K_PLAY: Final = Kind.PLAY
K_COIN_SUIT: Final = Kind.COIN_SUIT
K_ANY_SUIT: Final = Kind.ANY_SUIT
K_BOOST: Final = Kind.BOOST
K_ORDER: Final = Kind.ORDER
K_CHOICE: Final = Kind.CHOICE
K_RESOURCE: Final = Kind.RESOURCE
K_PACK: Final = Kind.PACK
K_LOOKOUT: Final = Kind.LOOKOUT
K_DESTROY: Final = Kind.DESTROY
K_RECRUIT: Final = Kind.RECRUIT
K_PAYMENT: Final = Kind.PAYMENT
K_SPEND: Final = Kind.SPEND
K_DESTROY_RIVAL: Final = Kind.DESTROY_RIVAL
K_RIVAL_PACK: Final = Kind.RIVAL_PACK
K_CONVERT: Final = Kind.CONVERT
K_RULE: Final = Kind.RULE
K_PERK: Final = Kind.PERK
K_FOLLOW: Final = Kind.FOLLOW
K_ROUGH_HOUSING: Final = Kind.ROUGH_HOUSING
K_RIVAL: Final = Kind.RIVAL
K_PRIMITIVE: Final = Kind.PRIMITIVE
K_DRAFT: Final = Kind.DRAFT
K_DIY: Final = Kind.DIY
K_DO_OVER: Final = Kind.DO_OVER
K_RECYCLE: Final = Kind.RECYCLE
K_EXTRA_RECRUIT: Final = Kind.EXTRA_RECRUIT
K_PERK_ACTION: Final = Kind.PERK_ACTION
K_REACT: Final = Kind.REACT


class Option:
    """One legal answer: a short label (action text comes from the AST via the printer) and a
    hashable value that scripts and UIs may match on. Immutable, compared and hashed by value.

    A plain class, not a frozen dataclass: compiled with mypyc, a dataclass keeps the generated
    ``__init__`` interpreted (a frozen one sets each field through ``object.__setattr__``), ten
    times the cost of a native constructor, and an agent is asked hundreds of times a game.

    >>> Option("decline") == Option("decline", None)
    True
    >>> Option("pizza", 1)
    Option(label='pizza', value=1)
    """

    __slots__ = ("label", "value")

    def __init__(self, label: str, value: Any = None) -> None:
        self.label: Final = label
        self.value: Final = value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return self.label == other.label and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.label, self.value))

    def __repr__(self) -> str:
        return f"Option(label={self.label!r}, value={self.value!r})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Compiled, a native class's default pickling calls __init__ without its arguments.
        return (Option, (self.label, self.value))


def player_name(seat: int) -> str:
    """A seat as people count it (R2.1, scenario files, `fortlang play`): seat 0 is player 1.
    Seats stay 0-based inside the engine, its logs and JSON; only text a person reads says this.

    >>> player_name(2)
    'player 3'
    """
    return f"player {seat + 1}"


class Seat:
    """An option's value that is a player (`a rival -> ...`, whose pack to copy): the seat, which
    bots read instead of the label. Immutable, compared and hashed by value.

    >>> Seat(2) == Seat(2), Seat(2) == 2
    (True, False)
    """

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.seat == other.seat  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.seat))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seat!r})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.seat,))


class Transfer:
    """Tokens moving between you and a rival (C3, C4): ``amount`` of them to or from ``seat``."""

    __slots__ = ("seat", "amount")

    def __init__(self, seat: int, amount: int) -> None:
        self.seat: Final = seat
        self.amount: Final = amount

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and self.seat == other.seat  # type: ignore[attr-defined]
                and self.amount == other.amount)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.seat, self.amount))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat!r}, amount={self.amount!r})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.seat, self.amount))


class Give(Transfer):
    """You give ``amount`` tokens to the rival at ``seat`` (C4).

    >>> Give(1, 2) == Take(1, 2)
    False
    """


class Take(Transfer):
    """You take ``amount`` tokens from the rival at ``seat`` (C3)."""


class Decision:
    """Whose choice, its kind, the legal options, what is being done, and the options the rules
    exclude as ``(label, rule)`` pairs. Immutable, compared by value (a native class for the
    reason :class:`Option` gives)."""

    __slots__ = ("player", "kind", "options", "context", "excluded")

    def __init__(self, player: int, kind: Kind, options: tuple[Option, ...], context: str = "",
                 excluded: tuple[tuple[str, str], ...] = ()) -> None:
        self.player: Final = player
        self.kind: Final = kind
        self.options: Final = options
        self.context: Final = context  # what is done, e.g. "Bug (public): gain pizza x shovel"
        self.excluded: Final = excluded  # (label, rule) of options dropped as illegal

    def _fields(self) -> tuple:
        return (self.player, self.kind, self.options, self.context, self.excluded)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Decision, self._fields())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, kind={self.kind!r}, options={self.options!r}, "
                f"context={self.context!r}, excluded={self.excluded!r})")

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(o.label for o in self.options)

    def describe(self) -> str:
        lines = [f"{player_name(self.player)} {self.kind}: {self.context}".rstrip(": ")]
        lines += [f"  {i}. {o.label}" for i, o in enumerate(self.options)]
        return "\n".join(lines)


class Agent(Protocol):
    """One interface for bots and humans: return the index of the chosen option."""

    def choose(self, view: Any, decision: Decision) -> int: ...


# Compiled with mypyc (pyproject.toml), a class is closed to subclasses written in Python unless
# it says otherwise: agents are for others to extend (tests' Recorder is a ScriptedAgent), and
# IllegalMove stays a Python class like the FortError it extends (pickled with its __dict__,
# extended by fortlang.scenario).


#: The generator's class and its C methods, fetched once (as chance.py's): the raw state, to
#: give a word back (see :meth:`RandomAgent.draw_below`).
_RANDOM: Final = random.Random
_C_GETSTATE: Final[Callable[[Any], tuple[int, ...]]] = _random.Random.getstate
_C_SETSTATE: Final[Callable[[Any, tuple[int, ...]], None]] = _random.Random.setstate
#: The counts drawn from kept words: below 2**26 (26 bits at most, as the second word keeps).
_AHEAD_BELOW: Final = 1 << 26
#: The words of the Mersenne Twister's state (``getstate()`` is these, then the index).
_MT_WORDS: Final = 624


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomAgent:
    """Uniform over the legal options. Give it its own generator derived from the game seed, so
    that the game's shuffles do not depend on how many decisions the agents were asked.

    Its answers are :func:`~fortlang.engine.chance.below` of the count of options
    (``rng.randrange(count)``), the same numbers from the same words of the generator, but a
    generator the agent owns (``owned``: by default one it made from a seed, not one it was
    handed, which its caller may draw from too) is drawn two 32-bit words at a time, by one
    ``random()`` (a call and no int made for two words where ``getrandbits`` takes a call each,
    issue 38), the second word kept for the next draw: that generator may be one word ahead of
    the draws made. Reading :attr:`rng` gives the kept word back and ends the drawing ahead,
    so whoever reads the generator finds it exactly where ``randrange`` alone would have left
    it, and may draw from it from then on."""

    def __init__(self, rng: random.Random | int = 0, owned: bool | None = None) -> None:
        if isinstance(rng, _RANDOM):
            generator = rng
            own = owned is True
        else:
            generator = _RANDOM(rng)
            own = owned is not False
        self._rng: random.Random = generator
        #: Whether draws take two words at a time (an owned generator of the library's class).
        self._ahead: bool = own and type(generator) is _RANDOM
        #: The top 26 bits of the word drawn and not used yet; -1: none.
        self._spare: i64 = -1
        #: ``generator.random``, bound once: called without the unbound method's check of its
        #: argument's class (random.Random is a subclass of the C class).
        self._two_words: Callable[[], float] = generator.random

    @property
    def rng(self) -> random.Random:
        """The agent's generator, where plain draws would have left it: a word kept is given
        back first, and the agent draws one word at a time from then on (the reader may hold
        the generator and draw from it)."""
        self._give_back()
        self._ahead = False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng = generator
        self._ahead = False
        self._spare = -1
        self._two_words = generator.random

    def _give_back(self) -> None:
        """Undraw the word kept, if any: the generator's index one step back (the state's words
        are only rewritten by the draw after the last, so the word is read again, the same)."""
        if self._spare >= 0:
            rng = self._rng
            state = _C_GETSTATE(rng)
            _C_SETSTATE(rng, state[:_MT_WORDS] + (state[_MT_WORDS] - 1,))
            self._spare = -1

    def choose(self, view: Any, decision: Decision) -> int:
        return self.draw_below(len(decision.options))

    def draw_below(self, n: int) -> int:
        """A random int in ``[0, n)``, ``n > 0``: ``below(rng, n)`` (``rng.randrange(n)``), the
        same answer from the same words. Drawing ahead (see the class), a count below 2**26 is
        drawn as ``randrange`` draws it (the top ``k`` bits of a word, redrawn while too large,
        ``k`` the bit count of ``n``) from the words of ``random()`` (:func:`~fortlang.engine.
        chance.shuffle` explains the float's two words): the first word's top 27 bits, the
        second's top 26, kept for the next draw; a larger count gives the kept word back and
        draws as ``randrange``."""
        if self._ahead and 0 < n < _AHEAD_BELOW:
            count: i64 = n
            k = bit_length(count)
            spare = self._spare
            while True:
                if spare >= 0:  # the kept word: its top k bits
                    r: i64 = spare >> (26 - k)
                    spare = -1
                else:  # two words: the first's top k bits, the second's 26 kept
                    pair: i64 = int(self._two_words() * TWO_53)
                    r = pair >> (53 - k)
                    spare = pair & LOW_26
                if r < count:
                    break
            self._spare = spare
            return r
        if n > 0:
            self._give_back()
        return below(self._rng, n)


@mypyc_attr(native_class=False)
class IllegalMove(MessageError):
    """A scripted answer that is not a legal option; ``rule`` says which rule forbids it."""

    def __init__(self, message: str, rule: str | None = None,
                 decision: Decision | None = None) -> None:
        super().__init__("E900", message, f"forbidden by {rule}" if rule else None)
        self.rule = rule
        self.decision = decision


#: A scripted answer: an index, a label (or a label's prefix), an option value, or any of those
#: paired with the decision kind it must answer, e.g. ("order", "private then public").
Answer = int | str | tuple[str, Any] | Any


@mypyc_attr(allow_interpreted_subclasses=True)
class ScriptedAgent:
    """Answers from a list, in order (tests, scenarios, replays). Running out raises."""

    def __init__(self, answers: Iterable[Answer] = ()) -> None:
        self.answers = list(answers)
        self.position = 0

    @property
    def done(self) -> bool:
        return self.position >= len(self.answers)

    def choose(self, view: Any, decision: Decision) -> int:
        if self.done:
            raise IllegalMove(f"no scripted answer left for:\n{decision.describe()}",
                              decision=decision)
        answer = self.answers[self.position]
        self.position += 1
        if isinstance(answer, tuple) and len(answer) == 2 and answer[0] in set(Kind):
            kind, answer = answer
            if kind != decision.kind:
                raise IllegalMove(f"expected a {kind} decision, the engine asks:\n"
                                  f"{decision.describe()}", decision=decision)
        return resolve(decision, answer)


def resolve(decision: Decision, answer: Answer) -> int:
    """The index of ``answer`` among the decision's options, or :class:`IllegalMove`."""
    options = decision.options
    if isinstance(answer, bool):
        answer = str(answer)
    if isinstance(answer, int):
        if 0 <= answer < len(options):
            return answer
        raise IllegalMove(f"option {answer} out of range:\n{decision.describe()}",
                          decision=decision)
    for i, o in enumerate(options):
        if o.label == answer or (o.value is not None and o.value == answer):
            return i
    if isinstance(answer, str):
        starts = [i for i, o in enumerate(options) if o.label.startswith(answer)]
        if len(starts) == 1:
            return starts[0]
        for label, rule in decision.excluded:
            if label == answer or label.startswith(answer):
                raise IllegalMove(f"`{label}` is not allowed here ({rule})", rule, decision)
    raise IllegalMove(f"{answer!r} is not an option:\n{decision.describe()}", decision=decision)


@mypyc_attr(allow_interpreted_subclasses=True)
class ReplayAgent:
    """Answers from a decision log of ``(kind, index)`` pairs, checking each kind: give the same
    instance to every seat to re-execute a logged game exactly."""

    def __init__(self, log: Iterable[tuple[str, int]]) -> None:
        self._entries = iter(log)

    def choose(self, view: Any, decision: Decision) -> int:
        entry = next(self._entries, None)
        if entry is None:
            raise IllegalMove(f"the log ends before:\n{decision.describe()}", decision=decision)
        kind, index = entry
        if kind != decision.kind or not 0 <= index < len(decision.options):
            raise IllegalMove(f"the log says {kind} #{index}, the engine asks:\n"
                              f"{decision.describe()}", decision=decision)
        return index
