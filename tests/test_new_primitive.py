"""Issue 13 item 1: a primitive is one declaration. `fetch N` (draw N cards) is declared
here, in this test alone, and it parses, prints, checks, explains, executes and appears in a
generated reference without a line of the package being edited for it. Fort's own language is
left as it was."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from builders import kid

from fortlang import nodes as n
from fortlang import registry
from fortlang.agents.bots import worth
from fortlang.checker import check
from fortlang.docsite.reference import primitives
from fortlang.docsite.strip import glyphs
from fortlang.engine import IllegalMove, ScriptedAgent
from fortlang.engine.program import CARDS_MOVED, Judgement, Op, program
from fortlang.errors import FortSyntaxError
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.certain import surely_playable
from fortlang.games.fort.model import KidCard
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.play import can_perform, perform, play_card, why_not
from fortlang.games.fort.table import Game
from fortlang.parser import language, parse_action
from fortlang.phrasebook import plural, sentence
from fortlang.printer import to_text
from fortlang.sim.seats import Seats


@dataclass(frozen=True, slots=True)
class Fetch(n.Action):
    amount: int = 1


def _draw(node: Fetch, ctx, k) -> bool:
    """Draw N cards from the deck into the hand; in full only if the deck holds N (this test's
    own rule: no reshuffle)."""
    game, p = ctx.game, ctx.player
    if len(p.deck) < node.amount:
        return k(False)
    for _ in range(node.amount):
        game.move(p.deck, len(p.deck) - 1, p.hand)
    return k(True)


FETCH = registry.PrimitiveSpec(
    "fetch", Fetch, "fetch [N]", "X1", "Draw N cards from your deck into your hand.", "fetch 2",
    most_times=8, worth=lambda a: 0.9 * a.amount, effect=_draw,
    phrases={"en": lambda a: f"draw {plural('en', 'card', a.amount)}",
             "fr": lambda a: f"piochez {plural('fr', 'card', a.amount)}",
             "ru": "возьмите из колоды карт: {amount}"},
    meanings={"fr": "Piochez N cartes de votre pioche.",
              "ru": "Возьмите N карт из своей колоды в руку."},
)
VOCAB = fort_words.FORT.extended("fort+fetch", primitives=(FETCH,))
FETCHING = language(VOCAB)


def test_it_parses_in_its_vocabulary_only() -> None:
    ast = FETCHING.parse_action("(fetch 2 or score) then fetch")
    assert ast == n.Then((n.Choice((Fetch(2), fn.Score())), Fetch()))
    with pytest.raises(FortSyntaxError):
        parse_action("fetch 2")  # Fort's language is unchanged
    with pytest.raises(FortSyntaxError) as err:
        FETCHING.parse_action("drwa 2")
    assert "fetch" in str(err.value)  # listed among the actions, and the did-you-mean


def test_it_prints_canonically_and_round_trips() -> None:
    for text in ("fetch", "fetch 3 x book", "(fetch or score) then fetch 2"):
        ast = FETCHING.parse_action(text)
        assert to_text(ast) == text
        assert FETCHING.parse_action(to_text(ast)) == ast


def test_its_arguments_are_checked_from_its_syntax() -> None:
    assert check(FETCHING.parse_action("fetch 2")) == []
    (zero,) = check(FETCHING.parse_action("fetch 0"))
    assert zero.code == "E200" and "`fetch 0` does nothing" in zero.message


def test_it_explains_itself_in_three_languages() -> None:
    ast = FETCHING.parse_action("fetch 2 x shovel")
    assert sentence(ast, "en") == "Draw 2 cards for each shovel."
    assert sentence(ast, "fr").startswith("Piochez 2 cartes")
    assert sentence(ast, "ru").startswith("Возьмите из колоды карт: 2")


def test_it_executes_in_full_or_not_at_all() -> None:
    game = Game(2, asker=Seats([ScriptedAgent(), ScriptedAgent()]), debug=True)
    p = game.players[0]
    game.new_cards([kid(f"K{i}", "book", "score") for i in range(3)], p.deck)
    assert can_perform(game, 0, FETCHING.parse_action("fetch 3"))
    assert not can_perform(game, 0, FETCHING.parse_action("fetch 4"))
    assert perform(game, 0, FETCHING.parse_action("fetch 2"))
    assert len(p.hand) == 2 and len(p.deck) == 1
    assert not perform(game, 0, FETCHING.parse_action("fetch 2"))  # one left: not in full
    assert len(p.hand) == 2 and len(p.deck) == 1


def test_a_card_with_it_is_played_under_r5_4() -> None:
    card = KidCard(id="seer", name="Seer", suits=(Suit.BOOK,),
                   public=FETCHING.parse_action("fetch 2"), private=None)
    game = Game(2, asker=Seats([ScriptedAgent(["public (fetch 2) only"]), ScriptedAgent()]),
                debug=True)
    p = game.players[0]
    played = game.new_card(card, p.hand)
    with pytest.raises(IllegalMove) as err:
        play_card(game, 0, played, follow=False)  # an empty deck: no action in full (R5.4)
    assert err.value.rule == "R5.4"
    game.new_cards([kid("A", "glue", "score"), kid("B", "glue", "score")], p.deck)
    play_card(game, 0, played, follow=False)
    assert [c.name for c in p.hand] == ["B", "A"]


def test_the_bots_value_and_the_icon_strip_come_from_the_declaration() -> None:
    ast = FETCHING.parse_action("fetch 2")
    assert worth(ast) == pytest.approx(1.8)
    assert [g.text for g in glyphs(ast)] == ["fetch", "2"]


@pytest.mark.parametrize("lang, meaning", [
    ("en", "Draw N cards from your deck into your hand."),
    ("fr", "Piochez N cartes de votre pioche."),
    ("ru", "Возьмите N карт из своей колоды в руку."),
])
def test_it_appears_in_the_generated_reference(lang: str, meaning: str) -> None:
    page = primitives(lang, VOCAB)
    assert "### `fetch [N]`" in page and meaning in page
    assert "`gain [N] RES`" in page  # beside Fort's own
    assert "`fetch [N]`" not in primitives(lang)  # Fort's reference is unchanged


# -- the whole engine declaration: effect and closed form in one class ---------------------------


@dataclass(frozen=True, slots=True)
class Peek(n.Action):
    amount: int = 1


class PeekOp(Op):
    """`peek N` (draw N cards, in full only if the deck holds N) declared whole, as Fort's own
    primitives are: its effect (``run``, ``once``) beside its closed form (``now``)."""

    def __init__(self, node: Peek) -> None:
        super().__init__(node)
        self.amount = node.amount
        self.straight = True  # no choice: a repetition of it is a loop
        self.touches = CARDS_MOVED

    def once(self, ctx) -> bool:  # straight: run is once, then k
        game, p = ctx.game, ctx.player
        if len(p.deck) < self.amount:
            return False
        for _ in range(self.amount):
            game.move(p.deck, len(p.deck) - 1, p.hand)
        return True

    def now(self, s: Judgement) -> bool:
        return len(s.p.deck) >= self.amount  # a card drawn is always an effect


PEEK = registry.PrimitiveSpec("peek", Peek, "peek [N]", "X3", "Draw N cards from your deck.",
                              "peek 2", most_times=8, op=PeekOp,
                              phrases={"en": "peek at {amount}", "fr": "regardez {amount}",
                                       "ru": "посмотрите {amount}"})
PEEKING = language(fort_words.FORT.extended("fort+peek", primitives=(FETCH, PEEK)))


def test_a_declared_op_runs_and_its_closed_form_spares_the_search() -> None:
    """With an op, the engine judges a card by the primitive's own closed form (R5.4: surely
    performed in full with an effect) where an effect alone leaves it to the search."""
    def card(text: str) -> KidCard:
        return KidCard(id=text, name=text, suits=(Suit.BOOK,),
                       public=PEEKING.parse_action(text), private=None)

    game = Game(2, asker=Seats([ScriptedAgent(), ScriptedAgent()]), debug=True)
    p = game.players[0]
    game.new_cards([kid(f"K{i}", "glue", "score") for i in range(3)], p.deck)
    peek, fetch = game.new_card(card("peek 2"), p.hand), game.new_card(card("fetch 2"), p.hand)
    assert type(program(peek.defn.public)) is PeekOp
    assert surely_playable(game, 0, peek) and why_not(game, 0, peek) is None
    assert not surely_playable(game, 0, fetch) and why_not(game, 0, fetch) is None  # searched
    assert program(PEEKING.parse_action("peek x book")).straight
    play_card(game, 0, peek, follow=False)
    assert len(p.deck) == 1 and {c.name for c in p.hand} >= {"K2", "K1"}
    assert not surely_playable(game, 0, fetch) and why_not(game, 0, fetch) == "R5.4"


@dataclass(frozen=True, slots=True)
class Calm(Peek):
    """`calm N`: `peek`'s op, declared as freeing nothing."""


def test_an_op_reads_what_its_declaration_says_it_may_free() -> None:
    """``frees`` is part of the one declaration whichever way the engine gets the primitive:
    an op that does not know better reads it (the legality shortcuts assume a play that frees
    nothing can never gain what does not fit now)."""
    calm = replace(PEEK, name="calm", node=Calm, syntax="calm [N]", example="calm", frees=False)
    fort_words.FORT.extended("fort+calm", primitives=(calm,))
    game = Game(2)
    assert not program(Calm()).may_free(game, game.players[0])
    assert program(Peek()).may_free(game, game.players[0])  # declared as freeing (the default)


def test_an_op_that_is_not_an_engine_op_is_refused() -> None:
    @dataclass(frozen=True, slots=True)
    class Odd(n.Action):
        pass

    odd = registry.PrimitiveSpec("odd", Odd, "odd", "X4", "Nothing.", "odd", op=lambda node: 1)
    fort_words.FORT.extended("fort+odd", primitives=(odd,))
    with pytest.raises(TypeError, match="not an engine Op"):
        program(Odd())
