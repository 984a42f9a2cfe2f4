"""``Game.explain`` (through ``GameState.on_table(..., explain=True)``): every decision is asked,
even one with a single option, and lists the options the rules never offer with the rule that
refuses each. Off (every game), nothing changes: single options are not asked."""

from __future__ import annotations

from builders import kid

from fortlang.engine.choices import Kind
from fortlang.games.fort.play import lead, play_card
from fortlang.games.fort.sim.pull import GameState
from fortlang.games.fort.table import Game

BUG = kid("Bug", "shovel", "gain pizza x shovel", "score x level")
BONES = kid("Bones", "book", "score x book", "gain toy")
WORM = kid("Worm", "shovel", "gain pizza/toy", "pack")
RUSTY = kid("Rusty", "shovel", "gain pizza x shovel", "destroy card")
GIGGLES = kid("Giggles", "glue", "gain 2 toy or score", "convert")
TINK = kid("Tink", "glue", "convert x glue", "gain toy then pack")


def table(*hands: list) -> Game:
    game = Game(max(2, len(hands)))
    for p, hand in zip(game.players, hands, strict=False):
        game.new_cards(hand, p.hand)
    return game


def decisions(game: Game, program, answer=lambda d: 0, explain: bool = True) -> list:
    state = GameState.on_table(game, program, explain=explain)
    asked = []
    while not state.is_terminal():
        d = state.decision()
        asked.append(d)
        state.apply_action(answer(d))
    return asked


def test_r5_3_cards_of_another_suit_are_refused_in_the_boost_decision():
    game = table([BUG, BONES])
    [boost, *_] = [d for d in decisions(game, lambda g: play_card(g, 0, g.players[0].hand[0]))
                   if d.kind == Kind.BOOST]
    assert boost.labels == ("stop adding cards",)  # asked, though it is the only option
    assert boost.excluded == (("add Bones (book)", "R5.3"),)


def test_r13_3_an_action_without_x_refuses_every_card():
    game = table([GIGGLES, TINK])
    boosts = [d for d in decisions(game, lambda g: play_card(g, 0, g.players[0].hand[0]))
              if d.kind == Kind.BOOST]
    assert [d.excluded for d in boosts] == [(("add Tink (glue)", "R13.3"),)]
    # what is being done, not the coin naming of R5.6 (Giggles shows no coin)
    assert [d.context for d in boosts] == ["Giggles: no card can be added (R5.3, R13.3)"]


def test_r6_1_a_follower_is_told_which_cards_cannot_follow():
    game = table([BUG], [BONES, WORM])
    [follow] = [d for d in decisions(game, lambda g: play_card(g, 0, g.players[0].hand[0]))
                if d.kind == Kind.FOLLOW]
    assert follow.labels == ("decline", "discard Worm (shovel)")
    assert follow.excluded == (("discard Bones (book)", "R6.1"),)


def test_r12_4_the_played_card_is_refused_as_a_destroy_target():
    game = table([RUSTY])
    game.new_card(WORM, game.players[0].discard)

    def answer(d):  # the private action alone
        return d.labels.index(next(x for x in d.labels if x.startswith("private"))) \
            if d.kind == Kind.ORDER else 0
    [destroy] = [d for d in decisions(game, lambda g: play_card(g, 0, g.players[0].hand[0]),
                                      answer) if d.kind == Kind.DESTROY]
    assert destroy.labels == ("Worm from your discard",)
    assert destroy.excluded == (("Rusty (played or added: in play)", "R12.4"),)


def test_r5_1_the_play_decision_lists_unplayable_cards_with_their_rule():
    munch = kid("Munch", "skateboard", "spend pizza then score 2", "advance")
    game = table([munch])
    [play] = decisions(game, lambda g: lead(g, 0))
    assert play.labels == ("skip the play phase",)
    assert play.excluded == (("Munch (skateboard)", "R5.4"),)


def test_without_explain_single_options_are_not_asked_and_nothing_is_refused():
    game = table([BUG, BONES], [BONES, WORM])
    asked = decisions(game, lambda g: play_card(g, 0, g.players[0].hand[0]), explain=False)
    # no boost question (one option), the order (Bug's private action would change nothing,
    # R5.4), following; the follower is not told about Bones
    assert [d.kind for d in asked] == [Kind.ORDER, Kind.FOLLOW]
    assert asked[1].excluded == ()
