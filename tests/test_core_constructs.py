"""The language core's constructs for expansions (issue 18 item 1): `if COND -> ACTION`,
`each rival ->`, `a rival ->`, `each player ->`, the performer's zones and tokens after `x`,
and `draw`, `lose`, `take`, `give`. Each with its R5.4 (in full), R5.5 and R6 (following)
meaning, as docs/expansions.md states it. The base set never uses them (test_cardset_base)."""

from __future__ import annotations

import pytest
from builders import Recorder, kid

from fortlang import nodes as n
from fortlang.checker import check
from fortlang.engine import Kind, ScriptedAgent
from fortlang.games.fort import nodes as fn
from fortlang.games.fort.invariants import assert_invariants
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.play import perform, play_card
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action
from fortlang.printer import to_text
from fortlang.sim.seats import Seats

PIZZA, TOY = Resource.PIZZA, Resource.TOY


def table(*scripts, players=3):
    agents = [Recorder(s) for s in scripts] + [Recorder() for _ in range(players - len(scripts))]
    return Game(players, asker=Seats(agents), debug=True)


def do(game, text, *, full=True, seat=0):
    ok = perform(game, seat, parse_action(text), full=full)
    assert_invariants(game)
    return ok


# -- syntax: binding and canonical text ---------------------------------------------------------


@pytest.mark.parametrize("text, canonical", [
    ("if toy>=3->score 2", "if toy >= 3 -> score 2"),
    ("each rival->lose", "each rival -> lose"),
    ("a  rival -> give 2 toy", "a rival -> give 2 toy"),
    ("each player -> draw", "each player -> draw"),
    ("gain pizza × yard", "gain pizza x yard"),
    ("(if hand > 2 -> score) x vp", "(if hand > 2 -> score) x vp"),
    ("each rival -> (lose then gain toy)", "each rival -> (lose then gain toy)"),
    ("take pizza/toy or give resource", "take pizza/toy or give pizza/toy"),
])
def test_each_construct_has_one_canonical_text(text: str, canonical: str) -> None:
    assert to_text(parse_action(text)) == canonical
    assert parse_action(canonical) == parse_action(text)


def test_x_binds_tighter_and_then_or_looser_than_if_and_targets() -> None:
    ast = parse_action("if toy >= 1 -> score x shovel then each rival -> lose or draw")
    assert isinstance(ast, n.Choice)
    then, draw = ast.items
    assert isinstance(then, n.Then) and draw == fn.Draw()
    cond, target = then.items
    assert isinstance(cond, n.Conditional) and isinstance(cond.body, n.Repeat)
    assert target == n.Target(n.Who.EACH_RIVAL, fn.Lose())


def test_the_zone_words_are_quantities_and_metrics() -> None:
    for word in ("hand", "yard", "discard", "deck", "pizza", "toy", "vp"):
        assert parse_action(f"score x {word}").count == n.Tally(word)
    for word in ("hand", "yard", "discard", "deck", "vp", "pizza", "toy"):
        assert isinstance(parse_action(f"if {word} > 0 -> score"), n.Conditional)


# -- if COND -> ACTION --------------------------------------------------------------------------


def test_a_true_condition_performs_the_action_a_false_one_is_not_in_full_r5_4() -> None:
    game = table()
    p = game.players[0]
    game.give(p, TOY, 3)
    assert do(game, "if toy >= 3 -> score 2") and p.vp == 2
    assert not do(game, "if toy >= 4 -> score 2") and p.vp == 2
    assert do(game, "if toy >= 4 -> score 2", full=False) and p.vp == 2  # in part: nothing


def test_the_condition_is_tested_when_reached_after_what_came_before_r13_4() -> None:
    game = table()
    p = game.players[0]
    assert do(game, "gain 2 toy then if toy = 2 -> score 3")
    assert p.vp == 3


def test_a_card_whose_only_action_fails_its_condition_cannot_be_played_r5_4() -> None:
    game = table()
    card = game.new_card(kid("Picky", "book", "if toy >= 3 -> score 2", None), game.players[0].hand)
    from fortlang.games.fort.play import legal_plays
    assert card not in legal_plays(game, 0)
    game.give(game.players[0], TOY, 3)
    assert card in legal_plays(game, 0)


def test_a_follower_tests_the_condition_for_themselves_r6_2() -> None:
    game = table(["public (if toy >= 1 -> score 2) only"], ["decline"], players=2)
    leader, follower = game.players
    game.give(leader, TOY, 1)
    card = game.new_card(kid("Picky", "book", "if toy >= 1 -> score 2", "score"), leader.hand)
    game.new_card(kid("Reader", "book", "score", "score"), follower.hand)
    play_card(game, 0, card)
    (asked,) = game.asker.agents[1].seen
    assert asked.kind == Kind.FOLLOW
    assert [rule for _, rule in asked.excluded] == ["R6.2"]  # no toy: not in full for them
    assert leader.vp == 2 and follower.vp == 0


# -- each rival / a rival / each player ---------------------------------------------------------


def test_each_rival_performs_it_in_turn_order_as_themselves() -> None:
    game = table([], ["toy"], ["pizza"], players=3)
    assert do(game, "each rival -> gain pizza/toy")
    me, left, right = game.players
    assert me.stuff == {PIZZA: 0, TOY: 0}
    assert left.stuff == {PIZZA: 0, TOY: 1} and right.stuff == {PIZZA: 1, TOY: 0}
    # each rival chose for themselves, in turn order from the leader's left (seat 1, then 2)
    assert [(d.player, d.kind) for a in game.asker.agents for d in a.seen] == [
        (1, Kind.RESOURCE), (2, Kind.RESOURCE)]


def test_each_rival_is_in_full_only_if_every_rival_is_and_each_does_what_they_can() -> None:
    game = table()
    me, left, right = game.players
    left.vp = 3
    assert not do(game, "each rival -> lose")  # the right rival has no VP: not in full
    assert left.vp == 3  # and a move that must be in full changes nothing
    assert do(game, "each rival -> lose", full=False)
    assert (left.vp, right.vp) == (2, 0)
    right.vp = 5
    assert do(game, "each rival -> lose 2") and (left.vp, right.vp) == (0, 3)


def test_a_rival_is_chosen_by_the_actor_among_those_who_can_complete_r5_4() -> None:
    game = table(["player 3"])  # seat 2, as people count: player 3
    me, left, right = game.players
    right.vp = 1
    assert do(game, "a rival -> lose")
    (asked,) = game.asker.agents[0].seen
    assert asked.player == 0 and asked.kind == Kind.RIVAL
    assert [o.label for o in asked.options] == ["player 3"]
    assert asked.excluded == (("player 2", "cannot be completed"),)
    assert right.vp == 0


def test_each_player_starts_with_the_actor() -> None:
    game = table()
    for p in game.players:
        p.vp = 1
    assert do(game, "each player -> lose") and [p.vp for p in game.players] == [0, 0, 0]
    assert not do(game, "each player -> lose")


def test_a_rivals_choice_does_not_bind_the_next_rival_nor_the_leader_r12_1() -> None:
    game = table(["pizza"], ["toy"], ["pizza"], players=3)
    assert do(game, "gain pizza/toy then each rival -> gain pizza/toy")
    assert [p.stuff[TOY] for p in game.players] == [0, 1, 0]


def test_on_your_turn_perks_do_not_apply_to_a_rival_performing() -> None:
    """Sticky Fingers (R15) packs from the supply on *your* turn; a rival's pack is theirs."""
    from fortlang.games.fort.model import Perk, PerkHook

    game = table(players=2)
    rival = game.players[1]
    rival.perks.append(Perk("sticky", "Sticky Fingers", PerkHook.PACK_FROM_SUPPLY, {}))
    assert not do(game, "each rival -> pack")  # their stuff is empty: nothing to pack
    assert rival.pack == {PIZZA: 0, TOY: 0}


def test_a_follower_targets_their_own_rivals_r6_1() -> None:
    game = table(["public (each rival -> lose) only"], ["discard Reader"], players=2)
    leader, follower = game.players
    leader.vp, follower.vp = 2, 2
    card = game.new_card(kid("Bully", "book", "each rival -> lose", "score"), leader.hand)
    game.new_card(kid("Reader", "book", "score", "score"), follower.hand)
    play_card(game, 0, card)
    assert (leader.vp, follower.vp) == (1, 1)  # the leader hit the follower, and back


# -- the performer's zones and tokens after `x` -------------------------------------------------


def test_zone_quantities_count_the_performers_own_zone_when_the_repeat_starts() -> None:
    game = table()
    me, left, _ = game.players
    filler = kid("Filler", "glue", "score", "score")
    game.new_cards([filler] * 3, me.hand)
    game.new_cards([filler] * 2, left.yard)
    assert do(game, "score x hand") and me.vp == 3
    assert do(game, "gain toy x yard") and me.stuff[TOY] == 0  # my yard is empty: 0 times
    assert do(game, "each rival -> score x yard") and left.vp == 2
    game.new_cards([filler] * 5, me.deck)
    assert do(game, "draw x hand")  # counted once, when it starts: 3 draws, not 3 + 1 + 1...
    assert len(me.hand) == 6 and len(me.deck) == 2


def test_token_and_vp_quantities() -> None:
    game = table()
    p = game.players[0]
    game.give(p, PIZZA, 2)
    p.pack[PIZZA] = 1
    game.supply[PIZZA] -= 1
    assert do(game, "score x pizza") and p.vp == 3
    assert do(game, "score x vp") and p.vp == 6


# -- draw, lose, take, give ---------------------------------------------------------------------


def test_draw_takes_the_top_of_the_deck_and_never_reshuffles() -> None:
    game = table()
    p = game.players[0]
    a, b = kid("A", "glue", "score", "score"), kid("B", "book", "score", "score")
    game.new_cards([a, b], p.deck)
    game.new_card(a, p.discard)
    assert do(game, "draw") and [c.card for c in p.hand] == [b]  # the top: the list's end
    assert not do(game, "draw 2")  # one left: not in full, nothing drawn
    assert do(game, "draw 2", full=False) and len(p.hand) == 2 and len(p.discard) == 1


def test_lose_never_goes_below_zero() -> None:
    game = table()
    p = game.players[0]
    p.vp = 1
    assert not do(game, "lose 2") and p.vp == 1
    assert do(game, "lose 2", full=False) and p.vp == 0


def test_take_moves_tokens_from_a_chosen_rivals_stuff_within_r1_5() -> None:
    game = table(["1 pizza from player 3"])
    me, left, right = game.players
    game.give(right, PIZZA, 1)
    game.give(left, TOY, 1)
    assert do(game, "take pizza")  # only seat 2 has pizza: offered alone, not asked
    assert me.stuff[PIZZA] == 1 and right.stuff[PIZZA] == 0
    assert not do(game, "take 2 toy")  # seat 1 has one toy
    game.give(me, TOY, 4)
    assert not do(game, "take toy")  # no room in my stuff (R1.5)
    assert do(game, "take toy", full=False)  # in part: nothing moves
    assert me.stuff[TOY] == 4 and left.stuff[TOY] == 1


def test_give_moves_tokens_to_a_chosen_rival_with_room() -> None:
    game = table(["1 toy to player 2"])
    me, left, right = game.players
    game.give(me, TOY, 3)
    assert do(game, "give toy")  # both have room: the actor chooses
    (asked,) = game.asker.agents[0].seen
    assert [o.label for o in asked.options] == ["1 toy to player 2", "1 toy to player 3"]
    assert left.stuff[TOY] == 1
    game.give(left, TOY, 3)  # full now: cannot receive (R1.5), so seat 2 is the one option
    assert do(game, "give toy") and right.stuff[TOY] == 1 and len(game.asker.agents[0].seen) == 1
    assert not do(game, "give 2 toy")  # one toy left
    assert me.stuff[TOY] == 1


def test_tokens_are_conserved_by_every_construct() -> None:
    """Invariants (one zone per card, tokens conserved, capacities) hold after each move."""
    game = Game(4, debug=True, seed=3, asker=Seats([ScriptedAgent([0] * 50) for _ in range(4)]))
    for p in game.players:
        game.give(p, PIZZA, 2)
        game.give(p, TOY, 2)
        p.vp = 3
    for text in ("each player -> (give pizza then take toy)", "a rival -> take 2 pizza/toy",
                 "each rival -> (lose then gain toy x vp)", "if pizza < rival pizza -> take pizza"):
        do(game, text, full=False)


# -- the checker's bounds (E202) and E203 -------------------------------------------------------


def codes(text: str) -> list[str]:
    return [d.code for d in check(parse_action(text))]


def test_e202_counts_each_performer_of_a_target() -> None:
    body = "(recruit or destroy card or lookout)"
    assert codes(f"{body} x 2 then score") == []
    assert "E202" in codes(f"each player -> {body} x 4 then score")
    assert "E202" in codes("each player -> ((score x hand) x vp)")


def test_e200_multiplies_through_conditions_and_targets() -> None:
    assert "E200" in codes("(if toy >= 1 -> score 5) x 3")
    assert "E200" in codes("(each rival -> lose 4) x 3")
    assert codes("(if toy >= 1 -> score 2) x 3") == []


def test_e203_destroy_this_belongs_to_the_leader() -> None:
    (d,) = check(parse_action("each rival -> (lose then destroy this)"))
    assert d.code == "E203" and "R12.5" in d.message
    assert codes("each rival -> lose then destroy this") == []


def test_the_greedy_bot_aims_at_the_leading_rival_and_gives_to_the_last() -> None:
    from fortlang.games.fort.agents.bots import GreedyAgent

    game = Game(3, asker=Seats([GreedyAgent(1), GreedyAgent(2), GreedyAgent(3)]), debug=True)
    me, left, right = game.players
    left.vp, right.vp = 2, 5
    assert do(game, "a rival -> lose") and (left.vp, right.vp) == (2, 4)
    game.give(me, TOY, 1)
    assert do(game, "give toy") and (left.stuff[TOY], right.stuff[TOY]) == (1, 0)
