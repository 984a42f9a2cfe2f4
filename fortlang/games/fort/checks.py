"""Fort's own checks of its actions (issue 33: a game module declares its checks; design
§2.1): what Fort's rules say of its words, beside the language's checks (fortlang.checker),
which run them for an action read in Fort's words (``GameModule.checks`` names this module,
whose :data:`CHECKS` the checker runs). Another game's actions are never judged by them.

- W200: the stuff holds 4 of each resource (R1.5), so a bigger gain is never done in full;
- E200: a cost modifier is -1 or +1 (R13.2);
- E201, E203: `destroy this` boxes the played card once, and it is the leader's (R12.5);
- E202: deciding a play names a suit for the coin and each `x any` and tries the counts the
  cards added give (R5.3, R5.6, R5.7): past a bound, the card is refused rather than stall.

Fort's card checks (fortlang.cardset.semantics: a card's two boxes together, W200 against the
set's own board) read :func:`any_suits`, :func:`play_ways`, :func:`stuff_warnings` and their
messages from here, through the module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.checker import (
    GameChecks,
    action_ways,
    card_flow,
    error_at,
    search_refused,
    warning_at,
    with_multipliers,
)
from fortlang.errors import Diagnostic
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.model import KidCard
from fortlang.games.fort.vocabulary import MODIFIER, MODIFIERS
from fortlang.printer import to_text

#: The suits a coin may be named (R5.6): any but the coin.
PLAIN_SUITS = fn.PLAIN_SUITS

#: R1.5: stuff holds at most 4 pizza and 4 toys, so a bigger gain can never be done in full.
STUFF_LIMIT = 4

#: How W200 for the stuff's room starts: the set's checks judge those again against the set's
#: own board (fortlang.games.fort.cardchecks.refine).
STUFF_W200 = "stuff holds at most "


def is_stuff_warning(d: Diagnostic) -> bool:
    """A W200 judged against the stuff's room (R1.5), which depends on the board."""
    return d.code == "W200" and d.message.startswith(STUFF_W200)


def stuff_warnings(root: n.Node, stuff: int = STUFF_LIMIT) -> Iterator[Diagnostic]:
    """W200 for every gain that can never fit in a stuff holding ``stuff`` of each resource
    (R1.5): one gain of more than that, or a gain repeated straight by numbers (``gain pizza
    x 5``, ``(gain toy x 2) x 3``) to more than that in all.

    >>> from fortlang.parser import parse_action
    >>> list(stuff_warnings(parse_action("gain 5 pizza"), 6))
    []
    >>> [d.message for d in stuff_warnings(parse_action("gain pizza x 4"), 3)][0][:47]
    'stuff holds at most 3 of each resource (R1.5), '
    """
    for node in root.walk():
        if isinstance(node, fn.Gain) and stuff < node.amount <= reg.MAX_AMOUNT:
            yield warning_at(node, "W200",
                             f"{STUFF_W200}{stuff} of each resource (R1.5), so "
                             f"`gain {node.amount}` can never be performed in full")
    for node, factor, outer, straight in with_multipliers(root):
        if (isinstance(node, fn.Gain) and outer is not None and straight
                and 1 <= node.amount <= stuff < node.amount * factor <= reg.MAX_AMOUNT):
            yield warning_at(outer, "W200",
                             f"{STUFF_W200}{stuff} of each resource (R1.5), so "
                             f"`{to_text(outer)}` (gain {node.amount * factor} in all) can "
                             "never be performed in full")


def _modifier(node: fn.Advance) -> Iterator[Diagnostic]:
    """R13.2: a cost modifier is one resource more or less (``advance -1``); the parser reads
    any signed number there, so the checker judges it, as amounts are."""
    if node.modifier and node.modifier not in MODIFIERS:
        yield error_at(node, "E200",
                       f"cost modifier {node.modifier:+d} is out of range (R13.2: -1 or +1)")


def _boxed_once(node: n.Then) -> Iterator[Diagnostic]:
    """R12.5: `destroy this` boxes the card once, so a second one in sequence can never happen."""
    seen = False
    for item in node.items:
        for inner in item.walk():
            if isinstance(inner, fn.DestroyThis):
                if seen:
                    yield error_at(inner, "E201", "`destroy this` twice in one action: a card "
                                   "is boxed once (R12.5)",
                                   hint="keep one `destroy this`, at the end")
                seen = True
                break


def _own_card(node: n.Target) -> Iterator[Diagnostic]:
    """`destroy this` boxes the played card, which is the leader's: another player performing
    it would box a card that is not theirs."""
    for inner in node.body.walk():
        if isinstance(inner, fn.DestroyThis):
            yield error_at(inner, "E203", f"`destroy this` under `{node.who} ->`: this card "
                           "is yours, another player cannot box it (R12.5)",
                           hint="move it out of the targeted action: `... then destroy this`")


# -- deciding a play (R5.3, R5.6, R5.7) ---------------------------------------------------------


def play_ways(actions: list[n.Action], coin: bool = False,
              ways_of: Callable[[n.Node, bool], int] = action_ways) -> int:
    """An upper bound on the ways deciding a play of a card with these boxes may search
    (issue 31.7): the suit its coin stands for (``coin``, R5.6) and each `x any` counts (R5.7),
    named before cards are added; the counts the cards added and counted can give each suit
    its `x` count (R5.3: from none to a suit count's bound; the engine searches the cards by
    the counts they give); and, for each, the ways of its actions (``ways_of``: by default
    :func:`fortlang.checker.action_ways`, the part E202 bounds;
    :func:`fortlang.checker.search_ways` for all of it), each tried after the other (R5.2).
    The engine's search is held to it by a test (tests/test_engine_play_bound.py)."""
    suits: set[fn.Suit] = set()
    counted = 0
    ways = len(PLAIN_SUITS) if coin else 1
    flows = [card_flow(a) for a in actions]  # one box moves a card, another reads the cards
    cards = any(a[2] for a in flows) or any(a[0] and b[1] for i, a in enumerate(flows)
                                              for j, b in enumerate(flows) if i != j)
    for action in actions:
        for x in action.walk():
            if isinstance(x, n.Repeat) and isinstance(x.count, fn.SuitCount):
                suits.add(x.count.suit)
            elif isinstance(x, n.Repeat) and isinstance(x.count, fn.AnySuit):
                counted += 1
                ways *= len(fn.Suit)
        ways *= ways_of(action, cards)
    for _ in range(len(suits) + counted):
        ways *= reg.default_vocabulary().quantity_by_word["any"].bound + 1
    return ways


def _play_bound(root: n.Node) -> Iterator[Diagnostic]:
    """R5.3, R5.7: deciding a play searches the action once for each set of suits named and
    each count the cards added give; past the bound, refuse the card rather than stall. The
    card's two boxes together: in fortlang.cardset, engine-free."""
    if not isinstance(root, n.Action) or len(any_suits(root)) > reg.MAX_ANY_SUITS \
            or search_refused(root):
        return  # already refused, for a part of it
    ways = play_ways([root])
    if ways > reg.MAX_PLAY_WAYS:
        yield error_at(root, "E202", play_ways_message(f"`{to_text(root)}`", ways),
                       hint=PLAY_WAYS_HINT)


def card_ways(card: KidCard) -> int:
    """:func:`play_ways` of a kid card: its boxes, with its coin if it has one (R5.6); what
    W305 bounds before judging a card (fortlang.cardset.deadcards)."""
    return play_ways([a for a in (card.public, card.private) if a is not None],
                     fn.Suit.COIN in card.suits)


def play_ways_message(what: str, ways: int) -> str:
    shown = f"{ways:,}" if ways < 10**12 else f"more than {10**12:,}"
    return (f"{what} can unfold in {shown} ways with the suits the leader names and the "
            "counts the cards added give, and deciding a play may search each of them (R5.3, "
            f"R5.7, R13.4; at most {reg.MAX_PLAY_WAYS:,} ways)")


PLAY_WAYS_HINT = ("count fewer suits (`x shovel` or `x any`), repeat fewer times before a "
                  "`then`, or offer fewer alternatives")


def any_suits(root: n.Node) -> list[n.Repeat]:
    """The repeats of ``root`` by `x any` (R5.7), in reading order."""
    return [x for x in root.walk() if isinstance(x, n.Repeat) and isinstance(x.count, fn.AnySuit)]


def _any_suits_bound(root: n.Node) -> Iterator[Diagnostic]:
    """R5.7, R5.3: a suit is named for each `x any` before cards are added, so deciding a play
    may try every set of suits with every set of added cards; past a bound, refuse the card
    rather than stall (the card's two boxes together: engine-free, in fortlang.cardset)."""
    repeats = any_suits(root)
    if len(repeats) > reg.MAX_ANY_SUITS:
        extra = repeats[reg.MAX_ANY_SUITS]
        yield error_at(extra, "E202", any_suits_message(len(repeats)),
                       hint="count fixed suits (`x shovel`), or one `x any` repeating a group")


def any_suits_message(count: int) -> str:
    return (f"{count} `x any` to name a suit for before adding cards, and deciding a play may "
            "try every set of suits with every set of cards added (R5.7, R5.3; at most "
            f"{reg.MAX_ANY_SUITS} on a card)")


#: What the checker runs on an action read in Fort's words, beside the language's checks.
CHECKS = GameChecks(
    nodes={n.Then: (_boxed_once,), n.Target: (_own_card,)},  # type: ignore[dict-item]
    arguments={MODIFIER.token: _modifier},  # type: ignore[dict-item]
    tree=(_any_suits_bound, _play_bound, stuff_warnings),
    rules={"then": "R13.4"})
