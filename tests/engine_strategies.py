"""Hypothesis strategies for actions the engine plays: small amounts (so that random tables
can pay for them), every primitive, quantity and construct. One place for the property tests of
the engine, the games with random cards and ``bench/fuzz_cards.py``."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import strategies as st

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.checker import check, search_ways
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.checks import any_suits, play_ways
from fortlang.games.fort.model import kids_of
from fortlang.model import CardSet
from fortlang.printer import to_text

leaves = st.one_of(
    st.builds(fn.Gain, amount=st.integers(1, 3), resource=st.sampled_from(fn.Resource)),
    st.builds(fn.Spend, amount=st.integers(1, 2), resource=st.sampled_from(fn.Resource)),
    st.builds(fn.Score, amount=st.integers(1, 2)),
    st.builds(fn.Advance, modifier=st.sampled_from((0, *fort_words.MODIFIERS))),
    *(st.builds(spec.node) for spec in fort_words.PRIMITIVES
      if spec.node not in (fn.Gain, fn.Spend, fn.Score, fn.Advance)),
)
tests = st.builds(n.Compare, st.sampled_from(reg.COMPARE_OPS),
                  st.builds(n.Metric, st.sampled_from([m.word for m in fort_words.METRICS])),
                  st.builds(n.Number, st.integers(0, 4)))


def quantities(most_fixed: int, tallies: bool) -> st.SearchStrategy[n.Quantity]:
    """Fixed counts up to ``most_fixed``, Fort's quantities, and (``tallies``) the core's."""
    return st.one_of(
        st.builds(n.Fixed, n=st.integers(0, most_fixed)),
        *(st.builds(cls) for cls in (fn.AnySuit, fn.PackSize, fn.FortLevel, fn.LookoutSize)),
        st.builds(fn.SuitCount, suit=st.sampled_from(fn.Suit)),
        *([st.builds(n.Tally,
                     st.sampled_from([w.word for w in fort_words.QUANTITIES if w.measure]))]
          if tallies else []),
    )


def composites(most_fixed: int = 3, most_parts: int = 3, tallies: bool = True):
    """The operators, and the core's `if ->` and `each rival ->` (issue 18.1), over ``kids``."""
    counts = quantities(most_fixed, tallies)

    def build(kids: st.SearchStrategy[n.Action]) -> st.SearchStrategy[n.Action]:
        several = st.lists(kids, min_size=2, max_size=most_parts).map(tuple)
        return st.one_of(st.builds(n.Repeat, kids, counts), several.map(n.Then),
                         several.map(n.Choice), st.builds(n.Conditional, tests, kids),
                         st.builds(n.Target, st.sampled_from(n.Who), kids))

    return build


def accepted_actions(max_leaves: int) -> st.SearchStrategy[n.Action]:
    """Actions `check` accepts, fixed counts up to its bound (whole games play them)."""
    return st.recursive(leaves, composites(reg.MAX_AMOUNT, 4, tallies=False),
                        max_leaves=max_leaves).filter(
        lambda a: not any(d.code.startswith("E") for d in check(a)))


def with_boxes(cardset: CardSet, boxes: list[n.Action],
               seed: int) -> tuple[CardSet, list[str]]:
    """``cardset`` with ``boxes`` in random boxes of random park kids (by ``seed``), and
    what was replaced (``Name.public: action``), to replay it by."""
    rng = random.Random(seed)
    kids = list(kids_of(cardset))
    park = [i for i, k in enumerate(kids) if not k.best_friend]
    replaced = []
    for action in boxes:
        i, box = rng.choice(park), rng.choice(["public", "private"])
        kids[i] = dataclasses.replace(kids[i], **{box: action})
        replaced.append(f"{kids[i].name}.{box}: {to_text(action)}")
    return cardset.with_slot("kids", tuple(kids)), replaced



def _accepted(action: n.Action) -> bool:
    return not any(d.code.startswith("E") for d in check(action))


def to_the_bound(body: n.Action, right: n.Action, anys: int) -> n.Action | None:
    """``(body x k) then right`` with ``k`` the largest fixed count `check` accepts (E202's ways
    for the left of a `then`, R13.4), and ``anys`` `x any` (R5.7): one on the right part, a
    second on the whole; a suit is named for each before cards are added (R5.3). None if no
    ``k`` > 1 is accepted (``body`` unfolds in one way only, or in too many)."""
    ways = search_ways(body)
    if ways < 2:
        return None
    most = 1
    while most < reg.MAX_AMOUNT and ways ** (most + 1) <= reg.MAX_SEARCH_WAYS:
        most += 1
    if anys:
        right = n.Repeat(right, fn.AnySuit())
    for k in range(most, 1, -1):
        action: n.Action = n.Then((n.Repeat(body, n.Fixed(k)), right))
        if anys > 1:
            action = n.Repeat(action, fn.AnySuit())
        if _accepted(action):
            return action
    return None


def at_bound_actions(max_leaves: int, most_anys: int = reg.MAX_ANY_SUITS
                     ) -> st.SearchStrategy[n.Action]:
    """Actions `check` accepts at its bound (issue 31 item 7): a random part repeated as often
    as E202 allows before a `then`, with up to ``most_anys`` `x any` (two at most on a card)."""
    parts = accepted_actions(max_leaves)
    built = st.builds(to_the_bound, parts, parts, st.integers(0, most_anys))
    return built.filter(lambda a: a is not None)  # type: ignore[return-value]


def with_every_box(cardset: CardSet, pool: list[n.Action],
                   seed: int) -> tuple[CardSet, list[str]]:
    """``cardset`` with both boxes of every kid drawn from ``pool`` (by ``seed``), as the card
    set checks accept them: a card's two boxes and its coin within E202's bound for a play
    together (checker.play_ways), two `x any` at most (R5.7); and what was replaced."""
    rng = random.Random(seed)
    anys = [len(any_suits(a)) for a in pool]
    kids = []
    replaced = []
    for kid in kids_of(cardset):
        coin = fn.Suit.COIN in kid.suits
        alone = [i for i in range(len(pool)) if play_ways([pool[i]], coin) <= reg.MAX_PLAY_WAYS]
        public = rng.choice(alone)
        fits = [i for i in alone if anys[i] + anys[public] <= reg.MAX_ANY_SUITS
                and play_ways([pool[public], pool[i]], coin) <= reg.MAX_PLAY_WAYS]
        private = rng.choice(fits) if fits else None
        boxes = {"public": pool[public], "private": None if private is None else pool[private]}
        kids.append(dataclasses.replace(kid, **boxes))
        replaced += [f"{kid.name}.{box}: {to_text(a)}" for box, a in boxes.items() if a]
    return cardset.with_slot("kids", tuple(kids)), replaced
