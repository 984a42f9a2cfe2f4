"""What a game declares about its flow (design §5.1): the phases of a turn, who plays next, when
a round and the game end, and on which events other seats may react. Frozen values, read once
when a :class:`~fortlang.flow.runtime.Flow` is made; the runtime holds what changes.

Functions are lazy ``"module:attribute"`` references (as :class:`~fortlang.module.GameModule`'s
pieces), so declaring a game imports none of its engine; a function itself is accepted too (a
game written in one file, the tests' toy game).

Changes from the design's sketch, and why:

* ``Phase.events`` became ``before`` and ``after``: one tuple did not say when its events fire,
  and Fort fires ``turn_start`` *after* its clean-up (R4, ``games/fort/turn.play_turn``), so a
  phase names the events fired before it runs and after; and those its step fires itself while
  it runs, when it says (``during``: Fort's ``after_play``, fired only when a card was played,
  and its ``turn_end``, fired after the draw and before the turn's tally). ``turn_start`` and
  ``turn_end`` are fired once per turn: where a phase names them, else at the turn's edges.
* ``Cycle.direction`` is the *starting* direction, ``1`` or ``-1`` (Frantic F2.6 plays
  counter-clockwise): the current direction belongs to the journaled clock, since effects flip
  it (Looping). ``Cycle.skips`` is gone: every clock keeps a skip counter per seat (all zero in
  a game without skips, so it costs one comparison a turn).
* ``Window.may`` is a tuple of verbs: Counterattack (F7.4) cancels *and* redirects.
* ``explicit_shuffles`` waits for the chance points (stage 6), which give it a reader.

What the flow's pieces are in words, by language ("en", "fr", "ru", as a module's titles and
its card kinds' docs): a phase's, a window's and the cycle's ``doc``, the spec's
``game_end_doc``, ``round_end_doc`` and ``round_setup_doc``, its word for a round
(``round_words``: the forms :data:`ROUND_FORMS` names, the core's :data:`ROUND_WORDS` in a
language it gives none), its own events' names (``events``) and the lasting effects its cards
may set (``lasting``: :class:`LastingEffect`).
The runtime never reads them; the docs site's turn structure and ``fortlang explain --flow``
do (:mod:`fortlang.docsite.flowdoc`), beside what they read of the structure itself.

>>> spec = FlowSpec(turn=(Phase("play", run="fortlang.flow.spec:no_phase"),),
...                 cycle=Cycle(direction=-1), game_end="fortlang.flow.spec:never")
>>> spec.cycle.direction, [p.name for p in spec.turn]
(-1, ['play'])
>>> FlowSpec(turn=(), game_end="fortlang.flow.spec:never")
Traceback (most recent call last):
...
ValueError: a flow's turn has at least one phase
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal, Union

from fortlang.flow.events import TURN_END, TURN_START, EventPattern

if TYPE_CHECKING:
    from fortlang.flow.runtime import Condition, Step

#: A function, or where to find it: ``"module:attribute"``; or, for a phase, the game's end or
#: a round's, a native :class:`~fortlang.flow.runtime.Step` or
#: :class:`~fortlang.flow.runtime.Condition` (what a compiled game gives, called natively).
Ref = Union[str, Callable[..., Any], "Step", "Condition"]

CANCEL: Final = "cancel"  # the effect leaves the stack unresolved
REDIRECT: Final = "redirect"  # the effect gets a new actor and new targets, and is aimed anew
ANSWER: Final = "answer"  # something else happens, the effect stays (Nice Try F7.6)
VERBS: Final = frozenset({CANCEL, REDIRECT, ANSWER})

#: Seats a window asks, in order: from the next player after the event's ``seat`` in the
#: direction of play (F9.2), the seat itself last; or from the event's ``that`` (its victim).
Order = Literal["from_next", "from_victim"]

#: What a piece of the flow is, by language ("en", "fr", "ru"); read by the docs, never run
#: (and left out of a piece's equality and hash, as a dict cannot be hashed).
Words = Mapping[str, str]

#: The forms of a round's word the docs' sentences use, by language (what ``round_words`` gives
#: for each language it names): ``one`` (the singular, as a subject: "a round starts"),
#: ``many`` (the plural); ``a`` (English and French, with the indefinite article: "end of a
#: round", « fin d'une manche »); Russian's genitive (``gen``: «конец раунда») and instrumental
#: (``ins``: «перед каждым раундом»). A language not named here takes English's sentences.
ROUND_FORMS: Final[Mapping[str, tuple[str, ...]]] = {
    "en": ("one", "many", "a"), "fr": ("one", "many", "a"), "ru": ("one", "many", "gen", "ins")}

#: The core's word for a round, in the forms of :data:`ROUND_FORMS`: what the docs say of a
#: game whose spec gives none in a language.
ROUND_WORDS: Final[Mapping[str, Words]] = {
    "en": {"one": "round", "many": "rounds", "a": "a round"},
    "fr": {"one": "manche", "many": "manches", "a": "une manche"},
    "ru": {"one": "раунд", "many": "раунды", "gen": "раунда", "ins": "раундом"}}

#: Bound on a game's turns (the flow gives up there), as ``game.match.MAX_TURNS`` is today.
MAX_TURNS_LIMIT: Final = 1_000_000


def load(ref: Ref) -> Any:
    """The function ``ref`` names (imported now), or ``ref`` itself if it is one (or a step, a
    condition). References come from a game module's own declarations, never from a card set.

    >>> load("fortlang.flow.spec:never")(None)
    False
    """
    if not isinstance(ref, str):
        return ref
    module, sep, attr = ref.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"a flow reference is 'module:function', not {ref!r}")
    found: Any = importlib.import_module(module)
    for part in attr.split("."):
        found = getattr(found, part)
    if not callable(found):
        raise ValueError(f"the flow reference {ref!r} names no function")
    return found


def never(flow: object) -> bool:
    """A condition that never holds (a flow without rounds, a doctest's game end)."""
    return False


def no_phase(flow: object, seat: int) -> None:
    """A phase that does nothing (doctests)."""


@dataclass(frozen=True)
class Cycle:
    """Who plays first and which way play goes (boardgame.io's turn order): ``first`` gives
    the first seat of each round, ``(flow) -> int`` (None: seat 0); ``direction`` is the
    starting one."""

    first: Ref | None = None
    direction: int = 1
    #: Who plays first, in words (Frantic: the dealer, F2.4); none: the first seat.
    doc: Words = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.direction not in (1, -1):
            raise ValueError(f"a cycle's direction is 1 or -1, not {self.direction!r}")


@dataclass(frozen=True)
class Phase:
    """One step of a turn: ``run(flow, seat)``, with the events fired ``before`` and ``after``
    it, and those its step fires itself while it runs (``during``, with :meth:`Flow.fire
    <fortlang.flow.runtime.Flow.fire>`, when it says); ``per_seat`` runs it for every seat in
    turn order from the current one (F&G's adventure phase)."""

    name: str
    run: Ref
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    per_seat: bool = False
    #: The events the step fires itself (declared: the docs name them, and the runtime fires
    #: no ``turn_start`` or ``turn_end`` of its own that a step fires).
    during: tuple[str, ...] = ()
    #: What the phase does, in words.
    doc: Words = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Window:
    """Out-of-turn answers to ``event``: which verbs a reaction may use (``may``) and which
    seats are asked first (``order``). A window opens only when some seat holds a legal
    reaction; the first seat that reacts closes it (its reaction may fire new events).
    ``prompt`` and ``decline`` keep a game's own question as it asked it before it ran on the
    flow (Frantic's Nice Try, F7.6)."""

    event: str
    may: tuple[str, ...]
    order: Order = "from_next"
    #: The reaction decisions' context (what people and logs read); "": the event and seats.
    prompt: str = ""
    #: The value of the option that declines.
    decline: Any = None
    #: The label of the option that declines (Frantic's Counterattack: ``take it``, F7.4).
    decline_label: str = "pass"
    #: What the window is for, in words (Frantic: play Nice Try, F7.6).
    doc: Words = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.may or not set(self.may) <= VERBS:
            raise ValueError(f"a window's verbs are some of {sorted(VERBS)}, not {self.may!r}")
        if self.order not in ("from_next", "from_victim"):
            raise ValueError(f"a window's order is from_next or from_victim, not {self.order!r}")


@dataclass(frozen=True)
class LastingEffect:
    """A lasting effect the game's cards may set (a :class:`~fortlang.flow.runtime.Lasting` of
    that ``name``): it lasts ``until`` that event (its owner's with ``owner_only``: "until your
    next turn"), counted as many times as the card says. Declared for the docs: the runtime
    counts the :class:`~fortlang.flow.runtime.Lasting` a card adds, declared or not."""

    name: str
    until: EventPattern
    #: What it does, in words.
    doc: Words = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class FlowSpec:
    """A game's flow: the phases of ``turn``, the ``cycle``, ``game_end(flow) -> bool`` (asked
    after every turn), rounds (``round_end(flow) -> bool`` after every turn, None: one round;
    ``round_setup(flow)`` before each round), the reaction ``windows``, and ``max_turns``;
    ``round_end_after_setup``: ``round_end`` is asked after the set-up too."""

    turn: tuple[Phase, ...]
    game_end: Ref
    cycle: Cycle = field(default_factory=Cycle)
    round_end: Ref | None = None
    round_setup: Ref | None = None
    windows: tuple[Window, ...] = ()
    max_turns: int = 1000
    #: ``round_end`` is also asked as soon as a round is set up: a set-up that ended the round
    #: (Frantic's first card, F2.5) plays no turn of it.
    round_end_after_setup: bool = False
    #: When the game ends, when a round ends, what a round's set-up does: in words.
    game_end_doc: Words = field(default_factory=dict, compare=False)
    round_end_doc: Words = field(default_factory=dict, compare=False)
    round_setup_doc: Words = field(default_factory=dict, compare=False)
    #: The game's own events (those it fires besides the runtime's), each named in words.
    events: Mapping[str, Words] = field(default_factory=dict, compare=False)
    #: The lasting effects its cards may set.
    lasting: tuple[LastingEffect, ...] = ()
    #: The game's own word for a round, by language, in the forms :data:`ROUND_FORMS` names
    #: (Fort's rulebooks: « série de tours », R11.1); the core's (:data:`ROUND_WORDS`) in a
    #: language it gives none: :meth:`round_word`.
    round_words: Mapping[str, Words] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.turn:
            raise ValueError("a flow's turn has at least one phase")
        names = [p.name for p in self.turn]
        if len(set(names)) != len(names):
            raise ValueError(f"a flow's phases have distinct names, not {names}")
        for edge in (TURN_START, TURN_END):
            fired = sum((*p.before, *p.during, *p.after).count(edge) for p in self.turn)
            if fired > 1:
                raise ValueError(f"{edge} is fired once a turn, not {fired} times")
        events = [w.event for w in self.windows]
        if len(set(events)) != len(events):
            raise ValueError(f"one window per event, not {events}")
        lasting = [e.name for e in self.lasting]
        if len(set(lasting)) != len(lasting):
            raise ValueError(f"lasting effects have distinct names, not {lasting}")
        if not 1 <= self.max_turns <= MAX_TURNS_LIMIT:
            raise ValueError(f"max_turns is 1 to {MAX_TURNS_LIMIT}, not {self.max_turns}")
        for lang, forms in self.round_words.items():
            wanted = ROUND_FORMS.get(lang, ROUND_FORMS["en"])
            if sorted(forms) != sorted(wanted) or not all(
                    isinstance(forms[k], str) and forms[k].strip() for k in wanted):
                raise ValueError(f"a round's word in {lang!r} has the forms {list(wanted)}, "
                                 f"each a word, not {dict(forms)!r}")

    def round_word(self, lang: str) -> Words:
        """What a round is called in ``lang``, in the forms :data:`ROUND_FORMS` names: the
        game's word, else the core's (in English's forms for a language the core has no
        sentences in).

        >>> spec = FlowSpec(turn=(Phase("go", run="fortlang.flow.spec:no_phase"),),
        ...                 game_end="fortlang.flow.spec:never",
        ...                 round_words={"fr": {"one": "donne", "many": "donnes",
        ...                                     "a": "une donne"}})
        >>> spec.round_word("fr")["a"], spec.round_word("ru")["gen"], spec.round_word("de")["one"]
        ('une donne', 'раунда', 'round')
        """
        if lang not in ROUND_FORMS:
            lang = "en"
        return self.round_words.get(lang) or ROUND_WORDS[lang]

    def window(self, event: str) -> Window | None:
        """The window declared on ``event``, if any."""
        for w in self.windows:
            if w.event == event:
                return w
        return None
