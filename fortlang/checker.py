"""Static checks on a parsed action or scoring rule: a table of small functions per node class,
each returning diagnostics with that node's span (STYLE #7). All problems are collected.

The language's checks judge what any game's actions need (amounts and multipliers in bounds,
what cannot be repeated, nested repeats, the engine's search of a `then` and of performers,
the bounds a primitive's arguments declare); a game's own rules are its module's checks
(:class:`GameChecks`, ``GameModule.checks``: Fort's stuff, cost modifier, `destroy this` and
play bounds are fortlang.games.fort.checks'), run for an action read in that game's words."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import partial

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.errors import ERROR, WARNING, Diagnostic
from fortlang.module import DEFAULT_GAME
from fortlang.printer import to_text
from fortlang.registry import Vocabulary
from fortlang.vocabulary import AMOUNT, MOST_PLAYERS, Selector

Check = Callable[[n.Node], Iterator[Diagnostic]]
TreeCheck = Callable[[n.Node], Iterator[Diagnostic]]


@dataclass(frozen=True, eq=False)
class GameChecks:
    """A game's own checks of its actions (its rules), beside the language's: what the module
    ``GameModule.checks`` names holds as ``CHECKS`` (Fort's: fortlang.games.fort.checks). An
    action read in a game's words is judged by that game's checks only."""

    #: Checks of a node, by its class, run before the language's own for that class.
    nodes: Mapping[type, tuple[Check, ...]] = field(default_factory=dict)
    #: Checks of a primitive's argument, by its kind's token: the kinds whose bounds are judged
    #: on the node (``ArgKind.checked_later``), beside the core's AMOUNT.
    arguments: Mapping[str, Check] = field(default_factory=dict)
    #: Checks that need the whole tree, run once from the root after the language's.
    tree: tuple[TreeCheck, ...] = ()
    #: The game's rule for each of the language's operators its messages cite, by the
    #: operator's name (Fort's `then`: R13.4); a game that names none is cited none.
    rules: Mapping[str, str] = field(default_factory=dict)


#: The checks of a game that declares none: the language's alone.
NO_CHECKS = GameChecks()


def check(root: n.Node, filename: str = "<action>", vocabulary: Vocabulary | None = None
          ) -> list[Diagnostic]:
    """Every diagnostic for the tree, in source order: the language's checks and those of the
    game whose words ``vocabulary`` is (the tree was read in; the default game's by default,
    :func:`game_checks`)."""
    game = game_checks(vocabulary)
    out: list[Diagnostic] = []
    for node in root.walk():
        for rule in _checks(type(node), game):
            out.extend(replace(d, file=filename) for d in rule(node))
    for tree_rule in _TREE_CHECKS + game.tree:
        out.extend(replace(d, file=filename) for d in tree_rule(root))
    out.sort(key=lambda d: (d.span.start, d.span.end) if d.span else (0, 0))
    return out


def game_of(vocabulary: Vocabulary) -> str:
    """The game whose words ``vocabulary`` is: its name, a game's vocabulary being named as the
    game, and one extended by vocabulary plugins ``<game>+<plugin>...`` (fortlang.plugins).

    >>> from types import SimpleNamespace
    >>> game_of(SimpleNamespace(name="fort+backyard+dice"))
    'fort'
    """
    return vocabulary.name.partition("+")[0]


#: The checks of each game asked for, with the module they came from (a game loaded anew
#: after ``games.forget`` is read again): one entry per game name, bounded.
_GAME_CHECKS: dict[str, tuple[object, GameChecks]] = {}


def game_checks(vocabulary: Vocabulary | None = None) -> GameChecks:
    """The checks of the game whose words ``vocabulary`` is (:func:`game_of`; the default
    game's for None), reached through its module (``GameModule.checks``): none for a game
    that declares none, or for words no installed game declares (a test's own vocabulary).
    A game's module that fails to load is :class:`fortlang.games.GameError` (E351)."""
    from fortlang import games

    name = DEFAULT_GAME if vocabulary is None else game_of(vocabulary)
    try:
        module = games.game_named(name)
    except games.GameError:
        return NO_CHECKS
    known = _GAME_CHECKS.get(name)
    if known is not None and known[0] is module:
        return known[1]
    piece = games.declared(module, "checks", None, "its checks")
    found = NO_CHECKS if piece is None else getattr(piece, "CHECKS", None)
    if not isinstance(found, GameChecks):
        raise games.GameError("E351", f"game module `{name}`: `{module.checks}` holds no "
                              "GameChecks named CHECKS")
    _GAME_CHECKS[name] = (module, found)
    return found


def error_at(node: n.Node, code: str, message: str, hint: str | None = None) -> Diagnostic:
    """An error at ``node``'s span."""
    return Diagnostic(ERROR, code, message, node.span, hint=hint)


def warning_at(node: n.Node, code: str, message: str, hint: str | None = None) -> Diagnostic:
    """A warning at ``node``'s span."""
    return Diagnostic(WARNING, code, message, node.span, hint=hint)


def _amount(node: n.Node) -> Iterator[Diagnostic]:
    amount: int = node.amount  # type: ignore[attr-defined]
    spec = reg.spec_of(type(node))
    word = spec.keywords[0] if spec is not None else type(node).__name__.lower()
    if amount < 1:
        yield error_at(node, "E200", f"`{word} {amount}` does nothing; amounts start at 1",
                       hint=f"remove the action, or write `{word}` for 1")
    elif amount > reg.MAX_AMOUNT:
        yield error_at(node, "E200", f"amount {amount} is out of range (at most {reg.MAX_AMOUNT})")


def _repeat(node: n.Repeat) -> Iterator[Diagnostic]:
    for inner in node.body.walk():
        spec = reg.spec_of(type(inner))
        if spec is not None and not spec.repeatable:
            yield error_at(inner, "E201",
                           f"`{spec.syntax}` cannot be repeated ({spec.rule}): a card is "
                           "boxed once",
                           hint=f"move it out of the repeat: `... then {spec.syntax}`")


def _fixed_product(node: n.Node) -> int:
    """The largest product of fixed multipliers (``x 3``) along any path down from ``node``."""
    best = 1
    stack = [(node, 1)]
    while stack:
        here, product = stack.pop()
        if isinstance(here, n.Repeat) and isinstance(here.count, n.Fixed):
            product *= max(here.count.n, 1)
        kids = [k for k in here.children() if isinstance(k, n.Action)]
        if kids:
            stack.extend((k, product) for k in kids)
        else:
            best = max(best, product)
    return best


def with_multipliers(root: n.Node) -> Iterator[tuple[n.Node, int, n.Repeat | None, bool]]:
    """Each node the repeats, sequences and choices of ``root`` lead to, with the product of
    the fixed multipliers around it, the outermost of them, and whether only fixed repeats lie
    between that one and it; a repeat whose product passes the bound is given itself, and not
    entered (E200's)."""
    stack: list[tuple[n.Node, int, n.Repeat | None, bool]] = [(root, 1, None, True)]
    while stack:
        node, factor, outer, straight = stack.pop()
        if isinstance(node, n.Repeat):
            count = node.count
            if isinstance(count, n.Fixed) and 1 <= count.n <= reg.MAX_AMOUNT:
                factor, outer = factor * count.n, outer or node
                if factor > reg.MAX_AMOUNT:
                    yield node, factor, outer, straight
                    continue
            else:
                straight = False
            stack.append((node.body, factor, outer, straight))
        elif isinstance(node, (n.Then, n.Choice)):
            stack.extend((item, factor, outer, False) for item in node.items)
        elif isinstance(node, (n.Conditional, n.Target)):  # each performer's own amount
            stack.append((node.body, factor, outer, False))
        else:
            yield node, factor, outer, straight


def _multiplied(root: n.Node) -> Iterator[Diagnostic]:
    """Fixed multipliers multiply: ``score 2 x 3 x 4`` scores 24. The product of the fixed
    multipliers around an action, times its amount, is held to the same bound as one number;
    a game's own bounds on them are its checks' (Fort's stuff, R1.5)."""
    for node, factor, outer, _ in with_multipliers(root):
        if isinstance(node, n.Repeat) and outer is not None:  # past the bound
            total = factor * _fixed_product(node.body)
            yield error_at(outer, "E200", f"the multipliers of `{to_text(outer)}` repeat "
                           f"it {total} times (at most {reg.MAX_AMOUNT} in all)")
            continue
        amount = getattr(node, "amount", None)
        if outer is None or not isinstance(amount, int) or not 1 <= amount <= reg.MAX_AMOUNT:
            continue
        total = amount * factor
        if total > reg.MAX_AMOUNT:
            yield error_at(outer, "E200", f"`{to_text(outer)}` comes to {total} in all "
                           f"(at most {reg.MAX_AMOUNT})")


def quantity_bound(q: n.Quantity) -> int:
    """The largest count ``x q`` comes to, as the registry declares it (E202)."""
    return max(q.n, 0) if isinstance(q, n.Fixed) else reg.quantity_spec(q).bound


def search_ways(node: n.Node, cards: bool = False) -> int:
    """An upper bound on the ways ``node`` can unfold while a move is searched: a primitive
    offers its declared most options each time it is performed, `or` the sum of its branches,
    `then` the product, `x q` the places its repetitions reach (:func:`repeated_ways`: the
    multisets of at most q's bound of the body's ways, or of how many times a lone primitive
    can be performed in full, if fewer; the engine remembers the places it failed from, issue
    13.3, so it does not search their paths one by one, issue 36). Choices made once per
    node multiply once: pizza or toy (R12.1, never a mix), the suit of `x any` (R5.7).
    ``cards``: a test reads which cards are where after a card moved (:func:`reads_moved_cards`),
    so a primitive that chooses a card offers each card of a zone (its declared ``card_ways``,
    Fort's :data:`fortlang.registry.CARDS_A_ZONE`)."""
    each, once = _ways(node, cards)
    return each * once


def _named(count: n.Quantity) -> reg.WordSpec | None:
    """The declaration of ``count``'s word if the performer names something once for the
    repeat it counts (`x any`: a suit, R5.7): a choice made once, its ``named`` ways."""
    if isinstance(count, n.Fixed):
        return None
    spec = reg.quantity_spec(count)
    return spec if spec.named else None


def _ways(node: n.Node, cards: bool = False) -> tuple[int, int]:
    """(ways each time ``node`` is performed, ways of the choices made once for it)."""
    if isinstance(node, n.Repeat):
        each, once = _ways(node.body, cards)
        times = quantity_bound(node.count)
        spec = reg.spec_of(type(node.body))
        if spec is not None and spec.most_times:  # `pack x glue`: the pack fills up first
            times = min(times, spec.most_times)
        named = _named(node.count)
        return repeated_ways(each, times), once * (named.named if named else 1)
    if isinstance(node, n.Choice):
        parts = [_ways(item, cards) for item in node.items]
        if reg.is_resource_choice(node):  # `gain pizza or gain toy`: one kind, chosen once
            return max(e for e, _ in parts), max(o for _, o in parts) * len(parts)
        return sum(e * o for e, o in parts), 1
    if isinstance(node, n.Conditional):
        return _ways(node.body, cards)
    if isinstance(node, n.Target):  # core C6: each performer unfolds it anew
        each, once = _ways(node.body, cards)
        selector = reg.selector_of(node.who)
        seats = _most_seats(selector)
        if selector.picks == "chosen" or selector.ties == "chooser":  # one of them, chosen
            return seats * each * once, 1
        return (each * once) ** (seats if selector.picks == "each" else 1), 1
    if isinstance(node, n.Then):
        each = once = 1
        for e, o in (_ways(item, cards) for item in node.items):
            each, once = each * e, once * o
        return each, once
    spec = reg.spec_of(type(node))
    options = spec.most_options if spec is not None else 1
    if cards and spec is not None:  # each card of a zone, as its declaration says
        options *= spec.card_ways
    return options, reg.resource_choices(getattr(node, "resource", None))


def reads_moved_cards(node: n.Node) -> bool:
    """Whether a test of ``node`` may read which cards are where after a part of it moved a
    card (a later part of a `then`, the next repetition or performer), as the engine judges it
    (engine/program.py, reads_moved_cards): then its search tries each card of a zone."""
    return card_flow(node)[2]


def card_flow(node: n.Node) -> tuple[bool, bool, bool]:
    """(may move a card, may read the cards, may read them after moving one) for ``node``: a
    primitive's as its declaration says (``moves_cards``, ``reads_cards``: one not declared
    may do both, the one after the other)."""
    spec = reg.spec_of(type(node))
    if spec is not None:
        return spec.moves_cards, spec.reads_cards, spec.moves_cards and spec.reads_cards
    flows = [card_flow(k) for k in node.children() if isinstance(k, n.Action)]
    moves = any(m for m, _, _ in flows)
    reads = _reads_cards_first(node) or any(r for _, r, _ in flows)
    after = any(a for _, _, a in flows)
    if isinstance(node, n.Then):  # the parts in turn
        moved = False
        for m, r, _ in flows:
            after = after or (moved and r)
            moved = moved or m
    elif isinstance(node, (n.Repeat, n.Target)) and flows:  # the body again, after itself
        m, r, _ = flows[0]
        after = after or (m and r)
    return moves, reads, after


def _reads_cards_first(node: n.Node) -> bool:
    """What ``node`` reads of the cards before its parts: an `if`'s test, an `x`'s count."""
    if isinstance(node, n.Conditional):
        for e in node.test.walk():
            if isinstance(e, n.Metric):
                spec = reg.metric_of(e.name)
                if spec is None or spec.reads_cards:
                    return True
    elif isinstance(node, n.Repeat):
        return not isinstance(node.count, n.Fixed) and reg.quantity_spec(node.count).reads_cards
    return False


def _search_bound(node: n.Then, game: GameChecks = NO_CHECKS) -> Iterator[Diagnostic]:
    """R13.4: the right part of a `then` must be performed if possible, so deciding a move may
    try every way the left part unfolds; past a bound, refuse the card rather than stall. The
    message cites ``game``'s rule for `then` (:attr:`GameChecks.rules`), if it names one."""
    rule = game.rules.get("then")
    ways = 1
    for left, right in zip(node.items, node.items[1:], strict=False):
        ways *= search_ways(left)
        if ways > reg.MAX_SEARCH_WAYS:
            shown = f"{ways:,}" if ways < 10**12 else f"more than {10**12:,}"
            culprit, why = _explosion(left)
            yield error_at(culprit, "E202",
                           f"`{to_text(left)}` can unfold in {shown} ways, and deciding a move "
                           f"may search each of them before `{to_text(right)}` ("
                           f"{f'{rule}; ' if rule else ''}at most {reg.MAX_SEARCH_WAYS:,} ways)",
                           hint=why or "repeat fewer times, or offer fewer alternatives inside "
                           "the repeat")
            return


def action_ways(node: n.Node, cards: bool = False) -> int:
    """The ways deciding ``node`` may search, as E202 bounds them: the left of each `then`
    (R13.4, each left part's ways by those before it), by the ways the repetitions before it
    of each repeat around it unfold (a failed right part may take the search back to them;
    :func:`repeated_ways`); each repeat of more than one primitive, wherever it stands, by the
    ways of the parts of the `then`s before it (a play that cannot be performed in full
    searches the places its repetitions reach after each of them, R13.3, R5.4: issue 31.7,
    `(copy rival pack or recruit or advance) x any` alone stalled the engine); and, with
    performers, the whole (core C6); 1 if none. A repeat of one primitive, or of parts none
    of which offers a choice of its own (`(score or lose) x level`), is left to the engine's
    memory: the places it reaches differ only by how many times each primitive was performed
    or by what the one primitive moves (`convert x any`, `spend toy x 10`;
    tests/test_engine_play_bound.py measures them), and the search of those is polynomial."""
    most = 1
    cards = cards or reads_moved_cards(node)  # each card of a zone tried (card_ways)
    stack: list[tuple[n.Node, int]] = [(node, 1)]
    while stack:
        x, before = stack.pop()
        if isinstance(x, n.Then):
            ways = before
            last = len(x.items) - 1
            for i, item in enumerate(x.items):  # each part after the ways of those before it
                stack.append((item, ways))
                if i < last:  # R13.4
                    ways *= search_ways(item, cards)
                    most = max(most, ways)
            continue
        if isinstance(x, n.Target):
            most = max(most, search_ways(node, cards))
        if isinstance(x, n.Repeat):
            if reg.spec_of(type(x.body)) is None and _offers_choices(x.body):
                most = max(most, before * search_ways(x, cards))
            before *= repeated_ways(search_ways(x.body, cards), quantity_bound(x.count) - 1)
        stack.extend((k, before) for k in x.children() if isinstance(k, n.Action))
    return most


def _offers_choices(node: n.Node) -> bool:
    """A primitive of ``node`` offers more than one option each time (registry most_options:
    which card, which rival, how to pay), so its repetitions reach places that differ by more
    than counts."""
    for x in node.walk():
        spec = reg.spec_of(type(x))
        if spec is not None and spec.most_options > 1:
            return True
    return False


def repeated_ways(ways: int, times: int) -> int:
    """The places a search of ``times`` repetitions of a body that unfolds in ``ways`` ways
    reaches: each path, or, as the engine remembers the places it failed from (the game's state
    and the repetition, interpreter.explored), each multiset of at most ``times`` of the ways
    taken, since the ways taken in another order leave the same state (issue 13.3):
    `(recruit then gain toy) x water_gun`, 6^11 paths, 12,376 multisets."""
    if times <= 0 or ways <= 1:
        return 1
    return min(ways ** times, math.comb(ways + times, times))


def search_refused(root: n.Node) -> bool:
    """Whether deciding ``root`` is already refused (E202) for the search of its performers
    or of the left part of one of its `then`s: a game's bound on its whole search (Fort's play,
    R5.3) is not judged again."""
    return any(True for _ in _performers_search(root)) or any(
        d.code == "E202" for x in root.walk() if isinstance(x, n.Then) for d in _search_bound(x))


def _repetitions(root: n.Node) -> Iterator[Diagnostic]:
    """Nested repeats by quantities multiply: past a bound, each repetition a step, the
    engine's walk would run away (``((score x shovel) x shovel) x shovel``). Numbers alone are
    E200's business (_multiplied)."""
    stack: list[tuple[n.Node, int, n.Node | None, bool]] = [(root, 1, None, False)]
    while stack:
        node, product, outer, counted = stack.pop()
        performers = _performers(node)
        if isinstance(node, n.Repeat) or performers > 1:
            product *= max(quantity_bound(node.count), 1) if isinstance(node, n.Repeat) \
                else performers
            outer = outer or node
            counted = counted or not isinstance(node, n.Repeat) \
                or not isinstance(node.count, n.Fixed)
            if counted and product > reg.MAX_REPETITIONS:
                yield error_at(outer, "E202", f"the repeats of `{to_text(outer)}` nest to up to "
                               f"{product:,} repetitions (at most {reg.MAX_REPETITIONS})",
                               hint="repeat by one quantity, not a quantity inside another")
                return
        stack.extend((k, product, outer, counted) for k in node.children()
                     if isinstance(k, n.Action))


def _performers_search(root: n.Node) -> Iterator[Diagnostic]:
    """Core C6: performers act in turn, each doing what they can, so a move that needs the
    action in full (R5.4, R6.2) and fails at the last of them may try every way the choices
    before unfold, across the whole action: with performers, the whole action is held to the
    bound that the left part of a `then` is (R13.4)."""
    target = next((x for x in root.walk() if isinstance(x, n.Target)), None)
    if target is None:
        return
    ways = search_ways(root)
    if ways > reg.MAX_SEARCH_WAYS:
        shown = f"{ways:,}" if ways < 10**12 else f"more than {10**12:,}"
        culprit, why = _explosion(root)
        yield error_at(culprit if why else target, "E202",
                       f"`{to_text(root)}` can unfold in {shown} ways with the choices of its "
                       "performers, and deciding a move may search each of them, as each "
                       f"performer acts in turn (core C6; at most {reg.MAX_SEARCH_WAYS:,} ways)",
                       hint=why or "give the performers fewer choices, or repeat the action fewer "
                       "times")


def _explosion(root: n.Node) -> tuple[n.Node, str | None]:
    """The smallest part of ``root`` that unfolds in too many ways by itself (the caret of
    E202), and a sentence saying what multiplies there and how to lower it (None when no one
    part does: the product of several)."""
    node = root
    while True:
        inner = next((k for k in node.children() if isinstance(k, n.Action)
                      and search_ways(k) > reg.MAX_SEARCH_WAYS), None)
        if inner is None:
            break
        node = inner
    if node is root and not isinstance(node, n.Repeat):
        return root, None
    return node, _why_ways(node)


def _why_ways(node: n.Node) -> str:
    """What makes ``node`` unfold in its ways, and what to change, in one sentence."""
    ways = search_ways(node)
    shown = f"{ways:,}" if ways < 10**12 else f"more than {10**12:,}"
    if isinstance(node, n.Repeat):
        each = search_ways(node.body)
        times = quantity_bound(node.count)
        spec = reg.spec_of(type(node.body))
        if spec is not None and spec.most_times:
            times = min(times, spec.most_times)
        named = _named(node.count)
        suits = f", times {named.named} {named.named_word} to name" if named else ""
        return (f"`{to_text(node)}` alone unfolds in {shown} ways: `x {to_text(node.count)}` "
                f"repeats `{to_text(node.body)}` up to {times} times and each time it can go "
                f"{each:,} ways, which taken in any order reach "
                f"{repeated_ways(each, times):,} places (the ways of at most {times} of the "
                f"{each:,}{suits}); repeat it a fixed, small number of times, or offer fewer "
                "alternatives inside it")
    return (f"`{to_text(node)}` alone unfolds in {shown} ways, the ways of its parts added or "
            "multiplied; offer fewer alternatives, or repeat its parts fewer times")


def _performers(node: n.Node) -> int:
    """How many players perform the body of ``node`` (1 unless `each rival ->`, core C6)."""
    if not isinstance(node, n.Target):
        return 1
    selector = reg.selector_of(node.who)
    return _most_seats(selector) if selector.picks == "each" else 1


def _most_seats(selector: Selector) -> int:
    """The most seats ``selector`` gives at the largest table (Fort's: MAX_RIVALS + 1)."""
    return max(1, selector.most_seats(MOST_PLAYERS))


def _fixed(node: n.Fixed) -> Iterator[Diagnostic]:
    if node.n < 1:
        yield error_at(node, "E200", "`x 0` never performs the action",
                       hint="remove the action instead")
    elif node.n == 1:
        yield warning_at(node, "W201", "`x 1` has no effect", hint="remove `x 1`")
    elif node.n > reg.MAX_AMOUNT:
        yield error_at(node, "E200",
                       f"multiplier {node.n} is out of range (at most {reg.MAX_AMOUNT})")


#: Checks of a primitive's arguments, by the token of their kind: the kinds whose bounds the
#: checker judges (``ArgKind.checked_later``; a game's own kinds' are its checks',
#: :attr:`GameChecks.arguments`); every other kind's are judged where its text is read, at the
#: argument (fortlang.vocabulary).
_ARGUMENT_CHECKS: dict[str, Check] = {AMOUNT.token: _amount}


def _in_bounds(node: n.Node) -> Iterator[Diagnostic]:
    """A number of another kind within its declared bounds: the parser refuses any other at
    the argument (fortlang.vocabulary), so this finds only an AST built otherwise."""
    for argument in reg.arguments_of(type(node)):
        kind = argument.kind
        value = getattr(node, kind.field)
        numbers = kind.numbers
        if kind.checked_later or not numbers or type(value) is not int:
            continue
        if argument.optional and value == kind.default and type(value) is type(kind.default):
            continue  # left out (`test combat 5+ need 2`: no bonus dice), as the printer does
        if not any((k.lo is None or k.lo <= value) and (k.hi is None or value <= k.hi)
                   for k in numbers):
            first = numbers[0]
            yield error_at(node, "E200", f"{first.name or first.token.lower()} "
                           f"`{kind.text_of(value)}` is out of range ({first.range_text()})")


def _checks(cls: type, game: GameChecks) -> tuple[Check, ...]:
    """The checks of a node of class ``cls`` in an action of ``game``: the game's own for the
    class, then the language's (a construct's; a primitive's arguments and bounds)."""
    found = _CHECKS.get((cls, game))
    if found is None:
        found = tuple(game.nodes.get(cls, ()))
        if cls in _CORE_CHECKS or cls in _CITING_CHECKS:
            found += _CORE_CHECKS.get(cls, ()) + tuple(  # these cite the game's rules
                partial(c, game=game) for c in _CITING_CHECKS.get(cls, ()))
        else:
            arguments = reg.arguments_of(cls)
            by_token = {**_ARGUMENT_CHECKS, **game.arguments}
            found += tuple(by_token[a.kind.token] for a in arguments
                           if a.kind.checked_later and a.kind.token in by_token)
            if any(not a.kind.checked_later and a.kind.numbers for a in arguments):
                found += (_in_bounds,)
        _CHECKS[(cls, game)] = found  # one entry per node class and game: bounded
    return found


#: The checks of the language's constructs.
_CORE_CHECKS: dict[type, tuple[Check, ...]] = {
    n.Repeat: (_repeat,),  # type: ignore[dict-item]
    n.Fixed: (_fixed,),  # type: ignore[dict-item]
}
#: The checks of the language's constructs whose messages cite the game's rules
#: (:attr:`GameChecks.rules`): each made for the game whose action it judges, after the above.
_CITING_CHECKS: dict[type, tuple[Callable[..., Iterator[Diagnostic]], ...]] = {
    n.Then: (_search_bound,),
}
_CHECKS: dict[tuple[type, GameChecks], tuple[Check, ...]] = {}
#: Checks that need the whole tree (what surrounds a node), run once from the root.
_TREE_CHECKS: tuple[TreeCheck, ...] = (_multiplied, _repetitions, _performers_search)
