"""The flow runtime (design §5.1): plays a game's turns as its :class:`~fortlang.flow.spec.FlowSpec`
declares them, fires events, opens reaction windows, resolves an effect stack and counts down
lasting effects. Every change of its state (the :class:`~fortlang.flow.clock.Clock`, the
stack, the lasting effects, a pending effect's actor and targets) goes through the journal
(the core's :class:`~fortlang.engine.journal.Journal`, every game's table), so a search that
tries a reaction rolls it back with the rest of the move.

Compiled with mypyc (design risk 1): typed native classes, no dynamic attribute access in the
hot paths, the game's functions resolved once when the flow is made, a game's compiled
:class:`Step` and :class:`Condition` called natively, and no :class:`FlowEvent` made for an
event nobody hears (:meth:`Flow.hears`): a game that listens to nothing (Fort) pays a few
native calls a turn for the runtime. Listeners and reaction sources are set up with the game (a
card's trigger, a module's rule): they are not game state and are not journaled.

Order at every :meth:`Flow.fire`: lasting effects count the event (and expire), then its
listeners run in the order they were added, then its window opens if one is declared and some
seat holds a legal reaction (design risk 7: otherwise nobody is asked, and the decision log
stays as it was).

A reaction is asked of each eligible seat in the window's order as a
``Decision(seat, "react", (pass, reaction...))`` through the journal's ``ask`` (the engine asks,
the game's asker answers from outside); the reactions a rule refuses are listed in the
decision's ``excluded`` with that rule. The first seat that reacts closes the window. A
redirected effect is aimed anew: ``targeted`` fires for its new targets, so the redirect is
itself open to reaction (Frantic F7.4: a Counterattack may be countered).

Inside a move (:meth:`Flow.play_at`, issue 33 item 4): an effect played while the engine
performs a move is resolved in the engine's continuation-passing style, and its windows ask
through a chooser the game gives (its engine choice point, ``decide``), not the journal's
``ask``: the engine's search may then try each answer and roll it back (Frantic's
Counterattack in Equality's searched move). Its reactions do their work with ``apply_at``,
going on with the rest of the move. Listeners run during the search's trials too: one that
records must write through the journal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from fortlang.engine.choices import K_REACT, Decision, Option
from fortlang.engine.journal import Journal
from fortlang.flow.clock import Clock
from fortlang.flow.events import (
    AFTER_EFFECT,
    BEFORE_EFFECT,
    NO_SEAT,
    ROUND_END,
    ROUND_START,
    TARGETED,
    TURN_END,
    TURN_START,
    EventPattern,
    FlowEvent,
)
from fortlang.flow.spec import FlowSpec, Window, load

#: The option that declines to react (always the first one of a reaction decision).
PASS: Final = "pass"
#: Bound on windows open inside one another (reactions to reactions): a game whose reactions
#: never run out stops with an error instead of recursing without end.
MAX_WINDOW_DEPTH: Final = 64
#: Bound on the redirects of one effect: redirects that never run out (a reaction that is never
#: spent) stop with an error instead of looping for ever.
MAX_REDIRECTS: Final = 64
#: Why :meth:`Flow.run` returned.
GAME_END: Final = "game_end"
MAX_TURNS: Final = "max_turns"

Listener = Callable[["Flow", FlowEvent], None]
EffectRun = Callable[["Flow", "Pending"], None]
#: Inside a move (:meth:`Flow.play_at`): the rest of the move, ``k(full) -> bool``.
Then = Callable[[bool], bool]
#: An effect resolved inside a move: ``go(flow, pending, k)`` performs it, then ``k(full)``.
EffectGo = Callable[["Flow", "Pending", Then], bool]
#: Inside a move, how a seat is asked: ``ask(seat, options, then, excluded)`` is a choice point
#: of the engine's search (the game's ``decide``), going on with ``then(index)``: so a search
#: may try each answer and roll it back, and nothing is asked while it tries. ``excluded``: the
#: reactions a rule refuses the seat, ``(label, rule)``, as :meth:`Flow.fire`'s decision lists
#: them (for the game's explanation of the choice point).
Chooser = Callable[[int, tuple[Option, ...], Callable[[int], bool],
                    tuple[tuple[str, str], ...]], bool]
#: A reaction inside a move: ``apply_at(flow, event, seat, then)`` does it, then ``then()``.
ApplyAt = Callable[["Flow", FlowEvent, int, Callable[[], bool]], bool]


# Open to interpreted subclasses: a game module written in plain Python may declare its own.
@mypyc_attr(allow_interpreted_subclasses=True)
class Step:
    """A phase's work as an object: :meth:`run` ``(flow, seat)``. A compiled game subclasses
    it (Fort's turn, :mod:`fortlang.games.fort.match`), so that the compiled runtime calls it
    natively, where calling a function it was given is a generic call through the function's
    Python wrapper. A phase given as a function is run through one of these."""

    def run(self, flow: Flow, seat: int) -> None:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class Condition:
    """A flow's question, ``holds(flow)``: the game's end or the round's (``FlowSpec.game_end``,
    ``round_end``), as an object for the reason :class:`Step` gives."""

    def holds(self, flow: Flow) -> bool:
        raise NotImplementedError


class _Called(Step):
    """A phase given as a function ``(flow, seat)``."""

    def __init__(self, function: Callable[[Flow, int], None]) -> None:
        self.function = function

    def run(self, flow: Flow, seat: int) -> None:
        self.function(flow, seat)


class _Asked(Condition):
    """A condition given as a function ``(flow) -> bool``."""

    def __init__(self, function: Callable[[Flow], bool]) -> None:
        self.function = function

    def holds(self, flow: Flow) -> bool:
        return bool(self.function(flow))


def _step(ref: Any) -> Step:
    run = load(ref)
    return run if isinstance(run, Step) else _Called(run)


def _condition(ref: Any) -> Condition:
    test = load(ref)
    return test if isinstance(test, Condition) else _Asked(test)


class _Phase:
    """A phase as the runtime plays it: the spec's :class:`~fortlang.flow.spec.Phase` read once
    (a frozen dataclass's fields are generic attribute reads, at every turn)."""

    def __init__(self, step: Step, before: tuple[str, ...], after: tuple[str, ...],
                 per_seat: bool) -> None:
        self.step = step
        self.before = before
        self.after = after
        self.per_seat = per_seat


class _Plan:
    """What a flow reads of its spec, read once per spec (:func:`_plan`): the references
    resolved, the phases as :class:`_Phase`, the windows by event. Nothing here changes while
    a game is played: every flow of the spec shares it."""

    def __init__(self, spec: FlowSpec) -> None:
        self.spec = spec
        self.phases = [_Phase(_step(p.run), p.before, p.after, p.per_seat) for p in spec.turn]
        edges = {e for p in spec.turn for e in (*p.before, *p.during, *p.after)}
        self.start_in_phases = TURN_START in edges
        self.end_in_phases = TURN_END in edges
        self.direction = spec.cycle.direction
        self.first: Callable[[Flow], int] | None = (
            load(spec.cycle.first) if spec.cycle.first is not None else None)
        self.game_end = _condition(spec.game_end)
        self.round_end: Condition | None = (
            _condition(spec.round_end) if spec.round_end is not None else None)
        self.round_setup: Callable[[Flow], None] | None = (
            load(spec.round_setup) if spec.round_setup is not None else None)
        self.windows: dict[str, Window] = {w.event: w for w in spec.windows}
        self.end_after_setup = spec.round_end_after_setup and self.round_end is not None
        self.max_turns = spec.max_turns


#: The plans read so far, by the spec's identity (each plan holds its spec, so that identity
#: is not reused while the plan is kept); a bound, so that specs made on the fly do not pile up.
_PLANS: Final[dict[int, _Plan]] = {}
_MOST_PLANS: Final = 64


def _plan(spec: FlowSpec) -> _Plan:
    """The plan of ``spec``: a game made per match (Fort's ~40 turns) does not read its spec,
    resolve its references and build its phases again at every game."""
    plan = _PLANS.get(id(spec))
    if plan is None or plan.spec is not spec:
        plan = _Plan(spec)
        if len(_PLANS) >= _MOST_PLANS:
            _PLANS.clear()
        _PLANS[id(spec)] = plan
    return plan


class Pending:
    """An effect on the stack: ``run(flow, pending)`` resolves it; ``actor`` performs it on
    ``targets``; ``source`` is what put it there (a card); ``aimed`` counts its redirects.
    ``actor``, ``targets`` and ``aimed`` change only through :meth:`Flow.redirect`. Played
    inside a move (:meth:`Flow.play_at`), ``go(flow, pending, k)`` resolves it instead, in the
    engine's continuation-passing style."""

    __slots__ = ("name", "run", "actor", "targets", "source", "aimed", "go")

    def __init__(self, name: str, run: EffectRun | None, actor: int,
                 targets: tuple[int, ...] = (), source: Any = None,
                 go: EffectGo | None = None) -> None:
        self.name = name
        self.run = run
        self.go = go
        self.actor = actor
        self.targets = targets
        self.source = source
        self.aimed = 0

    def snapshot(self) -> tuple:
        return (self.name, self.actor, self.targets, self.aimed)

    def __repr__(self) -> str:
        return f"Pending({self.name!r}, actor={self.actor!r}, targets={self.targets!r})"


class Lasting:
    """An effect that lasts until ``until`` has matched ``left`` events (counted from when it
    is added; ``owner``'s for an ``owner_only`` pattern); then it is removed and
    ``on_expire(flow, lasting)`` runs (Time Bomb's blast, F11.3)."""

    __slots__ = ("effect", "until", "left", "owner", "on_expire")

    def __init__(self, effect: Any, until: EventPattern, left: int = 1, owner: int = NO_SEAT,
                 on_expire: Callable[[Flow, Lasting], None] | None = None) -> None:
        if left < 1:
            raise ValueError(f"a lasting effect lasts at least one event, not {left}")
        self.effect = effect
        self.until = until
        self.left = left
        self.owner = owner
        self.on_expire = on_expire

    def snapshot(self) -> tuple:
        return (self.effect, self.until, self.left, self.owner)

    def __repr__(self) -> str:
        return f"Lasting({self.effect!r}, until={self.until!r}, left={self.left!r})"


class Reaction:
    """One answer a seat may give in a window: its option's ``label`` and ``value``, the
    ``verb`` it uses (one the window allows), and ``apply(flow, event, seat)``, which does it
    (calls :meth:`Flow.cancel`, :meth:`Flow.redirect`, moves the card...). With ``refused_by``
    (a rule), the seat holds it but may not use it now: it is listed as excluded, and alone
    opens no window. In a window opened inside a move (:meth:`Flow.play_at`), ``apply_at(flow,
    event, seat, then)`` does it instead, going on with ``then()``."""

    __slots__ = ("label", "value", "verb", "apply", "refused_by", "apply_at")

    def __init__(self, label: str, value: Any, verb: str,
                 apply: Callable[[Flow, FlowEvent, int], None] | None, refused_by: str = "",
                 apply_at: ApplyAt | None = None) -> None:
        self.label = label
        self.value = value
        self.verb = verb
        self.apply = apply
        self.refused_by = refused_by
        self.apply_at = apply_at


#: What a seat may answer to an event: ``(flow, event, seat) -> reactions``.
ReactionSource = Callable[["Flow", FlowEvent, int], Sequence[Reaction]]


class Flow:
    """One game's flow over ``journal`` (``table`` is the game's own state, for its phases and
    reactions to read). Make it, add listeners and reaction sources, then :meth:`run` it, or
    drive it turn by turn (:meth:`start_round`, :meth:`play_turn`)."""

    def __init__(self, spec: FlowSpec, journal: Journal, seats: int, table: Any = None) -> None:
        plan = _plan(spec)
        self.spec = spec
        self.journal = journal
        self.table = table
        self.clock = Clock(seats, plan.direction)
        self.stack: list[Pending] = []
        self.lasting: list[Lasting] = []
        self._phases = plan.phases
        self._start_in_phases = plan.start_in_phases
        self._end_in_phases = plan.end_in_phases
        self._first = plan.first
        self._game_end = plan.game_end
        self._round_end = plan.round_end
        self._round_setup = plan.round_setup
        self._end_after_setup = plan.end_after_setup
        self._listeners: dict[str, list[Listener]] = {}
        self._sources: dict[str, list[ReactionSource]] = {}
        self._windows = plan.windows
        #: The events something hears (a listener, a reaction source): the runtime makes no
        #: FlowEvent for the others while no lasting effect counts events (:meth:`hears`);
        #: ``_deaf``: none is heard (a bool read where a turn begins and ends).
        self._heard: set[str] = set()
        self._deaf = True
        self._max_turns = plan.max_turns
        self._depth = 0
        #: Windows opened (some seat could react), and reaction decisions asked: work counts
        #: for tests and benches, not game state.
        self.windows_opened = 0
        self.reactions_asked = 0

    # -- set-up --------------------------------------------------------------------------------

    def listen(self, event: str, listener: Listener) -> None:
        """Run ``listener(flow, event)`` at every ``event``."""
        self._listeners.setdefault(event, []).append(listener)
        self._heard.add(event)
        self._deaf = False

    def offer(self, event: str, source: ReactionSource) -> None:
        """Ask ``source`` at every ``event`` which reactions each seat holds; the event must
        have a declared window."""
        if event not in self._windows:
            raise ValueError(f"no window is declared on {event!r}: declare one in the FlowSpec")
        self._sources.setdefault(event, []).append(source)
        self._heard.add(event)
        self._deaf = False

    def hears(self, event: str) -> bool:
        """Whether firing ``event`` now would do anything: some listener or reaction source
        is set on it, or lasting effects are there to count it. A game that fires its own
        events may ask first, as the runtime does, and make no FlowEvent for nothing."""
        if self.lasting:
            return True
        return not self._deaf and event in self._heard

    # -- the clock -----------------------------------------------------------------------------

    def start_round(self) -> None:
        """A new round: its set-up, its first seat, then ``round_start``."""
        if self._round_setup is not None:
            self._round_setup(self)
        first = self._first(self) if self._first is not None else 0
        self.clock.start_round(self.journal, first)
        if self.hears(ROUND_START):
            self.fire(FlowEvent(ROUND_START, seat=first))

    def end_round(self) -> None:
        if self.hears(ROUND_END):
            self.fire(FlowEvent(ROUND_END, seat=self.clock.seat))

    def play_turn(self) -> None:
        """The next seat's turn: its phases with their events; a skipped turn only fires
        ``turn_start`` and ``turn_end`` (with ``skipped``), so durations count it (F11.3)."""
        clock = self.clock
        skipped = clock.pass_turn(self.journal)
        seat = clock.seat
        if skipped:
            if self.hears(TURN_START):
                self.fire(FlowEvent(TURN_START, seat=seat, skipped=True))
            if self.hears(TURN_END):
                self.fire(FlowEvent(TURN_END, seat=seat, skipped=True))
            return
        # (self.lasting or not self._deaf): hears() inlined, at every turn
        if not self._start_in_phases and (self.lasting or not self._deaf) \
                and self.hears(TURN_START):
            self.fire(FlowEvent(TURN_START, seat=seat))
        for phase in self._phases:
            # a phase's events announced only if something may hear them (hears() inlined:
            # read again after each step, which may listen or last)
            if phase.before and (self.lasting or not self._deaf):
                self._announce(phase.before, seat)
            if phase.per_seat:
                for other in [seat, *clock.order_from(seat)[:-1]]:
                    phase.step.run(self, other)
            else:
                phase.step.run(self, seat)
            if phase.after and (self.lasting or not self._deaf):
                self._announce(phase.after, seat)
        if not self._end_in_phases and (self.lasting or not self._deaf) \
                and self.hears(TURN_END):
            self.fire(FlowEvent(TURN_END, seat=seat))

    def _announce(self, names: tuple[str, ...], seat: int) -> None:
        for name in names:
            if self.hears(name):
                self.fire(FlowEvent(name, seat=seat))

    def announce(self, name: str, seat: int) -> None:
        """Fire ``name`` for ``seat`` if something hears it (:meth:`hears`), as the runtime
        fires a phase's events: what a phase's step fires itself (its ``during``) when nobody
        listens makes no :class:`FlowEvent`."""
        if self.hears(name):
            self.fire(FlowEvent(name, seat=seat))

    def run(self, start: bool = True) -> str:
        """Play rounds of turns until ``game_end`` holds after a turn (:data:`GAME_END`) or
        ``max_turns`` turns were played (:data:`MAX_TURNS`). ``start=False``: go on from where
        the clock stands (:meth:`Clock.resume <fortlang.flow.clock.Clock.resume>`), the
        current round begun. With the spec's ``round_end_after_setup``, a round whose set-up
        already ended it plays no turn (Frantic's first card, F2.5); such rounds are bounded by
        ``max_turns`` too."""
        if start:
            self.start_round()
        clock = self.clock
        round_end = self._round_end
        game_end = self._game_end
        end_after_setup = self._end_after_setup
        while clock.turn < self._max_turns:
            if not end_after_setup or not clock.fresh or round_end is None \
                    or not round_end.holds(self):
                self.play_turn()
            elif clock.round >= self._max_turns:
                return MAX_TURNS
            if round_end is not None and round_end.holds(self):
                self.end_round()
                if game_end.holds(self):
                    return GAME_END
                self.start_round()
            elif game_end.holds(self):
                return GAME_END
        return MAX_TURNS

    def reverse(self) -> None:
        """Play goes the other way (Frantic S: Looping)."""
        self.clock.reverse(self.journal)

    def skip(self, seat: int, turns: int = 1) -> None:
        """``seat`` misses its next ``turns`` turns (Frantic F6.4)."""
        self.clock.skip(self.journal, seat, turns)

    # -- events and windows --------------------------------------------------------------------

    def fire(self, event: FlowEvent) -> None:
        """Announce ``event``: lasting effects count it, listeners hear it, its window opens."""
        self._hear(event)
        window = self._windows.get(event.name)
        if window is not None:
            self._open(window, event)

    def _hear(self, event: FlowEvent) -> None:
        """Lasting effects count ``event``, then its listeners hear it (in the order added)."""
        if self.lasting:
            self._count(event)
        listeners = self._listeners.get(event.name)
        if listeners is not None:
            for listener in listeners:
                listener(self, event)

    def _open(self, window: Window, event: FlowEvent) -> None:
        eligible = self._eligible(window, event)
        if not eligible:
            return  # nobody can react: nobody is asked (design risk 7)
        if self._depth >= MAX_WINDOW_DEPTH:
            raise RuntimeError(f"reactions nested {MAX_WINDOW_DEPTH} deep at {event.name}")
        self.windows_opened += 1
        self._depth += 1
        try:
            for seat, offered, excluded in eligible:
                options = (Option(window.decline_label, window.decline),
                           *[Option(r.label, r.value) for r in offered])
                self.reactions_asked += 1
                index = self.journal.ask(Decision(seat, K_REACT, options,
                                                  window.prompt or _context(event), excluded))
                if index > 0:
                    reaction = offered[index - 1]
                    if reaction.apply is None:
                        raise RuntimeError(f"{reaction.label!r} reacts only inside a move "
                                           f"(Flow.play_at), not at {event.name}")
                    reaction.apply(self, event, seat)
                    return
        finally:
            self._depth -= 1

    def _eligible(self, window: Window, event: FlowEvent
                  ) -> list[tuple[int, list[Reaction], tuple[tuple[str, str], ...]]]:
        """The seats that hold a legal reaction to ``event``, in the window's order, each with
        them and the reactions a rule refuses them."""
        eligible: list[tuple[int, list[Reaction], tuple[tuple[str, str], ...]]] = []
        sources = self._sources.get(event.name)
        if sources is None:
            return eligible
        start = event.that if window.order == "from_victim" and event.that != NO_SEAT \
            else event.seat
        if start == NO_SEAT:
            start = self.clock.seat
        order = self.clock.order_from(start)
        if window.order == "from_victim":  # the victim first, then on from it
            order = [order[-1], *order[:-1]]
        for seat in order:
            legal: list[Reaction] = []
            refused: list[tuple[str, str]] = []
            for source in sources:
                for reaction in source(self, event, seat):
                    if reaction.refused_by:
                        refused.append((reaction.label, reaction.refused_by))
                    elif reaction.verb not in window.may:
                        raise ValueError(f"a {reaction.verb} reaction ({reaction.label!r}) in "
                                         f"the {event.name} window, which allows {window.may}")
                    else:
                        legal.append(reaction)
            if legal:
                eligible.append((seat, legal, tuple(refused)))
        return eligible

    # -- the effect stack ----------------------------------------------------------------------

    def play(self, pending: Pending) -> bool:
        """Put ``pending`` on the stack, aim it at each of its targets (``targeted``: a window
        may cancel or redirect it; a redirected effect is aimed anew), then resolve it
        between ``before_effect`` and ``after_effect``. Whether it resolved (not cancelled)."""
        journal = self.journal
        journal.put(self.stack, pending)
        aimed = -1
        while pending.aimed != aimed and self._at(pending) >= 0:
            aimed = pending.aimed
            for target in pending.targets:
                self.fire(FlowEvent(TARGETED, seat=pending.actor, that=target, source=pending))
                if pending.aimed != aimed or self._at(pending) < 0:
                    break
        if self._at(pending) >= 0:
            self.fire(FlowEvent(BEFORE_EFFECT, seat=pending.actor, source=pending))
        at = self._at(pending)
        if at < 0:
            return False
        journal.take(self.stack, at)
        if pending.run is None:
            raise ValueError(f"{pending!r} has no run: it resolves only inside a move")
        pending.run(self, pending)
        self.fire(FlowEvent(AFTER_EFFECT, seat=pending.actor, source=pending))
        return True

    # -- the effect stack inside a move --------------------------------------------------------

    def play_at(self, pending: Pending, ask: Chooser, k: Then) -> bool:
        """:meth:`play` inside a move, in the engine's continuation-passing style (issue 33
        item 4): ``pending`` goes on the stack and is aimed at each of its targets, a
        ``targeted`` window asking each eligible seat through ``ask`` (a choice point of the
        move, so the engine's search tries the answers and rolls them back); a redirected
        effect is aimed anew; then it resolves (``pending.go``) between ``before_effect`` and
        ``after_effect``, and the move goes on with ``k(full)``; cancelled, with ``k(False)``.
        Nothing follows a choice point but returning: the flow's state here is all journaled
        (the stack, the pending's aim), and the nesting is bounded by the stack's height."""
        if len(self.stack) >= MAX_WINDOW_DEPTH:
            raise RuntimeError(f"effects nested {MAX_WINDOW_DEPTH} deep on the stack "
                               f"at {pending.name}")
        self.journal.put(self.stack, pending)
        return self._aim_at(pending, 0, ask, k)

    def _aim_at(self, pending: Pending, i: int, ask: Chooser, k: Then) -> bool:
        """``pending`` aimed at its targets from the ``i``-th on, then resolved."""
        if self._at(pending) < 0:
            return k(False)
        if i >= len(pending.targets):
            return self.fire_at(FlowEvent(BEFORE_EFFECT, seat=pending.actor, source=pending),
                                ask, lambda: self._resolve_at(pending, k))
        aimed = pending.aimed

        def then() -> bool:
            if self._at(pending) < 0:
                return k(False)
            return self._aim_at(pending, 0 if pending.aimed != aimed else i + 1, ask, k)

        return self.fire_at(FlowEvent(TARGETED, seat=pending.actor, that=pending.targets[i],
                                      source=pending), ask, then)

    def _resolve_at(self, pending: Pending, k: Then) -> bool:
        at = self._at(pending)
        if at < 0:
            return k(False)
        go = pending.go
        if go is None:
            raise ValueError(f"{pending!r} has no go: it cannot resolve inside a move")
        self.journal.take(self.stack, at)

        def after(full: bool) -> bool:
            if self.hears(AFTER_EFFECT):
                self.fire(FlowEvent(AFTER_EFFECT, seat=pending.actor, source=pending))
            return k(full)

        return go(self, pending, after)

    def fire_at(self, event: FlowEvent, ask: Chooser, then: Callable[[], bool]) -> bool:
        """:meth:`fire` inside a move: lasting effects count ``event``, its listeners hear it,
        and its window, if some seat holds a legal reaction, asks each eligible seat in order
        through ``ask`` (a choice point: the decline first, then the reactions, with the
        reactions a rule refuses the seat), the first seat that reacts closing it
        (``apply_at``); then ``then()``."""
        self._hear(event)
        window = self._windows.get(event.name)
        if window is None:
            return then()
        eligible = self._eligible(window, event)
        if not eligible:
            return then()  # nobody can react: nobody is asked (design risk 7)
        self.windows_opened += 1
        return self._ask_at(window, event, eligible, 0, ask, then)

    def _ask_at(self, window: Window, event: FlowEvent,
                eligible: list[tuple[int, list[Reaction], tuple[tuple[str, str], ...]]],
                j: int, ask: Chooser, then: Callable[[], bool]) -> bool:
        if j >= len(eligible):
            return then()
        seat, offered, excluded = eligible[j]
        options = (Option(window.decline_label, window.decline),
                   *[Option(r.label, r.value) for r in offered])
        self.reactions_asked += 1

        def answered(index: int) -> bool:
            if index == 0:
                return self._ask_at(window, event, eligible, j + 1, ask, then)
            reaction = offered[index - 1]
            if reaction.apply_at is None:
                raise RuntimeError(f"{reaction.label!r} reacts only between moves (Flow.fire), "
                                   f"not inside a move at {event.name}")
            return reaction.apply_at(self, event, seat, then)

        return ask(seat, options, answered, excluded)

    def cancel(self, pending: Pending) -> None:
        """Take ``pending`` off the stack unresolved (Counterattack F7.4)."""
        at = self._at(pending)
        if at < 0:
            raise ValueError(f"{pending!r} is not on the stack")
        self.journal.take(self.stack, at)

    def redirect(self, pending: Pending, actor: int, targets: tuple[int, ...]) -> None:
        """``pending`` is now ``actor``'s, aimed at ``targets`` ("as if you had played it",
        F7.4); it is aimed anew, so the new targets may react in turn."""
        if self._at(pending) < 0:
            raise ValueError(f"{pending!r} is not on the stack")
        if pending.aimed >= MAX_REDIRECTS:
            raise RuntimeError(f"{pending!r} redirected {MAX_REDIRECTS} times")
        journal = self.journal
        journal.set(pending, "actor", actor)
        journal.set(pending, "targets", targets)
        journal.set(pending, "aimed", pending.aimed + 1)

    def _at(self, pending: Pending) -> int:
        stack = self.stack
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is pending:
                return i
        return -1

    # -- lasting effects -----------------------------------------------------------------------

    def last(self, lasting: Lasting) -> None:
        """Add a lasting effect (from the next event on)."""
        self.journal.put(self.lasting, lasting)

    def active(self, effect: Any) -> bool:
        """Whether a lasting ``effect`` is in force."""
        return any(lasting.effect == effect for lasting in self.lasting)

    def _count(self, event: FlowEvent) -> None:
        journal = self.journal
        for lasting in list(self.lasting):
            if not lasting.until.matches(event, lasting.owner):
                continue
            at = _index(self.lasting, lasting)
            if at < 0:  # an earlier one's expiry removed it
                continue
            journal.set(lasting, "left", lasting.left - 1)
            if lasting.left == 0:
                journal.take(self.lasting, at)
                if lasting.on_expire is not None:
                    lasting.on_expire(self, lasting)

    # -- reading -------------------------------------------------------------------------------

    def snapshot(self) -> tuple:
        """The flow's state as plain values (equal after a rollback to where it was taken)."""
        return (self.clock.snapshot(), tuple(p.snapshot() for p in self.stack),
                tuple(lasting.snapshot() for lasting in self.lasting))


def _index(items: list[Lasting], item: Lasting) -> int:
    for i, x in enumerate(items):
        if x is item:
            return i
    return -1


def _context(event: FlowEvent) -> str:
    """What a reaction answers, for people and logs: the event, its seats, its effect."""
    text = event.name
    if isinstance(event.source, Pending):
        text += f" by {event.source.name}"
    if event.that != NO_SEAT:
        text += f": seat {event.that}"
    return text
